"""``kaboom learn`` (issue 32): the list of lessons, a whole lesson played at the terminal by
notation and by number, mistakes answered, and a bad lesson file named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaboom.cli.main import app
from kaboom.engine.lesson import LessonRun, available, built_in

runner = CliRunner()


def test_learn_lists_the_lessons() -> None:
    result = runner.invoke(app, ["learn"])
    assert result.exit_code == 0, result.output
    for game in ("exploding-kittens", "exploding-minions", "dynamitt", "eleminis"):
        assert game in result.output
    assert "kaboom learn GAME" in result.output


def test_a_lesson_played_to_the_end_in_notation_with_mistakes() -> None:
    lesson = built_in("exploding-kittens")
    typed: list[str] = []
    for step in lesson["steps"]:
        typed += ["99", "shout kaboom"]  # a number off the list, text that is no action
        typed += [mistake["do"] for mistake in step.get("wrong", [])]
        typed.append(step["expect"][0])
    result = runner.invoke(app, ["learn", "exploding-kittens"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # (Rich wraps at 80 columns)
    assert "Step 1/16: Drawing ends your turn" in out
    assert "Step 16/16: The last player standing wins" in out
    assert "Choose a number from 1 to" in out
    assert "'shout kaboom' is no action of this game." in out
    assert "You may choose to explode, but then you are out of the game." in out
    assert "The rules do not allow that (Defuse)" in out
    assert "You are the last player standing: you win!" in out
    assert "Lesson complete" in out
    typed_lines = result.output.replace("Your choice: ", "").splitlines()  # (input unechoed)
    assert max(len(line) for line in typed_lines) <= 80


def test_a_lesson_played_by_numbers() -> None:
    lesson = built_in("eleminis")
    run, numbers = LessonRun(lesson), []
    while not run.done:
        texts = [text for _, text in run.legal()]
        numbers.append(str(texts.index(run.step["expect"][0]) + 1))
        assert run.attempt(run.step["expect"][0]).accepted
        run.advance()
    result = runner.invoke(app, ["learn", "eleminis"], input="\n".join(numbers) + "\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Fire into P1's slot 1, replacing P1's Air" in out  # the table's words
    assert "Eleminis! A complete row wins." in out
    assert "Lesson complete" in out


def test_the_learner_may_leave() -> None:
    result = runner.invoke(app, ["learn", "dynamitt"], input="1\nq\n")
    assert result.exit_code == 0
    assert "You left the lesson" in result.output
    assert "Step 2/" in result.output and "Lesson complete" not in result.output


def test_the_end_of_the_input_leaves_the_lesson() -> None:
    result = runner.invoke(app, ["learn", "kittens-board-game"], input="")
    assert result.exit_code == 0
    assert "You left the lesson" in result.output


def test_a_lesson_file_of_ones_own(tmp_path: Path) -> None:
    mine = {
        "game": "exploding-kittens",
        "players": 2,
        "title": "My house lesson",
        "steps": [
            {
                "title": "Draw",
                "say": "Draw a card.",
                "setup": {"hands": [["skip"], []], "draw_pile": ["nope"]},
                "expect": ["draw"],
                "after": "Drawn.",
            }
        ],
    }
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine), encoding="utf-8")
    result = runner.invoke(app, ["learn", "--file", str(path)], input="draw\n")
    assert result.exit_code == 0, result.output
    assert "My house lesson" in result.output and "Drawn." in result.output
    mine["steps"][0]["expect"] = ["play attack"]  # type: ignore[index]
    path.write_text(json.dumps(mine), encoding="utf-8")
    result = runner.invoke(app, ["learn", "--file", str(path)])
    assert result.exit_code == 2
    assert "steps[0].expect[0]: a legal action" in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_an_unknown_game_is_one_line() -> None:
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


@pytest.mark.parametrize("game", [game for game, _ in available()])
def test_every_step_fits_a_terminal_of_80_by_24(game: str) -> None:
    lesson = built_in(game)
    typed = "\n".join(step["expect"][0] for step in lesson["steps"]) + "\n"
    result = runner.invoke(app, ["learn", game], input=typed)
    assert result.exit_code == 0, result.output
    screens = result.output.split("─ Step ")[1:]
    assert len(screens) == len(lesson["steps"])
    for i, screen in enumerate(screens):
        shown = screen.split("Your choice:")[0].splitlines()  # the heading's line on
        assert len(shown) + 1 <= 24, f"steps[{i}] takes {len(shown) + 1} lines"
