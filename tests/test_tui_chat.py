"""The chat at a server's table in the terminal (``kaboom play --join``): the lines kept
and drawn (hostile text shown inert, as typed), what is typed turned into messages, the
server's refusals in words; and at the table itself (a Textual pilot at 80x24, the
server's messages fed in by hand): m writes a line, r a reaction, a received line is
shown literally, a reaction beside its sender's seat."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot

from kaboom.cli.join import JoinApp, RemoteSession
from kaboom.engine.registry import new_game
from kaboom.server.client import SeatClient
from kaboom.tui.app import screen_text
from kaboom.tui.chat import KEPT, REACTIONS, Chat, clean, refusal
from kaboom.tui.screens import ChatInput, ReactionPicker
from kaboom.tui.table import TableScreen
from tui_pilot import footer

#: Text a person could type to take over a terminal, or a reader's eyes.
HOSTILE = [
    "[red]x[/red]",
    "[@click=app.quit]x[/]",
    "[b]bold[/b] [link=https://evil.example]y[/link]",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07set",
    "abc\u202etxt.exe",
    "a\u2066b\u2069c\u200f",
    "bell\x07 and\r\ncarriage",
]


def line(text: str, who: str = "P1", name: str | None = "bob", **more: Any) -> dict[str, Any]:
    """A ``chat`` message as the server sends it (docs/protocol.md)."""
    seat = int(who[1:]) if who.startswith("P") else None
    msg = {"v": 1, "type": "chat", "seq": 3, "n": 1, "who": who, "seat": seat, "name": name}
    return {**msg, "text": text, "audience": "all", "at": "2026-01-01T00:00:00Z", **more}


# -- the chat, without a screen -----------------------------------------------------------------
@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_drawn_as_the_characters_typed(text: str) -> None:
    chat = Chat()
    chat.take(line(text))
    drawn = chat.last(1)[0]
    assert isinstance(drawn, Text)
    plain = drawn.plain
    assert plain.startswith("bob: ")
    assert not any(c in plain for c in "\x1b\x07\r\n\u202e\u2066\u2069\u200f")
    # markup stays the characters typed: no style comes out of the text itself
    assert [s.style for s in drawn.spans] == ["bold"]
    assert plain == f"bob: {clean(text)}"
    if text.startswith("["):
        assert plain == f"bob: {text}"  # every bracket shown, as typed


def test_clean_removes_what_moves_the_cursor_or_turns_text() -> None:
    assert clean("\x1b[31mred\x1b[0m") == "red"
    assert clean("\x1b]0;title\x07set") == "set"
    assert clean("abc\u202etxt.exe") == "abctxt.exe"
    assert clean("  many \t\n  spaces ") == "many spaces"
    assert clean("[@click=app.quit]x[/]") == "[@click=app.quit]x[/]"
    assert clean("\x00\x08\x7f\x9b") == ""


def test_names_lines_reactions_and_spectators() -> None:
    chat = Chat()
    chat.take(line("hi", "P1", "bob"))
    chat.take(line("hello", "P2", None))
    chat.take(line("watching", "S1", "ann", audience="spectators"))
    chat.take({"v": 1, "type": "react", "seq": 4, "who": "P1", "seat": 1, "reaction": "laugh"})
    assert [t.plain for t in chat.last(4)] == [
        "bob: hi",
        "P2: hello",
        "ann (watching): watching",
        "bob 😂",
    ]
    assert chat.reaction_by(1) == "😂" and chat.reaction_by(2) == ""
    assert chat.reaction_by(1, now=10**9) == ""  # shown a few seconds only
    assert chat.last(0) == []


def test_welcome_brings_the_last_lines_and_the_setting() -> None:
    chat = Chat()
    lines = [line(f"line {n}") for n in range(KEPT + 5)]
    assert chat.take({"type": "welcome", "chat": {"on": False, "lines": lines}})
    assert not chat.on and len(chat.lines) == KEPT
    assert chat.last(1)[0].plain == f"bob: line {KEPT + 4}"
    assert chat.take({"type": "chat-setting", "seq": 9, "on": True}) and chat.on
    assert not chat.take({"type": "update"})
    assert not Chat().take({"type": "welcome"})  # a server without chat


def test_what_is_typed_becomes_a_message() -> None:
    chat = Chat()
    chat.take(line("hi", "P1", "Bob"))
    assert chat.message("  hello \x1b[31m there ") == (
        {"v": 1, "type": "chat", "text": "hello there"},
        "",
    )
    assert chat.message("   ") == (None, "")
    assert chat.message("x" * 201)[0] is None
    assert chat.message("/mute bob")[0] == {"v": 1, "type": "mute", "who": "P1", "on": True}
    assert chat.message("/unmute s3")[0] == {"v": 1, "type": "mute", "who": "S3", "on": False}
    assert chat.message("/mute nobody")[0] is None
    assert chat.message("/chat off")[0] == {"v": 1, "type": "chat-setting", "on": False}
    msg, why = chat.message("/help")
    assert msg is None and "/mute" in why


def test_refusals_in_words() -> None:
    for rule in ("chat-rate", "chat-off", "chat-length", "chat-host"):
        said = refusal({"type": "error", "code": "bad_message", "rule": rule, "message": "?"})
        assert said.startswith("chat: ") and "?" not in said
    assert refusal({"type": "error", "code": "chat-off", "message": "chat is off"})
    assert refusal({"type": "error", "code": "bad_message", "message": "nope"}) == ""


# -- at the table (the server's messages fed in by hand) ------------------------------------------
class FedClient:
    """A seat's connection whose messages the test gives (``inbox``); what the terminal
    sends is kept (``sent``)."""

    def __init__(self, welcome: dict[str, Any]) -> None:
        self.welcome = welcome
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[dict[str, Any]] = []

    async def connect(self, last_seq: int | None = None) -> dict[str, Any]:
        return self.welcome

    async def recv(self, timeout: float | None = None) -> dict[str, Any]:
        return await self.inbox.get()

    async def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)

    async def act(self, action: int, at: int | None = None) -> None:
        self.sent.append({"type": "action", "action": action})

    async def close(self) -> None:
        pass


def fed_session(tmp_path: Path) -> tuple[RemoteSession, FedClient]:
    """Seat 0 of a two-seat Exploding Kittens table at a server, kim's turn, with one
    line said already."""
    game = new_game("exploding-kittens", 2, seed=5)
    table = {"id": "t1", "game": "exploding-kittens", "players": 2, "options": {}}
    table |= {"status": "playing", "private": False, "clock": None, "window": 0}
    seats = [
        {"seat": q, "kind": "human", "bot": None, "name": name, "taken": True}
        | {"connected": True, "away": False, "takeover": False, "votes": []}
        for q, name in enumerate(["kim", "bob"])
    ]
    chat = {"on": True, "lines": [line("welcome to the table", "P1", "bob")]}
    welcome = {"v": 1, "type": "welcome", "seq": 0, "seat": 0, "table": table, "seats": seats}
    client = FedClient(welcome | {"chat": chat})
    obs = json.loads(json.dumps(game.observe(0)))
    legal = [{"id": a, "text": game.action_text(a)} for a in game.legal_actions()]
    decision = {"kind": "turn", "at": 1, "legal": legal, "observation": None, "clock": None}
    update = {"v": 1, "type": "update", "seq": 1, "events": [], "observation": obs}
    client.inbox.put_nowait(update | {"decision": decision, "window": None})
    session = RemoteSession("http://127.0.0.1:1", "t1", "token", log_folder=tmp_path)
    session.client = client  # type: ignore[assignment]
    return session, client


async def until_table(pilot: Pilot[None], app: JoinApp) -> TableScreen:
    for _ in range(200):
        table = app.table
        if table is not None and table.is_mounted and app.screen is table:
            await pilot.pause()
            return table
        await pilot.pause(0.02)
    raise AssertionError("the table never opened")


async def test_m_writes_a_line_and_r_a_reaction_at_a_joined_table(tmp_path: Path) -> None:
    session, client = fed_session(tmp_path)
    app = JoinApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_table(pilot, app)
        text = screen_text(app)
        assert "bob: welcome to the table" in text  # the welcome's lines, under the log
        keys = await footer(pilot, app)
        assert "m Chat" in keys  # in the footer
        assert keys.rstrip().endswith("q Quit")  # still whole at 80
        await pilot.press("m")
        assert isinstance(app.screen, ChatInput)
        await pilot.press(*"hi d n [red]", "enter")  # d and n type: they play nothing
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert client.sent == [{"v": 1, "type": "chat", "text": "hi d n [red]"}]
        await pilot.press("m", "x", "escape")  # escape: nothing sent
        assert len(client.sent) == 1 and isinstance(app.screen, TableScreen)
        await pilot.press("r")
        assert isinstance(app.screen, ReactionPicker)
        await pilot.press("6")
        await pilot.pause()
        assert client.sent[-1] == {"v": 1, "type": "react", "reaction": "boom"}
        assert list(REACTIONS)[5] == "boom"


async def test_a_received_hostile_line_shows_literally(tmp_path: Path) -> None:
    session, client = fed_session(tmp_path)
    app = JoinApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_table(pilot, app)
        for text in ("[@click=app.quit]x[/]", "[red]R[/red]", "\x1b[31mE\u202eF"):
            await client.inbox.put(line(text))
        react = {"v": 1, "type": "react", "seq": 2, "who": "P1", "seat": 1, "reaction": "laugh"}
        await client.inbox.put(react)
        await client.inbox.put({"v": 1, "type": "error", "code": "x", "rule": "chat-rate"})
        for _ in range(100):
            if len(session.chat.lines) == 5:
                break
            await pilot.pause(0.02)
        await pilot.pause(0.1)
        assert app.is_running  # the [@click=app.quit] did not quit
        text = screen_text(app)
        assert "[@click=app.quit]x[/]" in text
        assert "[red]R[/red]" in text
        assert "EF" in text and "\x1b" not in text and "\u202e" not in text
        assert "P1 😂" in text  # beside the seats' panel, for a few seconds
        told = [n.message for n in app._notifications]
        assert "chat: too many lines or reactions: wait a few seconds" in told


async def test_local_games_have_no_chat(tmp_path: Path) -> None:
    from kaboom.tui.save import HUMAN, Seating
    from tui_pilot import settle, table_app

    app = table_app(Seating("exploding-kittens", 2, 1, {}, [HUMAN, "heuristic"]), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot, app)
        await pilot.press("m", "r")
        assert app.screen is table and not table.query("#chat")
        assert "Chat" not in await footer(pilot, app)


def test_client_type_is_the_seat_clients() -> None:
    """(the fed client stands in for ``SeatClient``: the same calls)"""
    for name in ("connect", "recv", "send", "act", "close"):
        assert hasattr(SeatClient, name) and hasattr(FedClient, name)
