"""Rule scenarios: a rigged (or seeded) setup, actions in text notation, expectations.

The format is documented in docs/scenarios.md and checked against ``scenario.schema.json``.
The runner knows no game: it reads each game's ``facts()`` and ``observe()``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Required, TypedDict, cast

from kaboom._paths import package_dir
from kaboom.engine.datafile import check_schema, read_json
from kaboom.engine.errors import BadInput, IllegalAction, KaboomError
from kaboom.engine.jsonvalue import JsonObject, JsonValue
from kaboom.engine.options import resolve_options
from kaboom.engine.parsing import ascii_number
from kaboom.engine.registry import get_game, new_game
from kaboom.engine.state import State
from kaboom.i18n import SOURCE, _, use_language

SCHEMA_PATH = package_dir("kaboom.engine") / "schemas" / "scenario.schema.json"
#: Expectation keys the runner handles itself; every other key is one of the game's facts.
SPECIAL = frozenset({"events", "no_events", "legal_includes", "legal_excludes", "observe"})


class Refusal(TypedDict):
    """An action that must be refused, naming ``error`` (scenario.schema.json, ``actions``)."""

    do: str
    error: str


class Step(TypedDict, total=False):
    """One step of ``steps``: actions, then what must hold."""

    note: str
    actions: list[str | Refusal]
    expect: JsonObject


class Scenario(TypedDict, total=False):
    """A scenario file as scenario.schema.json describes it."""

    name: Required[str]
    rule: str
    source: str
    game: Required[str]
    players: Required[int]
    options: JsonObject
    seed: int
    setup: JsonObject
    actions: list[str | Refusal]
    expect: JsonObject
    steps: list[Step]


@dataclass
class ScenarioResult:
    """The outcome of one scenario: its name and, when it failed, why."""

    source: str
    name: str
    failures: list[str] = field(default_factory=list)
    actions: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


@cache
def schema() -> JsonObject:
    loaded: JsonObject = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def validate(raw: object, source: str = "scenario") -> Scenario:
    """Check ``raw`` against the schema; the first error names its field."""
    check_schema(raw, schema(), source)
    assert isinstance(raw, dict)
    return cast(Scenario, raw)  # (its shape is what the schema just checked)


def load(path: Path) -> Scenario:
    """Read and validate a scenario file; a bad file raises ``BadInput`` naming the field."""
    return validate(read_json(path), str(path))


def start(raw: Mapping[str, object], folder: Path | None = None) -> State:
    """The scenario's starting state: dealt from the seed, or rigged from ``setup``. An
    option that is a file path and relative is read from ``folder`` (the scenario's).
    ``raw`` has the schema's shape (a ``Scenario``, or a test's table of one)."""
    game, players, seed = raw["game"], raw["players"], raw.get("seed", 0)
    given, setup = raw.get("options", {}), raw.get("setup")
    assert isinstance(game, str) and isinstance(players, int) and isinstance(seed, int)
    assert isinstance(given, dict)
    spec = get_game(game)
    options = dict(given)
    for option in spec.options:
        value = options.get(option.name)
        if option.path and folder is not None and isinstance(value, str) and value:
            options[option.name] = str(folder / value)
    if setup is None:
        return new_game(game, players, seed, **options)
    assert isinstance(setup, dict)
    spec.check_players(players)
    resolved = resolve_options(spec.options, options)
    return spec.state_class.variant(resolved).rig(players, resolved, seed, setup)


def steps(raw: Scenario) -> list[Step]:
    found: list[Step] = list(raw.get("steps", []))
    if "actions" in raw or "expect" in raw:
        found.insert(0, {"actions": raw.get("actions", []), "expect": raw.get("expect", {})})
    return found


def run(raw: Scenario, source: str = "scenario", folder: Path | None = None) -> ScenarioResult:
    """Play a validated scenario; expectation failures are collected, not raised.
    A malformed field (unknown card, option or fact) raises ``BadInput``."""
    result = ScenarioResult(source, raw["name"])
    state = start(raw, folder)
    for i, step in enumerate(steps(raw)):
        where = f"steps[{i}]" if "steps" in raw else "top level"
        events: list[str] = []
        for j, item in enumerate(step.get("actions", [])):
            try:
                failure = _act(state, item, events)
            except BadInput as err:
                prefix = "" if where == "top level" else f"{where}."
                raise BadInput(f"{prefix}actions[{j}]: {err.field}", err.expected) from None
            result.actions += 1
            if failure:
                result.failures.append(f"{where} actions[{j}] {failure}")
                return result
        result.failures += _check(state, step.get("expect", {}), events, where)
        if result.failures:
            return result
    return result


def _act(state: State, item: str | Refusal, events: list[str]) -> str | None:
    """Apply one action item; return a failure message or None. The game is told in
    English, the language scenarios are written in (their events and errors), whatever the
    language of the person who runs them; the failures are said in theirs."""
    text = item if isinstance(item, str) else item["do"]
    seat: int | None = None
    head, sep, tail = text.partition(":")
    if sep and head.strip().isdigit():
        seat, text = int(head), tail.strip()
    if seat is not None and state.to_act != seat:
        why = _("{action!r}: expected seat {seat} to act, but seat {actor} is to act")
        return why.format(action=text, seat=seat, actor=state.to_act)
    if isinstance(item, dict):
        return _refused(state, text, item["error"])
    try:
        action = state.parse_action(text)
        with use_language(SOURCE):
            events += [state.describe(e) for e in state.apply(action)]
    except IllegalAction as err:
        return _("{action!r} was refused: {error}").format(action=text, error=err)
    return None


def _refused(state: State, text: str, error: str) -> str | None:
    """Play ``text``, which the scenario expects refused with an error naming ``error``."""
    before = state.to_json()
    try:
        with use_language(SOURCE):
            state.apply(state.parse_action(text))
    except (IllegalAction, BadInput) as err:
        if state.to_json() != before:
            return _("{action!r} was refused but changed the state").format(action=text)
        if error.lower() not in str(err).lower():
            why = _("{action!r}: expected an error naming {error!r}, got {got}")
            return why.format(action=text, error=error, got=err)
        return None
    why = _("{action!r}: expected it to be refused ({error}), but it was played")
    return why.format(action=text, error=error)


def _check(state: State, expect: JsonObject, events: list[str], where: str) -> list[str]:
    facts = state.facts()
    unordered = state.UNORDERED_FACTS
    failures: list[str] = []
    for key, wanted in expect.items():
        if key in SPECIAL:
            failures += _check_special(state, key, wanted, events, where)
            continue
        if key not in facts:
            why = _("one of the facts {facts}").format(facts=", ".join(sorted(facts)))
            raise BadInput(f"{where} expect.{key}", why)
        failures += _compare(f"{where} expect.{key}", wanted, facts[key], key in unordered)
    return failures


def _check_special(
    state: State, key: str, wanted: JsonValue, events: list[str], where: str
) -> list[str]:
    label = f"{where} expect.{key}"
    if key != "observe":
        return _check_texts(state, key, _texts(wanted), events, label)
    assert isinstance(wanted, dict)  # (the schema's "observe": an object)
    failures = []
    for seat_key, partial in wanted.items():
        seat = None if seat_key == "spectator" else ascii_number(seat_key)
        if seat_key != "spectator" and (seat is None or seat >= state.players):
            why = _("seats 0..{last} or spectator, got {key!r}")
            raise BadInput(label, why.format(last=state.players - 1, key=seat_key))
        failures += _compare(f"{label}.{seat_key}", partial, state.observe(seat), False)
    return failures


def _texts(wanted: JsonValue) -> list[str]:
    """An expectation the schema says is a list of texts (events, legal actions)."""
    assert isinstance(wanted, list) and all(isinstance(t, str) for t in wanted)
    return [str(t) for t in wanted]


def _check_texts(
    state: State, key: str, wanted: list[str], events: list[str], label: str
) -> list[str]:
    if key == "events":
        at = 0
        for text in wanted:
            try:
                at = events.index(text, at) + 1
            except ValueError:
                why = _("{where}: expected event {event!r} (in order); events were {events}")
                return [why.format(where=label, event=text, events=events)]
        return []
    if key == "no_events":
        why = _("{where}: event {event!r} happened")
        return [why.format(where=label, event=t) for t in wanted if t in events]
    legal = [state.action_text(a) for a in state.legal_actions()]
    if key == "legal_includes":
        why = _("{where}: {action!r} is not legal; legal: {legal}")
        return [why.format(where=label, action=t, legal=legal) for t in wanted if t not in legal]
    if key == "legal_excludes":
        why = _("{where}: {action!r} is legal but should not be")
        return [why.format(where=label, action=t) for t in wanted if t in legal]
    return []


def _compare(label: str, wanted: object, actual: object, unordered: bool) -> list[str]:
    """Dicts match on the keys given, recursively, and an empty dict only an empty one;
    lists match exactly (or as multisets)."""
    if wanted == {} and actual != {}:
        return [_("{where}: expected {{}}, got {actual!r}").format(where=label, actual=actual)]
    if isinstance(wanted, dict) and isinstance(actual, dict):
        out = []
        for k, v in wanted.items():
            if k not in actual:
                why = _("{where}: expected {value!r}, but there is no such key")
                out.append(why.format(where=f"{label}.{k}", value=v))
            else:
                out += _compare(f"{label}.{k}", v, actual[k], unordered)
        return out
    if unordered and isinstance(wanted, list) and isinstance(actual, list):
        if sorted(map(str, wanted)) == sorted(map(str, actual)):
            return []
    elif wanted == actual:
        return []
    why = _("{where}: expected {wanted!r}, got {actual!r}")
    return [why.format(where=label, wanted=wanted, actual=actual)]


def run_file(path: Path) -> ScenarioResult:
    """Load, validate and run one scenario file."""
    raw = load(path)
    try:
        return run(raw, str(path), path.parent)
    except KaboomError as err:
        raise BadInput(str(path), str(err)) from None
