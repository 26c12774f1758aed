"""``kaboom play --join``: the terminal table's own screen (``TableScreen``) at a seat of a
server table, played with keys only, against a bot on the server, to the end; b takes the
seat back from its bot; v votes a bot in for a person who is not connected; a spectator's
table too."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from kaboom.cli.join import JoinApp, RemoteSession, WaitingScreen, join_seat
from kaboom.engine.window import window_key
from kaboom.server.client import Lobby, SeatClient
from kaboom.tui import save
from kaboom.tui.app import screen_text
from kaboom.tui.picker import PickerScreen
from kaboom.tui.table import TableScreen
from server_support import Replay, Server, sqlite_server, watch
from tui_pilot import footer

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_join")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("join")) as srv:
        yield srv


def status(app: JoinApp) -> str:
    assert app.table is not None
    return str(app.table.query_one("#status").render())


@pytest.mark.parametrize("game", ["exploding-kittens", "eleminis"])
async def test_play_a_server_seat_with_keys(server: Server, game: str, tmp_path: Path) -> None:
    lobby = Lobby(server.base)
    table = await lobby.create(
        game=game, players=2, seats=["human", "heuristic"], window=0.8, bot_delay=0
    )  # (a window long enough to be seen and answered on a loaded machine: CI's -n 3)
    await lobby.close()
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, None, start=True)
    assert token is not None
    session = RemoteSession(base, table_id, token, invite, log_folder=tmp_path)
    app = JoinApp(session)
    async with app.run_test(size=(110, 36)) as pilot:
        windows = await play_to_the_end(pilot, app)
        assert app.table is not None and app.table.ended  # the game-over box, as at home
        assert "Game over" in status(app) and "seed" in status(app)
    assert session.seat == 0 and session.lines
    assert session.log_file is not None
    written = json.loads(session.log_file.read_text())
    assert written["status"] == "over" and written["seed"] == str(session.seating.seed)
    replayed = save.replay(session.log_file)
    assert replayed.finished
    if asked_in_windows(replayed, 0):  # (a game where no window asked kim: none to answer)
        assert windows > 0  # reaction windows were answered with p, as at home


async def play_to_the_end(pilot: Pilot[None], app: JoinApp) -> int:
    """Play the joined seat with keys until the server's game is over (and its log saved):
    enter on a turn, p in a window; how many windows were answered."""
    session, windows = app.remote, 0
    loop = asyncio.get_running_loop()
    end = loop.time() + 120
    while not session.finished:
        assert loop.time() < end, "the game did not end"
        d = session.decision
        screen = app.table
        mounted = screen is not None and screen.is_mounted
        if mounted and session.over is None and d is not None:
            # the local game's own screen (once mounted: its widgets are composed then):
            # the same keys play the server's seat
            assert screen is not None and isinstance(app.screen, TableScreen)
            if (d["kind"], d["at"]) == session.sent:
                pass  # answered: the server plays it (a window: when its clock runs out)
            elif d["kind"] == "turn":
                actions = screen.query_one("#actions", OptionList)
                await pilot.press("enter" if actions.highlighted is not None else "down")
            elif screen.window is not None and screen.window.asked:
                windows += 1
                await pilot.press("p")
        await pilot.pause(0.05)
    await pilot.pause(0.2)
    return windows


async def until(pilot: Pilot[None], done: Callable[[], bool], what: str, seconds: float) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done():
        assert loop.time() < end, what
        await pilot.pause(0.05)


async def test_a_joined_table_waits_on_its_own_screen_then_starts(
    server: Server, tmp_path: Path
) -> None:
    """Joined before the table is full: the waiting screen (never a local game's picker)
    names the game, the seats and who is there, the link and the seat's token, and waits
    for 1 more person; once they take their seat, s starts it: the table, at 80 columns,
    its footer whole."""
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="dynamitt", players=3, seats=["human", "human", "heuristic"], window=0.3
    )
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, None, start=False)
    assert token is not None
    app = JoinApp(RemoteSession(base, table_id, token, invite, log_folder=tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.remote.seats), "no welcome", 20)
        await pilot.pause()
        assert isinstance(app.screen, WaitingScreen)
        assert not any(isinstance(s, PickerScreen) for s in app.screen_stack)
        text = screen_text(app)
        assert f"Table {table_id}: Dynamitt, 3 players" in text
        assert "P0  kim (you)" in text and "P1  free: for a person" in text
        # the bot by its name and level (issue 46), not its spec
        assert f"P2  {table['seats'][2]['name']} (bot, simple)" in text
        assert "Waiting for 1 more person to take a seat." in text
        assert url in text and token in text
        assert " s Start" not in text  # not before every person's seat is taken
        await pilot.press("s")
        assert app.remote.status == "open"
        await lobby.join(table_id, "ann")
        await until(pilot, lambda: app.remote.waiting_for() == 0, "ann's seat not seen", 20)
        await pilot.pause()
        text = screen_text(app)
        assert "P1  ann (not connected)" in text and "press s to start the game" in text
        assert "s Start" in text.splitlines()[-2] + text.splitlines()[-1]
        await pilot.press("s")
        await until(pilot, lambda: app.table is not None, "the table never opened", 20)
        await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen)
        keys = await footer(pilot, app)
        assert keys.rstrip().endswith("q Quit"), keys  # whole, within 80 columns
    await lobby.close()


async def test_play_again_at_a_joined_table_plays_the_servers_next_table(
    server: Server, tmp_path: Path
) -> None:
    """The game over, a asks the server for the next table with the same seats, and takes
    the same seat there (no local game, no crash); against a bot alone it is dealt at once
    (issue 46: nobody to wait for), the bot under the same name."""
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="exploding-kittens", players=2, seats=["human", "heuristic"], window=0.05,
        bot_delay=0,
    )  # fmt: skip
    await lobby.close()
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, None, start=True)
    app = JoinApp(RemoteSession(base, table_id, token, invite, log_folder=tmp_path))
    async with app.run_test(size=(110, 36)) as pilot:
        await play_to_the_end(pilot, app)
        await pilot.press("a")  # in the game-over box, as at home
        await until(pilot, lambda: app.remote.table_id != table_id, "no next table", 20)
        await until(pilot, lambda: bool(app.remote.seats), "no welcome at the next", 20)
        nxt = app.remote
        assert nxt.seat == 0 and nxt.token not in (None, token)
        # no s to press: the table is dealt and opens by itself
        await until(pilot, lambda: app.table is not None, "the next table never opened", 20)
        assert app.table is not None and app.table.game == 2
        assert app.table.session is nxt
    lobby = Lobby(server.base)
    follow = await lobby.table(nxt.table_id)
    assert follow["game"] == "exploding-kittens" and follow["status"] in ("playing", "over")
    assert follow["seats"][1]["name"] == table["seats"][1]["name"]
    await lobby.close()


def asked_in_windows(replayed: save.Replay, seat: int) -> int:
    """How many times the game's reaction windows asked ``seat``, dealt again from its log."""
    state, asked = replayed.seating.deal(), 0
    for action in replayed.actions:
        asked += window_key(state) is not None and state.to_act == seat
        state.apply(action)
    return asked


async def test_watch_a_server_table(server: Server, tmp_path: Path) -> None:
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="dynamitt", players=3, seats=["random"] * 3, window=0.05, bot_delay=0.01
    )
    await lobby.close()
    app = JoinApp(RemoteSession(server.base, table["id"], None, None, log_folder=tmp_path))
    async with app.run_test(size=(110, 36)) as pilot:
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        while not app.remote.finished:
            assert loop.time() < end
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        assert app.remote.seat is None and app.remote.obs is not None
        assert app.remote.obs["hand"] is None  # a spectator holds no hand
        assert app.table is not None and app.table.viewer == -1
        assert "Game over" in status(app)


async def test_b_takes_the_seat_back_from_its_bot(server: Server, tmp_path: Path) -> None:
    """The person at the terminal does nothing: out of time, a bot plays their seat and it
    is away (everyone sees it); b alone, without acting, takes it back."""
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="exploding-kittens",
        players=2,
        seats=["human", "heuristic"],
        clock=1,
        window=1.0,
        bot_delay=0.2,
    )
    watcher = SeatClient(server.base, table["id"])  # a spectator sees the seats
    await watcher.connect()
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, None, start=True)
    session = RemoteSession(base, table_id, token, invite, log_folder=tmp_path)
    app = JoinApp(session)
    async with app.run_test(size=(110, 36)) as pilot:
        away = await watcher.wait_for(lambda m: m["type"] == "seats" and m["seats"][0]["away"], 20)
        assert away["seats"][0]["connected"]  # away from the game, not from the table
        await pilot.press("b")
        back = await watcher.wait_for(
            lambda m: m["type"] == "seats" and not m["seats"][0]["away"], 10
        )
        assert not back["seats"][0]["takeover"]
        assert session.sent is None  # no action sent: the key alone took the seat back
    await watcher.close()
    await lobby.close()


async def test_v_votes_a_bot_in_for_a_person_who_never_came(server: Server, tmp_path: Path) -> None:
    """No clock: a person who took a seat and is not connected would hold the game up for
    ever. The terminal tells who is not connected; v votes, and the only person connected
    is a majority: a bot plays that seat. v again finds nobody left to vote for."""
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="exploding-kittens",
        players=3,
        seats=["human", "human", "heuristic"],
        window=0.3,
        bot_delay=0,
    )
    await lobby.join(table["id"], "lee", 1)  # a token, never connected
    watcher = SeatClient(server.base, table["id"])
    await watcher.connect()
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, 0, start=True)
    session = RemoteSession(base, table_id, token, invite, log_folder=tmp_path)
    app = JoinApp(session)
    notices: list[str] = []
    async with app.run_test(size=(110, 36)) as pilot:
        app.say = lambda text, severity: notices.append(text)  # type: ignore[method-assign]
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while not session.absent():
            assert loop.time() < end, "the terminal never learnt that seat 1 is absent"
            await pilot.pause(0.05)
        assert [s["seat"] for s in session.absent()] == [1]
        await pilot.press("v")
        taken = await watcher.wait_for(
            lambda m: m["type"] == "seats" and m["seats"][1]["takeover"], 10
        )
        assert taken["seats"][1]["votes"] == [0]
        assert any("lee (P1)" in n for n in notices), notices
        end = loop.time() + 10
        while session.absent():
            assert loop.time() < end, "the terminal did not see the bot take the seat"
            await pilot.pause(0.05)
        await pilot.press("v")
        assert "nobody to vote for" in notices[-1]
    await watcher.close()
    await lobby.close()


def seats_of(*people: tuple[str, bool, bool]) -> list[dict[str, Any]]:
    """A ``seats`` list of people's seats: (name, taken, connected) per seat."""
    return [
        {
            "seat": q,
            "kind": "human",
            "bot": None,
            "name": name if taken else "",
            "taken": taken,
            "connected": connected,
            "away": False,
            "takeover": False,
            "votes": [],
        }
        for q, (name, taken, connected) in enumerate(people)
    ]


def test_no_false_not_connected_notice_and_the_seat_named_as_on_screen() -> None:
    """The messages a terminal at seat 0 gets while bob takes seat 1 from a browser: the
    seat taken (not yet connected: the page opens its socket next), then connected. No
    "not connected" notice for that moment; when bob leaves, one, naming him as the
    screen does (P1); and for a person who never came, one once the table waits on them."""
    session = RemoteSession("http://127.0.0.1:1", "t1", "token")
    said: list[str] = []

    def say(text: str, severity: str) -> None:
        said.append(text)

    table = {"id": "t1", "game": "exploding-kittens", "players": 3, "options": {}}
    table["status"] = "playing"
    welcome = {"type": "welcome", "seat": 0, "table": table}
    session.handle({**welcome, "seats": seats_of(("kim", True, True), ("", False, False))}, say)
    for bob_connected in (False, True):  # the seat taken, then its socket open
        seats = seats_of(("kim", True, True), ("bob", True, bob_connected))
        session.handle({"type": "seats", "status": "playing", "seats": seats}, say)
    assert said == []
    gone = seats_of(("kim", True, True), ("bob", True, False))
    session.handle({"type": "seats", "status": "playing", "seats": gone}, say)
    session.handle({"type": "seats", "status": "playing", "seats": gone}, say)
    assert said == ["bob (P1) is not connected: v votes to let a bot play it"]
    said.clear()
    lee = seats_of(("kim", True, True), ("bob", True, True), ("lee", True, False))
    session.handle({"type": "seats", "status": "playing", "seats": lee}, say)
    assert said == []  # lee may be opening the table's page still
    session.obs = {"to_act": 2}  # (as an update tells it) the table waits on lee
    session.handle({"type": "seats", "status": "playing", "seats": lee}, say)
    assert said == ["lee (P2) is not connected: v votes to let a bot play it"]


async def test_chat_between_the_terminal_and_another_seat(server: Server, tmp_path: Path) -> None:
    """kim at the terminal (m, a line, enter) and bob at another client (a seat of the same
    table): kim's line reaches bob, bob's line and reaction show at kim's table, his
    hostile line as the characters he typed; a spectator's line during the game never
    reaches kim; too fast is refused with a notice."""
    lobby = Lobby(server.base)
    table = await lobby.create(
        game="exploding-kittens", players=2, seats=["human", "human"], window=0.3, bot_delay=0
    )
    bob_seat = await lobby.join(table["id"], "bob", 1)
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, 0, start=False)
    bob = SeatClient(server.base, table_id, bob_seat["token"])
    await bob.connect()
    watcher = SeatClient(server.base, table_id)
    await watcher.connect()
    await lobby.start(table_id, bob_seat["token"])
    session = RemoteSession(base, table_id, token, invite, log_folder=tmp_path)
    app = JoinApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table is not None and session.connected, "no table", 20)
        await pilot.pause(0.2)
        await pilot.press("m", *"hello bob [b]", "enter")
        got = await bob.wait_for(lambda m: m["type"] == "chat", 10)
        assert (got["who"], got["name"], got["text"]) == ("P0", "kim", "hello bob [b]")
        await bob.send({"v": 1, "type": "chat", "text": "hi kim [red]x[/red] \x1b[31mE"})
        await bob.send({"v": 1, "type": "react", "reaction": "clap"})
        await watcher.send({"v": 1, "type": "chat", "text": "only for spectators"})
        await watcher.wait_for(lambda m: m["type"] == "chat" and m["who"].startswith("S"), 10)
        await until(pilot, lambda: len(session.chat.lines) >= 3, "bob's line never came", 10)
        await pilot.pause(0.2)
        text = screen_text(app)
        assert "kim: hello bob [b]" in text
        # (the server takes the escape character out; what is left is shown as text)
        assert "bob: hi kim [red]x[/red]" in text and "[31mE" in text and "\x1b" not in text
        assert "P1 👏" in text  # beside the seats' panel
        assert "only for spectators" not in text
        assert all(line.who != "S1" for line in session.chat.lines)
        for n in range(8):  # 5 lines at once, then one every 2 s: some refused
            assert session.send_chat(f"line {n}") == ""  # (as enter in the input sends)
        refused = "chat: too many lines or reactions: wait a few seconds"
        await until(
            pilot,
            lambda: refused in [n.message for n in app._notifications],
            "no refusal shown",
            10,
        )
    await bob.close()
    await watcher.close()
    await lobby.close()


@pytest.mark.parametrize("hints", [None, False])
async def test_i_asks_the_servers_coach_where_the_table_allows(
    server: Server, hints: bool | None, tmp_path: Path
) -> None:
    """At a server table, i asks the server's coach (issue 32): against a bot hints are
    always on and the best choices come back to this seat; where two people sit and the
    creator left hints off, i says so and shows nothing."""
    lobby = Lobby(server.base)
    seats = ["human", "heuristic"] if hints is None else ["human", "human"]
    extra = {} if hints is None else {"hints": hints}
    table = await lobby.create(
        game="exploding-kittens", players=2, seats=seats, window=0.8, bot_delay=0, **extra
    )
    other = None
    if hints is not None:  # the second person, by the API, so that the table starts
        other = await lobby.join(table["id"], "lee", 1)
    await lobby.close()
    url = f"{server.base}/tables/{table['id']}"
    base, table_id, token, invite = await join_seat(url, "kim", None, None, start=True)
    session = RemoteSession(base, table_id, token, invite, log_folder=tmp_path)
    app = JoinApp(session)
    async with app.run_test(size=(110, 36)) as pilot:
        await until(
            pilot,
            lambda: app.table is not None and app.table.is_mounted
            and session.decision is not None and session.decision["kind"] == "turn",
            "kim's first turn", 30,
        )  # fmt: skip
        assert app.table is not None
        await pilot.press("i")
        box = app.table.query_one("#hint")
        if hints is None:
            await until(pilot, lambda: session.hint is not None, "the coach's answer", 30)
            await until(pilot, lambda: "1. " in str(box.render()), "the hint shown", 10)
            shown = str(box.render())
            assert "best choices" in shown and "%" in shown, shown
            assert session.hint is not None and session.hint[0] == session.decision_at()
        else:
            await pilot.pause(0.5)
            assert session.hint is None and "open" not in box.classes
            assert session.ask_hint().startswith("Hints are off")
    assert other is None or other["seat"] == 1


async def test_a_search_that_infers_plays_a_server_table_to_the_end(server: Server) -> None:
    """A search that weights its worlds by what the others did (``infer=1``) at a server
    table: handed the updates its seat got, it decides in the bots' pool, game after
    decision, to the end (the module's server log must hold no error)."""
    lobby = Lobby(server.base)
    seats = ["ismcts:iterations=30:infer=1", "heuristic", "heuristic"]
    table = await lobby.create(
        game="exploding-kittens", players=3, seats=seats, window=0.05, bot_delay=0
    )
    spectator = SeatClient(server.base, table["id"], record=False)
    await spectator.connect()
    over = await watch(spectator)
    await spectator.close()
    export = await lobby.export(table["id"])
    await lobby.close()
    assert over is not None and export["history"]
    replayed = Replay(export)
    state = replayed.to(len(export["history"]))
    assert state.is_over
