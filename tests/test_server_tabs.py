"""A seat open in two tabs (the ``tabs`` notice, ``take``; docs/protocol.md) and a seat's own
views after each log entry (``GET /api/tables/{id}/views``: a reloaded page's look back),
against a real ``kaboom serve``: the newest connection plays the seat, the other's actions
are refused until it takes the seat; the views are exactly what the seat was shown, never
another seat's hand."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from kaboom.engine.registry import new_game
from kaboom.server.client import Lobby, SeatClient
from server_support import Server, check_schema, make_table, play_person, scripted, sqlite_server

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_tabs")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("tabs")) as srv:
        yield srv


def test_a_seat_in_two_tabs_is_played_by_one_and_the_other_takes_it(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, "exploding-kittens", ["human", "heuristic"])
        token = joins[0]["token"]
        first = SeatClient(server.base, table["id"], token, record=True)
        await first.connect()
        alone = await first.wait_for(lambda m: m["type"] == "tabs")
        assert alone["count"] == 1 and alone["playing"] is True
        await lobby.start(table["id"], token)
        await first.wait_for(lambda m: m["type"] == "update" and m["decision"] is not None)
        second = SeatClient(server.base, table["id"], token, record=True)
        await second.connect()
        told_first = await first.wait_for(lambda m: m["type"] == "tabs")
        told_second = await second.wait_for(lambda m: m["type"] == "tabs")
        assert (told_first["count"], told_first["playing"]) == (2, False)
        assert (told_second["count"], told_second["playing"]) == (2, True)
        # the tab that does not play the seat: its action is refused, nothing applied
        await first.act(text="draw")
        refused = await first.wait_for(lambda m: m["type"] == "ack")
        assert refused["status"] == "refused" and refused["rule"] == "another tab"
        # it takes the seat: now the other one is told, and its own action goes through
        await first.send({"v": 1, "type": "take"})
        took = await first.wait_for(lambda m: m["type"] == "tabs")
        lost = await second.wait_for(lambda m: m["type"] == "tabs")
        assert took["playing"] is True and lost["playing"] is False
        await first.act(text="draw")
        played = await first.wait_for(lambda m: m["type"] == "ack")
        assert played["status"] == "accepted", played
        # the playing tab closes: the one left plays the seat again
        await first.close()
        back = await second.wait_for(lambda m: m["type"] == "tabs")
        assert (back["count"], back["playing"]) == (1, True)
        check_schema(first.messages)
        check_schema(second.messages)
        await second.close()
        await lobby.close()

    asyncio.run(go())


@pytest.mark.parametrize("game", ["exploding-kittens", "kittens-board-game", "eleminis"])
def test_a_seats_views_are_its_own_observations_never_another_hand(
    server: Server, game: str
) -> None:
    """Played to the end by a scripted person against two bots: the views of seat 0 are,
    entry by entry, the observation and events the seat was sent, and ``observe(0)`` of the
    game dealt again from the export; its hand there is its own, never another seat's."""

    async def go() -> tuple[str, str, dict[int, dict[str, Any]]]:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, game, ["human", "random", "random"], seed=11)
        token = joins[0]["token"]
        seat = SeatClient(server.base, table["id"], token, record=True)
        await seat.connect()
        await lobby.start(table["id"], token)
        await play_person(seat, scripted(3))
        await seat.close()
        await lobby.close()
        sent = {m["seq"]: m for m in seat.messages if m["type"] == "update"}
        return table["id"], token, sent

    table, token, sent = asyncio.run(go())
    url = f"{server.base}/api/tables/{table}/views"
    assert httpx.get(url, timeout=10).status_code == 403  # no token: no views
    bad = httpx.get(url, headers={"Authorization": "Bearer nope"}, timeout=10)
    assert bad.status_code == 403
    got = httpx.get(url, headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
    assert got["seat"] == 0
    views = {v["seq"]: v for v in got["views"]}
    assert len(views) >= min(len(sent), 400) > 5
    export = httpx.get(f"{server.base}/api/games/{table}/export", timeout=10).json()
    state = new_game(game, 3, int(export["seed"]), **export["options"])
    for k in range(len(export["history"]) + 1):
        if k > 0:
            state.apply(export["history"][k - 1])
        if k not in views:
            continue
        view = views[k]
        assert view["observation"] == json.loads(json.dumps(state.observe(0))), f"seq {k}"
        if k in sent:
            assert view["observation"] == sent[k]["observation"], f"seq {k}"
            assert view["events"] == sent[k]["events"], f"seq {k}"
        mine = state.observe(0)["hand"]
        for q in (1, 2):
            theirs = state.observe(q)["hand"]
            if theirs and theirs != mine:
                assert view["observation"]["hand"] != theirs, f"seq {k}: seat {q}'s hand"
