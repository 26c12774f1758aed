"""The fields of a game of Exploding Kittens: The Board Game, declared once: ``python
tools/fields.py`` writes ``_fields.py`` (the slots, the copy ``clone`` makes, the JSON and
the checks that name a stored field of the wrong type or range) from this table. Each
field's value at the deal (``deal``, given by ``_deal_fields``) and its key in a rigged
table's setup (``rig``, read by ``_rig_fields``) are columns of the table; the constructor
(``core.BoardCore``) and ``record.BoardRecord.rig`` keep what is not a plain value."""

from kaboom.engine.errors import BadInput
from kaboom.engine.fields import Field, Fields

#: The phases (what kind of decision is due), by ``BoardCore.phase``.
PHASES = ("turn", "react", "choose", "landed", "swap-last", "discard-down", "place-magnet",
          "over")  # fmt: skip
#: The board's sides, by ``BoardCore.side``: "Make sure the Calm Mode (blue side) of the
#: board is showing" at setup; a flip turns it to Chaos Mode (red side).
SIDES = ("calm", "chaos")


# -- the readers of a rigged table's setup (docs/scenarios.md; the table's rig_read) ----------
def rigged_positions(positions: object, players: int, spaces: int) -> list[int]:
    """Each seat's space (0: the Litter Box); one character per space but the Litter Box."""
    if (
        not isinstance(positions, list)
        or len(positions) != players
        or any(isinstance(x, bool) or not isinstance(x, int) for x in positions)
        or any(not 0 <= x <= spaces for x in positions)
    ):
        raise BadInput("setup.positions", f"{players} spaces in 0..{spaces}")
    taken = [x for x in positions if x]
    if len(taken) != len(set(taken)):
        raise BadInput("setup.positions", "one character per space (but the Litter Box)")
    return list(positions)


def rigged_side(side: object, field: str) -> int:
    """The side up, by name."""
    if not isinstance(side, str) or side not in SIDES:
        raise BadInput(field, "calm or chaos")
    return SIDES.index(side)


def rigged_hands(hands: object, slugs: tuple[str, ...], players: int) -> list[list[int]]:
    """Each seat's Action Cards, by slug, as the cards held of each."""
    if not isinstance(hands, list) or len(hands) != players:
        raise BadInput("setup.hands", f"{players} lists of Action Cards")
    rows = [[0] * len(slugs) for _ in range(players)]
    for q, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise BadInput(f"setup.hands[{q}]", "a list of Action Cards")
        for i, slug in enumerate(hand):
            rows[q][rigged_index(slug, slugs, f"setup.hands[{q}][{i}]")] += 1
    return rows


def rigged_pile(pile: object, slugs: tuple[str, ...], field: str) -> list[int]:
    """A pile written top first, as the state keeps it (the top last)."""
    if not isinstance(pile, list):
        raise BadInput(field, f"a list, top first, of {', '.join(slugs)}")
    return [rigged_index(x, slugs, f"{field}[{i}]") for i, x in enumerate(pile)][::-1]


def rigged_index(slug: object, slugs: tuple[str, ...], where: str) -> int:
    """A card or disc, by slug."""
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, f"one of {', '.join(slugs)}")
    return slugs.index(slug)


_SEAT = "self.n - 1"
_CARD = "len(self.box.card_slugs) - 1"  # an Action Card
_DISC = "len(self.box.disc_slugs) - 1"  # a Move Disc
#: A window's play: the Action Card (never -1) and the seat it is aimed at (-1: none).
_CARD_PLAYED = f"checks.integer(p[0], 0, {_CARD}, 'state.window.play[0]')"
_PLAY = f"lambda w, p: ReactionWindow.from_json(w, ({_CARD_PLAYED}, p[1]))"

FIELDS = Fields(
    "BoardFields",
    "State",
    (
        Field("ids", "ActionIds", "shared", doc="the action ids of these seats"),
        Field(
            "positions",
            "list[int]",
            "ints",
            "positions",
            high="self.box.ribbon",
            length="self.n",
            doc="per seat, its square on the ribbon",
            deal="[0] * players",
            rig="positions",
            rig_read="rigged_positions({r}, self.n, self.box.spaces)",
            rig_default="[0] * self.n",
        ),
        Field(
            "side",
            "int",
            "int",
            "side",
            high="len(SIDES) - 1",
            doc="the board's side up",
            deal='SIDES.index("calm")',
            rig="side",
            rig_read="rigged_side({r}, {f})",
            rig_default='"calm"',
        ),
        Field(
            "hands",
            "list[list[int]]",
            "rows",
            "hands",
            high="MAX_CARDS",
            length="self.n",
            width="len(self.box.card_slugs)",
            doc="per seat, the Action Cards held of each",
            deal="[[0] * len(self.box.card_slugs) for _ in range(players)]",
            rig="hands",
            rig_read="rigged_hands({r}, self.box.card_slugs, self.n)",
            rig_default="[[] for _ in range(self.n)]",
        ),
        Field(
            "hand_sizes",
            "list[int]",
            "ints",
            doc="per seat, the cards held (from the hands)",
            deal="[0] * players",
        ),
        Field(
            "action_deck",
            "list[int]",
            "ints",
            "action_deck",
            high=_CARD,
            doc="the top last",
            deal="[]",
            rig="action_deck",
            rig_read="rigged_pile({r}, self.box.card_slugs, {f})",
            rig_default="[]",
        ),
        Field(
            "action_discard",
            "list[int]",
            "ints",
            "action_discard",
            high=_CARD,
            deal="[]",
            rig="action_discard",
            rig_read="rigged_pile({r}, self.box.card_slugs, {f})",
            rig_default="[]",
        ),
        Field(
            "move_deck",
            "list[int]",
            "ints",
            "move_deck",
            high=_DISC,
            doc="the top last",
            deal="[]",
            rig="move_deck",
            rig_read="rigged_pile({r}, self.box.disc_slugs, {f})",
            rig_default="[]",
        ),
        Field(
            "move_discard",
            "list[int]",
            "ints",
            "move_discard",
            high=_DISC,
            deal="[]",
            rig="move_discard",
            rig_read="rigged_pile({r}, self.box.disc_slugs, {f})",
            rig_default="[]",
        ),
        Field(
            "magnets_aside",
            "int",
            "int",
            "magnets_aside",
            high="MAX_CARDS",
            deal="self.box.disc_counts[self.box.magnet]",
            rig="magnets_aside",
            rig_read="checks.integer({r}, 0, self.magnets_aside, {f})",
            rig_default="self.magnets_aside",
        ),
        Field(
            "current",
            "int",
            "int",
            "current",
            high=_SEAT,
            deal="0",
            rig="current",
            rig_read="checks.integer({r}, 0, self.n - 1, {f})",
            rig_default="0",
        ),
        Field("actor", "int", "int", "actor", low="-1", high=_SEAT, deal="0"),
        Field(
            "turns_owed",
            "int",
            "int",
            "turns_owed",
            high="checks.MAX_COUNTER",
            deal="1",
            rig="turns_owed",
            rig_read="checks.integer({r}, 1, 99, {f})",
            rig_default="1",
        ),
        Field(
            "attacked",
            "bool",
            "flag",
            "attacked",
            deal="False",
            rig="attacked",
            rig_read="checks.flag({r}, {f})",
            rig_default="self.turns_owed > 1",
        ),
        Field("phase", "int", "int", "phase", high="len(PHASES) - 1", deal='PHASES.index("turn")'),
        Field(
            "window",
            "ReactionWindow[tuple[int, int]] | None",
            "window",
            "window",
            high=f"max({_CARD}, {_SEAT})",
            length="2",
            make=_PLAY,
            doc="the Action Card waiting on its reaction window (docs/rulings.md §1)",
            deal="None",
        ),
        Field(
            "disc_to_choose",
            "int",
            "int",
            "disc_to_choose",
            low="-1",
            high=_DISC,
            doc='a purple disc waiting for "move" or "flip", or -1',
            deal="-1",
        ),
        Field(
            "known_move_deck",
            "list[dict[int, int]]",
            "seat_maps",
            "known_move_deck",
            high=_DISC,
            length="self.n",
            doc="per seat, the Move Discs it has seen in the Move Deck: index -> disc",
            deal="[{} for _ in range(players)]",
        ),
        Field(
            "known_move_runs",
            "list[Runs]",
            "seat_runs",
            "known_move_runs",
            high=_DISC,
            length="self.n",
            default="[[] for _ in range(self.n)]",
            doc="per seat, runs of Move Discs seen in order, places lost: top first",
            deal="[[] for _ in range(players)]",
        ),
        Field("winner", "int", "int", "winner", low="-1", high=_SEAT, deal="-1"),
        Field("turns", "int", "int", "turns", high="checks.MAX_COUNTER", deal="0"),
    ),
    imports=(
        "from kaboom.engine.datafile import MAX_CARDS",
        "from kaboom.engine.pile_memory import Runs",
        "from kaboom.engine.state import State",
        "from kaboom.games._nope import ReactionWindow",
        "from kaboom.games.board.actions import ActionIds",
        "from kaboom.games.board.data import Box",
        "from kaboom.games.board.fields import (",
        "    PHASES, SIDES, rigged_hands, rigged_pile, rigged_positions, rigged_side",
        ")",
    ),
    declarations=("box: ClassVar[Box]",),
)
