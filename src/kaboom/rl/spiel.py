"""Every kaboom game as an OpenSpiel Python game (``pyspiel``).

``kaboom_exploding_kittens``, ``kaboom_exploding_minions``, ``kaboom_dynamitt``,
``kaboom_kittens_board_game`` and ``kaboom_eleminis`` are registered by :func:`register`
(``load`` registers them first): ``pyspiel.load_game("kaboom_dynamitt", {"players": 4})``.
Parameters: ``players``, ``rng_seed`` (the search's samples, ``resample_from_infostate``)
and each of the game's options by its own name, with its default (``{"fast": True}``).

The game type: sequential, imperfect information, *explicit stochastic*: a game opens with
``DEAL_DRAWS`` chance nodes, each a byte drawn uniformly (``chance_outcomes``), that make
the deal's 64-bit seed; every shuffle after it comes from the state's RNG, seeded by that
deal, so all of chance is drawn at the root and seen by no seat (what it dealt shows in
each seat's observation). General-sum, terminal rewards +1 for a winner and -1 for every
other seat. Observation and information-state tensors are the seat's vector of
``kaboom.rl.encoding`` and the strings its observation as JSON: kaboom's observation is
the seat's information set (``known`` keeps what it saw), so the two are the same (zeros
and ``""`` before the deal). ``resample_from_infostate`` samples a world with
``State.determinize``, from the seat's observation alone; OpenSpiel's ISMCTS uses it.

Serialisation: ``state.serialize()``, ``game.deserialize_state``,
``pyspiel.serialize_game_and_state`` and ``pickle`` work for every game (a game keeps no
RNG of its own for chance: OpenSpiel cannot save a Python game's RNG, and an explicit chance
mode needs none). A state is kept as its chance draws and the engine's ``to_json``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from kaboom.engine.errors import BadInput, BadOption
from kaboom.engine.registry import get_game, list_games, new_game, state_from_json
from kaboom.engine.state import State
from kaboom.rl.encoding import Encoder, encoder_for
from kaboom.rl.pettingzoo_env import render_text

#: A bound on any game's decisions, for OpenSpiel's ``max_game_length`` only (games end far
#: sooner: an Original game at 2 players takes about 55 decisions).
MAX_GAME_LENGTH = 100_000
#: The chance nodes that open a game (its deal), each a byte: the deal's seed is theirs,
#: the first the highest. Eight bytes: every 64-bit seed ``new_game`` takes.
DEAL_DRAWS = 8
DEAL_OUTCOMES = 256


def short_name(game: str) -> str:
    """The OpenSpiel name of a kaboom game.

    >>> short_name("kittens-board-game")
    'kaboom_kittens_board_game'
    """
    return "kaboom_" + game.replace("-", "_")


class _Held:
    """The kaboom state inside an OpenSpiel state: OpenSpiel clones a Python state by
    ``deepcopy`` of its attributes, and this makes that the engine's own ``clone``; it
    serialises (``pickle``, OpenSpiel's ``serialize``) as the state's ``to_json``."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        saved = None if self.state is None else json.dumps(self.state.to_json())
        return (_held_from, (saved,))


def _held_from(saved: str | None) -> _Held:
    return _Held(None if saved is None else state_from_json(json.loads(saved)))


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
        # the options the game is played with: those given other than their defaults
        options = {o.name: params[o.name] for o in spec.options
                   if o.name in params and params[o.name] != o.default}  # fmt: skip
        self.kaboom_game, self.players, self.options = game, players, options
        self.rng_seed = int(params.get("rng_seed", 0))
        first = new_game(game, players, 0, **options)
        self.encoder: Encoder = encoder_for(first)
        self.samples = random.Random(self.rng_seed ^ 0x5A5A)
        info = pyspiel.GameInfo(
            num_distinct_actions=first.num_distinct_actions,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(game), info, params)

    def new_initial_state(self, *_: object) -> KaboomSpielState:
        return KaboomSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        return DEAL_DRAWS

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its name and parameters (loaded again, kaboom's games registered)."""
        params = {"players": self.players, "rng_seed": self.rng_seed, **self.options}
        return (_load_game, (self.kaboom_game, params))

    def make_py_observer(
        self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
    ) -> KaboomObserver:
        return KaboomObserver(self, iig_obs_type, params)


class KaboomSpielState(pyspiel.State):  # type: ignore[misc]
    """A kaboom game in progress, for OpenSpiel: ``DEAL_DRAWS`` chance nodes (the deal's
    seed, a byte each), then the seats' decisions."""

    def __init__(self, game: KaboomSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        #: The chance draws so far (all of them once dealt; a state made from a kaboom
        #: state, as a bot's search makes one, has none: its deal was not drawn here).
        self._deal: list[int] = []
        self._held = _Held(state)

    @property
    def kaboom(self) -> State:
        """The kaboom state (once dealt: ``BadInput`` at a chance node)."""
        state = self._held.state
        if state is None:
            raise BadInput("state", "a dealt game: the deal's chance nodes come first")
        return state

    @property
    def _game(self) -> KaboomSpielGame:
        """The game (OpenSpiel's own reference: a state's attributes are what it copies and
        serialises, and the game is not one of them)."""
        game: KaboomSpielGame = self.get_game()
        return game

    @property
    def dealt(self) -> bool:
        return self._held.state is not None

    def current_player(self) -> int:
        if not self.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.kaboom.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each byte of the deal's seed, equally likely."""
        return [(k, 1.0 / DEAL_OUTCOMES) for k in range(DEAL_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.kaboom.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.dealt:
            self.kaboom.apply(int(action))
            return
        self._deal.append(int(action))
        if len(self._deal) == DEAL_DRAWS:
            g = self._game
            seed = int.from_bytes(bytes(self._deal), "big")
            self._held.state = new_game(g.kaboom_game, g.players, seed, **g.options)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {len(self._deal)}: {int(action)}"
        return f"P{player}: {self.kaboom.action_text(int(action))}"

    def is_terminal(self) -> bool:
        return self.dealt and self.kaboom.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.players
        state = self.kaboom
        winners = set(state.winners)
        return [1.0 if q in winners else -1.0 for q in range(state.players)]

    def resample_from_infostate(self, player: int, sampler: object) -> KaboomSpielState:
        """A world ``player`` cannot tell from this one, sampled from its observation alone
        (``State.determinize``) with the game's sampling RNG (seeded by ``rng_seed``: the
        same search gives the same samples; ``sampler`` is not needed)."""
        g = self._game
        rng = random.Random(g.samples.getrandbits(63))
        world = KaboomSpielState(g, self.kaboom.determinize(player, rng))
        world._deal = list(self._deal)
        return world

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as OpenSpiel serialises it (``serialize_game_and_state``), loaded again
        with kaboom's games registered."""
        return (_game_and_state, (pyspiel.serialize_game_and_state(self._game, self),))

    def __str__(self) -> str:
        if not self.dealt:
            return f"dealing ({len(self._deal)} of {DEAL_DRAWS} draws)"
        return render_text(self.kaboom)  # a spectator's view: nothing hidden shows


def _load_game(game: str, params: dict[str, object]) -> KaboomSpielGame:
    register()
    loaded: KaboomSpielGame = pyspiel.load_game(short_name(game), params)
    return loaded


def _game_and_state(saved: str) -> KaboomSpielState:
    register()
    _, state = pyspiel.deserialize_game_and_state(saved)
    restored: KaboomSpielState = state
    return restored


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
        if self.public or not state.dealt:  # (a spectator's view has no vector of its own)
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoder.encode_state(state.kaboom, player)

    def string_from(self, state: KaboomSpielState, player: int) -> str:
        if not state.dealt:
            return ""
        seat = None if self.public else player
        return json.dumps(state.kaboom.observe(seat), sort_keys=True, separators=(",", ":"))


def game_type(game: str) -> Any:
    spec = get_game(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"kaboom {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.min_players,
            "rng_seed": 0,
            **{o.name: o.default for o in spec.options},
        },
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
    """``pyspiel.load_game`` of ``game`` at ``players`` seats with ``options`` (each an
    OpenSpiel parameter of its own name; one the game does not have is refused by name)."""
    register()
    known = {o.name for o in get_game(game).options}
    for name in options:
        if name not in known:
            raise BadOption(name, f"an option of {game}: {', '.join(sorted(known)) or 'none'}")
    params = {"players": players, "rng_seed": rng_seed, **options}
    return pyspiel.load_game(short_name(game), params)
