"""The fields of a state, generated from the table in src/kaboom/games/kittens/fields.py
(``python tools/fields.py``): do not edit."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from kaboom.engine import checks
from kaboom.engine.datafile import MAX_CARDS, MAX_COPIES
from kaboom.engine.pile_memory import Runs
from kaboom.engine.state import State
from kaboom.games._nope import ReactionWindow
from kaboom.games.kittens.actions import ActionTable, Spec
from kaboom.games.kittens.edition import Edition
from kaboom.games.kittens.fields import PHASES, rigged_cards, rigged_flag, rigged_hands

#: The keys of a scenario's setup that the field table lays out (``_rig_fields``).
RIG_KEYS: Final = frozenset(
    {
        "alive",
        "attacked",
        "current",
        "discard_pile",
        "draw_pile",
        "hands",
        "out_of_game",
        "removed",
        "turns_owed",
    }
)


@mypyc_attr(allow_interpreted_subclasses=True)
class KittensFields(State):
    """The fields of the state, their copy and their JSON (``fields.py``)."""

    edition: ClassVar[Edition]
    __slots__ = (
        "absent",
        "actor",
        "alive",
        "attacked",
        "current",
        "discard",
        "drawn_bomb",
        "five_on",
        "hands",
        "known_hands",
        "known_pile",
        "known_runs",
        "out_of_game",
        "out_of_game_face_down",
        "phase",
        "pile",
        "ranks_held",
        "rigged",
        "sizes",
        "table",
        "turns",
        "turns_owed",
        "window",
        "winner",
    )

    #: the five_different option
    five_on: bool
    #: the action table of these seats
    table: ActionTable
    #: per seat, the cards held of each title
    hands: list[list[int]]
    #: per seat, the cards held (from the hands)
    sizes: list[int]
    #: per seat, the cards held per rank
    ranks_held: list[list[int]]
    #: the Draw Pile, bottom first
    pile: list[int]
    #: the Discard Pile, bottom first
    discard: list[int]
    #: out of the game face up: everyone knows them
    out_of_game: list[int]
    #: out of the game face down: nobody knows them
    out_of_game_face_down: list[int]
    alive: list[bool]
    current: int
    #: turns the current player owes, the current one included
    turns_owed: int
    #: whether those turns came from an Attack
    attacked: bool
    phase: int
    actor: int
    #: the play waiting on its reaction window (docs/rulings.md §1), or None
    window: ReactionWindow[Spec] | None
    #: per seat, the Draw Pile cards it has seen: index -> title
    known_pile: list[dict[int, int]]
    #: per seat, runs of Draw Pile cards seen in order, places lost: top first
    known_runs: list[Runs]
    #: cards an observer knows a holder holds: (observer, holder, title) -> count
    known_hands: dict[tuple[int, int, int], int]
    turns: int
    winner: int
    #: the bomb drawn and not yet put back, or -1
    drawn_bomb: int
    #: the cards per title of a table laid out by hand (public), or None
    rigged: tuple[int, ...] | None
    #: (holder, rank): seen missing by a Three of a Kind, nothing gained since
    absent: set[tuple[int, int]]

    def _copy_to(self, other: Self) -> None:
        other.five_on = self.five_on
        other.table = self.table
        other.hands = [list(x) for x in self.hands]
        other.sizes = list(self.sizes)
        other.ranks_held = (
            other.hands if not self.table.grouped else [list(r) for r in self.ranks_held]
        )
        other.pile = list(self.pile)
        other.discard = list(self.discard)
        other.out_of_game = list(self.out_of_game)
        other.out_of_game_face_down = list(self.out_of_game_face_down)
        other.alive = list(self.alive)
        other.current = self.current
        other.turns_owed = self.turns_owed
        other.attacked = self.attacked
        other.phase = self.phase
        other.actor = self.actor
        other.window = None if self.window is None else self.window.copy()
        other.known_pile = [dict(x) for x in self.known_pile]
        other.known_runs = [[list(run) for run in x] for x in self.known_runs]
        other.known_hands = dict(self.known_hands)
        other.turns = self.turns
        other.winner = self.winner
        other.drawn_bomb = self.drawn_bomb
        other.rigged = self.rigged
        other.absent = set(self.absent)

    def _json(self) -> dict[str, object]:
        return {
            "hands": [list(x) for x in self.hands],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "out_of_game": list(self.out_of_game),
            "out_of_game_face_down": list(self.out_of_game_face_down),
            "alive": list(self.alive),
            "current": self.current,
            "turns_owed": self.turns_owed,
            "attacked": self.attacked,
            "phase": PHASES[self.phase],
            "actor": self.actor,
            "window": None if self.window is None else self.window.to_json(list(self.window.play)),
            "known_pile": [{str(i): c for i, c in sorted(x.items())} for x in self.known_pile],
            "known_runs": [[list(run) for run in x] for x in self.known_runs],
            "known_hands": [[*k, x] for k, x in sorted(self.known_hands.items())],
            "turns": self.turns,
            "winner": self.winner,
            "drawn_bomb": self.drawn_bomb,
            "rigged": None if self.rigged is None else list(self.rigged),
            "absent": [list(a) for a in sorted(self.absent)],
        }

    def _load_json(self, raw: dict[str, object]) -> None:
        """Each stored field, of its type and range (``BadInput`` names it)."""
        self.hands = checks.rows(
            raw["hands"], 0, MAX_CARDS, "state.hands", self.n, self.edition.titles
        )
        self.pile = checks.integers(raw["pile"], 0, self.edition.titles - 1, "state.pile")
        self.discard = checks.integers(raw["discard"], 0, self.edition.titles - 1, "state.discard")
        self.out_of_game = checks.integers(
            raw["out_of_game"], 0, self.edition.titles - 1, "state.out_of_game"
        )
        self.out_of_game_face_down = checks.integers(
            raw["out_of_game_face_down"], 0, self.edition.titles - 1, "state.out_of_game_face_down"
        )
        self.alive = checks.flags(raw["alive"], "state.alive", self.n)
        self.current = checks.integer(raw["current"], 0, self.n - 1, "state.current")
        self.turns_owed = checks.integer(
            raw["turns_owed"], 0, checks.MAX_COUNTER, "state.turns_owed"
        )
        self.attacked = checks.flag(raw["attacked"], "state.attacked")
        self.phase = checks.name_index(raw["phase"], PHASES, "state.phase")
        self.actor = checks.integer(raw["actor"], -1, self.n - 1, "state.actor")
        self.window = checks.window(
            raw["window"],
            "state.window",
            self.n,
            max(self.edition.titles, 1 << self.edition.titles, self.n),
            len(Spec._fields),
            lambda w, p: ReactionWindow.from_json(w, Spec(*p)),
        )
        self.known_pile = checks.seat_maps(
            raw["known_pile"], 0, self.edition.titles - 1, "state.known_pile", self.n
        )
        self.known_runs = checks.seat_runs(
            raw.get("known_runs", [[] for _ in range(self.n)]),
            0,
            self.edition.titles - 1,
            "state.known_runs",
            self.n,
        )
        self.known_hands = checks.counts_by_key(
            raw["known_hands"], -1, max(MAX_CARDS, self.edition.titles), "state.known_hands"
        )
        self.turns = checks.integer(raw["turns"], 0, checks.MAX_COUNTER, "state.turns")
        self.winner = checks.integer(raw["winner"], -1, self.n - 1, "state.winner")
        self.drawn_bomb = checks.integer(
            raw["drawn_bomb"], -1, self.edition.titles - 1, "state.drawn_bomb"
        )
        self.rigged = checks.optional_counts(
            raw.get("rigged"), 0, MAX_COPIES, "state.rigged", self.edition.titles
        )
        self.absent = checks.pairs(
            raw.get("absent", []), 0, max(self.n, len(self.table.rslug)), "state.absent"
        )

    def _deal_fields(self, players: int, options: dict[str, Any]) -> None:
        """Each field that is a plain value at the deal, in table order."""
        self.five_on = bool(options.get("five_different", False))
        self.hands = [[0] * self.edition.titles for _ in range(players)]
        self.sizes = [0] * players
        self.pile = []
        self.discard = []
        self.out_of_game = []
        self.out_of_game_face_down = []
        self.alive = [True] * players
        self.current = 0
        self.turns_owed = 1
        self.attacked = False
        self.phase = PHASES.index("turn")
        self.actor = 0
        self.window = None
        self.known_pile = [{} for _ in range(players)]
        self.known_runs = [[] for _ in range(players)]
        self.known_hands = {}
        self.turns = 0
        self.winner = -1
        self.drawn_bomb = -1
        self.rigged = None
        self.absent = set()

    def _rig_fields(self, setup: dict[str, object]) -> None:
        """The plain parts of a rigged setup, each of its type and range."""
        self.hands = rigged_hands(
            setup.get("hands", [[] for _ in range(self.n)]), self.edition.slugs, self.n
        )
        self.pile = rigged_cards(setup.get("draw_pile", []), self.edition.slugs, "setup.draw_pile")[
            ::-1
        ]
        self.discard = rigged_cards(
            setup.get("discard_pile", []), self.edition.slugs, "setup.discard_pile"
        )[::-1]
        self.out_of_game = rigged_cards(
            setup.get("out_of_game", []), self.edition.slugs, "setup.out_of_game"
        )
        self.out_of_game_face_down = rigged_cards(
            setup.get("removed", []), self.edition.slugs, "setup.removed"
        )
        self.alive = checks.flags(setup.get("alive", [True] * self.n), "setup.alive", self.n)
        self.current = checks.integer(setup.get("current", 0), 0, self.n - 1, "setup.current")
        self.turns_owed = checks.integer(setup.get("turns_owed", 1), 1, 99, "setup.turns_owed")
        self.attacked = rigged_flag(setup.get("attacked", self.turns_owed > 1), "setup.attacked")
