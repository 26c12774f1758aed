"""kaboom.rl's PettingZoo and Gymnasium environments (docs/rl.md): the libraries' own API
checks on every game, the vector of a seat built from what it may know alone, and bad
input refused by name."""

from __future__ import annotations

import random
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

import kaboom.rl
from kaboom.engine.errors import BadInput, BadOption, IllegalAction
from kaboom.engine.registry import list_games, new_game
from kaboom.rl.encoding import encoder_for
from kaboom.rl.pettingzoo_env import KaboomAEC
from scale import scaled

pytestmark = pytest.mark.rl

GAMES = [spec.game_id for spec in list_games()]
COUNTS = [(spec.game_id, n) for spec in list_games() for n in (spec.min_players, spec.max_players)]


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    env = kaboom.rl.env(game, players=players, render_mode="ansi")
    with warnings.catch_warnings():  # (it suggests a Box; ours is the usual Dict with a mask)
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=400, verbose_progress=False)


@pytest.mark.parametrize("env_id", kaboom.rl.GYM_IDS)
def test_gymnasium_check_env_passes(env_id: str) -> None:
    env = gym.make(env_id, players=3, opponents="heuristic", render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


def test_every_game_has_a_gymnasium_id() -> None:
    assert sorted(kaboom.rl.GYM_IDS) == sorted(kaboom.rl.env_id(g) for g in GAMES)
    assert "kaboom/ExplodingKittens-v0" in kaboom.rl.GYM_IDS


def _play_to(game: str, players: int, seed: int, steps: int) -> object:
    state = new_game(game, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=scaled(25), deadline=None)
@given(
    game=st.sampled_from(GAMES),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 60),
)
def test_a_seats_vector_is_unchanged_when_only_what_it_cannot_see_changes(
    game: str, players: int, seed: int, steps: int
) -> None:
    """The true state and worlds resampled from seat p's observation (other hands, the
    order of the piles, the RNG: everything p cannot see dealt anew) give p the same vector
    and mask, through the environment itself."""
    state = _play_to(game, players, seed, steps)
    env = KaboomAEC(game, players)
    rng = random.Random(seed)
    for p in range(players):
        env.state = state  # type: ignore[assignment]
        seen = env.observe(f"player_{p}")
        for _ in range(3):
            env.state = state.determinize(p, rng)  # type: ignore[attr-defined]
            other = env.observe(f"player_{p}")
            assert np.array_equal(seen["observation"], other["observation"])
            assert np.array_equal(seen["action_mask"], other["action_mask"])


def test_the_invariance_test_can_fail_a_vector_shows_what_the_seat_sees() -> None:
    """Worlds resampled for seat 0 do differ in seat 1's hand, and seat 1's vector shows
    it: the vector is not blind."""
    state = new_game("exploding-kittens", 2, seed=5)
    enc = encoder_for(state)
    rng = random.Random(1)
    worlds = [state.determinize(0, rng) for _ in range(10)]
    assert any(w.observe(1)["hand"] != state.observe(1)["hand"] for w in worlds)
    mine = enc.encode(state.observe(1))
    assert any(not np.array_equal(enc.encode(w.observe(1)), mine) for w in worlds)


def test_an_observation_is_encoded_once_a_step_and_never_stale() -> None:
    """``last()`` then ``observe()`` in one step encode once; a step, or a new state set on
    the env, gives the agent a vector of the position it now sees."""
    env = KaboomAEC("exploding-kittens", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = int(agent.removeprefix("player_"))
    first = env.last()[0]
    assert env.observe(agent) is first
    rng = random.Random(3)
    env.step(int(rng.choice(np.flatnonzero(first["action_mask"]))))
    after = env.observe(agent)
    assert after is not first
    fresh = encoder_for(env.state).encode(env.state.observe(seat))
    assert np.array_equal(after["observation"], fresh)
    other = new_game("exploding-kittens", 2, seed=99)
    env.state = other
    again = env.observe(agent)
    assert again is not after
    assert np.array_equal(again["observation"], encoder_for(other).encode(other.observe(seat)))


def test_reset_with_a_seed_deals_the_same_game() -> None:
    a, b = kaboom.rl.env("dynamitt", players=3), kaboom.rl.env("dynamitt", players=3)
    a.reset(seed=11)
    b.reset(seed=11)
    rng = random.Random(0)
    for _ in range(40):
        if not a.agents:
            break
        obs_a, obs_b = a.observe(a.agent_selection), b.observe(b.agent_selection)
        assert np.array_equal(obs_a["observation"], obs_b["observation"])
        legal = np.flatnonzero(obs_a["action_mask"])
        action = None if a.terminations[a.agent_selection] else int(rng.choice(legal))
        a.step(action)
        b.step(action)


def test_values_lie_in_zero_one_and_fields_tile_the_vector() -> None:
    for game, players in COUNTS:
        enc = encoder_for(new_game(game, players, 0))
        assert enc.fields[0].offset == 0
        for before, after in zip(enc.fields, enc.fields[1:], strict=False):
            assert before.offset + before.size == after.offset
        assert enc.fields[-1].offset + enc.fields[-1].size == enc.size


def test_rewards_win_and_loss_at_the_end() -> None:
    env = kaboom.rl.env("exploding-kittens", players=3)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, done, _, _ = env.last()
        totals[agent] += reward
        env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winner = f"player_{env.state.winners[0]}"
    assert totals[winner] == 1.0
    assert all(v == -1.0 for a, v in totals.items() if a != winner)


def test_bad_input_is_refused_by_name_and_changes_nothing() -> None:
    with pytest.raises(BadOption, match="players"):
        kaboom.rl.env("exploding-kittens", players=9)
    with pytest.raises(BadOption, match="reward"):
        kaboom.rl.env("exploding-kittens", reward="score")
    with pytest.raises(BadOption, match="render_mode"):
        kaboom.rl.env("eleminis", render_mode="human")
    with pytest.raises(BadOption, match="fast"):
        kaboom.rl.env("exploding-kittens", fast="maybe")
    with pytest.raises(BadInput, match="bots"):
        gym.make("kaboom/Eleminis-v0", opponents="nobody")
    env = kaboom.rl.env("exploding-kittens", players=2)
    env.reset(seed=1)
    before = env.state.to_json()
    with pytest.raises(IllegalAction):
        env.step(10**6)
    assert env.state.to_json() == before


def test_an_illegal_gymnasium_action_ends_the_episode_as_a_loss() -> None:
    env = gym.make("kaboom/ExplodingKittens-v0").unwrapped
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-1.0, True)
    assert "illegal" in info["illegal_action"]


def test_eleminis_can_reward_its_score() -> None:
    env = kaboom.rl.env("eleminis", players=2, reward="score")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    got = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, done, _, _ = env.last()
        got[agent] += reward
        env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = [p["score"] for p in env.state.observe(None)["players"]]
    assert [got[f"player_{q}"] for q in range(2)] == scores


def test_render_ansi_shows_no_hand() -> None:
    env = kaboom.rl.env("exploding-kittens", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "P0" in text and "draw" in text
    assert "defuse" not in text  # a hand's cards never show


def test_docs_name_every_field_of_every_layout() -> None:
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    for game, players in COUNTS:
        for f in encoder_for(new_game(game, players, 0)).fields:
            generic = f.name.split(".")[0] + ".NAME." + f.name.split(".")[-1]
            assert f"`{f.name}`" in doc or f"`{generic}`" in doc, f.name
