"""The games. Each package registers itself with :mod:`kaboom.engine.registry` on import.

``BUILTIN_GAMES`` is the one list of the built-in games' packages: the registry imports them
the first time it is asked (the engine names no game); a game of another package registers
through the ``kaboom.games`` entry points instead (docs/adding-a-game.md, "Registering it").
"""

from __future__ import annotations

from typing import Final

#: The packages that register the built-in games when imported.
BUILTIN_GAMES: Final = ("kaboom.games.kittens", "kaboom.games.eleminis", "kaboom.games.board")
