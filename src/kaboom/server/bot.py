"""Bots at a server table: seat clients in this process, fed the very messages a remote
client of the seat gets, deciding from ``PlayerView.of`` what those messages hold.

A bot seat's agent plays every decision; a person's seat has one standing by, which plays
for the person while they are away (out of time on the clock), after the table voted a bot
in, or after they left. Its action goes through the table's ``handle``, as a WebSocket
client's would.

A bot keeps the table's clock (docs/rulings.md, "The table's clock"; ``kaboom.bots.clock``):
a window answer is decided within the window's clock (``decision.clock``, from when the
decision came), sent as soon as decided (the table holds it to the clock's end) and not at
all once the clock has run out; a move of its own is searched until, and sent at, a
deadline from public facts only (when the decision came, the table's ``bot_delay``, the
bot's own time budget), never earlier because it was decided sooner.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar, TypeVarTuple, cast

from kaboom.bots.base import Bot, Search, Watcher, watchers
from kaboom.bots.clock import Deadline, decide_by, turn_deadline, until
from kaboom.bots.inference import MOST_PENDING
from kaboom.bots.make import make_bot
from kaboom.engine.state import Observation, State
from kaboom.engine.view import PlayerView
from kaboom.i18n import SOURCE
from kaboom.server.db import TableRow
from kaboom.server.protocol import Act, Message

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
#: A decision this quick (seconds) is made on the event loop once ``QUICK_RUN`` in a row were.
QUICK = 0.002
QUICK_RUN = 8


class Host(Protocol):
    """The table a bot sits at (``table.Table``)."""

    row: TableRow
    driving: bool

    def game_class(self) -> type[State]: ...

    async def handle(self, conn: Any, msg: Act) -> None: ...

    def spawn(self, coro: Coroutine[object, object, T]) -> asyncio.Task[T]: ...

    async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T: ...


class BotAgent:
    """One seat's bot, connected to its table like a client."""

    person = False
    lang = SOURCE

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
        #: decides on the event loop (a process hop costs more than such a decision). The
        #: bots that are no search decide in microseconds, so they start on the loop (a
        #: slow decision sends one back to the pool). A search (``Search``: ismcts) always
        #: thinks in the bots' processes: on the loop it would hold up every table until
        #: its deadline (its quick decisions, one legal action, say nothing of its next).
        self.searches = isinstance(self.bot, Search)
        self.quick = 0 if self.searches else QUICK_RUN
        #: The seat's observations since the bot's last decision, for a bot that watches
        #: every step (``Watcher``): handed to it when it next decides, in this process.
        self.watching = bool(watchers([self.bot]))
        self.seen: list[Observation] = []

    def reset(self) -> None:
        self.done.clear()

    def deliver(self, msg: Message, text: str) -> None:
        """A message for the seat: a decision is taken up once, and thought over off the
        event loop."""
        if msg.get("type") not in ("update", "sync"):
            return
        observation = msg.get("observation")
        if self.watching and observation is not None:
            if len(self.seen) >= MOST_PENDING:  # (a bound: its worlds start anew from here)
                self.seen.clear()
            self.seen.append(observation)
        if not self.table.driving:
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
        deadline = self.deadline(decision, asyncio.get_running_loop().time())
        self.table.spawn(self._decide(ident, observation, legal, deadline))

    def deadline(self, decision: Message, came: float) -> Deadline:
        """When this decision's thinking ends and its move is due, from when it ``came``
        and public facts: a window answer by the end of the window's clock, a move of its
        own at the table's pace or the bot's budget (``turn_deadline``)."""
        if decision["kind"] == "window":
            return until(came, came + float(decision["clock"] or 0.0))
        return turn_deadline(came, self.table.row.bot_delay, self.bot)

    async def _decide(
        self, ident: tuple[str, int], obs: Observation, legal: list[int], deadline: Deadline
    ) -> None:
        loop = asyncio.get_running_loop()
        kind, at = ident
        # The update that brought the decision goes out to every connection first: a move
        # decided on the loop (a forced one, a quick bot's) or the hand-off to the bots'
        # processes would hold up its sending (the writers run now).
        await asyncio.sleep(0)
        async with self.thinking:
            if self.latest != ident:  # the game moved on while another decision was made
                return
            view = PlayerView.of(self.game_class, dict(self.table.row.options), obs, legal)
            action = await self._think(view, deadline.think)
        if kind == "turn":
            await asyncio.sleep(max(0.0, deadline.release - loop.time()))
        elif loop.time() >= deadline.release:
            return  # the window's clock ran out meanwhile: it passed for this seat
        act = Act(v=1, type="action", key=f"{self.prefix}-{kind}-{at}", id=action, at=at)
        await self.table.handle(self, act)

    async def _think(self, view: PlayerView, think: float) -> int:
        """The bot's move, its search stopped at ``think``: on the event loop for a forced
        move (one legal action) and for a bot that always decides at once (no hop), else in
        the bots' processes, from which the bot comes back as it is after deciding (its
        random stream moved on, as in this process)."""
        began = time.perf_counter()
        if self.watching:
            seen, self.seen = self.seen, []
            for observation in seen:
                cast(Watcher, self.bot).see(observation)
        if len(view.legal_actions()) == 1 or (not self.searches and self.quick >= QUICK_RUN):
            action = decide_by(self.bot, view, think)
        else:
            action, self.bot = await self.table.think(decide_elsewhere, self.bot, view, think)
        if not self.searches:
            self.quick = self.quick + 1 if time.perf_counter() - began < QUICK else 0
        return action

    def close(self, code: int, reason: str) -> None:
        return None


def decide_elsewhere(bot: Bot, view: PlayerView, think: float) -> tuple[int, Bot]:
    """``decide_by`` in a bot process, on a copy of the seat's bot: the move, and the copy
    as it is after it, which the seat keeps (else each decision would start the bot's
    random stream where the seat's bot was made)."""
    return decide_by(bot, view, think), bot
