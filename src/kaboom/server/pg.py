"""Several ``kaboom serve`` processes on one PostgreSQL (docs/protocol.md, "Several
processes").

Nothing home-made: the database already orders a table's actions (the unique key
``(table_id, seq)``: the second process to write a place fails and catches up), tells the
other processes of every commit (``NOTIFY kaboom_events`` in the writing transaction, a
``LISTEN`` here), and picks one process to run each table's clocks and bots (a session
advisory lock per table, held on this process's lock connection: if the process dies, its
connection closes, the lock is free, and another process's sweep takes the table over).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Protocol, TypeVar

import psycopg
from sqlalchemy.engine import Engine

from kaboom.server.db import CHANNEL
from kaboom.server.table import Table, TableUnavailable

T = TypeVar("T")


class Host(Protocol):
    """The process's hub (``hub.Hub``)."""

    instance: str
    engine: Engine
    tables: dict[str, Table]

    async def get(self, table_id: str) -> Table | None: ...

    def spawn(self, coro: Coroutine[object, object, T]) -> asyncio.Task[T]: ...


log = logging.getLogger("kaboom.server")

#: The first key of the tables' advisory locks (the second: ``hashtext(table id)``).
LOCK_SPACE = 727275
#: The first key of the processes' own advisory locks (the second: ``hashtext(instance)``),
#: held while a process lives: its presence rows outlive it only until a sweep sees that.
INSTANCE_SPACE = 727276
#: The presence rows of processes that are gone (their instance lock is free).
GONE_PRESENCE = (
    "DELETE FROM kaboom_presence p WHERE NOT EXISTS (SELECT 1 FROM pg_locks l "
    "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND l.classid = %s AND l.objid = (hashtext(p.instance)::bigint & 4294967295)::oid) "
    "RETURNING p.table_id"
)


def conninfo(url: str) -> str:
    """The libpq URL of a SQLAlchemy URL (without ``+psycopg``)."""
    from sqlalchemy.engine import make_url

    u = make_url(url).set(drivername="postgresql")
    return u.render_as_string(hide_password=False)


class PgLink:
    def __init__(self, hub: Host) -> None:
        self.hub = hub
        self.url = conninfo(str(hub.engine.url.render_as_string(hide_password=False)))
        self.driven: set[str] = set()
        self._locks: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._guard = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._locks = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._lock_query(
            "SELECT pg_advisory_lock(%s, hashtext(%s))", INSTANCE_SPACE, self.hub.instance
        )
        ready = asyncio.Event()
        self._listener = self.hub.spawn(self._listen(ready))
        await ready.wait()

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()

    async def _lock_query(self, sql: str, *args: object) -> list[tuple[object, ...]]:
        assert self._locks is not None
        async with self._guard:
            cur = await self._locks.execute(sql, args)
            return await cur.fetchall()

    async def notify(self, table_id: str, what: str, *words: str) -> None:
        payload = " ".join((self.hub.instance, what, table_id, *words))
        await self._lock_query("SELECT pg_notify(%s, %s)", CHANNEL, payload)

    async def claim(self, table: Table) -> None:
        """Drive the table if its lock is free (or ours already)."""
        if table.id not in self.driven:
            rows = await self._lock_query(
                "SELECT pg_try_advisory_lock(%s, hashtext(%s))", LOCK_SPACE, table.id
            )
            if not rows[0][0]:
                return
            self.driven.add(table.id)
        if not table.driving:
            await table.drive()

    async def release(self, table_id: str) -> None:
        if table_id in self.driven:
            self.driven.discard(table_id)
            await self._lock_query(
                "SELECT pg_advisory_unlock(%s, hashtext(%s))", LOCK_SPACE, table_id
            )

    async def sweep(self) -> None:
        """Take over the tables in play that no process drives (its process died), and
        forget the presence of people who were connected to a process that died."""
        gone = await self._lock_query(GONE_PRESENCE, INSTANCE_SPACE)
        for left in sorted({str(r[0]) for r in gone}):
            table = self.hub.tables.get(left)
            if table is not None:
                self.hub.spawn(table.refresh_seats())
            await self.notify(left, "seats")
        rows = await self._lock_query(
            "SELECT id FROM (SELECT id FROM kaboom_tables WHERE status = 'playing' "
            "AND NOT (id = ANY(%s)) OFFSET 0) t "
            "WHERE pg_try_advisory_lock(%s, hashtext(id))",
            list(self.driven),
            LOCK_SPACE,
        )
        for (table_id,) in rows:
            assert isinstance(table_id, str)
            self.driven.add(table_id)
            log.info("table %s: taken over by process %s", table_id, self.hub.instance)
            try:
                table = await self.hub.get(table_id)
            except TableUnavailable:  # (the hub said why, in one line)
                continue
            if table is None:
                continue
            async with table.lock:
                await table.catch_up()
            await self.claim(table)

    async def _listen(self, ready: asyncio.Event) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for table in self.hub.tables.values():
                        table.behind = True  # what was said while nobody listened
                    ready.set()
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the LISTEN connection failed; again in a second")
                ready.set()
                await asyncio.sleep(1.0)

    def _heard(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) < 3 or parts[0] == self.hub.instance:
            return
        _, what, table_id = parts[:3]
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        if what == "act" and len(parts) > 3 and parts[3].isdigit() and int(parts[3]) <= table.seq:
            return
        if what == "chat":  # a line stored (issue 35): read the ones not known here
            self.hub.spawn(table.chat_catch_up())
            return
        if what in ("react", "chat-setting"):
            table.chat_heard(what, parts[3:])
            return
        table.behind = True
        if what == "seats":
            self.hub.spawn(table.refresh_seats())
        else:  # "act": new log entries; "start", "over": the table's status changed
            self.hub.spawn(self._catch_up(table, full=what != "act"))

    async def _catch_up(self, table: Table, full: bool) -> None:
        async with table.lock:
            await table.catch_up(full)
