"""The exploding family: one kernel (``state.py``), editions as data files."""

from __future__ import annotations

from kaboom.engine.options import Option
from kaboom.engine.registry import GameSpec, register
from kaboom.games.kittens.edition import DATA_DIR, load_edition
from kaboom.games.kittens.state import KittensState

ORIGINAL = load_edition(DATA_DIR / "original.toml")


class OriginalState(KittensState):
    """Exploding Kittens, Original Edition (2025 print)."""

    edition = ORIGINAL
    game_id = ORIGINAL.id
    __slots__ = ()


ORIGINAL_OPTIONS = (
    Option("fast", bool, False, "Faster variant: remove a random third of the deck, unseen"),
    Option("five_different", bool, False, "Five different cards take any card from the discard"),
    Option("first", int, 0, "The seat that goes first", minimum=0, maximum=4),
)

register(
    GameSpec(
        game_id=ORIGINAL.id,
        name=ORIGINAL.name,
        min_players=ORIGINAL.min_players,
        max_players=ORIGINAL.max_players,
        options=ORIGINAL_OPTIONS,
        start=OriginalState.start,
        state_class=OriginalState,
        summary=ORIGINAL.summary,
    )
)
