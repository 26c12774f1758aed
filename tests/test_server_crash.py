"""Nothing acknowledged is lost: the server is killed with ``kill -9`` in the middle of
games (SQLite and PostgreSQL), restarted, and every action it acknowledged is in the log,
the players get what they missed and the games go on to the end. And two processes on one
PostgreSQL serve one table: players connected to either play it in one order."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaboom.server.client import Lobby, SeatClient
from kaboom.server.view import Created
from server_support import (
    Server,
    check_connection,
    check_schema,
    make_table,
    play_person,
    postgres_schema,
    quick_args,
    scripted,
    watch,
)

#: Each test runs its own ``kaboom serve`` processes and kills them mid-game.
pytestmark = pytest.mark.slow

CRASH_GAMES = ["exploding-kittens", "dynamitt", "kittens-board-game", "eleminis"]


async def _play_until_killed(clients: list[SeatClient], server: Server, after: int) -> None:
    """The people play; once every table has reached ``after`` actions (or ended: an
    Eleminis game can be short) the server dies."""

    async def person(c: SeatClient, q: int) -> None:
        # the people play on past ``after`` (the kill comes while they play) but stop well
        # short of the end: on a loaded machine the kill may come late, and the games must
        # still be going then (a person's turn waits for them)
        with contextlib.suppress(Exception):
            await play_person(c, scripted(q, silent=0.0), stop_at=after * 3)

    tasks = [asyncio.create_task(person(c, q)) for q, c in enumerate(clients)]
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while loop.time() < end and any(c.seq < after and c.over is None for c in clients):
        await asyncio.sleep(0.02)
    server.kill()
    await asyncio.gather(*tasks)


def _accepted(client: SeatClient) -> list[dict[str, Any]]:
    return [m for m in client.messages if m["type"] == "ack" and m["status"] == "accepted"]


def crash_and_go_on(db: str, folder: Path) -> None:
    server = Server(db, folder / "server.log", *quick_args()).start()

    async def go() -> None:
        lobby = Lobby(server.base)
        tables = []
        for game in CRASH_GAMES:
            # a bot's pace keeps the games going while the server is killed
            table, joins = await make_table(
                lobby, game, ["human", "human", "heuristic"], bot_delay=0.01
            )
            tables.append((table, joins))
            await lobby.start(table["id"], joins[0]["token"])
        clients = [
            SeatClient(server.base, t["id"], j["token"]) for t, joins in tables for j in joins
        ]
        for c in clients:
            await c.connect()
        await lobby.close()
        await _play_until_killed(clients, server, after=12)
        acked = {id(c): _accepted(c) for c in clients}
        assert sum(len(a) for a in acked.values()) >= len(clients)
        assert any(c.over is None for c in clients), "kill the server mid-game"

        restarted = Server(db, folder / "server2.log", *quick_args(), port=server.port).start()
        lobby = Lobby(restarted.base)
        again = []
        for c in clients:
            fresh = SeatClient(restarted.base, c.table, c.token)
            fresh.seq = c.seq
            await fresh.connect()
            sync = await fresh.wait_for(lambda m: m["type"] in ("sync", "over"))
            if sync["type"] == "sync":
                # every action acknowledged before the kill is in the log
                applied = [a["applied"] for a in acked[id(c)]]
                assert sync["seq"] >= max(applied, default=0)
                assert [e["seq"] for e in sync["missed"]] == list(range(c.seq + 1, sync["seq"] + 1))
            again.append(fresh)
        await asyncio.gather(*(play_person(c, scripted(10 + q)) for q, c in enumerate(again)))
        for (table, _), pair in zip(tables, zip(again[::2], again[1::2], strict=True), strict=True):
            export = await lobby.export(table["id"])
            assert export["status"] == "over"
            for old, new in zip(clients, again, strict=True):
                if old.table != table["id"]:
                    continue
                for ack in acked[id(old)]:
                    assert export["history"][ack["applied"] - 1] == ack["action"]
                seat = new.seat
                check_schema(new.messages, new.sent)
                check_connection(export, seat, new.messages, exact_at=False)
            assert all(c.over is not None for c in pair)
        for c in again:
            await c.close()
        await lobby.close()
        restarted.stop()
        assert not restarted.errors(), restarted.log.read_text()[-3000:]

    try:
        asyncio.run(go())
    finally:
        server.kill()


def test_kill_9_sqlite(tmp_path: Path) -> None:
    crash_and_go_on(f"sqlite:///{tmp_path}/kaboom.db", tmp_path)


@pytest.mark.postgres
def test_kill_9_postgresql(tmp_path: Path) -> None:
    with postgres_schema() as url:
        crash_and_go_on(url, tmp_path)


@contextlib.contextmanager
def two_processes(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two ``kaboom serve`` processes on one fresh PostgreSQL schema; both stopped at the
    end, and the second (the one each test keeps alive) must have logged no error."""
    with postgres_schema() as url:
        one = Server(url, tmp_path / "one.log", *quick_args()).start()
        two = Server(url, tmp_path / "two.log", *quick_args()).start()
        try:
            yield one, two
        finally:
            one.stop()
            two.stop()
        assert not two.errors(), two.log.read_text()[-3000:]


@pytest.mark.postgres
def test_two_processes_one_postgresql(tmp_path: Path) -> None:
    """Players on different processes at one table: every action applied once, in one
    order, each told to both; the bots and clocks run in one of them; if that one dies,
    the other takes the table over."""
    with two_processes(tmp_path) as (one, two):

        async def one_each(
            game: str, seats: list[str], **extra: Any
        ) -> tuple[SeatClient, SeatClient, Created]:
            """A table started at process one: seat 0 connected there, seat 1 at two."""
            lobby = Lobby(one.base)
            table, joins = await make_table(lobby, game, seats, **extra)
            a = SeatClient(one.base, table["id"], joins[0]["token"])
            b = SeatClient(two.base, table["id"], joins[1]["token"])
            for c in (a, b):
                await c.connect()
            await lobby.start(table["id"], joins[0]["token"])
            await lobby.close()
            return a, b, table

        async def go() -> None:
            lobby_one, lobby_two = Lobby(one.base), Lobby(two.base)
            table, joins = await make_table(
                lobby_one, "exploding-kittens", ["human", "human", "heuristic"]
            )
            # the second process knows the table from the database
            info = await lobby_two.table(table["id"])
            assert [s["taken"] for s in info["seats"]] == [True, True, True]
            a = SeatClient(one.base, table["id"], joins[0]["token"])
            b = SeatClient(two.base, table["id"], joins[1]["token"])
            spectator = SeatClient(two.base, table["id"])
            for c in (a, b, spectator):
                await c.connect()
            await lobby_two.start(table["id"], joins[1]["token"])
            await asyncio.gather(
                play_person(a, scripted(1)), play_person(b, scripted(2)), watch(spectator)
            )
            export = await lobby_one.export(table["id"])
            assert export == await lobby_two.export(table["id"])
            for seat, c in ((0, a), (1, b), (None, spectator)):
                check_schema(c.messages, c.sent)
                check_connection(export, seat, c.messages, exact_at=False)
                updates = [m["seq"] for m in c.messages if m["type"] == "update"]
                assert updates == sorted(set(updates))
                assert updates[-1] == len(export["history"])
                await c.close()

            # away marks and votes are the table's, whichever process a person is connected
            # to: seat 0 (at one, which drives) runs out of time, and seat 1 at two sees it
            a, b, _ = await one_each("exploding-kittens", ["human", "human"], clock=1)
            await b.wait_for(lambda m: m["type"] == "seats" and m["seats"][0]["away"], 10)
            await a.send({"v": 1, "type": "back"})
            await b.wait_for(lambda m: m["type"] == "seats" and not m["seats"][0]["away"], 10)
            for c in (a, b):
                await c.close()
            # two people at different processes vote a bot into the third seat, which never
            # connects: one vote of the two connected people is not enough, both are
            a, b, table = await one_each("exploding-minions", ["human"] * 3)
            await a.wait_for(lambda m: m["type"] == "seats" and m["seats"][1]["connected"], 10)
            await a.send({"v": 1, "type": "vote", "seat": 2})
            one_vote = await b.wait_for(
                lambda m: m["type"] == "seats" and m["seats"][2]["votes"] == [0], 10
            )
            assert not one_vote["seats"][2]["takeover"]
            await b.send({"v": 1, "type": "vote", "seat": 2})
            voted = await a.wait_for(
                lambda m: m["type"] == "seats" and m["seats"][2]["takeover"], 10
            )
            assert voted["seats"][2]["votes"] == [0, 1]
            await asyncio.gather(play_person(a, scripted(11)), play_person(b, scripted(12)))
            export = await lobby_two.export(table["id"])
            # the bot plays seat 2 from the vote on; a window that closes while it is still
            # thinking takes its pass "by clock" (the window never waits for a bot:
            # docs/rulings.md, "The table's clock"), and nothing else is played for it
            by_seat_2 = [(e["by"], e["text"]) for e in export["log"] if e["seat"] == 2]
            assert "bot" in {by for by, _ in by_seat_2}
            assert {text for by, text in by_seat_2 if by != "bot"} <= {"pass"}, by_seat_2
            check_schema(a.messages + b.messages, a.sent + b.sent)
            for c in (a, b):
                await c.close()

            # a second table: the process that drives it dies mid-game; the other goes on
            table, joins = await make_table(
                lobby_one, "dynamitt", ["human", "heuristic", "heuristic"], bot_delay=0.02
            )
            a = SeatClient(two.base, table["id"], joins[0]["token"])
            await a.connect()
            await lobby_one.start(table["id"], joins[0]["token"])  # the first one drives it
            await play_person(a, scripted(3), stop_at=5)
            one.kill()
            await play_person(a, scripted(4))
            export = await lobby_two.export(table["id"])
            assert export["status"] == "over"
            await a.close()
            await lobby_one.close()
            await lobby_two.close()

        asyncio.run(go())


@pytest.mark.postgres
def test_a_dead_process_leaves_its_people_absent(tmp_path: Path) -> None:
    """Two processes on one PostgreSQL, a person connected at each: when one process dies
    (``kill -9``: no goodbye, its presence rows stay behind), the other's sweep finds its
    instance lock free, forgets the presence it left, and tells its people the seat is no
    longer connected (so they may vote a bot in for it)."""
    with two_processes(tmp_path) as (one, two):

        async def go() -> None:
            lobby = Lobby(two.base)
            table, joins = await make_table(lobby, "exploding-kittens", ["human"] * 3)
            a = SeatClient(one.base, table["id"], joins[0]["token"])
            b = SeatClient(two.base, table["id"], joins[1]["token"])
            await b.connect()
            await a.connect()
            here = await b.wait_for(
                lambda m: m["type"] == "seats" and m["seats"][0]["connected"], 10
            )
            assert not here["seats"][2]["connected"]  # seat 2 never came
            await lobby.start(table["id"], joins[1]["token"])
            one.kill()
            gone = await b.wait_for(
                lambda m: m["type"] == "seats" and not m["seats"][0]["connected"], 15
            )
            assert gone["seats"][1]["connected"]  # b's own seat, at the living process
            info = await lobby.table(table["id"])
            assert [s["connected"] for s in info["seats"]] == [False, True, False]
            # and the table may now vote a bot into the dead process's seat
            await b.send({"v": 1, "type": "vote", "seat": 0})
            voted = await b.wait_for(
                lambda m: m["type"] == "seats" and m["seats"][0]["takeover"], 10
            )
            assert voted["seats"][0]["votes"] == [1]
            await b.close()
            with contextlib.suppress(Exception):
                await a.close()
            await lobby.close()

        asyncio.run(go())
