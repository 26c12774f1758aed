"""Every kaboom game as an OpenSpiel Python game (``pyspiel``).

``kaboom_exploding_kittens``, ``kaboom_exploding_minions``, ``kaboom_dynamitt``,
``kaboom_kittens_board_game`` and ``kaboom_eleminis`` are registered by :func:`register`
(``load`` registers them first): ``pyspiel.load_game("kaboom_dynamitt", {"players": 4})``.
Parameters: ``players``, ``rng_seed`` (the deals of successive ``new_initial_state``
calls) and ``options`` (the game's options as a JSON object, ``"{}"`` by default).

The game type: sequential, imperfect information, *sampled stochastic* (chance is the
game's own: each deal and every shuffle is drawn inside the state from its seeded RNG, so
OpenSpiel sees no chance nodes), general-sum, terminal rewards +1 for a winner and -1 for
every other seat. Observation and information-state tensors are the seat's vector of
``kaboom.rl.encoding`` and the strings its observation as JSON: kaboom's observation is
the seat's information set (``known`` keeps what it saw), so the two are the same.
``resample_from_infostate`` samples a world with ``State.determinize``, from the seat's
observation alone; OpenSpiel's ISMCTS uses it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from kaboom.engine.errors import BadOption
from kaboom.engine.registry import get_game, list_games, new_game
from kaboom.engine.state import State
from kaboom.rl.encoding import Encoder, encoder_for
from kaboom.rl.pettingzoo_env import render_text

#: A bound on any game's decisions, for OpenSpiel's ``max_game_length`` only (games end far
#: sooner: an Original game at 2 players takes about 55 decisions).
MAX_GAME_LENGTH = 100_000


def short_name(game: str) -> str:
    """The OpenSpiel name of a kaboom game.

    >>> short_name("kittens-board-game")
    'kaboom_kittens_board_game'
    """
    return "kaboom_" + game.replace("-", "_")


class _Held:
    """The kaboom state (and its OpenSpiel game) inside an OpenSpiel state: OpenSpiel
    clones a Python state by ``deepcopy`` of its attributes, and this makes that the
    engine's own ``clone``, the game shared."""

    __slots__ = ("game", "state")

    def __init__(self, game: KaboomSpielGame, state: State | None) -> None:
        self.game, self.state = game, state

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.game, None if self.state is None else self.state.clone())


class KaboomSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One kaboom game at one player count, for OpenSpiel (a subclass per kaboom game is
    registered, :func:`register`)."""

    kaboom_game_id = ""

    def __init__(self, params: Mapping[str, bool | int | float | str] | None = None) -> None:
        game = self.kaboom_game_id
        params = dict(params or {})
        spec = get_game(game)
        players = int(params.get("players", spec.min_players))
        spec.check_players(players)
        try:
            options = json.loads(str(params.get("options", "{}")))
        except json.JSONDecodeError as err:
            raise BadOption("options", f"a JSON object of game options ({err})") from None
        if not isinstance(options, dict):
            raise BadOption("options", f"a JSON object of game options, got {options!r}")
        self.kaboom_game, self.players, self.options = game, players, options
        first = new_game(game, players, 0, **options)
        self.encoder: Encoder = encoder_for(first)
        self.deals = random.Random(int(params.get("rng_seed", 0)))
        self.samples = random.Random(int(params.get("rng_seed", 0)) ^ 0x5A5A)
        info = pyspiel.GameInfo(
            num_distinct_actions=first.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(game), info, params)

    def new_initial_state(self, *_: object) -> KaboomSpielState:
        return KaboomSpielState(self)

    def make_py_observer(
        self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
    ) -> KaboomObserver:
        return KaboomObserver(self, iig_obs_type, params)


class KaboomSpielState(pyspiel.State):  # type: ignore[misc]
    """A kaboom game in progress, for OpenSpiel; the deal is drawn when first needed (a
    clone's attributes are copied over a fresh state's before it is)."""

    def __init__(self, game: KaboomSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        self._held = _Held(game, state)

    @property
    def kaboom(self) -> State:
        """The kaboom state (dealt on first use)."""
        held = self._held
        if held.state is None:
            g = held.game
            held.state = new_game(g.kaboom_game, g.players, g.deals.getrandbits(63), **g.options)
        return held.state

    def current_player(self) -> int:
        seat = self.kaboom.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.kaboom.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.kaboom.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return f"P{player}: {self.kaboom.action_text(int(action))}"

    def is_terminal(self) -> bool:
        return self.kaboom.is_over

    def returns(self) -> list[float]:
        state = self.kaboom
        if not state.is_over:
            return [0.0] * state.players
        winners = set(state.winners)
        return [1.0 if q in winners else -1.0 for q in range(state.players)]

    def resample_from_infostate(self, player: int, sampler: object) -> KaboomSpielState:
        """A world ``player`` cannot tell from this one, sampled from its observation alone
        (``State.determinize``) with the game's sampling RNG (seeded by ``rng_seed``: the
        same search gives the same samples; ``sampler`` is not needed)."""
        g = self._held.game
        rng = random.Random(g.samples.getrandbits(63))
        return KaboomSpielState(g, self.kaboom.determinize(player, rng))

    def __str__(self) -> str:
        return render_text(self.kaboom)  # a spectator's view: nothing hidden shows


class KaboomObserver:
    """OpenSpiel's Python observer: the tensor is the seat's vector, the string its
    observation as JSON (a spectator's without private information)."""

    def __init__(self, game: KaboomSpielGame, iig_obs_type: object, params: object) -> None:
        if params:
            raise ValueError(f"kaboom observers take no parameters, got {params}")
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        self.public = private != pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.encoder = game.encoder
        self.tensor: npt.NDArray[np.float32] | None = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KaboomSpielState, player: int) -> None:
        assert self.tensor is not None
        if self.public:  # what every seat sees: the spectator's view has no vector of its own
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoder.encode_state(state.kaboom, player)

    def string_from(self, state: KaboomSpielState, player: int) -> str:
        seat = None if self.public else player
        return json.dumps(state.kaboom.observe(seat), sort_keys=True, separators=(",", ":"))


def game_type(game: str) -> Any:
    spec = get_game(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"kaboom {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.min_players, "rng_seed": 0, "options": "{}"},
    )


_registered: set[str] = set()


def register() -> list[str]:
    """Register every kaboom game with OpenSpiel (once); return their short names."""
    names = []
    for spec in list_games():
        name = short_name(spec.game_id)
        if name not in _registered:
            # (a class per game, as OpenSpiel's own Python games register: the registry
            # outlives the interpreter, and a class is still there when it lets go)
            cls = type(f"Kaboom_{name}", (KaboomSpielGame,), {"kaboom_game_id": spec.game_id})
            _CLASSES.append(cls)
            pyspiel.register_game(game_type(spec.game_id), cls)
            _registered.add(name)
        names.append(name)
    return names


_CLASSES: list[type[KaboomSpielGame]] = []


def load(game: str, players: int = 2, rng_seed: int = 0, **options: object) -> Any:
    """``pyspiel.load_game`` of ``game`` at ``players`` seats with ``options``."""
    register()
    params = {"players": players, "rng_seed": rng_seed,
              "options": json.dumps(options, sort_keys=True)}  # fmt: skip
    return pyspiel.load_game(short_name(game), params)
