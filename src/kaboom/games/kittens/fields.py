"""The fields of a game of an exploding-family edition: the table from which ``python
tools/fields.py`` writes ``_fields.py`` (``kaboom.engine.fields`` says what it gives). The
constructor (``core.KittensCore``) and ``record.KittensRecord.rig`` keep what is not a plain
value."""

from kaboom.engine import fields as shared
from kaboom.engine.errors import BadInput
from kaboom.engine.fields import Field, Fields
from kaboom.games._nope import fields as nope
from kaboom.i18n import _, ngettext

#: The phases (whose decision it is, and of what kind), by the names the JSON stores.
PHASES = ("turn", "react", "give", "exploding", "place", "take", "over")


# -- the readers of a rigged table's setup (docs/scenarios.md; the table's rig_read) ----------
def rigged_cards(cards: object, slugs: tuple[str, ...], field: str) -> list[int]:
    """A list of card names, as title indices, in the order written."""
    if not isinstance(cards, list):
        raise BadInput(field, _("a list of card names"))
    out = []
    for i, slug in enumerate(cards):
        if not isinstance(slug, str) or slug not in slugs:
            raise BadInput(
                f"{field}[{i}]", _("a card, one of {known}").format(known=", ".join(slugs))
            )
        out.append(slugs.index(slug))
    return out


def rigged_hands(hands: object, slugs: tuple[str, ...], players: int) -> list[list[int]]:
    """One list of card names per seat, as the cards held of each title."""
    if not isinstance(hands, list) or len(hands) != players:
        raise BadInput(
            "setup.hands",
            ngettext(
                "a list of {n} hand (one per seat)", "a list of {n} hands (one per seat)", players
            ).format(n=players),
        )
    rows = [[0] * len(slugs) for _i in range(players)]
    for seat, hand in enumerate(hands):
        for t in rigged_cards(hand, slugs, f"setup.hands[{seat}]"):
            rows[seat][t] += 1
    return rows


def rigged_flag(value: object, field: str) -> bool:
    """A bool."""
    if not isinstance(value, bool):
        raise BadInput(field, _("true or false"))
    return value


_CARD = "self.edition.titles - 1"  # a title index
#: A pile rigged as a list of card names (the Draw and Discard Piles: top first, reversed).
_RIGGED = "rigged_cards({r}, self.edition.slugs, {f})"

FIELDS = Fields(
    "KittensFields",
    "State",
    (
        Field(
            "five_on",
            "bool",
            "flag",
            doc="the five_different option",
            deal='bool(options.get("five_different", False))',
        ),
        Field("table", "ActionTable", "shared", doc="the action table of these seats"),
        shared.hands(
            "self.edition.titles",
            "rigged_hands({r}, self.edition.slugs, self.n)",
            "per seat, the cards held of each title",
        ),
        shared.hand_sizes("sizes"),
        Field(
            "ranks_held",
            "list[list[int]]",
            "rows",
            doc="per seat, the cards held per rank",
            copy="other.hands if not self.table.grouped else [list(r) for r in self.ranks_held]",
        ),
        shared.pile("pile", _CARD, "draw_pile", _RIGGED + "[::-1]", "the Draw Pile, bottom first"),
        shared.pile(
            "discard", _CARD, "discard_pile", _RIGGED + "[::-1]", "the Discard Pile, bottom first"
        ),
        shared.pile(
            "out_of_game",
            _CARD,
            "out_of_game",
            _RIGGED,
            "out of the game face up: everyone knows them",
        ),
        shared.pile(
            "out_of_game_face_down",
            _CARD,
            "removed",
            _RIGGED,
            "out of the game face down: nobody knows them",
        ),
        Field(
            "alive",
            "list[bool]",
            "flags",
            "alive",
            length="self.n",
            deal="[True] * players",
            rig="alive",
            rig_read="checks.flags({r}, {f}, self.n)",
            rig_default="[True] * self.n",
        ),
        shared.current(),
        nope.turns_owed(),
        nope.attacked("rigged_flag({r}, {f})"),
        Field("phase", "int", "name", "phase", names="PHASES", deal='PHASES.index("turn")'),
        shared.actor(),
        nope.window(
            "Spec",
            "max(self.edition.titles, 1 << self.edition.titles, self.n)",
            "len(Spec._fields)",
            "lambda w, p: ReactionWindow.from_json(w, Spec(*p))",
            "the play waiting on its reaction window (docs/rulings.md §1), or None",
        ),
        shared.seen_places(
            "known_pile", _CARD, "per seat, the Draw Pile cards it has seen: index -> title"
        ),
        shared.seen_runs(
            "known_runs",
            _CARD,
            "per seat, runs of Draw Pile cards seen in order, places lost: top first",
        ),
        Field(
            "known_hands",
            "dict[tuple[int, int, int], int]",
            "counts_by_key",
            "known_hands",
            low="-1",
            high="max(MAX_CARDS, self.edition.titles)",
            doc="cards an observer knows a holder holds: (observer, holder, title) -> count",
            deal="{}",
        ),
        shared.turns(),
        shared.winner(),
        Field(
            "drawn_bomb",
            "int",
            "int",
            "drawn_bomb",
            low="-1",
            high=_CARD,
            doc="the bomb drawn and not yet put back, or -1",
            deal="-1",
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
            deal="None",
        ),
        Field(
            "absent",
            "set[tuple[int, int]]",
            "pairs",
            "absent",
            high="max(self.n, len(self.table.rslug))",
            default="[]",
            doc="(holder, rank): seen missing by a Three of a Kind, nothing gained since",
            deal="set()",
        ),
    ),
    imports=(
        "from kaboom.engine.datafile import MAX_CARDS, MAX_COPIES",
        "from kaboom.engine.pile_memory import Runs",
        "from kaboom.engine.state import State",
        "from kaboom.games._nope import ReactionWindow",
        "from kaboom.games.kittens.actions import ActionTable, Spec",
        "from kaboom.games.kittens.edition import Edition",
        "from kaboom.games.kittens.fields import PHASES, rigged_cards, rigged_flag, rigged_hands",
    ),
    declarations=("edition: ClassVar[Edition]",),
)
