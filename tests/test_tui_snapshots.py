"""Snapshots of the main screens at 80x24 (fixed seeds, no pacing, no clock on screen).
Update them after a deliberate change with ``pytest tests/test_tui_snapshots.py
--snapshot-update`` and look at the SVGs. The ``test_nb_`` ones are the same screens in
Norwegian bokmål (Norwegian words are longer: nothing may be cut at 80 columns)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from kaboom.i18n import SOURCE, set_language
from kaboom.tui.app import KaboomApp
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import PassScreen
from tui_pilot import at_the_end, settle, table_app

Snap = Callable[..., bool]


def seated(game: str, players: int, seed: int, tmp: Path, **options: Any) -> KaboomApp:
    seats = [HUMAN] + ["heuristic"] * (players - 1)
    return table_app(Seating(game, players, seed, options, seats), tmp)


async def ready(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, KaboomApp)
    await settle(pilot, app)


def test_picker(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json")), press=["down"])


def test_exploding_kittens_table(snap_compare: Snap, tmp_path: Path) -> None:
    app = seated("exploding-kittens", 4, 2026, tmp_path)
    assert snap_compare(app, run_before=ready, press=["right", "space", "o"])


def test_eleminis_table(snap_compare: Snap, tmp_path: Path) -> None:
    app = seated("eleminis", 4, 7, tmp_path, teams=2)
    assert snap_compare(app, run_before=ready)


def test_board_game_table(snap_compare: Snap, tmp_path: Path) -> None:
    app = seated("kittens-board-game", 3, 5, tmp_path)
    assert snap_compare(app, run_before=ready)


def test_help_screen(snap_compare: Snap, tmp_path: Path) -> None:
    app = seated("exploding-kittens", 3, 1, tmp_path)
    assert snap_compare(app, run_before=ready, press=["h"])


def test_hot_seat_pass_screen(snap_compare: Snap, tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 3, 3, {}, [HUMAN, HUMAN, "heuristic"])
    app = table_app(seating, tmp_path, hotseat=True)

    async def until_passed(pilot: Pilot[None]) -> None:
        for _ in range(50):
            await settle(pilot, app)
            if isinstance(app.screen, PassScreen):
                return
            await pilot.press("enter")
        raise AssertionError("the device was never passed")

    assert snap_compare(app, run_before=until_passed)


def test_exploding_game_over(
    snap_compare: Snap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert snap_compare(at_the_end("dynamitt", 3, 11), run_before=ready)


def test_board_game_over(
    snap_compare: Snap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert snap_compare(at_the_end("kittens-board-game", 3, 5), run_before=ready)


def test_eleminis_game_over(
    snap_compare: Snap, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert snap_compare(at_the_end("eleminis", 4, 7, teams=2), run_before=ready)


def test_joined_table_with_its_chat(snap_compare: Snap, tmp_path: Path) -> None:
    """A seat of a server's table (``kaboom play --join``; the server's messages fed in by
    hand): the chat under the log, m in the footer."""
    from kaboom.cli.join import JoinApp
    from test_tui_chat import fed_session, line, until_table

    session, client = fed_session(tmp_path)
    client.welcome["chat"]["lines"].append(line("[red]gl hf[/red]", "P1", "bob"))

    async def opened(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app, JoinApp)
        await until_table(pilot, pilot.app)
        pilot.app.clear_notifications()  # (the token's notice: a toast over the actions)
        await pilot.pause()

    assert snap_compare(JoinApp(session), run_before=opened)


# -- in Norwegian bokmål (kaboom --lang nb: the language is set before the app is built) ----
@pytest.fixture
def norwegian() -> Iterator[None]:
    set_language("nb")
    yield
    set_language(SOURCE)


@pytest.mark.usefixtures("norwegian")
def test_nb_exploding_kittens_table(snap_compare: Snap, tmp_path: Path) -> None:
    app = seated("exploding-kittens", 4, 2026, tmp_path)
    assert snap_compare(app, run_before=ready, press=["right", "space", "o"])


@pytest.mark.usefixtures("norwegian")
def test_nb_exploding_minions_table(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(seated("exploding-minions", 3, 4, tmp_path), run_before=ready)


@pytest.mark.usefixtures("norwegian")
def test_nb_dynamitt_table(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(seated("dynamitt", 3, 11, tmp_path), run_before=ready, press=["o"])


@pytest.mark.usefixtures("norwegian")
def test_nb_board_game_table(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(seated("kittens-board-game", 3, 5, tmp_path), run_before=ready)


@pytest.mark.usefixtures("norwegian")
def test_nb_eleminis_table(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(seated("eleminis", 4, 7, tmp_path, teams=2), run_before=ready)


@pytest.mark.usefixtures("norwegian")
def test_nb_help_screen(snap_compare: Snap, tmp_path: Path) -> None:
    app = seated("kittens-board-game", 3, 1, tmp_path)
    assert snap_compare(app, run_before=ready, press=["h"])


@pytest.mark.usefixtures("norwegian")
def test_nb_picker(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json")), press=["down"])
