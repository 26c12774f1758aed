"""Bots: they see only their seat's information set, never move illegally, and tournaments
are reproducible whatever the number of workers."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kaboom.bots.ismcts import IsmctsBot
from kaboom.bots.make import make_bot
from kaboom.cli.main import app
from kaboom.engine import BadInput, PlayerView, State, new_game
from kaboom.engine.registry import list_games
from kaboom.sim.tournament import tournament

GAMES = [spec.game_id for spec in list_games()]
KITTENS = ["exploding-kittens", "exploding-minions", "dynamitt"]


def bots_for(game: str) -> list[str]:
    return ["random", "ismcts:iterations=15", "heuristic"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_never_make_an_illegal_move(game: str, players: int) -> None:
    """Every decision of every bot is one of the legal actions of the seat to act."""
    for seed in range(3 if players == 2 else 2):
        state = new_game(game, players, seed)
        names = bots_for(game)
        bots = [
            make_bot(names[(s + seed) % len(names)], seed * 10 + s, game) for s in range(players)
        ]
        for _ in range(3000):
            seat = state.to_act
            if seat is None:
                break
            legal = state.legal_actions()
            # a view is the seat's observation now (it holds no live game): one per decision
            action = bots[seat].act(PlayerView(state, seat))
            assert action in legal, f"{bots[seat].name} chose {action} not in {legal}"
            state.apply(action)
        assert state.is_over


def two_worlds(game: str, players: int, seed: int) -> tuple[State, State, int]:
    """Two states that look the same to the seat to act, with other hidden cards."""
    state = new_game(game, players, seed)
    rng = random.Random(seed)
    for _ in range(7):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    for k in range(50):
        other = state.determinize(seat, random.Random(k))
        if other.to_json()["rng"] != state.to_json()["rng"] and other.observe(
            seat
        ) == state.observe(seat):
            return state, other, seat
    raise AssertionError("no second world found")


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_decides_from_its_information_set_alone(game: str) -> None:
    """Same observation, different hidden cards, same bot seed: the same decision."""
    real, other, seat = two_worlds(game, 3, 5)
    for spec in bots_for(game):
        a = make_bot(spec, 99, game).act(PlayerView(real, seat))
        b = make_bot(spec, 99, game).act(PlayerView(other, seat))
        assert a == b, f"{spec} decided differently on two worlds that look alike"


def test_ismcts_levels_and_budgets() -> None:
    assert IsmctsBot.at_level(0, "medium").iterations == 1000
    with pytest.raises(BadInput, match="level"):
        make_bot("ismcts:level=godlike", 0)
    with pytest.raises(BadInput, match="iterations"):
        make_bot("ismcts:iterations=lots", 0)
    state = new_game("exploding-kittens", 4, 1)
    bot = IsmctsBot(0, iterations=40)
    bot.act(PlayerView(state, 0))
    assert bot.last_iterations == 40


@pytest.mark.slow
def test_heuristic_beats_random_in_every_game() -> None:
    """A seeded regression check (not a timing): the heuristic wins more than its share."""
    for game in GAMES:
        report = tournament(game, 2, ["random", "heuristic"], 120, seed=1)
        rows = {row["bot"]: row for row in report.rows()}
        assert rows["heuristic"]["verdict"] == "above", (game, rows["heuristic"])


def test_tournament_results_do_not_depend_on_workers() -> None:
    one = tournament("exploding-kittens", 3, ["random", "heuristic"], 24, seed=4, workers=1)
    two = tournament("exploding-kittens", 3, ["random", "heuristic"], 24, seed=4, workers=2)
    assert one.to_json() == two.to_json()
    seats = [o.seats for o in one.outcomes[:3]]
    assert seats == [(0, 1, 0), (1, 0, 1), (0, 1, 0)]  # seats rotate from game to game


@pytest.mark.slow
def test_tournament_command_table_json_and_chart(tmp_path: Path) -> None:
    runner = CliRunner()
    chart = tmp_path / "ratings.png"
    args = ["tournament", "exploding-kittens", "--players", "2", "--bots", "random,heuristic",
            "--games", "30", "--seed", "2"]  # fmt: skip
    result = runner.invoke(app, [*args, "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "rating" in result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    figures = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert [row["bot"] for row in figures["bots"]] == ["random", "heuristic"]
    assert sum(row["seat_games"] for row in figures["bots"]) == 60
    bad = runner.invoke(app, ["tournament", "exploding-kittens", "--bots", "wizard"])
    assert bad.exit_code == 2 and "error:" in bad.output
