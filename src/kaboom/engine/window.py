"""The reaction window of the Nope families, and the turn arithmetic they share.

Used by the exploding games and the board game (docs/rulings.md §1): after a Nope-able
play, the other seats are asked in order from the player's left whether they answer it; a
Nope opens a new window for everyone but its player; the play takes effect when a whole
window passes, and an odd number of Nopes cancels it. Every seat that may answer by the
rules is asked, whether or not it holds a Nope (passing is always legal): whether a window
opens, who is asked when and when it closes depend on nothing hidden, so the rhythm of the
table tells nobody who holds one. The game says who may answer (the living seats but the
card's player) and what the play does; this component keeps the order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from kaboom.engine.state import State

P = TypeVar("P")


class ReactionWindow(Generic[P]):
    """A play waiting on its answers.

    >>> w = ReactionWindow("attack", 0, [1, 2])
    >>> w.next_asked()   # everyone is asked in order, Nope in hand or not
    1
    >>> w.passed(), w.next_asked()
    (1, 2)
    >>> w.nope(2, [0, 1]); w.cancelled, w.answering
    (True, 2)
    >>> w.passed(), w.passed(), w.next_asked() is None   # the whole window passed
    (0, 1, True)
    """

    __slots__ = ("asked", "nopes", "play", "player")

    def __init__(self, play: P, player: int, asked: list[int]) -> None:
        #: The play (the game's own record of it) and the seat that made it.
        self.play = play
        self.player = player
        #: The seats that answered with a Nope, in order.
        self.nopes: list[int] = []
        #: The seats still to be asked in the window now open, the next first.
        self.asked = asked

    def copy(self) -> ReactionWindow[P]:
        w = ReactionWindow(self.play, self.player, list(self.asked))
        w.nopes = list(self.nopes)
        return w

    @property
    def cancelled(self) -> bool:
        """An odd number of Nopes cancels the play ("as if it had never been played")."""
        return len(self.nopes) % 2 == 1

    @property
    def answering(self) -> int:
        """The seat whose card the open window answers: the last Nope's, or the player's."""
        return self.nopes[-1] if self.nopes else self.player

    def next_asked(self) -> int | None:
        """The next seat to ask; None when everyone has let the card go and the window
        passes. Nobody is passed over for holding no Nope."""
        return self.asked[0] if self.asked else None

    def nope(self, seat: int, asked: list[int]) -> None:
        """``seat`` played a Nope: a new window opens, asking ``asked`` in order."""
        self.nopes.append(seat)
        self.asked = asked

    def passed(self) -> int:
        """The seat asked let the card go; it is asked no more in this window."""
        return self.asked.pop(0)

    def to_json(self, play: Any) -> dict[str, Any]:
        """The window as JSON, the play written by the game as ``play``."""
        return {"play": play, "player": self.player, "nopes": list(self.nopes),
                "asked": list(self.asked)}  # fmt: skip

    @classmethod
    def from_json(cls, raw: dict[str, Any], play: P) -> ReactionWindow[P]:
        w = cls(play, int(raw["player"]), [int(q) for q in raw["asked"]])
        w.nopes = [int(q) for q in raw["nopes"]]
        return w


def others_from_left(seat: int, alive: list[bool] | tuple[bool, ...]) -> list[int]:
    """Every other living seat, in seat order from ``seat``'s left (docs/rulings.md §1).

    >>> others_from_left(1, [True, True, False, True])
    [3, 0]
    """
    n = len(alive)
    return [q for q in ((seat + i) % n for i in range(1, n)) if alive[q]]


def attack_owed(owed: int, attacked: bool, stacking: bool = True) -> int:
    """The turns the next player owes after an Attack: 2; under attack, every untaken turn
    of the attacker, the current one included, plus 2 (docs/rulings.md §1, the 2025 print).
    Without ``stacking`` (the classic rule of the earlier prints, docs/house-rules.md) an
    Attack always leaves the next player exactly 2 turns.

    >>> attack_owed(1, False), attack_owed(2, True), attack_owed(1, True)
    (2, 4, 3)
    >>> attack_owed(2, True, stacking=False), attack_owed(1, True, stacking=False)
    (2, 2)
    """
    return owed + 2 if attacked and stacking else 2


#: A reaction window's identity, from public facts only (``window_key``).
WindowKey = tuple[Any, ...]


def window_key(state: State) -> WindowKey | None:
    """The open reaction window, from what everyone sees (the spectator's observation):
    the turn, the discard piles' sizes (they tell apart two alike plays in a turn), the
    player, the play and the Nopes so far; None when no window is open. The adapters that
    pace a window by its clock (the terminal table, the server) key it by this."""
    obs = state.observe(None)
    window = obs.get("window")
    if not window:
        return None
    discarded = sum(p["size"] for name, p in obs["piles"].items() if name.endswith("discard"))
    return (obs["turns"], discarded, window["player"], str(window["play"]), len(window["nopes"]))


def pass_action(state: State) -> int | None:
    """The seat asked in a window lets the card go: its ``pass`` action (always legal)."""
    return next((a for a in state.legal_actions() if state.action_text(a) == "pass"), None)


#: How a seat answers when the window asks it, from the game as it is then: an action, or
#: None for a pass (``walk_window``).
Answer = Callable[[int, State], "int | None"]


def lets_pass(seat: int, world: State) -> int | None:
    """Every seat lets the card go (``walk_window``'s default)."""
    return None


def walk_window(state: State, answer: Answer = lets_pass) -> Iterator[tuple[int, State, int]]:
    """The open window, walked on a copy of ``state`` in the engine's asking order
    (docs/rulings.md §1): each seat asked, the game as it is when that seat is asked (before
    its answer: read it before the next step, the walk goes on in the same copy) and the
    action it plays, ``answer(seat, world)`` or its pass. A pass lets the walk go on to the
    next seat; any other answer (a Nope: it opens a new window) ends it, as does the end of
    the window. Nothing if no window is open. The adapters that pace a window by its clock
    (the server, the terminal table) read who is asked, what each is offered and what
    their answers make of it from here.

    >>> from kaboom.engine.registry import new_game
    >>> s = new_game("exploding-kittens", 3, seed=2)
    >>> list(walk_window(s))   # no window open
    []
    >>> _ = s.apply(s.parse_action("play skip"))
    >>> [(seat, world.action_text(action)) for seat, world, action in walk_window(s)]
    [(1, 'pass'), (2, 'pass')]
    >>> def nope(seat, world):  # seat 1 Nopes: the walk ends there (a new window opens)
    ...     return world.parse_action("nope") if seat == 1 else None
    >>> [(seat, world.action_text(action)) for seat, world, action in walk_window(s, nope)]
    [(1, 'nope')]
    """
    world = state.clone()
    key = window_key(world)
    while key is not None and world.to_act is not None and window_key(world) == key:
        seat, passing = world.to_act, pass_action(world)
        chosen = answer(seat, world)
        action = passing if chosen is None else chosen
        if action is None:
            return
        yield seat, world, action
        world.apply(action, seat)
        if action != passing:
            return


def world_when_asked(state: State, seat: int) -> State | None:
    """The game as it will be when the open window asks ``seat`` (the seats before it
    letting the card go); None if the window does not ask it."""
    return next((world for q, world, _ in walk_window(state) if q == seat), None)
