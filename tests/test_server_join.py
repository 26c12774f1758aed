"""``kaboom play --join``: the terminal table at a seat of a server table, played with keys
only, against a bot on the server, to the end; a spectator's table too."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kaboom.cli.join import JoinApp, join_seat
from kaboom.server.client import Lobby
from kaboom.tui import save
from server_support import Server, quick_args


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("join")
    srv = Server(f"sqlite:///{folder}/kaboom.db", folder / "server.log", *quick_args()).start()
    yield srv
    srv.stop()
    assert not srv.errors(), srv.log.read_text()[-4000:]


@pytest.mark.parametrize("game", ["exploding-kittens", "eleminis"])
async def test_play_a_server_seat_with_keys(server: Server, game: str, tmp_path: Path) -> None:
    lobby = Lobby(server.base)
    table = await lobby.create(
        game=game, players=2, seats=["human", "heuristic"], window=0.05, bot_delay=0
    )
    await lobby.close()
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, None, start=True)
    assert token is not None
    app = JoinApp(base, table_id, token, invite, log_folder=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        loop = asyncio.get_running_loop()
        end = loop.time() + 90
        while app.over is None or app.log_file is None:
            assert loop.time() < end, "the game did not end"
            d = app.decision
            if app.over is None and d is not None:
                if d["kind"] == "turn":
                    await pilot.press("enter")
                elif d["at"] not in app.answered:
                    await pilot.press("p")
            await pilot.pause(0.05)
        status = str(app.query_one("#status").render())
        assert "won" in status and "seed" in status
    assert app.seat == 0 and app.lines
    written = json.loads(app.log_file.read_text())
    assert written["status"] == "over"
    replayed = save.replay(app.log_file)
    assert replayed.finished


async def test_watch_a_server_table(server: Server, tmp_path: Path) -> None:
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="dynamitt", players=3, seats=["random"] * 3, window=0.05, bot_delay=0.01
    )
    await lobby.close()
    app = JoinApp(server.base, table["id"], None, None, log_folder=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        while app.over is None:
            assert loop.time() < end
            await pilot.pause(0.05)
        assert app.seat is None and app.obs is not None and app.obs["hand"] is None
        assert "spectator" in str(app.query_one("#status").render())
