"""Gymnasium single-agent environments: one seat learns, kaboom bots play the others.

Registered as ``kaboom/ExplodingKittens-v0``, ``kaboom/ExplodingMinions-v0``,
``kaboom/Dynamitt-v0``, ``kaboom/KittensBoardGame-v0`` and ``kaboom/Eleminis-v0``
(:func:`register_envs`, run when ``kaboom.rl`` is imported). The observation is the
seat's vector of ``kaboom.rl.encoding``, the action space the game's fixed action ids;
the mask of legal actions is ``info["action_mask"]`` and ``action_masks()`` (what
sb3-contrib's MaskablePPO asks for).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from kaboom.bots.base import Bot
from kaboom.bots.make import make_bot
from kaboom.engine.errors import BadOption, IllegalAction
from kaboom.engine.registry import get_game, list_games, new_game
from kaboom.engine.state import State
from kaboom.engine.view import PlayerView
from kaboom.rl.encoding import Encoder, Vector, encoder_for
from kaboom.rl.pettingzoo_env import RENDER_MODES, render_text


def env_id(game: str) -> str:
    """The Gymnasium id of a kaboom game.

    >>> env_id("kittens-board-game")
    'kaboom/KittensBoardGame-v0'
    """
    return "kaboom/" + "".join(word.capitalize() for word in game.split("-")) + "-v0"


class KaboomGymEnv(gym.Env[Vector, Any]):
    """``game`` at ``players`` seats: the agent plays ``seat`` (None: a seat drawn at each
    reset), ``opponents`` the rest (a bot spec for all, or one per other seat, comma
    separated: ``random``, ``heuristic``, ``ismcts:level=easy``...). Reward at the end: +1
    for a win, -1 for a loss (the agent's explosion ends its episode at once). An action
    that is not legal ends the episode as a loss, the game untouched, and says why in
    ``info["illegal_action"]``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str = "exploding-kittens",
        players: int = 2,
        opponents: str = "random",
        seat: int | None = None,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        spec = get_game(game)
        spec.check_players(players)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOption("render_mode", f"one of {', '.join(RENDER_MODES)} or None")
        check_seat(seat, players)
        self.opponent_specs = opponent_specs(game, players, opponents)
        self.game, self.n, self.options, self.fixed_seat = game, players, dict(options), seat
        self.render_mode = render_mode
        self.state: State = new_game(game, players, 0, **options)
        self.encoder: Encoder = encoder_for(self.state)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.seat = 0
        self.bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.seat = int(draw(self.n)) if self.fixed_seat is None else self.fixed_seat
        self.state = new_game(self.game, self.n, int(draw(2**62)), **self.options)
        others = [q for q in range(self.n) if q != self.seat]
        self.bots = {
            q: make_bot(name, int(draw(2**62)), self.game)
            for q, name in zip(others, self.opponent_specs, strict=True)
        }
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        state = self.state
        try:
            state.apply(int(action), self.seat)
        except (IllegalAction, TypeError, ValueError) as err:
            return (
                self._observation(),
                -1.0,
                True,
                False,
                {**self._info(), "illegal_action": str(err)},
            )
        self._play_others()
        reward, done = 0.0, False
        if state.is_over:
            done, reward = True, 1.0 if self.seat in state.winners else -1.0
        elif not state.in_game(self.seat):
            done, reward = True, -1.0
        return self._observation(), reward, done, False, self._info()

    def _play_others(self) -> None:
        """The bots decide until the agent is asked or the game is over."""
        state = self.state
        while (q := state.to_act) is not None and q != self.seat:
            state.apply(self.bots[q].act(PlayerView(state, q)), q)

    def _observation(self) -> Vector:
        return self.encoder.encode_state(self.state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (all False once the game is over)."""
        legal = self.state.legal_actions() if self.state.to_act == self.seat else []
        return self.encoder.mask(legal).astype(bool)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.state)


def opponent_specs(game: str, players: int, opponents: str) -> list[str]:
    """The bot spec of each other seat from ``opponents`` (one for all, or one per seat,
    comma separated); a bad count or spec raises ``BadOption`` naming it."""
    specs = [s.strip() for s in opponents.split(",")]
    if len(specs) not in (1, players - 1):
        raise BadOption("opponents", f"one bot spec or {players - 1}, got {len(specs)}")
    specs = specs * (players - 1) if len(specs) == 1 else specs
    for name in specs:
        make_bot(name, 0, game)  # a bad spec fails here, naming itself
    return specs


def check_seat(seat: int | None, players: int) -> None:
    """The learner's seat: one in ``0..players - 1``, or None (drawn at each deal)."""
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
        raise BadOption("seat", f"a seat in 0..{players - 1} or None, got {seat!r}")


def register_envs() -> list[str]:
    """Register a Gymnasium id for every kaboom game (once); return the ids."""
    ids = []
    for spec in list_games():
        name = env_id(spec.game_id)
        if name not in gym.registry:
            gym.register(
                name,
                entry_point=KaboomGymEnv,
                vector_entry_point="kaboom.rl.vector:make_vector",  # (gymnasium.make_vec)
                kwargs={"game": spec.game_id},
            )
        ids.append(name)
    return ids
