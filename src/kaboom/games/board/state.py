"""The class Exploding Kittens: The Board Game registers: the rules (``rules.py``), their
words and the box a table plays with (the shipped one, or a user's file).

The same layout as every family's (``kaboom/games/kittens/state.py`` names its parts).
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from kaboom.engine.datafile import option_file
from kaboom.engine.errors import BadInput
from kaboom.engine.events import Event
from kaboom.games.board.core import BOX
from kaboom.games.board.data import load_box
from kaboom.games.board.rules import FUTURE, MAX_TURNS, BoardRules
from kaboom.games.board.words import describe_event, render_board
from kaboom.i18n import N_, _

__all__ = ["FUTURE", "MAX_TURNS", "BoardGameState"]


@mypyc_attr(allow_interpreted_subclasses=True)
class BoardGameState(BoardRules):
    """A game of Exploding Kittens: The Board Game."""

    __slots__ = ()
    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset({"hands", "legal"})

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[BoardGameState]:
        """The class for these options: the shipped box, or the user's file (``board``)."""
        path = str(options.get("board") or "")
        return _boxed(path) if path else BoardGameState

    # -- words ----------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return describe_event(self.box, event)

    def render(self) -> str:
        return render_board(self.box, self.side, self.positions)


@cache
def _boxed(path: str) -> type[BoardGameState]:
    """A state class for a user's own box file (board, Move Discs, Action Cards)."""
    file = option_file(path, "board", N_("a board file"))
    box = load_box(file)
    if box.header.id != BOX.header.id:
        raise BadInput(
            f"{file.name}: game.id",
            _("{game!r}, got {n!r}").format(game=BOX.header.id, n=box.header.id),
        )
    return type("BoardGameBoxState", (BoardGameState,), {"box": box, "__slots__": ()})
