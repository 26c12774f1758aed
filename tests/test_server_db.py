"""The server's database on SQLite, without a server: a table's row round-trips through its
columns (one conversion), the log's writer refuses a taken place, and votes and presence
are kept per table (what several processes share)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kaboom.server.db import (
    ActionRow,
    ChatRow,
    Conflict,
    SeatRow,
    Store,
    TableRow,
    make_engine,
    migrate,
)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    engine = make_engine(f"sqlite:///{tmp_path}/kaboom.db")
    migrate(engine)
    return Store(engine)


def a_table(table_id: str = "t1") -> TableRow:
    return TableRow(
        table_id, "exploding-kittens", 3, {"imploding": True}, 2**64 - 1, True, "h", 30.0, 2.5, 0.1
    )


def test_a_table_round_trips_through_its_columns(store: Store) -> None:
    row = a_table()
    store.create_table(row, [SeatRow(q, "human") for q in range(3)])
    assert store.table("t1") == row  # the 64-bit seed and the options come back whole
    store.start("t1")
    store.finish("t1", "over", [2], None, 7)
    done = store.table("t1")
    assert done is not None and (done.status, done.winners, done.seq) == ("over", [2], 7)
    assert done.finished_at is not None and done.seed == row.seed


def test_the_log_refuses_a_taken_place_and_keeps_the_rest(store: Store) -> None:
    for t in ("t1", "t2"):
        store.create_table(a_table(t), [SeatRow(0, "human")])
    store.append("t1", [ActionRow(1, 0, 5, "k1")])
    results = store.append_many(
        [("t1", [ActionRow(1, 0, 6)]), ("t2", [ActionRow(1, 0, 7)])]  # t1's place 1 is taken
    )
    assert isinstance(results[0], Conflict) and results[1] is None
    assert [(r.seq, r.action) for r in store.actions_since("t1", 0)] == [(1, 5)]
    assert [(r.seq, r.action) for r in store.actions_since("t2", 0)] == [(1, 7)]
    with pytest.raises(Conflict):  # a client key is applied once
        store.append("t1", [ActionRow(2, 0, 5, "k1")])
    store.append("t1", [ActionRow(2, 0, 8)])  # the writer goes on after a refusal
    assert store.last_seq("t1") == 2
    store.close_writers()


def test_votes_and_presence_are_the_tables(store: Store) -> None:
    for t in ("t1", "t2"):
        store.create_table(a_table(t), [SeatRow(q, "human") for q in range(3)])
    store.add_vote("t1", 2, 0)
    store.add_vote("t1", 2, 0)  # twice is once
    store.add_vote("t1", 2, 1)
    store.add_vote("t2", 1, 0)
    store.set_presence("t1", 0, "one", True)
    store.set_presence("t1", 1, "two", True)
    store.set_presence("t1", 1, "two", True)
    assert store.seat_marks("t1", "one") == ({2: {0, 1}}, {1})  # seat 0 is at "one" itself
    assert store.seat_marks("t1", "two") == ({2: {0, 1}}, {0})
    store.clear_votes("t1", 2)
    store.set_presence("t1", 1, "two", False)
    assert store.seat_marks("t1", "one") == ({}, set())
    assert store.seat_marks("t2", "one") == ({1: {0}}, set())
    store.clear_presence()
    assert store.seat_marks("t1", "two") == ({}, set())


def test_chat_lines_are_numbered_per_table_and_the_first_seated_hosts(store: Store) -> None:
    for t in ("t1", "t2"):
        store.create_table(a_table(t), [SeatRow(q, "human") for q in range(3)])
    said = [ChatRow(0, "P0", 0, "ann", f"line {k}", "all") for k in range(3)]
    assert [store.add_chat("t1", line) for line in said] == [1, 2, 3]
    assert store.add_chat("t2", ChatRow(0, "S1", None, None, "hi", "spectators")) == 1
    assert [line.text for line in store.chat_since("t1", 1)] == ["line 1", "line 2"]
    assert [line.n for line in store.chat_since("t1", 0, last=2)] == [2, 3]
    assert [store.next_spectator("t1") for _ in range(2)] == [1, 2]
    # the host: the first person seated; free again before the start, the next one
    assert store.take_seat("t1", 2, "cat", "h2") and store.take_seat("t1", 0, "ann", "h0")
    assert (store.table("t1") or a_table()).host_seat == 2
    store.free_seat("t1", 2)
    assert (store.table("t1") or a_table()).host_seat is None
    store.take_seat("t1", 1, "bob", "h1")
    assert (store.table("t1") or a_table()).host_seat == 1
    store.set_chat("t1", False)
    assert (store.table("t1") or a_table()).chat is False
