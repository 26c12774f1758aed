"""What every game with a reaction window shares, whatever its rules: the window's identity
from public facts (``window_key``), its walk in the engine's asking order (``walk_window``) and
the game as it will be when a seat is asked (``world_when_asked``), which the adapters that
pace a window by its clock (the server, the terminal table) read. The Nope family's window
itself (who is asked, what a Nope does) is ``kaboom.games._nope`` (docs/rulings.md §1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from kaboom.engine.state import State

#: A reaction window's identity, from public facts only (``window_key``).
WindowKey = tuple[object, ...]


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
