"""The events of every family against its ``events.schema.json`` (docs/observations.md).

Each family's ``events.py`` types the data of each kind of event; the schema beside it is
derived from those types (``python tests/test_event_schema.py`` writes it again). The tests
check that the schema is what the types say, that every event of random games of all five
games, as every seat and the spectator see it, validates against its family's schema, that
every kind the schema lists is produced by some game (so the schema cannot go stale), and
that docs/observations.md names exactly the schema's kinds.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest
from jsonschema import Draft202012Validator

from kaboom.engine import scenario
from kaboom.engine.events import Event
from kaboom.engine.registry import new_game, state_from_json
from kaboom.engine.state import State
from kaboom.games.board import events as board
from kaboom.games.board.state import MAX_TURNS
from kaboom.games.eleminis import events as eleminis
from kaboom.games.eleminis.rules import MAX_TURNS_PER_GAME
from kaboom.games.kittens import events as kittens

#: Each family's events module, as the games import it.
MODULES = {"kittens": kittens, "board": board, "eleminis": eleminis}
ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "observations.md"

#: By family, the name of the data type(s) of each kind in its events.py (two where the
#: seats that may not see a private event see its redacted form).
DATA: dict[str, dict[str, tuple[str, ...]]] = {
    "kittens": {
        "hand": ("Cards",), "turn": ("Owed",), "play": ("Played",),
        "nope": ("Nope",), "pass": ("Nothing",), "noped": ("Noped",),
        "attack": ("Attacked",), "skip": ("Nothing",),
        "shuffle": ("Nothing",), "see-the-future": ("Cards", "Redacted"),
        "favor": ("Target",), "favor-empty": ("Target",),
        "give": ("Given",), "steal": ("Stolen",),
        "steal-empty": ("Target",), "name-hit": ("Named",),
        "name-miss": ("Named",), "five": ("Nothing",), "take": ("Card",),
        "draw-bottom": ("Nothing",), "draw": ("Card", "Redacted"),
        "draw-bomb": ("Card",), "explode": ("Exploded",),
        "win": ("Nothing",), "defuse": ("MaybeCard",),
        "place": ("Placed",),
    },
    "board": {
        "turn": ("Owed",), "draw-cards": ("Drawn",),
        "reshuffle-discs": ("Discs",), "disc": ("Disc",), "stay": ("Nothing",),
        "flip": ("Side",), "move": ("Moved",), "kitten-space": ("Nothing",),
        "defuse": ("Nothing",), "explode": ("Nothing",), "swap": ("Swap",),
        "discard": ("Card",), "play": ("Played",), "nope": ("Nope",),
        "pass": ("Nothing",), "noped": ("Card",), "skip": ("Nothing",),
        "attack": ("Attacked",), "see-the-future": ("Seen",),
        "shuffle": ("Nothing",), "add-magnet": ("Nothing",),
        "place-magnet": ("Placed",), "time-up": ("Turns",), "win": ("Nothing",),
    },
    "eleminis": {
        "new-game": ("Game",), "turnover": ("Turnover",),
        "draw": ("Card",), "place": ("Placed",), "move": ("Moved",),
        "swap": ("Swapped",), "discard": ("FromSlot",),
        "recycle": ("FromSlot",), "pass": ("Card",), "win": ("Won",),
        "time-up": ("Turns",), "score": ("Scores",),
        "match-over": ("Winners",),
    },
}  # fmt: skip

#: The family (its package's name) of each game.
FAMILY_OF = {
    "exploding-kittens": "kittens", "exploding-minions": "kittens", "dynamitt": "kittens",
    "kittens-board-game": "board", "eleminis": "eleminis",
}  # fmt: skip

#: The random games: (game, players, options); enough of them that every kind happens.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("exploding-kittens", 2, {}), ("exploding-kittens", 5, {"five_different": True}),
    ("exploding-kittens", 3, {"nope_defuse": True, "attack": "classic"}),
    ("exploding-minions", 4, {}), ("exploding-minions", 2, {"nope_defuse": True}),
    ("dynamitt", 3, {}), ("dynamitt", 6, {"jokers": False}),
    ("kittens-board-game", 2, {}), ("kittens-board-game", 6, {}),
    ("eleminis", 2, {}), ("eleminis", 4, {"teams": 2, "match": True}),
]  # fmt: skip
SEEDS = range(3)
STEPS = 300
#: Games late in a long game (a table whose turn count is near the cap), where time is up.
LATE = {"kittens-board-game": MAX_TURNS - 3, "eleminis": MAX_TURNS_PER_GAME - 3}
#: A Deck that runs out (the rules' scenario of a turnover; random games end first).
RIGGED = [ROOT / "tests" / "scenarios" / "eleminis" / "deck-turnover-can-be-shuffled.json"]


def _json_type(hint: Any) -> dict[str, Any]:
    """The JSON Schema of one field's type."""
    origin = get_origin(hint)
    if origin is NotRequired:
        return _json_type(get_args(hint)[0])
    if origin is Literal:
        (value,) = get_args(hint)
        return {"const": value}
    if origin is list:
        return {"type": "array", "items": _json_type(get_args(hint)[0])}
    if origin in (Union, types.UnionType):
        return {"type": [_json_type(a)["type"] for a in get_args(hint)]}
    names = {int: "integer", str: "string", type(None): "null", bool: "boolean"}
    return {"type": names[hint]}


def _data_schema(typed: Any) -> dict[str, Any]:
    hints = get_type_hints(typed, include_extras=True)
    return {
        "type": "object",
        "properties": {name: _json_type(hint) for name, hint in hints.items()},
        # (from the hints: with postponed annotations, __required_keys__ misses NotRequired)
        "required": sorted(n for n, h in hints.items() if get_origin(h) is not NotRequired),
        "additionalProperties": False,
    }


def events_source(family: str) -> types.ModuleType:
    """The family's events.py run from its source (compiled, a TypedDict's annotations no
    longer say which keys are ``NotRequired``)."""
    path = ROOT / "src" / "kaboom" / "games" / family / "events.py"
    spec = importlib.util.spec_from_file_location(f"_events_source_{family}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (the TypedDicts' postponed annotations resolve here)
    spec.loader.exec_module(module)
    return module


def derived_schema(family: str) -> dict[str, Any]:
    """The family's event schema, as its events.py types the data of each kind."""
    module, data = events_source(family), DATA[family]
    defs = {}
    for kind, typed in data.items():
        shapes = [_data_schema(getattr(module, t)) for t in typed]
        defs[kind] = shapes[0] if len(shapes) == 1 else {"oneOf": shapes}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"An event of the {family} family",
        "description": (
            f"As an observation shows it ({{kind, seat, data}}) or as Event.to_json writes it "
            f"(with audience). Derived from src/kaboom/games/{family}/events.py by "
            f"tests/test_event_schema.py; docs/observations.md has an example of each kind."
        ),
        "type": "object",
        "required": ["kind", "seat", "data"],
        "properties": {
            "kind": {"enum": list(module.KINDS)},
            "seat": {"type": ["integer", "null"]},
            "data": {"type": "object"},
            "audience": {"type": ["array", "null"], "items": {"type": "integer"}},
        },
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": kind}}},
                "then": {"properties": {"data": {"$ref": f"#/$defs/{kind}"}}},
            }
            for kind in module.KINDS
        ],
        "$defs": {kind: defs[kind] for kind in module.KINDS},
    }


def _schema_path(family: str) -> Path:
    return ROOT / "src" / "kaboom" / "games" / family / "events.schema.json"


def _schema(family: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_schema_path(family).read_text("utf-8"))
    return loaded


def _played(state: State, seed: int) -> Iterator[Event]:
    """Every event of a random game from ``state``, in order."""
    rng = random.Random(seed)
    yield from state.opening()
    for _ in range(STEPS):
        if state.is_over:
            return
        yield from state.apply(rng.choice(state.legal_actions()))


def _starts() -> Iterator[tuple[str, int, State]]:
    """The random games' first states: (game, players, state)."""
    for game, players, options in TABLES:
        for seed in SEEDS:
            yield game, players, new_game(game, players, seed, **options)
    for game, turns in LATE.items():
        raw = new_game(game, 3, seed=1).to_json()
        raw["turns"] = turns
        yield game, 3, state_from_json(raw)
    for path in RIGGED:
        found = scenario.load(path)
        yield found["game"], found["players"], scenario.start(found, path.parent)


def _produced() -> dict[str, list[tuple[str, int, Event]]]:
    """By family: (game, players, event) for every event of every random game."""
    out: dict[str, list[tuple[str, int, Event]]] = {family: [] for family in DATA}
    for seed, (game, players, state) in enumerate(_starts()):
        out[FAMILY_OF[game]].extend((game, players, e) for e in _played(state, seed))
    return out


@pytest.fixture(scope="module")
def produced() -> dict[str, list[tuple[str, int, Any]]]:
    return _produced()


@pytest.mark.parametrize("family", list(DATA))
def test_the_schema_is_what_the_family_s_events_py_types(family: str) -> None:
    assert _schema(family) == derived_schema(family), "run: python tests/test_event_schema.py"
    assert set(DATA[family]) == set(events_source(family).KINDS) == set(MODULES[family].KINDS)


@pytest.mark.parametrize("family", list(DATA))
def test_every_event_every_seat_sees_validates_against_its_family_s_schema(
    family: str, produced: dict[str, list[tuple[str, int, Event]]]
) -> None:
    validator = Draft202012Validator(_schema(family))
    checked: set[str] = set()  # (each distinct form once: most events repeat)
    for game, players, event in produced[family]:
        for seat in [*range(players), None]:
            if not event.visible_to(seat):
                continue
            shown = {"kind": event.kind, "seat": event.seat, "data": event.data}
            for raw in (shown, event.to_json()):
                key = json.dumps(raw, sort_keys=True)
                if key in checked:
                    continue
                checked.add(key)
                errors = [e.message for e in validator.iter_errors(raw)]
                assert not errors, f"{game}, seat {seat}: {raw}: {errors}"


@pytest.mark.parametrize("family", list(DATA))
def test_every_kind_in_the_schema_is_produced_by_some_game(
    family: str, produced: dict[str, list[tuple[str, int, Event]]]
) -> None:
    seen = {event.kind for _, _, event in produced[family]}
    never = [kind for kind in _schema(family)["properties"]["kind"]["enum"] if kind not in seen]
    assert not never, f"{family}: no random game produced {never}"


def _documented_kinds(family: str) -> list[str]:
    """The kinds the family's events section of docs/observations.md lists (``- `kind```)."""
    text = DOC.read_text("utf-8")
    heading = f"### The events (`src/kaboom/games/{family}/events.schema.json`)"
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    return re.findall(r"^- `([a-z-]+)`", section, flags=re.M)


@pytest.mark.parametrize("family", list(DATA))
def test_the_doc_names_exactly_the_schema_s_kinds(family: str) -> None:
    assert _documented_kinds(family) == _schema(family)["properties"]["kind"]["enum"]


def test_a_wrong_field_is_refused() -> None:
    """The schema bites: a misspelt field, a missing one, an unknown kind."""
    validator = Draft202012Validator(_schema("kittens"))
    good = {"kind": "turn", "seat": 0, "data": {"owed": 1}}
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "data": {"owes": 1}})
    assert not validator.is_valid({**good, "data": {}})
    assert not validator.is_valid({**good, "kind": "turns"})


if __name__ == "__main__":  # write every family's schema from its events.py
    for name in DATA:
        text = json.dumps(derived_schema(name), indent=1, ensure_ascii=False) + "\n"
        _schema_path(name).write_text(text, "utf-8")
        print(f"wrote {_schema_path(name).relative_to(ROOT)}", file=sys.stderr)
