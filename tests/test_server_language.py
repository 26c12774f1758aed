"""Each person's language at one online table (docs/i18n.md, docs/protocol.md,
"Languages"): two seats of one table, one connected with ``lang=nb`` and one in English;
the same refusals reach each in their own words, the codes and rules the same; the lobby's
refusals follow ``?lang=``, the ``kaboom_lang`` cookie and ``Accept-Language``; a
``hello`` may name the language too."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from kaboom.engine.registry import new_game
from kaboom.server.client import Lobby, LobbyRefused, SeatClient, ws_url
from server_support import Server, check_schema, make_table, sqlite_server

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_language")]

GAME = "eleminis"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("language")) as srv:
        yield srv


async def error_of(c: SeatClient, code: str) -> dict[str, Any]:
    return await c.wait_for(lambda m: m["type"] == "error" and m["code"] == code, 10.0)


async def refusal_of(c: SeatClient, key: str) -> dict[str, Any]:
    return await c.wait_for(lambda m: m["type"] == "ack" and m["key"] == key, 10.0)


async def next_error(ws: Any) -> str:
    """The ``message`` of the next ``error`` on a raw WebSocket."""
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10.0))
        if msg["type"] == "error":
            return str(msg["message"])


def test_two_people_at_one_table_each_read_their_own_language(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, GAME, ["human", "human", "human"])
        nb = SeatClient(server.base, table["id"], joins[0]["token"], lang="nb")
        en = SeatClient(server.base, table["id"], joins[1]["token"], lang="en")
        for c in (nb, en):
            await c.connect()
        # a chat line too long: the same rule, each in their words
        for c in (nb, en):
            await c.send({"v": 1, "type": "chat", "text": "x" * 201})
        said = {"nb": (await error_of(nb, "chat-length"))["message"],
                "en": (await error_of(en, "chat-length"))["message"]}  # fmt: skip
        assert said == {
            "nb": "en linje er 1 til 200 tegn etter rensing; denne er 201",
            "en": "a line is 1 to 200 characters once cleaned; this one is 201",
        }
        # an action before the deal (a seat is still free): refused, the rule the same
        for c, key in ((nb, "a-nb"), (en, "a-en")):
            await c.send({"v": 1, "type": "action", "key": key, "id": 0})
        told_nb, told_en = await refusal_of(nb, "a-nb"), await refusal_of(en, "a-en")
        assert told_nb["status"] == told_en["status"] == "refused"
        assert told_nb["rule"] == told_en["rule"] == "table"
        assert (told_nb["reason"], told_en["reason"]) == ("bordet er open", "the table is open")
        # a hello naming the language: a spectator's refusal in it
        spectator = SeatClient(server.base, table["id"])
        await spectator.connect()
        await spectator.send({"v": 1, "type": "vote", "seat": 2})
        assert (await error_of(spectator, "spectator"))["message"].startswith("spectators cannot")
        async with websockets.connect(ws_url(server.base)) as ws:
            hello = {"v": 1, "type": "hello", "table": table["id"], "lang": "nb"}
            check_schema([], [hello])
            await ws.send(json.dumps(hello))
            await ws.send(json.dumps({"v": 1, "type": "vote", "seat": 2}))
            said_nb = await next_error(ws)
        assert said_nb == "tilskuere kan ikke handle, stemme eller ta en plass"
        for c in (nb, en, spectator):
            check_schema(c.messages, c.sent)
            await c.close()
        await lobby.close()

    asyncio.run(go())


def test_the_lobby_refuses_in_the_persons_language(server: Server) -> None:
    missing = "/api/tables/nosuchtable"
    with httpx.Client(base_url=server.base) as http:
        assert http.get(missing).json() == {"detail": "no such table"}
        assert http.get(missing, params={"lang": "nb"}).json() == {"detail": "bordet finnes ikke"}
        header = {"Accept-Language": "nb-NO,nb;q=0.9,en;q=0.5"}
        assert http.get(missing, headers=header).json()["detail"] == "bordet finnes ikke"
        cookie = {"Cookie": "kaboom_lang=nb"}
        assert http.get(missing, headers=cookie).json()["detail"] == "bordet finnes ikke"
        # ?lang= before the cookie, a language the server does not speak: the next one
        asked = http.get(missing, params={"lang": "en"}, headers=cookie).json()["detail"]
        assert asked == "no such table"
        unknown = http.get(missing, params={"lang": "de"}, headers=header).json()["detail"]
        assert unknown == "bordet finnes ikke"

    async def taken() -> None:
        lobby = Lobby(server.base, lang="nb")
        table, _joins = await make_table(Lobby(server.base), GAME, ["human", "human"])
        with pytest.raises(LobbyRefused) as refused:
            await lobby.join(table["id"], "late", 0)
        assert refused.value.status == 409
        assert refused.value.detail == "plass 0 er ikke en ledig plass for en person"
        await lobby.close()

    asyncio.run(taken())


def test_a_window_answer_the_clock_drops_is_said_in_its_seats_language(server: Server) -> None:
    """Seat 0 (English) plays a card, seat 1 (English) Nopes it, seat 2 (Norwegian) passes:
    the pass, never asked, is refused when the window's clock closes it (a task of the
    table, not of seat 2's connection), in Norwegian; the rule the same."""
    game, window = "exploding-kittens", 0.6

    def wanted(s: Any) -> bool:
        nopable = [a for a in s.legal_actions() if s.action_text(a).startswith("play ")]
        return bool(nopable) and "nope" in s.observe(1)["hand"]

    seed = next(seed for seed in range(1, 500) if wanted(new_game(game, 3, seed)))
    local = new_game(game, 3, seed)
    play_card = next(a for a in local.legal_actions() if local.action_text(a).startswith("play "))

    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, game, ["human"] * 3, window=window, seed=seed)
        langs = ("en", "en", "nb")
        cs = [SeatClient(server.base, table["id"], j["token"], lang=lang)
              for j, lang in zip(joins, langs, strict=True)]  # fmt: skip
        for c in cs:
            await c.connect()
        await lobby.start(table["id"], joins[0]["token"])
        for c in cs:
            await c.wait_for(lambda m: m["type"] == "update")
        await cs[0].act(play_card)
        opened = await cs[2].wait_for(lambda m: m["type"] == "update" and m["seq"] == 1)
        d1 = (await cs[1].wait_for(lambda m: m["type"] == "update" and m["seq"] == 1))["decision"]
        nope = next(x["id"] for x in d1["legal"] if x["text"] != "pass")
        await cs[1].act(nope, at=d1["at"])
        passing = next(x["id"] for x in opened["decision"]["legal"] if x["text"] == "pass")
        pass_key = await cs[2].act(passing, at=opened["decision"]["at"])
        dropped = await cs[2].wait_for(
            lambda m: m["type"] == "ack" and m["key"] == pass_key and m["status"] == "refused",
            10.0,
        )
        assert dropped["rule"] == "reaction window"
        assert dropped["reason"] == "vinduet ble lukket før denne plassen ble spurt"
        for c in cs:
            check_schema(c.messages, c.sent)
            await c.close()
        await lobby.close()

    asyncio.run(go())
