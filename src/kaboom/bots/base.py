"""The bot interface: a player that chooses from its seat's view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from kaboom.engine.state import Observation
from kaboom.engine.view import PlayerView


class Bot(Protocol):
    """A player: given its seat's view, it chooses one of the legal actions."""

    name: str

    def act(self, view: PlayerView) -> int: ...


@runtime_checkable
class Search(Protocol):
    """A bot that searches at each decision, within a budget: at most ``iterations``
    playouts, and at most ``seconds`` if set (``ismcts``, ``openspiel-ismcts``); the others
    decide in microseconds.

    >>> from kaboom.bots.make import make_bot
    >>> [isinstance(make_bot(spec, 1), Search) for spec in ("ismcts:level=hard", "random")]
    [True, False]
    """

    name: str
    iterations: int
    seconds: float | None

    def act(self, view: PlayerView) -> int: ...


@runtime_checkable
class TimedBot(Search, Protocol):
    """A search that thinks until it is told to stop: by ``deadline`` (in
    ``time.monotonic()`` seconds; None: its own budget alone) it plays its best move so far.
    ``seconds``: its own time budget per decision, from its spec (None: only its iterations
    bound it). The tables time such a bot by ``kaboom.bots.clock``."""

    def act_by(self, view: PlayerView, deadline: float | None) -> int: ...


@runtime_checkable
class Watcher(Protocol):
    """A bot that reasons about what the others did (``ismcts:infer=1``): the table tells
    it its seat's observation after every step of the game, whoever acted (``see``), while
    it is ``watching``. It reads nothing else; what it makes of them it works out in its
    own decisions (``kaboom.bots.inference``)."""

    name: str
    watching: bool

    def act(self, view: PlayerView) -> int: ...

    def see(self, observation: Observation) -> None: ...


def watchers(bots: Sequence[Bot | None]) -> list[tuple[int, Watcher]]:
    """The seats whose bots watch every step, and their bots (``bots``: one a seat, in
    order; None where a person plays)."""
    return [(q, b) for q, b in enumerate(bots) if isinstance(b, Watcher) and b.watching]
