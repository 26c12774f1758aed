"""The table's pure parts: bomb odds, save files, the log a seat sees, the picker's rows,
and which actions a selected card narrows to."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kaboom.engine.errors import BadInput
from kaboom.engine.events import Event
from kaboom.engine.registry import get_game, new_game
from kaboom.tui import save
from kaboom.tui.families import family_of, reveal
from kaboom.tui.odds import bomb_odds
from kaboom.tui.picker import Choice
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.session import Session, seen_lines

KITTEN = frozenset({"exploding-kitten"})


def obs(size: int, bombs: int, known: dict[str, str] | None = None) -> dict[str, object]:
    """The parts of an exploding-family observation the odds read (docs/observations.md)."""
    return {
        "family": "exploding",
        "piles": {"draw": {"size": size}, "discard": {"size": 0, "cards": []}},
        "known": {"piles": {"draw": known or {}}, "hands": {}},
        "exploding": {"bombs_in_pile": bombs},
    }


def test_a_known_bomb_on_top_is_certain() -> None:
    assert bomb_odds(obs(10, 2, {"0": "exploding-kitten"}), KITTEN) == 1.0


def test_a_known_safe_top_card_is_no_risk() -> None:
    assert bomb_odds(obs(10, 2, {"0": "skip", "1": "exploding-kitten"}), KITTEN) == 0.0


def test_otherwise_the_unlocated_bombs_among_the_unseen_cards() -> None:
    assert bomb_odds(obs(10, 2), KITTEN) == pytest.approx(0.2)
    # one of the two bombs is seen lower down: one bomb among the 8 other unseen cards
    known = {"1": "exploding-kitten", "2": "skip"}
    assert bomb_odds(obs(10, 2, known), KITTEN) == pytest.approx(1 / 8)
    assert bomb_odds(obs(0, 0), KITTEN) == 0.0
    assert bomb_odds(obs(3, 0), KITTEN) == 0.0


def test_odds_need_a_bomb_count() -> None:
    no_bombs = {"family": "board", "piles": {"move_deck": {"size": 4}}, "board": {}}
    assert bomb_odds(no_bombs, KITTEN) is None


def test_odds_come_from_the_seat_observation_of_a_real_game() -> None:
    state = new_game("exploding-kittens", 3, seed=2)
    family = family_of(state)
    seen = state.observe(0)
    odds = bomb_odds(seen, family.bombs())
    bombs, size = seen["exploding"]["bombs_in_pile"], seen["piles"]["draw"]["size"]
    assert odds == pytest.approx(bombs / size)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    seating = Seating("dynamitt", 3, 7, {"jokers": False}, [HUMAN, "random", "heuristic"])
    session = Session(seating)
    rng = random.Random(1)
    for _ in range(15):
        legal = session.state.legal_actions()
        session.apply(legal[rng.randrange(len(legal))], session.state.to_act or 0)
    path = save.write(tmp_path / "s.json", seating, session.state)
    back, state = save.read(path)
    assert back == seating
    assert state.to_json() == session.state.to_json()
    assert state.history == session.state.history
    resumed = Session(back, state)
    assert resumed.log_for(0) == session.log_for(0)
    back_again = save.replay(path)
    assert (back_again.seating, back_again.actions) == (seating, session.state.history)
    assert not back_again.finished and back_again.viewer is None


def test_a_save_of_another_game_is_refused(tmp_path: Path) -> None:
    seating = Seating("eleminis", 2, 1, {}, [HUMAN, "random"])
    raw = save.to_json(seating, new_game("exploding-kittens", 2, 1))
    (tmp_path / "x.json").write_text(__import__("json").dumps(raw))
    with pytest.raises(BadInput, match="state"):
        save.read(tmp_path / "x.json")


def test_a_seat_sees_its_private_event_and_others_the_redacted_twin() -> None:
    state = new_game("exploding-kittens", 3, seed=1)
    events = [
        Event("see-the-future", 1, {"cards": ["skip"]}, frozenset({1})),
        Event("see-the-future", 1, {"redacted": True}),
    ]
    assert seen_lines(state, events, 1) == ["P1 sees the future: Skip"]
    assert seen_lines(state, events, 0) == ["P1 sees the future"]


def test_the_picker_rows_come_from_the_game_spec() -> None:
    choice = Choice.of(get_game("eleminis"))
    ids = [row for row, _ in choice.rows()]
    assert ids == [
        "players", "people", "bots", *(o.name for o in get_game("eleminis").options), "pace",
        "start",
    ]  # fmt: skip
    choice.change("teams", 1)  # 1 team is no team game: stepped over
    choice.change("match", 1)
    choice.change("players", 5)
    assert choice.options() == {"teams": 2, "match": True} and choice.players == 8


def test_selecting_a_card_narrows_to_the_actions_using_it() -> None:
    state = new_game("exploding-kittens", 2, seed=3)
    family = family_of(state)
    texts = [state.action_text(a) for a in state.legal_actions()]
    for card in set(state.observe(0)["hand"]):
        narrowed = [t for t in texts if family.narrows(t, [card])]
        assert all(card in t for t in narrowed)
    assert family.uses("triple skip @3 defuse") == {"skip"}
    assert family.uses("pair tacocat+feral @1") == {"tacocat", "feral"}


@pytest.mark.parametrize("game", ["exploding-kittens", "exploding-minions", "dynamitt",
                                  "eleminis", "kittens-board-game"])  # fmt: skip
def test_every_card_has_field_guide_text(game: str) -> None:
    family = family_of(new_game(game, 2, seed=1))
    assert family.guide and all(text for _, text in family.guide.values())


def test_reveal_shows_every_hand() -> None:
    state = new_game("exploding-kittens", 3, seed=1)
    shown = reveal(state)
    assert all(f"P{q} holds" in shown for q in range(3))
