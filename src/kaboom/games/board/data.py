"""The board game's box as data: both sides of the board, the Move Discs, the Action Cards."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaboom._paths import package_dir
from kaboom.engine.datafile import (
    MAX_CARDS,
    MAX_COPIES,
    Card,
    GameHeader,
    field,
    number,
    read_card,
    read_header,
    read_toml,
    unique,
)
from kaboom.engine.errors import BadInput
from kaboom.engine.parsing import ascii_number
from kaboom.i18n import _

DATA = package_dir("kaboom.games.board") / "board.toml"
#: Bounds no box file can lift: spaces on the track, |points| of a space, cards in a hand.
MAX_SPACES = 200
MAX_VALUE = 1000
MAX_HAND = 20
DISC_KINDS = ("move", "move-or-flip", "flip-then-move", "cut-the-line", "magnet")
EFFECTS = ("defuse", "nope", "flip", "skip", "magnet", "see-the-future", "shuffle", "swap",
           "attack")  # fmt: skip


@dataclass(frozen=True)
class Side:
    """One side of the board: its Exploding Kitten spaces and what each space is worth."""

    kittens: frozenset[int]
    values: tuple[int, ...]  # per space 0..ribbon; 0 for the Litter Box, kittens, the Ribbon


@dataclass(frozen=True)
class Box:
    """Everything in the box: the game's header, the setup numbers, both sides of the
    board, the Move Discs and the Action Cards (each list indexed alike)."""

    header: GameHeader
    hand_size: int
    empty_hand_draw: int
    explode_keep: int
    spaces: int
    loop_back_to: int
    sides: tuple[Side, Side]  # calm, chaos
    disc_slugs: tuple[str, ...]
    disc_kinds: tuple[str, ...]
    disc_steps: tuple[int, ...]
    disc_counts: tuple[int, ...]
    card_slugs: tuple[str, ...]
    card_names: tuple[str, ...]
    card_counts: tuple[int, ...]
    card_effects: tuple[str, ...]
    #: Per Action Card, its field-guide text (empty where the file gives none).
    card_texts: tuple[str, ...] = ()

    @property
    def ribbon(self) -> int:
        return self.spaces + 1

    @property
    def magnet(self) -> int:
        return self.disc_kinds.index("magnet")

    def card(self, effect: str) -> int:
        return self.card_effects.index(effect)

    def next_space(self, space: int) -> int:
        """One step along the track; after the Ribbon the Loop Back Arrow leads back."""
        return self.loop_back_to if space == self.ribbon else space + 1


def _side(raw: Any, spaces: int, where: str) -> Side:
    if not isinstance(raw, dict):
        raise BadInput(where, _("a table with kittens, value and values"))
    kittens = field(raw, "kittens", list, where)
    if any(isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= spaces for k in kittens):
        raise BadInput(f"{where}.kittens", _("spaces in 1..{spaces}").format(spaces=spaces))
    default = number(raw, "value", where, -MAX_VALUE, MAX_VALUE)
    values = [0] + [default] * spaces + [0]
    given = raw.get("values", {})
    if not isinstance(given, dict):
        raise BadInput(
            f"{where}.values", _("a table of space = number, got {given!r}").format(given=given)
        )
    for key in given:
        space = ascii_number(str(key))
        if space is None or not 1 <= space <= spaces:
            raise BadInput(
                f"{where}.values.{key}",
                _("a space in 1..{spaces} = a number").format(spaces=spaces),
            )
        values[space] = number(given, key, f"{where}.values", -MAX_VALUE, MAX_VALUE)
    for k in kittens:
        values[k] = 0
    return Side(frozenset(kittens), tuple(values))


def _disc(disc: Any, spaces: int, where: str) -> None:
    """One Move Disc: its kind, slug, count and steps (a disc that moves goes 1 to
    ``spaces + 1`` steps; the others 0 to ``spaces + 1``)."""
    if not isinstance(disc, dict) or disc.get("kind") not in DISC_KINDS:
        raise BadInput(f"{where}.kind", _("one of {names}").format(names=", ".join(DISC_KINDS)))
    field(disc, "slug", str, where)
    moves = disc["kind"] in ("move", "move-or-flip", "flip-then-move")
    number(disc, "steps", where, 1 if moves else 0, spaces + 1)
    number(disc, "count", where, 0, MAX_COPIES)


def parse_box(raw: dict[str, Any], source: str) -> Box:
    """Validate a box table (as read from TOML); errors name the field."""
    head, board = raw.get("game"), raw.get("board")
    where = f"{source}: game"
    if not isinstance(head, dict):
        raise BadInput(f"{source}: [game]", _("a table with id, name and players"))
    if not isinstance(board, dict):
        raise BadInput(f"{source}: [board]", _("a table with spaces, loop_back_to, calm, chaos"))
    spaces = number(board, "spaces", f"{source}: board", 1, MAX_SPACES)
    loop = field(board, "loop_back_to", int, f"{source}: board")
    if not 1 <= loop <= spaces:
        raise BadInput(
            f"{source}: board.loop_back_to", _("a space in 1..{spaces}").format(spaces=spaces)
        )
    discs, actions = _discs_and_cards(raw, source, spaces)
    kinds = [d["kind"] for d in discs]
    effects = [c.kind for c in actions]
    header = read_header(head, where)
    hand_size = number(head, "hand_size", where, 0, MAX_HAND)
    magnets = sum(d["count"] for d in discs if d["kind"] == "magnet")
    disc_counts = [d["count"] for d in discs]
    _check_totals(actions, (sum(disc_counts), magnets), (header.max_players, hand_size), source)
    return Box(
        header=header,
        hand_size=hand_size,
        empty_hand_draw=number(head, "empty_hand_draw", where, 0, MAX_HAND),
        explode_keep=number(head, "explode_keep", where, 0, MAX_HAND),
        spaces=spaces,
        loop_back_to=loop,
        sides=(
            _side(board.get("calm"), spaces, f"{source}: board.calm"),
            _side(board.get("chaos"), spaces, f"{source}: board.chaos"),
        ),
        disc_slugs=tuple(d["slug"] for d in discs),
        disc_kinds=tuple(kinds),
        disc_steps=tuple(d["steps"] for d in discs),
        disc_counts=tuple(d["count"] for d in discs),
        card_slugs=tuple(c.slug for c in actions),
        card_names=tuple(c.name for c in actions),
        card_counts=tuple(c.count for c in actions),
        card_effects=tuple(effects),
        card_texts=tuple(c.text for c in actions),
    )


def _discs_and_cards(
    raw: dict[str, Any], source: str, spaces: int
) -> tuple[list[dict[str, Any]], list[Card]]:
    """The Move Discs (one Danger Magnet among them) and the Action Cards (one Defuse, one
    Nope), each with a slug of its own."""
    discs, cards = raw.get("disc"), raw.get("card")
    if not isinstance(discs, list) or not discs:
        raise BadInput(f"{source}: [[disc]]", _("the Move Discs"))
    if not isinstance(cards, list) or not cards:
        raise BadInput(f"{source}: [[card]]", _("the Action Cards"))
    for i, d in enumerate(discs):
        _disc(d, spaces, f"{source}: disc[{i}]")
    actions = [read_card(c, f"{source}: card[{i}]", "effect", EFFECTS) for i, c in enumerate(cards)]
    unique([d["slug"] for d in discs], f"{source}: [[disc]]", "disc slugs")
    unique([c.slug for c in actions], f"{source}: [[card]]", "card slugs")
    if [d["kind"] for d in discs].count("magnet") != 1:
        raise BadInput(f"{source}: [[disc]]", _("exactly one disc of kind 'magnet'"))
    effects = [c.kind for c in actions]
    for effect in ("defuse", "nope"):
        if effects.count(effect) != 1:
            raise BadInput(
                f"{source}: [[card]]",
                _("exactly one card with effect {effect!r}").format(effect=effect),
            )
    return discs, actions


def _check_totals(
    actions: list[Card], discs: tuple[int, int], dealt: tuple[int, int], source: str
) -> None:
    """Not too many cards and discs in all; enough Action Cards to deal every hand
    (``dealt``: the most players and the hand size); a Move Disc besides the Magnets
    (``discs``: how many discs, how many of them Magnets)."""
    (disc_total, magnets), card_total = discs, sum(c.count for c in actions)
    if card_total > MAX_CARDS or disc_total > MAX_CARDS:
        raise BadInput(
            f"{source}: cards",
            _("at most {most} Action Cards and Move Discs").format(most=MAX_CARDS),
        )
    players, hand_size = dealt
    if card_total < players * hand_size:
        where = f"{source}: game.hand_size"
        raise BadInput(
            where, _("hands the Action Cards can deal to {players} players").format(players=players)
        )
    if disc_total - magnets < 1:
        raise BadInput(
            f"{source}: [[disc]]", _("at least one Move Disc besides the Danger Magnets")
        )


def load_box(path: Path = DATA) -> Box:
    return parse_box(read_toml(path), path.name)
