"""The fields of a game of Exploding Kittens: The Board Game: the table from which ``python
tools/fields.py`` writes ``_fields.py`` (``kaboom.engine.fields`` says what it gives). The
constructor (``core.BoardCore``) and ``record.BoardRecord.rig`` keep what is not a plain
value."""

from kaboom.engine import fields as shared
from kaboom.engine.errors import BadInput
from kaboom.engine.fields import Field, Fields
from kaboom.games._nope import fields as nope
from kaboom.i18n import _

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
        raise BadInput(
            "setup.positions",
            _("{players} spaces in 0..{spaces}").format(players=players, spaces=spaces),
        )
    taken = [x for x in positions if x]
    if len(taken) != len(set(taken)):
        raise BadInput("setup.positions", _("one character per space (but the Litter Box)"))
    return list(positions)


def rigged_side(side: object, field: str) -> int:
    """The side up, by name."""
    if not isinstance(side, str) or side not in SIDES:
        raise BadInput(field, _("calm or chaos"))
    return SIDES.index(side)


def rigged_hands(hands: object, slugs: tuple[str, ...], players: int) -> list[list[int]]:
    """Each seat's Action Cards, by slug, as the cards held of each."""
    if not isinstance(hands, list) or len(hands) != players:
        raise BadInput("setup.hands", _("{players} lists of Action Cards").format(players=players))
    rows = [[0] * len(slugs) for _ in range(players)]
    for q, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise BadInput(f"setup.hands[{q}]", _("a list of Action Cards"))
        for i, slug in enumerate(hand):
            rows[q][rigged_index(slug, slugs, f"setup.hands[{q}][{i}]")] += 1
    return rows


def rigged_pile(pile: object, slugs: tuple[str, ...], field: str) -> list[int]:
    """A pile written top first, as the state keeps it (the top last)."""
    if not isinstance(pile, list):
        raise BadInput(field, _("a list, top first, of {names}").format(names=", ".join(slugs)))
    return [rigged_index(x, slugs, f"{field}[{i}]") for i, x in enumerate(pile)][::-1]


def rigged_index(slug: object, slugs: tuple[str, ...], where: str) -> int:
    """A card or disc, by slug."""
    if not isinstance(slug, str) or slug not in slugs:
        raise BadInput(where, _("one of {names}").format(names=", ".join(slugs)))
    return slugs.index(slug)


_CARD = "len(self.box.card_slugs) - 1"  # an Action Card
_DISC = "len(self.box.disc_slugs) - 1"  # a Move Disc
#: A deck or discard pile rigged as a list of slugs, top first.
_CARDS = "rigged_pile({r}, self.box.card_slugs, {f})"
_DISCS = "rigged_pile({r}, self.box.disc_slugs, {f})"
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
        shared.hands(
            "len(self.box.card_slugs)",
            "rigged_hands({r}, self.box.card_slugs, self.n)",
            "per seat, the Action Cards held of each",
        ),
        shared.hand_sizes("hand_sizes"),
        shared.pile("action_deck", _CARD, "action_deck", _CARDS, "the top last"),
        shared.pile("action_discard", _CARD, "action_discard", _CARDS),
        shared.pile("move_deck", _DISC, "move_deck", _DISCS, "the top last"),
        shared.pile("move_discard", _DISC, "move_discard", _DISCS),
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
        shared.current(),
        shared.actor(),
        nope.turns_owed(),
        nope.attacked(),
        Field("phase", "int", "int", "phase", high="len(PHASES) - 1", deal='PHASES.index("turn")'),
        nope.window(
            "tuple[int, int]",
            f"max({_CARD}, {shared.SEAT})",
            "2",
            _PLAY,
            "the Action Card waiting on its reaction window (docs/rulings.md §1)",
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
        shared.seen_places(
            "known_move_deck",
            _DISC,
            "per seat, the Move Discs it has seen in the Move Deck: index -> disc",
        ),
        shared.seen_runs(
            "known_move_runs",
            _DISC,
            "per seat, runs of Move Discs seen in order, places lost: top first",
        ),
        shared.winner(),
        shared.turns(),
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
