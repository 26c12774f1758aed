"""What a seat remembers of a face-down pile (``engine.pile_memory``): places it saw, and the
order of cards it saw after another seat hid a card among them (issue 15, leak 8: the order a
See the Future showed survives, as relative order, a card another seat hid in the pile)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kaboom.engine import get_game, new_game, resolve_options
from kaboom.engine import pile_memory as piles
from kaboom.engine.errors import BadInput
from kaboom.engine.registry import state_from_json
from kaboom.engine.state import State
from kaboom.games.kittens import OriginalState
from kaboom.games.kittens.state import REACT, KittensState

OPTIONS = resolve_options(get_game("exploding-kittens").options, {})


# -- the memory alone, against a pile it watches ----------------------------------------------
def watch(seed: int, steps: int = 60) -> tuple[int, int]:
    """Random pile operations, watched by seat 0; the memory must stay true at every step.
    Returns how many steps had runs and how many run pieces survived at most."""
    rng = random.Random(seed)
    pile = [rng.randrange(6) for _ in range(rng.randrange(4, 14))]
    exact: dict[int, int] = {}
    runs: piles.Runs = []
    with_runs = longest = 0
    for _ in range(steps):
        op = rng.choice(["see", "see", "hide", "hide", "own", "top", "bottom", "shuffle"])
        if op == "see" and pile:
            top = len(pile) - 1
            piles.seen(exact, runs, {top - i: pile[top - i] for i in range(min(3, len(pile)))})
        elif op == "hide":  # another seat hides a piece where seat 0 cannot know
            index = rng.randrange(len(pile) + 1)
            pile.insert(index, 9)
            piles.hidden_insert(exact, runs)
        elif op == "own":
            index = rng.randrange(len(pile) + 1)
            pile.insert(index, 9)
            piles.own_insert(exact, index, 9)
        elif op in ("top", "bottom") and pile:
            bottom = op == "bottom"
            piece = pile.pop(0 if bottom else -1)
            mine = rng.random() < 0.5  # seat 0 drew it (and saw it), or another seat did
            piles.drawn(exact, runs, 0 if bottom else len(pile), piece if mine else None, bottom)
        elif op == "shuffle":
            rng.shuffle(pile)
            piles.forget(exact, runs)
        assert piles.holds(pile, exact, runs), (seed, op, pile, exact, runs)
        if runs:
            with_runs += 1
            longest = max(longest, len(piles.run_pieces(runs)))
    return with_runs, longest


def test_the_memory_stays_true_of_the_pile() -> None:
    found = [watch(seed) for seed in range(300)]
    assert sum(w for w, _ in found) > 100  # runs do happen, and last
    assert max(longest for _, longest in found) >= 3


def test_holds_refuses_a_memory_the_pile_contradicts() -> None:
    assert piles.holds([1, 2, 3], {2: 3}, [[2, 1]])
    assert not piles.holds([1, 2, 3], {}, [[1, 2]])  # 1 lies below 2
    assert not piles.holds([1, 2, 3], {5: 1}, [])


def test_runs_are_placed_in_order_among_the_free_places() -> None:
    rng = random.Random(3)
    for _ in range(200):
        runs = [[1, 2, 3], [4, 5]]
        placed = piles.place_runs([0, 2, 3, 5, 6, 8, 9], runs, rng)
        order = [placed[i] for i in sorted(placed, reverse=True)]
        assert [p for p in order if p < 4] == [1, 2, 3] and [p for p in order if p >= 4] == [4, 5]
    with pytest.raises(ValueError):
        piles.place_runs([0], [[1, 2]], rng)


# -- in the exploding games --------------------------------------------------------------------
def settle(state: KittensState, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))
        while state.phase == REACT:
            state.apply(state.parse_action("pass"))


def seen_then_hidden() -> OriginalState:
    """Seat 0 sees Kitten, Tacocat, Beard Cat on top and skips; seat 1 draws the Kitten,
    defuses it and hides it two cards down."""
    state = OriginalState.rig(
        2,
        dict(OPTIONS),
        0,
        {
            "hands": [["see-the-future", "skip"], ["defuse"]],
            "draw_pile": ["exploding-kitten", "tacocat", "beard-cat", "cattermelon", "favor"],
        },
    )
    settle(state, "play see-the-future", "play skip", "draw", "defuse")
    state.apply(state.parse_action("place 1"))
    return state


def test_the_order_seen_survives_a_kitten_hidden_among_the_cards() -> None:
    state = seen_then_hidden()
    known = state.observe(0)["known"]
    assert known["piles"]["draw"] == {}  # the places are lost...
    assert known["runs"] == {"draw": [["tacocat", "beard-cat"]]}  # ...not the order
    assert "runs" not in state.observe(1)["known"]  # the placer knows places
    assert state.observe(1)["known"]["piles"]["draw"] == {"1": "exploding-kitten"}
    rng = random.Random(1)
    tops = set()
    for _ in range(200):
        sample = state.determinize(0, rng)
        order = [c for c in sample.slugs(sample.pile[::-1]) if c in ("tacocat", "beard-cat")]
        assert order == ["tacocat", "beard-cat"]
        assert sample.observe(0)["known"] == known
        tops.add(sample.slugs(sample.pile[-1:])[0])
    assert "exploding-kitten" in tops and "tacocat" in tops  # the places vary


def test_a_drawn_card_that_may_have_been_the_first_of_a_run_drops_it() -> None:
    state = seen_then_hidden()
    settle(state, "draw")  # seat 0 draws: the Tacocat (the Kitten went one card down)
    assert state.hand_slugs(0) == ["tacocat"]
    assert state.observe(0)["known"]["runs"] == {"draw": [["beard-cat"]]}


def test_runs_round_trip_and_a_forged_run_is_refused() -> None:
    state = seen_then_hidden()
    raw = state.to_json()
    slugs = state.edition.slugs
    assert raw["known_runs"][0] == [[slugs.index("tacocat"), slugs.index("beard-cat")]]
    assert state_from_json(raw).observe(0) == state.observe(0)
    raw["known_runs"][0] = [raw["known_runs"][0][0][::-1]]  # beard cat above tacocat: false
    with pytest.raises(BadInput, match="known_pile"):
        state_from_json(raw)


# -- every game with a hidden pile: random play keeps every seat's memory true --------------
def memories(state: State) -> list[tuple[list[int], dict[int, int], piles.Runs]]:
    raw: Any = state
    if hasattr(raw, "known_runs"):
        return [(raw.pile, k, r) for k, r in zip(raw.known_pile, raw.known_runs, strict=True)]
    pairs = zip(raw.known_move_deck, raw.known_move_runs, strict=True)
    return [(raw.move_deck, k, r) for k, r in pairs]


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("exploding-kittens", 2),
        ("exploding-minions", 3),
        ("dynamitt", 2),
        ("kittens-board-game", 3),
    ],
)
def test_random_games_keep_every_memory_true_and_samples_keep_it(game: str, players: int) -> None:
    runs_seen = 0
    for seed in range(40):
        state = new_game(game, players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat, (pile, exact, runs) in enumerate(memories(state)):
                assert piles.holds(pile, exact, runs), (seed, seat)
                if runs:
                    runs_seen += 1
                    sample = state.determinize(seat, rng)
                    s_pile, s_exact, s_runs = memories(sample)[seat]
                    assert (s_exact, s_runs) == (exact, runs)
                    assert piles.holds(s_pile, s_exact, s_runs)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert runs_seen > 0


def test_the_terminal_table_shows_the_order_a_seat_still_knows() -> None:
    from kaboom.tui.families import family_of

    state = seen_then_hidden()
    panel = family_of(state).panel(state.observe(0), 0)
    assert "You know the order (top first, places unknown): Tacocat, then Beard Cat" in panel
    assert "places unknown" not in family_of(state).panel(state.observe(1), 1)
