"""The bot interface, and making bots from their command-line names."""

from __future__ import annotations

from typing import Protocol

from kaboom.engine.errors import BadInput
from kaboom.engine.view import PlayerView


class Bot(Protocol):
    """A player: given its seat's view, it chooses one of the legal actions."""

    name: str

    def act(self, view: PlayerView) -> int: ...


def make_bot(spec: str, seed: int) -> Bot:
    """A bot from its name (``random``), seeded so that games replay.

    >>> make_bot("random", 1).name
    'random'
    """
    from kaboom.bots.random_bot import RandomBot

    kinds = {"random": RandomBot}
    name = spec.strip().lower()
    if name not in kinds:
        raise BadInput("bots", f"a bot name, one of {', '.join(sorted(kinds))}; got {spec!r}")
    return kinds[name](seed)
