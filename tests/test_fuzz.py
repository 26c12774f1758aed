"""Fuzzing every door input comes in by (issue 15): action texts, action ids, stored states,
scenario files and data files. Every input is refused with ``IllegalAction`` / ``BadInput``
/ ``BadOption`` (naming a field), or accepted; never another exception; and a refused
action changes nothing. Deterministic (``derandomize``) and a few seconds per property; the
Hypothesis profile scales the examples (``tests/scale.py``: a tenth in ``make check``)."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaboom.engine.datafile import read_toml
from kaboom.engine.errors import BadInput, BadOption, IllegalAction, KaboomError
from kaboom.engine.registry import list_games, new_game, state_from_json
from kaboom.engine.scenario import run, validate
from kaboom.engine.state import State
from kaboom.games.board import data as board_data
from kaboom.games.eleminis import deck as eleminis_deck
from kaboom.games.kittens import edition as kittens_edition
from kaboom.games.kittens.dynamitt import build_edition, parse_ranks
from scale import scaled

GAMES = [spec.game_id for spec in list_games()]
REFUSED = (IllegalAction, BadInput, BadOption)
FUZZ = settings(
    max_examples=scaled(150),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SCENARIOS = Path(__file__).parent / "scenarios"


@cache
def positions(game: str) -> tuple[State, ...]:
    """A few positions of ``game``: fresh deals and states a random game reached (only
    those whose JSON loads back: a position is a real one)."""
    found: list[State] = []
    for seed, players in ((1, 2), (2, 3), (3, 2)):
        state = new_game(game, players, seed)
        rng = random.Random(seed)
        for step in range(40):
            if state.is_over:
                break
            if step % 13 == 0:
                try:
                    state_from_json(state.to_json())
                except BadInput:
                    break
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return tuple(found)


def refused_changes_nothing(state: State, act: Callable[[], object]) -> None:
    before = state.to_json()
    try:
        act()
    except REFUSED as err:
        assert str(err)
        assert state.to_json() == before, f"a refused input changed the state: {err}"


# -- action texts and ids --------------------------------------------------------------------

ACTION_WORDS = st.sampled_from(
    ["play", "place", "pair", "triple", "five", "swap", "swap-with", "move", "discard",
     "recycle", "defuse", "nope", "pass", "draw", "give", "take", "->", "@", "p0.", "=", "+"]
)  # fmt: skip
TEXTS = st.one_of(
    st.text(),
    st.lists(st.one_of(ACTION_WORDS, st.text(max_size=6)), max_size=5).map(" ".join),
)


@FUZZ
@given(game=st.sampled_from(GAMES), at=st.integers(0, 20), text=TEXTS)
def test_any_action_text_is_parsed_or_refused(game: str, at: int, text: str) -> None:
    state = positions(game)[at % len(positions(game))].clone()
    try:
        action = state.parse_action(text)
    except REFUSED:
        return
    assert isinstance(action, int) and 0 <= action < state.num_distinct_actions
    refused_changes_nothing(state, lambda: state.apply(action))


ANY_ID = st.one_of(
    st.integers(),
    st.integers(-10, 3000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
)


@FUZZ
@given(game=st.sampled_from(GAMES), at=st.integers(0, 20), action=ANY_ID)
def test_any_action_id_is_applied_or_refused(game: str, at: int, action: Any) -> None:
    state = positions(game)[at % len(positions(game))].clone()
    for seat in (None, 0, 1, 7, -1):
        other = state.clone()
        refused_changes_nothing(other, partial(other.apply, action, seat))
    refused_changes_nothing(state, lambda: state.apply(action))
    size = state.num_distinct_actions
    if not _an_id(state, action):  # not an action id at all: refused, naming the range
        for words in (state.action_text, state.explain_illegal):
            with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
                words(action)
        return
    text = state.action_text(action)
    assert isinstance(text, str) and text, f"action_text({action!r}): {text!r}"
    if action not in state.legal_actions():  # explain_illegal explains what is not legal
        rule, reason = state.explain_illegal(action)
        assert isinstance(rule, str) and rule and isinstance(reason, str) and reason


def _an_id(state: State, action: object) -> bool:
    """Whether ``action`` is an action id of ``state``'s game (legal now or not)."""
    return type(action) is int and 0 <= action < state.num_distinct_actions


# -- mutations of real data ------------------------------------------------------------------

WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([-1, 0, 1, 2, 7, 999, 10**6, 10**18, -(10**18)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.integers(-2, 1000), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a part of a JSON-like value (the value itself included)."""
    out = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, (*at, i))
    return out


def mutate(data: st.DataObject, value: Any, keep: frozenset[str] = frozenset()) -> Any:
    """``value`` with one part dropped, retyped or perturbed (a deep copy)."""
    value = copy.deepcopy(value)
    candidates = [p for p in paths(value) if p and not (len(p) == 1 and p[0] in keep)]
    if not candidates:
        return value
    path = data.draw(st.sampled_from(candidates))
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    key, old = path[-1], parent[path[-1]]
    how = data.draw(st.sampled_from(["drop", "retype", "perturb", "append"]))
    if how == "drop":
        del parent[key]
    elif how == "perturb" and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + data.draw(st.sampled_from([-1, 1, -old - 1, 10**9, -(10**9)]))
    elif how == "append" and isinstance(old, list):
        old.append(data.draw(WRONG) if data.draw(st.booleans()) else copy.deepcopy(old[:1]))
    else:
        parent[key] = data.draw(WRONG)
    return value


@FUZZ
@given(game=st.sampled_from(GAMES), at=st.integers(0, 20), data=st.data())
def test_any_stored_state_loads_or_is_refused(game: str, at: int, data: st.DataObject) -> None:
    raw = json.loads(json.dumps(positions(game)[at % len(positions(game))].to_json()))
    for _ in range(data.draw(st.integers(1, 3))):
        raw = mutate(data, raw, keep=frozenset({"game"}))
    try:
        state = state_from_json(raw)
    except BadInput as err:
        assert err.field
        return
    assert state.to_json()["game"] == game


@cache
def scenario_files() -> tuple[Path, ...]:
    return tuple(sorted(SCENARIOS.glob("*/*.json")))


@FUZZ
@given(index=st.integers(0, 10**6), data=st.data())
def test_any_scenario_file_runs_or_is_refused(index: int, data: st.DataObject) -> None:
    files = scenario_files()
    path = files[index % len(files)]
    raw = mutate(data, json.loads(path.read_text(encoding="utf-8")))
    try:
        run(validate(raw, path.name), path.name, path.parent)
    except REFUSED as err:
        assert str(err)
    except KaboomError as err:  # an unknown game id is refused naming the known ones
        assert "unknown game" in str(err)


KITTENS_DIR = kittens_edition.DATA_DIR
DATA_FILES: dict[str, tuple[Path, Callable[[dict[str, Any], str], object]]] = {
    "original": (KITTENS_DIR / "original.toml", kittens_edition.parse_edition),
    "minions": (KITTENS_DIR / "minions.toml", kittens_edition.parse_edition),
    "dynamitt": (
        KITTENS_DIR / "dynamitt.toml",
        lambda raw, source: build_edition(raw, parse_ranks(raw.get("ranks"), source), source),
    ),
    "board": (board_data.DATA, board_data.parse_box),
    "eleminis": (eleminis_deck.DATA, eleminis_deck.parse_deck),
}


@cache
def shipped(name: str) -> dict[str, Any]:
    return tomllib.loads(DATA_FILES[name][0].read_text(encoding="utf-8"))


@FUZZ
@given(name=st.sampled_from(sorted(DATA_FILES)), data=st.data())
def test_any_data_file_loads_or_is_refused(name: str, data: st.DataObject) -> None:
    path, parse = DATA_FILES[name]
    raw = shipped(name)
    for _ in range(data.draw(st.integers(1, 3))):
        raw = mutate(data, raw)
    try:
        parse(raw, path.name)
    except BadInput as err:
        assert path.name in err.field or err.field.startswith(("card", "setup"))


@settings(max_examples=scaled(60), derandomize=True, deadline=None)
@given(name=st.sampled_from(sorted(DATA_FILES)), cut=st.integers(0, 10**6), junk=st.binary())
def test_any_bytes_in_a_data_file_load_or_are_refused(
    name: str, cut: int, junk: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    original = DATA_FILES[name][0].read_bytes()
    at = cut % (len(original) + 1)
    path = tmp_path_factory.mktemp("data") / "fuzzed.toml"
    path.write_bytes(original[:at] + junk + original[at:])
    try:
        DATA_FILES[name][1](read_toml(path), path.name)
    except BadInput as err:
        assert err.field
