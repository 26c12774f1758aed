"""The game registry: games register themselves; the engine imports none of them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kaboom.engine.datafile import GameHeader
from kaboom.engine.errors import BadInput, BadOption, UnknownGame
from kaboom.engine.options import Option, resolve_options
from kaboom.engine.playout import Playout
from kaboom.engine.state import State

#: Modules that register the built-in games when imported (plugins may add their own).
BUILTIN_GAME_MODULES = ("kaboom.games.kittens", "kaboom.games.eleminis", "kaboom.games.board")


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of a game: its id, seats, options, how to start it, the
    family it belongs to (adapters that draw or play a family look it up here, never by
    the state's class) and how a search plays it out."""

    game_id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    start: Callable[[int, int, dict[str, Any]], State]
    state_class: type[State]
    summary: str = ""
    #: The family: games that share rules, observations and heuristics ("exploding",
    #: "board", "eleminis"); a new game names its own.
    family: str = ""
    playout: Playout[Any] = field(default_factory=Playout)

    def check_players(self, players: object) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption("players", f"an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadOption(
                "players",
                f"{self.name} takes {self.min_players} to {self.max_players} players, "
                f"got {players}",
            )


_REGISTRY: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (called by each game's package on import)."""
    _REGISTRY[spec.game_id] = spec
    return spec


def register_game(
    state_class: type[State],
    header: GameHeader,
    options: tuple[Option, ...],
    family: str,
    playout: Playout[Any] | None = None,
) -> GameSpec:
    """Register a game from its state class, its data file's header, its options, its
    family and its playout (uniformly random by default)."""
    return register(
        GameSpec(
            game_id=header.id,
            name=header.name,
            min_players=header.min_players,
            max_players=header.max_players,
            options=options,
            start=state_class.start,
            state_class=state_class,
            summary=header.summary,
            family=family,
            playout=playout or Playout(),
        )
    )


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN_GAME_MODULES:
            importlib.import_module(module)


def get_game(game_id: str) -> GameSpec:
    """The registered game ``game_id``; raises ``UnknownGame`` listing the known ones."""
    _load_builtins()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise UnknownGame(game_id, sorted(_REGISTRY)) from None


def list_games() -> list[GameSpec]:
    """Every registered game, by id."""
    _load_builtins()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def new_game(game_id: str, players: int, seed: int = 0, **options: Any) -> State:
    """Start ``game_id`` for ``players`` seats, dealt from ``seed``, with checked options.

    >>> s = new_game("exploding-kittens", players=2, seed=1)
    >>> s.players, s.to_act
    (2, 0)
    """
    spec = get_game(game_id)
    spec.check_players(players)
    resolved = resolve_options(spec.options, options)
    return spec.state_class.variant(resolved).start(players, seed, resolved)


def refused_option(game_id: str, players: int, options: dict[str, Any]) -> str | None:
    """The option ``new_game`` refuses with these settings, by name (its ``BadOption``),
    or None where it deals: how a picker or a lobby offers only settings the game takes.

    >>> refused_option("eleminis", 5, {"teams": 2}), refused_option("eleminis", 4, {"teams": 2})
    ('teams', None)
    """
    try:
        new_game(game_id, players, 0, **options)
    except BadOption as e:
        return e.option
    return None


def state_from_json(raw: object) -> State:
    """Rebuild any registered game's state from :meth:`State.to_json` output; a malformed
    state raises ``BadInput`` naming the field."""
    if not isinstance(raw, dict):
        raise BadInput("state", "a JSON object written by to_json")
    spec = get_game(str(raw.get("game")))
    players, options = raw.get("players"), raw.get("options")
    try:
        spec.check_players(players)
    except BadOption as err:
        raise BadInput("state.players", err.reason) from None
    if not isinstance(options, dict):
        raise BadInput("state.options", f"an object of options, got {options!r}")
    try:  # each option checked as new_game checks it (the state keeps them as stored)
        resolve_options(spec.options, options)
        return spec.state_class.variant(dict(options)).from_json(raw)
    except BadOption as err:
        raise BadInput(f"state.options.{err.option}", err.reason) from None
