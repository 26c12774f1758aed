"""``kaboom play`` and ``kaboom replay`` refuse bad input with one line and exit status 2,
before any screen opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaboom.cli.main import app
from kaboom.tui.cli import table_args

runner = CliRunner()


def one_line_error(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr
    return lines[0]


def test_an_unknown_game_is_named() -> None:
    assert "unknown game 'exploding-puppies'" in one_line_error(["play", "exploding-puppies"])


def test_a_bad_option_is_named() -> None:
    line = one_line_error(["play", "exploding-kittens", "-o", "colour=red"])
    assert "option 'colour'" in line
    assert "option 'teams'" in one_line_error(["play", "eleminis", "-o", "teams=3"])


def test_bad_players_bots_and_level_are_named() -> None:
    assert "players" in one_line_error(["play", "exploding-kittens", "--players", "9"])
    assert "bots" in one_line_error(["play", "exploding-kittens", "--bots", "genius"])
    assert "--level" in one_line_error(["play", "exploding-kittens", "--level", "godlike"])


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ("{not json", "JSON"),
        ('{"format": "something else"}', "format"),
        ('{"format": "kaboom-table", "game": "exploding-kittens"}', "players"),
        (
            json.dumps({"format": "kaboom-table", "game": "exploding-kittens", "players": 2,
                        "seed": 1, "options": {}, "seats": ["human", "random"],
                        "history": [], "state": {"game": "exploding-kittens"}}),
            "state",
        ),
    ],
)  # fmt: skip
def test_a_corrupt_save_is_refused(tmp_path: Path, content: str, named: str) -> None:
    path = tmp_path / "save.json"
    path.write_text(content)
    line = one_line_error(["play", "--resume", str(path)])
    assert str(path) in line and named in line


def test_a_missing_replay_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    line = one_line_error(["replay", str(missing)])
    assert str(missing) in line and "not found" in line


def test_a_replay_with_an_illegal_action_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    raw = {"format": "kaboom-table", "game": "exploding-kittens", "players": 2, "seed": 1,
           "options": {}, "seats": ["human", "random"], "history": [9999], "state": {}}  # fmt: skip
    path.write_text(json.dumps(raw))
    assert "history[0]" in one_line_error(["replay", str(path)])


def test_seats_put_people_first_and_fill_the_rest_with_bots() -> None:
    args = table_args("exploding-kittens", None, "ismcts", "hard", False, None, 5, {})
    seating = args.seating("exploding-kittens", 4, {})
    assert seating.seats == ["human"] + ["ismcts:level=hard"] * 3 and seating.seed == 5
    hot = table_args("eleminis", 3, "random", "medium", True, None, 1, {})
    assert hot.seating("eleminis", 3, {}).seats == ["human", "human", "random"]
