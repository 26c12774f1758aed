"""Exploding Kittens: The Board Game (the RULINGS §5 reconstruction, as data)."""

from __future__ import annotations

from kaboom.engine.options import Option
from kaboom.engine.registry import register_game
from kaboom.games.board.state import BOX, BoardGameState

OPTIONS = (
    Option("first", int, 0, "The seat that goes first", minimum=0, maximum=5),
    Option("board", str, "", "Your own box file: board, Move Discs, Action Cards", path=True),
)

register_game(BoardGameState, BOX, OPTIONS)

__all__ = ["BOX", "BoardGameState"]
