"""The per-seat view of a server table (``server.view``), without a connection or an event
loop: a seat's messages are built from what that seat may know, so two worlds that differ
only in another seat's hand give it the same messages, in a turn and in a reaction window."""

from __future__ import annotations

import random
from typing import Any, cast

from kaboom.engine.state import State
from kaboom.engine.window import window_key
from kaboom.server import clocks, view
from kaboom.server.db import SeatRow, TableRow
from kaboom.server.table import HubPort, Table

GAME = "exploding-kittens"


def table(players: int = 3, seed: int = 7) -> Table:
    row = TableRow(GAME, GAME, players, {}, seed, False, None, None, 5.0, 1.0, status="playing")
    seats = [
        SeatRow(q, "human" if q == 0 else "bot", None if q == 0 else "heuristic")
        for q in range(players)
    ]
    t = Table(cast(HubPort, object()), row, seats)  # no process: the view asks nothing of it
    t.now = lambda: 2.0  # no event loop: the clocks read this time
    t.deal()
    return t


def other_world(state: State, seat: int, other: int) -> State:
    """A world ``seat`` cannot tell from ``state`` (sampled from its observation) where
    ``other``'s hand is not the same."""
    for n in range(200):
        world = state.determinize(seat, random.Random(n))
        if world.to_json()["hands"][other] != state.to_json()["hands"][other]:
            return world
    raise AssertionError("no world with another hand for the other seat")


def messages(t: Table, seat: int) -> list[dict[str, Any]]:
    return [t.update_msg(seat), t.sync_msg(seat, -1), t.sync_msg(seat, t.seq - 1)]


def test_another_seats_hand_changes_nothing_a_seat_is_sent_on_its_turn() -> None:
    t = table()
    assert t.state is not None and t.state.to_act == 0
    before = messages(t, 0)
    t.state = other_world(t.state, 0, 1)
    t._legal_cache = None
    assert messages(t, 0) == before
    assert before[0]["decision"]["kind"] == "turn" and before[0]["decision"]["legal"]
    # and the comparison can fail: a world where the seat's own hand differs shows
    t.state = other_world(t.state, 1, 0)
    t._legal_cache = None
    assert messages(t, 0) != before


def into_a_window(t: Table) -> None:
    """Play the first legal actions in order until a play opens a reaction window."""
    assert t.state is not None
    rng = random.Random(3)
    for _ in range(400):
        if window_key(t.state) is not None:
            return
        actor = t.state.to_act
        assert actor is not None and not t.state.is_over
        t.log.append(t.state.apply(rng.choice(t.state.legal_actions()), actor))
        t.seq += 1
    raise AssertionError("no reaction window in 400 actions")


def open_at(t: Table, state: State) -> None:
    key = window_key(state)
    assert key is not None
    t.state = state
    t.window = clocks.WindowRt(key, t.seq, 4.5, clocks.asks_of(state))


def test_another_seats_hand_changes_nothing_a_seat_is_sent_in_a_window() -> None:
    t = table()
    into_a_window(t)
    assert t.state is not None
    asked = list(clocks.asks_of(t.state))
    seat = asked[-1]  # asked last: its decision is a world after the others' passes
    other = next(q for q in range(3) if q != seat)
    real = t.state
    open_at(t, real)
    decision = view.window_decision(cast(clocks.WindowRt, t.window), seat, None)
    assert decision is not None and decision["kind"] == "window"
    assert t.update_msg(seat)["window"] == 2.5  # the deadline less the table's time
    before = [t.update_msg(seat, False), t.sync_msg(seat, -1)]
    open_at(t, other_world(real, seat, other))
    assert [t.update_msg(seat, False), t.sync_msg(seat, -1)] == before
