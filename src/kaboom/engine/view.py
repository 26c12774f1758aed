"""What a seat's bot or adapter is given: its information set, never the true state."""

from __future__ import annotations

import random

from kaboom.engine.state import Observation, State


class PlayerView:
    """A seat's window onto a game: its observation, its legal actions, and a sampler of
    full states consistent with what it knows. The true state is not reachable from here.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    def observation(self) -> Observation:
        return self._state.observe(self.seat)

    def legal_actions(self) -> list[int]:
        if self._state.to_act != self.seat:
            return []
        return self._state.legal_actions()

    def distinct_actions(self, actions: list[int]) -> list[int]:
        """One of each group of ``actions`` that lead to the same position (the first)."""
        return self._state.distinct_actions(actions)

    @property
    def game_class(self) -> type[State]:
        """The game's class: its rules and card lists are public, its instances are not."""
        return type(self._state)

    def action_text(self, action: int) -> str:
        return self._state.action_text(action)

    @property
    def num_distinct_actions(self) -> int:
        return self._state.num_distinct_actions

    def determinize(self, rng: random.Random) -> State:
        """A sampled full state consistent with this seat's knowledge."""
        return self._state.determinize(self.seat, rng)
