"""A bot that plays its game's playout policy: the rule of thumb of a family that has no
heuristic of its own."""

from __future__ import annotations

import random

from kaboom.engine.errors import KaboomError
from kaboom.engine.registry import get_game
from kaboom.engine.view import PlayerView


class PlayoutBot:
    """Plays the move the game's playout policy (``Playout.policy``) would make, in a world
    sampled from what its seat knows (a policy acts only on its seat's knowledge, so any
    sample gives the move the seat would make)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        policy = get_game(view.game_class.game_id).playout.policy
        action = policy(view.determinize(self.rng), self.rng)
        if action not in legal:  # a policy that read a hidden card: never substitute a move
            raise KaboomError(
                f"the playout policy of {view.game_class.game_id} chose {action}, which is not "
                f"legal for seat {view.seat} ({legal}): it must act on what the seat knows"
            )
        return action
