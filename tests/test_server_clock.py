"""Bots keep the table's clock, never stretch it (docs/rulings.md, "The table's clock"),
measured over the wire: a real ``kaboom serve`` (SQLite), search bots at every seat and a
spectator timing each update as it arrives. A reaction window lasts as long whether or not
a bot it asks holds a Nope, and a bot's move comes as long after its decision began
whether its hand leaves it one legal action or many. Each pair of distributions is
compared by its medians; they may differ by the clock's jitter, never by a search."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from kaboom.bots.clock import LEAST
from kaboom.engine.window import walk_window, window_key
from kaboom.server.client import Lobby, SeatClient
from server_support import Replay, Server, sqlite_server, watch

#: One ``kaboom serve`` for the module (its fixture): on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("server_clock")]

#: Dynamitt has many windows and, among the bots' own decisions, some with one legal action.
GAME, PLAYERS = "dynamitt", 3
#: A search whose iterations take far longer than the table's pace: bounded only by time.
BOT = "ismcts:iterations=1000"
#: How far apart two medians may be (s): the clock's jitter on a loaded machine.
JITTER = 0.03
#: Samples wanted of each kind before comparing; tables played at most.
ENOUGH, MOST_TABLES = 5, 4


@dataclass
class Rhythm:
    """The table's rhythm as a spectator got it: how long each window lasted, by whether a
    bot it asks holds a Nope; how long each bot's own decision took, by whether it had more
    than one legal action."""

    windows: dict[bool, list[float]] = field(default_factory=lambda: {False: [], True: []})
    moves: dict[bool, list[float]] = field(default_factory=lambda: {False: [], True: []})

    def enough(self) -> bool:
        return all(len(v) >= ENOUGH for d in (self.windows, self.moves) for v in d.values())

    def add(self, export: dict[str, Any], arrived: dict[int, float]) -> None:
        """One table: each update's length (to the next one), classified from its replay."""
        replay, before = Replay(export), None
        for seq in range(len(export["history"])):
            state = replay.to(seq)
            key = window_key(state)
            took = arrived[seq + 1] - arrived[seq] if {seq, seq + 1} <= arrived.keys() else None
            if took is not None and key is not None and key != before:
                holds = any(len(w.legal_actions()) > 1 for _, w, _ in walk_window(state))
                self.windows[holds].append(took)
            elif took is not None and key is None:
                self.moves[len(state.legal_actions()) > 1].append(took)
            before = key


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("server")) as srv:
        yield srv


async def timed_table(server: Server, seed: int) -> tuple[dict[str, Any], dict[int, float]]:
    """A table of search bots (window 0, bot_delay 0: the bots' least time) watched to the
    end: its export, and when each update arrived."""
    lobby = Lobby(server.base)
    try:
        table = await lobby.create(
            game=GAME, players=PLAYERS, seats=[BOT] * PLAYERS, window=0.0, bot_delay=0.0, seed=seed
        )
        spectator = SeatClient(server.base, table["id"], record=False)
        arrived: dict[int, float] = {}

        def clock(msg: dict[str, Any]) -> None:
            if msg["type"] == "update":
                arrived[msg["seq"]] = time.monotonic()

        spectator.on_message = clock
        await spectator.connect()
        await watch(spectator)
        await spectator.close()
        return await lobby.export(table["id"]), arrived
    finally:
        await lobby.close()


@pytest.fixture(scope="module")
def rhythm(server: Server) -> Rhythm:
    """Tables played one after another until each kind has ``ENOUGH`` samples."""
    got = Rhythm()
    for seed in range(MOST_TABLES):
        got.add(*asyncio.run(timed_table(server, 7 + seed)))
        if got.enough():
            break
    return got


def medians(samples: dict[bool, list[float]]) -> tuple[float, float]:
    assert all(len(v) >= ENOUGH for v in samples.values()), {k: len(v) for k, v in samples.items()}
    return statistics.median(samples[True]), statistics.median(samples[False])


def test_a_window_lasts_as_long_whether_or_not_a_bot_holds_a_nope(rhythm: Rhythm) -> None:
    holding, none = medians(rhythm.windows)
    assert abs(holding - none) < JITTER, f"{holding:.3f} s holding a Nope, {none:.3f} s not"


def test_a_bots_move_comes_as_late_with_one_legal_action_as_with_many(rhythm: Rhythm) -> None:
    many, one = medians(rhythm.moves)
    assert abs(many - one) < JITTER, f"{many:.3f} s with many actions, {one:.3f} s with one"


def test_a_window_of_length_0_gives_the_bots_their_least_time(rhythm: Rhythm) -> None:
    """A window of length 0 that asks a bot lasts ``LEAST``: the bots' time to answer,
    the same for every window, which nothing anyone holds cuts short."""
    assert statistics.median(rhythm.windows[False] + rhythm.windows[True]) >= LEAST - 0.005
