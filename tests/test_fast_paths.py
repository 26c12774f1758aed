"""The fast paths of random playouts and of search (README, "Compiled build"): each does what
the plain path does, draw for draw. Random bots' games played by the engine itself
(``random_playout``) are the games the bots play through their views; a sampler prepared
once draws the samples ``State.sample`` draws; generators copied without seeding draw as
the original; a search's copies made from one generator state play as full clones."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kaboom.sim.simulate as simulate_module
from kaboom.bots.make import make_bot
from kaboom.engine.chance import shuffle, uniform_index
from kaboom.engine.events import Event
from kaboom.engine.playout import random_playout
from kaboom.engine.registry import list_games, new_game
from kaboom.engine.state import State, copy_rng
from kaboom.engine.view import PlayerView
from kaboom.sim.simulate import play_game, simulate

BENCH = Path(__file__).parent.parent / "bench"
GAMES = [spec.game_id for spec in list_games()]


def test_uniform_index_is_the_draw_of_choice_and_randrange() -> None:
    for seed in range(12):
        ours, by_choice, by_range = random.Random(seed), random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 255, 256, 257, 1000, 2**20 + 3]:
            options = list(range(n))
            index = uniform_index(ours, n)
            assert index == by_choice.choice(options) == by_range.randrange(n)
        assert ours.getstate() == by_choice.getstate() == by_range.getstate()


def test_shuffle_is_the_shuffle_of_random() -> None:
    """The same order and the generator left in the same state (its words drawn in batches,
    never past those ``rng.shuffle`` draws), for every length up to 70 (the redraws of an
    index out of range among them) and the decks' lengths, a spare normal deviate or not."""
    for seed in range(12):
        for n in (*range(71), 81, 108, 120, 257):
            ours, theirs = list(range(n)), list(range(n))
            rng, twin = random.Random(seed), random.Random(seed)
            if seed % 3 == 0:
                rng.gauss(0, 1)
                twin.gauss(0, 1)
            shuffle(rng, ours)
            twin.shuffle(theirs)
            assert ours == theirs and rng.getstate() == twin.getstate(), (seed, n)
            assert rng.getrandbits(7) == twin.getrandbits(7)


def test_a_copied_generator_draws_as_the_original_and_apart_from_it() -> None:
    rng = random.Random(5)
    rng.gauss(0, 1)  # (a generator's state holds a spare normal deviate too)
    copy, from_state = copy_rng(rng), copy_rng(rng.getstate())
    assert copy is not rng and copy.getstate() == rng.getstate() == from_state.getstate()
    drawn = [rng.random() for _ in range(5)]
    assert [copy.random() for _ in range(5)] == drawn == [from_state.random() for _ in range(5)]
    copy.random()
    assert copy.getstate() != rng.getstate()


def played(state: State, seed: int, watch: bool) -> tuple[int, dict[str, Any]]:
    """``state`` played by seeded random bots; through their views when ``watch``."""
    bots = [make_bot("random", seed * 7 + q) for q in range(state.players)]
    seen: list[Event] = []
    decisions = play_game(state, bots, (lambda _, e: seen.extend(e)) if watch else None)
    return decisions, state.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_plays_the_games_random_bots_play(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = next(s for s in list_games() if s.game_id == game)
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in range(3):
            slow = played(new_game(game, players, seed), seed, watch=True)
            with monkeypatch.context() as patch:  # the fast path makes no view
                patch.setattr(simulate_module, "PlayerView", None)
                fast = played(new_game(game, players, seed), seed, watch=False)
            assert fast == slow, (game, players, seed)


def test_random_playout_draws_from_each_seats_generator() -> None:
    state, twin = new_game("exploding-kittens", 3, 4), new_game("exploding-kittens", 3, 4)
    rngs = [random.Random(10 + q) for q in range(3)]
    decisions = random_playout(state, rngs)
    mine = [random.Random(10 + q) for q in range(3)]
    steps = 0
    while twin.to_act is not None:
        twin.apply(mine[twin.to_act].choice(twin.legal_actions()))
        steps += 1
    assert decisions == steps and state.history == twin.history and state.is_over


def test_simulate_reports_the_same_figures_on_either_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = simulate("dynamitt", 3, 6, 11, ["random"] * 3).to_json()
    # A watcher forces the bots' own path (simulate passes none: one is added per game).
    original = simulate_module.play_game
    monkeypatch.setattr(
        simulate_module, "play_game", lambda state, bots: original(state, bots, lambda *_: None)
    )
    assert simulate("dynamitt", 3, 6, 11, ["random"] * 3).to_json() == fast


def positions(game: str, players: int, seed: int, every: int = 7) -> list[PlayerView]:
    """Views of the seat to act at every ``every``-th decision of a random game."""
    state, rng, out = new_game(game, players, seed), random.Random(seed), []
    while state.to_act is not None:
        if len(state.history) % every == 0:
            out.append(PlayerView(state, state.to_act))
        state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_prepared_sampler_draws_what_sample_draws(game: str) -> None:
    """The view prepares its sampler once (``State.sampler``); each draw equals a fresh
    ``sample`` from the same generator, however the samples before it were played on."""
    for view in positions(game, 3, 2)[:12]:
        for k in range(3):
            drawn = view.determinize(random.Random(k))
            fresh = view.game_class.sample(view.observation(), view.options, random.Random(k))
            assert drawn.to_json() == fresh.to_json()
            assert drawn.observe(view.seat) == view.observation()
            while drawn.to_act is not None and len(drawn.history) < 30:  # spoil it
                drawn.apply(drawn.legal_actions()[0])


def test_a_clone_with_a_copied_generator_is_a_clone() -> None:
    for view in positions("exploding-minions", 4, 3, every=11)[:6]:
        world = view.determinize(random.Random(1))
        chance = world.rng.getstate()
        a, b = world.clone(), world.clone(copy_rng(chance))
        assert a.to_json() == b.to_json() == world.to_json()
        rng_a, rng_b = random.Random(9), random.Random(9)
        while a.to_act is not None:
            a.apply(rng_a.choice(a.legal_actions()))
            b.apply(rng_b.choice(b.legal_actions()))
        assert a.to_json() == b.to_json()


def test_the_simulate_benchmark_times_both_processes() -> None:
    """``bench/simulate_vs_openspiel.py``: ``kaboom simulate`` and the reference, each a
    whole process, with their decisions and CPU seconds (the reference where OpenSpiel is
    installed: the ``bench`` extra)."""
    script = BENCH / "simulate_vs_openspiel.py"
    args = ["--game", "eleminis", "--players", "2", "--games", "3", "--rounds", "1", "--json"]
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    (ours,) = figures["ours"]
    assert ours["decisions"] > 0 and ours["cpu_seconds"] > 0
    if "reference" in figures:
        (theirs,) = figures["reference"]
        assert theirs["decisions"] > 0 and figures["ratio"] > 0
