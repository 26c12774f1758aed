"""The command line, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kaboom.cli.main import app

runner = CliRunner()
SCENARIOS = Path(__file__).parent / "scenarios" / "exploding-kittens"


def test_watch_tells_a_whole_seeded_game() -> None:
    args = ["watch", "--players", "4", "--seed", "3", "--bots", "random", "--delay", "0"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "P0 is played by the random bot" in result.output
    assert "P0 holds: " in result.output and "Defuse" in result.output
    assert "wins!" in result.output
    again = runner.invoke(app, args)
    assert again.output == result.output


def test_simulate_json_is_reproducible_and_complete() -> None:
    args = ["simulate", "exploding-kittens", "--players", "3", "--games", "40", "--seed", "5"]
    first = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    second = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert first == second
    assert first["games"] == 40
    assert sum(seat["wins"] for seat in first["seats"]) == 40
    assert first["mean_decisions"] > first["mean_turns"] > 0
    for seat in first["seats"]:
        lo, hi = seat["ci95"]
        assert 0 <= lo <= seat["win_rate"] <= hi <= 1
    other = json.loads(runner.invoke(app, [*args[:-1], "6", "--json"]).stdout)
    assert other != first


def test_simulate_table_and_options() -> None:
    result = runner.invoke(
        app, ["simulate", "exploding-kittens", "--players", "2", "--games", "10", "-o", "fast=true"]
    )
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "mean decisions per game" in result.output


def test_bad_input_is_one_line_not_a_traceback() -> None:
    cases = [
        ["simulate", "no-such-game"],
        ["simulate", "exploding-kittens", "--players", "9"],
        ["simulate", "exploding-kittens", "-o", "speedy=true"],
        ["simulate", "exploding-kittens", "--bots", "random,random"],
    ]
    for args in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "error:" in result.output and "Traceback" not in result.output


def test_scenario_run_passes_and_fails(tmp_path: Path) -> None:
    good = SCENARIOS / "attack-hit-owes-two.json"
    result = runner.invoke(app, ["scenario", "run", str(good)])
    assert result.exit_code == 0 and "PASS" in result.output
    raw = json.loads(good.read_text())
    raw["steps"][0]["expect"]["turns_owed"] = 3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    result = runner.invoke(app, ["scenario", "run", str(good), str(bad)])
    assert result.exit_code == 1
    assert "FAIL" in result.output and "expected 3, got 2" in result.output


def test_malformed_scenario_names_the_field(tmp_path: Path) -> None:
    cases = {
        "{not json": "line 1",
        json.dumps({"name": "x", "game": "exploding-kittens"}): "'players' is a required",
        json.dumps(
            {
                "name": "x",
                "game": "exploding-kittens",
                "players": 2,
                "setup": {"hands": [["taco"], []]},
            }
        ): "setup.hands[0][0]",
        json.dumps(
            {"name": "x", "game": "exploding-kittens", "players": 2, "actions": [5]}
        ): "actions[0]",
        json.dumps(
            {"name": "x", "game": "exploding-kittens", "players": 2, "expect": {"colour": 1}}
        ): "expect.colour",
        json.dumps(
            {"name": "x", "game": "exploding-kittens", "players": 2, "actions": ["draw", "jump"]}
        ): "actions[1]: action",
        json.dumps({"name": "x", "game": "exploding-kittens", "players": 9}): "option 'players'",
    }
    for i, (text, field) in enumerate(cases.items()):
        path = tmp_path / f"case{i}.json"
        path.write_text(text)
        result = runner.invoke(app, ["scenario", "run", str(path)])
        assert result.exit_code == 1, result.output
        assert "ERROR" in result.output and field in result.output, result.output
        assert "Traceback" not in result.output


def test_games_lists_exploding_kittens() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and "exploding-kittens" in result.output


def test_bench_prints_figures_and_ratio() -> None:
    result = runner.invoke(app, ["bench", "exploding-kittens", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert [row["label"] for row in figures["ours"]] == [
        "exploding-kittens 2p",
        "exploding-kittens 4p",
        "exploding-kittens 5p",
    ]
    assert all(row["decisions_per_s"] > 0 for row in figures["ours"])
