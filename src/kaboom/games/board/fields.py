"""The fields of a game of Exploding Kittens: The Board Game, declared once: ``python
tools/fields.py`` writes ``_fields.py`` (the slots, the copy ``clone`` makes, the JSON and
the checks that name a stored field of the wrong type or range) from this table. The
constructor (``core.BoardCore``) gives each field its value at the deal."""

from kaboom.engine.fields import Field, Fields

#: The phases (what kind of decision is due), by ``BoardCore.phase``.
PHASES = ("turn", "react", "choose", "landed", "swap-last", "discard-down", "place-magnet",
          "over")  # fmt: skip
#: The board's sides, by ``BoardCore.side``: "Make sure the Calm Mode (blue side) of the
#: board is showing" at setup; a flip turns it to Chaos Mode (red side).
SIDES = ("calm", "chaos")

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
        ),
        Field("side", "int", "int", "side", high="len(SIDES) - 1", doc="the board's side up"),
        Field(
            "hands",
            "list[list[int]]",
            "rows",
            "hands",
            high="MAX_CARDS",
            length="self.n",
            width="len(self.box.card_slugs)",
            doc="per seat, the Action Cards held of each",
        ),
        Field("hand_sizes", "list[int]", "ints", doc="per seat, the cards held (from the hands)"),
        Field("action_deck", "list[int]", "ints", "action_deck", high=_CARD, doc="the top last"),
        Field("action_discard", "list[int]", "ints", "action_discard", high=_CARD),
        Field("move_deck", "list[int]", "ints", "move_deck", high=_DISC, doc="the top last"),
        Field("move_discard", "list[int]", "ints", "move_discard", high=_DISC),
        Field("magnets_aside", "int", "int", "magnets_aside", high="MAX_CARDS"),
        Field("current", "int", "int", "current", high=_SEAT),
        Field("actor", "int", "int", "actor", low="-1", high=_SEAT),
        Field("turns_owed", "int", "int", "turns_owed", high="checks.MAX_COUNTER"),
        Field("attacked", "bool", "flag", "attacked"),
        Field("phase", "int", "int", "phase", high="len(PHASES) - 1"),
        Field(
            "window",
            "ReactionWindow[tuple[int, int]] | None",
            "window",
            "window",
            high=f"max({_CARD}, {_SEAT})",
            length="2",
            make=_PLAY,
            doc="the Action Card waiting on its reaction window (docs/rulings.md §1)",
        ),
        Field(
            "disc_to_choose",
            "int",
            "int",
            "disc_to_choose",
            low="-1",
            high=_DISC,
            doc='a purple disc waiting for "move" or "flip", or -1',
        ),
        Field(
            "known_move_deck",
            "list[dict[int, int]]",
            "seat_maps",
            "known_move_deck",
            high=_DISC,
            length="self.n",
            doc="per seat, the Move Discs it has seen in the Move Deck: index -> disc",
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
        ),
        Field("winner", "int", "int", "winner", low="-1", high=_SEAT),
        Field("turns", "int", "int", "turns", high="checks.MAX_COUNTER"),
    ),
    imports=(
        "from kaboom.engine.datafile import MAX_CARDS",
        "from kaboom.engine.pile_memory import Runs",
        "from kaboom.engine.state import State",
        "from kaboom.games._nope import ReactionWindow",
        "from kaboom.games.board.actions import ActionIds",
        "from kaboom.games.board.data import Box",
        "from kaboom.games.board.fields import PHASES, SIDES",
    ),
    declarations=("box: ClassVar[Box]",),
)
