"""kaboom: the digital table for the Exploding Kittens family of games and for Eleminis.

>>> import kaboom
>>> state = kaboom.new_game("exploding-kittens", players=3, seed=7)
>>> state.to_act
0
"""

from kaboom._build import build_kind, choose_modules

choose_modules()  # before the first import of kaboom.engine: compiled or pure-Python modules

from kaboom.engine import (  # noqa: E402
    Event,
    GameSpec,
    IllegalAction,
    KaboomError,
    State,
    get_game,
    list_games,
    new_game,
)

__all__ = [
    "Event",
    "GameSpec",
    "IllegalAction",
    "KaboomError",
    "State",
    "build_kind",
    "get_game",
    "list_games",
    "new_game",
]
__version__ = "0.1.0"
