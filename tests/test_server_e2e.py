"""The server end to end: a real ``kaboom serve`` in a subprocess (SQLite), real WebSocket
clients. A whole game of every game between two people and a bot with a spectator, many
bot games under the leak oracle, a reconnect that gets every missed event, a resent action
applied once, refused actions naming their rule, the reaction window's full clock."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaboom.engine.errors import IllegalAction
from kaboom.engine.registry import list_games, new_game
from kaboom.server import protocol
from kaboom.server.client import Lobby, SeatClient, bot_chooser, play
from kaboom.tui import save
from server_support import (
    Server,
    check_connection,
    check_schema,
    make_table,
    play_person,
    quick_args,
    scripted,
    sqlite_server,
    watch,
)

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = pytest.mark.xdist_group("server_e2e")

GAMES = [spec.game_id for spec in list_games()]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("server")) as srv:
        yield srv


def test_schemas_are_generated_from_the_models() -> None:
    for name, schema in protocol.schemas().items():
        stored = json.loads((protocol.SCHEMA_DIR / f"{name}.schema.json").read_text())
        assert stored == json.loads(json.dumps(schema)), f"regenerate {name}.schema.json"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_a_whole_game_two_people_a_bot_and_a_spectator(
    server: Server, game: str, tmp_path: Path
) -> None:
    async def go() -> tuple[list[SeatClient], SeatClient, dict[str, Any]]:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, game, ["human", "human", "heuristic"])
        people = [SeatClient(server.base, table["id"], j["token"]) for j in joins]
        spectator = SeatClient(server.base, table["id"])
        for c in [*people, spectator]:
            await c.connect()
        await lobby.start(table["id"], joins[0]["token"])
        await asyncio.gather(
            *(play_person(c, scripted(q)) for q, c in enumerate(people)), watch(spectator)
        )
        export = await lobby.export(table["id"])
        for c in [*people, spectator]:
            await c.close()
        await lobby.close()
        return people, spectator, export

    people, spectator, export = asyncio.run(go())
    assert export["status"] == "over" and export["winners"]
    for seat, client in [(0, people[0]), (1, people[1]), (None, spectator)]:
        assert client.over is not None and client.over["winners"] == export["winners"]
        check_schema(client.messages, client.sent)
        assert check_connection(export, seat, client.messages) >= len(export["history"])
    # the export is a log kaboom replay reads: every action replays from the seed
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    replayed = save.replay(path)
    assert replayed.finished and replayed.actions == export["history"]
    over = people[0].over
    assert over is not None and over["seed"] == str(export["seed"])  # told at the end


@pytest.mark.slow
def test_leak_oracle_bot_games_over_the_wire(server: Server) -> None:
    """Bots at every seat, two of them remote (deciding from what they are sent), two in the
    server, a spectator: every message each connection gets, checked against what its seat
    may know at that moment; zero leaks."""

    async def one(game: str, seed: int) -> int:
        lobby = Lobby(server.base)
        table, joins = await make_table(
            lobby, game, ["human", "human", "heuristic", "random"], seed=seed
        )
        remote = [SeatClient(server.base, table["id"], j["token"]) for j in joins]
        spectator = SeatClient(server.base, table["id"])
        for c in [*remote, spectator]:
            await c.connect()
        await lobby.start(table["id"], joins[0]["token"])
        info = remote[0].info
        choosers = [
            bot_chooser(spec, game, info["options"], seed + q)
            for q, spec in enumerate(["heuristic", "random"])
        ]
        await asyncio.gather(
            *(play(c, ch) for c, ch in zip(remote, choosers, strict=True)), watch(spectator)
        )
        export = await lobby.export(table["id"])
        await lobby.close()
        checked = 0
        for seat, client in [(0, remote[0]), (1, remote[1]), (None, spectator)]:
            check_schema(client.messages, client.sent)
            checked += check_connection(export, seat, client.messages)
            await client.close()
        return checked

    async def go() -> int:
        games = [one(game, 100 + i) for i, game in enumerate(GAMES * 2)]
        return sum(await asyncio.gather(*games))

    assert asyncio.run(go()) > 500


@pytest.mark.slow
def test_reconnect_gets_every_missed_event(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(
            lobby, "exploding-kittens", ["human", "heuristic", "heuristic"]
        )
        token = joins[0]["token"]
        first = SeatClient(server.base, table["id"], token)
        await first.connect()
        await lobby.start(table["id"], token)
        choose = scripted(7, silent=0.0)
        # play until seq 6 or more, then act on a turn and drop the connection: the bots
        # play on meanwhile
        answered: set[tuple[str, int]] = set()
        while True:
            msg = await first.recv(30.0)
            decision = first.decision
            if msg["type"] not in ("update", "sync") or decision is None:
                continue
            ident = (decision["kind"], decision["at"])
            if ident in answered:
                continue
            answered.add(ident)
            action = choose(decision["observation"] or first.observation, decision)
            await first.act(action, at=decision["at"])
            if first.seq >= 6 and decision["kind"] == "turn":
                break
        await first.wait_for(lambda m: m["type"] == "ack")
        last = first.seq
        await first.close()
        await asyncio.sleep(1.0)  # the bots play on meanwhile
        second = SeatClient(server.base, table["id"], token)
        second.seq = last
        await second.connect()
        sync = await second.wait_for(lambda m: m["type"] == "sync")
        missed = [entry["seq"] for entry in sync["missed"]]
        assert missed == list(range(last + 1, sync["seq"] + 1))
        assert len(missed) >= 1
        await play_person(second, choose)
        export = await lobby.export(table["id"])
        await second.close()
        await lobby.close()
        check_schema(first.messages + second.messages, first.sent + second.sent)
        check_connection(export, 0, first.messages + second.messages)
        # a spectator arriving late, from nothing: the whole game's public events
        late = SeatClient(server.base, table["id"])
        await late.connect()
        sync = await late.wait_for(lambda m: m["type"] == "sync")
        assert [e["seq"] for e in sync["missed"]] == list(range(len(export["history"]) + 1))
        await late.wait_for(lambda m: m["type"] == "over")
        check_connection(export, None, late.messages)
        await late.close()

    asyncio.run(go())


def _seed_with(game: str, players: int, want: Any) -> int:
    for seed in range(1, 500):
        if want(new_game(game, players, seed)):
            return seed
    raise AssertionError("no seed found")


@pytest.mark.slow
def test_a_resent_action_is_applied_once(server: Server) -> None:
    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, "exploding-kittens", ["human", "human"])
        a, b = (SeatClient(server.base, table["id"], j["token"]) for j in joins)
        await a.connect()
        await b.connect()
        await lobby.start(table["id"], joins[0]["token"])
        await a.wait_for(lambda m: m["type"] == "update" and m["decision"] is not None)
        decision = a.decision
        assert decision is not None and decision["kind"] == "turn"
        draw = next(x["id"] for x in decision["legal"] if x["text"] == "draw")
        key = await a.act(draw)
        await a.act(draw, key=key)  # a resend after a timeout: same key
        acks = [await a.wait_for(lambda m: m["type"] == "ack") for _ in range(2)]
        assert [x["status"] for x in acks] == ["accepted", "accepted"]
        assert acks[0]["applied"] == acks[1]["applied"] == 1
        # and after reconnecting, the same key is still answered, not applied
        await a.close()
        again = SeatClient(server.base, table["id"], joins[0]["token"])
        await again.connect(last_seq=1)
        await again.act(draw, key=key)
        ack = await again.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "accepted" and ack["applied"] == 1
        await asyncio.sleep(0.3)
        while True:
            try:
                await b.recv(0.3)
            except TimeoutError:
                break
        assert [m["seq"] for m in b.messages if m["type"] == "update"] == [0, 1]
        assert (await lobby.table(table["id"]))["seq"] == 1
        for c in (again, b):
            await c.close()
        await lobby.close()

    asyncio.run(go())


@pytest.mark.slow
def test_refused_actions_name_their_rule(server: Server) -> None:
    game = "exploding-kittens"
    seed = _seed_with(game, 2, lambda s: any(s.action_text(a) != "draw" for a in s.legal_actions()))

    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, game, ["human", "human"], seed=seed)
        a, b = (SeatClient(server.base, table["id"], j["token"]) for j in joins)
        for c in (a, b):
            await c.connect()
        await lobby.start(table["id"], joins[0]["token"])
        await a.wait_for(lambda m: m["type"] == "update")
        await b.wait_for(lambda m: m["type"] == "update")
        local = new_game(game, 2, seed)
        illegal = next(x for x in range(local.num_distinct_actions) if not local.can(x))
        with pytest.raises(IllegalAction) as engine_says:
            local.verify(illegal, 0)
        await a.act(illegal)
        ack = await a.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "refused"
        assert (ack["rule"], ack["reason"]) == (engine_says.value.rule, engine_says.value.reason)
        # not its turn
        await b.act(local.legal_actions()[0])
        ack = await b.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "refused" and ack["rule"] == "turn"
        # text that is no action
        await a.act(text="juggle the deck")
        ack = await a.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "refused" and ack["rule"] == "action text"
        # a decision gone by
        await a.act(local.legal_actions()[0], at=5)
        ack = await a.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "refused" and ack["rule"] == "stale"
        # by text, it is applied
        await a.act(text="draw")
        ack = await a.wait_for(lambda m: m["type"] == "ack")
        assert ack["status"] == "accepted" and ack["text"] == "draw" and ack["applied"] == 1
        check_schema(a.messages + b.messages, a.sent + b.sent)
        for c in (a, b):
            await c.close()
        await lobby.close()

    asyncio.run(go())


@pytest.mark.slow
def test_a_reaction_window_runs_its_full_clock(server: Server) -> None:
    """Everyone passes at once: the window still lasts its length; a Nope opens a new one,
    again in full."""
    game, window = "exploding-kittens", 0.6

    def wanted(s: Any) -> bool:
        nopable = [a for a in s.legal_actions() if s.action_text(a).startswith("play ")]
        return bool(nopable) and "nope" in s.observe(1)["hand"]

    seed = _seed_with(game, 3, wanted)
    local = new_game(game, 3, seed)
    play_card = next(a for a in local.legal_actions() if local.action_text(a).startswith("play "))

    async def go() -> None:
        lobby = Lobby(server.base)
        table, joins = await make_table(lobby, game, ["human"] * 3, window=window, seed=seed)
        cs = [SeatClient(server.base, table["id"], j["token"]) for j in joins]
        for c in cs:
            await c.connect()
        await lobby.start(table["id"], joins[0]["token"])
        for c in cs:
            await c.wait_for(lambda m: m["type"] == "update")
        await cs[0].act(play_card)
        opened = await cs[2].wait_for(lambda m: m["type"] == "update" and m["seq"] == 1)
        t0 = time.monotonic()
        assert opened["window"] is not None and opened["decision"]["kind"] == "window"
        # seat 1 Nopes, seat 2 passes, both at once
        d1 = (await cs[1].wait_for(lambda m: m["type"] == "update" and m["seq"] == 1))["decision"]
        nope = next(x["id"] for x in d1["legal"] if x["text"] != "pass")
        nope_key = await cs[1].act(nope, at=d1["at"])
        passing = next(x["id"] for x in opened["decision"]["legal"] if x["text"] == "pass")
        pass_key = await cs[2].act(passing, at=opened["decision"]["at"])
        queued = await cs[1].wait_for(lambda m: m["type"] == "ack")
        assert queued["status"] == "queued" and queued["key"] == nope_key
        # every answer then gets its final ack, as any action does: the Nope is played (seat
        # 1 is asked first) and accepted, before the update of its log entry...
        played = await cs[1].wait_for(lambda m: m["type"] in ("ack", "update") and m["seq"] >= 2)
        assert played["type"] == "ack" and played["key"] == nope_key
        assert played["status"] == "accepted" and played["applied"] == 2
        assert time.monotonic() - t0 >= window - 0.05  # no early close
        # ...and seat 2's pass, never asked (the Nope came first), is refused
        acks = [m for m in cs[2].messages if m["type"] == "ack"]
        while len(acks) < 2:
            acks.append(await cs[2].wait_for(lambda m: m["type"] == "ack"))
        assert [m["status"] for m in acks] == ["queued", "refused"]
        assert acks[1]["key"] == pass_key and acks[1]["rule"] == "reaction window"
        # a resend of that key is answered with the final ack, and applies nothing
        await cs[2].act(passing, key=pass_key, at=opened["decision"]["at"])
        again = await cs[2].wait_for(lambda m: m["type"] == "ack")
        assert again["status"] == "refused" and again["key"] == pass_key
        seen = [m for m in cs[2].messages if m["type"] == "update" and m["seq"] >= 2]
        nxt = seen[0] if seen else await cs[2].wait_for(lambda m: m["type"] == "update")
        # the Nope opened a new window: it too runs in full, though everyone passes at once
        while nxt["window"] is None or nxt["decision"] is None:
            nxt = await cs[2].wait_for(lambda m: m["type"] == "update")
        t1 = time.monotonic()
        for c in (cs[0], cs[2]):
            d = c.decision
            if d is not None and d["kind"] == "window":
                p = next(x["id"] for x in d["legal"] if x["text"] == "pass")
                await c.act(p, at=d["at"])
        after = await cs[2].wait_for(lambda m: m["type"] == "update" and m["window"] is None)
        assert time.monotonic() - t1 >= window - 0.05
        assert after["seq"] > nxt["seq"]
        check_schema(cs[1].messages + cs[2].messages, cs[1].sent + cs[2].sent)
        for c in cs:
            await c.close()
        await lobby.close()

    asyncio.run(go())


@pytest.mark.slow
def test_websocket_compression_is_offered_only_when_asked(server: Server, tmp_path: Path) -> None:
    """``kaboom serve`` declines permessage-deflate unless started with ``--ws-compression``
    (README, "Load": it costs CPU at both ends for small messages); then a client that
    offers it gets it, and plays as before."""
    import websockets

    from kaboom.server.client import ws_url

    deflating = Server(
        f"sqlite:///{tmp_path}/deflate.db",
        tmp_path / "deflate.log",
        *quick_args("--ws-compression"),
    ).start()

    async def agreed(base: str) -> str | None:
        async with websockets.connect(ws_url(base), compression="deflate") as ws:
            assert ws.response is not None
            found: str | None = ws.response.headers.get("Sec-WebSocket-Extensions")
            return found

    async def one_game(base: str) -> dict[str, Any]:
        lobby = Lobby(base)
        table, joins = await make_table(lobby, "exploding-kittens", ["human", "random"])
        client = SeatClient(base, table["id"], joins[0]["token"])
        await client.connect()
        await lobby.start(table["id"], joins[0]["token"])
        over = await play_person(client, scripted(5))
        check_schema(client.messages, client.sent)
        await client.close()
        await lobby.close()
        return dict(over)

    try:
        assert asyncio.run(agreed(server.base)) is None
        assert "permessage-deflate" in (asyncio.run(agreed(deflating.base)) or "")
        assert asyncio.run(one_game(deflating.base))["status"] == "over"
    finally:
        deflating.stop()
    assert not deflating.errors(), deflating.log.read_text()[-3000:]


@pytest.mark.slow
def test_the_server_settles_its_collector(server: Server) -> None:
    """``kaboom serve`` freezes what its startup made out of the garbage collector and makes
    full collections rare (``hub.settle_gc``: they were most of the p99 at 500 tables); the
    health check shows it."""
    import httpx

    from kaboom.server.hub import GC_THRESHOLDS

    collector = httpx.get(server.base + "/api/health").json()["gc"]
    assert collector["thresholds"] == list(GC_THRESHOLDS)
    assert collector["frozen"] > 10_000  # the modules and the app, at least
    assert len(collector["collections"]) == 3
