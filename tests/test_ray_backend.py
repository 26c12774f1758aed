"""The Ray backend (docs/scale.md) against the local one: the same seeds give identical
JSON, games being split by seed and read back in order. One local Ray session for the whole
module (Ray 2.60 has no local mode; it starts in a few seconds to half a minute). Under CI
(``CI=true``) a missing Ray fails the module: it must run there."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from kaboom.cli.main import app
from kaboom.sim.backend import Backend
from kaboom.sim.experiment import Axis, Grid, run_experiment
from kaboom.sim.simulate import simulate
from kaboom.sim.tournament import tournament
from needs import missing

#: One local Ray for the module (its fixture, seconds to start): on one xdist worker.
pytestmark = [pytest.mark.ray, pytest.mark.slow, pytest.mark.xdist_group("ray")]

RAY = Backend("ray")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[Any]:
    """A local Ray of 2 CPUs for this module, shut down after it."""
    try:
        import ray
    except ImportError as e:
        missing(f"ray is not installed ({e})", ": pip install -e '.[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_simulate_on_ray_gives_the_local_figures() -> None:
    bots, options = ["random"] * 4, {"fast": True}
    remote = simulate("exploding-kittens", 4, 120, 11, bots, options, backend=RAY)
    local = simulate("exploding-kittens", 4, 120, 11, bots, options)
    assert [r.seed for r in remote.records] == [r.seed for r in local.records]
    assert remote.to_json() == local.to_json()


def test_a_tournament_on_ray_gives_the_local_figures() -> None:
    entrants = ["random", "heuristic"]
    remote = tournament("eleminis", 3, entrants, 30, 5, backend=RAY)
    assert remote.to_json() == tournament("eleminis", 3, entrants, 30, 5).to_json()


def test_an_experiment_on_ray_gives_the_local_figures() -> None:
    grid = Grid("dynamitt", 3, (Axis("jokers", (True, False)),), "random", 25, 2)
    assert run_experiment(grid, RAY) == run_experiment(grid)


def test_the_commands_take_backend_ray() -> None:
    runner = CliRunner()
    for command in (
        ["simulate", "exploding-minions", "--players", "3", "--games", "40", "--seed", "4"],
        ["tournament", "exploding-kittens", "--games", "16", "--seed", "4"],
        ["experiment", "exploding-kittens", "--vary", "attack=2025,classic", "--games", "15"],
    ):
        local = runner.invoke(app, [*command, "--json"])
        remote = runner.invoke(app, [*command, "--json", "--backend", "ray"])
        assert local.exit_code == remote.exit_code == 0, remote.output
        assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_a_bad_option_is_a_clear_error_before_any_task() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "exploding-kittens", "--backend", "ray", "-o", "attack=2015"]
    )
    assert result.exit_code == 2
    assert "option 'attack'" in result.output and "Traceback" not in result.output
