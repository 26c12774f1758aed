"""Unit tests of the exploding-family kernel and the Original Edition: the edition file,
the deal, the action notation, rigged states, knowledge tracking and determinisation."""

from __future__ import annotations

import copy
import dataclasses
import random
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kaboom.engine import BadInput, IllegalAction, get_game, new_game, resolve_options
from kaboom.engine.events import Event
from kaboom.games.kittens import ORIGINAL, OriginalState
from kaboom.games.kittens.edition import DATA_DIR, load_edition, parse_edition
from kaboom.games.kittens.state import EXPLODING, PLACING, REACT, KittensState

GAME = "exploding-kittens"
OPTIONS = resolve_options(get_game(GAME).options, {})


def rigged(players: int, seed: int = 0, **setup: Any) -> OriginalState:
    """A rigged Original Edition state; ``draw_pile`` is written top first."""
    return OriginalState.rig(players, dict(OPTIONS), seed, setup)


def play(state: KittensState, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def settle(state: KittensState, *texts: str) -> list[Event]:
    """Play ``texts``, each followed by a pass of every seat its window asks (everyone is
    asked, Nope in hand or not: docs/rulings.md §1); the events of the last one."""
    events: list[Event] = []
    for text in texts:
        events = state.apply(state.parse_action(text))
        while state.phase == REACT:
            events = state.apply(state.parse_action("pass"))
    return events


def by_title(state: KittensState) -> Counter[int]:
    total: Counter[int] = Counter()
    for hand in state.hands:
        total.update({t: k for t, k in enumerate(hand) if k})
    for cards in (state.pile, state.discard, state.out_of_game_face_down, state.out_of_game):
        total.update(cards)
    if state.phase in (EXPLODING, PLACING):
        total[state.edition.only("bomb")] += 1
    return total


# -- the edition file ------------------------------------------------------------------------
@pytest.fixture
def raw_edition() -> dict[str, Any]:
    loaded: dict[str, Any] = tomllib.loads((DATA_DIR / "original.toml").read_text("utf-8"))
    return loaded


def test_original_edition_file_parses_to_the_loaded_edition(raw_edition: dict[str, Any]) -> None:
    assert parse_edition(raw_edition, "original.toml") == ORIGINAL
    assert ORIGINAL.deck_size == 56
    assert ORIGINAL.titles == len(ORIGINAL.slugs) == 13
    assert (ORIGINAL.min_players, ORIGINAL.max_players) == (2, 5)
    assert ORIGINAL.title_of("nope") == ORIGINAL.only("nope")


def bad_edition(raw: dict[str, Any], source: str = "test.toml") -> BadInput:
    with pytest.raises(BadInput) as err:
        parse_edition(raw, source)
    return err.value


@pytest.mark.parametrize("key", ["slug", "name", "count", "effect"])
def test_card_missing_a_field_is_named(raw_edition: dict[str, Any], key: str) -> None:
    del raw_edition["card"][3][key]
    err = bad_edition(raw_edition)
    assert err.field == f"test.toml: card[3].{key}"
    assert "missing" in err.expected


@pytest.mark.parametrize(
    "key", ["id", "name", "min_players", "max_players", "hand_size", "defuses_per_player"]
)
def test_edition_missing_a_field_is_named(raw_edition: dict[str, Any], key: str) -> None:
    del raw_edition["edition"][key]
    err = bad_edition(raw_edition)
    assert err.field == f"test.toml: edition.{key}"


def test_bad_effect_is_named(raw_edition: dict[str, Any]) -> None:
    raw_edition["card"][4]["effect"] = "teleport"
    err = bad_edition(raw_edition)
    assert err.field == "test.toml: card[4].effect"
    assert "teleport" in err.expected and "see-the-future" in err.expected


def test_duplicate_slug_is_named(raw_edition: dict[str, Any]) -> None:
    raw_edition["card"][5]["slug"] = raw_edition["card"][2]["slug"]
    err = bad_edition(raw_edition)
    assert err.field == "test.toml: card[5].slug"
    assert "twice" in err.expected


@pytest.mark.parametrize(
    ("key", "value"), [("count", "4"), ("count", True), ("count", -1), ("slug", 7), ("name", None)]
)
def test_card_field_of_the_wrong_type_or_range(
    raw_edition: dict[str, Any], key: str, value: Any
) -> None:
    raw_edition["card"][0][key] = value
    err = bad_edition(raw_edition)
    assert err.field == f"test.toml: card[0].{key}"


def test_edition_number_of_the_wrong_type(raw_edition: dict[str, Any]) -> None:
    raw_edition["edition"]["hand_size"] = "7"
    assert bad_edition(raw_edition).field == "test.toml: edition.hand_size"


@pytest.mark.parametrize("effect", ["bomb", "nope"])
def test_exactly_one_card_of_each_special_effect(raw_edition: dict[str, Any], effect: str) -> None:
    twice = copy.deepcopy(raw_edition)
    extra = dict(next(c for c in twice["card"] if c["effect"] == effect), slug="extra")
    twice["card"].append(extra)
    err = bad_edition(twice)
    assert err.field == "test.toml: cards" and effect in err.expected
    raw_edition["card"] = [c for c in raw_edition["card"] if c["effect"] != effect]
    assert effect in bad_edition(raw_edition).expected


def test_defuse_cards_at_least_one(raw_edition: dict[str, Any]) -> None:
    """Several Defuse cards are fine (Dynamitt's Queen and King); none is not."""
    twice = copy.deepcopy(raw_edition)
    extra = dict(next(c for c in twice["card"] if c["effect"] == "defuse"), slug="extra")
    twice["card"].append(extra)
    assert parse_edition(twice, "test.toml").effects.count("defuse") == 2
    raw_edition["card"] = [c for c in raw_edition["card"] if c["effect"] != "defuse"]
    err = bad_edition(raw_edition)
    assert err.field == "test.toml: cards" and "defuse" in err.expected


def test_missing_tables(raw_edition: dict[str, Any]) -> None:
    assert bad_edition({"card": raw_edition["card"]}).field == "test.toml: [edition]"
    assert bad_edition({"edition": raw_edition["edition"]}).field == "test.toml: [[card]]"
    raw_edition["card"] = []
    assert bad_edition(raw_edition).field == "test.toml: [[card]]"


def test_load_edition_with_bad_toml(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[edition\nid = 1\n", encoding="utf-8")
    with pytest.raises(BadInput) as err:
        load_edition(path)
    assert err.value.field == str(path)
    assert "TOML" in err.value.expected


def test_load_edition_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    text = (DATA_DIR / "original.toml").read_text("utf-8")
    text = text.replace('effect = "skip"', 'effect = "x"')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput) as err:
        load_edition(path)
    assert err.value.field.startswith("mine.toml: card[")
    assert err.value.field.endswith(".effect")


# -- the deal --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("fast", [False, True])
def test_the_deal(players: int, fast: bool) -> None:
    for seed in range(5):
        state = new_game(GAME, players, seed, fast=fast)
        assert isinstance(state, OriginalState)
        ed = state.edition
        bomb, defuse = ed.only("bomb"), ed.only("defuse")
        assert state.sizes == [ed.hand_size + 1] * players
        assert all(hand[defuse] >= 1 and not hand[bomb] for hand in state.hands)
        assert state.pile.count(bomb) == players - 1
        assert state.out_of_game.count(bomb) == 4 - (players - 1)
        spare = 6 - players
        assert state.out_of_game.count(defuse) == spare - min(2, spare)
        assert by_title(state) == Counter(dict(enumerate(ed.counts)))
        left = 56 - 4 - 6 - 7 * players + min(2, spare)  # the deck after the deal
        assert len(state.out_of_game_face_down) == (left // 3 if fast else 0)
        assert bomb not in state.out_of_game_face_down
        assert len(state.pile) == left - len(state.out_of_game_face_down) + players - 1
        assert state.discard == [] and state.history == [] and state.to_act == 0


# -- the action notation ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_action_text_forms(players: int) -> None:
    state = new_game(GAME, players, 0)
    for text in ("draw", "nope", "pass", "defuse", "play attack", "play favor @1",
                 "pair tacocat @1", "triple skip @1 defuse", "give skip", "place 0",
                 "take defuse", "five nope+attack+skip+favor+tacocat"):  # fmt: skip
        assert state.action_text(state.parse_action(text)) == text
    assert state.parse_action("  PLAY   Attack ") == state.parse_action("play attack")
    # A five is written in edition (title) order, whatever order it was typed in.
    five = state.parse_action("five tacocat+skip+nope+favor+attack")
    assert five == state.parse_action("five attack+favor+nope+skip+tacocat")
    assert state.action_text(five) == "five nope+attack+skip+favor+tacocat"


@pytest.mark.parametrize(
    "text", ["", "   ", "jump", "draw 2", "play", "pair tacocat 1", "place top", "give"]
)
def test_text_that_is_no_action_is_bad_input(text: str) -> None:
    state = new_game(GAME, 3, 0)
    with pytest.raises(BadInput) as err:
        state.parse_action(text)
    assert err.value.field == "action"


def test_unknown_card_is_bad_input() -> None:
    state = new_game(GAME, 3, 0)
    with pytest.raises(BadInput) as err:
        state.parse_action("play kitten-cannon")
    assert err.value.field == "card"
    assert "tacocat" in err.value.expected


@pytest.mark.parametrize(
    "text", ["play tacocat", "play favor", "play skip @1", "pair tacocat @7", "place 999"]
)
def test_well_formed_text_of_no_action_is_refused(text: str) -> None:
    state = new_game(GAME, 3, 0)
    with pytest.raises((IllegalAction, BadInput)):
        state.parse_action(text)


@pytest.mark.parametrize("action", [-1, -100])
def test_action_text_of_an_id_out_of_range(action: int) -> None:
    state = new_game(GAME, 2, 0)
    for bad in (action, state.num_distinct_actions, state.num_distinct_actions + 5):
        with pytest.raises(BadInput):
            state.action_text(bad)


# -- rigged states -----------------------------------------------------------------------------
def test_rig_lays_out_the_piles_top_first() -> None:
    state = rigged(3, hands=[["skip"], [], ["nope"]], draw_pile=["tacocat", "defuse"], current=2)
    facts = state.facts()
    assert facts["draw_pile"] == ["tacocat", "defuse"]
    assert facts["hands"] == {"0": ["skip"], "1": [], "2": ["nope"]}
    assert state.to_act == 2
    assert state.card_count() == 4


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"deck": []}, "setup.deck"),
        ({"hands": [[], []]}, "setup.hands"),
        ({"hands": [["skip"], ["teleport"], []]}, "setup.hands[1][0]"),
        ({"draw_pile": ["skip", 3]}, "setup.draw_pile[1]"),
        ({"draw_pile": "skip"}, "setup.draw_pile"),
        ({"current": 3}, "setup.current"),
        ({"current": True}, "setup.current"),
        ({"alive": [True, False]}, "setup.alive"),
        ({"alive": [True, False, True], "current": 1}, "setup.current"),
        ({"turns_owed": 0}, "setup.turns_owed"),
        ({"attacked": "yes"}, "setup.attacked"),
    ],
)
def test_rig_names_the_bad_field(setup: dict[str, Any], field: str) -> None:
    with pytest.raises(BadInput) as err:
        OriginalState.rig(3, dict(OPTIONS), 0, setup)
    assert err.value.field == field


# -- refusals name the rule ------------------------------------------------------------------
def test_refusals_name_the_rule_and_change_nothing() -> None:
    state = rigged(3, hands=[["skip", "nope"], ["nope"], []], draw_pile=["tacocat"] * 3)
    cases = {
        "nope": "Nope",
        "pass": "Nope",
        "defuse": "Defuse",
        "place 0": "Defuse",
        "give skip": "Favor",
        "take skip": "Five different cards",
        "five attack+favor+nope+skip+tacocat": "Five different cards",
        "play attack": "Attack",
        "pair skip @1": "Two of a Kind",
    }
    for text, rule in cases.items():
        before = state.to_json()
        with pytest.raises(IllegalAction) as err:
            state.apply(state.parse_action(text))
        assert err.value.rule == rule, text
        assert state.to_json() == before
    play(state, "play skip")
    assert state.phase == REACT and state.to_act == 1
    with pytest.raises(IllegalAction) as err:
        state.apply(state.parse_action("draw"))
    assert err.value.rule == "Nope"


def test_after_the_game_every_action_is_refused_as_game_over() -> None:
    state = rigged(2, hands=[[], []], draw_pile=["exploding-kitten"])
    play(state, "draw", "explode")
    assert state.is_over and state.winners == [1]
    for action in range(state.num_distinct_actions):
        with pytest.raises(IllegalAction) as err:
            state.verify(action)
        assert err.value.rule == "game over"


# -- knowledge -----------------------------------------------------------------------------------
def test_see_the_future_is_known_to_its_player_only() -> None:
    state = rigged(
        3,
        hands=[["see-the-future", "skip"], ["tacocat"], ["beard-cat"]],
        draw_pile=["attack", "defuse", "cattermelon", "shuffle", "favor"],
    )
    events = settle(state, "play see-the-future")
    private = [e for e in events if e.kind == "see-the-future" and e.audience is not None]
    assert [e.data["cards"] for e in private] == [["attack", "defuse", "cattermelon"]]
    assert private[0].visible_to(0) and not private[0].visible_to(1)
    assert state.observe(0)["known"]["piles"]["draw"] == {
        "0": "attack",
        "1": "defuse",
        "2": "cattermelon",
    }
    assert (
        state.observe(1)["known"]["piles"]["draw"] == {}
        and state.observe(2)["known"]["piles"]["draw"] == {}
    )
    play(state, "draw")  # seat 0 draws the attack it saw
    assert state.observe(0)["known"]["piles"]["draw"] == {"0": "defuse", "1": "cattermelon"}
    play(state, "draw")  # seat 1 draws the defuse seat 0 saw: seat 0 knows seat 1 holds it
    assert state.observe(0)["known"]["piles"]["draw"] == {"0": "cattermelon"}
    assert state.observe(0)["known"]["hands"] == {"1": ["defuse"]}
    assert state.observe(2)["known"]["hands"] == {}
    assert state.observe(1)["known"]["hands"] == {}


def test_a_placed_kitten_is_known_to_its_placer_only() -> None:
    state = rigged(
        3,
        hands=[["defuse"], ["shuffle"], []],
        draw_pile=["exploding-kitten", "tacocat", "beard-cat", "cattermelon"],
    )
    play(state, "draw", "defuse")
    events = state.apply(state.parse_action("place 1"))
    # The Kitten was shown when drawn; only where it went is private.
    assert [e.data for e in events if e.kind == "place"] == [
        {"card": "exploding-kitten", "position": 1},
        {"card": "exploding-kitten", "redacted": True},
    ]
    assert state.observe(0)["known"]["piles"]["draw"] == {"1": "exploding-kitten"}
    assert (
        state.observe(1)["known"]["piles"]["draw"] == {}
        and state.observe(2)["known"]["piles"]["draw"] == {}
    )
    assert "position" not in str(state.observe(None))
    settle(state, "play shuffle")  # seat 1 shuffles: nobody knows where it is now
    assert state.observe(0)["known"]["piles"]["draw"] == {}


def test_a_favor_card_is_known_to_giver_and_taker_only() -> None:
    state = rigged(
        3, hands=[["favor"], ["defuse", "skip"], ["tacocat"]], draw_pile=["beard-cat"] * 3
    )
    settle(state, "play favor @1")
    assert state.to_act == 1
    events = state.apply(state.parse_action("give skip"))
    secret = [e for e in events if "card" in e.data]
    assert len(secret) == 1 and secret[0].audience == frozenset({0, 1})
    assert all(e.data.get("redacted") for e in events if e.audience is None and e.kind == "give")
    assert state.observe(1)["known"]["hands"] == {"0": ["skip"]}
    assert state.observe(2)["known"]["hands"] == {}
    assert state.observe(0)["known"]["hands"] == {}


def test_a_named_card_is_known_to_everyone() -> None:
    state = rigged(
        3,
        hands=[["tacocat"] * 3, ["defuse", "skip"], ["beard-cat"]],
        draw_pile=["beard-cat"] * 3,
    )
    settle(state, "triple tacocat @1 defuse")
    assert state.observe(1)["known"]["hands"] == {"0": ["defuse"]}
    assert state.observe(2)["known"]["hands"] == {"0": ["defuse"]}
    assert state.observe(0)["known"]["hands"] == {}


def test_spectator_sees_no_hand() -> None:
    state = new_game(GAME, 3, 4)
    spectator = state.observe(None)
    assert spectator["seat"] is None
    assert spectator["hand"] is None and "hands" not in spectator
    assert spectator["known"] == {"piles": {}, "hands": {}}
    assert state.observe(1)["hand"] == state.facts()["hands"]["1"]


# -- determinisation in a reaction window: everyone is asked, in order ------------------------
#: Open reaction windows where the seat being determinised is not asked.
#: (players, hands, draw pile, actions, seat to determinise)
WINDOWS: dict[str, tuple[int, list[list[str]], list[str], list[str], int]] = {
    "asked-after-the-holder": (
        3,
        [["skip", "cattermelon"], ["nope"], ["tacocat", "tacocat"]],
        ["beard-cat"] * 100,
        ["play skip"],
        2,
    ),
    "skipped-before-the-holder": (
        3,
        [["skip", "cattermelon"], ["tacocat", "tacocat"], ["nope"]],
        ["beard-cat"] * 100,
        ["play skip", "pass"],
        1,
    ),
    "already-passed": (
        3,
        [["skip"], ["nope", "tacocat"], ["nope"]],
        ["beard-cat"] * 100,
        ["play skip", "pass"],
        1,
    ),
    "only-hidden-nope-held-by-the-owner": (
        3,
        [["skip", *["cattermelon"] * 30], ["nope"], ["tacocat"]],
        ["beard-cat"] * 2,
        ["play skip"],
        2,
    ),
    "five-players-second-nope": (
        5,
        [["skip", "shuffle"], ["tacocat"], ["nope"], ["beard-cat"], ["nope", "defuse"]],
        ["hairy-potato-cat"] * 60,
        ["play skip", "pass", "nope"],
        0,
    ),
}


def window(name: str) -> OriginalState:
    players, hands, pile, actions, seat = WINDOWS[name]
    state = rigged(players, hands=hands, draw_pile=pile)
    play(state, *actions)
    assert state.phase == REACT and state.to_act != seat
    assert state.observe(seat)["to_act"] == state.to_act  # public: everyone is asked
    return state


def check_sample(state: OriginalState, seat: int, k: int) -> Iterator[str]:
    """Determinise for ``seat`` with rng seed ``k``; yield what is wrong with the sample."""
    try:
        d = state.determinize(seat, random.Random(k))
    except Exception as err:  # any crash is a finding
        yield f"rng {k}: determinize raised {err!r}"
        return
    if d.observe(seat) != state.observe(seat):
        yield f"rng {k}: observe({seat}) changed"
    if by_title(d) != by_title(state) or d.sizes != [sum(h) for h in d.hands]:
        yield f"rng {k}: cards not conserved"
    if d.hands[seat] != state.hands[seat]:
        yield f"rng {k}: the seat's own hand changed"
    assert state.window is not None
    if d.phase != REACT or d.to_act != state.to_act:
        yield f"rng {k}: the sample asks seat {d.to_act}, the game seat {state.to_act}"
    elif d.window is None or d.window.asked != state.window.asked:
        asked = None if d.window is None else d.window.asked
        yield f"rng {k}: the sample asks {asked} in turn, the game {state.window.asked}"


@pytest.mark.parametrize("name", list(WINDOWS))
def test_determinize_in_a_window_asks_as_the_game_does(name: str) -> None:
    """Everyone is asked in order (docs/rulings.md §1): a sample asks the same seats in the
    same order, whoever holds the Nopes."""
    state = window(name)
    seat = WINDOWS[name][4]
    before = state.to_json()
    problems = [p for k in range(60) for p in check_sample(state, seat, k)]
    assert state.to_json() == before, "determinize changed the real state"
    assert not problems, f"{len(problems)} bad samples, e.g. {problems[:3]}"


def test_determinize_in_a_window_of_a_random_game() -> None:
    state = new_game(GAME, 3, 393, five_different=True)
    assert isinstance(state, OriginalState)
    rng = random.Random(393)
    while state.phase != REACT or state.to_act == 0:
        state.apply(rng.choice(state.legal_actions()))
    problems = [p for k in range(40) for p in check_sample(state, 0, k)]
    assert not problems, problems


# -- determinisation must not reveal secrets ---------------------------------------------------
def placed_at(position: int) -> OriginalState:
    state = rigged(
        2,
        hands=[["defuse"], ["tacocat"]],
        draw_pile=["exploding-kitten", "beard-cat", "cattermelon", "shuffle"],
    )
    play(state, "draw", "defuse", f"place {position}")
    return state


def test_determinized_states_do_not_tell_where_the_kitten_went() -> None:
    """Seat 1 cannot tell a Kitten put back on top from one put back third; a sample drawn
    for it must not tell either (its history, its JSON, its description of the pile)."""
    top, third = placed_at(0), placed_at(2)
    assert top.observe(1) == third.observe(1)
    for k in range(20):
        a, b = top.determinize(1, random.Random(k)), third.determinize(1, random.Random(k))
        assert a.observe(1) == b.observe(1)
        assert a.history == b.history, (
            "the sample's history names the secret placement: "
            f"{[a.action_text(x) for x in a.history]} vs {[b.action_text(x) for x in b.history]}"
        )
        assert a.to_json()["history"] == b.to_json()["history"]


def test_determinized_pile_keeps_what_the_seat_saw_and_shuffles_the_rest() -> None:
    state = rigged(
        2,
        hands=[["see-the-future"], ["tacocat"]],
        draw_pile=["attack", "defuse", "skip", *["beard-cat", "cattermelon", "favor"] * 4],
    )
    settle(state, "play see-the-future")
    tops = set()
    for k in range(30):
        d = state.determinize(0, random.Random(k))
        assert d.pile[-3:] == state.pile[-3:]  # seen: kept
        tops.add(tuple(d.pile[:-3]))
        other = state.determinize(1, random.Random(k))
        assert other.hands[1] == state.hands[1]
    assert len(tops) > 1, "the unseen part of the pile is never resampled"


def test_determinize_while_a_kitten_is_being_defused_does_not_force_a_defuse() -> None:
    """Every drawer of a bomb decides (defuse or explode, docs/rulings.md §1): the phase
    says nothing of its hand, so samples may deal it a Defuse or none."""
    state = rigged(
        3,
        hands=[["defuse", "tacocat"], ["skip"], ["beard-cat"]],
        draw_pile=["exploding-kitten", *["cattermelon", "favor", "shuffle"] * 10],
    )
    play(state, "draw")
    assert state.phase == EXPLODING and state.to_act == 0
    defuse = state.edition.only("defuse")
    held = set()
    for k in range(50):
        d = state.determinize(1, random.Random(k))
        assert d.observe(1) == state.observe(1)
        assert d.phase == EXPLODING and "explode" in [d.action_text(a) for a in d.legal_actions()]
        held.add(d.hands[0][defuse] > 0)
    assert held == {True, False}


# -- exploding is a choice ---------------------------------------------------------------------
def test_a_drawer_without_a_defuse_is_asked_and_may_only_explode() -> None:
    state = rigged(3, hands=[["tacocat"], ["skip"], ["beard-cat"]], draw_pile=["exploding-kitten"])
    play(state, "draw")
    assert state.phase == EXPLODING and state.to_act == 0
    assert [state.action_text(a) for a in state.legal_actions()] == ["explode"]
    with pytest.raises(IllegalAction) as err:
        state.verify(state.parse_action("defuse"))
    assert err.value.rule == "Defuse" and "explode" in err.value.reason
    events = settle(state, "explode")
    assert [e.kind for e in events][:1] == ["explode"]
    assert state.facts()["alive"] == [False, True, True]


def test_a_drawer_with_a_defuse_may_still_explode() -> None:
    state = rigged(3, hands=[["defuse"], ["skip"], ["beard-cat"]], draw_pile=["exploding-kitten"])
    play(state, "draw")
    assert [state.action_text(a) for a in state.legal_actions()] == ["defuse", "explode"]
    play(state, "explode")
    assert state.facts()["alive"] == [False, True, True]


def test_explode_is_the_last_action_id_and_refused_outside_the_phase() -> None:
    state = rigged(3, hands=[["skip"], [], []], draw_pile=["tacocat"])
    explode = state.parse_action("explode")
    assert explode == state.num_distinct_actions - 1
    assert state.action_text(explode) == "explode"
    with pytest.raises(IllegalAction) as err:
        state.verify(explode)
    assert err.value.rule == "Exploding Kitten"


# -- where an exploded player's hand goes is edition data ------------------------------------
class DiscardHandState(KittensState):
    """The Original's cards with ``dead_hand = "discard"`` (as Dynamitt will play it)."""

    edition = dataclasses.replace(
        ORIGINAL,
        header=dataclasses.replace(ORIGINAL.header, id="test-discard-hand"),
        dead_hand="discard",
    )
    game_id = "test-discard-hand"
    __slots__ = ()


@pytest.mark.parametrize(
    ("state_class", "to_discard"), [(OriginalState, False), (DiscardHandState, True)]
)
def test_an_exploded_hand_goes_where_the_edition_says(
    state_class: type[KittensState], to_discard: bool
) -> None:
    state = state_class.rig(
        3,
        dict(OPTIONS),
        0,
        {
            "hands": [["skip", "tacocat"], ["nope"], ["beard-cat"]],
            "draw_pile": ["exploding-kitten"],
        },
    )
    play(state, "draw")
    events = settle(state, "explode")
    facts = state.facts()
    assert facts["alive"] == [False, True, True]
    assert facts["out_of_game"] == {"exploding-kitten": 1}
    if to_discard:
        assert sorted(facts["discard_pile"]) == ["skip", "tacocat"]
        assert state.observe(1)["piles"]["discard"]["cards"] == facts["discard_pile"]
        assert facts["out_of_game_face_down"] == 0
        assert sorted(events[0].data["discarded"]) == ["skip", "tacocat"]
    else:
        assert events[0].data == {}
        assert facts["discard_pile"] == []
        assert facts["out_of_game_face_down"] == 2


def test_dead_hand_must_be_face_down_or_discard() -> None:
    raw = tomllib.loads((DATA_DIR / "original.toml").read_text())
    raw["edition"]["dead_hand"] = "burn"
    with pytest.raises(BadInput, match="dead_hand"):
        parse_edition(raw)


# -- a missed Three of a Kind is public: the target lacks that card (issue 15, leak 8) ---------
def test_a_missed_three_of_a_kind_shows_the_target_lacks_the_card_and_samples_keep_it() -> None:
    state = rigged(
        3,
        hands=[["tacocat"] * 3 + ["skip"], ["skip", "favor", "attack"], ["beard-cat", "defuse"]],
        draw_pile=["beard-cat", "defuse", "defuse", "defuse", "shuffle", "cattermelon"] * 3,
    )
    settle(state, "triple tacocat @1 defuse")
    for seat in (None, 0, 1, 2):
        assert state.observe(seat)["exploding"]["absent"] == {"1": ["defuse"]}
    defuse = state.edition.only("defuse")
    for k in range(40):
        d = state.determinize(2, random.Random(k))
        assert d.observe(2) == state.observe(2)
        assert not d.hands[1][defuse], f"rng {k}: the sample gives seat 1 a Defuse"
    settle(state, "play skip")  # seat 0 ends its turn; seat 1 draws an unseen card
    settle(state, "draw")
    assert "absent" not in state.observe(0)["exploding"]
    restored = OriginalState.from_json(state.to_json())
    assert restored.observe(2) == state.observe(2)
