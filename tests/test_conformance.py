"""Every game through the conformance check (kaboom.engine.conformance), its perft counts
(tests/perft: exact numbers of lines of play from seeded and rigged positions, counted with
the code before issue 14), and every observation valid against the schemas of
docs/observations.md."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kaboom.engine import scenario
from kaboom.engine.conformance import ConformanceError, check_game, perft, validate_observation
from kaboom.engine.registry import GameSpec, list_games, new_game

PERFT = sorted((Path(__file__).parent / "perft").glob("*.json"))
GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_every_game_passes_the_conformance_check(game: str) -> None:
    report = check_game(game, seeds=[1])
    assert report.steps > report.games


@pytest.mark.parametrize("path", PERFT, ids=[p.stem for p in PERFT])
def test_perft_counts_are_exact(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    state = scenario.start(raw)
    assert [perft(state, depth) for depth in range(len(raw["perft"]))] == raw["perft"]


def random_observations(game: str, players: int, seed: int) -> int:
    """Validate every seat's and a spectator's observation at random steps of one game."""
    state, rng, checked = new_game(game, players, seed), random.Random(seed), 0
    while not state.is_over:
        if rng.random() < 0.2:
            for seat in [*range(players), None]:
                validate_observation(state, seat)
                checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in [*range(players), None]:
        validate_observation(state, seat)  # the end, too
    return checked


@pytest.mark.slow
def test_observations_of_every_registered_game_follow_the_schemas() -> None:
    for spec in list_games():
        for players in {spec.min_players, spec.max_players}:
            random_observations(spec.game_id, players, seed=7)


def test_observations_of_a_new_family_follow_the_schemas(tiny_nim: GameSpec) -> None:
    assert random_observations(tiny_nim.game_id, 4, seed=7) > 0


def test_a_broken_invariant_names_the_game_the_seed_the_step(
    tiny_nim: GameSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tiny_game.rules import TinyState

    monkeypatch.setattr(TinyState, "action_text", lambda self, a: "out")
    with pytest.raises(ConformanceError, match=r"tiny-nim, 2 players, seed 0, step 0: action text"):
        check_game(tiny_nim.game_id, players=[2], seeds=[0])


def test_an_observation_off_its_schema_is_caught_naming_the_field(
    tiny_nim: GameSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tiny_game.rules import TinyState

    seen = TinyState.observe

    def off_schema(self: TinyState, seat: int | None) -> Any:
        obs = seen(self, seat)
        obs["players"][1]["hand_size"] = -1  # the shared schema's minimum is 0
        return obs

    monkeypatch.setattr(TinyState, "observe", off_schema)
    with pytest.raises(
        ConformanceError,
        match=r"tiny-nim, 2 players, seed 0, step 0: observation schema: seat 0: "
        r"players/1/hand_size: must be bigger than or equal to 0",
    ):
        check_game(tiny_nim.game_id, players=[2], seeds=[0])
