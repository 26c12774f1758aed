"""The coach at a real server (issue 32; docs/protocol.md, "Hints" and "Reviews"): a hint
answers the seat to decide, to its connection only, where the table allows hints (and
everyone at the table is told whether it does), and is refused with its rule where they
are off, where the seat has no decision, twice at once, or for a spectator; the review of
a finished game shows a seat its own decisions only (everyone's where the table's reviews
are open; a spectator nothing otherwise), is refused before the end, is searched once and
then answered from memory, and answers within the server's seconds."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from kaboom.server.client import Lobby, SeatClient
from server_support import (
    Server,
    check_schema,
    make_table,
    play_person,
    quick_args,
    scripted,
    sqlite_server,
)

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_coach")]

GAME = "exploding-kittens"
#: The module's server: a hint searched at most 1 s, a review at most 2 s.
HINT_SECONDS, REVIEW_SECONDS = 1.0, 2.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    args = quick_args("--hint-seconds", str(HINT_SECONDS), "--review-seconds", str(REVIEW_SECONDS))
    with sqlite_server(tmp_path_factory.mktemp("coach"), *args) as srv:
        yield srv


def hint(c: SeatClient) -> Any:
    return c.send({"v": 1, "type": "hint"})


async def answer(c: SeatClient, timeout: float = 30.0) -> dict[str, Any]:
    """The next ``hint`` or ``error`` ``c`` gets."""
    return await c.wait_for(lambda m: m["type"] in ("hint", "error"), timeout)


async def quiet(c: SeatClient) -> list[dict[str, Any]]:
    """Everything ``c`` gets until a ping's answer (what was on its way to it)."""
    await c.send({"v": 1, "type": "ping"})
    got: list[dict[str, Any]] = []
    while True:
        msg = await c.recv(30.0)
        if msg["type"] == "pong":
            return got
        got.append(msg)


async def started(base: str, seats: list[str], **extra: Any) -> tuple[
    Lobby, dict[str, Any], list[Any], list[SeatClient]]:  # fmt: skip
    """A table started, each person's seat connected, and its first update read."""
    lobby = Lobby(base)
    table, joins = await make_table(lobby, GAME, seats, **extra)
    clients = [SeatClient(base, table["id"], j["token"]) for j in joins]
    for c in clients:
        await c.connect()
    await lobby.start(table["id"], joins[0]["token"])
    for c in clients:
        await c.wait_for(lambda m: m["type"] in ("update", "sync"))
    return lobby, dict(table), joins, clients


def test_a_hint_goes_to_the_seat_to_decide_only(server: Server) -> None:
    async def go() -> None:
        lobby, table, _, (a, b) = await started(server.base, ["human", "human"], hints=True)
        spectator = SeatClient(server.base, table["id"])
        welcome = await spectator.connect()
        assert welcome["table"]["hints"] is True  # everyone at the table is told
        assert a.info["hints"] is True and b.info["hints"] is True
        await spectator.wait_for(lambda m: m["type"] in ("update", "sync"))
        to_act, other = (a, b) if a.decision is not None else (b, a)
        assert to_act.decision is not None and to_act.decision["kind"] == "turn"
        legal = {x["id"]: x["text"] for x in to_act.decision["legal"]}
        await hint(to_act)
        await hint(to_act)  # a second while the first is searched: one at a time
        got = await answer(to_act)
        assert (got["type"], got["code"]) == ("error", "hint-busy")
        got = await answer(to_act)
        assert got["type"] == "hint" and got["at"] == to_act.decision["at"]
        assert 1 <= len(got["choices"]) <= 3
        wins = [c["win"] for c in got["choices"]]
        assert wins == sorted(wins, reverse=True)
        for c in got["choices"]:
            assert legal[c["action"]] == c["text"]
            low, high = c["interval"]
            assert 0 <= low <= c["win"] <= high <= 1 and c["playouts"] >= 1
        # the other seat has no decision: refused; a spectator asks nothing
        await hint(other)
        assert (await answer(other))["code"] == "hint-turn"
        await hint(spectator)
        assert (await answer(spectator))["code"] == "spectator"
        # nobody else heard of the hint
        for c in (other, spectator):
            assert not [m for m in c.messages + await quiet(c) if m["type"] == "hint"]
        for c in (a, b, spectator):
            check_schema(c.messages, c.sent)
            await c.close()
        await lobby.close()

    asyncio.run(go())


def test_hints_are_off_where_the_creator_says_and_on_against_bots(server: Server) -> None:
    async def go() -> None:
        lobby, _, _, people = await started(server.base, ["human", "human"])
        assert all(c.info["hints"] is False for c in people)  # off by default: people
        c = next(c for c in people if c.decision is not None)
        await hint(c)
        got = await answer(c)
        assert (got["type"], got["code"]) == ("error", "hint-off")
        for p in people:
            await p.close()
        # every other seat a bot: always on, even where the creator said no
        for asked in (None, False):
            extra = {} if asked is None else {"hints": asked}
            table, _ = await make_table(lobby, GAME, ["human", "random"], **extra)
            assert table["hints"] is True
        # never at a rated table, even against bots; asked for there: refused, by its field
        table, _ = await make_table(lobby, GAME, ["human", "random"], rated=True)
        assert table["hints"] is False
        await lobby.close()
        r = httpx.post(f"{server.base}/api/tables", timeout=10, json={
            "game": GAME, "players": 2, "seats": ["human", "random"], "rated": True, "hints": True,
        })  # fmt: skip
        assert r.status_code == 400 and r.json()["detail"].startswith("hints:"), r.text

    asyncio.run(go())


async def finished(base: str, **extra: Any) -> tuple[dict[str, Any], list[Any]]:
    """A game of two people played to its end by scripted clicks."""
    lobby, table, joins, clients = await started(base, ["human", "human"], **extra)
    await asyncio.gather(*(play_person(c, scripted(q)) for q, c in enumerate(clients)))
    for c in clients:
        await c.close()
    await lobby.close()
    return table, joins


def review(base: str, table: str, token: str | None = None, seat: int | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    params = {} if seat is None else {"seat": seat}
    return httpx.get(f"{base}/api/tables/{table}/review", params=params, headers=headers,
                     timeout=60)  # fmt: skip


def health(base: str) -> dict[str, Any]:
    stats: dict[str, Any] = httpx.get(f"{base}/api/health", timeout=10).json()["stats"]
    return stats


def test_a_review_shows_each_seat_its_own_decisions(server: Server) -> None:
    base = server.base
    table, joins = asyncio.run(started_only(base))
    # before the end: refused
    r = review(base, table["id"], joins[0]["token"])
    assert r.status_code == 409 and "not over" in r.json()["detail"]
    table, joins = asyncio.run(finished(base))
    t = table["id"]
    before = health(base)["reviews"]
    r = review(base, t, joins[0]["token"])
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["format"], body["seat"], body["seats"], body["cached"]) == (
        "kaboom-review", 0, [0], False)  # fmt: skip
    assert body["decisions"] and {d["seat"] for d in body["decisions"]} == {0}
    for d in body["decisions"]:
        assert d["mark"] in ("", "inaccuracy", "mistake", "blunder")
        assert 0 <= d["played"]["win"] <= 1 and 0 <= d["best"]["win"] <= 1
    # the second time from memory: no search
    again = review(base, t, joins[0]["token"])
    assert again.json() == {**body, "cached": True}
    assert health(base)["reviews"] == before + 1
    # seat 1's own; not seat 1's through seat 0's token; nothing for a spectator
    assert {d["seat"] for d in review(base, t, joins[1]["token"]).json()["decisions"]} <= {1}
    r = review(base, t, joins[0]["token"], seat=1)
    assert r.status_code == 403 and "not open" in r.json()["detail"]
    r = review(base, t)
    assert r.status_code == 403 and "seat" in r.json()["detail"]
    assert review(base, t, "not-a-token", seat=0).status_code == 403
    assert review(base, t, joins[0]["token"], seat=7).status_code == 400
    assert review(base, "nosuchtable", joins[0]["token"]).status_code == 404


async def started_only(base: str) -> tuple[dict[str, Any], list[Any]]:
    lobby, table, joins, clients = await started(base, ["human", "human"])
    for c in clients:
        await c.close()
    await lobby.close()
    return table, joins


def test_open_reviews_show_every_seat_to_everyone(server: Server) -> None:
    base = server.base
    table, joins = asyncio.run(finished(base, open_reviews=True))
    assert table["open_reviews"] is True
    t = table["id"]
    theirs = review(base, t, joins[0]["token"], seat=1)
    assert theirs.status_code == 200 and theirs.json()["seat"] == 1
    watched = review(base, t, seat=1)  # a spectator, the reviews being open
    assert watched.status_code == 200 and watched.json()["decisions"] == theirs.json()["decisions"]
    assert review(base, t).status_code == 403  # (a spectator names the seat)


def test_a_review_answers_within_the_servers_seconds(server: Server) -> None:
    base = server.base
    table, joins = asyncio.run(finished(base))
    r = review(base, table["id"], joins[1]["token"])
    assert r.status_code == 200
    took = r.elapsed.total_seconds()
    assert took < REVIEW_SECONDS + 10, f"a review took {took:.1f} s"
