"""The game registry: games register themselves; the engine imports none of them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from kaboom.engine.datafile import GameHeader
from kaboom.engine.errors import BadInput, BadOption, UnknownGame
from kaboom.engine.options import Option, resolve_options
from kaboom.engine.playout import Playout
from kaboom.engine.state import State
from kaboom.i18n import _

#: The package that lists the built-in games' packages (its ``BUILTIN_GAMES``): the engine
#: names none of them.
GAMES_PACKAGE = "kaboom.games"
#: The entry-point group of games other packages bring: each names a module that registers
#: its games when imported (docs/adding-a-game.md).
GAMES_GROUP = "kaboom.games"


T = TypeVar("T")


class ByFamily(Generic[T]):
    """What one layer keeps per game family (its terminal panel, its heuristic, its RL
    encoder), filled by the family that brings it, never chosen by testing the family's
    name: ``put`` in the running process (a game of another package, a test), or an entry
    point of ``group`` named after the family (pyproject's ``[project.entry-points]``), loaded
    the first time the family is asked for. None for a family that brings none: the layer's
    generic fallback.
    """

    def __init__(self, group: str) -> None:
        #: The entry-point group that names each family's part (``kaboom.panels``).
        self.group = group
        #: The parts found so far, by family; None where a family brings none.
        self.parts: dict[str, T | None] = {}

    def put(self, family: str, part: T) -> T:
        """``family``'s part from now on (what its entry point would name)."""
        self.parts[family] = part
        return part

    def get(self, family: str) -> T | None:
        """``family``'s part, loaded from its entry point the first time; None if none."""
        if family not in self.parts:
            from importlib.metadata import entry_points

            points = entry_points(group=self.group, name=family)
            self.parts[family] = next((point.load() for point in points), None)
        return self.parts[family]


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
            raise BadOption("players", _("an integer, got {value!r}").format(value=players))
        if not self.min_players <= players <= self.max_players:
            why = _("{game} takes {least} to {most} players, got {n}").format(
                game=_(self.name), least=self.min_players, most=self.max_players, n=players
            )
            raise BadOption("players", why)


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


def game_modules() -> list[str]:
    """The modules that register games: the built-in ones ``kaboom.games`` lists, then
    those other packages name under the ``kaboom.games`` entry points."""
    from importlib.metadata import entry_points

    builtin: tuple[str, ...] = importlib.import_module(GAMES_PACKAGE).BUILTIN_GAMES
    return [*builtin, *(point.module for point in entry_points(group=GAMES_GROUP))]


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in game_modules():
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


def new_game(game_id: str, players: int, seed: int = 0, **options: object) -> State:
    """Start ``game_id`` for ``players`` seats, dealt from ``seed``, with checked options.

    >>> s = new_game("exploding-kittens", players=2, seed=1)
    >>> s.players, s.to_act
    (2, 0)
    """
    spec = get_game(game_id)
    spec.check_players(players)
    resolved = resolve_options(spec.options, options)
    return spec.state_class.variant(resolved).start(players, seed, resolved)


def refused_option(game_id: str, players: int, options: Mapping[str, object]) -> str | None:
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
        raise BadInput("state", _("a JSON object written by to_json"))
    spec = get_game(str(raw.get("game")))
    players, options = raw.get("players"), raw.get("options")
    try:
        spec.check_players(players)
    except BadOption as err:
        raise BadInput("state.players", err.reason) from None
    if not isinstance(options, dict):
        raise BadInput(
            "state.options", _("an object of options, got {options!r}").format(options=options)
        )
    try:  # each option checked as new_game checks it (the state keeps them as stored)
        resolve_options(spec.options, options)
        return spec.state_class.variant(dict(options)).from_json(raw)
    except BadOption as err:
        raise BadInput(f"state.options.{err.option}", err.reason) from None
