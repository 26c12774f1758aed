"""An edition of the exploding family as data: its cards, their effects and its setup."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaboom.engine.errors import BadInput

#: Card effects the kernel implements, one function each in ``state.py``.
EFFECTS = ("bomb", "defuse", "nope", "attack", "skip", "favor", "shuffle", "see-the-future", "cat")
#: Effects a card may be played for on its own, on its owner's turn.
PLAYED_ALONE = frozenset({"attack", "skip", "favor", "shuffle", "see-the-future"})
#: Effects that need a target seat when played alone.
TARGETED = frozenset({"favor"})

DATA_DIR = Path(__file__).parent


@dataclass(frozen=True, slots=True)
class Edition:
    """The cards and setup numbers of one edition; titles are indexed in file order."""

    id: str
    name: str
    summary: str
    min_players: int
    max_players: int
    hand_size: int
    defuses_per_player: int
    spare_defuses_back: int
    bombs_fewer_than_players: int
    slugs: tuple[str, ...]
    names: tuple[str, ...]
    counts: tuple[int, ...]
    effects: tuple[str, ...]
    texts: tuple[str, ...]

    @property
    def titles(self) -> int:
        return len(self.slugs)

    def title_of(self, slug: str) -> int:
        try:
            return self.slugs.index(slug)
        except ValueError:
            raise BadInput("card", f"one of {', '.join(self.slugs)}; got {slug!r}") from None

    def only(self, effect: str) -> int:
        """The title index of the single card with ``effect`` (bomb, defuse, nope)."""
        return self.effects.index(effect)

    @property
    def deck_size(self) -> int:
        return sum(self.counts)


def _field(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise BadInput(f"{where}.{key}", f"a {kind.__name__} (missing)")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadInput(f"{where}.{key}", f"a {kind.__name__}, got {value!r}")
    return value


def parse_edition(raw: dict[str, Any], source: str = "edition") -> Edition:
    """Validate an edition table (as read from TOML); errors name the field at fault."""
    head = raw.get("edition")
    if not isinstance(head, dict):
        raise BadInput(f"{source}: [edition]", "a table with id, name and setup numbers")
    cards = raw.get("card")
    if not isinstance(cards, list) or not cards:
        raise BadInput(f"{source}: [[card]]", "at least one card table")
    slugs: list[str] = []
    names: list[str] = []
    counts: list[int] = []
    effects: list[str] = []
    texts: list[str] = []
    for i, card in enumerate(cards):
        where = f"{source}: card[{i}]"
        slug = _field(card, "slug", str, where)
        if slug in slugs:
            raise BadInput(f"{where}.slug", f"a unique slug; {slug!r} appears twice")
        effect = _field(card, "effect", str, where)
        if effect not in EFFECTS:
            raise BadInput(f"{where}.effect", f"one of {', '.join(EFFECTS)}; got {effect!r}")
        count = _field(card, "count", int, where)
        if count < 0:
            raise BadInput(f"{where}.count", f"a count of 0 or more, got {count}")
        slugs.append(slug)
        names.append(_field(card, "name", str, where))
        counts.append(count)
        effects.append(effect)
        texts.append(str(card.get("text", "")))
    for needed in ("bomb", "defuse", "nope"):
        if effects.count(needed) != 1:
            raise BadInput(f"{source}: [[card]]", f"exactly one card with effect {needed!r}")
    where = f"{source}: edition"
    return Edition(
        id=_field(head, "id", str, where),
        name=_field(head, "name", str, where),
        summary=str(head.get("summary", "")),
        min_players=_field(head, "min_players", int, where),
        max_players=_field(head, "max_players", int, where),
        hand_size=_field(head, "hand_size", int, where),
        defuses_per_player=_field(head, "defuses_per_player", int, where),
        spare_defuses_back=_field(head, "spare_defuses_back", int, where),
        bombs_fewer_than_players=_field(head, "bombs_fewer_than_players", int, where),
        slugs=tuple(slugs),
        names=tuple(names),
        counts=tuple(counts),
        effects=tuple(effects),
        texts=tuple(texts),
    )


def load_edition(path: Path) -> Edition:
    """Read and validate an edition file."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise BadInput(str(path), f"valid TOML ({err})") from None
    return parse_edition(raw, path.name)
