"""The ladder over a real server (issue 35): rated games between signed-in people and
bots change their ratings as each table finishes, and recomputing every rating from the
stored games (``ladder.recomputed``, ``kaboom ladder recompute``) gives them back exactly;
a table of bots alone, a guest's table asked to be rated (it plays unrated, and its info
says so) and an unrated table change no person's rating; ``/api/ladder`` and
``/api/players/{name}`` (their order, their 400s and 404s); two processes on one PostgreSQL
count each rated table once."""

from __future__ import annotations

import asyncio
import itertools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from kaboom.server import ladder
from kaboom.server.client import Lobby, SeatClient
from kaboom.server.db import make_engine
from server_support import (
    Server,
    play_person,
    postgres_schema,
    quick_args,
    scripted,
    sqlite_server,
    watch,
)

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_ladder")]

GAME = "eleminis"
PASSWORD = "correct horse 35"
_seeds = itertools.count(35)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ladder")


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[Server]:
    with sqlite_server(folder) as srv:
        yield srv


async def sign_up(base: str, name: str) -> httpx.AsyncClient:
    """A browser of a signed-up person: its session cookie, its page's Origin."""
    http = httpx.AsyncClient(base_url=base, headers={"Origin": base}, timeout=30.0)
    r = await http.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return http


async def game(
    bases: list[str],
    people: list[httpx.AsyncClient | None],
    bots: list[str],
    rated: bool = True,
) -> dict[str, Any]:
    """A table of ``people`` (a signed-in browser, or None: a guest) then ``bots``, asked
    ``rated``, played to its end by scripted people (seat q connected at ``bases[q % n]``);
    its info at the end."""
    lobby = Lobby(bases[0])
    seats = ["human"] * len(people) + bots
    table = await lobby.create(
        game=GAME, players=len(seats), seats=seats, window=0.0, bot_delay=0.0, rated=rated
    )
    tokens = []
    for q, http in enumerate(people):
        if http is None:
            joined = await lobby.join(table["id"], f"guest{q}", q)
            tokens.append(joined["token"])
        else:
            r = await http.post(f"/api/tables/{table['id']}/join", json={"name": "x", "seat": q})
            assert r.status_code == 200, r.text
            tokens.append(r.json()["token"])
    clients = [SeatClient(bases[q % len(bases)], table["id"], t) for q, t in enumerate(tokens)]
    for c in clients:
        await c.connect()
    if tokens:
        await lobby.start(table["id"], tokens[0])
        await asyncio.gather(*(play_person(c, scripted(next(_seeds))) for c in clients))
    else:
        spectator = SeatClient(bases[0], table["id"])
        await spectator.connect()
        await watch(spectator)
        await spectator.close()
    for c in clients:
        await c.close()
    info: dict[str, Any] = dict(await lobby.table(table["id"]))
    await lobby.close()
    return info


def ratings(url: str) -> tuple[dict[ladder.Key, ladder.Record], dict[ladder.Key, ladder.Record]]:
    """The stored ratings and those recomputed from the stored games."""
    engine = make_engine(url)
    try:
        return ladder.stored(engine), ladder.recomputed(engine)
    finally:
        engine.dispose()


def people_of(stored: dict[ladder.Key, ladder.Record]) -> dict[ladder.Key, ladder.Record]:
    return {k: r for k, r in stored.items() if k[0].startswith(ladder.ACCOUNT)}


def test_rated_games_reproduce_and_others_change_no_person(server: Server) -> None:
    async def go() -> None:
        ann, bob = await sign_up(server.base, "Ann Ladder"), await sign_up(server.base, "Bob")
        rated = [
            await game([server.base], [ann, bob], ["heuristic"]),
            await game([server.base], [ann], ["random", "heuristic"]),
            await game([server.base], [bob, ann], ["random"]),
        ]
        assert all(info["rated"] and info["status"] == "over" for info in rated)
        stored, again = ratings(server.db)
        assert stored == again
        people = people_of(stored)
        assert {(k[1], k[2]) for k in people} == {(GAME, 3)}
        assert sorted(r.games for r in people.values()) == [2, 3]  # Bob 2, Ann 3
        # bots alone, a guest at a table asked rated, an unrated table: no person moves
        alone = await game([server.base], [], ["random", "heuristic"])
        guest = await game([server.base], [ann, None], ["random"])
        plain = await game([server.base], [ann, bob], ["random"], rated=False)
        assert not alone["rated"] and not guest["rated"] and not plain["rated"]
        after, again = ratings(server.db)
        assert after == again == stored
        for http in (ann, bob):
            await http.aclose()

    asyncio.run(go())


def test_the_ladder_and_profile_routes(server: Server) -> None:
    async def go() -> None:
        cat = await sign_up(server.base, "Cat")
        for _ in range(2):
            await game([server.base], [cat], ["random", "random"])
        async with httpx.AsyncClient(base_url=server.base) as http:
            board = (await http.get("/api/ladder", params={"game": GAME, "players": 3})).json()
            assert board["game"] == GAME and board["players"] == 3
            rows = board["rows"]
            assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
            assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
            assert {"Cat", "random"} <= {r["name"] for r in rows}
            assert {r["name"]: r["kind"] for r in rows}["Cat"] == "person"
            r = await http.get("/api/ladder", params={"game": "chess", "players": 3})
            assert r.status_code == 400 and r.json()["detail"].startswith("game:")
            r = await http.get("/api/ladder", params={"game": GAME, "players": 9})
            assert r.status_code == 400 and r.json()["detail"].startswith("players:")
            empty = await http.get("/api/ladder", params={"game": GAME, "players": 4})
            assert empty.json()["rows"] == []
            shown = (await http.get("/api/players/CAT")).json()  # (names: any case)
            assert shown["name"] == "Cat" and shown["games"] == 2
            (rating,) = shown["ratings"]
            assert len(rating["history"]) == 2 and rating["history"][-1]["rating"] == next(
                row["rating"] for row in rows if row["name"] == "Cat"
            )
            assert (await http.get("/api/players/nobody-here")).status_code == 404
        await cat.aclose()

    asyncio.run(go())


def test_the_command_recomputes_what_is_stored(server: Server, folder: Path) -> None:
    """``kaboom ladder recompute`` rebuilds the ratings in place: none differ."""
    before, _ = ratings(server.db)
    done = subprocess.run(
        [sys.executable, "-m", "kaboom.cli.main", "ladder", "recompute", "--db", server.db],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "; 0 differed" in done.stdout, done.stdout + done.stderr
    assert ratings(server.db)[0] == before


@pytest.mark.postgres
def test_two_processes_count_each_rated_table_once(tmp_path: Path) -> None:
    """Two processes on one PostgreSQL, a table's seats connected at both: each rated
    table's end is recorded once, and the ratings reproduce."""
    with postgres_schema() as url:
        one = Server(url, tmp_path / "one.log", *quick_args()).start()
        two = Server(url, tmp_path / "two.log", *quick_args()).start()
        try:

            async def go() -> None:
                ann = await sign_up(one.base, "Ann")
                bob = await sign_up(two.base, "Bob")
                bases = [one.base, two.base]
                for _ in range(3):
                    assert (await game(bases, [ann, bob], ["heuristic"]))["rated"]
                stored, again = ratings(url)
                assert stored == again
                assert [r.games for r in people_of(stored).values()] == [3, 3]
                await ann.aclose()
                await bob.aclose()

            asyncio.run(go())
        finally:
            one.stop()
            two.stop()
        assert not one.errors() and not two.errors()
