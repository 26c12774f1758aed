"""The lobby and absent players: create, list, join, leave, start; a seat out of time gets
a bot's decision and is marked away; a table votes a bot into a disconnected seat and the
person takes it back; idle tables end; the history per name; ``kaboom connect``."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaboom.server.client import Lobby, LobbyRefused, SeatClient
from kaboom.server.view import Created
from server_support import (
    Server,
    check_connection,
    check_schema,
    make_table,
    play_person,
    quick_args,
    scripted,
    sqlite_server,
)

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_seats")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("seats")) as srv:
        yield srv


def test_the_lobby(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table = await lobby.create(
            game="eleminis", players=3, seats=["human", "human", "random"], clock=30, window=1.5
        )
        assert table["status"] == "open" and table["invite"] is None
        assert table["clock"] == 30 and table["window"] == 1.5
        listed = await lobby.tables()
        assert table["id"] in [t["id"] for t in listed["open"]]
        first = await lobby.join(table["id"], "ann")
        assert first["seat"] == 0
        with pytest.raises(LobbyRefused) as refused:
            await lobby.join(table["id"], "bob", seat=0)
        assert refused.value.status == 409
        with pytest.raises(LobbyRefused):
            await lobby.join(table["id"], "bob", seat=2)  # a bot's seat
        with pytest.raises(LobbyRefused):
            await lobby.start(table["id"], first["token"])  # seat 1 is still free
        second = await lobby.join(table["id"], "bob")
        await lobby.leave(table["id"], second["token"])
        seats = (await lobby.table(table["id"]))["seats"]
        assert [s["taken"] for s in seats] == [True, False, True]
        third = await lobby.join(table["id"], "cat")
        assert third["seat"] == 1
        started = await lobby.start(table["id"], third["token"])
        assert started["status"] == "playing" and started["seq"] == 0
        with pytest.raises(LobbyRefused):
            await lobby.join(table["id"], "dan")
        listed = await lobby.tables()
        assert table["id"] in [t["id"] for t in listed["playing"]]
        # a table of bots only starts at once; anyone may watch it
        bots = await lobby.create(
            game="dynamitt", players=2, seats=["random", "random"], bot_delay=0, window=0.01
        )
        assert bots["status"] == "playing"
        view = (await lobby.http.get(f"/api/tables/{bots['id']}/spectate")).json()
        assert view["hello"] == {"v": 1, "type": "hello", "table": bots["id"]}
        assert view["observation"] is None or view["observation"]["hand"] is None
        watcher = SeatClient(server.base, bots["id"])
        await watcher.connect()
        over = await watcher.wait_for(lambda m: m["type"] == "over")
        assert over["status"] == "over" and len(over["seed"]) > 0
        await watcher.close()
        await lobby.close()

    asyncio.run(go())


def test_out_of_time_a_bot_decides_and_the_seat_is_away(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, "exploding-kittens", ["human", "human"], clock=1)
        a, b = (SeatClient(server.base, table["id"], j["token"]) for j in joins)
        for c in (a, b):
            await c.connect()
        await lobby.start(table["id"], joins[0]["token"])
        first = await a.wait_for(lambda m: m["type"] == "update")
        assert first["decision"]["kind"] == "turn" and 0 < first["decision"]["clock"] <= 1
        # seat 0 does nothing: after its clock, a bot plays for it and it is away
        away = await b.wait_for(lambda m: m["type"] == "seats" and m["seats"][0]["away"], 5)
        assert not away["seats"][1]["away"]
        moved = await b.wait_for(lambda m: m["type"] == "update" and m["seq"] >= 1, 5)
        assert moved["seq"] >= 1
        # while away the bot plays each decision at once; "back" takes the seat back
        await a.send({"v": 1, "type": "back"})
        back = await b.wait_for(lambda m: m["type"] == "seats" and not m["seats"][0]["away"], 5)
        assert not back["seats"][0]["away"]
        for c in (a, b):
            await c.close()
        await lobby.close()

    asyncio.run(go())


def test_a_vote_lets_a_bot_take_a_disconnected_seat(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, "exploding-minions", ["human", "human", "heuristic"])
        a = SeatClient(server.base, table["id"], joins[0]["token"])
        await a.connect()
        await lobby.start(table["id"], joins[0]["token"])
        # seat 1 never comes: the game waits for it (no clock) until seat 0 votes
        await a.send({"v": 1, "type": "vote", "seat": 0})
        err = await a.wait_for(lambda m: m["type"] == "error")
        assert err["code"] == "vote"
        await a.send({"v": 1, "type": "vote", "seat": 1})
        voted = await a.wait_for(lambda m: m["type"] == "seats" and m["seats"][1]["takeover"])
        assert voted["seats"][1]["votes"] == [0]
        await play_person(a, scripted(5), stop_at=30)
        # the person comes back with the token: the seat is theirs again
        b = SeatClient(server.base, table["id"], joins[1]["token"])
        await b.connect()
        back = await a.wait_for(lambda m: m["type"] == "seats" and not m["seats"][1]["takeover"])
        assert back["seats"][1]["connected"]
        await asyncio.gather(play_person(a, scripted(6)), play_person(b, scripted(7)))
        export = await lobby.export(table["id"])
        assert "bot" in {e["by"] for e in export["log"] if e["seat"] == 1}
        check_schema(a.messages + b.messages, a.sent + b.sent)
        check_connection(export, 0, a.messages)
        for c in (a, b):
            await c.close()
        # the history of a name: this game, won or not
        name = (await lobby.table(table["id"]))["seats"][0]["name"]
        assert name is not None
        games = (await lobby.history(name))["games"]
        assert [g["id"] for g in games] == [table["id"]]
        assert games[0]["won"] == (0 in export["winners"])
        await lobby.close()

    asyncio.run(go())


def test_idle_tables_are_ended(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path}/k.db", tmp_path / "s.log", *quick_args("--idle", "1"))
    srv.start()
    try:

        async def go() -> None:
            lobby = Lobby(srv.base)
            table, joins = await make_table(lobby, "dynamitt", ["human", "human"])
            await lobby.start(table["id"], joins[0]["token"])
            a = SeatClient(srv.base, table["id"], joins[0]["token"])
            await a.connect()
            over = await a.wait_for(lambda m: m["type"] == "over", 10)
            assert over["status"] == "ended" and over["reason"] == "idle"
            export = await lobby.export(table["id"])
            assert export["status"] == "ended" and export["end_reason"] == "idle"
            await a.close()
            await lobby.close()

        asyncio.run(go())
    finally:
        srv.stop()


def test_kaboom_connect_plays_a_seat_from_outside(server: Server) -> None:
    async def table() -> Created:
        lobby = Lobby(server.base)
        made = await lobby.create(
            game="kittens-board-game",
            players=2,
            seats=["human", "heuristic"],
            window=0.02,
            bot_delay=0,
        )
        await lobby.close()
        return made

    made = asyncio.run(table())
    url = f"{server.base}/tables/{made['id']}"
    done = subprocess.run(
        [sys.executable, "-m", "kaboom.cli.main", "connect", url, "--bot", "random", "--start"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout and "winners" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "kaboom.cli.main", "connect", url, "--bot", "wizard"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "error" in bad.stderr


def test_leaving_a_game_hands_the_seat_to_a_bot_for_good(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, "dynamitt", ["human", "human", "random"])
        await lobby.start(table["id"], joins[0]["token"])
        a = SeatClient(server.base, table["id"], joins[0]["token"])
        await a.connect()
        await lobby.leave(table["id"], joins[1]["token"])
        left = await a.wait_for(lambda m: m["type"] == "seats" and m["seats"][1]["takeover"])
        assert left["seats"][1]["takeover"]
        gone = SeatClient(server.base, table["id"], joins[1]["token"])
        with pytest.raises(ConnectionError):
            await gone.connect()  # the token stopped working
        await play_person(a, scripted(9))  # the bot plays seat 1 to the end
        export = await lobby.export(table["id"])
        assert export["status"] == "over"
        await a.close()
        await lobby.close()

    asyncio.run(go())
