"""Every table this process holds, the database threads, the bots' threads and the clocks.

On start the hub upgrades the database (Alembic) and rebuilds every unfinished table by
dealing its seed again and replaying its log. With PostgreSQL, several processes share the
tables (``pg.PgLink``): each action is one row under the unique key (table, seq), committed
with a NOTIFY that the other processes follow; one process at a time, the holder of the
table's advisory lock, runs its clocks and bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, TypeVarTuple

from kaboom.bots.base import Search
from kaboom.engine.errors import BadInput, BadOption, KaboomError
from kaboom.engine.options import refuse_file_options
from kaboom.engine.parsing import parse_seed
from kaboom.engine.registry import get_game, new_game
from kaboom.i18n import _
from kaboom.server.bot import BotAgent
from kaboom.server.chat import CHAT_KEPT
from kaboom.server.clocks import DEFAULT_WINDOW
from kaboom.server.coach import Reviews
from kaboom.server.config import ServerConfig
from kaboom.server.db import LIVE, ActionRow, SeatRow, Store, TableRow, make_engine, migrate
from kaboom.server.limits import Owners
from kaboom.server.people import bot_name
from kaboom.server.pool import BotPool
from kaboom.server.seating import LobbyError, token_hash
from kaboom.server.table import Table, TableUnavailable

log = logging.getLogger("kaboom.server")

if TYPE_CHECKING:
    from kaboom.server.pg import PgLink  # (psycopg: imported only where it is used)

T = TypeVar("T")
P = ParamSpec("P")
Ts = TypeVarTuple("Ts")
#: PostgreSQL commits in flight at once.
WRITERS = 4
#: Seconds between two SQLite checkpoints.
CHECKPOINT_EVERY = 2.0
#: Seconds a table that could not be rebuilt is refused before it is tried again (one
#: warning line each try), and how many such tables are remembered.
BROKEN_RETRY = 60.0
MAX_BROKEN = 10_000
#: The collector's thresholds in a server process (``settle_gc``): the young generations as
#: Python's defaults, a full collection after 1000 middle ones instead of 10.
GC_THRESHOLDS = (700, 10, 1000)


def settle_gc() -> None:
    """The garbage collector for a long-running process with many live objects. A full
    collection walks every object the process holds (every table's game, log and
    connections): at 500 tables on the load bench (``bench/server_load.py``) each paused
    the event loop for 0.2 to 0.5 s, eight times a minute, and those pauses were most of
    the p99. What exists now (modules, the app: about 70,000 objects) is frozen out of
    every collection, and full collections come a hundred times less often; the young
    generations still collect the cyclic garbage (over a load run almost none of it lived
    long enough to reach the oldest generation)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def hints_allowed(asked: bool | None, seats: list[str], rated: bool = False) -> bool:
    """Whether a table allows hints (issue 32): never at a rated table (a rating is of the
    players alone, as lichess allows no engine in a rated game); else as its creator asked
    (none: off), and always where at most one seat is a person's (every other seat a bot:
    nobody to wrong).

    >>> hints_allowed(None, ["human", "human"]), hints_allowed(None, ["human", "random"])
    (False, True)
    >>> hints_allowed(True, ["human", "human"]), hints_allowed(False, ["human", "heuristic"])
    (True, True)
    >>> hints_allowed(None, ["human", "random"], rated=True)
    False
    """
    if rated:
        return False
    return bool(asked) or sum(s == "human" for s in seats) <= 1


def named(table_id: str, seat: int, given: list[str | None] | None) -> str:
    """A bot seat's name (issue 46): the one it had at the table before, else one drawn
    from the table's id and the seat (public facts only: ``people.bot_name``)."""
    before = given[seat] if given is not None and seat < len(given) else None
    return before or bot_name(table_id, seat)


class Hub:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.engine = make_engine(config.db)
        self.store = Store(self.engine)
        #: PostgreSQL: other processes may serve the same tables.
        self.shared = self.store.dialect == "postgresql"
        self.tables: dict[str, Table] = {}
        self.db_pool = ThreadPoolExecutor(8 if self.shared else 1, thread_name_prefix="kaboom-db")
        self.bot_pool = BotPool(config.bot_processes)
        #: The client address that created each table (its live tables, its bots' turn).
        self.owners = Owners(self._live)
        self.instance = secrets.token_hex(4)
        self._tasks: set[asyncio.Task[object]] = set()
        self._writes: asyncio.Queue[tuple[str, list[ActionRow], asyncio.Future[None]]] = (
            asyncio.Queue()
        )
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        #: Tables that could not be rebuilt: why, and when to try again (``get``).
        self.broken: dict[str, tuple[str, float]] = {}
        self.pg: PgLink | None = None  # (PostgreSQL's link, made where the database is shared)
        self.started = time.time()
        #: Counters for the health check (where a load's time goes).
        self.stats: dict[str, float] = dict.fromkeys(
            (
                "commits",
                "writes",
                "commit_s",
                "commit_max_s",
                "lag_n",
                "lag_s",
                "lag_max_s",
                "lag_over_50ms",
                "hints",
                "reviews",
            ),
            0.0,
        )
        #: Finished games' reviews (issue 32: ``coach``), kept in memory.
        self.reviews = Reviews(config.reviews_kept)

    # -- life ------------------------------------------------------------------------------------
    async def startup(self) -> None:
        await self.db(migrate, self.engine)
        self.spawn(self._writer())
        if not self.shared:
            self.spawn(self._checkpoints())
            await self.db(self.store.clear_presence)  # the only process: nobody is connected
        if self.shared:
            from kaboom.server.pg import PgLink

            self.pg = PgLink(self)
            await self.pg.start()
        if self.config.settle_gc:
            settle_gc()  # before the tables: they end some day, and frozen cycles stay
        for table_id in await self.db(self.store.live_ids):
            with contextlib.suppress(TableUnavailable):  # (``get`` said why, in one line)
                await self.get(table_id)
        self.spawn(self._sweeper())
        self.spawn(self._lag())

    async def shutdown(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.pg is not None:
            await self.pg.stop()
        self.db_pool.shutdown(wait=False, cancel_futures=True)
        self.bot_pool.shutdown()
        self.store.close_writers()
        self.engine.dispose()

    def spawn(self, coro: Coroutine[object, object, T]) -> asyncio.Task[T]:
        """A background task, kept alive and its failure logged."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[object]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a blocking database call: PostgreSQL's in the database threads (a network
        round trip each); SQLite's right here, on the event loop (a commit in WAL mode is a
        write to the OS, well under a millisecond, never an fsync: the checkpoints, which
        sync, run in a thread of their own; a thread per call would cost more than the call,
        waiting for the GIL)."""
        if not self.shared:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    async def _checkpoints(self) -> None:
        """SQLite: move the WAL into the database file now and then, off the event loop."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await loop.run_in_executor(self.db_pool, self.store.checkpoint)
            except Exception:
                log.exception("checkpoint failed")

    async def think(self, table_id: str, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run a decision of a table's bot in the bots' processes, in its owner's turn."""
        return await self.bot_pool.run(self.owners.owner(table_id), fn, *args)

    # -- the log -----------------------------------------------------------------------------------
    async def write(self, table_id: str, rows: list[ActionRow]) -> None:
        """Append rows to a table's log; returns once committed (``Conflict``: the place
        was taken). Writes that arrive together share one transaction."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._writes.put_nowait((table_id, rows, future))
        await future

    async def _writer(self) -> None:
        """Commit what is queued, in batches: SQLite one batch at a time (here, on the
        loop); PostgreSQL up to ``WRITERS`` batches at once (its commits wait for the disk,
        and concurrent ones share an fsync). A table never has two writes in flight (its
        lock), so batches never reorder one table's entries."""
        slots = asyncio.Semaphore(WRITERS if self.shared else 1)
        while True:
            first = await self._writes.get()
            batch = [first]
            while not self._writes.empty() and len(batch) < 256:
                batch.append(self._writes.get_nowait())
            await slots.acquire()
            task = self.spawn(self._commit_batch(batch))
            task.add_done_callback(lambda _: slots.release())
            if not self.shared:
                await task

    async def _commit_batch(
        self, batch: list[tuple[str, list[ActionRow], asyncio.Future[None]]]
    ) -> None:
        items = [(t, rows) for t, rows, _future in batch]
        notify = self.instance if self.shared else None
        began = time.perf_counter()
        try:
            results = await self.db(self.store.append_many, items, notify)
        except Exception as err:
            results = [err] * len(batch)
        took = time.perf_counter() - began
        self.stats["commits"] += 1
        self.stats["writes"] += len(batch)
        self.stats["commit_s"] += took
        self.stats["commit_max_s"] = max(self.stats["commit_max_s"], took)
        for (_table, _rows, future), result in zip(batch, results, strict=True):
            if future.done():
                continue
            if result is None:
                future.set_result(None)
            else:
                future.set_exception(result)

    def notify(self, table_id: str, what: str, *words: str) -> None:
        """Tell the other processes (PostgreSQL) that a table's lobby or status changed (or
        a reaction, or the chat's setting: ``words`` say it)."""
        if self.pg is not None:
            self.spawn(self.pg.notify(table_id, what, *words))

    # -- tables ------------------------------------------------------------------------------------
    async def get(self, table_id: str) -> Table | None:
        """The table, from memory or rebuilt from the database (None: no such table).

        A table that cannot be rebuilt raises ``TableUnavailable``: one warning line in the
        log when it fails (no traceback), then refused without another try, and without
        another line, for ``BROKEN_RETRY`` seconds, however many clients ask for it."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        broken = self.broken.get(table_id)
        if broken is not None:
            reason, retry_at = broken
            if time.monotonic() < retry_at:
                raise TableUnavailable(table_id, reason)
            del self.broken[table_id]
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            future.set_result(table)
        except Exception as err:
            self.tables.pop(table_id, None)
            reason = f"{type(err).__name__}: {err}"[:300]
            if len(self.broken) >= MAX_BROKEN:
                self.broken.clear()
            self.broken[table_id] = (reason, time.monotonic() + BROKEN_RETRY)
            log.warning("table %s cannot be loaded (%s); refused for %.0f s", table_id,
                        reason, BROKEN_RETRY)  # fmt: skip
            unavailable = TableUnavailable(table_id, reason)
            future.set_exception(unavailable)
            future.exception()  # (retrieved: a load nobody else waited on logs nothing)
            raise unavailable from None
        except BaseException as err:
            future.set_exception(err)
            future.exception()
            raise
        finally:
            del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> Table | None:
        loaded = await self.db(self.store.load, table_id)
        if loaded is None:
            return None
        row, seats, actions = loaded
        table = Table(self, row, seats)
        self._seat_agents(table)
        await table.reload_marks()
        table.chat.load(await self.db(self.store.chat_since, table_id, 0, CHAT_KEPT))
        if row.status != "open":
            table.deal()
            table.replay(actions)
        self.tables[table_id] = table
        if row.status == "playing":
            self.claim(table)
        return table

    def _seat_agents(self, table: Table) -> None:
        for s in table.seats:
            spec = s.row.bot if s.row.kind == "bot" and s.row.bot else self.config.fallback_bot
            s.agent = BotAgent(table, s.row.seat, spec)

    def claim(self, table: Table, fresh: bool = False) -> None:
        """Run this table's clocks and bots here: always with SQLite (one process); with
        PostgreSQL when this process gets the table's advisory lock. ``fresh``: the table
        was just dealt here and its first update is under way (nothing to restart)."""
        if self.pg is None:
            if not table.driving:
                table.driving = True
                if not fresh:
                    self.spawn(table.drive())
            return
        self.spawn(self.pg.claim(table))

    def table_done(self, table: Table) -> None:
        """A table ended: its clocks stop; with PostgreSQL its lock is let go."""
        table.driving = False
        if self.pg is not None:
            self.spawn(self.pg.release(table.id))

    async def create(
        self, req: dict[str, Any], client: str = "?", bots: list[str | None] | None = None
    ) -> tuple[Table, str | None]:
        """A new table from a checked request (``app.CreateTable``) of a client address:
        its invite code, if private (told once: only its hash is kept). What the request
        asks beyond this server's caps is a ``BadOption`` naming the field and the limit;
        a client holding its share of live tables already, a ``LobbyError`` 429.
        ``bots``: the bots' names by seat, where they go on from a table before (else each
        bot seat is named from the new table's id: ``people.bot_name``)."""
        spec = get_game(req["game"])
        players = req["players"]
        spec.check_players(players)
        seats: list[str] = req.get("seats") or ["human"] * players
        if len(seats) != players:
            raise BadInput("seats", f"{players} seats, each 'human' or a bot spec")
        level = req.get("level", "medium")
        specs = [s if s != "ismcts" else f"ismcts:level={level}" for s in seats]
        self._check_clocks(req)
        self._check_bots(specs, spec.game_id)
        if req.get("rated") and req.get("hints"):
            # (issue 46: refused, never dropped, so the lobby can say why before it asks)
            no_coach = _("no hints at a rated table: a rating is of the players alone, "
                         "with no coach (untick Rated or Hints)")  # fmt: skip
            raise BadInput("hints", no_coach)
        seed = req.get("seed")  # a decimal string or an integer (docs/protocol.md)
        seed = secrets.randbits(64) if seed is None else parse_seed(seed)
        options = dict(req.get("options") or {})
        refuse_file_options(spec.options, options)
        new_game(spec.game_id, players, 0, **options)  # a bad option stops here
        if len(self.tables) >= self.config.max_tables:
            raise LobbyError(503, _("too many tables on this server"))
        cap = self.config.client_tables
        if cap and self.owners.held(client) >= cap:
            held = _("at most {n} live tables (open or playing) from one address").format(n=cap)
            raise LobbyError(429, f"tables: {held}; one must end first")
        invite = secrets.token_urlsafe(12) if req.get("private") else None
        row = TableRow(
            id=secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
            game=spec.game_id,
            players=players,
            options=options,
            seed=seed,
            private=bool(req.get("private")),
            invite_hash=None if invite is None else token_hash(invite),
            clock=req.get("clock"),
            window=float(req.get("window", DEFAULT_WINDOW)),
            bot_delay=float(req.get("bot_delay", 0.8)),
            chat=bool(req.get("chat", True)),
            rated=bool(req.get("rated", False)),
            hints=hints_allowed(req.get("hints"), specs, bool(req.get("rated", False))),
            open_reviews=bool(req.get("open_reviews", False)),
        )
        seat_rows = [
            SeatRow(q, "human") if s == "human" else SeatRow(q, "bot", s, named(row.id, q, bots))
            for q, s in enumerate(specs)
        ]
        await self.db(self.store.create_table, row, seat_rows)
        table = Table(self, row, seat_rows)
        self._seat_agents(table)
        self.tables[row.id] = table
        self.owners.add(client, row.id)
        if all(s.kind == "bot" for s in seat_rows):  # nobody to wait for: bots play at once
            await table.start()
        return table, invite

    def _check_clocks(self, req: dict[str, Any]) -> None:
        """A table's clocks within this server's caps (else ``BadOption`` naming the field
        and the limit)."""
        c = self.config
        clock = req.get("clock")
        if clock is not None and not 1.0 <= clock <= c.max_clock:
            why = _("seconds in 1..{most}, or none").format(most=f"{c.max_clock:g}")
            raise BadOption("clock", why)
        for name, default, cap in (
            ("window", DEFAULT_WINDOW, c.max_window),
            ("bot_delay", 0.8, c.max_bot_delay),
        ):
            if not 0.0 <= req.get(name, default) <= cap:
                raise BadOption(name, _("seconds in 0..{most}").format(most=f"{cap:g}"))

    def _check_bots(self, specs: list[str], game: str) -> None:
        """Every bot spec makes a bot (else ``BadInput``), and its searches stay within
        this server's caps: iterations and seconds a decision, seats a search plays (else
        ``BadOption`` naming the field and the limit)."""
        from kaboom.bots.make import make_bot, names_a_file

        c = self.config
        searches = 0
        for seat, s in enumerate(specs):
            if names_a_file(s):  # (before making it: making it would read the file)
                on_disk = _(
                    "seat {seat} ({spec}) names a file on the server's disk: not accepted over "
                    "the network"
                )
                raise BadOption("seats", on_disk.format(seat=seat, spec=s))
            bot = make_bot(s, 0, game) if s != "human" else None
            if not isinstance(bot, Search):
                continue
            searches += 1
            asks = _("at most {most} a decision on this server; seat {seat} ({spec}) asks {asked}")
            if bot.iterations > c.max_iterations:
                said = asks.format(most=c.max_iterations, seat=seat, spec=s, asked=bot.iterations)
                raise BadOption("iterations", said)
            if bot.seconds is not None and bot.seconds > c.max_seconds:
                most, asked = f"{c.max_seconds:g}", f"{bot.seconds:g}"
                raise BadOption("seconds", asks.format(most=most, seat=seat, spec=s, asked=asked))
        if searches > c.max_search_seats:
            played = _(
                "at most {most} played by a search bot (ismcts) on this server; {n} asked"
            ).format(most=c.max_search_seats, n=searches)
            raise BadOption("seats", played)

    def _live(self, table_id: str) -> bool:
        table = self.tables.get(table_id)
        return table is not None and table.row.status in LIVE

    # -- housekeeping ------------------------------------------------------------------------------
    async def _lag(self) -> None:
        """How late the event loop wakes up (the health check's ``lag``): a busy or starved
        loop delays every message."""
        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            await asyncio.sleep(0.1)
            late = loop.time() - began - 0.1
            self.stats["lag_n"] += 1
            self.stats["lag_s"] += late
            self.stats["lag_max_s"] = max(self.stats["lag_max_s"], late)
            if late > 0.05:
                self.stats["lag_over_50ms"] += 1

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep)
            try:
                await self._sweep()
            except Exception:
                log.exception("sweep failed")

    async def _sweep(self) -> None:
        now = time.monotonic()
        for table in list(self.tables.values()):
            idle = now - table.last_activity
            if table.row.status in LIVE:
                if (table.driving or table.row.status == "open") and idle > self.config.idle:
                    await table.end_idle()
            elif (
                idle > self.config.keep_finished
                and not any(s.conns for s in table.seats)
                and not table.spectators
            ):
                table.close_all(1001, "table closed")
                self.tables.pop(table.id, None)
                self.owners.drop(table.id)
        if self.pg is not None:
            await self.pg.sweep()


__all__ = ["Hub", "KaboomError", "LobbyError", "TableUnavailable", "settle_gc"]
