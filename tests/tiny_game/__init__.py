"""Tiny Nim, a game family written outside the engine (docs/adding-a-game.md).

Its rules are ``rules.py``, its data ``tiny.toml``, its search settings ``playout.py``, the
schema of its observation's section ``observation.schema.json``. A built-in game registers
itself when its package is imported (``register_game`` at the bottom of its ``__init__``, and
its package listed in ``kaboom.games.BUILTIN_GAMES``); this one waits to be asked
(:func:`register`), so that the test suite decides where it is seen. Its terminal panel
(``panel.py``) and RL encoder (``encoder.py``) register the same way, each by its family.
"""

from __future__ import annotations

from kaboom.engine.options import Option
from kaboom.engine.registry import GameSpec, register_game
from tiny_game.playout import PLAYOUT
from tiny_game.rules import HEADER, TinyState

#: The options a table may set: the ``first`` seat, checked by the engine.
OPTIONS = (Option("first", int, 0, "The seat that goes first", minimum=0, maximum=3),)


def register() -> GameSpec:
    """Put Tiny Nim in the registry, family ``tiny``, with its playout."""
    return register_game(TinyState, HEADER, OPTIONS, family="tiny", playout=PLAYOUT)
