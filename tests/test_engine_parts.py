"""The engine's shared parts, tested on every game: the base class's apply (refusals change
nothing; the seat that sends an action), the reaction window, the sampling helper, the data
file header, the Playout registered on each game, and the family in the registry."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kaboom.engine import BadInput, IllegalAction, get_game, list_games, new_game
from kaboom.engine.datafile import MAX_SEATS, read_header
from kaboom.engine.playout import Playout
from kaboom.engine.registry import ByFamily, game_modules, state_from_json
from kaboom.engine.sampling import sample_fitting
from kaboom.engine.state import State
from kaboom.engine.window import pass_action, walk_window, window_key, world_when_asked
from kaboom.games._nope import ReactionWindow, attack_owed, others_from_left

GAMES = [spec.game_id for spec in list_games()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", [0.0, True, False, "0", None, -1, 10**9])
def test_an_action_that_is_no_action_id_is_refused_and_changes_nothing(game: str, bad: Any) -> None:
    state = new_game(game, 3, seed=4)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(bad)
    assert err.value.rule == "action id"
    assert state.to_json() == before
    assert state.history == []


@pytest.mark.parametrize("game", GAMES)
def test_an_action_from_a_seat_with_no_decision_is_refused(game: str) -> None:
    state = new_game(game, 3, seed=4)
    actor = state.to_act
    assert actor is not None
    action = state.legal_actions()[0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="no decision to make"):
        state.apply(action, seat=(actor + 1) % 3)
    assert state.to_json() == before
    state.apply(action, seat=actor)
    assert state.history == [action]


@pytest.mark.parametrize("game", GAMES)
def test_apply_records_the_events_it_returns(game: str) -> None:
    state = new_game(game, 2, seed=9)
    events = state.apply(state.legal_actions()[0])
    assert state.last_events == events
    assert state.clone().last_events == events


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_nothing_mutable_with_its_original(game: str) -> None:
    state = new_game(game, 3, seed=2)
    options, before = dict(state.options), state.to_json()
    copy = state.clone()
    copy.options["first"] = 2
    copy.apply(copy.legal_actions()[0])
    assert state.options == options
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_its_family_and_its_playout(game: str) -> None:
    spec = get_game(game)
    assert spec.family in {"exploding", "board", "eleminis"}
    assert isinstance(spec.playout, Playout)
    state = new_game(game, 2, seed=1)
    move = spec.playout.policy(state, random.Random(1))
    assert move in state.legal_actions()
    assert len(spec.playout.result(state)) == 2


@pytest.mark.parametrize("players", [0, 10**6, True, "3"])
def test_state_from_json_refuses_a_player_count_the_game_does_not_take(players: Any) -> None:
    raw = new_game("exploding-kittens", 2, seed=1).to_json()
    raw["players"] = players
    with pytest.raises(BadInput, match="players"):
        state_from_json(raw)


@pytest.mark.parametrize("raw", [None, [], "state", {"game": "exploding-kittens"}])
def test_state_from_json_refuses_what_is_no_state(raw: Any) -> None:
    with pytest.raises(BadInput):
        state_from_json(raw)


# -- the reaction window -------------------------------------------------------------------------
def test_the_window_asks_everyone_in_order_nope_in_hand_or_not() -> None:
    window = ReactionWindow("skip", 0, others_from_left(0, [True] * 4))
    assert window.asked == [1, 2, 3]
    for seat in (1, 2, 3):
        assert window.next_asked() == seat
        assert window.passed() == seat
    assert window.next_asked() is None  # everyone let it go: the window passes
    assert not window.cancelled


def test_a_nope_opens_a_new_window_and_an_odd_count_cancels() -> None:
    window = ReactionWindow("attack", 1, [2, 0])
    window.nope(2, others_from_left(2, [True, True, True]))
    assert window.asked == [0, 1] and window.answering == 2 and window.cancelled
    window.nope(1, others_from_left(1, [True, True, True]))
    assert window.answering == 1 and not window.cancelled
    copy = window.copy()
    copy.passed()
    assert window.asked == [2, 0]
    assert ReactionWindow.from_json(window.to_json("attack"), "attack").to_json("a") == (
        window.to_json("a")
    )


def test_others_from_left_skips_seats_that_are_out() -> None:
    assert others_from_left(3, [True, False, True, True, True]) == [4, 0, 2]


def window_opened(game: str, players: int, seed: int) -> State:
    """A game just after the first Nopable play of its first seat (each seat passing)."""
    state = new_game(game, players, seed)
    while window_key(state) is None:
        plays = [a for a in state.legal_actions() if state.action_text(a).startswith("play ")]
        state.apply(plays[0] if plays else state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", ["exploding-kittens", "dynamitt", "kittens-board-game"])
def test_the_walk_of_a_window_asks_everyone_from_the_players_left(game: str) -> None:
    """Everyone but the player, in order from the left, each offered its answers as the
    engine will offer them (the seats before it passing); the game itself is untouched."""
    state = window_opened(game, 4, 3)
    player = state.observe(None)["window"]["player"]
    before = state.to_json()
    walk = [(seat, world.to_act, world.legal_actions()) for seat, world, _ in walk_window(state)]
    assert [seat for seat, _, _ in walk] == others_from_left(player, [True] * 4)
    assert all(seat == to_act and legal for seat, to_act, legal in walk)
    assert state.to_json() == before
    for seat, _, legal in walk:
        world = world_when_asked(state, seat)
        assert world is not None and world.legal_actions() == legal
    assert world_when_asked(state, player) is None  # the player is not asked


def test_the_walk_ends_at_the_first_answer_that_is_no_pass() -> None:
    """The seats before the first Nope pass; the Nope ends the walk (it opens a new window)."""
    state = window_opened("exploding-kittens", 4, 3)
    asked = [seat for seat, _, _ in walk_window(state)]
    holders = [seat for seat, world, _ in walk_window(state) if len(world.legal_actions()) > 1]
    assert holders, "the deal gives a seat asked a Nope"

    def nope(seat: int, world: State) -> int | None:
        return next((a for a in world.legal_actions() if a != pass_action(world)), None)

    walk = [(seat, world.action_text(action)) for seat, world, action in walk_window(state, nope)]
    before = asked[: asked.index(holders[0])]
    assert walk == [(q, "pass") for q in before] + [(holders[0], "nope")]
    assert list(walk_window(new_game("exploding-kittens", 3, 1))) == []  # no window open


@pytest.mark.parametrize(
    ("owed", "attacked", "next_owes"), [(1, False, 2), (2, True, 4), (1, True, 3), (3, False, 2)]
)
def test_attack_arithmetic(owed: int, attacked: bool, next_owes: int) -> None:
    assert attack_owed(owed, attacked) == next_owes


# -- sampling and data files ---------------------------------------------------------------------
def test_sample_fitting_takes_the_first_sample_that_fits_and_gives_up_after_its_tries() -> None:
    draws = iter(range(100))
    assert sample_fitting(lambda: next(draws), lambda x: x % 7 == 6) == 6
    calls = iter(range(5))
    assert sample_fitting(lambda: next(calls), lambda x: False, tries=5) is None
    assert next(calls, "spent") == "spent"  # all five tries were drawn


@pytest.mark.parametrize(
    ("head", "field"),
    [
        ({"name": "G", "min_players": 2, "max_players": 4}, "f.id"),
        ({"id": "g", "name": "G", "min_players": 0, "max_players": 4}, "f.min_players"),
        ({"id": "g", "name": "G", "min_players": 2, "max_players": MAX_SEATS + 1}, "f.max_players"),
        ({"id": "g", "name": "G", "min_players": "2", "max_players": 4}, "f.min_players"),
        ({"id": "g", "name": 3, "min_players": 2, "max_players": 4}, "f.name"),
        ({"id": "g", "name": "G", "summary": 1, "min_players": 2, "max_players": 4}, "f.summary"),
    ],
)
def test_a_bad_data_file_header_names_its_field(head: dict[str, Any], field: str) -> None:
    with pytest.raises(BadInput) as err:
        read_header(head, "f")
    assert err.value.field == field


# -- the registries of each layer, by family ------------------------------------------------------


def test_a_family_registry_loads_the_part_its_entry_point_names_and_none_for_others() -> None:
    from kaboom.tui.exploding import Exploding

    panels: ByFamily[object] = ByFamily("kaboom.panels")
    assert panels.get("exploding") == Exploding.of  # pyproject's kaboom.panels entry point
    assert panels.get("no-such-family") is None  # the layer's generic fallback
    assert panels.put("no-such-family", len) is len and panels.get("no-such-family") is len


@pytest.mark.parametrize("game", GAMES)
def test_every_built_in_family_brings_its_panel_heuristic_and_encoder(game: str) -> None:
    from kaboom.bots.make import HEURISTICS
    from kaboom.tui.families import PANELS

    family = get_game(game).family
    assert PANELS.get(family) is not None and HEURISTICS.get(family) is not None
    pytest.importorskip("numpy")
    from kaboom.rl.encoding import ENCODERS, encoder

    assert ENCODERS.get(family) is not None
    assert encoder(game, get_game(game).min_players).family == family


def test_every_game_comes_from_a_module_the_registry_was_told_of() -> None:
    # the built-in games from kaboom.games.BUILTIN_GAMES, others from entry points
    modules = game_modules()
    assert modules[:3] == ["kaboom.games.kittens", "kaboom.games.eleminis", "kaboom.games.board"]
    for spec in list_games():
        module = spec.state_class.__module__
        assert any(module == m or module.startswith(m + ".") for m in modules), spec
