"""The fields of a state, generated from the table in src/kaboom/games/board/fields.py
(``python tools/fields.py``): do not edit."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import checks
from kaboom.engine.datafile import MAX_CARDS
from kaboom.engine.pile_memory import Runs
from kaboom.engine.state import State
from kaboom.games._nope import ReactionWindow
from kaboom.games.board.actions import ActionIds
from kaboom.games.board.data import Box
from kaboom.games.board.fields import (
    PHASES,
    SIDES,
    rigged_hands,
    rigged_pile,
    rigged_positions,
    rigged_side,
)

#: The keys of a scenario's setup that the field table lays out (``_rig_fields``).
RIG_KEYS: Final = frozenset(
    {
        "action_deck",
        "action_discard",
        "attacked",
        "current",
        "hands",
        "magnets_aside",
        "move_deck",
        "move_discard",
        "positions",
        "side",
        "turns_owed",
    }
)


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardFields(State):
    """The fields of the state, their copy and their JSON (``fields.py``)."""

    box: ClassVar[Box]
    __slots__ = (
        "action_deck",
        "action_discard",
        "actor",
        "attacked",
        "current",
        "disc_to_choose",
        "hand_sizes",
        "hands",
        "ids",
        "known_move_deck",
        "known_move_runs",
        "magnets_aside",
        "move_deck",
        "move_discard",
        "phase",
        "positions",
        "side",
        "turns",
        "turns_owed",
        "window",
        "winner",
    )

    #: the action ids of these seats
    ids: ActionIds
    #: per seat, its square on the ribbon
    positions: list[int]
    #: the board's side up
    side: int
    #: per seat, the Action Cards held of each
    hands: list[list[int]]
    #: per seat, the cards held (from the hands)
    hand_sizes: list[int]
    #: the top last
    action_deck: list[int]
    action_discard: list[int]
    #: the top last
    move_deck: list[int]
    move_discard: list[int]
    magnets_aside: int
    current: int
    actor: int
    #: turns the current player owes, the current one included
    turns_owed: int
    #: whether those turns came from an Attack
    attacked: bool
    phase: int
    #: the Action Card waiting on its reaction window (docs/rulings.md §1)
    window: ReactionWindow[tuple[int, int]] | None
    #: a purple disc waiting for "move" or "flip", or -1
    disc_to_choose: int
    #: per seat, the Move Discs it has seen in the Move Deck: index -> disc
    known_move_deck: list[dict[int, int]]
    #: per seat, runs of Move Discs seen in order, places lost: top first
    known_move_runs: list[Runs]
    winner: int
    turns: int

    def _copy_to(self, other: Self) -> None:
        other.ids = self.ids
        other.positions = list(self.positions)
        other.side = self.side
        other.hands = [list(x) for x in self.hands]
        other.hand_sizes = list(self.hand_sizes)
        other.action_deck = list(self.action_deck)
        other.action_discard = list(self.action_discard)
        other.move_deck = list(self.move_deck)
        other.move_discard = list(self.move_discard)
        other.magnets_aside = self.magnets_aside
        other.current = self.current
        other.actor = self.actor
        other.turns_owed = self.turns_owed
        other.attacked = self.attacked
        other.phase = self.phase
        other.window = None if self.window is None else self.window.copy()
        other.disc_to_choose = self.disc_to_choose
        other.known_move_deck = [dict(x) for x in self.known_move_deck]
        other.known_move_runs = [[list(run) for run in x] for x in self.known_move_runs]
        other.winner = self.winner
        other.turns = self.turns

    def _json(self) -> dict[str, object]:
        return {
            "positions": list(self.positions),
            "side": self.side,
            "hands": [list(x) for x in self.hands],
            "action_deck": list(self.action_deck),
            "action_discard": list(self.action_discard),
            "move_deck": list(self.move_deck),
            "move_discard": list(self.move_discard),
            "magnets_aside": self.magnets_aside,
            "current": self.current,
            "actor": self.actor,
            "turns_owed": self.turns_owed,
            "attacked": self.attacked,
            "phase": self.phase,
            "window": None if self.window is None else self.window.to_json(list(self.window.play)),
            "disc_to_choose": self.disc_to_choose,
            "known_move_deck": [
                {str(i): c for i, c in sorted(x.items())} for x in self.known_move_deck
            ],
            "known_move_runs": [[list(run) for run in x] for x in self.known_move_runs],
            "winner": self.winner,
            "turns": self.turns,
        }

    def _load_json(self, raw: dict[str, object]) -> None:
        """Each stored field, of its type and range (``BadInput`` names it)."""
        self.positions = checks.integers(
            raw["positions"], 0, self.box.ribbon, "state.positions", self.n
        )
        self.side = checks.integer(raw["side"], 0, len(SIDES) - 1, "state.side")
        self.hands = checks.rows(
            raw["hands"], 0, MAX_CARDS, "state.hands", self.n, len(self.box.card_slugs)
        )
        self.action_deck = checks.integers(
            raw["action_deck"], 0, len(self.box.card_slugs) - 1, "state.action_deck"
        )
        self.action_discard = checks.integers(
            raw["action_discard"], 0, len(self.box.card_slugs) - 1, "state.action_discard"
        )
        self.move_deck = checks.integers(
            raw["move_deck"], 0, len(self.box.disc_slugs) - 1, "state.move_deck"
        )
        self.move_discard = checks.integers(
            raw["move_discard"], 0, len(self.box.disc_slugs) - 1, "state.move_discard"
        )
        self.magnets_aside = checks.integer(
            raw["magnets_aside"], 0, MAX_CARDS, "state.magnets_aside"
        )
        self.current = checks.integer(raw["current"], 0, self.n - 1, "state.current")
        self.actor = checks.integer(raw["actor"], -1, self.n - 1, "state.actor")
        self.turns_owed = checks.integer(
            raw["turns_owed"], 0, checks.MAX_COUNTER, "state.turns_owed"
        )
        self.attacked = checks.flag(raw["attacked"], "state.attacked")
        self.phase = checks.integer(raw["phase"], 0, len(PHASES) - 1, "state.phase")
        self.window = checks.window(
            raw["window"],
            "state.window",
            self.n,
            max(len(self.box.card_slugs) - 1, self.n - 1),
            2,
            lambda w, p: ReactionWindow.from_json(
                w,
                (
                    checks.integer(p[0], 0, len(self.box.card_slugs) - 1, "state.window.play[0]"),
                    p[1],
                ),
            ),
        )
        self.disc_to_choose = checks.integer(
            raw["disc_to_choose"], -1, len(self.box.disc_slugs) - 1, "state.disc_to_choose"
        )
        self.known_move_deck = checks.seat_maps(
            raw["known_move_deck"], 0, len(self.box.disc_slugs) - 1, "state.known_move_deck", self.n
        )
        self.known_move_runs = checks.seat_runs(
            raw.get("known_move_runs", [[] for _ in range(self.n)]),
            0,
            len(self.box.disc_slugs) - 1,
            "state.known_move_runs",
            self.n,
        )
        self.winner = checks.integer(raw["winner"], -1, self.n - 1, "state.winner")
        self.turns = checks.integer(raw["turns"], 0, checks.MAX_COUNTER, "state.turns")

    def _deal_fields(self, players: int, options: dict[str, Any]) -> None:
        """Each field that is a plain value at the deal, in table order."""
        self.positions = [0] * players
        self.side = SIDES.index("calm")
        self.hands = [[0] * len(self.box.card_slugs) for _ in range(players)]
        self.hand_sizes = [0] * players
        self.action_deck = []
        self.action_discard = []
        self.move_deck = []
        self.move_discard = []
        self.magnets_aside = self.box.disc_counts[self.box.magnet]
        self.current = 0
        self.actor = 0
        self.turns_owed = 1
        self.attacked = False
        self.phase = PHASES.index("turn")
        self.window = None
        self.disc_to_choose = -1
        self.known_move_deck = [{} for _ in range(players)]
        self.known_move_runs = [[] for _ in range(players)]
        self.winner = -1
        self.turns = 0

    def _rig_fields(self, setup: dict[str, object]) -> None:
        """The plain parts of a rigged setup, each of its type and range."""
        self.positions = rigged_positions(
            setup.get("positions", [0] * self.n), self.n, self.box.spaces
        )
        self.side = rigged_side(setup.get("side", "calm"), "setup.side")
        self.hands = rigged_hands(
            setup.get("hands", [[] for _ in range(self.n)]), self.box.card_slugs, self.n
        )
        self.action_deck = rigged_pile(
            setup.get("action_deck", []), self.box.card_slugs, "setup.action_deck"
        )
        self.action_discard = rigged_pile(
            setup.get("action_discard", []), self.box.card_slugs, "setup.action_discard"
        )
        self.move_deck = rigged_pile(
            setup.get("move_deck", []), self.box.disc_slugs, "setup.move_deck"
        )
        self.move_discard = rigged_pile(
            setup.get("move_discard", []), self.box.disc_slugs, "setup.move_discard"
        )
        self.magnets_aside = checks.integer(
            setup.get("magnets_aside", self.magnets_aside),
            0,
            self.magnets_aside,
            "setup.magnets_aside",
        )
        self.current = checks.integer(setup.get("current", 0), 0, self.n - 1, "setup.current")
        self.turns_owed = checks.integer(setup.get("turns_owed", 1), 1, 99, "setup.turns_owed")
        self.attacked = checks.flag(setup.get("attacked", self.turns_owed > 1), "setup.attacked")
