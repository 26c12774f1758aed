"""Eleminis: the deck as data, options, the action notation, scoring."""

from __future__ import annotations

import copy
import random
import tomllib
from typing import Any

import pytest

from kaboom.engine import BadInput, BadOption, IllegalAction, new_game
from kaboom.games.eleminis import DECK, EleminisState
from kaboom.games.eleminis.deck import DATA, parse_deck


@pytest.fixture
def raw_deck() -> dict[str, Any]:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def test_the_deck_has_81_cards() -> None:
    assert DECK.size == 81
    counts = dict(zip(DECK.slugs, DECK.counts, strict=True))
    assert all(counts[s] == 11 for s in ("star", "air", "water", "rock", "fire", "plant"))
    assert all(counts[s] == 3 for s in ("trash", "move", "swap", "discard", "recycle"))


def test_the_cycle_each_elemini_beats_two() -> None:
    beats = {DECK.slugs[t]: {DECK.slugs[b] for b in DECK.beats[t]} for t in DECK.eleminis}
    assert beats == {
        "fire": {"plant", "air"}, "plant": {"air", "water"}, "air": {"water", "rock"},
        "water": {"rock", "fire"}, "rock": {"fire", "plant"},
    }  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["card"][1].update(kind="wizard"), "test.toml: card[1].kind"),
        (lambda r: r["card"][1].update(beats=["dragon"]), "test.toml: card[1].beats"),
        (lambda r: r["card"][1].update(beats=["move"]), "test.toml: card[1].beats"),
        (lambda r: r["card"][2].update(count="eleven"), "test.toml: card[2].count"),
        (lambda r: r["scoring"].pop("star"), "test.toml: scoring.star"),
        (lambda r: r.pop("game"), "test.toml: [game]"),
    ],
)
def test_a_bad_deck_file_names_the_field(raw_deck: dict[str, Any], change: Any, field: str) -> None:
    broken = copy.deepcopy(raw_deck)
    change(broken)
    with pytest.raises(BadInput) as err:
        parse_deck(broken, "test.toml")
    assert err.value.field == field


@pytest.mark.parametrize(("players", "teams"), [(4, 3), (3, 3), (5, 2), (2, 2)])
def test_teams_must_be_equal_and_real(players: int, teams: int) -> None:
    with pytest.raises(BadOption, match="teams"):
        new_game("eleminis", players, 0, teams=teams)


def rigged(**setup: Any) -> EleminisState:
    return EleminisState.rig(3, {}, 0, setup)


def test_action_text_a_person_can_type() -> None:
    state = rigged(
        drawn="water", deck=["air"], rows=[[None] * 5, ["fire", *[None] * 4], [None] * 5]
    )
    assert state.parse_action("play water -> p1.1") == state.parse_action("play p1.1")
    assert state.action_text(state.parse_action("play water->p1.1")) == "play water -> p1.1"
    with pytest.raises(IllegalAction, match="you drew Water, not Fire"):
        state.parse_action("play fire -> p1.2")
    with pytest.raises(IllegalAction, match="slots"):
        state.parse_action("play water -> p7.1")
    with pytest.raises(BadInput, match=r"pSEAT\.SLOT"):
        state.parse_action("play water -> slot3")
    a, b = state.parse_action("swap p1.1 p0.2"), state.parse_action("swap p0.2 p1.1")
    assert a == b


def test_an_illegal_option_names_the_rule_and_changes_nothing() -> None:
    rows = [["star", *[None] * 4], [None] * 5, [None] * 5]
    state = rigged(drawn="trash", deck=["air"], rows=rows)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="another player's row"):
        state.apply(state.parse_action("play trash -> p0.2"))
    other = rigged(drawn="trash", deck=["air"], current=1, rows=rows)
    with pytest.raises(IllegalAction, match="Star is never replaced"):
        other.apply(other.parse_action("play trash -> p0.1"))
    assert state.to_json() == before


def test_the_scoring_example_is_25_points() -> None:
    rows = [["fire", "fire", "water", "star", "trash"], [None] * 5, [None] * 5]
    state = rigged(drawn="air", deck=["air"], rows=rows)
    assert state.row_score(0) == 25
    assert state.row_score(1) == 0


def test_score_never_below_zero() -> None:
    rows = [["trash", "trash", "trash", None, None], [None] * 5, [None] * 5]
    state = rigged(drawn="air", deck=["air"], rows=rows)
    assert state.row_score(0) == 0


def test_random_games_end_and_keep_81_cards() -> None:
    for seed in range(40):
        state = new_game("eleminis", 2 + seed % 7, seed)
        assert isinstance(state, EleminisState)
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[(seed + steps) % len(legal)])
            steps += 1
            assert state.card_count() == 81
        assert state.winners


@pytest.mark.slow
def test_observations_follow_the_shared_schema_and_the_eleminis_section() -> None:
    """Every seat's (and a spectator's) observation fits the shared schema, its section the
    family's, and no key beyond the documented ones appears; nothing is hidden but the Deck's
    order, so every seat sees the same table."""
    from jsonschema import validate

    from kaboom.engine.observation import family_schema, schema

    top = {"game", "family", "seat", "phase", "to_act", "current", "players", "piles", "hand",
           "window", "known", "events", "turns", "winners", "eleminis"}  # fmt: skip
    for seed, (players, options) in enumerate([(2, {}), (4, {"teams": 2, "match": True})]):
        state = new_game("eleminis", players, seed, target=150, **options)
        for step in range(60):
            if state.is_over:
                break
            seen = [state.observe(q) for q in (*range(players), None)]
            for obs in seen:
                assert set(obs) == top
                validate(obs, schema())
                validate(obs["eleminis"], family_schema("kaboom.games.eleminis"))
                assert obs["hand"] == ([] if obs["seat"] is not None else None)
            common = [{k: v for k, v in o.items() if k not in ("seat", "hand")} for o in seen]
            assert all(c == common[0] for c in common)
            legal = state.legal_actions()
            state.apply(legal[step % len(legal)])


def test_a_turned_over_deck_is_shown_in_order() -> None:
    """The Discard Pile turned face down is a Deck everyone saw (rulebook, Taking Your Turn,
    1. Draw a Card); shuffled by the ``shuffle_turnover`` option, it is not."""
    rows = [[None] * 5, ["fire", *[None] * 4], [None] * 5]
    for shuffled in (False, True):
        setup = {"rows": rows, "deck": [], "drawn": "water", "discard_pile": ["air", "rock"]}
        state = EleminisState.rig(3, {"shuffle_turnover": shuffled}, 0, setup)
        state.apply(state.parse_action("play water -> p1.1"))
        deck = state.observe(2)["piles"]["deck"]
        assert deck["size"] == 2
        assert ("cards" in deck) is not shuffled


@pytest.mark.parametrize("options", [{}, {"match": True, "target": 150, "teams": 2}])
def test_a_sample_depends_on_the_observation_alone(options: dict[str, Any]) -> None:
    """A sample of a world the seat cannot tell from the real one is the same sample."""
    state, rng, checked = new_game("eleminis", 4, 3, **options), random.Random(3), 0
    while not state.is_over:
        if rng.random() < 0.1:
            seen = state.observe(1)
            other = state.determinize(1, random.Random(checked))
            assert other.observe(1) == seen
            a = EleminisState.sample(seen, state.options, random.Random(7)).to_json()
            assert (
                a
                == EleminisState.sample(other.observe(1), state.options, random.Random(7)).to_json()
            )
            checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert checked > 0
