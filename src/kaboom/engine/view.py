"""What a seat's bot or adapter is given: its information set, never the true state."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from kaboom.engine.state import Observation, State


@mypyc_attr(native_class=False)  # (``of`` makes one without ``__init__``: Python's __new__)
class PlayerView:
    """A seat's window onto a game, holding only what the seat may know: its observation,
    its legal actions (empty when it has no decision to make), the game's class (its rules
    and card lists are public) and options, and its own record of past observations. Full
    states are sampled from the observation alone (``State.sample``), exactly as a client
    playing over the network would: no reference to the real game is kept.

    >>> from kaboom.engine.registry import new_game
    >>> view = PlayerView(new_game("exploding-kittens", 2, seed=3), 0)
    >>> len(view.observation()["hand"]), len(view.legal_actions()) > 0
    (8, True)
    """

    __slots__ = (
        "_legal", "_observation", "_sampler", "_world", "game_class", "options", "past", "seat",
    )  # fmt: skip

    def __init__(self, state: State, seat: int, past: tuple[Observation, ...] = ()) -> None:
        self.seat = seat
        self.game_class: type[State] = type(state)
        self.options: dict[str, object] = dict(state.options)
        self._observation = state.observe(seat)
        self._legal = state.legal_actions() if state.to_act == seat else []
        #: The seat's earlier observations, oldest first, as the adapter kept them.
        self.past = past
        self._world: State | None = None
        self._sampler: Callable[[random.Random], State] | None = None

    @classmethod
    def of(
        cls,
        game_class: type[State],
        options: dict[str, object],
        observation: Observation,
        legal: list[int],
        past: tuple[Observation, ...] = (),
    ) -> PlayerView:
        """A view made from what a remote seat receives: its observation and legal actions."""
        view = cls.__new__(cls)
        view.seat, view.game_class, view.options = observation["seat"], game_class, options
        view._observation, view._legal, view.past = observation, list(legal), past
        view._world = view._sampler = None
        return view

    def observation(self) -> Observation:
        return self._observation

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def _one_world(self) -> State:
        """One sample, kept for what reads only public parts (action texts, groups)."""
        if self._world is None:
            self._world = self.determinize(random.Random(0))
        return self._world

    def distinct_actions(self, actions: list[int]) -> list[int]:
        """One of each group of ``actions`` that lead to the same position (the first); a
        game groups only by what the seat to act sees, so any sample groups alike."""
        return self._one_world().distinct_actions(actions)

    def action_text(self, action: object) -> str:
        world: Any = self._one_world()  # (the game checks ``action``, whatever its type)
        return str(world.action_text(action))

    @property
    def num_distinct_actions(self) -> int:
        return self._one_world().num_distinct_actions

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this seat's knowledge, sampled from its observation
        (``State.sampler``: the observation is read once, for every sample)."""
        if self._sampler is None:
            self._sampler = self.game_class.sampler(self._observation, self.options)
        return self._sampler(rng)
