"""Exploding Kittens: The Board Game (the docs/rulings.md §5 reconstruction, as data)."""

from __future__ import annotations

from kaboom.engine.options import Option
from kaboom.engine.registry import register_game
from kaboom.games.board.core import BOX
from kaboom.games.board.rollout import PLAYOUT
from kaboom.games.board.state import BoardGameState
from kaboom.i18n import N_

OPTIONS = (
    Option("first", int, 0, N_("The seat that goes first"), minimum=0, maximum=5),
    Option("board", str, "", N_("Your own box file: board, Move Discs, Action Cards"),
           path=True),
)  # fmt: skip

register_game(BoardGameState, BOX.header, OPTIONS, family="board", playout=PLAYOUT)

__all__ = ["BOX", "BoardGameState"]
