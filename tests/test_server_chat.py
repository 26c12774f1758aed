"""The table's chat over a real server (issue 35; docs/protocol.md, "Chat and reactions"):
lines and reactions between two seats and spectators reach the right audience only (a
spectator's line never reaches a seat during the game, not even in ``welcome``; joined
after the end), the limits (length, rate, a muted person), the host turning chat off,
hostile text arriving cleaned, the lines in the export, and two processes on one
PostgreSQL sharing them. Every refusal names its rule and changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaboom.server.client import Lobby, SeatClient
from kaboom.server.view import Created, Joined
from server_support import (
    Server,
    check_schema,
    make_table,
    play_person,
    postgres_schema,
    quick_args,
    scripted,
    sqlite_server,
    watch,
)

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_chat")]

GAME = "eleminis"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("chat")) as srv:
        yield srv


async def _table(base: str, **extra: Any) -> tuple[Lobby, Created, list[Joined]]:
    lobby = Lobby(base)
    table, joins = await make_table(lobby, GAME, ["human", "human"], **extra)
    return lobby, table, joins


async def _connected(base: str, table: Created, joins: list[Joined]) -> list[SeatClient]:
    """Seat 0, seat 1 and a spectator, connected."""
    clients = [SeatClient(base, table["id"], j["token"]) for j in joins]
    clients.append(SeatClient(base, table["id"]))
    for c in clients:
        await c.connect()
    return clients


async def say(c: SeatClient, text: str) -> None:
    await c.send({"v": 1, "type": "chat", "text": text})


async def line(c: SeatClient, text: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next ``chat`` message ``c`` gets with this text."""
    return await c.wait_for(lambda m: m["type"] == "chat" and m["text"] == text, timeout)


async def refused(c: SeatClient, timeout: float = 10.0) -> str:
    """The code of the next ``error`` ``c`` gets (its rule)."""
    return str((await c.wait_for(lambda m: m["type"] == "error", timeout))["code"])


def texts(c: SeatClient) -> list[str]:
    return [m["text"] for m in c.messages if m["type"] == "chat"]


def test_lines_and_reactions_reach_their_audience_only(server: Server) -> None:
    async def go() -> None:
        lobby, table, joins = await _table(server.base)
        a, b, s = await _connected(server.base, table, joins)
        # a seat's line: everyone's, with its seat, name and number
        await say(a, "hello all")
        got = [await line(c, "hello all") for c in (a, b, s)]
        assert got[0] == got[1] == got[2]
        assert (got[0]["n"], got[0]["who"], got[0]["seat"]) == (1, "P0", 0)
        assert got[0]["name"].startswith("p0-")
        assert got[0]["audience"] == "all" and got[0]["at"].endswith("Z")
        # a spectator's line before the end: the spectators' only
        await say(s, "psst, spectators")
        mine = await line(s, "psst, spectators")
        assert (mine["who"], mine["seat"], mine["name"], mine["audience"]) == (
            "S1",
            None,
            None,
            "spectators",
        )
        await s.send({"v": 1, "type": "react", "reaction": "laugh"})
        await s.wait_for(lambda m: m["type"] == "react" and m["who"] == "S1")
        await lobby.start(table["id"], joins[0]["token"])
        await say(s, "during the game")
        await line(s, "during the game")
        await b.send({"v": 1, "type": "react", "reaction": "clap"})
        for c in (a, b, s):
            reacted = await c.wait_for(lambda m: m["type"] == "react" and m["who"] == "P1")
            assert (reacted["seat"], reacted["reaction"]) == (1, "clap")
        await say(b, "flush")  # after the spectator's lines, to everyone: in order
        for c in (a, b, s):
            await line(c, "flush")
        for c in (a, b):
            assert texts(c) == ["hello all", "flush"]
            assert not [m for m in c.messages if m["type"] == "react" and m["who"] == "S1"]
        assert texts(s) == ["hello all", "psst, spectators", "during the game", "flush"]
        # nor in welcome, on reconnecting: a seat sees the seats' lines, a spectator all
        await b.close()
        b2 = SeatClient(server.base, table["id"], joins[1]["token"])
        welcome = await b2.connect()
        assert [m["text"] for m in welcome["chat"]["lines"]] == ["hello all", "flush"]
        assert welcome["chat"]["on"] is True
        assert welcome["chat"]["host"] == 0  # the first person seated
        s2 = SeatClient(server.base, table["id"])
        welcome = await s2.connect()
        assert [m["n"] for m in welcome["chat"]["lines"]] == [1, 2, 3, 4]
        # the end: every line is everyone's
        await asyncio.gather(
            play_person(a, scripted(1)), play_person(b2, scripted(2)), watch(s), watch(s2)
        )
        # the seats still connected get the spectators' lines at the end, in order
        for text in ("psst, spectators", "during the game"):
            joined = await line(a, text)
            assert joined["audience"] == "spectators"
        assert texts(a) == ["hello all", "flush", "psst, spectators", "during the game"]
        b3 = SeatClient(server.base, table["id"], joins[1]["token"])
        welcome = await b3.connect()
        assert [m["n"] for m in welcome["chat"]["lines"]] == [1, 2, 3, 4]
        await say(s, "gg from the stands")
        after = await line(a, "gg from the stands")
        assert after["audience"] == "all" and after["n"] == 5
        # the export holds every line, in order, as sent
        export = await lobby.export(table["id"])
        assert [m["text"] for m in export["chat"]] == [
            "hello all",
            "psst, spectators",
            "during the game",
            "flush",
            "gg from the stands",
        ]
        assert export["chat"][0] == got[0]
        for c in (a, b, s, b2, s2, b3):
            check_schema(c.messages, c.sent)
            await c.close()
        await lobby.close()

    asyncio.run(go())


def test_the_limits_length_rate_and_mute(server: Server) -> None:
    async def go() -> None:
        lobby, table, joins = await _table(server.base)
        a, b, s = await _connected(server.base, table, joins)
        for text in ("x" * 201, "   ", "\x00\x1b\u202e", ""):
            await say(a, text)
            assert await refused(a) == "chat-length"
        await say(a, "y" * 200)  # the longest line
        assert len((await line(b, "y" * 200))["text"]) == 200
        await a.send({"v": 1, "type": "react", "reaction": "dance"})  # not one of the set
        assert await refused(a) == "bad_message"
        # the rate: 5 lines at once, the sixth refused; 10 reactions, the eleventh
        for k in range(4):
            await say(a, f"line {k}")
        await line(a, "line 3")
        await say(a, "one too many")
        assert await refused(a) == "chat-rate"
        for _ in range(10):
            await a.send({"v": 1, "type": "react", "reaction": "boom"})
        await a.send({"v": 1, "type": "react", "reaction": "boom"})
        assert await refused(a) == "chat-rate"
        assert sum(m["type"] == "react" for m in b.messages) <= 10
        # another person has a bucket of their own
        await say(b, "mine is full")
        await line(a, "mine is full")
        # mute: a no longer hears b; the spectator still does; then again
        await a.send({"v": 1, "type": "mute", "who": "P1", "on": True})
        await say(b, "muted line")
        await line(s, "muted line")
        await b.send({"v": 1, "type": "react", "reaction": "sad"})
        await s.wait_for(lambda m: m["type"] == "react" and m["reaction"] == "sad")
        await a.send({"v": 1, "type": "mute", "who": "P1", "on": False})
        await say(b, "heard again")
        await line(a, "heard again")
        assert "muted line" not in texts(a)
        assert not [m for m in a.messages if m["type"] == "react" and m["reaction"] == "sad"]
        await a.send({"v": 1, "type": "mute", "who": "bob", "on": True})
        assert await refused(a) == "bad_message"
        # nothing refused was stored
        welcome = await SeatClient(server.base, table["id"]).connect()
        assert [m["text"] for m in welcome["chat"]["lines"]] == [
            "y" * 200,
            "line 0",
            "line 1",
            "line 2",
            "line 3",
            "mine is full",
            "muted line",
            "heard again",
        ]
        for c in (a, b, s):
            check_schema(c.messages)
            await c.close()
        await lobby.close()

    asyncio.run(go())


def test_the_host_turns_chat_off_and_no_one_else_may(server: Server) -> None:
    async def go() -> None:
        lobby, table, joins = await _table(server.base)
        a, b, s = await _connected(server.base, table, joins)
        for c in (b, s):
            await c.send({"v": 1, "type": "chat-setting", "on": False})
            assert await refused(c) == "chat-host"
        await a.send({"v": 1, "type": "chat-setting", "on": False})  # seat 0 sat down first
        for c in (a, b, s):
            told = await c.wait_for(lambda m: m["type"] == "chat-setting")
            assert told["on"] is False
        for c in (a, b, s):
            await say(c, "anyone?")
            assert await refused(c) == "chat-off"
            await c.send({"v": 1, "type": "react", "reaction": "wow"})
            assert await refused(c) == "chat-off"
        assert (await SeatClient(server.base, table["id"]).connect())["chat"]["on"] is False
        await a.send({"v": 1, "type": "chat-setting", "on": True})
        await b.wait_for(lambda m: m["type"] == "chat-setting" and m["on"])
        await say(b, "back on")
        await line(a, "back on")
        for c in (a, b, s):
            check_schema(c.messages)
            await c.close()
        # a table created with its chat off
        lobby2, quiet, quiet_joins = await _table(server.base, chat=False)
        welcome = await SeatClient(server.base, quiet["id"], quiet_joins[1]["token"]).connect()
        assert welcome["chat"] == {"on": False, "host": 0, "lines": []}
        await lobby.close()
        await lobby2.close()

    asyncio.run(go())


def test_hostile_text_arrives_cleaned(server: Server) -> None:
    """Text is text: controls and bidi controls removed, HTML kept as its characters (the
    clients render text; the server escapes nothing)."""

    async def go() -> None:
        lobby, table, joins = await _table(server.base)
        a, b, s = await _connected(server.base, table, joins)
        html = "<img src=x onerror=alert(1)>"
        await say(a, html)
        assert (await line(b, html))["text"] == html
        await say(a, "\x1b[31mred\x1b[0m \u202eevil\u2066 \u200f\x07bell\r\nnext\x9b")
        want = "[31mred[0m evil bell next"
        assert (await line(s, want))["text"] == want
        await a.send_text('{"v": 1, "type": "chat", "text": "lone \\ud800 surrogate"}')
        got = await a.wait_for(lambda m: m["type"] == "error" or m.get("n") == 3)
        assert got.get("code", "bad_message") == "bad_message"
        assert got.get("text", "lone surrogate") == "lone surrogate"
        await b.send({"v": 1, "type": "ping"})
        await b.wait_for(lambda m: m["type"] == "pong")  # the server goes on
        for c in (a, b, s):
            check_schema(c.messages)
            await c.close()
        await lobby.close()

    asyncio.run(go())


@pytest.mark.postgres
def test_two_processes_share_the_chat(tmp_path: Path) -> None:
    """Two processes on one PostgreSQL: a line said at one reaches the people at the other
    (by the same audience rules), a reaction too, the host's setting too, and the
    spectators' numbers are one count."""
    with postgres_schema() as url:
        one = Server(url, tmp_path / "one.log", *quick_args()).start()
        two = Server(url, tmp_path / "two.log", *quick_args()).start()
        try:

            async def go() -> None:
                lobby = Lobby(one.base)
                table, joins = await make_table(lobby, GAME, ["human", "human"])
                a = SeatClient(one.base, table["id"], joins[0]["token"])
                b = SeatClient(two.base, table["id"], joins[1]["token"])
                s1, s2 = SeatClient(one.base, table["id"]), SeatClient(two.base, table["id"])
                for c in (a, b, s1, s2):
                    await c.connect()
                await say(a, "from one")
                for c in (b, s2):
                    assert (await line(c, "from one"))["n"] == 1
                await say(s2, "stands two")
                assert (await line(s1, "stands two"))["who"] == "S1"
                await say(s1, "stands one")
                assert (await line(s2, "stands one"))["who"] == "S2"
                await say(b, "from two")
                got = await line(a, "from two")
                assert got["n"] == 4
                assert texts(a) == ["from one", "from two"]  # never the spectators' lines
                await b.send({"v": 1, "type": "react", "reaction": "boom"})
                await a.wait_for(lambda m: m["type"] == "react" and m["who"] == "P1")
                await a.send({"v": 1, "type": "chat-setting", "on": False})  # the host, at one
                await b.wait_for(lambda m: m["type"] == "chat-setting" and not m["on"])
                await say(b, "off?")
                assert await refused(b) == "chat-off"
                await b.send({"v": 1, "type": "chat-setting", "on": True})
                assert await refused(b) == "chat-host"
                welcome = await SeatClient(two.base, table["id"], joins[1]["token"]).connect()
                assert [m["n"] for m in welcome["chat"]["lines"]] == [1, 4]
                assert welcome["chat"]["on"] is False
                for c in (a, b, s1, s2):
                    check_schema(c.messages, c.sent)
                    await c.close()
                await lobby.close()

            asyncio.run(go())
        finally:
            one.stop()
            two.stop()
        for srv in (one, two):
            assert not srv.errors(), srv.log.read_text()[-3000:]
