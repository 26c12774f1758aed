"""The server's limits: what one table may ask (search iterations and seconds, seats played
by a search, clocks) refused beyond its caps with a 400 naming the field and the limit;
what one client address may hold across all its connections (open WebSockets, live
tables, messages a second), ``--trusted`` lifting them; and the bots' searches in worker
processes that take turns between owners, so another table's round trip holds while a
client asks for all the search the caps allow.

The server tests speak as several client addresses from one machine: uvicorn takes a
client's address from ``X-Forwarded-For`` when the connection comes from 127.0.0.1 (a
proxy on the same machine: ``kaboom.server.limits``)."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import os
import statistics
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any, TypeVar, TypeVarTuple

import httpx
import pytest
import websockets

from kaboom.cli.main import serve
from kaboom.engine.registry import get_game
from kaboom.engine.view import PlayerView
from kaboom.server import limits
from kaboom.server.bot import BotAgent
from kaboom.server.config import ServerConfig
from kaboom.server.db import TableRow
from kaboom.server.pool import BotPool
from server_support import Server, check_schema, sqlite_server

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
#: The module's server tests share one ``kaboom serve`` (its fixture): on one xdist worker.
pytestmark = pytest.mark.xdist_group("server_limits")

#: The fixture server's limits per client address, small to reach.
SOCKETS, TABLES, MSG_RATE, MSG_BURST = 3, 2, 10, 200
GAME = "exploding-kittens"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(
        tmp_path_factory.mktemp("limits"),
        *("--http-rate", "0", "--msg-rate", "0"),  # (only the limits per address bite)
        *("--client-sockets", str(SOCKETS), "--client-tables", str(TABLES)),
        *("--client-msg-rate", str(MSG_RATE)),
    ) as srv:
        yield srv


def _http(server: Server, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.base, headers={"X-Forwarded-For": address}, timeout=30)


async def _table(http: httpx.AsyncClient, **body: Any) -> httpx.Response:
    return await http.post("/api/tables", json={"game": GAME, "players": 2, **body})


@contextlib.asynccontextmanager
async def _socket(server: Server, address: str, table: str) -> AsyncIterator[Any]:
    """A WebSocket from ``address`` that said hello to ``table`` as a spectator."""
    url = server.base.replace("http", "ws") + "/ws"
    async with websockets.connect(url, additional_headers={"X-Forwarded-For": address}) as ws:
        with contextlib.suppress(websockets.ConnectionClosed):  # (a refused one may be closed)
            await ws.send(json.dumps({"v": 1, "type": "hello", "table": table}))
        yield ws


async def _sockets(
    held: contextlib.AsyncExitStack, server: Server, address: str, table: str, n: int
) -> list[Any]:
    """``n`` sockets from ``address`` at ``table``, each welcomed."""
    sockets = [await held.enter_async_context(_socket(server, address, table)) for _ in range(n)]
    for ws in sockets:
        assert (await _first(ws))["type"] == "welcome"
    return sockets


async def _first(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return message


async def _refused(ws: Any) -> tuple[list[dict[str, Any]], int | None]:
    """Every message up to the close, and the close code."""
    got = []
    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in ws:
            got.append(json.loads(raw))
    return got, ws.close_code


def _warnings(server: Server, cause: str, address: str) -> list[str]:
    text = server.log.read_text(errors="replace")
    line = f"websocket refused ({cause}) from {address}"
    return [x for x in text.splitlines() if line in x]


# -- what one table may ask -------------------------------------------------------------------
OVER_THE_CAPS = [
    ({"seats": ["ismcts:iterations=5001", "human"]}, "iterations", "5000"),
    ({"seats": ["human", "ismcts:iterations=100:seconds=5.5"]}, "seconds", "5"),
    ({"players": 5, "seats": ["ismcts:level=easy"] * 5}, "seats", "4"),
    ({"window": 60.5}, "window", "60"),
    ({"clock": 3601}, "clock", "3600"),
    ({"bot_delay": 10.5}, "bot_delay", "10"),
    # a bot that would read a file of the client's choosing (a model), never made
    ({"seats": ["human", "ppo:path=/etc/passwd"]}, "seats", "a file on the server's disk"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("body", "field", "limit"), OVER_THE_CAPS)
def test_a_table_over_a_cap_is_a_400_naming_the_field_and_the_limit(
    server: Server, body: dict[str, Any], field: str, limit: str
) -> None:
    async def go() -> None:
        async with _http(server, "10.0.0.1") as http:
            before = (await http.get("/api/health")).json()["tables"]
            refused = await _table(http, **body)
            assert refused.status_code == 400, refused.text
            detail = refused.json()["detail"]
            assert f"'{field}'" in detail and limit in detail, detail
            assert (await http.get("/api/health")).json()["tables"] == before  # none made

    asyncio.run(go())


@pytest.mark.slow
def test_a_table_at_every_cap_is_made(server: Server) -> None:
    async def go() -> None:
        async with _http(server, "10.0.0.2") as http:
            at_caps = {"players": 5, "seats": ["ismcts:iterations=5000:seconds=5"] * 4 + ["human"]}
            made = await _table(http, **at_caps, window=60, clock=3600, bot_delay=10)
            assert made.status_code == 201, made.text
            hard = await _table(http, seats=["ismcts:level=hard", "human"])
            assert hard.status_code == 201, hard.text  # the hardest level is within the caps

    asyncio.run(go())


# -- what one client address may hold --------------------------------------------------------
@pytest.mark.slow
def test_a_client_holds_at_most_its_live_tables(server: Server) -> None:
    """Past ``--client-tables`` live tables from one address, a 429 naming the limit;
    another address is not held back, and once one of the address's tables is over it may
    make another."""

    async def go() -> None:
        async with _http(server, "10.0.1.1") as one, _http(server, "10.0.1.2") as two:
            for _ in range(TABLES):
                assert (await _table(one, seats=["human", "human"])).status_code == 201
            refused = await _table(one, seats=["human", "human"])
            assert refused.status_code == 429, refused.text
            assert "tables" in refused.json()["detail"] and str(TABLES) in refused.text
            assert (await _table(two, seats=["human", "human"])).status_code == 201
            # a table of bots plays at once and is soon over: then it no longer counts
            bots = await _table(two, seats=["random", "random"], window=0, bot_delay=0.1)
            assert bots.status_code == 201, bots.text
            assert (await _table(two)).status_code == 429
            end = time.monotonic() + 60
            while (await two.get(f"/api/tables/{bots.json()['id']}")).json()["status"] != "over":
                assert time.monotonic() < end, "the bots' game did not end"
                await asyncio.sleep(0.1)
            assert (await _table(two)).status_code == 201

    asyncio.run(go())


@pytest.mark.slow
def test_a_client_holds_at_most_its_sockets_and_the_next_is_refused_with_4429(
    server: Server,
) -> None:
    """The socket past ``--client-sockets`` from one address gets an ``error``
    ``too_many`` and close code 4429 (docs/protocol.md), one warning line for all the
    refusals and no traceback; another address is let in meanwhile, and once one of the
    address's sockets closes the address is let in again."""

    async def go() -> None:
        async with _http(server, "10.0.2.9") as http:
            table = (await _table(http)).json()["id"]
        async with contextlib.AsyncExitStack() as held:
            sockets = await _sockets(held, server, "10.0.2.1", table, SOCKETS)
            for _ in range(3):
                async with _socket(server, "10.0.2.1", table) as extra:
                    got, code = await _refused(extra)
                assert code == 4429 and [m["code"] for m in got] == ["too_many"], got
                assert str(SOCKETS) in got[0]["message"]
                check_schema(got)
            async with _socket(server, "10.0.2.2", table) as other:
                assert (await _first(other))["type"] == "welcome"
            await sockets[0].close()
            end = time.monotonic() + 10
            while True:  # (the server hears the close a moment later)
                async with _socket(server, "10.0.2.1", table) as again:
                    if (await _first(again))["type"] == "welcome":
                        break
                assert time.monotonic() < end, "a closed socket still counts"
                await asyncio.sleep(0.1)

    asyncio.run(go())
    assert len(_warnings(server, "too_many", "10.0.2.1")) == 1, server.log.read_text()[-3000:]
    assert "Traceback" not in server.log.read_text(errors="replace")


@pytest.mark.slow
def test_a_clients_messages_are_limited_over_all_its_sockets(server: Server) -> None:
    """Three sockets of one address send 150 pings each: each under the burst alone, 450
    together; the address is answered at most its burst and its rate over the time
    taken, and told ``rate_limited``; a moment later it is answered again."""

    async def go() -> None:
        async with _http(server, "10.0.3.9") as http:
            table = (await _table(http)).json()["id"]
        async with contextlib.AsyncExitStack() as held:
            sockets = await _sockets(held, server, "10.0.3.1", table, SOCKETS)
            began = time.monotonic()
            ping = json.dumps({"v": 1, "type": "ping"})
            for ws in sockets:
                for _ in range(150):
                    await ws.send(ping)
            codes: list[str] = []
            for ws in sockets:
                with contextlib.suppress(TimeoutError):
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                        codes.append(msg.get("code", msg["type"]))
            took = time.monotonic() - began - 1.0  # (the last wait heard nothing)
            assert "rate_limited" in codes
            assert codes.count("pong") <= MSG_BURST + MSG_RATE * took + 1, (codes, took)
            await asyncio.sleep(0.5)  # the bucket refills: the address is served again
            await sockets[0].send(ping)
            assert (await _first(sockets[0]))["type"] == "pong"

    asyncio.run(go())


@pytest.mark.slow
def test_the_buckets_forget_the_address_heard_from_least_recently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The map of buckets is bounded: past ``MAX_ADDRESSES`` it forgets the address heard
    from least recently, not every address at once (a client cycling through addresses
    would otherwise refill everyone's bucket)."""
    monkeypatch.setattr(limits, "MAX_ADDRESSES", 3)
    buckets = limits.Buckets(rate=0.001, burst=1)
    assert buckets.take("greedy") and not buckets.take("greedy")  # its burst spent
    for address in ("a", "b"):
        buckets.take(address)
    assert not buckets.take("greedy")  # heard from again: the most recent now
    buckets.take("c")  # a fourth address: "a", the least recent, is forgotten
    assert list(buckets.buckets) == ["b", "greedy", "c"]
    assert not buckets.take("greedy")  # still remembered, still empty


def test_trusted_lifts_the_limits_per_client_address(tmp_path: Path) -> None:
    srv = Server(
        f"sqlite:///{tmp_path}/kaboom.db",
        tmp_path / "server.log",
        *("--trusted", "--msg-rate", "0"),
        *("--client-sockets", str(SOCKETS), "--client-tables", str(TABLES)),
        *("--client-msg-rate", str(MSG_RATE)),
    ).start()

    async def go() -> None:
        async with _http(srv, "10.0.4.1") as http:
            made = [await _table(http) for _ in range(TABLES + 2)]
            assert [r.status_code for r in made] == [201] * (TABLES + 2)
            table = made[0].json()["id"]
        async with contextlib.AsyncExitStack() as held:
            sockets = await _sockets(held, srv, "10.0.4.1", table, SOCKETS + 2)
            for ws in sockets:
                for _ in range(150):
                    await ws.send(json.dumps({"v": 1, "type": "ping"}))
            for ws in sockets:
                answers: list[str] = []
                while answers.count("pong") < 150:
                    msg = await _first(ws)
                    answers.append(msg.get("code", msg["type"]))
                assert "rate_limited" not in answers

    try:
        asyncio.run(go())
    finally:
        srv.stop()
    assert not srv.errors(), srv.log.read_text()[-4000:]


# -- the bots' searches ------------------------------------------------------------------------
#: How much slower another table's median ping may be while the caps' worth of searches run
#: (measured: about 1x in worker processes; 20x to 40x in threads of the server's process).
SLOWER_AT_MOST = 4.0


async def _pings(ws: Any, n: int) -> list[float]:
    took = []
    for _ in range(n):
        began = time.perf_counter()
        await ws.send(json.dumps({"v": 1, "type": "ping"}))
        while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "pong":
            pass
        took.append(time.perf_counter() - began)
        await asyncio.sleep(0.005)
    return took


@pytest.mark.slow
def test_another_tables_round_trip_holds_while_a_client_asks_all_the_search_allowed(
    tmp_path: Path,
) -> None:
    """One client address makes as many tables as it may (``--client-tables``, default),
    each of as many ``ismcts:level=hard`` bots as a table may seat (all bots: they play at
    once, with no delay); another table's ping round trip, median, stays within a small
    factor of its own before the load, measured in the same run."""
    srv = Server(
        f"sqlite:///{tmp_path}/kaboom.db",
        tmp_path / "server.log",
        *("--msg-rate", "0", "--client-msg-rate", "0"),  # (the pings: the caps are defaults)
    ).start()
    caps = ServerConfig()

    async def go() -> None:
        async with _http(srv, "10.0.5.1") as calm, _http(srv, "10.0.5.2") as greedy:
            table = (await _table(calm)).json()["id"]
            async with _socket(srv, "10.0.5.1", table) as ws:
                assert (await _first(ws))["type"] == "welcome"
                await _pings(ws, 20)  # (warm)
                idle = statistics.median(await _pings(ws, 150))
                seats = ["ismcts:level=hard"] * caps.max_search_seats
                load = [
                    await _table(greedy, players=len(seats), seats=seats, bot_delay=0)
                    for _ in range(caps.client_tables)
                ]
                assert all(r.status_code == 201 for r in load), [r.text for r in load]
                await asyncio.sleep(1.0)  # (the searches under way)
                loaded = statistics.median(await _pings(ws, 150))
            ids = [r.json()["id"] for r in load]
            # (a hard bot's move is released at its time budget, 5 s: docs/rulings.md, "The
            # table's clock"); the searching tables move on meanwhile
            moved: list[int] = []
            for _ in range(60):
                moved = [(await greedy.get(f"/api/tables/{t}")).json()["seq"] for t in ids]
                if sum(moved):
                    break
                await asyncio.sleep(0.25)
            assert sum(moved) > 0, "the searching tables made no move"
            assert loaded <= SLOWER_AT_MOST * idle, (
                f"another table's ping: {1000 * idle:.2f} ms unloaded, {1000 * loaded:.2f} ms "
                "while one client searched all it may"
            )

    try:
        asyncio.run(go())
    finally:
        srv.stop()
    assert not srv.errors(), srv.log.read_text()[-4000:]


def test_the_pool_takes_owners_in_turn() -> None:
    """One worker, four calls of one owner queued before one of another: the other's runs
    second of the waiting ones (a round robin), not after all four."""

    async def go() -> list[str]:
        pool = BotPool(1)
        order: list[str] = []

        async def call(owner: str, label: str) -> None:
            await pool.run(owner, time.sleep, 0.02)
            order.append(label)

        try:
            calls = [call("a", f"a{k}") for k in range(4)] + [call("b", "b0")]
            await asyncio.gather(*calls)
        finally:
            pool.shutdown()
        return order

    assert asyncio.run(go()) == ["a0", "a1", "b0", "a2", "a3"]


def test_a_dead_worker_is_replaced(caplog: pytest.LogCaptureFixture) -> None:
    """A worker that dies (here it ends itself) fails its call, after one more try on a new
    worker, with one warning line; the pool goes on with new workers."""

    async def go() -> int:
        pool = BotPool(1)
        try:
            with pytest.raises(Exception, match="terminated abruptly"):
                await pool.run("a", os._exit, 1)
            return await pool.run("a", abs, -3)
        finally:
            pool.shutdown()

    with caplog.at_level(logging.WARNING, "kaboom.server"):
        assert asyncio.run(go()) == 3
    assert [r.message for r in caplog.records].count(
        "a bot worker process died; starting new ones"
    ) == 2


class _Table:
    """What a bot sits at (``bot.Host``), recording where each decision was made."""

    def __init__(self) -> None:
        self.row = TableRow("t", GAME, 2, {}, 1, False, None, None, 0.0, 0.0)
        self.driving = True
        self.thought: list[int] = []  # the decisions sent to the pool: their legal count
        self.played: list[int] = []
        self.tasks: set[asyncio.Task[Any]] = set()

    def game_class(self) -> Any:
        return get_game(GAME).state_class

    async def handle(self, conn: Any, msg: Any) -> None:
        self.played.append(msg.id)

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        return task

    async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        given: tuple[object, ...] = args  # (bot, view, deadline)
        view = given[1]
        assert isinstance(view, PlayerView)
        self.thought.append(len(view.legal_actions()))
        return fn(*args)


def test_a_search_never_decides_on_the_event_loop() -> None:
    """A search bot's forced moves (one legal action) are played at once, and however many
    it made in a row, its next real decision still goes to the pool (it once fell onto the
    event loop after eight quick ones, and a search there stalls every table)."""
    from kaboom.engine.registry import new_game

    state = new_game(GAME, 2, 7)
    seat = state.to_act
    assert seat is not None
    observation, legal = state.observe(seat), state.legal_actions()
    assert len(legal) > 1

    async def go() -> _Table:
        table = _Table()
        agent = BotAgent(table, seat, "ismcts:iterations=20")
        for at in range(12):  # forced moves, then a choice
            actions = [legal[0]] if at < 11 else legal
            offered = [{"id": a, "text": ""} for a in actions]
            decision = {"kind": "turn", "at": at, "observation": None, "legal": offered}
            agent.deliver({"type": "update", "observation": observation, "decision": decision}, "")
            await asyncio.gather(*table.tasks)
        return table

    table = asyncio.run(go())
    assert table.thought == [len(legal)] and len(table.played) == 12


def test_a_seats_bot_keeps_its_random_stream_across_decisions_in_the_pool() -> None:
    """A decision in the pool is made on a pickled copy of the seat's bot (as in a worker
    process); the seat keeps that copy after it, so its random stream moves on from one
    decision to the next instead of starting again where the bot was made."""
    import pickle

    from kaboom.engine.registry import new_game

    state = new_game(GAME, 2, 7)
    seat = state.to_act
    assert seat is not None
    observation, legal = state.observe(seat), state.legal_actions()
    assert len(legal) > 1

    class Elsewhere(_Table):
        async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
            fn, args = pickle.loads(pickle.dumps((fn, args)))  # (what a worker receives)
            return fn(*args)

    async def go() -> list[tuple[Any, ...]]:
        table = Elsewhere()
        agent = BotAgent(table, seat, "ismcts:iterations=20")
        streams = [agent.bot.rng.getstate()]  # type: ignore[attr-defined]
        for at in range(3):
            offered = [{"id": a, "text": ""} for a in legal]
            decision = {"kind": "turn", "at": at, "observation": None, "legal": offered}
            agent.deliver({"type": "update", "observation": observation, "decision": decision}, "")
            await asyncio.gather(*table.tasks)
            streams.append(agent.bot.rng.getstate())  # type: ignore[attr-defined]
        return streams

    streams = asyncio.run(go())
    assert len(set(streams)) == len(streams), "a decision started the bot's stream again"


def test_the_command_lines_defaults_are_the_servers() -> None:
    """``kaboom serve``'s options default to ``ServerConfig``'s values (one place)."""
    options = inspect.signature(serve).parameters
    defaults = {f.name: f.default for f in fields(ServerConfig)}
    shared = [name for name in options if name in defaults]
    assert len(shared) >= 15, shared
    for name in shared:
        assert options[name].default == defaults[name], name


def test_every_option_of_kaboom_serve_is_documented() -> None:
    table = (Path(__file__).parents[1] / "docs" / "protocol.md").read_text()
    for name in inspect.signature(serve).parameters:
        assert f"`--{name.replace('_', '-')}`" in table, name
