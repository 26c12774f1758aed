"""Fields declared once: each family's ``_fields.py`` is what its field table gives
(``tools/fields.py``), every field a state holds is in its table, and ``clone`` copies each
field equal and sharing nothing mutable."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from kaboom.engine.fields import Field, Fields
from kaboom.engine.registry import list_games, new_game
from kaboom.engine.state import State

ROOT = Path(__file__).resolve().parents[1]
GAMES = [spec.game_id for spec in list_games()]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fields_tool", ROOT / "tools" / "fields.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["fields_tool"] = tool
    spec.loader.exec_module(tool)
    return tool


TOOL = _tool()


@pytest.mark.parametrize("source", TOOL.TABLES)
def test_each_generated_file_is_what_its_table_gives(source: str) -> None:
    path, text = TOOL.target(source)
    assert path.read_text(encoding="utf-8") == text, f"run python tools/fields.py ({path})"


def test_a_table_with_an_unknown_kind_is_refused() -> None:
    table = Fields("BadFields", "State", (Field("x", "int", "integer", "x"),))
    with pytest.raises(SystemExit, match="no kind 'integer'"):
        TOOL.generate(table, "nowhere.py")


def _table_of(state: State) -> Fields:
    for cls in type(state).__mro__:
        if cls.__name__.endswith("Fields") and cls.__module__.endswith("._fields"):
            # (imported by name: a compiled module's __file__ names its build folder)
            table = importlib.import_module(
                cls.__module__.removesuffix("._fields") + ".fields"
            ).FIELDS
            assert isinstance(table, Fields)
            return table
    raise AssertionError(f"{type(state).__name__} extends no generated fields class")


def _played(game: str, seed: int, moves: int) -> State:
    state = new_game(game, 3 if game != "kittens-board-game" else 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_field_a_state_holds_is_in_its_table(game: str) -> None:
    state = _played(game, 1, 5)
    table = _table_of(state)
    assert not getattr(state, "__dict__", {}), "a field outside the table (no __slots__)"
    engine = _attributes(State)
    assert _attributes(type(state)) - engine == {f.name for f in table.fields}


def _attributes(state_class: type) -> set[str]:
    """The instance attributes a class and its bases declare: ``__slots__``' member
    descriptors in pure Python, getset descriptors in the compiled build (mypyc's native
    classes keep no ``__slots__``)."""
    kinds = ("member_descriptor", "getset_descriptor")
    return {
        name
        for cls in state_class.__mro__
        for name, value in vars(cls).items()
        if type(value).__name__ in kinds and not name.startswith("__")
    }


def _window(window: object) -> tuple[object, ...]:
    """A reaction window's parts (its play, player, the seats asked and those that Noped)."""
    return tuple(getattr(window, part) for part in ("play", "player", "asked", "nopes"))


@pytest.mark.parametrize("game", GAMES)
def test_clone_copies_each_field_equal_and_sharing_nothing_mutable(game: str) -> None:
    for seed, moves in ((1, 0), (2, 12), (3, 40)):
        state = _played(game, seed, moves)
        copy = state.clone()
        for field in _table_of(state).fields:
            mine, theirs = getattr(state, field.name), getattr(copy, field.name)
            if field.kind == "window" and mine is not None:
                mine, theirs = _window(mine), _window(theirs)
                assert mine[2] is not theirs[2] and mine[3] is not theirs[3]
            assert mine == theirs, f"{game}: clone changes {field.name}"
            if isinstance(mine, list | dict | set) and field.kind != "shared" and not field.copy:
                assert mine is not theirs, f"{game}: clone shares {field.name}"


def test_a_rig_key_without_its_reader_is_refused() -> None:
    table = Fields("BadFields", "State", (Field("x", "int", "int", "x", rig="x"),))
    with pytest.raises(SystemExit, match="x: a rig key needs its rig_read"):
        TOOL.generate(table, "nowhere.py")


@pytest.mark.parametrize("game", GAMES)
def test_the_constructor_gives_every_field_its_value_at_the_deal(game: str) -> None:
    """The table's ``deal`` column (``_deal_fields``) and the constructor, between them,
    leave no field unset: a field with neither fails here, not in a later game."""
    played = _played(game, 1, 0)
    fresh = type(played)(played.n, dict(played.options), random.Random(5))
    for field in _table_of(played).fields:
        assert hasattr(fresh, field.name), f"{game}: no value at the deal for {field.name}"


def test_each_setup_key_of_the_exploding_table_is_in_the_scenario_guide() -> None:
    """docs/scenarios.md lists the exploding family's setup: the table's ``rig`` column."""
    guide = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    state = new_game("exploding-kittens", 3, seed=1)
    keys = [field.rig for field in _table_of(state).fields if field.rig]
    assert keys, "the exploding table lays out no setup key"
    for key in keys:
        assert f"| `{key}` |" in guide, f"docs/scenarios.md: setup key {key}"
