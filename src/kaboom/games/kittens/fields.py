"""The fields of a game of an exploding-family edition, declared once: ``python
tools/fields.py`` writes ``_fields.py`` (the slots, the copy ``clone`` makes, the JSON and
the checks that name a stored field of the wrong type or range) from this table. The
constructor (``core.KittensCore``) gives each field its value at the deal."""

from kaboom.engine.fields import Field, Fields

#: The phases (whose decision it is, and of what kind), by the names the JSON stores.
PHASES = ("turn", "react", "give", "exploding", "place", "take", "over")

_CARD = "self.edition.titles - 1"  # a title index
_SEAT = "self.n - 1"

FIELDS = Fields(
    "KittensFields",
    "State",
    (
        Field("five_on", "bool", "flag", doc="the five_different option"),
        Field("table", "ActionTable", "shared", doc="the action table of these seats"),
        Field(
            "hands",
            "list[list[int]]",
            "rows",
            "hands",
            high="MAX_CARDS",
            length="self.n",
            width="self.edition.titles",
            doc="per seat, the cards held of each title",
        ),
        Field("sizes", "list[int]", "ints", doc="per seat, the cards held (from the hands)"),
        Field(
            "ranks_held",
            "list[list[int]]",
            "rows",
            doc="per seat, the cards held per rank",
            copy="other.hands if not self.table.grouped else [list(r) for r in self.ranks_held]",
        ),
        Field("pile", "list[int]", "ints", "pile", high=_CARD, doc="the Draw Pile, bottom first"),
        Field(
            "discard",
            "list[int]",
            "ints",
            "discard",
            high=_CARD,
            doc="the Discard Pile, bottom first",
        ),
        Field(
            "out_of_game",
            "list[int]",
            "ints",
            "out_of_game",
            high=_CARD,
            doc="out of the game face up: everyone knows them",
        ),
        Field(
            "out_of_game_face_down",
            "list[int]",
            "ints",
            "out_of_game_face_down",
            high=_CARD,
            doc="out of the game face down: nobody knows them",
        ),
        Field("alive", "list[bool]", "flags", "alive", length="self.n"),
        Field("current", "int", "int", "current", high=_SEAT),
        Field(
            "turns_owed",
            "int",
            "int",
            "turns_owed",
            high="checks.MAX_COUNTER",
            doc="turns the current player owes, the current one included",
        ),
        Field(
            "attacked", "bool", "flag", "attacked", doc="whether those turns came from an Attack"
        ),
        Field("phase", "int", "name", "phase", names="PHASES"),
        Field("actor", "int", "int", "actor", low="-1", high=_SEAT),
        Field(
            "window",
            "ReactionWindow[Spec] | None",
            "window",
            "window",
            high="max(self.edition.titles, 1 << self.edition.titles, self.n)",
            length="len(Spec._fields)",
            make="lambda w, p: ReactionWindow.from_json(w, Spec(*p))",
            doc="the play waiting on its reaction window (docs/rulings.md §1), or None",
        ),
        Field(
            "known_pile",
            "list[dict[int, int]]",
            "seat_maps",
            "known_pile",
            high=_CARD,
            length="self.n",
            doc="per seat, the Draw Pile cards it has seen: index -> title",
        ),
        Field(
            "known_runs",
            "list[Runs]",
            "seat_runs",
            "known_runs",
            high=_CARD,
            length="self.n",
            default="[[] for _ in range(self.n)]",
            doc="per seat, runs of Draw Pile cards seen in order, places lost: top first",
        ),
        Field(
            "known_hands",
            "dict[tuple[int, int, int], int]",
            "counts_by_key",
            "known_hands",
            low="-1",
            high="max(MAX_CARDS, self.edition.titles)",
            doc="cards an observer knows a holder holds: (observer, holder, title) -> count",
        ),
        Field("turns", "int", "int", "turns", high="checks.MAX_COUNTER"),
        Field("winner", "int", "int", "winner", low="-1", high=_SEAT),
        Field(
            "drawn_bomb",
            "int",
            "int",
            "drawn_bomb",
            low="-1",
            high=_CARD,
            doc="the bomb drawn and not yet put back, or -1",
        ),
        Field(
            "rigged",
            "tuple[int, ...] | None",
            "optional_counts",
            "rigged",
            high="MAX_COPIES",
            length="self.edition.titles",
            default="None",
            doc="the cards per title of a table laid out by hand (public), or None",
        ),
        Field(
            "absent",
            "set[tuple[int, int]]",
            "pairs",
            "absent",
            high="max(self.n, len(self.table.rslug))",
            default="[]",
            doc="(holder, rank): seen missing by a Three of a Kind, nothing gained since",
        ),
    ),
    imports=(
        "from kaboom.engine.datafile import MAX_CARDS, MAX_COPIES",
        "from kaboom.engine.pile_memory import Runs",
        "from kaboom.engine.state import State",
        "from kaboom.games._nope import ReactionWindow",
        "from kaboom.games.kittens.actions import ActionTable, Spec",
        "from kaboom.games.kittens.edition import Edition",
        "from kaboom.games.kittens.fields import PHASES",
    ),
    declarations=("edition: ClassVar[Edition]",),
)
