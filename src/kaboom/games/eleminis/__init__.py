"""Eleminis: rows of five slots, the element cycle, Stars and Trash, teams and scoring."""

from __future__ import annotations

from kaboom.engine.options import Option
from kaboom.engine.registry import register_game
from kaboom.games.eleminis.core import MAX_TARGET
from kaboom.games.eleminis.rollout import PLAYOUT
from kaboom.games.eleminis.state import DECK, EleminisState
from kaboom.i18n import N_

OPTIONS = (
    Option("teams", int, 0, N_("2 to 4 teams of equal size, seated alternately (0: none)"),
           minimum=0, maximum=4),
    Option("match", bool, False, N_("Play games until a side reaches the target score")),
    Option("target", int, 500, N_("The match's target score"), minimum=1, maximum=MAX_TARGET),
    Option("shuffle_turnover", bool, False,
           N_("Shuffle the Discard Pile when it becomes the Deck")),
    Option("first", int, 0, N_("The seat that goes first"), minimum=0, maximum=7),
)  # fmt: skip

register_game(EleminisState, DECK.header, OPTIONS, family="eleminis", playout=PLAYOUT)

__all__ = ["DECK", "EleminisState"]
