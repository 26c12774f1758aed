"""Every family's vector read straight from the state (``kaboom.rl.features``) equals
the vector of the seat's observation (``Encoder.encode(state.observe(seat))``, the
specification) at every step of many random games, for every seat: so it shows a seat
nothing its observation does not."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.rl.encoding import Encoder, encoder_for, scatter, written
from kaboom.rl.features import Sink

pytestmark = pytest.mark.rl

#: (game, players, options): every game, small and large tables, the options that change
#: what a seat may know or do.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("exploding-kittens", 2, {}),
    ("exploding-kittens", 3, {"five_different": True}),
    ("exploding-kittens", 4, {"nope_defuse": True}),
    ("exploding-kittens", 5, {"fast": True}),
    ("exploding-minions", 2, {}),
    ("exploding-minions", 5, {"nope_defuse": True}),
    ("dynamitt", 2, {}),
    ("dynamitt", 4, {"five_different": True}),
    ("dynamitt", 9, {}),
    ("kittens-board-game", 2, {}),
    ("kittens-board-game", 6, {}),
    ("eleminis", 2, {}),
    ("eleminis", 4, {"teams": 2}),
    ("eleminis", 8, {"match": True}),
]
#: Per family, fields a thorough run must have shown some seat nonzero: what a seat saw of a
#: hidden pile or a hand (See the Future, a Favor, a Deck turned over), a window and its
#: target, a drawn Kitten or disc, a missed Three of a Kind, the winners.
COVERED = {
    "exploding": ("known.draw", "known.hands", "window.open", "window.names", "window.target",
                  "exploding.drawn_bomb", "exploding.out_of_game", "exploding.absent", "winners"),
    "board": ("known.move_deck", "window.open", "window.names", "window.target", "window.nopes",
              "board.disc_to_choose", "board.chaos", "winners"),
    "eleminis": ("eleminis.row", "eleminis.drawn", "winners"),
}  # fmt: skip


def _compare_every_seat(enc: Encoder, state: State, seen: Counter[str]) -> None:
    for seat in range(state.players):
        fast = enc.encode_state(state, seat)
        spec = enc.encode(state.observe(seat))
        if not np.array_equal(fast, spec):
            wrong = [f.name for f in enc.fields
                     if not np.array_equal(fast[f.offset : f.offset + f.size],
                                           spec[f.offset : f.offset + f.size])]  # fmt: skip
            raise AssertionError(f"seat {seat}, turn {state.hist}: fields {wrong} differ")
        for f in enc.fields:
            if spec[f.offset : f.offset + f.size].any():
                seen[f.name] += 1


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
@pytest.mark.slow
def test_the_fast_vector_equals_the_observations_at_every_step(
    game: str, players: int, options: dict[str, Any]
) -> None:
    seen: Counter[str] = Counter()
    games = 12 if players < 6 else 4
    enc = encoder_for(new_game(game, players, 0, **options))
    for seed in range(games):
        state = new_game(game, players, seed, **options)
        rng = random.Random(seed)
        _compare_every_seat(enc, state, seen)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            _compare_every_seat(enc, state, seen)
    # (Random games of Exploding Minions never leave a rank known absent: 0 in 40 seeds.)
    covered = COVERED[enc.family]
    expected = [n for n in covered if game != "exploding-minions" or n != "exploding.absent"]
    if (game, options) == ("eleminis", {"match": True}):
        expected.append("known.deck")  # (a Deck turned over, seen by all)
    missing = [name for name in expected if not seen[name]]
    assert not missing, f"no game showed {missing}: play more games"


def test_a_seat_that_saw_the_future_has_it_and_no_other_seat_does() -> None:
    """See the Future: the top cards are in the vector of the seat that looked, as in its
    observation's; a seat that has seen nothing of the Draw Pile has none there."""
    for seed in range(200):
        state = new_game("exploding-kittens", 3, seed)
        rng = random.Random(seed)
        enc = encoder_for(state)
        at = next(f for f in enc.fields if f.name == "known.draw").offset
        places = slice(at, at + 5 * len(enc.cards))
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            seers = [e.seat for e in events if e.kind == "see-the-future" and e.seat is not None]
            if not seers:
                continue
            assert enc.encode_state(state, seers[0])[places].any()
            for seat in range(3):
                fast = enc.encode_state(state, seat)[places]
                assert np.array_equal(fast, enc.encode(state.observe(seat))[places])
                if not state.observe(seat)["known"]["piles"]["draw"]:
                    assert not fast.any()
            return
    raise AssertionError("no See the Future in 200 games")


def test_a_mistake_in_the_fast_vector_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a fast path that shows a seat another's hand is caught."""
    from kaboom.rl.features import write_features as real

    def leaky(s: Any, me: int, layout: Any, out: Any) -> bool:
        return real(s, (me + 1) % s.players, layout, out)

    monkeypatch.setattr("kaboom.rl.encoding.write_features", leaky)
    state = new_game("exploding-kittens", 2, 1)
    with pytest.raises(AssertionError, match="differ"):
        _compare_every_seat(encoder_for(state), state, Counter())


def test_a_sink_keeps_every_value_as_it_grows_and_moves_each_index_by_its_row() -> None:
    """``Sink``: room for one value, a thousand written over two rows; each index moved by
    its row's base, and ``start`` empties it."""
    sink = Sink(1)
    sink.start(0)
    for i in range(500):
        sink.put(i, i / 1000)
    sink.row(10_000)
    for i in range(500):
        sink.put(i, 0.5)
    at, values = written(sink)
    assert at.tolist() == [*range(500), *range(10_000, 10_500)]
    assert values.tolist() == [i / 1000 for i in range(500)] + [0.5] * 500
    sink.start(7)
    sink.put(1, 1.0)
    assert written(sink)[0].tolist() == [8]
    assert scatter(sink, (2, 5)).tolist() == [[0.0] * 5, [0.0, 0.0, 0.0, 1.0, 0.0]]
