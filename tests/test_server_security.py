"""Security and bad input at the server: tokens act only for their seat at their table,
spectators cannot act, floods are rate-limited, WebSockets check their Origin, bad
messages get an error and change nothing, tokens are stored hashed, private tables need
their invite."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from kaboom.server.client import Lobby, LobbyRefused, SeatClient
from kaboom.server.protocol import MAX_CLIENT_MESSAGE
from kaboom.server.view import Created, Joined
from server_support import Server, check_schema, make_table, quick_args, sqlite_server

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_security")]

GOOD_ORIGIN = "http://good.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(
        tmp_path_factory.mktemp("secure"),
        *("--http-rate", "5", "--msg-rate", "5", "--origin", GOOD_ORIGIN),
        *("--client-tables", "0"),  # (the module's tests make more tables than a client may hold)
    ) as srv:
        yield srv


def _db(server: Server) -> Path:
    return Path(server.db.removeprefix("sqlite:///"))


async def _two_people(server: Server) -> tuple[Lobby, Created, list[Joined]]:
    lobby = Lobby(server.base)
    table, joins = await make_table(lobby, "exploding-kittens", ["human", "human"])
    return lobby, table, joins


def test_a_token_acts_only_for_its_seat_and_its_table(server: Server) -> None:
    async def go() -> None:
        lobby, first, joins = await _two_people(server)
        _, second, _ = await _two_people(server)
        stranger = SeatClient(server.base, second["id"], joins[0]["token"])
        with pytest.raises(ConnectionError):
            await stranger.connect()  # no welcome: an error, then the socket closes
        assert stranger.messages[0]["type"] == "error"
        assert stranger.messages[0]["code"] == "token"
        with pytest.raises(LobbyRefused) as refused:
            await lobby.start(second["id"], joins[0]["token"])
        assert refused.value.status == 403
        with pytest.raises(LobbyRefused):
            await lobby.start(first["id"], "not-a-token")
        # in its own table, the token is its seat and no other: seat 1 cannot play seat 0's turn
        await lobby.start(first["id"], joins[0]["token"])
        b = SeatClient(server.base, first["id"], joins[1]["token"])
        welcome = await b.connect()
        assert welcome["seat"] == 1
        await b.wait_for(lambda m: m["type"] == "sync")
        await b.act(text="draw")
        ack = await b.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "refused" and ack["rule"] == "turn"
        await b.close()
        await lobby.close()

    asyncio.run(go())


def test_spectators_cannot_act(server: Server) -> None:
    async def go() -> None:
        lobby, table, joins = await _two_people(server)
        await lobby.start(table["id"], joins[0]["token"])
        spectator = SeatClient(server.base, table["id"])
        welcome = await spectator.connect()
        assert welcome["seat"] is None
        sync = await spectator.wait_for(lambda m: m["type"] == "sync")
        assert sync["observation"]["hand"] is None and sync["decision"] is None
        await spectator.act(text="draw")
        await asyncio.sleep(0.1)
        await spectator.send({"v": 1, "type": "vote", "seat": 1})
        errors = [await spectator.wait_for(lambda m: m["type"] == "error") for _ in range(2)]
        assert [e["code"] for e in errors] == ["spectator", "spectator"]
        assert (await lobby.table(table["id"]))["seq"] == 0
        await spectator.close()
        await lobby.close()

    asyncio.run(go())


def test_a_flood_is_rate_limited_not_crashed_into(server: Server) -> None:
    async def go() -> None:
        lobby, table, _ = await _two_people(server)
        spectator = SeatClient(server.base, table["id"])
        await spectator.connect()
        for _ in range(300):
            await spectator.send({"v": 1, "type": "ping"})
        codes = []
        while True:
            try:
                msg = await spectator.recv(1.0)
            except TimeoutError:
                break
            codes.append(msg.get("code", msg["type"]))
        assert "rate_limited" in codes
        assert codes.count("pong") < 150
        await asyncio.sleep(1.0)  # the bucket refills: the client is served again
        await spectator.send({"v": 1, "type": "ping"})
        assert (await spectator.wait_for(lambda m: m["type"] == "pong"))["type"] == "pong"
        await spectator.close()
        await lobby.close()
        assert httpx.get(server.base + "/api/health").json()["ok"]

    asyncio.run(go())
    with httpx.Client(base_url=server.base) as http:
        statuses = [http.get("/api/games").status_code for _ in range(260)]
    assert 429 in statuses and statuses[0] == 200


def test_websockets_check_their_origin(server: Server) -> None:
    async def go() -> None:
        await asyncio.sleep(1.0)  # (the HTTP bucket of the flood test refills)
        lobby, table, _ = await _two_people(server)
        evil = SeatClient(server.base, table["id"], origin="http://evil.example")
        with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
            await evil.connect()
        assert refused.value.response.status_code == 403
        for origin in (GOOD_ORIGIN, server.base, None):
            ok = SeatClient(server.base, table["id"], origin=origin)
            assert (await ok.connect())["type"] == "welcome"
            await ok.close()
        await lobby.close()

    asyncio.run(go())


def test_bad_messages_get_an_error_and_change_nothing(server: Server) -> None:
    async def go() -> None:
        await asyncio.sleep(1.0)
        lobby, table, joins = await _two_people(server)
        await lobby.start(table["id"], joins[0]["token"])
        a = SeatClient(server.base, table["id"], joins[0]["token"])
        await a.connect()
        await a.wait_for(lambda m: m["type"] == "sync")
        bad = [
            '{"v": 1, "type": "action", "key": "k1", "text": "draw", "seat": 1}',  # unknown field
            '{"v": 1, "type": "action", "key": "k2", "id": "3"}',  # a string for an id
            '{"v": 1, "type": "action", "key": "k3", "id": 0, "text": "draw"}',  # both
            '{"v": 2, "type": "ping"}',  # another protocol version
            '{"v": 1, "type": "shuffle"}',  # no such message
            "{not json",
            json.dumps({"v": 1, "type": "action", "key": "k4", "text": "x" * MAX_CLIENT_MESSAGE}),
            '{"v": 1, "type": "hello", "table": "x"}',  # hello again
            '{"v": 1, "type": "action", "key": "bad key!", "text": "draw"}',
        ]
        for text in bad:
            await a.send_text(text)
            await asyncio.sleep(0.21)  # under the rate limit
        codes = [(await a.wait_for(lambda m: m["type"] == "error"))["code"] for _ in bad]
        assert codes == ["bad_message"] * 6 + ["too_large", "hello", "bad_message"]
        assert (await lobby.table(table["id"]))["seq"] == 0
        await a.act(text="draw")  # the connection still works
        ack = await a.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "accepted"
        check_schema(a.messages, a.sent)
        await a.close()
        # the HTTP side refuses unknown fields and bad values too
        for body in (
            {"game": "exploding-kittens", "players": 2, "colour": "red"},
            {"game": "exploding-kittens", "players": 99},
            {"game": "no-such-game", "players": 2},
            {"game": "exploding-kittens", "players": 2, "options": {"fast": "nope"}},
            {"game": "exploding-kittens", "players": 2, "window": -1},
            {"game": "exploding-kittens", "players": 2, "seats": ["human", "wizard"]},
            {"game": "exploding-kittens", "players": 2, "seed": 2**64},
        ):
            await asyncio.sleep(0.21)
            response = await lobby.http.post("/api/tables", json=body)
            assert response.status_code in (400, 422), (body, response.text)
        await lobby.close()

    asyncio.run(go())


def test_tokens_are_stored_hashed(server: Server) -> None:
    async def go() -> list[Joined]:
        await asyncio.sleep(0.5)
        lobby, _, joins = await _two_people(server)
        await lobby.close()
        return joins

    joins = asyncio.run(go())
    with sqlite3.connect(_db(server)) as db:
        stored = {row[0] for row in db.execute("SELECT token_hash FROM kaboom_seats")}
        dump = "\n".join(db.iterdump())
    for j in joins:
        assert j["token"] not in dump
        assert hashlib.sha256(j["token"].encode()).hexdigest() in stored


def test_a_private_table_needs_its_invite(server: Server) -> None:
    async def go() -> None:
        await asyncio.sleep(1.0)
        lobby = Lobby(server.base)
        table = await lobby.create(game="dynamitt", players=2, private=True)
        invite = table["invite"]
        assert invite
        listed = await lobby.tables()
        assert table["id"] not in [t["id"] for t in listed["open"] + listed["playing"]]
        for call in (lobby.table(table["id"]), lobby.join(table["id"], "eve")):
            with pytest.raises(LobbyRefused) as refused:
                await call
            assert refused.value.status == 404
        nosy = SeatClient(server.base, table["id"])
        with pytest.raises(ConnectionError):
            await nosy.connect()
        assert (await lobby.table(table["id"], invite))["id"] == table["id"]
        joined = await lobby.join(table["id"], "amy", invite=invite)
        assert joined["seat"] == 0
        friend = SeatClient(server.base, table["id"], invite=invite)
        assert (await friend.connect())["seat"] is None
        await friend.close()
        await lobby.close()

    asyncio.run(go())


def test_a_client_cannot_make_the_server_read_a_file(server: Server) -> None:
    """Options that name a file (a deck, a rank mapping, a box) are for the command line;
    over the network they are refused by name, and no table is made."""

    async def go() -> None:
        await asyncio.sleep(1.0)
        lobby = Lobby(server.base)
        before = await lobby.tables()
        for game, option in (
            ("exploding-kittens", "deck"),
            ("dynamitt", "mapping"),
            ("kittens-board-game", "board"),
        ):
            await asyncio.sleep(0.21)  # under the rate limit
            body = {"game": game, "players": 2, "options": {option: "/etc/hostname"}}
            response = await lobby.http.post("/api/tables", json=body)
            assert response.status_code == 400, (body, response.text)
            assert option in response.text and "server's disk" in response.text
        await asyncio.sleep(0.21)
        assert await lobby.tables() == before
        await lobby.close()

    asyncio.run(go())


# -- clean refusals: an error and a documented close code, one warning line, no traceback --
def _warnings(server: Server, cause: str) -> list[str]:
    text = server.log.read_text(errors="replace")
    return [line for line in text.splitlines() if f"websocket refused ({cause})" in line]


async def _refused(server: Server, frames: list[str | bytes]) -> tuple[list[dict[str, Any]], int]:
    """Send ``frames`` on a fresh socket: the messages the server answered and its close
    code."""
    got: list[dict[str, Any]] = []
    async with websockets.connect(server.base.replace("http", "ws") + "/ws") as ws:
        for frame in frames:
            await ws.send(frame)
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in ws:
                got.append(json.loads(raw))
        assert ws.close_code is not None
        return got, ws.close_code


def test_binary_frames_and_frames_before_hello_are_refused_cleanly(server: Server) -> None:
    """A binary frame (before hello or after it) gets an ``error`` ``binary`` and close
    code 1003; a frame before hello an ``error`` ``hello`` and 4000. Sent again and again
    from one client, each cause logs one warning line, and never a traceback."""

    async def go() -> None:
        lobby, table, joins = await _two_people(server)
        hello = json.dumps({"v": 1, "type": "hello", "table": table["id"],
                            "token": joins[0]["token"]})  # fmt: skip
        act = json.dumps({"v": 1, "type": "ping"})  # well formed, but before hello
        for _ in range(4):
            got, code = await _refused(server, [b"\x00\x01binary"])
            assert code == 1003 and [m["code"] for m in got] == ["binary"], got
            got, code = await _refused(server, [hello, b"\xff" * 10])
            assert code == 1003 and got[0]["type"] == "welcome", got
            assert [m["code"] for m in got if m["type"] == "error"] == ["binary"], got
            got, code = await _refused(server, [act])
            assert code == 4000 and [m["code"] for m in got] == ["hello"], got
            for m in got:
                check_schema([m])
        await lobby.close()

    asyncio.run(go())
    assert len(_warnings(server, "binary")) == 1, server.log.read_text()[-3000:]
    assert len(_warnings(server, "hello")) == 1, server.log.read_text()[-3000:]
    assert not server.errors(), server.log.read_text()[-4000:]
    text = server.log.read_text(errors="replace")
    assert "Exception in ASGI application" not in text and "KeyError" not in text


def test_a_table_that_cannot_be_rebuilt_is_refused_with_one_warning(tmp_path: Path) -> None:
    """A table whose game this server no longer has (``UnknownGame`` at the restart): every
    WebSocket hello for it gets an ``error`` ``unavailable`` and close code 4503, the
    lobby a 503 naming why; the log has one warning line for it, and no traceback,
    however many clients ask."""
    db = tmp_path / "kaboom.db"
    first = Server(f"sqlite:///{db}", tmp_path / "first.log", *quick_args()).start()
    try:

        async def make() -> tuple[str, str]:
            lobby = Lobby(first.base)
            table, joins = await make_table(lobby, "exploding-kittens", ["human", "heuristic"])
            await lobby.start(table["id"], joins[0]["token"])
            await lobby.close()
            return table["id"], joins[0]["token"]

        table_id, token = asyncio.run(make())
    finally:
        first.stop()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE kaboom_tables SET game = 'gone-game' WHERE id = ?", (table_id,))
    again = Server(f"sqlite:///{db}", tmp_path / "again.log", *quick_args()).start()
    try:
        hello = json.dumps({"v": 1, "type": "hello", "table": table_id, "token": token})

        async def knock() -> None:
            for _ in range(20):
                got, code = await _refused(again, [hello])
                assert code == 4503 and [m["code"] for m in got] == ["unavailable"], got
                assert "gone-game" in got[0]["message"]
                check_schema(got)
            async with httpx.AsyncClient(base_url=again.base) as http:
                for _ in range(5):
                    r = await http.get(f"/api/tables/{table_id}")
                    assert r.status_code == 503 and "cannot be loaded" in r.json()["detail"]
                assert (await http.get("/api/health")).status_code == 200

        asyncio.run(knock())
    finally:
        again.stop()
    text = again.log.read_text(errors="replace")
    lines = [line for line in text.splitlines() if table_id in line]
    assert len(lines) == 1 and "cannot be loaded" in lines[0] and "gone-game" in lines[0], text
    assert not again.errors() and "Traceback" not in text, text[-4000:]
