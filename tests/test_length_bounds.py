"""Every game has a bound on its length that no file or option can lift (docs/rulings.md,
"How long a game may last"): a race and an Eleminis game end when time is up."""

from __future__ import annotations

from kaboom.engine.registry import new_game, state_from_json
from kaboom.games.board.state import MAX_TURNS
from kaboom.games.eleminis.rules import MAX_TURNS_PER_GAME


def test_a_race_ends_after_its_last_turn_and_the_seat_furthest_along_wins() -> None:
    raw = new_game("kittens-board-game", 3, seed=2).to_json()
    raw["turns"], raw["positions"] = MAX_TURNS - 1, [3, 9, 9]
    state = state_from_json(raw)
    while state.to_act is not None and state.turns < MAX_TURNS:  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    assert state.is_over
    kinds = [e.kind for e in state.last_events]
    assert "time-up" in kinds
    positions = state.observe(None)["players"]
    best = max(p["position"] for p in positions)
    assert positions[state.winners[0]]["position"] == best


def test_an_eleminis_game_ends_when_time_is_up_and_the_best_row_wins() -> None:
    raw = new_game("eleminis", 2, seed=3).to_json()
    raw["turns"] = MAX_TURNS_PER_GAME - 1
    state = state_from_json(raw)
    state.apply(state.legal_actions()[0])
    assert state.is_over
    kinds = [e.kind for e in state.last_events]
    assert kinds.index("time-up") < kinds.index("win")
    scores = state.observe(None)["players"]
    assert len(state.winners) == 1
    assert scores[state.winners[0]]["score"] == max(p["score"] for p in scores)
