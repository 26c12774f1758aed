"""The bot interface: a player that chooses from its seat's view."""

from __future__ import annotations

from typing import Protocol

from kaboom.engine.view import PlayerView


class Bot(Protocol):
    """A player: given its seat's view, it chooses one of the legal actions."""

    name: str

    def act(self, view: PlayerView) -> int: ...
