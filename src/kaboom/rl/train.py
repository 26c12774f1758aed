"""Training a MaskablePPO agent (sb3-contrib, torch on the CPU) in a kaboom Gymnasium
environment: ``kaboom train``. The model file is sb3's zip with ``kaboom.json`` added
(game, players, options, opponents, steps, vector size, action count), and plays as the
bot ``ppo:path=FILE``.

With a teacher (``imitate``: a bot spec and a count of decisions), the networks first learn
from the teacher's own games (behaviour cloning, as AlphaStar and others start): the policy
the teacher's choice at every seat's decision (cross-entropy over the legal actions), the
value the seat's result (+1 won, -1 not); PPO then improves on it against ``opponents``.
"""

from __future__ import annotations

import json
import random
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kaboom.bots.make import make_bot
from kaboom.engine.errors import BadInput
from kaboom.engine.registry import new_game
from kaboom.engine.view import PlayerView
from kaboom.rl.bots import META
from kaboom.rl.encoding import encoder_for
from kaboom.rl.gym_env import KaboomGymEnv

#: The policy and value networks: two hidden layers of 64 (the file stays under 1 MB).
NET_ARCH = [64, 64]
#: Passes over each batch of 2,048 decisions, in minibatches of 256: fewer and larger than
#: sb3's defaults (10 of 64), for a model trained in minutes on one core.
N_EPOCHS = 4
MAX_STEPS = 100_000_000
#: Passes over the teacher's decisions, in minibatches of ``IMITATION_BATCH``.
IMITATION_EPOCHS = 4
IMITATION_BATCH = 256


@dataclass
class Teaching:
    """The teacher's decisions: each seat's vector and mask, the action the teacher took and
    the seat's result in that game (+1 won, -1 not)."""

    vectors: list[Any]
    masks: list[Any]
    actions: list[int]
    results: list[float]


def teacher_games(
    game: str, players: int, options: dict[str, Any], teacher: str, decisions: int, seed: int
) -> Teaching:
    """Whole games with ``teacher`` at every seat until ``decisions`` decisions are kept
    (each from the deciding seat's vector: what the learner will see)."""
    rng = random.Random(seed)
    taught = Teaching([], [], [], [])
    while len(taught.actions) < decisions:
        state = new_game(game, players, rng.getrandbits(63), **options)
        encoder = encoder_for(state)
        bots = [make_bot(teacher, rng.getrandbits(62), game) for _ in range(players)]
        seats: list[int] = []
        while state.to_act is not None:
            seat = state.to_act
            action = bots[seat].act(PlayerView(state, seat))
            taught.vectors.append(encoder.encode_state(state, seat))
            taught.masks.append(encoder.mask(state.legal_actions()).astype(bool))
            taught.actions.append(action)
            seats.append(seat)
            state.apply(action, seat)
        taught.results += [1.0 if q in state.winners else -1.0 for q in seats]
    return taught


def imitate(model: Any, taught: Teaching, seed: int) -> None:
    """The policy and value networks of ``model`` fitted to ``taught``."""
    import torch

    policy = model.policy
    vectors = torch.as_tensor(np.stack(taught.vectors))
    masks = np.stack(taught.masks)
    actions = torch.as_tensor(taught.actions)
    results = torch.as_tensor(taught.results, dtype=torch.float32)
    order = np.random.default_rng(seed)
    batches = max(1, len(actions) // IMITATION_BATCH)
    for _epoch in range(IMITATION_EPOCHS):
        for part in np.array_split(order.permutation(len(actions)), batches):
            index = torch.as_tensor(part)
            dist = policy.get_distribution(vectors[index], action_masks=masks[part])
            cross_entropy = -dist.log_prob(actions[index]).mean()
            values = policy.predict_values(vectors[index]).flatten()
            loss = cross_entropy + 0.5 * torch.nn.functional.mse_loss(values, results[index])
            policy.optimizer.zero_grad()
            loss.backward()
            policy.optimizer.step()


@dataclass(frozen=True)
class TrainReport:
    path: str
    steps: int
    seconds: float
    episodes: int
    mean_reward: float | None  # over the last 100 training episodes

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def train(
    game: str,
    players: int,
    opponents: str,
    steps: int,
    out: str,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    teacher: str | None = None,
    taught: int = 0,
) -> TrainReport:
    """Train for ``steps`` agent decisions against ``opponents`` (a seat drawn at each game)
    and write the model to ``out``; bad arguments raise ``BadInput`` before any work."""
    if isinstance(steps, bool) or not 1 <= steps <= MAX_STEPS:
        raise BadInput("--steps", f"a whole number in 1..{MAX_STEPS}, got {steps!r}")
    target = Path(out)
    if target.is_dir() or not target.parent.is_dir():
        raise BadInput("--out", f"a file in an existing folder, got {out!r}")
    if isinstance(taught, bool) or not 0 <= taught <= MAX_STEPS:
        raise BadInput("--taught", f"a whole number in 0..{MAX_STEPS}, got {taught!r}")
    if teacher is None:
        taught = 0  # (the command's default count means nothing without a teacher)
    else:
        make_bot(teacher, 0, game)  # a bad spec fails here, naming itself
    env = KaboomGymEnv(game, players, opponents, **(options or {}))
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    n_steps = max(16, min(2048, steps))
    model = MaskablePPO(
        "MlpPolicy", env, seed=seed, n_steps=n_steps, batch_size=min(256, n_steps),
        n_epochs=N_EPOCHS, ent_coef=0.01, policy_kwargs={"net_arch": NET_ARCH}, device="cpu",
        verbose=0,
    )  # fmt: skip

    start = time.process_time()
    if teacher is not None and taught:
        lesson = teacher_games(game, players, dict(options or {}), teacher, taught, seed)
        imitate(model, lesson, seed)

    class Tick(BaseCallback):
        games = 0

        def _on_step(self) -> bool:
            Tick.games += int(sum(self.locals.get("dones", ())))
            if progress is not None:
                progress(1)
            return True

    model.learn(total_timesteps=steps, callback=Tick())
    seconds = time.process_time() - start
    model.save(target)
    meta = {
        "game": game, "players": players, "options": dict(options or {}),
        "opponents": opponents, "steps": steps, "seed": seed,
        "teacher": teacher, "taught": taught,
        "observation_size": env.encoder.size, "actions": env.encoder.num_actions,
    }  # fmt: skip
    with zipfile.ZipFile(target, "a") as z:
        z.writestr(META, json.dumps(meta, indent=1))
    rewards = [float(info["r"]) for info in model.ep_info_buffer or ()]
    mean = sum(rewards) / len(rewards) if rewards else None
    return TrainReport(str(target), int(model.num_timesteps), seconds, Tick.games, mean)
