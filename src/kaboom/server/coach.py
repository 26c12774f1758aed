"""The coach at online tables (issue 32): a hint for the decision before a seat, and the
review of a finished game, each searched on the bots' pool (``pool.BotPool``: the same
worker processes, at the same lower priority, in the table owner's turn) and bounded by
the server's seconds (``ServerConfig.hint_seconds``, ``review_seconds``).

A hint is searched from the seat's view alone: ``PlayerView.of`` the seat's observation and
its legal actions, exactly what the seat was sent (``hint_view``), with a search seed drawn
from public facts (the table, the decision's ``seq``, the seat: ``search_seed``). Two tables
that differ only in cards the seat cannot see give it the same hint. The answer goes to the
asking connection only, one search at a time per seat, and only where the table allows
hints (its creator decides; always where every other seat is a bot).

A review (``kaboom.sim.review``) deals the game again from its seed and log and judges each
of one seat's decisions from that seat's view then; finished reviews are kept in memory per
table, seat and budget (``Reviews``), so a second reader costs no search.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Protocol, TypeVar, TypeVarTuple

from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.state import Observation, State
from kaboom.engine.view import PlayerView
from kaboom.i18n import _
from kaboom.server import protocol as proto
from kaboom.server.config import ServerConfig
from kaboom.server.db import TableRow
from kaboom.server.seating import Conn
from kaboom.server.view import DecisionOut
from kaboom.sim.analysis import hint
from kaboom.sim.review import review

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

#: A review's key in the cache: the table, the seat reviewed, the rounds a decision.
ReviewKey = tuple[str, int, int]


class CoachHub(Protocol):
    """What the coach reads of the server's process (``hub.Hub``): its settings and the
    health check's counters."""

    config: ServerConfig
    stats: dict[str, float]


class Table(Protocol):
    """What the coach asks of a table (``table.Table``)."""

    @property
    def hub(self) -> CoachHub: ...
    @property
    def id(self) -> str: ...
    @property
    def row(self) -> TableRow: ...
    @property
    def state(self) -> State | None: ...
    @property
    def seq(self) -> int: ...
    @property
    def hinting(self) -> set[int]: ...

    def game_class(self) -> type[State]: ...
    def decision(self, seat: int | None) -> DecisionOut | None: ...
    def error(self, conn: Conn, code: str, text: str) -> None: ...
    def reply(self, conn: Conn, msg: proto.Message) -> None: ...
    def spawn(self, coro: Coroutine[object, object, T]) -> asyncio.Task[T]: ...
    async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T: ...


def search_seed(table_id: str, *words: int) -> int:
    """A search's seed from public facts only (the table's id, a ``seq``, a seat): the
    same for every world the seat may be in, never from a hidden card or the deal's seed.

    >>> search_seed("abc", 4, 0) == search_seed("abc", 4, 0) != search_seed("abc", 5, 0)
    True
    """
    text = ":".join([table_id, *map(str, words)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def hint_view(
    game_class: type[State], options: JsonObject, observation: Observation, legal: list[int]
) -> PlayerView:
    """The view a hint searches: what the seat was sent (its observation, its legal actions)
    and nothing else."""
    return PlayerView.of(game_class, dict(options), observation, legal)


def hint_choices(view: PlayerView, playouts: int, seed: int, seconds: float) -> list[JsonObject]:
    """The best choices of ``view``'s decision with their chance of winning (a worker
    process's call: its time bound starts here)."""
    deadline = time.monotonic() + seconds
    return [c.to_json() for c in hint(view, playouts, seed, deadline)]


def review_json(
    game: str,
    players: int,
    seed: int,
    options: JsonObject,
    history: Sequence[int],
    seat: int,
    playouts: int,
    search_seed: int,
    seconds: float,
) -> JsonObject:
    """The review of ``seat``'s decisions in a game (a worker process's call: its time bound
    starts here; the decisions left when it is up get one round each)."""
    deadline = time.monotonic() + seconds
    found = review(game, players, seed, options, history, [seat], playouts, search_seed, deadline)
    return found.to_json()


class Reviews:
    """Finished reviews in memory, at most ``kept`` (the least recently asked forgotten
    first); a review under way is shared by everyone who asks for it meanwhile."""

    def __init__(self, kept: int) -> None:
        self.kept = max(1, kept)
        self.done: OrderedDict[ReviewKey, JsonObject] = OrderedDict()
        self.running: dict[ReviewKey, asyncio.Future[JsonObject]] = {}
        #: Reviews searched (not answered from memory): what the health check counts.
        self.searched = 0

    async def get(
        self, key: ReviewKey, make: Callable[[], Awaitable[JsonObject]]
    ) -> tuple[JsonObject, bool]:
        """The review of ``key`` and whether it came from memory; ``make`` searches it."""
        found = self.done.get(key)
        if found is not None:
            self.done.move_to_end(key)
            return found, True
        running = self.running.get(key)
        if running is not None:
            return await asyncio.shield(running), True
        future: asyncio.Future[JsonObject] = asyncio.get_running_loop().create_future()
        self.running[key] = future
        try:
            self.searched += 1
            body = await make()
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # (retrieved: nobody else may be waiting)
            raise
        finally:
            del self.running[key]
        future.set_result(body)
        self.done[key] = body
        while len(self.done) > self.kept:
            self.done.popitem(last=False)
        return body, False


def give_hint(table: Table, conn: Conn, seat: int) -> None:
    """Answer a seat's ``hint``: its best choices now, to this connection only, once
    searched (in the background: the connection's other messages do not wait); refused at
    once (an ``error`` naming the rule) where hints are off, where the seat has no
    decision, or while its last hint is still being searched."""
    if not table.row.hints:
        table.error(conn, "hint-off", _("hints are off at this table (its creator decides)"))
        return
    decision = table.decision(seat)
    if decision is None or table.state is None:
        table.error(conn, "hint-turn", _("no decision of yours to hint at now"))
        return
    if seat in table.hinting:
        said = _("a hint for this seat is being searched: one at a time")
        table.error(conn, "hint-busy", said)
        return
    legal = [a["id"] for a in decision["legal"]]
    observation = decision["observation"] or table.state.observe(seat)
    view = hint_view(table.game_class(), table.row.options, observation, legal)
    table.hinting.add(seat)
    table.spawn(_search_hint(table, conn, seat, view, decision["at"]))


async def _search_hint(table: Table, conn: Conn, seat: int, view: PlayerView, at: int) -> None:
    config = table.hub.config
    seed = search_seed(table.id, at, seat)
    try:
        choices = await table.think(
            hint_choices, view, config.hint_playouts, seed, config.hint_seconds
        )
    except Exception as err:
        said = _("the hint could not be searched ({error})").format(error=err)
        table.error(conn, "hint-failed", said[:300])
        return
    finally:
        table.hinting.discard(seat)
    table.hub.stats["hints"] += 1
    table.reply(conn, proto.message("hint", table.seq, at=at, choices=choices))
