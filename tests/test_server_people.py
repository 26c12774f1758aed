"""People and pace at a real server (issue 46), over HTTP and the WebSocket: a bot's seat
carries a name drawn from public facts and a level word, in the protocol's schema; a join
never names a person "You", takes a signed-in person's account name when the name box is
empty, and says what is wrong with a name in a sentence naming the field and its limit;
rated + hints is refused naming the rule; "Play again" against bots deals at once (with two
people it waits for them); the review and the export name the seats; the default reaction
window is the measured one; the health check says where the server listens."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from kaboom.server.client import Lobby, SeatClient
from kaboom.server.clocks import DEFAULT_WINDOW
from kaboom.server.people import BOT_NAMES, bot_name
from ladder_support import sign_up
from server_support import (
    Server,
    check_schema,
    free_port,
    play_person,
    quick_args,
    scripted,
    sqlite_server,
)

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_people")]

GAME = "exploding-kittens"
#: Quick tables: no bots' pause, the shortest window the tests use.
QUICK: dict[str, Any] = {"window": 0.05, "bot_delay": 0.0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    args = quick_args("--review-seconds", "1")
    with sqlite_server(tmp_path_factory.mktemp("people"), *args) as srv:
        yield srv


def post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{base}{path}", json=body, headers=headers, timeout=30)


def create(base: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = post(base, "/api/tables", {"game": GAME, "players": len(seats), "seats": seats, **extra})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    return table


def test_a_bot_seat_is_named_from_public_facts_with_its_level(server: Server) -> None:
    seats = ["human", "ismcts", "heuristic", "Random"]
    table = create(server.base, seats, level="easy", **QUICK)
    got = [(s["kind"], s["bot"], s["name"], s["level"]) for s in table["seats"]]
    assert got == [
        ("human", None, None, None),
        ("bot", "ismcts:level=easy", bot_name(table["id"], 1), "easy"),
        ("bot", "heuristic", bot_name(table["id"], 2), "simple"),
        ("bot", "Random", bot_name(table["id"], 3), "random"),  # (the spec kept as sent)
    ]
    names = [s["name"] for s in table["seats"][1:]]
    assert len(set(names)) == 3 and set(names) <= set(BOT_NAMES)
    # the WebSocket's seats say the same, within the protocol's schema
    token = post(server.base, f"/api/tables/{table['id']}/join", {"name": "ann"}).json()["token"]

    async def welcome() -> list[dict[str, Any]]:
        client = SeatClient(server.base, table["id"], token)
        first = await client.connect()
        await client.close()
        return [first]

    (msg,) = asyncio.run(welcome())
    check_schema([msg])
    assert [(s["name"], s["level"]) for s in msg["seats"]] == [
        ("ann", None),
        *[(n, lv) for n, lv in zip(names, ["easy", "simple", "random"], strict=True)],
    ]


@pytest.mark.parametrize("name", ["You", "you", "Du"])
def test_nobody_sits_down_as_you(server: Server, name: str) -> None:
    table = create(server.base, ["human", "human"], **QUICK)
    r = post(server.base, f"/api/tables/{table['id']}/join", {"name": name})
    assert r.status_code == 400, r.text
    assert r.json()["detail"].startswith("name: ") and "own seat" in r.json()["detail"]
    seats = httpx.get(f"{server.base}/api/tables/{table['id']}", timeout=10).json()["seats"]
    assert all(not s["taken"] and s["name"] is None for s in seats)
    # the accounts too: nobody signs up as "You"
    r = httpx.post(f"{server.base}/api/accounts", json={"name": name, "password": "x" * 12},
                   headers={"Origin": server.base}, timeout=10)  # fmt: skip
    assert r.status_code == 400 and r.json()["detail"].startswith("name: "), r.text


def test_a_name_refused_is_said_in_a_sentence_naming_the_field_and_its_limit(
    server: Server,
) -> None:
    table = create(server.base, ["human", "human"], **QUICK)
    url = f"/api/tables/{table['id']}/join"
    for body, status in (({"name": ""}, 400), ({"name": "x" * 33}, 422), ({}, 400)):
        r = post(server.base, url, body)
        assert r.status_code == status, r.text
        detail = r.json()["detail"]
        assert isinstance(detail, str) and detail.startswith("name: 1 to 32 characters"), detail
        assert "String should" not in detail
    r = post(server.base, url, {"name": "ann", "seat": 99})
    assert (r.status_code, r.json()["detail"]) == (422, "seat: less than 16")
    nb = httpx.post(f"{server.base}{url}?lang=nb", json={"name": "x" * 33}, timeout=10)
    assert nb.json()["detail"] == "name: 1 til 32 tegn, ingen av dem kontrolltegn"


def test_a_signed_in_person_following_an_invite_sits_under_their_account_name(
    server: Server,
) -> None:
    """Issue 46: the join form's name box empty, a signed-in person used to get pydantic's
    "name: String should have at least 1 character"; the account's name is taken."""
    table = create(server.base, ["human", "human"], private=True, **QUICK)

    async def go() -> dict[str, Any]:
        eve = await sign_up(server.base, "Eve Invited")
        r = await eve.post(
            f"/api/tables/{table['id']}/join", json={"name": "", "invite": table["invite"]}
        )
        await eve.aclose()
        assert r.status_code == 200, r.text
        joined: dict[str, Any] = r.json()
        return joined

    joined = asyncio.run(go())
    info = httpx.get(
        f"{server.base}/api/tables/{table['id']}", params={"invite": table["invite"]}, timeout=10
    ).json()
    assert info["seats"][joined["seat"]]["name"] == "Eve Invited"


def test_rated_and_hints_is_refused_with_its_rule(server: Server) -> None:
    r = post(server.base, "/api/tables", {
        "game": GAME, "players": 2, "seats": ["human", "random"], "rated": True, "hints": True,
    })  # fmt: skip
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert detail.startswith("hints: ") and "rated table" in detail and "alone" in detail


def test_the_default_window_is_the_measured_one(server: Server) -> None:
    table = create(server.base, ["human", "random"])
    assert table["window"] == DEFAULT_WINDOW == 9.5


async def played(base: str, table: dict[str, Any], names: list[str]) -> list[str]:
    """Seat each name at ``table`` (its human seats in order), play it to its end by
    scripted clicks; the seats' tokens."""
    lobby = Lobby(base)
    tokens = [(await lobby.join(table["id"], n))["token"] for n in names]
    clients = [SeatClient(base, table["id"], tok) for tok in tokens]
    for c in clients:
        await c.connect()
    await lobby.start(table["id"], tokens[0])
    await asyncio.gather(*(play_person(c, scripted(46 + q)) for q, c in enumerate(clients)))
    for c in clients:
        await c.close()
    await lobby.close()
    return tokens


def test_play_again_against_bots_deals_at_once_and_with_people_waits(server: Server) -> None:
    alone = create(server.base, ["human", "random", "heuristic"], **QUICK)
    friends = create(server.base, ["human", "human", "random"], **QUICK)

    async def go() -> tuple[list[str], list[str]]:
        return await asyncio.gather(
            played(server.base, alone, ["ann"]), played(server.base, friends, ["ann", "bob"])
        )

    (mine,), (host, _guest) = asyncio.run(go())
    r = post(server.base, f"/api/tables/{alone['id']}/again", {}, token=mine)
    assert r.status_code == 200, r.text
    follow = httpx.get(f"{server.base}/api/tables/{r.json()['table']}", timeout=10).json()
    assert follow["status"] in ("playing", "over"), follow  # dealt at once: nobody to wait for
    assert follow["seq"] >= 0
    assert [s["name"] for s in follow["seats"]] == ["ann", *[s["name"] for s in alone["seats"][1:]]]
    # two people: the next table waits for the other to come
    r = post(server.base, f"/api/tables/{friends['id']}/again", {}, token=host)
    follow = httpx.get(f"{server.base}/api/tables/{r.json()['table']}", timeout=10).json()
    assert follow["status"] == "open", follow
    assert [s["taken"] for s in follow["seats"]] == [True, False, True]

    # the review and the export name the seats (issue 46: "Review of ann", not "of P0")
    review = httpx.get(
        f"{server.base}/api/tables/{alone['id']}/review",
        headers={"Authorization": f"Bearer {mine}"},
        timeout=60,
    )
    assert review.status_code == 200, review.text
    assert review.json()["seats"] == [0]  # (the review's own: the seats it reviews)
    seats = review.json()["table_seats"]
    assert [(s["name"], s["level"]) for s in seats] == [
        ("ann", None), (alone["seats"][1]["name"], "random"), (alone["seats"][2]["name"], "simple")
    ]  # fmt: skip
    export = httpx.get(f"{server.base}/api/games/{alone['id']}/export", timeout=10).json()
    assert export["names"] == [s["name"] for s in seats]
    assert export["levels"] == [None, "random", "simple"]


def test_the_health_check_says_where_the_server_listens(server: Server, tmp_path: Path) -> None:
    """Bound to 127.0.0.1 (``kaboom serve``'s default), other devices cannot reach it: the
    lobby says so beside the invite's QR code; bound to every address, they can."""
    listen = httpx.get(f"{server.base}/api/health", timeout=10).json()["listen"]
    assert listen == {"host": "127.0.0.1", "loopback": True}
    everywhere = Server(
        f"sqlite:///{tmp_path}/all.db", tmp_path / "all.log", "--host", "0.0.0.0",
        port=free_port(),
    ).start()  # fmt: skip
    try:
        listen = httpx.get(f"{everywhere.base}/api/health", timeout=10).json()["listen"]
        assert listen == {"host": "0.0.0.0", "loopback": False}
    finally:
        everywhere.stop()
