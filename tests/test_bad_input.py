"""Bad input of every kind (issue 15, "Bad input found by the same audit"): each is a clear
``IllegalAction`` / ``BadInput`` / ``BadOption`` naming the field, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from kaboom.cli.main import app
from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.engine.registry import list_games, new_game
from kaboom.engine.state import State

GAMES = [spec.game_id for spec in list_games()]


def fresh(game: str) -> State:
    return new_game(game, 2, seed=3)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", [0.0, 1.0, True, False, None, "0", -1, -8, 10**30])
def test_apply_refuses_what_is_not_an_action_id(game: str, action: Any) -> None:
    state = fresh(game)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="action id"):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", [0.0, True, None, -1, -7, -8, -(10**9), 10**9])
def test_action_text_and_explain_illegal_name_the_action_id_range(game: str, action: Any) -> None:
    state = fresh(game)
    size = state.num_distinct_actions
    with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
        state.action_text(action)
    with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
        state.explain_illegal(action)
    with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
        state.action_text(size)


def test_the_board_games_minus_one_is_no_action() -> None:
    state = fresh("kittens-board-game")
    with pytest.raises(BadInput):
        state.action_text(-1)


NOT_NUMBERS = [
    "place ²",
    "place ٣",
    "place ３",
    "play favor @²",
    "play attack @٣",
    "swap-with @²",
    "play p².1",
    "play p0.²",
    "swap p٠.1 p0.2",
    "place 1" + "0" * 5000,
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_only_ascii_digits_are_numbers(game: str, text: str) -> None:
    state = fresh(game)
    with pytest.raises((BadInput, IllegalAction)):
        state.parse_action(text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", [None, 5, 2.5, b"draw", ["draw"]])
def test_parse_action_refuses_what_is_not_text(game: str, text: Any) -> None:
    with pytest.raises(BadInput, match="a str"):
        fresh(game).parse_action(text)
    with pytest.raises(BadInput, match="a str"):
        fresh(game).apply_text(text)


def test_ascii_numbers_still_parse() -> None:
    kittens = fresh("exploding-kittens")
    assert kittens.action_text(kittens.parse_action("place 3")) == "place 3"
    assert kittens.action_text(kittens.parse_action("play favor @1")) == "play favor @1"
    board = fresh("kittens-board-game")
    assert board.action_text(board.parse_action("swap-with @1")) == "swap-with @1"
    eleminis = fresh("eleminis")
    assert eleminis.action_text(eleminis.parse_action("swap p0.1 p1.2")) == "swap p0.1 p1.2"


def test_eleminis_swap_of_a_slot_with_itself_is_refused() -> None:
    state = fresh("eleminis")
    with pytest.raises(IllegalAction, match="two different slots"):
        state.parse_action("swap p0.1 p0.1")


runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["play", "x[/y]"],
        ["simulate", "x[/y]"],
        ["simulate", "exploding-kittens", "-o", "a[/b]=1"],
        ["watch", "[bold]nope[/bold]"],
    ],
)
def test_errors_print_user_text_with_its_brackets(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "error:" in result.output
    bracketed = next(a for a in args if "[" in a).partition("=")[0]
    assert bracketed in result.output
