"""How a search plays Tiny Nim out: a playout policy, nothing else (the rules never import
this module; it reads the state the rules built)."""

from __future__ import annotations

import random

from kaboom.engine.playout import Playout
from tiny_game.rules import TinyState


def take_the_last_stone(state: TinyState, rng: random.Random) -> int:
    """Take the last stones when a card in hand can; else a random legal move (this seat
    sees its own hand and the stones only)."""
    legal = state.legal_actions()
    if state.stones in legal:
        return state.stones
    return legal[rng.randrange(len(legal))]


#: Tiny Nim's search settings: games are short, so playouts go to the end.
PLAYOUT: Playout[TinyState] = Playout(policy=take_the_last_stone)
