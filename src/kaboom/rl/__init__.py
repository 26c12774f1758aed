"""Research interfaces (the ``rl`` extra, ``pip install 'kaboom[rl]'``): PettingZoo AEC
environments, Gymnasium single-agent environments against kaboom bots, every game as an
OpenSpiel Python game, and MaskablePPO agents that play as bots (``docs/rl.md``).

>>> import kaboom.rl
>>> e = kaboom.rl.env("exploding-kittens", players=3)
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
"""

from __future__ import annotations

from typing import Any

from kaboom.rl.gym_env import KaboomGymEnv, env_id, register_envs
from kaboom.rl.pettingzoo_env import KaboomAEC, env

__all__ = ["GYM_IDS", "KaboomAEC", "KaboomGymEnv", "env", "env_id", "openspiel_game"]

#: The Gymnasium ids, registered on import: ``gymnasium.make("kaboom/ExplodingKittens-v0")``.
GYM_IDS = register_envs()


def openspiel_game(game: str, players: int = 2, **options: Any) -> Any:
    """``pyspiel.load_game`` of a kaboom game (every one is registered as
    ``kaboom_<id>``, underscores for dashes, on first use)."""
    from kaboom.rl.spiel import load

    return load(game, players, **options)
