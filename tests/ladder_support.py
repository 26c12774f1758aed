"""Helpers of the ladder's tests (issue 35): signed-in people over HTTP, and whole tables
of them and bots played to the end fast (no reaction window, no bot delay)."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import httpx

from kaboom.server.client import Lobby, SeatClient
from server_support import play_person, scripted, watch

GAME = "eleminis"
PASSWORD = "correct horse 35"
_seeds = itertools.count(35)


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
