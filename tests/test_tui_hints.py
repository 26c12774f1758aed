"""Hints at the terminal table: i shows the best three choices of the person's decision
with their chance of winning, against bots always; at a hot-seat table only with
``--hints``, told to everyone at the start (80x24 pilots)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static

from kaboom.tui.app import KaboomApp
from kaboom.tui.cli import table_app as command_table
from kaboom.tui.cli import table_args
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import PassScreen
from kaboom.tui.session import Session
from kaboom.tui.table import HINTS_ON, TableScreen
from tui_pilot import settle, table_app

SIZE = (80, 24)
CHOICE = re.compile(r"^(\d)\. .+: \d+% \(\d+%-\d+%\)$")


def hint_text(table: TableScreen) -> str:
    return str(table.query_one("#hint", Static).content)


async def test_i_shows_the_best_three_choices_against_bots(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 2, {"first": 0}, [HUMAN, "heuristic"])
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        assert table.my_move() and len(table.session.state.legal_actions()) > 3
        await pilot.press("i")
        await app.workers.wait_for_complete()
        await pilot.pause()
        lines = hint_text(table).splitlines()
        assert lines[0].startswith("Hint: your best choices"), lines
        shown = [line for line in lines[1:] if CHOICE.match(line)]
        assert [line[0] for line in shown] == ["1", "2", "3"], lines
        assert table.query_one("#hint").has_class("open")
        await pilot.press("d")  # the move is made: the hint goes with its position
        table = await settle(pilot, app)
        assert not table.query_one("#hint").has_class("open")


async def test_hints_are_refused_at_a_hot_seat_table_without_the_option(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 2, {"first": 0}, [HUMAN, HUMAN])
    app = table_app(seating, tmp_path, hotseat=True)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        table = await settle(pilot, app)
        assert table.my_move()
        await pilot.press("i")
        await pilot.pause()
        told = [n.message for n in app._notifications]
        assert any(m.startswith("Hints are off: several people play") for m in told), told
        assert "--hints" in told[-1]
        assert not table.query_one("#hint").has_class("open") and not app.workers
        assert HINTS_ON not in str(table.query_one("#log-text", Static).content)


async def test_with_hints_a_hot_seat_table_tells_everyone_and_gives_them(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 2, {"first": 0}, [HUMAN, HUMAN])
    pace = Pace(0.0, 0.0, tmp_path / "log.json", None, True, guard=0.0, hints=True)
    app = KaboomApp(pace, Session(seating))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        table = await settle(pilot, app)
        assert str(table.query_one("#log-text", Static).content).startswith(HINTS_ON)
        await pilot.press("i")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert CHOICE.match(hint_text(table).splitlines()[1])


def test_kaboom_play_hints_reaches_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``kaboom play --hotseat --hints``: the table's pace says hints are on; without it,
    off (a table against bots needs none: they are always on there)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    args = table_args("exploding-kittens", 3, "random", "medium", True, None, 1, {})
    assert command_table(args, None, None, None, None, None, True).pace.hints
    assert not command_table(args, None, None, None, None, None).pace.hints
