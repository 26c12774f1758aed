"""Tiny Nim at the terminal table: its own panel, registered for its family (``tiny``) in the
terminal's registry of panels; no file of kaboom.tui changes for it."""

from __future__ import annotations

from kaboom.engine.state import Observation, State
from kaboom.tui.families import PANELS
from kaboom.tui.panel import Family


class NimPanel(Family):
    """The stones left, drawn as a heap above the shared table (piles, seats, winners)."""

    @classmethod
    def of(cls, state: State) -> NimPanel:
        return cls()

    def panel(self, obs: Observation, viewer: int) -> str:
        stones = obs["tiny"]["stones"]
        heap = f"Heap: {'o' * stones} ({stones} stones)"
        return "\n".join([heap, super().panel(obs, viewer)])


def register() -> None:
    """Draw Tiny Nim's games with ``NimPanel`` (what a ``kaboom.panels`` entry point named
    ``tiny`` would do for an installed package)."""
    PANELS.put("tiny", NimPanel.of)
