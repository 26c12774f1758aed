"""A vectorised environment: N games of one kind stepped in one call (Gymnasium's
``VectorEnv`` conventions), the loop over the games in compiled code (``kaboom.rl.batch``).

>>> from kaboom.rl.vector import KaboomVectorEnv
>>> envs = KaboomVectorEnv("exploding-kittens", num_envs=4, players=3)
>>> obs, info = envs.reset(seed=1)
>>> obs.shape, info["action_mask"].shape, info["seat"].tolist()
((4, 267), (4, 1353), [0, 0, 0, 0])
>>> obs, rewards, terminations, truncations, info = envs.step(envs.random_actions())
>>> rewards.shape, terminations.shape
((4, 3), (4,))

Two ways to play:

- **Self-play** (``opponents=None``, the default): every seat's decision is a step, as in
  the PettingZoo AEC env (``kaboom.rl.env``): row i's vector and mask are those of the seat
  the engine asks in game i (``info["seat"]``), and the same as the AEC env's for that seat,
  value for value (``tests/test_rl_vector.py`` checks it at every step). ``rewards`` is
  ``(N, players)``: each seat's reward at this step, as the AEC env's ``rewards`` (-1 to a
  seat that explodes, at the end +1 to the winners and -1 to every other seat still in;
  ``reward="score"``: each seat's score).
- **Fixed opponents** (``opponents="heuristic"``, or one bot spec per other seat, comma
  separated): one learner seat (``seat``, or drawn at each deal), the bots playing the
  others between its decisions; ``rewards`` is ``(N,)``, as ``KaboomGymEnv`` gives (+1 for a
  win, -1 when the learner is out or loses).

Autoreset is ``SAME_STEP``: a game that ends is dealt again in the same step; the row is
then the new game's first decision, and the vector of the seat that made the last move of
the old one is ``info["final_obs"][i]`` (where ``info["_final_obs"][i]`` is True): as
Gymnasium's ``SyncVectorEnv`` gives it, an object array of N items, None for the games
that did not end.
``terminations`` is True for those rows; ``truncations`` is always False (every game ends).

Seeding: ``reset(seed=S)`` gives game i the RNG ``random.Random(S + i)``, and each of its
deals is ``getrandbits(63)`` of it: the deals of an AEC env reset with seed ``S + i`` and
then reset without one at each end. Without a seed, the seeds are secret. The action mask
is ``info["action_mask"]`` (int8) and ``action_masks()`` (booleans, as sb3-contrib's
MaskablePPO asks); an action that is not legal is refused (``BadInput`` naming the game and
the rule) before any game moves.

The observations and ``info["action_mask"]`` are read-only: an array the caller lets go of
is written again at a later step (``Recycled``), and one it keeps never changes.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from kaboom.bots.make import make_bot
from kaboom.engine.errors import BadInput, BadOption
from kaboom.engine.registry import get_game, new_game
from kaboom.rl.batch import Batch
from kaboom.rl.encoding import Encoder, encoder_for, mark_into, places, scatter, scatter_into
from kaboom.rl.features import Sink
from kaboom.rl.gym_env import check_seat, opponent_specs
from kaboom.rl.pettingzoo_env import REWARDS

T = TypeVar("T", bound=np.generic)

#: The most games one vector env steps, and the most memory its buffers may take (each
#: game: 16 bytes a value of its vector (its observation and last observation, float32,
#: and the sink's room for its values) and its mask; Dynamitt at 9 seats takes 34 KB).
MAX_ENVS = 65_536
MAX_BUFFERS = 256 * 2**20


class KaboomVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``game`` at ``players`` seats (see the module's docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (Gymnasium reads it from the class)
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str = "exploding-kittens",
        num_envs: int = 8,
        players: int = 2,
        opponents: str | None = None,
        seat: int | None = None,
        reward: str = "win",
        **options: object,
    ) -> None:
        spec = get_game(game)
        spec.check_players(players)
        if not isinstance(num_envs, int) or not 1 <= num_envs <= MAX_ENVS:
            raise BadOption("num_envs", f"a whole number in 1..{MAX_ENVS}, got {num_envs!r}")
        if reward not in REWARDS:
            raise BadOption("reward", f"one of {', '.join(REWARDS)}, got {reward!r}")
        first = new_game(game, players, 0, **options)
        if reward == "score" and "score" not in first.observe(None)["players"][0]:
            raise BadOption("reward", f"{spec.name} keeps no score: use reward='win'")
        self.encoder: Encoder = encoder_for(first)
        per_game = 16 * self.encoder.size + self.encoder.num_actions
        if num_envs * per_game > MAX_BUFFERS:
            most = MAX_BUFFERS // per_game
            raise BadOption(
                "num_envs",
                f"at most {most:,} games of {spec.name} at {players} players "
                f"({MAX_BUFFERS // 2**20} MiB of buffers), got {num_envs:,}",
            )
        self.game, self.players, self.options = game, players, dict(first.options)
        self.num_envs = num_envs
        self.batch = Batch(game, players, dict(options), self.encoder, num_envs, reward == "score")
        self.self_play = opponents is None
        if opponents is not None:
            check_seat(seat, players)
            specs = opponent_specs(game, players, opponents)
            self.batch.against(specs, -1 if seat is None else seat, make_bot)
        elif seat is not None:
            raise BadOption("seat", "a learner's seat is for fixed opponents (opponents=...)")
        size, actions = self.encoder.size, self.encoder.num_actions
        self.single_observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Box(0.0, 1.0, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions))
        # numpy's views of the batch's numbers (vecs that never move: a step copies them)
        batch = self.batch
        self._rewards = _view(batch.rewards if self.self_play else batch.learned, np.float64)
        self._done, self._seats = _view(batch.done, np.bool_), _view(batch.seats, np.int64)
        self._learner, self._chosen = _view(batch.learner, np.int64), _view(batch.chosen, np.int64)
        self._rng = np.random.default_rng()
        self.batch.seed(self._seeds(None))
        #: The big arrays a step returns, each written again once the caller lets go of it.
        self._obs, self._mask = Recycled(), Recycled()

    # -- Gymnasium's vector interface -------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal every game anew (``seed``: game i from ``random.Random(seed + i)``)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.batch.seed(self._seeds(seed))
        return self._observations(), self._info(None)

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play one decision in every game: ``actions[i]`` for the seat row i was of."""
        self.batch.step(self._actions(actions))
        rewards = self._rewards.astype(np.float32)
        if self.self_play:
            rewards = rewards.reshape(self.num_envs, self.players)
        done = self._done.copy()
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._observations(), rewards, done, truncated, self._info(done)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions now, as booleans (N × actions)."""
        masks = np.zeros((self.num_envs, self.batch.actions), np.bool_)
        return mark_into(masks, self.batch.marks)

    def random_actions(self, seed: int | None = None) -> npt.NDArray[np.int64]:
        """A uniformly random legal action in each game (a masked random policy, drawn in
        the compiled loop: the bench's and a random opponent's choice)."""
        drawn = int(self._rng.integers(2**62)) if seed is None else seed % 2**63
        self.batch.random_actions(drawn)
        return self._chosen.copy()

    def close(self, **kwargs: Any) -> None:
        self.closed = True

    # -- helpers ------------------------------------------------------------------------------
    def _seeds(self, seed: int | None) -> list[int]:
        if seed is None:
            return [secrets.randbits(63) for _ in range(self.num_envs)]
        return [seed + i for i in range(self.num_envs)]

    def _actions(self, actions: Any) -> list[int]:
        got = np.asarray(actions)
        if got.shape != (self.num_envs,) or got.dtype.kind not in "iu":
            raise BadInput(
                "actions", f"{self.num_envs} whole numbers (one per game), got shape {got.shape}"
            )
        chosen: list[int] = got.tolist()
        return chosen

    def _observations(self) -> npt.NDArray[np.float32]:
        """Each game's vector now (N × size), read-only."""
        shape = (self.num_envs, self.batch.size)
        return self._obs.write(self.batch.rows, shape, np.float32, scatter_into)

    def _info(self, done: npt.NDArray[np.bool_] | None) -> dict[str, Any]:
        """The info of a reset (``done`` None) or a step."""
        shape = (self.num_envs, self.batch.actions)
        info: dict[str, Any] = {
            "action_mask": self._mask.write(self.batch.marks, shape, np.int8, mark_into),
            "seat": self._seats.copy(),
        }
        if not self.self_play:
            info["learner"] = self._learner.copy()
        if done is not None and done.any():
            info["final_obs"] = self._final_observations(done)
            info["_final_obs"] = done.copy()
        return info

    def _final_observations(self, done: npt.NDArray[np.bool_]) -> npt.NDArray[np.object_]:
        """Gymnasium's ``final_obs``: an object array of N items, the last vector of each
        game that ended at this step (as ``SyncVectorEnv`` gives), None for the others. The
        vectors are the rows of one array made for them alone (the batch writes the k-th
        game that ended from ``k * size``)."""
        rows = np.flatnonzero(done).tolist()
        vectors = scatter(self.batch.ended, (len(rows), self.batch.size))
        final = np.full(self.num_envs, None, object)
        for k, i in enumerate(rows):
            final[i] = vectors[k]
        return final


class Recycled:
    """An array that a step returns, read-only (numpy refuses a write into it: a caller that
    would change it changes a copy), made anew unless the caller let go of the last one:
    that one, which nothing else can see any longer, is written again. Being read-only, it
    holds only what the env wrote, so only the values it wrote are set back to zero, where
    clearing it whole was a fifth of a Dynamitt step at 64 games (524 KB of observations and
    masks written at each step, evicting the games' states from the cache). One the caller
    made writeable again may hold anything: it is cleared whole. (A new array of 64 Dynamitt
    vectors maps 70 pages of 4 KiB, each faulted in at its first write: page faults were a
    fifth of a step too, and a caller that copies each step's arrays into its own buffers,
    as trainers do, never keeps them.)"""

    def __init__(self) -> None:
        self.array: npt.NDArray[Any] | None = None
        #: The flat indices of the values written into ``array`` (the rest are zeros).
        self.written: npt.NDArray[np.int64] = np.empty(0, np.int64)

    def _let_go(self) -> npt.NDArray[Any] | None:
        """The last array, where no reference to it is left but this one's."""
        array = self.array
        # (its references: ``self.array``, ``array`` and ``getrefcount``'s own)
        return array if array is not None and sys.getrefcount(array) <= 3 else None

    def write(
        self,
        sink: Sink,
        shape: tuple[int, int],
        dtype: type[T],
        fill: Callable[[npt.NDArray[T], Sink], npt.NDArray[T]],
    ) -> npt.NDArray[T]:
        """Zeros of ``shape`` (the last array written again, or a new one) but for what
        ``fill`` writes from ``sink`` at its indices (``scatter_into``, ``mark_into``),
        read-only for the caller. The indices are kept (copied: the sink is written again
        at the next step) to set back to zero when the array comes back."""
        out = self._let_go()
        if out is None:
            out = np.zeros(shape, dtype)
        elif out.flags.writeable:  # (made writeable by the caller: it may hold anything)
            out.fill(0)
        else:
            out.flags.writeable = True
            out.reshape(-1)[self.written] = 0
        self.array = fill(out, sink)
        self.written = places(sink).copy()
        out.flags.writeable = False
        return out


def _view(numbers: object, kind: type[T]) -> npt.NDArray[T]:
    """numpy's view of a ``vec`` of the batch (its items read as ``kind``), without a copy."""
    return np.frombuffer(memoryview(numbers), kind)  # type: ignore[arg-type]


def make_vector(
    num_envs: int,
    game: str = "exploding-kittens",
    players: int = 2,
    opponents: str = "random",
    seat: int | None = None,
    render_mode: str | None = None,
    **options: object,
) -> KaboomVectorEnv:
    """``gymnasium.make_vec("kaboom/ExplodingKittens-v0", num_envs=N, ...)``: the vector
    env of the single-agent id, one learner against ``opponents`` (random by default, as
    the id's env), its loop compiled (the id's ``vector_entry_point``)."""
    if render_mode is not None:
        raise BadOption("render_mode", "None: a vector env draws no table (render one game)")
    return KaboomVectorEnv(game, num_envs, players, opponents, seat, "win", **options)
