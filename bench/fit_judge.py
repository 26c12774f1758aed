"""Fit the weights of a game family's position judge (``WEIGHT`` in its ``rollout.py``).

Search playouts stop at the horizon of the game's ``Playout`` and score each seat by the family's
``rollout.chances``: a softmax over the seats of weighted ``rollout.features`` (the exploding
games: cards by effect, turns owed, the risk on the pile; Eleminis: what each row holds and
still needs; the board game: where each seat stands, its cards, the Kitten spaces ahead).
This plays the playout policy itself at every seat, snapshots positions at random, and fits
the weights to who went on to win (maximum likelihood by gradient ascent, a little L2), so
that the judge predicts what the playouts it replaces would have ended in.

Run (numpy comes with the dev extra)::

    .venv/bin/python bench/fit_judge.py kittens --games 6000
    .venv/bin/python bench/fit_judge.py eleminis --games 6000
    .venv/bin/python bench/fit_judge.py board --games 4000

It prints the fitted weights beside the ones in use, and, per game, the mean log-likelihood
of the winners under each against a uniform guess over the seats still in.
"""

from __future__ import annotations

import argparse
import math
import random
from types import ModuleType

import numpy as np

from kaboom.engine.registry import get_game
from kaboom.engine.state import State
from kaboom.games.board import rollout as board_rollout
from kaboom.games.eleminis import rollout as eleminis_rollout
from kaboom.games.kittens import rollout as kittens_rollout

#: Per family: its rollout module, its games and the player counts fitted together.
FAMILIES: dict[str, tuple[ModuleType, tuple[str, ...], tuple[int, ...]]] = {
    "kittens": (
        kittens_rollout,
        ("exploding-kittens", "exploding-minions", "dynamitt"),
        (2, 3, 4, 5),
    ),
    "eleminis": (eleminis_rollout, ("eleminis",), (2, 3, 4)),
    "board": (board_rollout, ("kittens-board-game",), (2, 3, 4)),
}
#: How often a position is snapshot, and how many are kept per game and player count.
SNAPSHOT, KEEP_PER_GAME = 0.15, 2.5

Snapshot = tuple[list[list[float] | None], int]  # features per seat (None: out), winner


def snapshots(module: ModuleType, game: str, players: int, games: int, seed: int) -> list[Snapshot]:
    """Positions of playout-policy games, with who won each (games shared are skipped)."""
    spec = get_game(game)
    state_class, policy = spec.state_class, spec.playout.policy
    names = list(module.WEIGHT)
    rng = random.Random(seed)
    out: list[Snapshot] = []
    for _ in range(games):
        state: State = state_class.start(players, rng.randrange(1 << 30), {})
        taken: list[list[list[float] | None]] = []
        while state.to_act is not None:
            if rng.random() < SNAPSHOT:
                seats = module.features(state)
                taken.append([[f[k] for k in names] if f else None for f in seats])
            state.apply(policy(state, rng))
        if len(state.winners) == 1:
            out += [(f, state.winners[0]) for f in taken]
    rng.shuffle(out)
    return out[: int(KEEP_PER_GAME * games)]


def arrays(data: list[Snapshot]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    seats, width = max(len(f) for f, _ in data), len(next(x for x in data[0][0] if x))
    x = np.zeros((len(data), seats, width))
    alive = np.zeros((len(data), seats), bool)
    won = np.zeros(len(data), int)
    for i, (fs, winner) in enumerate(data):
        for j, f in enumerate(fs):
            if f is not None:
                x[i, j], alive[i, j] = f, True
        won[i] = winner
    return x, alive, won


def probabilities(w: np.ndarray, x: np.ndarray, alive: np.ndarray) -> np.ndarray:
    z = np.where(alive, x @ w, -np.inf)
    z -= z.max(1, keepdims=True)
    p: np.ndarray = np.exp(z) / np.exp(z).sum(1, keepdims=True)
    return p


def fit(x: np.ndarray, alive: np.ndarray, won: np.ndarray, steps: int) -> np.ndarray:
    w = np.zeros(x.shape[2])
    rows = np.arange(len(won))
    for _ in range(steps):
        p = probabilities(w, x, alive)
        p[rows, won] -= 1.0
        w -= 0.5 * ((p[:, :, None] * x).sum(1).mean(0) + 1e-3 * w)
    return w


def log_likelihood(w: np.ndarray, x: np.ndarray, alive: np.ndarray, won: np.ndarray) -> float:
    return float(np.log(probabilities(w, x, alive)[np.arange(len(won)), won]).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("family", choices=sorted(FAMILIES))
    parser.add_argument("--games", type=int, default=6000, help="games per game and count")
    parser.add_argument("--steps", type=int, default=1500, help="gradient steps")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    module, games, counts = FAMILIES[args.family]
    data = {g: [s for p in counts for s in snapshots(module, g, p, args.games, args.seed)]
            for g in games}  # fmt: skip
    fitted = fit(*arrays([s for g in games for s in data[g]]), args.steps)
    names = list(module.WEIGHT)
    used = np.array([module.WEIGHT[k] for k in names])
    print(f"{'feature':16} {'fitted':>8} {'in use':>8}")
    for name, a, b in zip(names, fitted, used, strict=True):
        print(f"{name:16} {a:+8.3f} {b:+8.3f}")
    print(f"\n{'mean log-likelihood':24} {'fitted':>8} {'in use':>8} {'uniform':>8}")
    for game in games:
        x, alive, won = arrays(data[game])
        uniform = float(np.mean([-math.log(k) for k in alive.sum(1)]))
        fl, ul = log_likelihood(fitted, x, alive, won), log_likelihood(used, x, alive, won)
        print(f"{game:24} {fl:8.4f} {ul:8.4f} {uniform:8.4f}")


if __name__ == "__main__":
    main()
