"""PettingZoo AEC environments for every kaboom game (``kaboom.rl.env``).

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). The agent selected is always
the seat the engine asks (``State.to_act``): in a reaction window every seat asked answers
in the engine's order, each as an ordinary step. Observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}`` (``kaboom.rl.encoding``).
A seat that explodes is terminated at once with reward -1; at the end the winners get +1
and every other seat still in -1 (``reward="score"``: Eleminis's score of the game).
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from kaboom.engine.errors import BadOption
from kaboom.engine.registry import get_game, new_game
from kaboom.engine.state import State
from kaboom.rl.encoding import Encoder, Vector, encoder_for

RENDER_MODES = ("ansi",)
REWARDS = ("win", "score")


class AgentObservation(TypedDict):
    """What ``observe`` gives an agent: its vector and its action mask."""

    observation: Vector
    action_mask: npt.NDArray[np.int8]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class KaboomAEC(AECEnv[str, AgentObservation, int | None]):  # type: ignore[misc]
    """One kaboom game as an AEC environment; ``reset(seed=S)`` deals the game of seed
    ``S`` (the same seed, the same deal), without a seed a fresh random one."""

    metadata: dict[str, object] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": list(RENDER_MODES),
        "name": "kaboom_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "exploding-kittens",
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        **options: object,
    ) -> None:
        super().__init__()
        spec = get_game(game)
        spec.check_players(players)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOption("render_mode", f"one of {', '.join(RENDER_MODES)} or None")
        if reward not in REWARDS:
            raise BadOption("reward", f"one of {', '.join(REWARDS)}, got {reward!r}")
        self.state = new_game(game, players, 0, **options)
        if reward == "score" and "score" not in self.state.observe(None)["players"][0]:
            raise BadOption("reward", f"{spec.name} keeps no score: use reward='win'")
        self.game, self.n, self.options = game, players, dict(options)
        self.reward_kind, self.render_mode = reward, render_mode
        self._observed: dict[str, AgentObservation] = {}  # this step's observations, by agent
        self.encoder: Encoder = encoder_for(self.state)
        self.possible_agents = [agent_name(q) for q in range(players)]
        self.agents = list(self.possible_agents)
        self._seat = {a: q for q, a in enumerate(self.possible_agents)}
        self._rng = random.Random()
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
        })  # fmt: skip
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        act_space = spaces.Discrete(self.encoder.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.metadata = {**self.metadata, "name": f"kaboom_{game.replace('-', '_')}_v0"}
        self._start(self._rng.getrandbits(63))

    @property
    def state(self) -> State:
        """The game being played (setting it, as a test may, forgets cached observations)."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state
        self._observed = {}

    # -- the AEC interface -------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self._start(self._rng.getrandbits(63))

    def _start(self, deal: int) -> None:
        self.state = new_game(self.game, self.n, deal, **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._rewarded = False  # whether a step set a reward (cleared at the next step)
        self.agent_selection = agent_name(self._to_act())

    def _to_act(self) -> int:
        seat = self.state.to_act
        assert seat is not None  # (a fresh deal always asks someone)
        return seat

    def observe(self, agent: str) -> AgentObservation:
        """The agent's vector (from its own observation only) and its action mask (all
        zeros unless it is the agent to act)."""
        cached = self._observed.get(agent)
        if cached is not None:  # (asked again in the same step: ``last()`` then ``observe``)
            return cached
        seat = self._seat[agent]
        state = self._state
        legal = state.legal_actions() if state.to_act == seat else []
        self._observed[agent] = cached = {
            "observation": self.encoder.encode_state(state, seat),
            "action_mask": self.encoder.mask(legal),
        }
        return cached

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The mask alone (cheaper than ``observe`` when the vector is not wanted)."""
        seat = self._seat[agent]
        legal = self.state.legal_actions() if self.state.to_act == seat else []
        return self.encoder.mask(legal)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        if isinstance(action, np.integer):
            action = int(action)
        events = state.apply(action)  # IllegalAction naming the rule; nothing changed
        self._observed = {}
        # Rewards are nonzero only on the step that ends a seat (an explosion, the end): the
        # dicts are cleared after it and left alone on every other step.
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._cumulative_rewards[agent] = 0.0
        for event in events:
            if event.kind == "explode":
                self._eliminate()
                break
        if state.to_act is None:
            self._finish()
        else:
            self.agent_selection = self.possible_agents[state.to_act]
        if self._rewarded:
            self._accumulate_rewards()
            self._deads_step_first()

    def _eliminate(self) -> None:
        """Seats out of the game (exploded) are terminated now, with reward -1."""
        state = self.state
        for q in range(state.players):
            agent = agent_name(q)
            if not state.in_game(q) and agent in self.terminations and not self.terminations[agent]:
                self.terminations[agent] = True
                self.rewards[agent] = -1.0
                self._rewarded = True

    def _finish(self) -> None:
        winners = set(self.state.winners)
        scores = None
        if self.reward_kind == "score":
            scores = [p["score"] for p in self.state.observe(None)["players"]]
        for agent in self.agents:
            if self.terminations[agent]:
                continue
            seat = self._seat[agent]
            win = 1.0 if seat in winners else -1.0
            self.rewards[agent] = float(scores[seat]) if scores is not None else win
            self.terminations[agent] = True
            self._rewarded = True

    def render(self) -> str | None:
        """``render_mode="ansi"``: the table as a spectator sees it, in words."""
        if self.render_mode is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        pass


def render_text(state: State) -> str:
    """A spectator's view of ``state`` as text (no hand, no hidden pile)."""
    obs = state.observe(None)
    lines = [f"{obs['game']}: turn {obs['turns']}, phase {obs['phase']}, to act {obs['to_act']}"]
    for p in obs["players"]:
        extra = {k: v for k, v in p.items() if k not in ("seat", "in", "hand_size")}
        more = "".join(f" {k}={v}" for k, v in extra.items())
        lines.append(f"  P{p['seat']}: {'in' if p['in'] else 'out'}, {p['hand_size']} cards{more}")
    piles = ", ".join(f"{name} {pile['size']}" for name, pile in obs["piles"].items())
    lines.append(f"  piles: {piles}")
    if obs["window"] is not None:
        lines.append(f"  window: P{obs['window']['player']} {obs['window']['play']}")
    board = state.render()
    if board:
        lines.append(board)
    if obs["winners"]:
        lines.append(f"  winners: {', '.join(f'P{q}' for q in obs['winners'])}")
    return "\n".join(lines)


def env(game: str = "exploding-kittens", players: int = 2, **kwargs: Any) -> KaboomAEC:
    """A PettingZoo AEC environment of ``game`` at ``players`` seats; keyword arguments:
    ``render_mode`` ("ansi"), ``reward`` ("win" or "score") and the game's options."""
    return KaboomAEC(game, players, **kwargs)
