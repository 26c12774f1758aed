"""A conformance check any game can call: the contract's invariants over random games.

Like OpenSpiel's ``random_sim_test``: :func:`check_game` plays seeded random games of a
registered game at each player count and checks, at every step, what every game owes its
adapters (docs/adding-a-game.md); :func:`perft` counts the lines of play from a position to a
small depth, for the fixtures of ``tests/perft/``. A broken invariant raises
:class:`ConformanceError` naming the game, the seats, the seed, the step and the invariant.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import fastjsonschema
from mypy_extensions import mypyc_attr

from kaboom.engine.errors import IllegalAction
from kaboom.engine.observation import family_schema, schema
from kaboom.engine.registry import get_game, new_game, state_from_json
from kaboom.engine.state import Observation, State


def _required_keys() -> frozenset[str]:
    """The shared schema's ``required``: a list of names."""
    keys = schema()["required"]
    assert isinstance(keys, list)
    return frozenset(str(key) for key in keys)


#: The top-level keys every observation has (its family's section comes on top).
SHARED_KEYS = _required_keys()


@mypyc_attr(native_class=False)  # compiled classes cannot derive from AssertionError
class ConformanceError(AssertionError):
    """A game broke one of the contract's invariants."""


@dataclass(frozen=True)
class Where:
    """Which game, seats, seed and step a check is at (for the error's message)."""

    game: str
    players: int
    seed: int
    step: int

    def fail(self, invariant: str, detail: str) -> ConformanceError:
        return ConformanceError(
            f"{self.game}, {self.players} players, seed {self.seed}, step {self.step}: "
            f"{invariant}: {detail}"
        )


@dataclass(frozen=True)
class Report:
    """What a check covered: games played and steps checked."""

    games: int
    steps: int


def check_game(
    game_id: str,
    players: Iterable[int] | None = None,
    seeds: Iterable[int] = (0, 1, 2),
    options: Mapping[str, object] | None = None,
    max_steps: int = 5000,
) -> Report:
    """Play a random game of ``game_id`` from each seed at each player count (every count
    the game takes by default) and check the contract at every step:

    - while ``to_act`` is a seat, ``legal_actions`` is non-empty, each action once, each an
      ``int`` in ``0..num_distinct_actions - 1``; every legal action's text parses back to it;
    - an illegal action id, an id out of range, a ``bool`` and a ``float`` raise
      ``IllegalAction`` and change nothing (``to_json`` is equal before and after);
    - ``to_json`` survives ``json.dumps``/``loads`` and ``state_from_json`` unchanged, and
      ``clone`` copies it;
    - every seat's and the spectator's observation has the shared keys and the family's
      section only, and validates against ``engine/schemas/observation.schema.json`` and the
      family's ``observation.schema.json`` (found in the state class's package);
    - every seat observes the same in a determinisation for that seat as in the state, and
      determinising changes nothing;
    - where the state declares ``card_count()``, it stays what it was at the deal;
    - the game ends within ``max_steps`` actions, and its seed and history replay to an
      identical ``to_json``.

    Returns how many games and steps were checked.

    >>> from kaboom.engine.registry import get_game
    >>> check_game("eleminis", players=[2], seeds=[1]).games
    1
    """
    spec = get_game(game_id)
    counts = list(players) if players is not None else range(spec.min_players, spec.max_players + 1)
    games = steps = 0
    for n in counts:
        for seed in seeds:
            steps += _check_one(game_id, n, seed, dict(options or {}), max_steps)
            games += 1
    return Report(games, steps)


def _check_one(game_id: str, n: int, seed: int, options: dict[str, object], max_steps: int) -> int:
    """One random game from ``seed``: every invariant at every step; the steps played."""
    state = new_game(game_id, n, seed, **options)
    rng = random.Random(seed)
    dealt = state.card_count()
    for step in range(max_steps + 1):
        where = Where(game_id, n, seed, step)
        _check_position(state, where, rng)
        cards = state.card_count()
        if dealt is not None and cards != dealt:
            raise where.fail("conservation", f"card_count() {cards}, dealt {dealt}")
        if state.to_act is None:
            _check_replay(state, game_id, seed, options, where)
            return step
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    raise Where(game_id, n, seed, max_steps).fail("ends", f"not over after {max_steps} actions")


def _check_position(state: State, where: Where, rng: random.Random) -> None:
    _check_legal(state, where)
    _check_refusals(state, where)
    _check_json(state, where)
    for seat in [*range(state.players), None]:
        _check_observation(state, state.observe(seat), seat, where)
    if state.to_act is not None:
        for seat in range(state.players):
            _check_determinization(state, seat, rng, where)


def _check_legal(state: State, where: Where) -> None:
    legal = state.legal_actions()
    if state.to_act is None:
        return
    if not legal:
        raise where.fail("legal actions", f"none, while seat {state.to_act} is to act")
    if len(set(legal)) != len(legal):
        raise where.fail("legal actions", f"an action listed twice in {legal}")
    for a in legal:
        if type(a) is not int or not 0 <= a < state.num_distinct_actions:
            raise where.fail(
                "legal actions", f"{a!r} is not in 0..{state.num_distinct_actions - 1}"
            )
        text = state.action_text(a)
        back = state.parse_action(text)
        if back != a:
            raise where.fail("action text", f"{a} -> {text!r} -> {back}")


def _check_refusals(state: State, where: Where) -> None:
    """Refused actions raise ``IllegalAction`` and leave the state as it was."""
    legal = set(state.legal_actions())
    size = state.num_distinct_actions
    illegal = [a for a in range(size) if a not in legal][:1]
    before = state.to_json()
    for bad in [*illegal, size, -1, True, 1.5]:
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            raise where.fail("refused actions", f"apply({bad!r}) was accepted")
        if state.to_json() != before or set(state.legal_actions()) != legal:
            raise where.fail("refused actions", f"apply({bad!r}) was refused but changed the state")


def _check_json(state: State, where: Where) -> None:
    raw = state.to_json()
    text = json.dumps(raw)
    if json.loads(text) != raw:
        raise where.fail("JSON", "to_json is not plain JSON (dumps/loads changes it)")
    back = state_from_json(json.loads(text)).to_json()
    if back != raw:
        raise where.fail("JSON round trip", _first_difference(raw, back))
    copy = state.clone().to_json()
    if copy != raw:
        raise where.fail("clone", _first_difference(raw, copy))


def validate_observation(state: State, seat: int | None) -> Observation:
    """``state.observe(seat)``, checked: the shared keys and the family's section only, each
    valid against its schema (docs/observations.md); else :class:`ConformanceError`."""
    obs = state.observe(seat)
    _check_observation(
        state, obs, seat, Where(state.game_id, state.players, -1, len(state.history))
    )
    return obs


def _check_observation(state: State, obs: Observation, seat: int | None, where: Where) -> None:
    family = get_game(state.game_id).family
    wanted = SHARED_KEYS | {family}
    if set(obs) != wanted:
        raise where.fail(
            "observation keys",
            f"seat {seat}: extra {sorted(set(obs) - wanted)}, missing {sorted(wanted - set(obs))}",
        )
    error = _schema_error(None, obs)
    if error:
        raise where.fail("observation schema", f"seat {seat}: {error}")
    package = family_package(type(state))
    properties = family_schema(package).get("properties", {})
    whole = isinstance(properties, dict) and family in properties
    error = _schema_error(package, obs if whole else obs[family])
    if error:
        raise where.fail(f"{family} schema", f"seat {seat}: {error}")
    if obs["seat"] != seat or len(obs["players"]) != state.players:
        raise where.fail("observation", f"seat {seat}: wrong seat or number of players")


def _check_determinization(state: State, seat: int, rng: random.Random, where: Where) -> None:
    before = state.to_json()
    seen = state.observe(seat)
    sampled = state.determinize(seat, random.Random(rng.random()))
    if state.to_json() != before:
        raise where.fail("determinize", f"seat {seat}: determinising changed the state")
    again = sampled.observe(seat)
    if again != seen:
        raise where.fail("observation invariance", f"seat {seat}: {_first_difference(seen, again)}")


def _check_replay(
    state: State, game_id: str, seed: int, options: dict[str, object], where: Where
) -> None:
    replay = new_game(game_id, state.players, seed, **options)
    for a in state.history:
        replay.apply(a)
    if replay.to_json() != state.to_json():
        raise where.fail("replay", _first_difference(state.to_json(), replay.to_json()))


def family_package(state_class: type[State]) -> str:
    """The package of a game's family (where its ``observation.schema.json`` is): the
    state class's package (``kaboom.games.kittens`` for ``kaboom.games.kittens.state``)."""
    cls: type = state_class  # (compiled, a class's __module__ is read as a type's)
    module = importlib.import_module(cls.__module__)
    return module.__package__ or cls.__module__


@cache
def _validator(package: str | None) -> Callable[[object], object]:
    """The validator of the shared schema (``None``) or of a family's section, compiled to
    Python by fastjsonschema: the check validates every seat's observation at every step,
    and jsonschema's interpreted validation was 86% of its time (24 times slower, measured
    on a Dynamitt game's 2,233 observations). Scenario files, read once and told to a
    person, keep jsonschema's fuller messages (``engine.scenario.validate``)."""
    return fastjsonschema.compile(schema() if package is None else family_schema(package))


def _schema_error(package: str | None, value: object) -> str | None:
    """Where ``value`` first breaks its schema and how (``players/0/hand: must be array``),
    or ``None`` where it is valid."""
    try:
        _validator(package)(value)
    except fastjsonschema.JsonSchemaValueException as error:
        where = "/".join(str(p) for p in error.path[1:]) or "(top)"  # (path[0] is "data")
        return f"{where}: {error.message.removeprefix(error.name or '').strip()}"
    return None


def _first_difference(a: object, b: object, path: str = "") -> str:
    """Where two JSON values first differ, as a path."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}/{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}/{i}")
    return f"{path or '(top)'}: {a!r} != {b!r}"


def perft(state: State, depth: int) -> int:
    """How many distinct lines of play lead from ``state`` to ``depth`` actions deep (a
    line that ends the game sooner counts once), like chess's perft: fixtures of exact
    counts (``tests/perft/``) catch any change in what is legal. Chance is part of the
    state (its RNG), so each line's positions are fixed.

    >>> from kaboom.engine.registry import new_game
    >>> perft(new_game("eleminis", 2, seed=1), 0)
    1
    """
    if depth == 0 or state.to_act is None:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total
