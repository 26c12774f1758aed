"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from kaboom.engine.view import PlayerView


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> int:
        return self.rng.choice(view.legal_actions())
