"""The vectorised environment (kaboom.rl.vector, issue 34): N games stepped in one call,
the same vectors, masks and rewards as the PettingZoo AEC env at every step of random games
of every game, autoreset in the same step, seeding, fixed opponents, refused input."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

import numpy as np
import pytest
from gymnasium.spaces import MultiDiscrete

from kaboom.engine.errors import BadInput, BadOption
from kaboom.engine.registry import list_games
from kaboom.rl.pettingzoo_env import KaboomAEC, agent_name
from kaboom.rl.pettingzoo_env import env as aec_env
from kaboom.rl.vector import KaboomVectorEnv

pytestmark = pytest.mark.rl

CASES = [(spec.game_id, 2) for spec in list_games()] + [
    ("exploding-kittens", 4),
    ("dynamitt", 3),
    ("kittens-board-game", 3),
]


def aec_step(env: KaboomAEC, action: int) -> tuple[dict[int, float], bool, Any]:
    """One decision in the AEC env: the rewards it gave, whether the game ended (then the
    acting seat's last vector, and the env dealt anew as the vector env does)."""
    acting = env.agent_selection
    env.step(action)
    rewards = {env.possible_agents.index(a): r for a, r in env.rewards.items() if r}
    over = env.state.to_act is None
    final = env.observe(acting)["observation"].copy() if over else None
    while env.agents and env.terminations[env.agent_selection]:
        if over and all(env.terminations.values()):
            break
        env.step(None)
    if over:
        env.reset()
    return rewards, over, final


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_step_is_the_aec_envs_vector_mask_and_rewards(game: str, players: int) -> None:
    n = 3
    envs = KaboomVectorEnv(game, num_envs=n, players=players)
    obs, info = envs.reset(seed=40)
    aecs = [aec_env(game, players) for _ in range(n)]
    for i, e in enumerate(aecs):
        e.reset(seed=40 + i)
    rng = np.random.default_rng(5)
    ends = 0
    for _ in range(400):
        for i, e in enumerate(aecs):
            agent = e.agent_selection
            assert info["seat"][i] == e.possible_agents.index(agent)
            seen = e.observe(agent)
            np.testing.assert_array_equal(obs[i], seen["observation"])
            np.testing.assert_array_equal(info["action_mask"][i], seen["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, done, truncated, info = envs.step(actions)
        assert rewards.shape == (n, players) and not truncated.any()
        for i, e in enumerate(aecs):
            given, over, final = aec_step(e, int(actions[i]))
            assert done[i] == over
            assert {q: float(r) for q, r in enumerate(rewards[i]) if r} == given
            if over:
                ends += 1
                assert info["_final_obs"][i]
                np.testing.assert_array_equal(info["final_obs"][i], final)
            elif "final_obs" in info:  # (Gymnasium's: None for a game that did not end)
                assert info["final_obs"][i] is None and not info["_final_obs"][i]
    assert ends >= 3  # games ended and were dealt again in the same step


def test_rewards_of_a_whole_game_add_up_as_the_rules_say() -> None:
    envs = KaboomVectorEnv("exploding-kittens", num_envs=2, players=4)
    envs.reset(seed=3)
    totals = np.zeros((2, 4))
    finished = [False, False]
    while not all(finished):
        _, rewards, done, _, _ = envs.step(envs.random_actions())
        for i in range(2):
            if not finished[i]:
                totals[i] += rewards[i]
                finished[i] = bool(done[i])
    for row in totals:  # one winner, three seats out
        assert sorted(row.tolist()) == [-1.0, -1.0, -1.0, 1.0]


def test_the_same_seed_the_same_games_and_no_seed_a_secret_one() -> None:
    def run(seed: int | None) -> list[Any]:
        envs = KaboomVectorEnv("dynamitt", num_envs=4, players=3)
        obs, _ = envs.reset(seed=seed)
        seen = [obs]
        for k in range(40):
            obs, *_ = envs.step(envs.random_actions(seed=k))
            seen.append(obs)
        return seen

    a, b, c = run(9), run(9), run(10)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(run(None), run(None), strict=True))
    # the games of one env differ from each other (each its own deal)
    assert not np.array_equal(a[0][0], a[0][1])


def test_the_arrays_a_caller_keeps_never_change_and_those_let_go_are_written_again() -> None:
    """A step writes again only the arrays the caller let go of (``Recycled``): a caller
    that keeps every step's arrays finds them as they were returned, and one that keeps
    none (its arrays written again in place, only their old values set back to zero) gets
    the same values. The observations and masks are read-only; one the caller makes
    writeable and writes into before it lets it go is still right the next time.
    Defaults: the env's game, games and players."""
    keeper, dropper = KaboomVectorEnv(), KaboomVectorEnv()
    kept: list[tuple[Any, ...]] = [keeper.reset(seed=3)]
    obs, info = dropper.reset(seed=3)
    assert np.array_equal(obs, kept[0][0])
    copies: list[Any] = [deepcopy(kept[0])]
    places: set[int] = set()
    for k in range(150):
        actions = keeper.random_actions(seed=k)
        step = keeper.step(actions)
        kept.append(step)
        copies.append(deepcopy(step))
        obs, rewards, done, _, info = dropper.step(actions)
        assert np.array_equal(obs, step[0]) and np.array_equal(rewards, step[1])
        assert np.array_equal(done, step[2])
        assert np.array_equal(info["action_mask"], step[4]["action_mask"])
        assert ("final_obs" in info) == ("final_obs" in step[4])
        if "final_obs" in info:
            assert _same(info["final_obs"], step[4]["final_obs"])
        places.add(id(obs))
        mask = info["action_mask"]
        with pytest.raises(ValueError, match="read-only"):
            obs += 0.5
        with pytest.raises(ValueError, match="read-only"):
            mask[:] = 1
        if k % 2:  # (made writeable, written into, let go: the next step's are still right)
            obs.flags.writeable = mask.flags.writeable = True
            obs += 0.5
            mask[k % 3 :: 3] = 1
            for final in info.get("final_obs", []):
                if final is not None:
                    final += 0.25
        del obs, rewards, done, info, mask  # (let go: the next step may write them again)
    assert len(places) < 10  # (the dropper's observations were written again in place)
    for got, was in zip(kept[1:], copies[1:], strict=True):
        assert all(np.array_equal(a, b) for a, b in zip(got[:4], was[:4], strict=True))
        assert got[4].keys() == was[4].keys()
        assert all(_same(got[4][key], was[4][key]) for key in got[4])


def _same(a: Any, b: Any) -> bool:
    """Equal arrays, an object array (``final_obs``) item by item: None or a vector."""
    if a.dtype != object:
        return bool(np.array_equal(a, b))
    return a.shape == b.shape and all(
        (x is None and y is None) or (x is not None and y is not None and np.array_equal(x, y))
        for x, y in zip(a, b, strict=True)
    )


def test_against_fixed_opponents_the_learner_alone_is_asked() -> None:
    envs = KaboomVectorEnv("exploding-kittens", num_envs=4, players=3, opponents="heuristic")
    _, info = envs.reset(seed=1)
    seats_seen = set()
    results = []
    for _ in range(300):
        assert (info["seat"] == info["learner"]).all()
        seats_seen |= set(info["learner"].tolist())
        _, rewards, done, _, info = envs.step(envs.random_actions())
        assert rewards.shape == (4,)
        assert set(rewards[~done].tolist()) <= {0.0}
        results += rewards[done].tolist()
    assert set(results) <= {-1.0, 1.0} and len(results) >= 10
    assert seats_seen == {0, 1, 2}  # drawn at each deal
    fixed = KaboomVectorEnv("exploding-kittens", 2, players=3, opponents="random,heuristic",
                            seat=2)  # fmt: skip
    _, info = fixed.reset(seed=2)
    assert info["learner"].tolist() == [2, 2]


def test_a_random_learner_loses_to_the_heuristic_more_often_than_not() -> None:
    envs = KaboomVectorEnv("exploding-kittens", num_envs=8, players=2, opponents="heuristic")
    envs.reset(seed=4)
    results: list[float] = []
    while len(results) < 60:
        _, rewards, done, _, _ = envs.step(envs.random_actions())
        results += rewards[done].tolist()
    assert sum(r > 0 for r in results) / len(results) < 0.5


def test_bad_input_is_refused_by_name_and_changes_nothing() -> None:
    envs = KaboomVectorEnv("exploding-kittens", num_envs=2, players=2)
    obs, info = envs.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"][0])[0])
    with pytest.raises(BadInput, match=r"actions\[1\]"):
        envs.step(np.array([legal, illegal]))
    again, *_ = envs.step(np.array([legal, int(np.flatnonzero(info["action_mask"][1])[0])]))
    assert not np.array_equal(again, obs)  # (it moved only now)
    with pytest.raises(BadInput, match="2 whole numbers"):
        envs.step(np.array([0, 0, 0]))
    with pytest.raises(BadOption, match="num_envs"):
        KaboomVectorEnv("exploding-kittens", num_envs=0)
    with pytest.raises(BadOption, match=r"at most 7,\d{3} games of Dynamitt at 9 players"):
        KaboomVectorEnv("dynamitt", num_envs=60_000, players=9)
    with pytest.raises(BadOption, match="seat"):
        KaboomVectorEnv("exploding-kittens", num_envs=2, seat=1)
    with pytest.raises(BadOption, match="reward"):
        KaboomVectorEnv("exploding-kittens", num_envs=2, reward="score")
    with pytest.raises(BadOption, match="opponents"):
        KaboomVectorEnv("exploding-kittens", num_envs=2, players=3, opponents="a,b,c")


def test_eleminis_score_rewards_are_the_aec_envs() -> None:
    envs = KaboomVectorEnv("eleminis", num_envs=2, players=2, reward="score")
    envs.reset(seed=6)
    aecs = [aec_env("eleminis", 2, reward="score") for _ in range(2)]
    for i, e in enumerate(aecs):
        e.reset(seed=6 + i)
    ended = 0
    while ended < 2:
        actions = envs.random_actions()
        _, rewards, done, _, _ = envs.step(actions)
        for i, e in enumerate(aecs):
            given, over, _ = aec_step(e, int(actions[i]))
            assert done[i] == over
            assert {q: float(r) for q, r in enumerate(rewards[i]) if r} == given
            ended += over


def test_the_spaces_and_the_masks_for_maskable_ppo() -> None:
    envs = KaboomVectorEnv("kittens-board-game", num_envs=3, players=2)
    obs, info = envs.reset(seed=2)
    assert envs.observation_space.shape == obs.shape == (3, envs.encoder.size)
    assert envs.action_space.shape == (3,)
    assert envs.action_space == MultiDiscrete([envs.encoder.num_actions] * 3)
    assert envs.action_masks().dtype == np.bool_
    assert (envs.action_masks() == info["action_mask"].astype(bool)).all()
    assert envs.metadata["autoreset_mode"].value == "SameStep"
    assert agent_name(int(info["seat"][0])) == "player_0"


def test_gymnasium_make_vec_is_the_vector_env_of_the_single_agent_id() -> None:
    import gymnasium

    import kaboom.rl

    assert "kaboom/Dynamitt-v0" in kaboom.rl.GYM_IDS
    envs = gymnasium.make_vec("kaboom/Dynamitt-v0", num_envs=3, players=3, opponents="heuristic")
    assert isinstance(envs, KaboomVectorEnv) and not envs.self_play and envs.game == "dynamitt"
    envs.reset(seed=1)
    _, rewards, _, _, info = envs.step(envs.random_actions())
    assert rewards.shape == (3,) and "learner" in info
    default = gymnasium.make_vec("kaboom/Eleminis-v0", num_envs=2)
    assert isinstance(default, KaboomVectorEnv) and not default.self_play  # random bots
    with pytest.raises(BadOption, match="render_mode"):
        gymnasium.make_vec("kaboom/Eleminis-v0", num_envs=2, render_mode="ansi")
