"""The game registry: games register themselves; the engine imports none of them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from kaboom.engine.errors import BadOption, UnknownGame
from kaboom.engine.options import Option, resolve_options
from kaboom.engine.state import State

#: Modules that register the built-in games when imported (plugins may add their own).
BUILTIN_GAME_MODULES = ("kaboom.games.kittens", "kaboom.games.eleminis", "kaboom.games.board")


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What the registry knows of a game: its id, seats, options and how to start it."""

    game_id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    start: Callable[[int, int, dict[str, Any]], State]
    state_class: type[State]
    summary: str = ""

    def check_players(self, players: int) -> None:
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


class GameData(Protocol):
    """What a game's data file says of the game itself."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...


def register_game(
    state_class: type[State], data: GameData, options: tuple[Option, ...]
) -> GameSpec:
    """Register a game from its state class, its data file's header and its options."""
    return register(
        GameSpec(
            game_id=data.id,
            name=data.name,
            min_players=data.min_players,
            max_players=data.max_players,
            options=options,
            start=state_class.start,
            state_class=state_class,
            summary=data.summary,
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


def state_from_json(raw: dict[str, Any]) -> State:
    """Rebuild any registered game's state from :meth:`State.to_json` output."""
    state_class = get_game(str(raw.get("game"))).state_class
    return state_class.variant(dict(raw.get("options") or {})).from_json(raw)
