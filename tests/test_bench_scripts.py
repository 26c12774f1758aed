"""The scripts in ``bench/`` that tune and check the search run: the judges' fit finds what
matters (a Defuse is worth most in the exploding games, Trash counts against a row, spaces
along the board game's track count among the most), and the decision-gain check reports the
gain of a bot's differing decisions."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

BENCH = Path(__file__).parent.parent / "bench"


def _script(name: str = "fit_judge") -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _fit(family: str, game: str, players: int) -> tuple[dict[str, float], float, float]:
    """Fitted weights, and the fit's mean log-likelihood beside a uniform guess's."""
    fit_judge = _script()
    module = fit_judge.FAMILIES[family][0]
    data = fit_judge.snapshots(module, game, players, 300, 1)
    x, alive, won = fit_judge.arrays(data)
    weights = fit_judge.fit(x, alive, won, 300)
    fitted = fit_judge.log_likelihood(weights, x, alive, won)
    uniform = float(np.mean([-math.log(k) for k in alive.sum(1)]))
    return dict(zip(module.WEIGHT, weights, strict=True)), fitted, uniform


def test_the_exploding_judge_fit_values_a_defuse_among_the_most() -> None:
    weights, fitted, uniform = _fit("kittens", "exploding-kittens", 3)
    assert fitted > uniform
    # A Defuse, or knowing where a bomb lies: since every seat is asked in each window,
    # the 300-game fit on this seed puts knowing a bomb (0.81) above the first Defuse (0.58).
    top_two = sorted(weights, key=lambda k: weights[k])[-2:]
    assert {"defuse", "first-defuse"} & set(top_two)
    assert weights["owed"] < 0


def test_the_eleminis_judge_fit_counts_trash_against_a_row() -> None:
    weights, fitted, uniform = _fit("eleminis", "eleminis", 2)
    assert fitted > uniform
    assert weights["trash"] < 0 < weights["star"]


def test_the_board_judge_fit_counts_spaces_along_the_track() -> None:
    weights, fitted, uniform = _fit("board", "kittens-board-game", 4)
    assert fitted > uniform
    # A fit on 300 games is noisy: since every seat is asked in a window (issue 15), the
    # snapshots fall elsewhere and a Defuse (0.092) edges out a space (0.090) on this seed.
    assert weights["space"] > 0
    assert weights["space"] >= sorted(weights.values())[-3]


def test_decision_gain_reports_a_random_bot_worse_than_the_heuristic(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kaboom.games.eleminis import rollout

    monkeypatch.setattr(rollout, "WANDER", rollout.WANDER)  # the script turns it off
    argv = ["decision_gain", "eleminis", "--bot", "random", "--decisions", "12"]
    monkeypatch.setattr(sys, "argv", [*argv, "--playouts", "60"])
    _script("decision_gain").main()
    out = capsys.readouterr().out
    assert "random in eleminis, 2 players: 12 differing decisions" in out
    gain = float(out.split("mean gain ")[1].split()[0])
    assert gain < 0


def test_the_rl_bench_measures_the_env_beside_the_engine() -> None:
    """``bench/bench_rl.py`` runs against the engine's current bench API: each figure has
    steps, and the engine's figure measured alongside it as its reference."""
    bench_rl = _script("bench_rl")
    figures = bench_rl.measure("exploding-kittens", 2, 0.05)
    assert [t.label.split()[:2] for t in figures] == [["env", "last()"], ["env", "mask"]]
    for t in figures:
        assert t.decisions > 0 and t.reference is not None and t.reference > 0
        assert t.ratio is not None and t.ratio > 0


def test_the_vector_bench_prints_one_line_of_json_with_its_ratios(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench/bench_vector.py --json``: the vector env's steps beside the engine's own loop
    and beside PettingZoo, measured in the same run, and their ratios."""
    argv = ["bench_vector", "--envs", "4", "--seconds", "0.05", "--json"]
    monkeypatch.setattr(sys, "argv", argv)
    _script("bench_vector").main()
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    got = json.loads(lines[0])
    assert got["envs"] == 4 and got["game"] == "exploding-kittens"
    for key in ("vector_steps_per_s", "engine_decisions_per_s", "pettingzoo_steps_per_s"):
        assert got[key] > 0
    assert got["ratio"] == pytest.approx(got["vector_steps_per_s"] / got["engine_decisions_per_s"])
    assert got["pettingzoo_ratio"] > 0


def test_the_window_pace_bench_implies_the_servers_default_window(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench/window_pace.py`` (issue 46): every game with windows gets its distribution,
    the sentences are the page's (the chain and the Nope button's sentence), and the window
    it implies is the server's and the lobby's default: the constant stays the measured one."""
    from kaboom.server.clocks import DEFAULT_WINDOW

    pace = _script("window_pace")
    assert pace.main(["--games", "20"]) == 0
    out = capsys.readouterr().out
    for game in ("exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game"):
        assert out.count(f"\n{game} ") == 1, out
    assert "eleminis             no reaction windows" in out
    implied = float(out.split("default window: ")[1].split()[0])
    assert implied == DEFAULT_WINDOW, out
    said = pace.window_words("exploding-kittens", 2, _favor_window())
    assert said == "P0 played Favor on P1 Nope it now: stops Favor on P1 unless someone Nopes back."


def _favor_window() -> object:
    """A two-player Exploding Kittens game with P0's Favor on P1 in its window."""
    from kaboom.engine.registry import new_game

    for seed in range(200):
        state = new_game("exploding-kittens", 2, seed)
        texts = {state.action_text(a): a for a in state.legal_actions()}
        if "play favor @1" in texts:
            state.apply(texts["play favor @1"])
            return state
    raise AssertionError("no Favor in hand in 200 deals")
