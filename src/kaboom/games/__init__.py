"""The games. Each package registers itself with :mod:`kaboom.engine.registry` on import.

``BUILTIN_GAMES`` is the one list of the built-in games' packages: the registry imports them
the first time it is asked (the engine names no game); a game of another package registers
through the ``kaboom.games`` entry points instead (docs/adding-a-game.md, "Registering it").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from kaboom.engine.registry import GameSpec

#: The packages that register the built-in games when imported.
BUILTIN_GAMES: Final = ("kaboom.games.kittens", "kaboom.games.eleminis", "kaboom.games.board")
#: The games as a shelf shows them, the best known first; other games follow by id. Every
#: front end's order (the terminal's picker, the lobby through ``/api/games``).
SHELF: Final = (
    "exploding-kittens",
    "exploding-minions",
    "dynamitt",
    "kittens-board-game",
    "eleminis",
)


def ordered(specs: list[GameSpec]) -> list[GameSpec]:
    """The games in the shelf's order (Exploding Kittens first), the rest by id."""
    rank = {game: i for i, game in enumerate(SHELF)}
    return sorted(specs, key=lambda s: (rank.get(s.game_id, len(rank)), s.game_id))
