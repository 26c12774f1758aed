"""What a new player tripped over at the terminal table (issue 19), at 80x24: the log's
last line after wrapping entries, the hot-seat pass screen, safe defaults (no reflex Enter
gives away a Defuse or your own card), quitting, the end of a game, and the words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from kaboom.engine.scenario import start
from kaboom.tui import save
from kaboom.tui.app import KaboomApp, ReplayApp, screen_text
from kaboom.tui.exploding import Exploding
from kaboom.tui.families import family_of
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import ConfirmQuit, Dismissable, GameOver, PassScreen
from kaboom.tui.session import Session
from kaboom.tui.table import TableScreen
from kaboom.tui.words import tell
from tui_pilot import footer, play_out, settle, table_app

SIZE = (80, 24)
#: The internal names of the games' phases: never on screen.
PHASES = ("(turn)", "(react)", "(give)", "(exploding)", "(place)", "(take)", "(landed)",
          "(choose)", "(discard-down)", "(swap-last)", "(place-magnet)", "(play)")  # fmt: skip


def rigged(raw: dict[str, Any], seats: list[str], tmp: Path, **pace: Any) -> KaboomApp:
    """The table at a rigged position (a scenario's setup and actions), you in seat 0."""
    state = start(raw)
    for action in raw.get("actions", []):
        seat, _, text = action.rpartition(": ")
        state.apply_text(text, int(seat) if seat else None)
    seating = Seating(raw["game"], raw["players"], 1, raw.get("options", {}), seats)
    session = Session(seating, state)
    session.events = []
    settings: dict[str, Any] = {"bot_delay": 0.0, "react_seconds": 0.0, "guard": 0.0}
    settings |= {"log_path": tmp / "log.json", "save_path": tmp / "save.json"} | pace
    return KaboomApp(Pace(**settings), session)


def actions_of(table: TableScreen) -> tuple[list[str], int | None]:
    """The action list as shown, and the highlighted row."""
    box = table.query_one("#actions", OptionList)
    rows = [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]
    return rows, box.highlighted


# -- bugs ---------------------------------------------------------------------------------------


async def test_the_log_shows_its_last_line_after_wrapping_and_a_resize(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 4, 2, {}, [HUMAN] + ["heuristic"] * 3)
    session = Session(seating)
    while session.state.to_act != 0 or len(session.log_for(0)) < 40:
        seat = session.state.to_act
        assert seat is not None
        legal = session.state.legal_actions()
        session.apply(legal[0] if seat == 0 else session.decide(seat), seat)
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json"), session)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot, app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        log = table.query_one("#log", VerticalScroll)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        lines = [tell(line, 0) for line in session.log_for(0)]
        text = " ".join(screen_text(app).split())
        assert lines[-1].split()[-1] in text.split("actions")[0]
        assert not any(len(line) > 26 for line in lines[-3:]) or True  # entries wrap
        await pilot.press("pageup")
        assert log.scroll_y < log.max_scroll_y  # the log scrolls back from the keyboard
        await pilot.press("pagedown", "pagedown", "pagedown")
        assert log.scroll_y == log.max_scroll_y


@pytest.mark.slow
async def test_the_pass_screen_can_be_left_and_swallows_keys(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 3, 3, {}, [HUMAN, HUMAN, "heuristic"])
    app = KaboomApp(
        Pace(0.0, 0.0, tmp_path / "log.json", tmp_path / "save.json", True, guard=0.3),
        Session(seating),
    )
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("d", "down", "n", "p", "o", "c", "1", "left")
        assert table.session.state.history == [] and isinstance(app.screen, PassScreen)
        for key in ("q", "escape", "ctrl+c"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit), key
            await pilot.press("n")  # keep playing
            await pilot.pause()
            assert isinstance(app.screen, PassScreen), key
        await pilot.press("enter", "enter", "d")  # a reflex second Enter plays nothing
        assert table.session.state.history == []
        await pilot.pause(0.4)
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen) and table.session.state.history == []
        await pilot.press("q", "s")  # quit, saving: from the table
        await pilot.pause()
    assert not app.is_running
    raw = json.loads((tmp_path / "save.json").read_text())
    assert raw["saved_by"] == 0


async def test_q_asks_before_quitting_and_offers_to_save(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 3, {}, [HUMAN, "heuristic"])
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        text = screen_text(app)
        assert "Quit this game?" in text and "save it" in text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen) and app.is_running
        await pilot.press("ctrl+c", "y")
        await pilot.pause()
    assert not app.is_running and not (tmp_path / "save.json").exists()


def _hot_seat_window(p1: list[str], tmp: Path) -> KaboomApp:
    """Hot-seat, two people and a bot: the bot (P2) plays a Skip; P1 holds ``p1``."""
    raw = {
        "game": "exploding-kittens",
        "players": 3,
        "setup": {
            "hands": [["tacocat"], p1, ["skip", "beard-cat"]],
            "draw_pile": ["cattermelon", "shuffle", "favor", "hairy-potato-cat", "tacocat"],
            "current": 2,
        },
    }
    app = rigged(raw, [HUMAN, HUMAN, "heuristic"], tmp, hotseat=True)
    session = app.session
    assert session is not None
    words = session.state.action_text

    class Skipper:
        name = "skipper"

        def act(self, view: Any) -> int:
            legal: list[int] = view.legal_actions()
            for word in ("play skip", "pass", "draw"):
                for action in legal:
                    if words(action) == word:
                        return action
            return legal[0]

    session.seats[2].bot = Skipper()
    return app


async def _screens_until_my_turn(app: KaboomApp) -> list[str]:
    """Every pass screen and every table frame P0 sees (the clock's seconds left out),
    until P0's next turn; the cover the bots play behind looks the same at every moment."""
    seen: list[str] = []

    def add(shown: str) -> None:
        shown = re.sub(r"\(\d+ s left\)", "", shown)
        if not seen or seen[-1] != shown:
            seen.append(shown)

    async with app.run_test(size=SIZE) as pilot:
        for _ in range(60):
            table = await settle(pilot, app)
            screen = app.screen
            if isinstance(screen, PassScreen):
                add(f"pass {screen.seat}: {screen.why}")
                await pilot.press("enter")
            elif not isinstance(screen, TableScreen):
                await pilot.pause(0.05)  # behind the cover
            elif table.viewer == 0:
                add(screen_text(app))
                if table.window is None and table.my_move() and table.session.state.history:
                    break
                await pilot.press("p" if table.window is not None else "enter")
            else:
                await pilot.press("p")
    return seen


@pytest.mark.slow
async def test_hot_seat_screens_do_not_differ_with_who_holds_a_nope(tmp_path: Path) -> None:
    """P2's Skip: P0 and P1 are each handed the device in the window whatever they hold,
    and P0 sees the same screens whether P1 holds a Nope or not."""
    with_nope = await _screens_until_my_turn(_hot_seat_window(["nope", "tacocat"], tmp_path))
    without = await _screens_until_my_turn(_hot_seat_window(["beard-cat", "tacocat"], tmp_path))
    assert with_nope == without
    assert any("pass 1: a reaction window" in s for s in with_nope)
    assert any("pass 0: a reaction window" in s for s in with_nope)


def test_an_unwritable_log_and_bad_seats_are_refused_at_the_start(tmp_path: Path) -> None:
    from test_tui_cli import one_line_error

    missing = tmp_path / "no" / "log.json"
    line = one_line_error(["play", "exploding-kittens", "--log", str(missing)])
    assert "--log" in line and "does not exist" in line
    assert "--log" in one_line_error(["play", "exploding-kittens", "--log", str(tmp_path)])
    assert "--players" in one_line_error(["play", "exploding-kittens", "--players", "0"])
    line = one_line_error(["play", "exploding-kittens", "--hotseat", "--humans", "5",
                           "--players", "4"])  # fmt: skip
    assert "--humans" in line and "4" in line


def test_a_save_with_too_few_hands_is_refused_naming_the_field(tmp_path: Path) -> None:
    from test_tui_cli import one_line_error

    seating = Seating("exploding-kittens", 3, 1, {}, [HUMAN, "random", "random"])
    raw = save.to_json(seating, seating.deal())
    raw["state"]["hands"] = raw["state"]["hands"][:2]
    path = tmp_path / "save.json"
    path.write_text(json.dumps(raw))
    line = one_line_error(["play", "--resume", str(path)])
    assert str(path) in line and "hands" in line


@pytest.mark.slow
async def test_a_log_that_cannot_be_written_does_not_lose_the_end(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 2, 3, {}, ["random", "random"])
    session = Session(seating)
    while not session.state.is_over:
        seat = session.state.to_act
        assert seat is not None
        session.apply(session.decide(seat), seat)
    (tmp_path / "dir").mkdir()
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "dir"), session)  # a folder: not writable
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        assert "Not saved" in screen_text(app)


async def test_replay_home_and_end_jump_and_the_header_is_in_words(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 3, 3, {}, ["random"] * 3)
    session = Session(seating)
    while not session.state.is_over:
        seat = session.state.to_act
        assert seat is not None
        session.apply(session.decide(seat), seat)
    save.write(tmp_path / "log.json", seating, session.state)
    app = ReplayApp(save.replay(tmp_path / "log.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        assert app.at == len(app.steps) - 1
        await pilot.press("home")
        assert app.at == 0
        headers = [step[2] for step in app.steps[1:]]
        assert not [h for h in headers if re.search(r"@\d|^\w+ \w+-\w+$", h)]
        assert any(re.fullmatch(r"P\d draws a card \(ends their turn\)", h) for h in headers)
        assert not [h for h in headers if "your" in h or ": " in h[:4]]  # the third person


async def test_the_board_game_at_six_players_fits_80_columns(tmp_path: Path) -> None:
    seating = Seating("kittens-board-game", 6, 3, {}, [HUMAN] + ["heuristic"] * 5)
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        await pilot.press("d")
        await settle(pilot, app)
        box = table.query_one("#panel-box", VerticalScroll)
        width = box.scrollable_content_region.width
        panel = str(table.query_one("#panel", Static).content)
        assert max(len(line) for line in panel.splitlines()) <= width
        text = screen_text(app)
        assert all(f"P{q} " in text for q in range(1, 6)) and "You " in text
        track = next(line for line in text.splitlines() if "Calm |" in line)
        who = next(line for line in text.splitlines() if "│Who" in line)
        assert who.index("Who") == track.index("Calm")  # the Who row lines up
        assert not re.search(r"[0-9Y][0-9Y]", who.split("Who", 1)[1])  # never "10"


def test_the_board_replay_keeps_to_its_panel() -> None:
    from kaboom.tui.families import reveal

    state = Seating("kittens-board-game", 6, 1, {}, ["random"] * 6).deal()
    shown = reveal(state)
    assert "| 10 +1" not in shown  # no grid of 96 columns under the panel
    assert max(len(line) for line in shown.splitlines() if " holds: " not in line) <= 52


def test_dynamitt_hands_are_in_rank_order() -> None:
    state = Seating("dynamitt", 4, 3, {}, [HUMAN] + ["random"] * 3).deal()
    family = family_of(state)
    assert isinstance(family, Exploding)
    names = [family.name(c) for c in family.hand(state.observe(0))]
    order = [family.ed.rank_slugs.index(family.rank(c)) for c in family.hand(state.observe(0))]
    assert order == sorted(order), names


@pytest.mark.slow
async def test_the_end_says_who_won_and_offers_another_game(tmp_path: Path) -> None:
    seating = Seating("exploding-kittens", 3, 11, {}, [HUMAN, "heuristic", "heuristic"])
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await play_out(pilot, app, seed=5)
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        text = screen_text(app)
        obs = table.session.observe(0)
        won = 0 in obs["winners"]
        assert ("You won" in text) is won and ("You exploded" in text) is (not won)
        assert "Seed:" in text and "a: play again" in text
        await pilot.press("escape")  # the final table
        status = str(table.query_one("#status", Static).content)
        assert len(status) <= SIZE[0] - 2 and "Game over" in status
        text = screen_text(app)
        assert "bomb" not in status and "OUT" not in text and "0 cards" not in text
        assert not re.search(r"\b1 cards\b|Card\(s\)|\b[2-9] Exploding Kitten\b", text)
        assert "exploded, out" in text
        await pilot.press("o")  # no odds once the game is over
        assert "bomb" not in str(table.query_one("#status", Static).content)
        table.ended = False
        table.finish()
        await pilot.pause()
        await pilot.press("enter")  # a reflex Enter only closes the box
        await pilot.pause()
        assert app.table is table and isinstance(app.screen, TableScreen)
        await pilot.press("a")  # play again: a new deal at the same table
        await pilot.pause()
        again = app.table
        assert again is not None and again is not table
        assert again.session.seating.seats == seating.seats
        assert not again.session.state.is_over


# -- risky defaults ------------------------------------------------------------------------------


def _favor(hand: list[str]) -> dict[str, Any]:
    """P1 asks you (P0) for a Favor; you hold ``hand``."""
    return {
        "game": "exploding-kittens",
        "players": 2,
        "setup": {
            "hands": [hand, ["favor", "tacocat"]],
            "draw_pile": ["beard-cat", "shuffle", "skip"],
            "current": 1,
        },
        "actions": ["1: play favor @0", "0: pass"],
    }


async def test_a_favor_never_offers_your_defuse_first(tmp_path: Path) -> None:
    app = rigged(_favor(["defuse", "nope", "tacocat"]), [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        assert rows[0].startswith("Give Tacocat") and at == 0
        assert rows[-1].startswith("Give Defuse") and "gives away a Defuse" in rows[-1]
        status = str(table.query_one("#status", Static).content)
        assert status == "P1 asked you for a Favor: choose a card to give"
        await pilot.press("enter")
        assert table.session.observe(0)["hand"].count("defuse") == 1


async def test_with_only_defuses_to_give_nothing_is_highlighted(tmp_path: Path) -> None:
    app = rigged(_favor(["defuse", "defuse"]), [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        assert at is None and rows and "no default" in screen_text(app)
        await pilot.press("enter")  # a reflex Enter gives nothing away
        assert table.session.observe(0)["hand"] == ["defuse", "defuse"]


async def test_discarding_down_never_defaults_to_the_defuse(tmp_path: Path) -> None:
    raw = {
        "game": "kittens-board-game",
        "players": 2,
        "setup": {
            "positions": [3, 0],
            "hands": [["defuse", "skip", "nope", "attack", "shuffle", "see-the-future"], ["skip"]],
            "move_deck": ["move-4"],
            "action_deck": ["nope"],
        },
        "actions": ["0: draw", "0: explode"],
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        for _ in range(3):  # 6 cards down to 3: Enter, Enter, Enter
            rows, at = actions_of(table)
            assert at is not None and "Defuse" not in rows[at]
            assert rows[-1].startswith("Discard Defuse") and "discards a Defuse" in rows[-1]
            await pilot.press("enter")
            await settle(pilot, app)
        assert "defuse" in table.session.observe(0)["hand"]
        assert len(table.session.observe(0)["hand"]) == 3


async def test_eleminis_never_defaults_to_replacing_your_own_card(tmp_path: Path) -> None:
    raw = {
        "game": "eleminis",
        "players": 2,
        "setup": {
            "rows": [["water", "fire", "air", "rock", None], ["air", None, None, None, None]],
            "deck": ["rock", "rock"],
            "drawn": "water",
        },
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        assert (
            at == 0 and rows[0].startswith("Water into your slot ") and rows[0].endswith(" (empty)")
        )
        mine = [r for r in rows if "replacing your" in r]
        assert mine and all("replaces your" in r for r in mine)
        assert rows.index(mine[0]) > next(
            i for i, r in enumerate(rows) if r.startswith("Water into P1's slot ")
        )


# -- words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["exploding-kittens", "kittens-board-game", "eleminis"])
@pytest.mark.slow
async def test_no_phase_names_and_you_are_you(game: str, tmp_path: Path) -> None:
    seating = Seating(game, 3, 4, {}, [HUMAN, "heuristic", "heuristic"])
    app = table_app(seating, tmp_path)
    statuses: set[str] = set()

    def look(app: KaboomApp) -> None:
        table = app.table
        if table is None or not isinstance(app.screen, TableScreen):
            return
        status = str(table.query_one("#status", Static).content)
        statuses.add(status)
        assert not [p for p in PHASES if p in status], status
        panel = str(table.query_one("#panel", Static).content)
        log = str(table.query_one("#log-text", Static).content)
        assert not re.search(r"\bP0\b", panel + log + status)

    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot, app, seed=2, look=look, steps=60)
    assert len(statuses) >= 2


async def test_the_bomb_goes_back_on_top_or_nth_from_the_top(tmp_path: Path) -> None:
    raw = {
        "game": "exploding-kittens",
        "players": 2,
        "setup": {
            "hands": [["defuse"], ["tacocat"]],
            "draw_pile": ["exploding-kitten", "shuffle", "skip", "favor"],
        },
        "actions": ["0: draw", "0: defuse"],
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, _ = actions_of(table)
        assert rows == [
            "Put the Exploding Kitten back on top",
            "Put the Exploding Kitten back 2nd from the top",
            "Put the Exploding Kitten back 3rd from the top",
            "Put the Exploding Kitten back at the bottom",
        ]
        await pilot.press("down", "enter")
        await settle(pilot, app)
        log = table.session.log_for(0)
        assert "You put the Exploding Kitten back 2nd from the top" in [tell(x, 0) for x in log]


async def test_the_reaction_line_names_the_nope_you_would_answer(tmp_path: Path) -> None:
    raw = {
        "game": "exploding-kittens",
        "players": 3,
        "setup": {
            "hands": [["nope", "tacocat"], ["shuffle", "shuffle"], ["nope"]],
            "draw_pile": ["skip", "favor", "beard-cat"],
            "current": 1,
        },
        "actions": ["1: pair shuffle @2", "2: nope"],
    }
    app = rigged(raw, [HUMAN, "random", "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        assert table.window is not None and table.window.nope
        text = " ".join(screen_text(app).split())
        assert "P1 played a pair of Shuffle against P2; P2 Noped it" in text
        assert "it is cancelled for now" in text
        assert "n: Nope the Nope (Yup)" in text and "Noped by" not in text
        rows, at = actions_of(table)
        assert rows[at or 0] == "Let it pass (p)" and "Nope the Nope (Yup) (n)" in rows


@pytest.mark.slow
async def test_the_keys_shown_are_the_keys_of_the_game(tmp_path: Path) -> None:
    for game, shown, hidden in [
        ("eleminis", ["p Pass"], ["d Draw", "n Nope", "o Odds"]),
        ("kittens-board-game", ["d Flip a Move Disc", "n Nope"], ["d Draw", "o Odds"]),
        ("exploding-kittens", ["d Draw", "n Nope", "o Odds"], []),
    ]:
        app = table_app(Seating(game, 2, 1, {}, [HUMAN, "heuristic"]), tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            keys = await footer(pilot, app)
            assert all(k in keys for k in shown) and not [k for k in hidden if k in keys]
            assert keys.rstrip().endswith("q Quit")  # every key whole at 80 columns


async def test_p_passes_an_eleminis_card_that_cannot_be_played(tmp_path: Path) -> None:
    raw = {
        "game": "eleminis",
        "players": 2,
        "setup": {"rows": [[None] * 5, [None] * 5], "deck": ["rock", "rock"], "drawn": "move"},
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        assert actions_of(table)[0] == ["Pass: the card cannot be played (p)"]
        await pilot.press("p")
        await settle(pilot, app)
        assert table.session.state.history


@pytest.mark.slow
async def test_dynamitt_names_each_rank_effect_and_groups_five_different(tmp_path: Path) -> None:
    raw = {
        "game": "dynamitt",
        "players": 2,
        "setup": {
            "hands": [["2h", "3s", "4d", "5c", "6h", "7s", "9d", "10c", "8h", "joker"], ["9s"]],
            "draw_pile": ["10s", "10h"],
            "discard_pile": ["kd"],
        },
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, _ = actions_of(table)
        assert "Play 2♥ (Attack)" in rows and "Play 3♠ (See the Future)" in rows
        assert "Play 5♣ (Favor) on P1" in rows
        five = [r for r in rows if "five different" in r.lower()]
        assert len(five) == 1 and five[0].endswith("choices)")
        assert not [r for r in rows if r.startswith("Play five different:")]
        assert len(rows) < 40
        index = rows.index(five[0])
        await pilot.press(*["down"] * index, "enter")  # open the group
        inside, _ = actions_of(table)
        assert inside[0].startswith("< Back") and len(inside) > 20
        assert all(r.startswith("Play five different:") for r in inside[1:])
        await pilot.press("up", "enter")  # back
        assert actions_of(table)[0] == rows
        await pilot.press(*["down"] * index, "enter", "escape")  # open it, escape: back
        assert actions_of(table)[0] == rows
        await pilot.press("question_mark")
        assert isinstance(app.screen, Dismissable)
        text = screen_text(app)
        assert "What each rank does" in text and "Attack" in text and "Defuse" in text


async def test_eleminis_offers_each_outcome_once_and_names_cards(tmp_path: Path) -> None:
    seating = Seating("eleminis", 4, 7, {"teams": 2}, [HUMAN] + ["heuristic"] * 3)
    app = table_app(seating, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, _ = actions_of(table)
        assert len(rows) <= 4  # an empty table: one placement per row, not twenty
        text = screen_text(app)
        assert " beats " in text and "beaten by" in text and "points" in text and "Team 1:" in text
        assert " tm" not in text and "pts" not in text
    raw = {
        "game": "eleminis",
        "players": 2,
        "setup": {
            "rows": [["fire", "water", None, None, None], ["rock", None, None, None, None]],
            "deck": ["rock", "rock"],
            "drawn": "move",
        },
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        assert "Move P1's Rock to your slot 3" in rows  # (any empty slot: the first, named)
        assert at is not None and rows[at] == "Move P1's Rock to your slot 3"
        assert any(r.startswith("Move your Fire to P1's slot ") and "moves away" in r for r in rows)
        panel = str(table.query_one("#panel", Static).content)
        assert re.search(r"You .*Fire.*Water.* 20$", panel, re.M)  # points while playing


async def test_the_board_shows_its_legend_the_loop_and_where_a_move_lands(tmp_path: Path) -> None:
    raw = {
        "game": "kittens-board-game",
        "players": 2,
        "setup": {
            "positions": [2, 0],
            "hands": [["skip"], ["skip"]],
            "move_deck": ["move-5-or-flip"],
            "action_deck": ["nope", "nope"],
        },
        "actions": ["0: draw"],
    }
    app = rigged(raw, [HUMAN, "random"], tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        move = next(r for r in rows if r.startswith("Move"))
        assert "onto an Exploding Kitten space (7)" in move and "lands on" in move
        assert at is not None and rows[at].startswith("Flip the board")
        text = screen_text(app)
        assert "K Kitten" in text and "R Ribbon" in text and "back to 30" in text


async def test_the_picker_opens_on_exploding_kittens_in_words(tmp_path: Path) -> None:
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        games = app.screen.query_one("#games", OptionList)
        assert games.highlighted == 0 and "Exploding Kittens" in text.splitlines()[1]
        assert "Medium bot" in text and "ismcts" not in text and "§" not in text
        await pilot.press("down", "down", "enter")  # Dynamitt: its jokers say no "§"
        assert "§" not in screen_text(app)
        await pilot.press("down", "right", "right")  # people at this device: 3
        assert "3, hot-seat" in screen_text(app)


# -- the command line around the table -----------------------------------------------------------


def test_games_and_tournament_tables_cut_nothing_at_80_columns() -> None:
    from typer.testing import CliRunner

    from kaboom.cli.main import app

    runner = CliRunner()
    games = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert games.exit_code == 0 and "…" not in games.output
    assert "shuffle_turnover=false" in games.output and "mapping=''" in games.output
    args = ["tournament", "exploding-kittens", "--players", "2", "--games", "4",
            "--bots", "random,ismcts:iterations=20"]  # fmt: skip
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0 and "ismcts:iterations=20" in result.stdout
    assert "…" not in result.stdout and "μ ± 2σ" in result.stdout and "±" in result.stdout
