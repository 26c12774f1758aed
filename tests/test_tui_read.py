"""Issue 30, every game readable: Dynamitt's ranks and its bomb, the board game's track,
Eleminis's teams and winning row, the picker's words and keys, replays in the third person,
``kaboom watch`` paced, ``--help`` that wraps where the terminal does (80x24 pilots)."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import OptionList, Static
from typer.testing import CliRunner

from kaboom.cli.lab import parse_options
from kaboom.engine.registry import get_game, list_games, new_game
from kaboom.engine.scenario import start
from kaboom.games.option_words import words_of
from kaboom.tui import save
from kaboom.tui.app import KaboomApp, ReplayApp, screen_text
from kaboom.tui.families import family_of
from kaboom.tui.pacing import Pace
from kaboom.tui.picker import OPPONENTS, Choice, PickerScreen
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.screens import Dismissable, GameOver
from kaboom.tui.session import Session
from kaboom.tui.table import TableScreen
from tui_pilot import at_the_end, footer, played, screen_line, settle

SIZE = (80, 24)


def rigged(raw: dict[str, Any], tmp: Path) -> KaboomApp:
    """The table at a rigged position, you in seat 0, bots that move at once."""
    state = start(raw)
    for action in raw.get("actions", []):
        seat, _, text = action.rpartition(": ")
        state.apply_text(text, int(seat) if seat else None)
    seats = [HUMAN] + ["random"] * (raw["players"] - 1)
    session = Session(Seating(raw["game"], raw["players"], 1, {}, seats), state)
    pace = Pace(0.0, 0.0, tmp / "log.json", tmp / "save.json", guard=0.0)
    return KaboomApp(pace, session)


def actions_of(table: TableScreen) -> tuple[list[str], int | None]:
    box = table.query_one("#actions", OptionList)
    return [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)], (
        box.highlighted
    )


def hand_text(table: TableScreen) -> str:
    """The row of the seat's cards as the screen shows it (no markup)."""
    return Text.from_markup(str(table.query_one("#hand", Static).content)).plain


def dynamitt(hand: list[str]) -> dict[str, Any]:
    """You hold ``hand`` and draw the Jack of hearts, a King on top of the discard pile."""
    setup = {"hands": [hand, [], []], "draw_pile": ["jh", "9d"], "discard_pile": ["kd"]}
    return {"game": "dynamitt", "players": 3, "setup": {**setup, "current": 0}}


# -- Dynamitt --------------------------------------------------------------------------------------


async def test_dynamitt_hand_says_what_each_rank_does_and_a_defuse_is_the_default(
    tmp_path: Path,
) -> None:
    app = rigged(dynamitt(["as", "kc", "9c"]), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        hand = hand_text(table)
        assert "A♠ Nope" in hand and "K♣ Defuse" in hand and "9♣" in hand
        await pilot.press("d")
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        assert rows[0].startswith("Defuse it with K♣") and at == 0
        assert not [r for r in rows if r.startswith("Explode")]  # holding a King: must defuse
        text = screen_text(app)
        assert "You drew a J♥ (Dynamite): you must Defuse it" in text
        log = str(table.query_one("#log-text", Static).content)
        assert "You draw a J♥ (Dynamite)!" in log


async def test_d_where_no_draw_is_allowed_says_why(tmp_path: Path) -> None:
    """Holding a King you drew the Jack: you must defuse, so d draws nothing and a notice
    says so (before, nothing happened at all)."""
    app = rigged(dynamitt(["kc", "9c"]), tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, app)
        await pilot.press("d")
        table = await settle(pilot, app)
        before = len(table.session.state.history)
        await pilot.press("d")
        await pilot.pause()
        assert len(table.session.state.history) == before
        told = [n.message for n in app._notifications]
        assert "You can't draw now: choose one of the actions below" in told


async def test_dynamitt_an_8_as_defuse_comes_before_exploding_never_the_default(
    tmp_path: Path,
) -> None:
    app = rigged(dynamitt(["8s", "9c"]), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("d")
        table = await settle(pilot, app)
        rows, at = actions_of(table)
        assert "Clone" in rows[0] and "Defuse" in rows[0] and at == 0
        assert rows[-1].startswith("Explode") and "out of the game" in rows[-1]
        panel = str(table.query_one("#panel", Static).content)
        assert "You drew a J♥ (Dynamite)!" in panel


async def test_a_long_hand_wraps_between_cards_and_says_a_shared_role_once(
    tmp_path: Path,
) -> None:
    """Nine cards at 80 columns: every line of the hand ends between cards (no card cut,
    none past the edge), continued under the first card; the two Defuses read ``Q♣ K♦
    Defuse`` (a role once per run of cards that share it), the Joker ``Joker Wild``."""
    hand = ["as", "2s", "3h", "4s", "5s", "7c", "8h", "qc", "kd", "joker"]
    app = rigged(dynamitt(hand), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        lines = hand_text(table).splitlines()
        assert len(lines) >= 2 and all(len(line) <= SIZE[0] - 2 for line in lines)
        assert all(line.endswith("|") for line in lines[:-1])  # broken after a card
        assert all(line.startswith(" " * len("Hand: ")) for line in lines[1:])
        joined = " ".join(line.strip() for line in lines)
        assert "7♣ Draw from the Bottom" in joined and "Q♣ K♦ Defuse" in joined
        assert joined.endswith("Joker Wild")


# -- the board game --------------------------------------------------------------------------------


async def test_the_board_is_drawn_with_numbered_spaces_and_a_legend_in_help(
    tmp_path: Path,
) -> None:
    raw = {"game": "kittens-board-game", "players": 2, "setup": {"positions": [12, 0]}}
    app = rigged(raw, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        panel = str(table.query_one("#panel", Static).content).splitlines()
        ruler = next(line for line in panel if line.startswith("Space"))
        calm = next(line for line in panel if line.startswith("Calm |"))
        who = next(line for line in panel if line.startswith("Who"))
        assert ruler.index("10") == calm.index("|") + 10  # the number over its space
        assert ruler.rstrip().endswith("40") and who.index("Y") == calm.index("|") + 12
        assert "Action Deck: " in "\n".join(panel) and "magnets" not in "\n".join(panel)
        assert any(re.search(r"Past the Ribbon a move goes back to 30", line) for line in panel)
        # the rulebook's words for d, the footer whole at 80 columns (drawn compact)
        keys = await footer(pilot, app)
        assert "d Flip a Move Disc" in keys and keys.rstrip().endswith("q Quit")
        await pilot.resize_terminal(120, 24)
        keys = await screen_line(pilot, app, "d Flip a Move Disc  n Nope")  # in full
        assert keys == await footer(pilot, app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("h")
        assert isinstance(app.screen, Dismissable)
        text = screen_text(app)
        assert "Loop Back Arrow" in text and "Exploding Kitten space" in text
        assert "the board game: flip a Move Disc" in text


# -- Eleminis --------------------------------------------------------------------------------------


async def test_eleminis_teams_from_1_and_the_winning_row_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = at_the_end("eleminis", 4, 7, teams=2)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        panel = str(table.query_one("#panel", Static).content)
        assert "Team 1: You, P2; Team 2: P1, P3" in panel and "Team 0" not in panel
        assert isinstance(app.screen, GameOver)
        summary = str(app.screen.query_one("#summary", Static).content)
        winners = table.session.state.winners
        assert winners and "winning row: " in summary
        row = table.session.state.observe(None)["players"][winners[0]]["row"]
        assert ", ".join(table.family.name(c) for c in row if c) in summary


async def test_the_end_names_the_command_that_deals_the_same_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seed alone deals another game at another count or with other options: the
    end's command names the players and the options too, and it deals the same cards."""
    monkeypatch.chdir(tmp_path)
    app = at_the_end("eleminis", 3, 7, match=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, GameOver)
        summary = str(app.screen.query_one("#summary", Static).content).splitlines()
        command = "kaboom play eleminis --players 3 --seed 7 -o match=true"
        assert summary[summary.index("Seed: 7. The same deal again:") + 1] == f"  {command}"
        words = command.split()
        again = Seating(words[2], int(words[4]), int(words[6]), parse_options([words[8]]))
        first = Seating("eleminis", 3, 7, {"match": True}).deal()
        assert again.deal().observe(None) == first.observe(None)


async def test_a_seat_playing_into_its_own_row_is_told_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log never reads "P3 plays Air into P3's slot 1": a seat's own slot is "their
    own" (yours: "your own")."""
    monkeypatch.chdir(tmp_path)
    app = at_the_end("eleminis", 4, 7)
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot, app)
        log = str(table.query_one("#log-text", Static).content).splitlines()
        assert not [line for line in log if re.match(r"(P\d+) .*\b\1's ", line)]
        assert any(re.match(r"P\d+ plays \w+ into their own slot", line) for line in log)


# -- the picker ------------------------------------------------------------------------------------


def test_every_declared_option_of_every_game_has_plain_words() -> None:
    for spec in list_games():
        choice = Choice.of(spec)
        for option in spec.options:
            words = words_of(spec.game_id, option.name)
            assert words is not None, (spec.game_id, option.name)
            assert words.label and words.help and "_" not in words.label
        text = " ".join(label for _, label in choice.rows())
        for developer in ("_", "(set with -o)", "('':", ": false", ": true", ": - "):
            assert developer not in text, (spec.game_id, developer)


def test_every_setting_of_the_picker_reads_alike() -> None:
    """The table's own rows (players, people, opponents) are capitalised as the game's
    options and the pace are: one style down the list."""
    for spec in list_games():
        choice = Choice.of(spec)
        for humans in (1, choice.players):
            choice.humans = humans
            labels = [Text.from_markup(label).plain for _, label in choice.rows()]
            assert all(label[:1].isupper() for label in labels), labels


def test_teams_step_over_what_the_table_cannot_seat() -> None:
    choice = Choice.of(get_game("eleminis"))
    for players in range(2, 9):
        choice.players = players
        choice.values["teams"] = 0
        seen = []
        for _ in range(5):
            choice.change("teams", 1)
            seen.append(choice.values["teams"])
        allowed = {t for t in range(2, 5) if players % t == 0 and players != t}
        assert set(seen) <= allowed | {0} and 1 not in seen, (players, seen)
        assert not allowed or set(seen) & allowed
    choice.players, choice.values["teams"] = 4, 2
    choice.change("players", 1)  # 5 players: 2 teams no longer divide the table
    assert choice.values["teams"] == 0 and choice.problem() == ""


def test_opponents_go_from_the_weakest_to_the_strongest_and_stop() -> None:
    choice = Choice.of(get_game("exploding-kittens"))
    assert choice.opponents == "ismcts:level=medium"
    for _ in range(6):
        choice.change("bots", -1)
    assert choice.opponents == "random" == OPPONENTS[0]
    order = []
    for _ in range(6):
        choice.change("bots", 1)
        order.append(choice.opponents)
    assert order == [*OPPONENTS[1:], OPPONENTS[-1], OPPONENTS[-1]]


async def test_the_picker_refuses_one_team_keeps_the_settings_and_names_it(
    tmp_path: Path,
) -> None:
    choice = Choice.of(get_game("eleminis"))
    choice.values["teams"] = 1  # as a hand-made choice could: the game refuses it
    choice.change("match", 1)
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json"))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await app.push_screen(PickerScreen(choice))  # as the app does after an error
        await pilot.pause()
        await pilot.press("tab", "end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and app.table is None
        assert app.screen.choice.values == {**choice.values, "teams": 1, "match": True}
        assert "Eleminis" in screen_text(app) and "Teams: 1" in screen_text(app)
        told = [n.message for n in app._notifications]
        assert told == ["Teams: 1 is not allowed with 4 players"]
        settings = app.screen.query_one("#settings", OptionList)
        assert settings.get_option_at_index(settings.highlighted or 0).id == "teams"


async def test_the_picker_keys_enter_never_changes_and_down_never_wraps(tmp_path: Path) -> None:
    app = KaboomApp(Pace(0.0, 0.0, tmp_path / "log.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        await pilot.press("enter")  # Exploding Kittens: to its settings
        settings = picker.query_one("#settings", OptionList)
        before = dict(picker.choice.values), picker.choice.players
        await pilot.press("down", "down", "down", "enter")  # on "Fast game": to Start
        assert (dict(picker.choice.values), picker.choice.players) == before
        last = settings.option_count - 1
        assert settings.highlighted == last
        await pilot.press("down", "down")
        assert settings.highlighted == last and app.table is None  # no wrap to the top
        await pilot.press("up", "up", "space")  # (above Start: the pace, then the last option)
        assert settings.highlighted == last - 2 and picker.choice.options() != {}


# -- replay ----------------------------------------------------------------------------------------


async def test_replay_tells_other_seats_in_the_third_person_and_you_as_you(
    tmp_path: Path,
) -> None:
    seating = Seating("exploding-kittens", 3, 4, {}, [HUMAN, "heuristic", "heuristic"])
    bots = played(Session(Seating("exploding-kittens", 3, 4, {}, ["heuristic"] * 3)))
    save.write(tmp_path / "log.json", seating, bots.state)
    replay = save.replay(tmp_path / "log.json")
    assert replay.you == 0
    app = ReplayApp(replay)
    async with app.run_test(size=SIZE) as pilot:
        headers = [step[2] for step in app.steps[1:]]
        assert "You draw a card (ends your turn)" in headers
        assert any(re.fullmatch(r"P[12] draws a card \(ends their turn\)", h) for h in headers)
        assert not [h for h in headers if re.match(r"P[12]\b.*\byour turn", h)]
        every = "\n".join(table + told for table, told, _ in app.steps)
        assert "You hold: " in every and not re.search(r"\bP0\b", every)
        footer = await screen_line(pilot, app, "Quit")
        assert "q Quit" in footer and "^c" not in footer
        await pilot.press("q")


# -- kaboom watch, kaboom --help -------------------------------------------------------------------


def test_watch_is_paced_between_moves_with_the_heuristic_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import time

    from kaboom.cli.main import app

    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    result = CliRunner().invoke(app, ["watch", "--players", "3", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "P0 is played by the heuristic bot" in result.output
    assert len(slept) > 10 and set(slept) == {0.6}  # a pause before every move
    slept.clear()
    again = CliRunner().invoke(app, ["watch", "--players", "3", "--seed", "5", "--delay", "0"])
    assert again.output == result.output and slept == []


def hard_wraps(output: str) -> list[str]:
    """Lines of Rich's help panels that a docstring's own line break cut short: the next
    line's first word would have fitted on it."""
    out = []
    inner = [line[1:-1] for line in output.splitlines() if line.startswith("│")]
    for prev, nxt in pairwise(inner):
        words = nxt.split()
        continued = nxt[:2] == "  "  # not a new command or option
        continued = continued and not nxt.strip().startswith("[")  # Rich's [default: ...]
        room = len(prev) - 1 - len(prev.rstrip())  # less the panel's padding
        if continued and words and len(words[0]) + 1 <= room:
            out.append(prev.strip())
    return out


@pytest.mark.parametrize("columns", ["80", "120"])
@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["watch", "--help"]])
def test_help_wraps_where_the_terminal_does(columns: str, args: list[str]) -> None:
    from kaboom.cli.main import app

    result = CliRunner().invoke(app, args, env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert hard_wraps(result.output) == [], result.output


def test_the_board_games_kitten_space_names_a_defuse_only_to_a_seat_that_holds_one() -> None:
    """Landed on an Exploding Kitten space: "Defuse it or explode" only with a Defuse in
    hand; without one there is nothing to choose, and the words name no card (the
    browser's page-text oracle flagged a Defuse named to a seat that held none)."""
    family = family_of(new_game("kittens-board-game", 3, 1))
    landed = {"phase": "landed", "to_act": 0, "current": 0, "board": {"turns_owed": 1}}
    held = family.doing({**landed, "hand": ["defuse", "skip"]}, 0)
    assert held == "You landed on an Exploding Kitten space: Defuse it or explode"
    none = family.doing({**landed, "hand": ["skip", "nope"]}, 0)
    assert none == "You landed on an Exploding Kitten space: nothing saves you, you explode"
    assert family.doing({**landed, "hand": None}, 1) == "P0 landed on an Exploding Kitten space"


async def test_replay_lists_hands_in_the_game_s_order_as_the_table_does(tmp_path: Path) -> None:
    """Dynamitt's deal told in a replay: A, 2, ..., 10, Q, Joker (the table's order), never
    as text sorts it (10 before 2, A after 9), for every seat's hand."""
    game = "dynamitt"
    seating = Seating(game, 3, 8, {}, [HUMAN, "heuristic", "heuristic"])
    bots = played(Session(Seating(game, 3, 8, {}, ["heuristic"] * 3)))
    save.write(tmp_path / "log.json", seating, bots.state)
    app = ReplayApp(save.replay(tmp_path / "log.json"))
    order = {name: i for i, name in enumerate(bots.state.edition.names)}  # type: ignore[attr-defined]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dealt = [line for line in app.steps[0][1].splitlines() if " hold" in line]
        assert len(dealt) == 3 and dealt[0].startswith("You hold: ")
        for line in dealt:
            cards = line.partition(": ")[2].split(", ")
            assert [order[c] for c in cards] == sorted(order[c] for c in cards), line
