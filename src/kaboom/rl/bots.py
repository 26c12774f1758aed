"""Bots of the ``rl`` extra, reached through the ``kaboom.bots`` entry points (so that
``kaboom tournament``, ``kaboom play --bots`` and the server take them like any other):

- ``ppo:path=FILE`` — a MaskablePPO model trained by ``kaboom train`` (``:sample=1``
  samples from its policy instead of taking its most likely action); ``ppo:model=NAME``
  one shipped in ``kaboom/rl/models/`` (``exploding-kittens-2p``, ``exploding-kittens-4p``);
- ``learned`` — the best model shipped for the game and the seats' count (the model named
  ``GAME-Np`` in ``kaboom/rl/models/``); a game with none is refused when the bot is made,
  a count with none at the bot's first decision, each naming the models there are;
- ``openspiel-ismcts:iterations=N`` or ``:seconds=S`` — OpenSpiel's own Python ISMCTS
  (``open_spiel.python.algorithms.ismcts``) on the game registered by
  ``kaboom.rl.spiel``, with random rollouts (``:rollouts=R``, 1 by default) and
  UCT constant ``:c=X`` (2 by default).

Both decide from their seat's view alone: the PPO model reads the seat's vector, and
OpenSpiel's search starts from a world sampled from the seat's observation and samples
every other world from it too.
"""

from __future__ import annotations

import json
import random
import time
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from kaboom.bots.base import Bot
from kaboom.engine.errors import BadInput
from kaboom.engine.view import PlayerView
from kaboom.rl.encoding import encoder_of

#: The file inside a model's zip that says which game, seats and vector it was trained on.
META = "kaboom.json"
#: The models shipped with kaboom, by name (``ppo:model=NAME``).
MODELS = Path(__file__).parent / "models"


def shipped_models() -> list[str]:
    return sorted(p.stem for p in MODELS.glob("*.zip"))


def _params(text: str, kind: str, allowed: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        if not sep or key.strip().lower() not in allowed:
            raise BadInput(f"bots: {kind}", f"KEY=VALUE with KEY one of {', '.join(allowed)}")
        out[key.strip().lower()] = value.strip()
    return out


def _positive(args: dict[str, str], key: str, default: str, kind: str) -> float:
    try:
        value = float(args.get(key, default))
    except ValueError:
        value = float("nan")
    if not 0 < value < 1e7:
        raise BadInput(f"bots: {kind} {key}", f"a positive number, got {args.get(key)!r}")
    return value


# -- MaskablePPO -------------------------------------------------------------------------------
_MODELS: dict[tuple[str, float], tuple[Any, dict[str, Any]]] = {}


def load_model(path: str) -> tuple[Any, dict[str, Any]]:
    """A trained model and what it was trained on (cached by file and modification time);
    a missing, foreign, truncated or damaged file raises ``BadInput`` naming it."""
    file = Path(path)
    if not file.is_file():
        raise BadInput("bots: ppo path", f"a model file written by kaboom train, got {path!r}")
    key = (str(file.resolve()), file.stat().st_mtime)
    if key not in _MODELS:
        try:
            with zipfile.ZipFile(file) as z:
                meta = json.loads(z.read(META))
        except (zipfile.BadZipFile, KeyError, json.JSONDecodeError, OSError):
            raise BadInput(
                "bots: ppo path", f"{path}: not a model written by kaboom train"
            ) from None
        from sb3_contrib import MaskablePPO

        try:
            policy = MaskablePPO.load(file, device="cpu")
        except (ValueError, RuntimeError, EOFError, OSError, zipfile.BadZipFile) as err:
            # (a member damaged: sb3 says the file "wasn't a zip-file", torch that it cannot
            # read its stream; a table shows the one line, never a traceback)
            raise BadInput("bots: ppo path", f"{path}: a damaged model ({err})") from None
        _MODELS[key] = (policy, meta)
    return _MODELS[key]


class PpoBot:
    """A trained MaskablePPO policy playing its seat from the seat's vector and mask."""

    def __init__(self, path: str, seed: int, sample: bool = False) -> None:
        self.model, self.meta = load_model(path)
        self.name = f"ppo:{Path(path).name}"
        self.sample = sample
        self.seed = seed

    def act(self, view: PlayerView) -> int:
        obs = view.observation()
        players = len(obs["players"])
        meta = self.meta
        if (obs["game"], players) != (meta["game"], meta["players"]):
            raise BadInput(
                "bots: ppo",
                f"the model plays {meta['game']} at {meta['players']} players, "
                f"not {obs['game']} at {players}",
            )
        legal = view.legal_actions()
        encoder = encoder_of(view.game_class, players, int(meta["actions"]))
        mask = encoder.mask(legal).astype(bool)
        if self.sample:  # (seeded per decision: the same view, the same choice)
            import torch

            torch.manual_seed(hash((self.seed, json.dumps(obs, sort_keys=True))) % 2**63)
        action, _ = self.model.predict(
            encoder.encode(obs), action_masks=mask, deterministic=not self.sample
        )
        return int(action) if int(action) in legal else legal[0]


def ppo_bot(params: str, seed: int, game: str | None) -> Bot:
    """``ppo:path=FILE[:sample=1]`` or ``ppo:model=NAME`` (the ``kaboom.bots`` entry point)."""
    args = _params(params, "ppo", ("path", "model", "sample"))
    if "model" in args:
        if args["model"] not in shipped_models():
            raise BadInput("bots: ppo model", f"one of {', '.join(shipped_models())}")
        args["path"] = str(MODELS / f"{args['model']}.zip")
    if "path" not in args:
        raise BadInput("bots: ppo", "ppo:path=FILE (a model written by kaboom train) or "
                       f"ppo:model=NAME ({', '.join(shipped_models())})")  # fmt: skip
    if args.get("sample", "0") not in ("0", "1"):
        raise BadInput("bots: ppo sample", f"0 or 1, got {args['sample']!r}")
    bot = PpoBot(args["path"], seed, args.get("sample") == "1")
    if game is not None and game != bot.meta["game"]:
        raise BadInput("bots: ppo", f"the model plays {bot.meta['game']}, not {game}")
    return bot


def shipped_for(game: str) -> dict[int, str]:
    """The shipped models of ``game``, by player count (their names are ``GAME-Np``)."""
    found = {}
    for name in shipped_models():
        stem, _, count = name.rpartition("-")
        if stem == game and count.endswith("p") and count[:-1].isdigit():
            found[int(count[:-1])] = name
    return found


def _shipped_words() -> str:
    return ", ".join(shipped_models()) or "none"


class LearnedBot:
    """``learned``: the shipped model for its game at the table's count of seats."""

    def __init__(self, game: str, seed: int) -> None:
        self.game, self.seed = game, seed
        self.name = "learned"
        self.models = shipped_for(game)
        self.playing: PpoBot | None = None

    def act(self, view: PlayerView) -> int:
        if self.playing is None:
            players = len(view.observation()["players"])
            if players not in self.models:
                said = f"none is shipped for {self.game} at {players} players ({_shipped_words()})"
                raise BadInput("bots: learned", f"a game with a learned model: {said}")
            self.playing = PpoBot(str(MODELS / f"{self.models[players]}.zip"), self.seed)
        return self.playing.act(view)


def learned_bot(params: str, seed: int, game: str | None) -> Bot:
    """``learned`` (the ``kaboom.bots`` entry point): no parameters; a game with no shipped
    model is refused here, naming the models there are."""
    if params.strip():
        raise BadInput("bots: learned", f"no parameters (the model is chosen), got {params!r}")
    if game is None:
        raise BadInput("bots: learned", "a game (the model is the game's)")
    if not shipped_for(game):
        raise BadInput("bots: learned", f"a game with a learned model: none is shipped for "
                       f"{game} ({_shipped_words()})")  # fmt: skip
    return LearnedBot(game, seed)


# -- OpenSpiel's ISMCTS ------------------------------------------------------------------------
#: OpenSpiel's ISMCTS counts no visit at its root until its second simulation (the first
#: expands it), and asserts visits before it answers.
MIN_SIMULATIONS = 2


class OpenSpielIsmcts:
    """OpenSpiel's Python ISMCTS bot, its search started from a world sampled from the
    seat's observation; with ``seconds`` it searches until the time is up (at least two
    simulations) instead of a fixed count."""

    def __init__(
        self, seed: int, iterations: int, seconds: float | None, c: float, rollouts: int
    ) -> None:
        self.seed, self.iterations, self.seconds = seed, iterations, seconds
        self.c, self.rollouts = c, rollouts
        self.rng = random.Random(seed)
        budget = f"{seconds:g}s" if seconds is not None else str(iterations)
        self.name = f"openspiel-ismcts:{budget}"

    def act(self, view: PlayerView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        from open_spiel.python.algorithms import mcts

        from kaboom.rl.spiel import KaboomSpielState, load

        obs = view.observation()
        game = load(obs["game"], len(obs["players"]), self.rng.getrandbits(31), **view.options)
        root = KaboomSpielState(game, view.determinize(random.Random(self.rng.getrandbits(63))))
        randomness = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, randomness)
        bot = _TimedIsmcts(game, evaluator, self.c, self.iterations, randomness, self.seconds)
        return int(bot.step(root))


def _timed_class() -> type:
    from open_spiel.python.algorithms import ismcts

    class TimedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]
        """ISMCTSBot whose search may run for a time instead of a count."""

        def __init__(
            self,
            game: object,
            evaluator: object,
            c: float,
            sims: int,
            rng: object,
            seconds: float | None,
        ) -> None:
            final = ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
            super().__init__(game, evaluator, c, sims, random_state=rng, final_policy_type=final)
            self.seconds = seconds

        def run_search(self, state: Any) -> Any:
            if self.seconds is None:
                return super().run_search(state)
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline, done = time.perf_counter() + self.seconds, 0
            while done < MIN_SIMULATIONS or time.perf_counter() < deadline:
                self.run_simulation(self.sample_root_state(state))
                done += 1
            return self.get_final_policy(state, self._root_node)

    return TimedIsmcts


def _TimedIsmcts(*args: object) -> Any:
    global _TIMED
    if _TIMED is None:
        _TIMED = _timed_class()
    return _TIMED(*args)


_TIMED: type | None = None


def openspiel_ismcts_bot(params: str, seed: int, game: str | None) -> Bot:
    """``openspiel-ismcts:iterations=N`` / ``:seconds=S``, ``:c=X``, ``:rollouts=R``."""
    kind = "openspiel-ismcts"
    args = _params(params, kind, ("iterations", "seconds", "c", "rollouts"))
    iterations = int(_positive(args, "iterations", "1000", kind))
    if iterations < MIN_SIMULATIONS:
        raise BadInput(f"bots: {kind} iterations", f"{MIN_SIMULATIONS} or more, got {iterations}")
    seconds = _positive(args, "seconds", "1", kind) if "seconds" in args else None
    c = _positive(args, "c", "2", kind)
    rollouts = int(_positive(args, "rollouts", "1", kind))
    return OpenSpielIsmcts(seed, iterations, seconds, c, rollouts)
