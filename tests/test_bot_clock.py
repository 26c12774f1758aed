"""Bots keep the table's clock (docs/rulings.md, "The table's clock"): the rule of
``kaboom.bots.clock`` on given clock readings, a search stopped by its deadline, and the
server's bot agent releasing its move at the same moment whatever its hand."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar, TypeVarTuple

import pytest

from kaboom.bots.clock import (
    LEAST,
    Deadline,
    budget,
    decide_by,
    shares,
    turn_deadline,
    until,
    window_length,
)
from kaboom.bots.make import make_bot
from kaboom.engine import PlayerView, State, new_game
from kaboom.engine.registry import get_game
from kaboom.engine.window import world_when_asked
from kaboom.server.bot import BotAgent
from kaboom.server.db import TableRow
from kaboom.server.protocol import Act
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.session import Session

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
GAME = "dynamitt"


# -- the rule, on given clock readings ---------------------------------------------------------
def test_a_move_is_released_at_the_pace_or_the_bots_budget_whichever_is_longer() -> None:
    heuristic, medium = make_bot("heuristic", 1, GAME), make_bot("ismcts:level=medium", 1, GAME)
    assert turn_deadline(10.0, 0.8, heuristic).release == pytest.approx(10.8)
    assert turn_deadline(10.0, 0.8, medium).release == pytest.approx(11.0)  # its 1 s
    assert turn_deadline(10.0, 2.0, medium).release == pytest.approx(12.0)
    assert turn_deadline(10.0, 0.0, heuristic) == Deadline(10.0, 10.0)  # decides at once
    # a search bounded by iterations alone is given the least time, and stops before it
    searcher = make_bot("ismcts:iterations=100000", 1, GAME)
    assert budget(searcher) == LEAST
    d = turn_deadline(10.0, 0.0, searcher)
    assert d.release == pytest.approx(10.0 + LEAST) and 10.0 < d.think < d.release


def test_a_search_ends_before_its_release_by_a_margin() -> None:
    for start, release in [(0.0, 0.05), (0.0, 1.0), (5.0, 65.0)]:
        d = until(start, release)
        assert start < d.think < d.release == release
    assert until(0.0, 60.0).think == pytest.approx(59.9)  # at most 0.1 s kept back


def test_a_window_that_asks_a_bot_lasts_at_least_the_bots_time() -> None:
    assert window_length(3.0, 0.8, asks_a_bot=True) == 3.0
    assert window_length(0.0, 0.8, asks_a_bot=True) == 0.8
    assert window_length(0.0, 0.0, asks_a_bot=True) == LEAST
    assert window_length(0.0, 0.8, asks_a_bot=False) == 0.0  # people only: as set


def test_answers_planned_one_after_another_share_the_window() -> None:
    planned = shares(0.0, 2.0, 3)
    assert [d.release for d in planned] == [2.0, 2.0, 2.0]
    thinks = [d.think for d in planned]
    assert thinks == sorted(thinks) and thinks[-1] == pytest.approx(until(0.0, 2.0).think)
    assert thinks[0] == pytest.approx(thinks[-1] / 3)
    assert shares(0.0, 1.0, 0) == []


# -- a search stops at its deadline --------------------------------------------------------------
def decisions(game: str = GAME) -> tuple[State, State]:
    """Two states of one game where the seat to act decides its own move (no window): one
    with a single legal action, one with many."""
    one: State | None = None
    many: State | None = None
    bots = [make_bot("heuristic", q, game) for q in range(3)]
    for seed in range(20):
        state = new_game(game, 3, seed)
        while not state.is_over and (one is None or many is None):
            seat = state.to_act
            assert seat is not None
            if state.observe(None).get("window") is None:
                count = len(state.legal_actions())
                if count == 1 and one is None:
                    one = state.clone()
                elif count > 5 and many is None:
                    many = state.clone()
            state.apply(bots[seat].act(PlayerView(state, seat)), seat)
        if one is not None and many is not None:
            return one, many
    raise AssertionError("no decision with one legal action")


@pytest.mark.parametrize("paired", [True, False])
def test_a_search_past_its_deadline_plays_its_best_so_far(paired: bool) -> None:
    """No iteration after the deadline: the search plays the prior's move (its best so far)
    at once; without one, it searches its whole budget."""
    _, state = decisions()
    seat = state.to_act
    assert seat is not None
    bot = make_bot(f"ismcts:iterations=200:paired={int(paired)}", 3, GAME)
    prior = make_bot("heuristic", 3, GAME).act(PlayerView(state, seat))
    assert decide_by(bot, PlayerView(state, seat), think=0.0) == prior
    assert bot.last_iterations == 0  # type: ignore[attr-defined]
    bot.act(PlayerView(state, seat))
    assert bot.last_iterations == 200  # type: ignore[attr-defined]


# -- the server's bot agent ---------------------------------------------------------------------
class Host:
    """A table as a bot agent sees it (``server.bot.Host``): it notes when each action came."""

    def __init__(self, bot_delay: float) -> None:
        self.row = TableRow("t", GAME, 3, {}, 1, False, None, None, 0.0, bot_delay)
        self.driving = True
        self.handed: list[tuple[float, Act]] = []
        #: When the last decision thought in the bots' processes came back.
        self.thought: float | None = None

    def game_class(self) -> type[State]:
        return get_game(GAME).state_class.variant({})

    async def handle(self, conn: Any, msg: Act) -> None:
        self.handed.append((asyncio.get_running_loop().time(), msg))

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        return asyncio.get_running_loop().create_task(coro)

    async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        result = await asyncio.to_thread(fn, *args)
        self.thought = asyncio.get_running_loop().time()
        return result


def turn_update(state: State, seq: int) -> dict[str, Any]:
    seat = state.to_act
    legal = [{"id": a, "text": state.action_text(a)} for a in state.legal_actions()]
    decision = {"kind": "turn", "at": seq, "legal": legal, "observation": None, "clock": None}
    return {"type": "update", "seq": seq, "observation": state.observe(seat), "decision": decision}


def test_the_agents_deadline_reads_no_hand() -> None:
    """The deadline of a decision comes from when it came and the table: two decisions
    that differ in all a seat holds get the same one."""
    one, many = decisions()
    agent = BotAgent(Host(0.3), 0, "ismcts:iterations=1000")
    a, b = (turn_update(s, 5)["decision"] for s in (one, many))
    assert agent.deadline(a, 7.0) == agent.deadline(b, 7.0) == turn_deadline(7.0, 0.3, agent.bot)
    window = {**a, "kind": "window", "clock": 1.5}
    assert agent.deadline(window, 7.0) == until(7.0, 8.5)


async def released_after(state: State, delay: float) -> tuple[float, float | None]:
    """When a server bot agent hands its move for ``state``'s decision, from when the
    decision came, and when its thinking came back (None: it thought on the loop)."""
    host = Host(bot_delay=delay)
    seat = state.to_act
    assert seat is not None
    agent = BotAgent(host, seat, "ismcts:iterations=3000")
    came = asyncio.get_running_loop().time()
    agent.deliver(turn_update(state, 9), "")
    while not host.handed:
        await asyncio.sleep(0.01)
    thought = None if host.thought is None else host.thought - came
    return host.handed[0][0] - came, thought


async def test_a_bots_move_is_released_as_late_with_one_legal_action_as_with_many() -> None:
    """A search of far more iterations than its time allows: with one legal action it
    would answer at once, with many it would search on; both moves come at the release.

    A try counts when the search came back by the release: a machine that stalls the
    thinking thread past it (a collection of a big test process's heap, a loaded CI
    machine) makes any move late, whatever the hand. Three such tries in a row fail."""
    one, many = decisions()
    gc.collect()
    gc.freeze()  # (the earlier tests' objects: no collection of them while timed)
    try:
        forced, thought = await released_after(one, 0.2)
        assert thought is None  # one legal action: decided on the loop, at once
        tries: list[tuple[float, float | None]] = []
        for _ in range(3):
            took, thought = await released_after(many, 0.2)
            tries.append((took, thought))
            if thought is not None and thought < 0.2:
                break
    finally:
        gc.unfreeze()
    assert thought is not None and thought < 0.2, f"the search came back late each try: {tries}"
    assert abs(forced - took) < 0.05, f"one legal action {forced:.3f} s, many {took:.3f} s"
    assert min(forced, took) >= 0.2 - 0.002  # (no earlier than the release)


# -- the terminal table --------------------------------------------------------------------------
def test_the_terminal_table_plans_every_bots_answer_within_the_window() -> None:
    """Each bot the window asks is planned an answer (by the window's end: here already
    past, so each plays its best so far at once), in the engine's order."""
    seating = Seating(GAME, 3, 4, {}, [HUMAN, "ismcts:iterations=100000", "heuristic"])
    session = Session(seating)
    state = session.state
    while state.observe(None).get("window") is None and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(make_bot("heuristic", 0, GAME).act(PlayerView(state, seat)), seat)
    asked = session.bots_asked(state.clone())
    answers = session.plan_answers(state.clone(), end=0.0)
    assert asked and answers and list(answers) == asked[: len(answers)]
    for seat, action in answers.items():  # (each planned where the seats before it passed)
        world = world_when_asked(state, seat)
        assert world is not None and world.can(action)
