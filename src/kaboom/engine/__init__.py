"""The game-agnostic engine: the contract, events, options, registry and scenarios.

It imports no game; games register themselves (see :mod:`kaboom.engine.registry`).
"""

from kaboom.engine.errors import BadInput, BadOption, IllegalAction, KaboomError, UnknownGame
from kaboom.engine.events import Event, visible_events
from kaboom.engine.options import Option, resolve_options
from kaboom.engine.playout import Playout
from kaboom.engine.registry import GameSpec, get_game, list_games, new_game, register
from kaboom.engine.state import Observation, State
from kaboom.engine.view import PlayerView

__all__ = [
    "BadInput",
    "BadOption",
    "Event",
    "GameSpec",
    "IllegalAction",
    "KaboomError",
    "Observation",
    "Option",
    "PlayerView",
    "Playout",
    "State",
    "UnknownGame",
    "get_game",
    "list_games",
    "new_game",
    "register",
    "resolve_options",
    "visible_events",
]
