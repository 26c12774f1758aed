"""Bots at a server table: seat clients in this process, fed the very messages a remote
client of the seat gets, deciding from ``PlayerView.of`` what those messages hold.

A bot seat's agent plays every decision; a person's seat has one standing by, which plays
for the person while they are away (out of time on the clock), after the table voted a bot
in, or after they left. Its action goes through the table's ``handle``, as a WebSocket
client's would.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from kaboom.bots.base import Search
from kaboom.bots.make import make_bot
from kaboom.engine.state import State
from kaboom.engine.view import PlayerView
from kaboom.server.db import TableRow
from kaboom.server.protocol import Act

T = TypeVar("T")
#: A decision this quick (seconds) is made on the event loop once ``QUICK_RUN`` in a row were.
QUICK = 0.002
QUICK_RUN = 8


class Host(Protocol):
    """The table a bot sits at (``table.Table``)."""

    row: TableRow
    driving: bool

    def game_class(self) -> type[State]: ...

    async def handle(self, conn: Any, msg: Act) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]: ...

    async def think(self, fn: Callable[..., T], *args: Any) -> T: ...


class BotAgent:
    """One seat's bot, connected to its table like a client."""

    person = False

    def __init__(self, table: Host, seat: int, spec: str) -> None:
        self.table = table
        self.seat: int | None = seat
        self.spec = spec
        self.bot = make_bot(spec, secrets.randbits(63), table.row.game)
        self.game_class = table.game_class()
        #: Decisions already taken up, by (kind, seq): an update repeats a window's.
        self.done: set[tuple[str, int]] = set()
        self.latest: tuple[str, int] | None = None
        self.thinking = asyncio.Lock()
        self.prefix = "bot" + secrets.token_hex(4)
        #: Decisions in a row that took under ``QUICK``: from ``QUICK_RUN`` on, the bot
        #: decides on the event loop (a thread costs more than such a decision). A search
        #: (ismcts) always decides in the bots' processes (its quick decisions, one legal
        #: action, say nothing of its next); the other bots decide in microseconds, so they
        #: start on the loop (a slow decision sends them back to the pool).
        self.searches = isinstance(self.bot, Search)
        self.quick = 0 if self.searches else QUICK_RUN

    def reset(self) -> None:
        self.done.clear()

    def deliver(self, msg: dict[str, Any], text: str) -> None:
        """A message for the seat: a decision is taken up once, and thought over off the
        event loop."""
        if msg.get("type") not in ("update", "sync") or not self.table.driving:
            return
        decision = msg.get("decision")
        if decision is None:
            self.latest = None
            return
        ident = (decision["kind"], decision["at"])
        self.latest = ident
        if ident in self.done:
            return
        self.done.add(ident)
        observation = decision["observation"] or msg["observation"]
        legal = [a["id"] for a in decision["legal"]]
        self.table.spawn(self._decide(ident, observation, legal))

    async def _decide(self, ident: tuple[str, int], obs: dict[str, Any], legal: list[int]) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        async with self.thinking:
            if self.latest != ident:  # the game moved on while another decision was made
                return
            view = PlayerView.of(self.game_class, dict(self.table.row.options), obs, legal)
            began = time.perf_counter()
            if self.quick >= QUICK_RUN or len(legal) == 1:  # at once: no hop to the pool
                action = self.bot.act(view)
            else:
                action = await self.table.think(self.bot.act, view)
            took = time.perf_counter() - began
            if not self.searches:
                self.quick = self.quick + 1 if took < QUICK else 0
        kind, at = ident
        if kind == "turn":
            rest = self.table.row.bot_delay - (loop.time() - started)
            if rest > 0:
                await asyncio.sleep(rest)
        act = Act(v=1, type="action", key=f"{self.prefix}-{kind}-{at}", id=action, at=at)
        await self.table.handle(self, act)

    def close(self, code: int, reason: str) -> None:
        return None
