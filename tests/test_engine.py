"""Unit tests of the game-agnostic engine: options, registry, errors, events, views."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from kaboom.engine import (
    BadInput,
    BadOption,
    Event,
    IllegalAction,
    KaboomError,
    Option,
    PlayerView,
    UnknownGame,
    get_game,
    list_games,
    new_game,
    resolve_options,
    visible_events,
)
from kaboom.engine.registry import state_from_json

GAME = "exploding-kittens"


# -- options ---------------------------------------------------------------------------------
DECLARED = (
    Option("fast", bool, False, "a switch"),
    Option("first", int, 0, "a seat", minimum=0, maximum=4),
    Option("deck", str, "original", "a deck", choices=("original", "party")),
)


def test_resolve_options_fills_defaults_and_keeps_given_values() -> None:
    assert resolve_options(DECLARED, {}) == {"fast": False, "first": 0, "deck": "original"}
    given = {"fast": True, "first": 4, "deck": "party"}
    assert resolve_options(DECLARED, given) == given


def test_unknown_option_is_named_and_known_ones_listed() -> None:
    with pytest.raises(BadOption) as err:
        resolve_options(DECLARED, {"speedy": True})
    assert err.value.option == "speedy"
    assert "unknown option" in err.value.reason
    for name in ("fast", "first", "deck"):
        assert name in str(err.value)


def test_unknown_option_when_none_are_declared() -> None:
    with pytest.raises(BadOption, match="known options: none"):
        resolve_options((), {"x": 1})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("fast", 1),
        ("fast", "yes"),
        ("fast", None),
        ("first", True),  # a bool is not an integer here
        ("first", 1.0),
        ("first", "1"),
        ("deck", 3),
    ],
)
def test_option_of_the_wrong_type_is_refused_by_name(name: str, value: Any) -> None:
    with pytest.raises(BadOption) as err:
        resolve_options(DECLARED, {name: value})
    assert err.value.option == name
    assert repr(value) in err.value.reason


@pytest.mark.parametrize(("value", "bound"), [(-1, "at least 0"), (5, "at most 4")])
def test_integer_option_out_of_range(value: int, bound: str) -> None:
    with pytest.raises(BadOption) as err:
        resolve_options(DECLARED, {"first": value})
    assert err.value.option == "first"
    assert bound in err.value.reason


def test_option_outside_its_choices() -> None:
    with pytest.raises(BadOption) as err:
        resolve_options(DECLARED, {"deck": "deluxe"})
    assert err.value.option == "deck"
    assert "original, party" in err.value.reason


def test_new_game_rejects_unknown_and_badly_typed_options() -> None:
    with pytest.raises(BadOption) as err:
        new_game(GAME, 3, 0, turbo=True)
    assert err.value.option == "turbo"
    with pytest.raises(BadOption) as err:
        new_game(GAME, 3, 0, fast="true")
    assert err.value.option == "fast"
    with pytest.raises(BadOption) as err:
        new_game(GAME, 3, 0, five_different=1)
    assert err.value.option == "five_different"


@pytest.mark.parametrize(("players", "first"), [(2, 2), (2, 4), (3, 3), (4, 4), (5, 5), (5, -1)])
def test_first_seat_out_of_range_is_refused(players: int, first: int) -> None:
    with pytest.raises(BadOption) as err:
        new_game(GAME, players, 0, first=first)
    assert err.value.option == "first"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_first_seat_in_range_goes_first(players: int) -> None:
    for first in range(players):
        state = new_game(GAME, players, 7, first=first)
        assert state.to_act == first
        assert state.observe(None)["current"] == first


# -- registry --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [-1, 0, 1, 6, 10])
def test_players_out_of_range(players: int) -> None:
    spec = get_game(GAME)
    with pytest.raises(BadOption) as err:
        new_game(GAME, players, 0)
    assert err.value.option == "players"
    assert f"{spec.min_players} to {spec.max_players}" in err.value.reason
    assert str(players) in err.value.reason


def test_unknown_game_lists_the_known_games() -> None:
    with pytest.raises(UnknownGame) as err:
        new_game("exploding-puppies", 3, 0)
    assert err.value.game_id == "exploding-puppies"
    for spec in list_games():
        assert spec.game_id in str(err.value)
    assert GAME in str(err.value)
    with pytest.raises(UnknownGame):
        get_game("")


def test_registry_lists_the_original_edition() -> None:
    games = list_games()
    ids = [g.game_id for g in games]
    assert ids == sorted(ids)
    assert GAME in ids
    spec = get_game(GAME)
    assert (spec.min_players, spec.max_players) == (2, 5)
    assert {o.name for o in spec.options} == {
        "fast",
        "five_different",
        "first",
        "deck",
        "attack",
        "nope_defuse",
    }
    assert spec.state_class.game_id == GAME
    assert spec.name and spec.summary


def test_errors_are_kaboom_errors() -> None:
    for cls in (BadInput, BadOption, IllegalAction, UnknownGame):
        assert issubclass(cls, KaboomError)
    err = IllegalAction("Nope", "no window")
    assert (err.rule, err.reason) == ("Nope", "no window")
    assert "Nope" in str(err) and "no window" in str(err)
    bad = BadInput("setup.hands", "a list")
    assert (bad.field, bad.expected) == ("setup.hands", "a list")


# -- new_game determinism --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"fast": True}, {"five_different": True}], ids=str)
def test_new_game_is_determined_by_its_seed(players: int, options: dict[str, Any]) -> None:
    deals = {}
    for seed in range(12):
        a = new_game(GAME, players, seed, **options).to_json()
        b = new_game(GAME, players, seed, **options).to_json()
        assert a == b, f"seed {seed} dealt two different games"
        deals[seed] = json.dumps({k: a[k] for k in ("hands", "pile", "out_of_game_face_down")})
    assert len(set(deals.values())) == len(deals), "two seeds dealt the same cards"


def test_new_game_default_seed_is_fixed() -> None:
    assert new_game(GAME, 3).to_json() == new_game(GAME, 3, 0).to_json()


def test_state_from_json_needs_a_known_game() -> None:
    raw = new_game(GAME, 2, 1).to_json()
    raw["game"] = "no-such-game"
    with pytest.raises(UnknownGame):
        state_from_json(raw)
    with pytest.raises(UnknownGame):
        state_from_json({})


@pytest.mark.parametrize("drop", ["hands", "pile", "rng", "phase", "history"])
def test_state_from_json_with_a_missing_field_is_bad_input(drop: str) -> None:
    raw = new_game(GAME, 2, 1).to_json()
    del raw[drop]
    with pytest.raises(BadInput):
        state_from_json(raw)


# -- events ----------------------------------------------------------------------------------
def test_event_visible_to_everyone() -> None:
    e = Event("turn", 1, {"owed": 1})
    assert e.audience is None
    assert all(e.visible_to(seat) for seat in (None, 0, 1, 2, 99))


def test_event_visible_to_its_audience_only() -> None:
    e = Event("steal", 0, {"target": 2, "card": "defuse"}, frozenset({0, 2}))
    assert e.visible_to(0) and e.visible_to(2)
    assert not e.visible_to(1) and not e.visible_to(3)
    assert not e.visible_to(None), "a spectator sees no private event"


def test_event_with_an_empty_audience_is_seen_by_nobody() -> None:
    e = Event("secret", None, {}, frozenset())
    assert not any(e.visible_to(seat) for seat in (None, 0, 1))


def test_visible_events_filters_in_order() -> None:
    events = [
        Event("a", 0, {}, frozenset({0})),
        Event("b", 0, {}),
        Event("c", 1, {}, frozenset({1})),
        Event("d", None, {}),
    ]
    assert [e.kind for e in visible_events(events, 0)] == ["a", "b", "d"]
    assert [e.kind for e in visible_events(events, 1)] == ["b", "c", "d"]
    assert [e.kind for e in visible_events(events, None)] == ["b", "d"]


@pytest.mark.parametrize(
    "event",
    [
        Event("turn", 1, {"owed": 2}),
        Event("draw", 0, {"card": "skip"}, frozenset({0})),
        Event("steal", 3, {"target": 1, "card": "nope"}, frozenset({1, 3})),
        Event("win"),
    ],
)
def test_event_json_round_trip(event: Event) -> None:
    raw = json.loads(json.dumps(event.to_json()))
    assert Event.from_json(raw) == event
    assert raw["audience"] is None or raw["audience"] == sorted(raw["audience"])


@pytest.mark.parametrize(
    "event",
    [
        Event("turn", 1, {"owed": 2}),
        Event("draw", 0, {"card": "skip"}, frozenset({0})),
        Event("win"),
    ],
)
def test_an_event_pickles_copies_and_compares_by_its_four_parts(event: Event) -> None:
    """Events go through pickle with a state (OpenSpiel's ``serialize``, the server's
    search pool) and are compared in tests: by kind, seat, data and audience, as the
    dataclass they were compared."""
    for copied in (pickle.loads(pickle.dumps(event)), copy.deepcopy(event), copy.copy(event)):
        assert copied == event and copied is not event
        assert repr(copied) == repr(event)
    assert event != Event(event.kind + "!", event.seat, event.data, event.audience)
    assert event != Event(event.kind, 7, event.data, event.audience)
    assert event != Event(event.kind, event.seat, {"other": 1}, event.audience)
    assert event != Event(event.kind, event.seat, event.data, frozenset({5}))
    assert event != (event.kind, event.seat, event.data, event.audience)
    assert Event("win").data == {} and Event("win").data is not Event("win").data


# -- the player view -------------------------------------------------------------------------
def test_player_view_offers_actions_only_to_the_seat_to_act() -> None:
    state = new_game(GAME, 4, 3)
    rng = random.Random(3)
    for _ in range(200):
        if state.is_over:
            break
        views = [PlayerView(state, seat) for seat in range(state.players)]
        for view in views:
            if view.seat == state.to_act:
                assert view.legal_actions() == state.legal_actions()
            else:
                assert view.legal_actions() == []
            assert view.observation() == state.observe(view.seat)
            assert view.num_distinct_actions == state.num_distinct_actions
        legal = state.legal_actions()
        assert views[0].action_text(legal[0]) == state.action_text(legal[0])
        state.apply(rng.choice(legal))
    assert state.is_over
    assert all(PlayerView(state, s).legal_actions() == [] for s in range(state.players))


def test_player_view_samples_states_that_look_the_same_to_its_seat() -> None:
    state = new_game(GAME, 3, 11)
    view = PlayerView(state, 1)
    for k in range(20):
        sample = view.determinize(random.Random(k))
        assert sample is not state
        assert sample.observe(1) == state.observe(1)
    assert not hasattr(view, "state"), "the true state is reachable from a view"
