"""The terminal table played with key presses only: every game to its end, hot-seat secrecy,
Nope windows, saving and resuming, the picker, the help screens, the replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

from kaboom.engine.registry import get_game
from kaboom.tui import save
from kaboom.tui.app import KaboomApp, ReplayApp, screen_text
from kaboom.tui.families import family_of
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import Dismissable, PassScreen
from kaboom.tui.session import Session
from tui_pilot import play_out, screen_line, settle, table_app

SIZE = (80, 24)
GAMES = [
    ("exploding-kittens", 3, "heuristic"),
    ("exploding-minions", 3, "heuristic"),
    ("dynamitt", 3, "heuristic"),
    ("eleminis", 3, "heuristic"),
    ("kittens-board-game", 3, "heuristic"),
]


@pytest.mark.parametrize(("game", "players", "bot"), GAMES)
@pytest.mark.slow
async def test_a_whole_game_is_played_with_keys_only(
    game: str, players: int, bot: str, tmp_path: Path
) -> None:
    seating = Seating(game, players, 11, {}, [HUMAN] + [bot] * (players - 1))
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await play_out(pilot, app, seed=5)
        assert table.session.state.is_over
        text = screen_text(app)
        assert "Game over" in text
    logged = json.loads((tmp_path / "log.json").read_text())
    assert logged["game"] == game and logged["history"] == table.session.state.history
    back = save.replay(tmp_path / "log.json")
    assert back.seating == seating and back.actions == table.session.state.history
    assert back.finished and back.viewer is None


def forbidden(app: KaboomApp) -> set[str]:
    """Names of cards only other seats hold, never shown to the viewer any other way."""
    table = app.table
    assert table is not None
    state, viewer, family = table.session.state, table.viewer, table.family
    obs = state.observe(viewer)
    public = json.dumps({k: v for k, v in obs.items() if k != "hand"})
    public += "\n".join(table.session.log_for(viewer))
    # the viewer's own choices (a three of a kind may name any card) are theirs to see
    public += "\n".join(family.label(text) for _, text in table.session.legal_texts(viewer))
    mine = {family.name(c) for c in obs.get("hand", [])}
    others = [q for q in range(state.players) if q != viewer]
    theirs = {family.name(c) for q in others for c in state.observe(q)["hand"]}
    shown = {family.name(s) for s in family.guide if s in public or family.name(s) in public}
    return theirs - mine - shown


@pytest.mark.parametrize(
    ("game", "seats"),
    [("exploding-kittens", [HUMAN, HUMAN, "heuristic"]), ("exploding-minions", [HUMAN] * 3)],
)
@pytest.mark.slow
async def test_hot_seat_never_shows_a_seat_the_cards_only_others_hold(
    game: str, seats: list[str], tmp_path: Path
) -> None:
    seating = Seating(game, len(seats), 4, {}, seats)
    app = table_app(seating, tmp_path, hotseat=True)
    names = {name for name, _ in family_of(seating.deal()).guide.values()}
    screens = {"pass": 0, "table": 0}

    def look(app: KaboomApp) -> None:
        # The footer and the window's key hints name keys, not cards: drop them.
        text = screen_text(app).rsplit("\n", 2)[0].replace("n: Nope", "")
        if isinstance(app.screen, PassScreen):
            screens["pass"] += 1
            assert not [n for n in names if n in text]
            return
        if app.table is not None and not app.table.session.state.is_over:
            screens["table"] += 1
            leaked = [n for n in forbidden(app) if n in text]
            assert not leaked, (app.table.viewer, leaked, text)

    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot, app, seed=2, look=look)
    assert screens["pass"] > 3 and screens["table"] > 10


@pytest.mark.slow
async def test_without_a_clock_a_window_waits_only_for_a_person_who_holds_a_nope(
    tmp_path: Path,
) -> None:
    """With ``--react 0`` (no clock) and one person at the device, a window waits for n or
    p only when that person may Nope: n is offered then, with the reaction listed in the
    actions; a window where they hold none, or on their own card, passes by itself."""
    nopes = 0
    for seed in range(6, 12):
        seating = Seating("exploding-kittens", 3, seed, {"first": 1}, [HUMAN, "random", "random"])
        pace = Pace(0.0, 0.0, tmp_path / "log.json", None)
        app = KaboomApp(pace, Session(seating))
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(400):
                table = await settle(pilot, app)
                if table.session.state.is_over:
                    break
                window = table.window
                if window is not None:
                    assert window.asked and window.nope  # else it passed by itself
                    text = " ".join(screen_text(app).split())  # the reaction line may wrap
                    assert "n: Nope" in text and "Let it pass (p)" in text
                    nopes += 1
                    await pilot.press("n")
                elif table.query_one("#actions", OptionList).highlighted is None:
                    await pilot.press("down", "enter")  # no default: every choice is risky
                else:
                    await pilot.press("enter")
            log = table.session.log_for(0)
        if nopes and any(line.startswith("P0 plays Nope") for line in log):
            break
    assert nopes > 0
    assert any(line.startswith("P0 lets it pass") for line in log)


async def test_the_countdown_closes_the_window_by_itself(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 1, {"first": 1}, [HUMAN, "random"])
    app = KaboomApp(Pace(0.0, 0.2, tmp_path / "log.json", None), Session(seating))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            table = await settle(pilot, app)
            if table.window is not None:
                first = table.window
                assert " s left)" in screen_text(app)
                await pilot.pause(0.6)
                assert table.window is not first
                break
            await pilot.press("enter")


@pytest.mark.slow
async def test_save_and_resume_give_the_same_table(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 3, 9, {}, [HUMAN, "heuristic", "heuristic"])
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        await pilot.press("down", "enter")
        table = await settle(pilot, app)
        await pilot.press("s")
        before = table.session.observe(0)
        log = table.session.log_for(0)
        hand = await screen_line(pilot, app, "Hand:")
    back, state = save.read(tmp_path / "save.json")
    assert back == seating and state.observe(0) == before
    resumed = KaboomApp(Pace(0.0, 0.0, tmp_path / "log2.json"), Session(back, state))
    async with resumed.run_test(size=SIZE) as pilot:
        table = await settle(pilot, resumed)
        assert table.session.observe(0) == before
        assert table.session.log_for(0) == log  # the log is told again from the seed
        assert hand in screen_text(resumed)


@pytest.mark.slow
async def test_odds_help_and_card_help_keys(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 4, 3, {}, [HUMAN] + ["random"] * 3)
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        assert "next card a bomb: " in screen_text(app)
        await pilot.press("h")
        assert isinstance(app.screen, Dismissable) and "Nope" in screen_text(app)
        await pilot.press("escape", "right", "question_mark")
        assert isinstance(app.screen, Dismissable)
        table = app.table
        assert table is not None
        slug = table.hand()[1]
        assert table.family.guide[slug][1][:20] in screen_text(app)


@pytest.mark.slow
async def test_the_picker_offers_every_game_and_its_options(tmp_path: Path) -> None:
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Dynamitt" in text and "Medium bot" in text and "ismcts" not in text
        assert "People at this device: just you" in text
        await pilot.press("down", "down", "down", "down")  # Exploding Kittens ... Eleminis
        text = screen_text(app)
        assert get_game("eleminis").summary[:30] in text and "Teams: none" in text
        await pilot.press("enter", "down", "down", "down", "right")  # teams 0 -> 2 (not 1)
        assert "Teams: 2 teams of 2" in screen_text(app)
        await pilot.press("end", "enter")  # Start
        table = await settle(pilot, app)
        assert table.session.seating.game == "eleminis"
        assert table.session.seating.options == {"teams": 2}


async def test_replay_steps_through_a_game_with_every_hand(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 3, {}, ["random", "random"])
    session = Session(seating)
    while not session.state.is_over:
        seat = session.state.to_act or 0
        session.apply(session.decide(seat), seat)
    save.write(tmp_path / "log.json", seating, session.state)
    app = ReplayApp(save.replay(tmp_path / "log.json"))
    async with app.run_test(size=SIZE) as pilot:
        assert "P0 holds" in screen_text(app) and "P1 holds" in screen_text(app)
        await pilot.press("n", "n")
        assert app.at == 2
        await pilot.press("p")
        assert app.at == 1
        await pilot.press("end")
        assert "wins" in screen_text(app)
        await pilot.press("q")


async def test_a_bots_move_reported_after_the_app_quit_changes_nothing(tmp_path: Path) -> None:
    """A bot's thread that reports its move (or its window answers) once the app has quit
    finds the table taken down: nothing is applied, nothing is drawn, nothing raises (CI
    saw a redraw on a screen whose widgets were gone)."""
    seating = Seating("exploding-kittens", 2, 3, {"first": 1}, [HUMAN, "random"])
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json", None), Session(seating))
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        state = table.session.state
        seat, legal = state.to_act, state.legal_actions()
    assert seat is not None
    before = state.to_json()
    table.pacing.bot_moved(seat, legal[0])
    table.pacing.planned(("late",), {})
    assert table.session.state.to_json() == before
