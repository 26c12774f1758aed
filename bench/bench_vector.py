"""The vector env's steps per CPU second (``kaboom.rl.vector``, self-play: every seat's
decision a step, a uniformly random legal action in each game) against two references
measured in the same run, each in slices alternating with it (``kaboom.sim.bench``):

- the engine's own loop making the same masked random choice (``kaboom_playout``: a legal
  action drawn uniformly, applied; no vector, no mask) — the issue's goal, at least 0.5×;
- the PettingZoo AEC env (``kaboom.rl.env``) stepped one decision at a time, reading each
  agent's vector and mask with ``last()`` — the goal, at least 3×.

Run: ``python bench/bench_vector.py [--game G] [--players N] [--envs N] [--seconds S]
[--json]``; ``--json`` prints one line: the figures and ``ratio`` (vector / engine) and
``pettingzoo_ratio`` (vector / PettingZoo).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kaboom import build_kind
from kaboom.rl.vector import KaboomVectorEnv
from kaboom.sim.bench import Meter, alternating, kaboom_playout

sys.path.insert(0, str(Path(__file__).parent))  # (bench_rl's AEC loop, run as it runs it)
from bench_rl import env_playout

#: Steps of the vector env per call of its meter (each N decisions).
STEPS = 50


def vector_steps(game: str, players: int, envs: int) -> Callable[[int], int]:
    """``STEPS`` steps of a vector env of ``envs`` games; returns the decisions made."""
    vec = KaboomVectorEnv(game, num_envs=envs, players=players)
    vec.reset(seed=1)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        for _ in range(STEPS):
            vec.step(vec.random_actions(rng.getrandbits(62)))
        return STEPS * envs

    return run


def measure(game: str, players: int, envs: int, seconds: float) -> dict[str, Any]:
    engine = kaboom_playout(game, players)
    label = f"{game} {players}p"
    vector = alternating(
        Meter(f"vector env ({envs} games) {label}", vector_steps(game, players, envs)),
        Meter(f"engine {label}", engine),
        seconds,
    )
    vector_too = alternating(
        Meter(f"vector env ({envs} games) {label}", vector_steps(game, players, envs)),
        Meter(f"pettingzoo {label}", env_playout(game, players)),
        seconds,
    )
    return {
        "game": game,
        "players": players,
        "envs": envs,
        "build": build_kind(),
        "vector_steps_per_s": vector.decisions_per_s,
        "engine_decisions_per_s": vector.reference,
        "ratio": vector.ratio,
        "vector_steps_per_s_beside_pettingzoo": vector_too.decisions_per_s,
        "pettingzoo_steps_per_s": vector_too.reference,
        "pettingzoo_ratio": vector_too.ratio,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="exploding-kittens")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a figure")
    parser.add_argument("--json", action="store_true", help="one line of JSON")
    args = parser.parse_args()
    got = measure(args.game, args.players, args.envs, args.seconds)
    if args.json:
        print(json.dumps(got))
        return
    print(f"kaboom {got['build']}; {got['game']} at {got['players']} players, {got['envs']} games")
    print(f"vector env  {got['vector_steps_per_s']:>12,.0f} steps/s")
    print(
        f"engine      {got['engine_decisions_per_s']:>12,.0f} decisions/s  ratio {got['ratio']:.2f}"
    )
    print(f"pettingzoo  {got['pettingzoo_steps_per_s']:>12,.0f} steps/s      "
          f"vector / pettingzoo {got['pettingzoo_ratio']:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
