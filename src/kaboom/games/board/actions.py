"""The board game's action ids: the fixed ones, each its own word, and the blocks that follow
them (``ActionIds``); ``core.BoardCore`` decodes and words them."""

from __future__ import annotations

from typing import Final

from kaboom.games.board.data import Box

# -- actions ----------------------------------------------------------------------------------
#: The fixed action ids, each its own word; the rest follow in blocks (``ActionIds``).
DRAW: Final = 0
NOPE: Final = 1
PASS: Final = 2
MOVE: Final = 3
FLIP: Final = 4
DEFUSE: Final = 5
EXPLODE: Final = 6
WORDS = ("draw", "nope", "pass", "move", "flip", "defuse", "explode")
#: What ``decode`` says of an action beyond the fixed ones: the block it lies in.
PLAY: Final = 7
SWAP_AT: Final = 8
SWAP_WITH: Final = 9
DISCARD: Final = 10
PLACE: Final = 11


class ActionIds:
    """Blocks of ids after the fixed ones: plays, Swap Spaces targets, last-place choices,
    discards down to three, Danger Magnet positions."""

    __slots__ = ("discard", "place", "play", "size", "swap_at", "swap_with")

    def __init__(self, box: Box, players: int) -> None:
        cards = len(box.card_slugs)
        self.play = len(WORDS)
        self.swap_at = self.play + cards
        self.swap_with = self.swap_at + players
        self.discard = self.swap_with + players
        self.place = self.discard + cards
        self.size = self.place + sum(box.disc_counts) + 1
