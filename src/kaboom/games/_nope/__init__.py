"""The Nope family's shared rules: the reaction window and the Attack's turn arithmetic
(docs/rulings.md §1), used by the exploding games (``kaboom.games.kittens``) and the board
game (``kaboom.games.board``). It imports no family (pyproject's import contracts)."""

from __future__ import annotations

from kaboom.games._nope.window import ReactionWindow, attack_owed, others_from_left

__all__ = ["ReactionWindow", "attack_owed", "others_from_left"]
