"""Training a MaskablePPO agent (sb3-contrib, torch on the CPU) in a kaboom Gymnasium
environment: ``kaboom train``. The model file is sb3's zip with ``kaboom.json`` added
(game, players, options, opponents, steps, vector size, action count), and plays as the
bot ``ppo:path=FILE``.
"""

from __future__ import annotations

import json
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaboom.engine.errors import BadInput
from kaboom.rl.bots import META
from kaboom.rl.gym_env import KaboomGymEnv

#: The policy and value networks: two hidden layers of 64 (the file stays under 1 MB).
NET_ARCH = [64, 64]
#: Passes over each batch of 2,048 decisions, in minibatches of 256: fewer and larger than
#: sb3's defaults (10 of 64), for a model trained in minutes on one core.
N_EPOCHS = 4
MAX_STEPS = 100_000_000


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
) -> TrainReport:
    """Train for ``steps`` agent decisions against ``opponents`` (a seat drawn at each game)
    and write the model to ``out``; bad arguments raise ``BadInput`` before any work."""
    if isinstance(steps, bool) or not 1 <= steps <= MAX_STEPS:
        raise BadInput("--steps", f"a whole number in 1..{MAX_STEPS}, got {steps!r}")
    target = Path(out)
    if target.is_dir() or not target.parent.is_dir():
        raise BadInput("--out", f"a file in an existing folder, got {out!r}")
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

    class Tick(BaseCallback):
        games = 0

        def _on_step(self) -> bool:
            Tick.games += int(sum(self.locals.get("dones", ())))
            if progress is not None:
                progress(1)
            return True

    start = time.process_time()
    model.learn(total_timesteps=steps, callback=Tick())
    seconds = time.process_time() - start
    model.save(target)
    meta = {
        "game": game, "players": players, "options": dict(options or {}),
        "opponents": opponents, "steps": steps, "seed": seed,
        "observation_size": env.encoder.size, "actions": env.encoder.num_actions,
    }  # fmt: skip
    with zipfile.ZipFile(target, "a") as z:
        z.writestr(META, json.dumps(meta, indent=1))
    rewards = [float(info["r"]) for info in model.ep_info_buffer or ()]
    mean = sum(rewards) / len(rewards) if rewards else None
    return TrainReport(str(target), int(model.num_timesteps), seconds, Tick.games, mean)
