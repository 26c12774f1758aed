"""The Eleminis deck as data: cards, what each Elemini beats, and the scoring table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaboom._paths import package_dir
from kaboom.engine.datafile import (
    MAX_CARDS,
    GameHeader,
    number,
    read_card,
    read_header,
    read_toml,
    unique,
)
from kaboom.engine.errors import BadInput
from kaboom.i18n import _

KINDS = ("elemini", "star", "trash", "move", "swap", "discard", "recycle")
#: Cards that go into slots; the others are action cards.
CHARACTERS = frozenset({"elemini", "star", "trash"})
SCORES = ("unique", "duplicate", "star", "trash", "winning_row")
DATA = package_dir("kaboom.games.eleminis") / "eleminis.toml"
#: Bounds no deck file can lift: slots in a row, points of a scoring entry.
MAX_SLOTS = 10
MAX_SCORE = 1000


@dataclass(frozen=True)
class Deck:
    """The cards of the game (titles in file order) and its numbers."""

    #: The ``[game]`` table: id, name, summary and seats.
    header: GameHeader
    slots: int
    slugs: tuple[str, ...]
    names: tuple[str, ...]
    counts: tuple[int, ...]
    kinds: tuple[str, ...]
    #: Per title, its field-guide text (empty where the file gives none).
    texts: tuple[str, ...]
    beats: tuple[frozenset[int], ...]  # per title: the Eleminis it may replace
    scoring: tuple[tuple[str, int], ...]

    @property
    def id(self) -> str:
        return self.header.id

    @property
    def size(self) -> int:
        return sum(self.counts)

    def title_of(self, slug: str) -> int:
        try:
            return self.slugs.index(slug)
        except ValueError:
            raise BadInput(
                "card",
                _("one of {names}; got {slug!r}").format(names=", ".join(self.slugs), slug=slug),
            ) from None

    def score(self, name: str) -> int:
        """The points of the scoring entry ``name`` (read along the table: a dict of it,
        made at each call, was most of a row's scoring)."""
        for entry, points in self.scoring:
            if entry == name:
                return points
        raise KeyError(name)

    @property
    def eleminis(self) -> tuple[int, ...]:
        return tuple(t for t, k in enumerate(self.kinds) if k == "elemini")


def parse_deck(raw: dict[str, Any], source: str) -> Deck:
    """Validate a deck table (as read from TOML); errors name the field."""
    head, cards, scoring = raw.get("game"), raw.get("card"), raw.get("scoring")
    if not isinstance(head, dict):
        raise BadInput(f"{source}: [game]", _("a table with id, name, players and slots"))
    if not isinstance(cards, list) or not cards:
        raise BadInput(f"{source}: [[card]]", _("at least one card table"))
    if not isinstance(scoring, dict):
        raise BadInput(
            f"{source}: [scoring]", _("a table with {names}").format(names=", ".join(SCORES))
        )
    titles = [read_card(c, f"{source}: card[{i}]", "kind", KINDS) for i, c in enumerate(cards)]
    slugs = [c.slug for c in titles]
    unique(slugs, f"{source}: [[card]]", "card slugs")
    beats = _beats([c.get("beats", []) for c in cards], [c.kind for c in titles], slugs, source)
    where = f"{source}: game"
    header = read_header(head, where)
    slots = number(head, "slots", where, 1, MAX_SLOTS)
    total = sum(c.count for c in titles)
    if not header.max_players * slots <= total <= MAX_CARDS:
        why = _("{n} to {most} cards ({total}): enough to fill every slot of {players} players")
        raise BadInput(
            f"{source}: [[card]]",
            why.format(
                n=header.max_players * slots,
                most=MAX_CARDS,
                total=total,
                players=header.max_players,
            ),
        )
    return Deck(
        header=header,
        slots=slots,
        slugs=tuple(slugs),
        names=tuple(c.name for c in titles),
        counts=tuple(c.count for c in titles),
        kinds=tuple(c.kind for c in titles),
        texts=tuple(c.text for c in titles),
        beats=tuple(beats),
        scoring=tuple(
            (k, number(scoring, k, f"{source}: scoring", -MAX_SCORE, MAX_SCORE)) for k in SCORES
        ),
    )


def _beats(
    named: list[object], kinds: list[str], slugs: list[str], source: str
) -> list[frozenset[int]]:
    """What each card beats (``named``: each card's ``beats``): card slugs, Eleminis only."""
    beats: list[frozenset[int]] = []
    for i, names in enumerate(named):
        if not isinstance(names, list) or any(n not in slugs for n in names):
            raise BadInput(
                f"{source}: card[{i}].beats",
                _("a list of card slugs; got {names!r}").format(names=names),
            )
        beats.append(frozenset(slugs.index(n) for n in names))
    for i, b in enumerate(beats):
        if any(kinds[t] != "elemini" for t in b):
            raise BadInput(f"{source}: card[{i}].beats", _("Eleminis only"))
    return beats


def load_deck(path: Path = DATA) -> Deck:
    return parse_deck(read_toml(path), path.name)
