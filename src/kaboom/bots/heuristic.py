"""The base of the rule-of-thumb players (one per game family)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from kaboom.engine.view import PlayerView


class HeuristicBot(ABC):
    """A sensible human's rules of thumb: deterministic given what its seat sees (the seed
    is taken for the common bot interface)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:  # a forced move needs no thought
            return legal[0]
        return self.choose(view, legal)

    @abstractmethod
    def choose(self, view: PlayerView, legal: list[int]) -> int:
        """One of ``legal`` (at least two), from the view alone."""
