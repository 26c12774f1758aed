"""The ladder over a real server (issue 35): rated games between signed-in people and
bots change their ratings as each table finishes, and recomputing every rating from the
stored games (``ladder.recomputed``, ``kaboom ladder recompute``) gives them back exactly;
a table of bots alone, a guest's table asked to be rated (it plays unrated, and its info
says so) and an unrated table change no person's rating; ``/api/ladder`` and
``/api/players/{name}`` (their order, their 400s and 404s); two processes on one PostgreSQL
count each rated table once."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from kaboom.server import ladder
from kaboom.server.db import make_engine
from ladder_support import GAME, game, sign_up
from server_support import Server, postgres_schema, quick_args, sqlite_server

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_ladder")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ladder")


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[Server]:
    with sqlite_server(folder) as srv:
        yield srv


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
            assert {"Cat", "Bot · random"} <= {r["name"] for r in rows}  # (issue 46)
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


def test_a_bot_is_one_player_whatever_its_spelling_and_named_by_its_level(
    server: Server,
) -> None:
    """Issue 46: ``Random`` and ``random`` are one player on the ladder (its spec made one
    spelling where the ladder keys it), listed as "Bot · random" in the asker's language,
    never as its spec; the spec stays in ``bot``."""

    async def go() -> None:
        dan = await sign_up(server.base, "Dan Spelling")
        for spelled in ("Random", "random", " RANDOM"):
            await game([server.base], [dan], [spelled])
        async with httpx.AsyncClient(base_url=server.base) as http:
            for lang, said in (("en", "Bot · random"), ("nb", "Bot · tilfeldig")):
                board = await http.get(
                    "/api/ladder", params={"game": GAME, "players": 2, "lang": lang}
                )
                bots = [r for r in board.json()["rows"] if r["kind"] == "bot"]
                assert [(r["name"], r["bot"], r["level"], r["games"]) for r in bots] == [
                    (said, "random", "random", 3)
                ], bots
        await dan.aclose()

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
