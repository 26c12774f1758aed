"""Bad input of every kind (issue 15, "Bad input found by the same audit"): each is a clear
``IllegalAction`` / ``BadInput`` / ``BadOption`` naming the field, and changes nothing."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kaboom.bots.make import make_bot
from kaboom.cli.main import app
from kaboom.engine.datafile import read_toml
from kaboom.engine.errors import BadInput, BadOption, IllegalAction
from kaboom.engine.options import resolve_options
from kaboom.engine.registry import get_game, list_games, new_game, state_from_json
from kaboom.engine.state import State
from kaboom.games.board import data as board_data
from kaboom.games.eleminis import deck as eleminis_deck
from kaboom.games.eleminis.rules import MAX_MATCH_GAMES, MAX_TARGET
from kaboom.games.kittens import edition as kittens_edition
from kaboom.games.kittens.dynamitt import build_edition, parse_ranks

GAMES = [spec.game_id for spec in list_games()]


def fresh(game: str) -> State:
    return new_game(game, 2, seed=3)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", [0.0, 1.0, True, False, None, "0", -1, -8, 10**30])
def test_apply_refuses_what_is_not_an_action_id(game: str, action: Any) -> None:
    state = fresh(game)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="action id"):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", [0.0, True, None, -1, -7, -8, -(10**9), 10**9])
def test_action_text_and_explain_illegal_name_the_action_id_range(game: str, action: Any) -> None:
    state = fresh(game)
    size = state.num_distinct_actions
    with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
        state.action_text(action)
    with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
        state.explain_illegal(action)
    with pytest.raises(BadInput, match=rf"action id in 0\.\.{size - 1}"):
        state.action_text(size)


def test_the_board_games_minus_one_is_no_action() -> None:
    state = fresh("kittens-board-game")
    with pytest.raises(BadInput):
        state.action_text(-1)


NOT_NUMBERS = [
    "place ²",
    "place ٣",
    "place ３",
    "play favor @²",
    "play attack @٣",
    "swap-with @²",
    "play p².1",
    "play p0.²",
    "swap p٠.1 p0.2",
    "place 1" + "0" * 5000,
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_only_ascii_digits_are_numbers(game: str, text: str) -> None:
    state = fresh(game)
    with pytest.raises((BadInput, IllegalAction)):
        state.parse_action(text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", [None, 5, 2.5, b"draw", ["draw"]])
def test_parse_action_refuses_what_is_not_text(game: str, text: Any) -> None:
    with pytest.raises(BadInput, match="a str"):
        fresh(game).parse_action(text)
    with pytest.raises(BadInput, match="a str"):
        fresh(game).apply_text(text)


def test_ascii_numbers_still_parse() -> None:
    kittens = fresh("exploding-kittens")
    assert kittens.action_text(kittens.parse_action("place 3")) == "place 3"
    assert kittens.action_text(kittens.parse_action("play favor @1")) == "play favor @1"
    board = fresh("kittens-board-game")
    assert board.action_text(board.parse_action("swap-with @1")) == "swap-with @1"
    eleminis = fresh("eleminis")
    assert eleminis.action_text(eleminis.parse_action("swap p0.1 p1.2")) == "swap p0.1 p1.2"


def test_eleminis_swap_of_a_slot_with_itself_is_refused() -> None:
    state = fresh("eleminis")
    with pytest.raises(IllegalAction, match="two different slots"):
        state.parse_action("swap p0.1 p0.1")


runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["play", "x[/y]"],
        ["simulate", "x[/y]"],
        ["simulate", "exploding-kittens", "-o", "a[/b]=1"],
        ["watch", "[bold]nope[/bold]"],
    ],
)
def test_errors_print_user_text_with_its_brackets(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "error:" in result.output
    bracketed = next(a for a in args if "[" in a).partition("=")[0]
    assert bracketed in result.output


# -- data files ------------------------------------------------------------------------------

KITTENS_DIR = kittens_edition.DATA_DIR
DATA_FILES: dict[str, tuple[Path, Callable[[dict[str, Any], str], object]]] = {
    "original": (KITTENS_DIR / "original.toml", kittens_edition.parse_edition),
    "minions": (KITTENS_DIR / "minions.toml", kittens_edition.parse_edition),
    "board": (board_data.DATA, board_data.parse_box),
    "eleminis": (eleminis_deck.DATA, eleminis_deck.parse_deck),
}


def parsed(name: str, text: str) -> object:
    path, parse = DATA_FILES[name]
    return parse(tomllib.loads(text), path.name)


def edited(name: str, old: str, new: str) -> str:
    text = DATA_FILES[name][0].read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("name", "old", "new", "field"),
    [
        ("original", "hand_size = 7", "hand_size = 500", "hand_size"),
        ("original", "hand_size = 7", "hand_size = -1", "hand_size"),
        ("original", "hand_size = 7", 'hand_size = ["nope"]', "hand_size"),
        ("original", "count = 4", "count = -3", "count"),
        ("original", "count = 4", "count = 1000000000000", "count"),
        ("original", 'slug = "defuse"', 'slug = "exploding-kitten"', "slug"),
        ("original", 'bombs = "players - 1"', 'bombs = "players + 1"', "bombs"),
        ("original", "defuses_per_player = 1", "defuses_per_player = 3", "players"),
        ("minions", "hand_size = 7", "hand_size = 20", "players"),
        ("board", "explode_keep = 3", "explode_keep = -1", "explode_keep"),
        ("board", "hand_size = 5", "hand_size = 500", "hand_size"),
        ("board", "steps = 1\n", "steps = 0\n", "steps"),
        ("board", "steps = 1\n", "steps = 1000000000000\n", "steps"),
        ("board", 'slug = "move-2"', 'slug = "move-1"', "slug"),
        ("board", "spaces = 40", "spaces = 100000", "spaces"),
        ("board", "value = 1\n", 'value = "x"\n', "value"),
        ("eleminis", "slots = 5", "slots = 500", "slots"),
        ("eleminis", "count = 11", "count = -1", "count"),
        ("eleminis", "count = 11", "count = 100000", "count"),
        ("eleminis", "winning_row = 100", "winning_row = 1e9", "winning_row"),
    ],
)
def test_a_bad_data_file_names_the_field(name: str, old: str, new: str, field: str) -> None:
    with pytest.raises(BadInput) as err:
        parsed(name, edited(name, old, new))
    assert field in str(err.value)
    assert DATA_FILES[name][0].name in str(err.value)


def test_data_files_must_be_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'[game]\nname = "\xff\xfe"\n')
    with pytest.raises(BadInput, match="UTF-8"):
        read_toml(bad)
    with pytest.raises(BadOption, match="board"):
        new_game("kittens-board-game", 2, board=str(tmp_path / "none.toml"))
    with pytest.raises(BadInput, match="UTF-8"):
        new_game("kittens-board-game", 2, board=str(bad))
    with pytest.raises(BadInput, match="UTF-8"):
        new_game("dynamitt", 2, mapping=str(bad))


def test_a_bad_dynamitt_mapping_names_the_rank(tmp_path: Path) -> None:
    mapping = tmp_path / "ranks.toml"
    mapping.write_text('[ranks]\na = ["nope"]\n', encoding="utf-8")
    with pytest.raises(BadInput, match=r"ranks\.a"):
        new_game("dynamitt", 2, mapping=str(mapping))


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("jokers_per_deck = 2", "jokers_per_deck = 1000000", "jokers_per_deck"),
        ("two_decks_from = 6", "two_decks_from = -4", "two_decks_from"),
        (
            'suits = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]]',
            'suits = [["s", "♠"], ["s", "♥"]]',
            "suits",
        ),
        ("hand_size = 7", "hand_size = 500", "hand_size"),
    ],
)
def test_a_bad_dynamitt_file_names_the_field(old: str, new: str, field: str) -> None:
    path = KITTENS_DIR / "dynamitt.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    raw = tomllib.loads(text.replace(old, new, 1))
    with pytest.raises(BadInput, match=field):
        build_edition(raw, parse_ranks(raw["ranks"], "dynamitt.toml"), "dynamitt.toml")


def test_the_shipped_data_files_load() -> None:
    for name in DATA_FILES:
        parsed(name, DATA_FILES[name][0].read_text(encoding="utf-8"))


# -- stored states ---------------------------------------------------------------------------


#: A state of each game as ``to_json`` wrote it (fresh deals: no game needs to be played).
def stored(game: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(json.dumps(fresh(game).to_json()))
    return raw


CARD_FIELD = {
    "exploding-kittens": "pile",
    "exploding-minions": "pile",
    "dynamitt": "pile",
    "kittens-board-game": "action_deck",
    "eleminis": "deck",
}
DEFUSE = {"exploding-kittens": 1, "exploding-minions": 1, "kittens-board-game": 0}


@pytest.mark.parametrize("game", GAMES)
def test_state_from_json_refuses_a_seat_beyond_the_table(game: str) -> None:
    raw = stored(game)
    raw["current"] = 7
    with pytest.raises(BadInput, match="current"):
        state_from_json(raw)
    if "actor" in raw:
        raw = stored(game)
        raw["actor"] = 7
        with pytest.raises(BadInput, match="actor"):
            state_from_json(raw)


@pytest.mark.parametrize("game", GAMES)
def test_state_from_json_refuses_a_card_that_is_not_in_the_game(game: str) -> None:
    raw = stored(game)
    raw[CARD_FIELD[game]].append(999)
    with pytest.raises(BadInput, match=CARD_FIELD[game]):
        state_from_json(raw)


@pytest.mark.parametrize("game", sorted(DEFUSE))
def test_state_from_json_refuses_extra_defuses(game: str) -> None:
    raw = stored(game)
    raw[CARD_FIELD[game]] += [DEFUSE[game]] * 10
    with pytest.raises(BadInput, match="box"):
        state_from_json(raw)


@pytest.mark.parametrize("game", ["exploding-kittens", "exploding-minions"])
def test_a_forged_rig_cannot_lift_the_card_count(game: str) -> None:
    """A save that claims the table was laid out by hand with huge counts is refused; so is
    a rigged table that lost or gained cards since it was laid out (cards are conserved)."""
    raw = stored(game)
    titles = len(raw["hands"][0])
    for counts, field in (([10**9] * titles, "state.rigged"), ([100] * titles, "state.rigged")):
        forged = copy.deepcopy(raw)
        forged["rigged"] = counts
        with pytest.raises(BadInput, match=field):
            state_from_json(forged)
    laid_out = copy.deepcopy(raw)
    every = [*raw["pile"], *raw["discard"], *raw["out_of_game"], *raw["out_of_game_face_down"]]
    counts = [sum(hand[t] for hand in raw["hands"]) + every.count(t) for t in range(titles)]
    laid_out["rigged"] = counts
    assert state_from_json(laid_out).to_json()["rigged"] == counts
    more = copy.deepcopy(laid_out)
    more["rigged"] = [k + 1 for k in counts]  # room for extra cards that are not there
    with pytest.raises(BadInput, match="laid out with"):
        state_from_json(more)
    more[CARD_FIELD[game]] += [DEFUSE[game]]  # and one extra Defuse that is
    with pytest.raises(BadInput, match="laid out with"):
        state_from_json(more)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [10**6, 0, -1, True, 2.0, "2", None])
def test_state_from_json_refuses_a_player_count_at_once(game: str, players: Any) -> None:
    raw = stored(game)
    raw["players"] = players
    with pytest.raises(BadInput, match="players"):
        state_from_json(raw)


@pytest.mark.parametrize("game", GAMES)
def test_state_from_json_refuses_wrong_types_anywhere(game: str) -> None:
    """Every stored field given a value of another type (or out of every range, or a list
    of garbage) is refused with ``BadInput`` naming that field; values of the field's own
    type (an empty list, another flag) may be a real state's and are not tried."""
    base = stored(game)
    tried = 0
    for key in base:
        if key in ("game", "options"):
            continue
        for wrong in WRONG_VALUES:
            if _same_type(wrong, base[key]):
                continue
            raw = copy.deepcopy(base)
            raw[key] = wrong
            with pytest.raises(BadInput) as refused:
                state_from_json(raw)
            assert refused.value.field.startswith(f"state.{key}"), (
                f"{key}={wrong!r}: {refused.value}"
            )
            tried += 1
    assert tried >= 5 * (len(base) - 2)


#: Values no stored field holds as they are, or of another type than most fields'.
WRONG_VALUES: list[Any] = [None, "x", 1.5, [], {}, True, -(10**12), [None], [[None]]]


def _same_type(wrong: Any, value: Any) -> bool:
    """Whether ``wrong`` is of ``value``'s JSON type and might be valid (an out-of-range
    integer and a list of garbage never are)."""
    if (wrong == -(10**12) and not isinstance(wrong, bool)) or wrong in ([None], [[None]]):
        return False
    return type(wrong) is type(value)


@pytest.mark.parametrize("game", GAMES)
def test_a_stored_state_still_loads(game: str) -> None:
    raw = stored(game)
    assert state_from_json(raw).to_json() == raw


# -- scenario setups -------------------------------------------------------------------------

SETUPS: dict[str, list[dict[str, Any]]] = {
    "exploding-kittens": [
        {"hands": "x"},
        {"hands": [["defuse"], 5]},
        {"alive": [1, 0]},
        {"current": "0"},
        {"turns_owed": 1.5},
        {"draw_pile": {"a": 1}},
        {"attacked": "yes"},
    ],
    "kittens-board-game": [
        {"positions": [True, 0]},
        {"positions": ["1", 0]},
        {"hands": ["defuse", []]},
        {"side": ["calm"]},
        {"move_deck": "move-1"},
        {"magnets_aside": "ten"},
        {"magnets_aside": 1000},
        {"turns_owed": [1]},
        {"attacked": 1},
        {"current": 5},
    ],
    "eleminis": [
        {"rows": "x"},
        {"deck": "air"},
        {"totals": ["a", 0]},
        {"game": "two"},
        {"game": 10**12},
        {"current": True, "deck": ["air"]},
        {"drawn": 3},
    ],
}


@pytest.mark.parametrize(
    ("game", "setup"), [(g, s) for g, setups in SETUPS.items() for s in setups]
)
def test_a_scenario_setup_of_the_wrong_type_names_the_field(game: str, setup: Any) -> None:
    spec = get_game(game)
    options = resolve_options(spec.options, {})
    with pytest.raises(BadInput, match="setup"):
        spec.state_class.rig(2, options, 0, setup)


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_setup_that_is_no_object_is_refused(game: str) -> None:
    spec = get_game(game)
    with pytest.raises(BadInput, match="setup"):
        spec.state_class.rig(2, resolve_options(spec.options, {}), 0, ["hands"])  # type: ignore[arg-type]


# -- bots and options ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:seconds=0", "seconds"),
        ("ismcts:c=nan", "c"),
        ("ismcts:c=inf", "c"),
        ("ismcts:c=-1", "c"),
        ("ismcts:bias=nan", "bias"),
        ("ismcts:z=inf", "z"),
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:iterations=٣", "iterations"),
        ("ismcts:depth=-1", "depth"),
        ("ismcts:paired=2", "paired"),
        ("ismcts:speed=1", "speed"),
    ],
)
def test_ismcts_parameters_are_finite_and_in_range(spec: str, field: str) -> None:
    with pytest.raises(BadInput, match=field):
        make_bot(spec, 0)


@pytest.mark.parametrize("target", [10**18, 10_001, 0, -1])
def test_the_eleminis_target_is_bounded(target: int) -> None:
    with pytest.raises(BadOption, match="target"):
        new_game("eleminis", 2, match=True, target=target)


def test_an_eleminis_match_ends_after_at_most_max_match_games() -> None:
    spec = get_game("eleminis")
    options = resolve_options(spec.options, {"match": True, "target": MAX_TARGET})
    state = spec.state_class.rig(
        2,
        options,
        0,
        {
            "game": MAX_MATCH_GAMES,
            "rows": [["air", "water", "rock", "fire", None], [None] * 5],
            "drawn": "plant",
            "deck": ["air"] * 5,
        },
    )
    state.apply_text("play plant -> p0.5")
    assert state.is_over
