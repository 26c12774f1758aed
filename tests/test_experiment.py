"""``kaboom experiment`` (docs/experiments.md) and the local backends: a small grid gives the
same figures every time and on any number of workers; bad input is one clear line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaboom.cli.main import app
from kaboom.engine.errors import BadInput
from kaboom.sim.backend import Backend
from kaboom.sim.experiment import Axis, Grid, run_experiment, to_csv
from kaboom.sim.simulate import simulate
from kaboom.sim.tournament import tournament

runner = CliRunner()
GRID = Grid(
    "exploding-kittens", 3, (Axis("attack", ("2025", "classic")), Axis("players", (2, 3))),
    "random", 30, 7,
)  # fmt: skip


def test_a_small_grid_is_reproducible_and_complete() -> None:
    first, again = run_experiment(GRID), run_experiment(GRID)
    assert first == again
    assert [c["cell"] for c in first["cells"]] == [
        {"attack": "2025", "players": 2}, {"attack": "2025", "players": 3},
        {"attack": "classic", "players": 2}, {"attack": "classic", "players": 3},
    ]  # fmt: skip
    for cell in first["cells"]:
        assert cell["games"] == 30
        assert sum(s["wins"] for s in cell["seats"]) == 30  # one winner a game
        assert cell["bots"][0]["seat_games"] == 30 * cell["players"]
        assert sum(e["games"] for e in cell["endings"].values()) == 30
        lo, hi = cell["turns"]["ci95"]
        assert lo <= cell["turns"]["mean"] <= hi
        for seat in cell["seats"]:
            assert seat["ci95"][0] <= seat["win_rate"] <= seat["ci95"][1]


def test_every_cell_plays_the_same_deals() -> None:
    """Common random numbers: the cell with the default rule is a plain simulation."""
    result = run_experiment(GRID)
    plain = simulate("exploding-kittens", 2, 30, 7, ["random"] * 2, {"attack": "2025"})
    assert result["cells"][0]["seats"] == plain.to_json()["seats"]


def test_the_csv_holds_every_figure_of_every_cell() -> None:
    result = run_experiment(GRID)
    rows = list(csv.DictReader(io.StringIO(to_csv(result))))
    figures = {r["figure"] for r in rows}
    assert figures == {"seat_win_rate", "bot_win_rate", "turns", "decisions", "ending_share"}
    seat_rows = [r for r in rows if r["figure"] == "seat_win_rate"]
    assert len(seat_rows) == 2 + 3 + 2 + 3
    assert {r["cell"] for r in rows} == {
        "attack=2025, players=2", "attack=2025, players=3",
        "attack=classic, players=2", "attack=classic, players=3",
    }  # fmt: skip


def test_local_workers_give_the_same_figures_as_one_process() -> None:
    two = Backend("local", 2)
    assert run_experiment(GRID, two) == run_experiment(GRID)
    alone = tournament("exploding-kittens", 2, ["random", "heuristic"], 12, 3)
    assert tournament("exploding-kittens", 2, ["random", "heuristic"], 12, 3, backend=two)\
        .to_json() == alone.to_json()  # fmt: skip


@pytest.mark.slow
def test_the_command_writes_json_csv_and_a_plot(tmp_path: Path) -> None:
    args = ["experiment", "exploding-kittens", "--vary", "attack=2025,classic", "--players",
            "3", "--games", "20", "--seed", "7"]  # fmt: skip
    result = runner.invoke(
        app, [*args, "--json", "--csv", str(tmp_path / "f.csv"), "--plot", str(tmp_path / "f.png")]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["vary"] == {"attack": ["2025", "classic"]}
    again = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert again == figures
    assert (tmp_path / "f.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "f.csv").read_text(encoding="utf-8").startswith("cell,players,games,")
    table = runner.invoke(app, args)
    assert table.exit_code == 0 and "attack=classic" in table.stdout


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--vary", "attack"], "--vary"),
        (["--vary", "attack=2025", "--vary", "attack=classic"], "varied twice"),
        (["--vary", "attack=2015"], "option 'attack'"),
        (["--vary", "players=1,2"], "players"),
        (["--vary", "deck=/no/such.toml"], "option 'deck'"),
        (["--vary", "attack=classic", "-o", "attack=2025"], "also fixed"),
        (["--vary", "attack=classic", "--games", "0"], "--games"),
        (["--vary", "attack=classic", "--backend", "cloud"], "--backend"),
        (["--vary", "attack=classic", "--workers", "0"], "--workers"),
        (["--vary", "attack=classic", "--address", "1.2.3.4:6379"], "--address"),
        (["--vary", "attack=classic", "--csv", "/no/such/dir/f.csv"], "--csv"),
    ],
)
def test_bad_input_is_one_line_naming_it(extra: list[str], named: str) -> None:
    result = runner.invoke(app, ["experiment", "exploding-kittens", "--games", "5", *extra])
    assert result.exit_code == 2, result.output
    assert named in result.output
    assert "Traceback" not in result.output


def test_the_grid_checks_before_playing() -> None:
    with pytest.raises(BadInput, match="--vary"):
        Grid("exploding-kittens", 3, (), "random", 5, 0).check()
