"""What each client address may spend across all its connections: a token bucket of
requests or messages, its open WebSockets, the live tables it created.

A client's address is the one the ASGI server reports (``peer``): the socket's peer, or,
for a proxy on this machine, the ``X-Forwarded-For`` it sets (uvicorn trusts that header
from ``FORWARDED_ALLOW_IPS`` only, 127.0.0.1 and ::1 by default). Behind a proxy elsewhere
every client has the proxy's address: set the limits there and lift them here
(``--trusted``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from starlette.types import Scope

#: Addresses remembered at most by a map of buckets (past it, the one heard from least
#: recently is forgotten: a full bucket again, which only forgives).
MAX_ADDRESSES = 10_000


def peer(scope: Scope) -> str:
    """The client address of an ASGI connection (``?`` if the server did not say)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


class Bucket:
    """A token bucket: ``rate`` per second, up to ``burst`` at once (rate 0: no limit)."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level = rate, burst, burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Buckets:
    """A token bucket per client address (rate 0: no limit, and nothing kept)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, Bucket] = {}

    def take(self, client: str) -> bool:
        if self.rate <= 0:
            return True
        bucket = self.buckets.pop(client, None)  # (back in last: the dict's order is LRU)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:
                del self.buckets[next(iter(self.buckets))]
            bucket = Bucket(self.rate, self.burst)
        self.buckets[client] = bucket
        return bucket.take()


class Sockets:
    """The open WebSockets of each client address, at most ``cap`` each (0: no limit)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[str, int] = {}

    def connect(self, client: str) -> bool:
        """Count one more socket of ``client``; False (and not counted) at the cap."""
        held = self.open.get(client, 0)
        if self.cap and held >= self.cap:
            return False
        self.open[client] = held + 1
        return True

    def disconnect(self, client: str) -> None:
        held = self.open.pop(client, 0) - 1
        if held > 0:
            self.open[client] = held


class Owners:
    """Who created each table in memory (its client address): how many live tables an
    address holds, and whose work a table's bots are (``pool.BotPool`` takes turns
    between addresses). ``live`` says whether a table is still open or playing."""

    def __init__(self, live: Callable[[str], bool]) -> None:
        self.live = live
        self.of: dict[str, str] = {}
        self.tables: dict[str, set[str]] = {}

    def add(self, client: str, table_id: str) -> None:
        self.of[table_id] = client
        self.tables.setdefault(client, set()).add(table_id)

    def held(self, client: str) -> int:
        """How many live tables ``client`` created (those that ended are let go here)."""
        mine = self.tables.get(client, set())
        for table_id in [t for t in mine if not self.live(t)]:
            self.drop(table_id)
        return len(mine)

    def drop(self, table_id: str) -> None:
        """Forget a table (gone from memory, or no longer live)."""
        client = self.of.pop(table_id, None)
        mine = self.tables.get(client or "")
        if mine is not None:
            mine.discard(table_id)
            if not mine:
                del self.tables[client or ""]

    def owner(self, table_id: str) -> str:
        """The address that created the table; the table itself if not known here (built
        again from the database after a restart, or at another process)."""
        return self.of.get(table_id, table_id)
