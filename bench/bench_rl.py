"""PettingZoo environment steps per second (random masked actions) beside the raw
engine's decisions per second, measured in the same run on one core (CPU time).

Run: ``python bench/bench_rl.py [SECONDS] [GAME:PLAYERS ...]`` (default 2 s each,
``exploding-kittens:2 exploding-kittens:4``). Each env step is one decision: ``last()``
(the seat's vector and mask), a uniformly random legal action from the mask, ``step()``;
the dead steps at the end of a game are not counted. The goal is a ratio of at least 0.5.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import numpy as np

from kaboom.rl.pettingzoo_env import env as make_env
from kaboom.sim.bench import Meter, Throughput, alternating, kaboom_playout


def env_playout(game: str, players: int, observe: bool = True) -> Callable[[int], int]:
    """A function playing one game in the PettingZoo env from a seed; returns its
    decisions. ``observe=False`` reads the mask alone (``action_mask``), not ``last()``."""
    env = make_env(game, players)

    def play_one(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        decisions = 0
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            mask = env.last()[0]["action_mask"] if observe else env.action_mask(agent)
            env.step(int(rng.choice(np.flatnonzero(mask))))
            decisions += 1
        return decisions

    return play_one


def measure(game: str, players: int, seconds: float) -> list[Throughput]:
    """The env with observations and the env reading masks only, each in slices that
    alternate with the raw engine (the reference), so both see the same load."""
    engine = kaboom_playout(game, players)
    return [
        alternating(
            Meter(f"env last() {game} {players}p", env_playout(game, players)),
            Meter(f"engine {game} {players}p", engine),
            seconds,
        ),
        alternating(
            Meter(f"env mask {game} {players}p", env_playout(game, players, False)),
            Meter(f"engine {game} {players}p", engine),
            seconds,
        ),
    ]


def main(seconds: float, runs: list[tuple[str, int]]) -> None:
    from kaboom import build_kind

    print(f"kaboom {build_kind()}; CPU seconds per figure: {seconds:g}")
    for game, players in runs:
        for t in measure(game, players, seconds):
            print(
                f"{t.label:40} {t.decisions_per_s:>10,.0f} steps/s  "
                f"engine {t.reference or 0:>10,.0f}  ratio {t.ratio or 0:.2f}"
            )


def _runs(args: list[str]) -> list[tuple[str, int]]:
    out = []
    for arg in args:
        game, _, players = arg.partition(":")
        out.append((game, int(players or 2)))
    return out or [("exploding-kittens", 2), ("exploding-kittens", 4)]


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0, _runs(sys.argv[2:]))
