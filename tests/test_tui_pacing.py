"""The terminal table's pace (``tui.pacing.Pacing``) driven without Textual: a stage that
records what it is asked to show, and a scheduler of the test's own whose time moves only
when the test runs it (workers decide at once; their results come back at their time).

What is checked: a window against bots ends at the same moment whether a bot holds a Nope
(docs/rulings.md, "The table's clock"); a bot's move lands at its deadline, never sooner;
hot-seat: the bots move behind a cover, the device is passed and nobody sees another's
hand; the end comes down the cover and is shown once."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from kaboom.bots.clock import answer_time, turn_deadline
from kaboom.engine.scenario import start
from kaboom.tui.families import family_of
from kaboom.tui.pacing import TICK, Pace, Pacing
from kaboom.tui.save import HUMAN, Seating
from kaboom.tui.session import Session
from test_tui_pace import Skipper, skip_against  # the same deals as the table's own tests

R = TypeVar("R")


class Ticks:
    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class FakeClock:
    """The scheduler: events in time order; ``run`` plays them, moving the time."""

    def __init__(self) -> None:
        self.time = 100.0
        self.queue: list[tuple[float, int, Callable[[], None]]] = []
        self.order = itertools.count()
        self.groups: list[str] = []

    def now(self) -> float:
        return self.time

    def at(self, when: float, fn: Callable[[], None]) -> None:
        heapq.heappush(self.queue, (when, next(self.order), fn))

    def every(self, seconds: float, tick: Callable[[], None]) -> Ticks:
        ticks = Ticks()

        def again() -> None:
            if not ticks.stopped:
                tick()
                self.at(self.time + seconds, again)

        self.at(self.time + seconds, again)
        return ticks

    def off_thread(
        self, group: str, work: Callable[[], R], until: float, done: Callable[[R], None]
    ) -> None:
        self.groups.append(group)
        result = work()
        self.at(until, lambda: done(result))

    def run(self, until: Callable[[], bool], limit: float = 120.0) -> None:
        end = self.time + limit
        while self.queue and not until():
            when, _, fn = heapq.heappop(self.queue)
            assert when <= end, "the table waited past the test's limit"
            self.time = max(self.time, when)
            fn()


class Stage:
    """The screen, as the pace sees it: a record of what it was asked to show."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.up = True
        self.passed: list[Callable[[], None]] = []

    def live(self) -> bool:
        return self.up

    def redraw(self) -> None:
        self.shown.append("redraw")

    def draw_window(self) -> None:
        self.shown.append("window")

    def draw_actions(self) -> None:
        self.shown.append("actions")

    def show_cover(self) -> None:
        self.shown.append("cover")

    def hide_cover(self) -> None:
        self.shown.append("uncover")

    def ask_pass(self, seat: int, why: str, taken: Callable[[], None]) -> None:
        self.shown.append(f"pass to {seat}: {why}")
        self.passed.append(taken)

    def seat_taken(self, seat: int) -> None:
        self.shown.append(f"taken by {seat}")

    def show_end(self) -> None:
        self.shown.append("end")


def table(seats: list[str], setup: dict[str, Any], pace: Pace) -> tuple[Pacing, Stage, FakeClock]:
    session = Session(Seating("exploding-kittens", 3, 7, {}, seats), start(setup))
    stage, clock = Stage(), FakeClock()
    pacing = Pacing(session, pace, family_of(session.state), stage, clock)
    return pacing, stage, clock


def play(pacing: Pacing, seat: int, text: str) -> None:
    session = pacing.session
    session.apply(next(a for a, t in session.legal_texts(seat) if t == text), seat)
    pacing.advance()


def first_window(p1: list[str]) -> tuple[float, float]:
    """You play the Skip against two bots (P1 holding ``p1``): when the window closed
    after its opening, and when the bots' time was up after it."""
    pace = Pace(bot_delay=0.4, react_seconds=5.0)
    pacing, _, clock = table([HUMAN, "ismcts:level=easy", "heuristic"], skip_against(p1), pace)
    pacing.start()
    play(pacing, 0, "play skip")
    window = pacing.window
    assert window is not None and not window.asked  # your own card: nothing to answer
    clock.run(lambda: bool(pacing.closings))
    _, opened, closed = pacing.closings[0]
    return closed - opened, window.bots_by - window.opened


def test_a_window_against_bots_ends_at_the_same_moment_whatever_a_bot_holds() -> None:
    with_nope, bots = first_window(["nope", "cattermelon"])
    without, bots_too = first_window(["tacocat", "cattermelon"])
    assert bots == bots_too == pytest.approx(answer_time(0.4))
    assert with_nope == without  # to the tick: the scheduler's time is exact
    assert bots <= with_nope < bots + TICK + 1e-9  # the bots' time, not the 5 s clock


def test_a_window_you_may_nope_waits_for_you_and_ends_when_you_answer() -> None:
    setup = skip_against(["cattermelon"])
    setup["setup"]["hands"] = [["nope", "tacocat"], ["skip", "cattermelon"], ["beard-cat"]]
    setup["setup"]["current"] = 1
    pace = Pace(bot_delay=0.2, react_seconds=30.0)
    pacing, stage, clock = table([HUMAN, "random", "random"], setup, pace)
    session = pacing.session
    assert isinstance(session, Session)
    for seat in (1, 2):
        session.seats[seat].bot = Skipper(session.state.action_text)
    pacing.start()
    clock.run(lambda: pacing.window is not None and pacing.window.asked)
    window = pacing.window
    assert window is not None and window.nope and window.holder == 0
    opened = clock.now()
    clock.run(lambda: clock.now() >= opened + 1.0)  # the bots' time is long past
    assert pacing.window is window and not pacing.closings
    pacing.let_pass()
    clock.run(lambda: bool(pacing.closings))
    assert pacing.closings[0][2] - window.opened < 2.0  # not the 30 s clock
    assert "window" in stage.shown


def test_a_bots_move_lands_at_its_deadline_never_sooner() -> None:
    setup = skip_against(["cattermelon"])
    setup["setup"]["current"] = 1
    pace = Pace(bot_delay=0.7, react_seconds=5.0)
    pacing, _, clock = table([HUMAN, "heuristic", "heuristic"], setup, pace)
    session = pacing.session
    assert isinstance(session, Session)
    due = turn_deadline(clock.now(), pace.bot_delay, session.bot(1)).release
    moves = len(session.state.history)
    pacing.start()
    assert clock.groups == ["bots"] and len(session.state.history) == moves
    clock.run(lambda: len(session.state.history) > moves)
    assert clock.now() == due


def test_hot_seat_bots_move_behind_a_cover_and_the_device_is_passed() -> None:
    """Two people and a bot: nobody sees a hand before taking the device; the bot moves
    behind a cover; the next person is asked to take the device, and only then is it
    theirs."""
    setup = skip_against(["cattermelon"])
    setup["setup"]["current"] = 2
    pace = Pace(bot_delay=0.1, react_seconds=0.5)
    pacing, stage, clock = table([HUMAN, HUMAN, "heuristic"], setup, pace)
    assert pacing.hotseat and not pacing.against_bots
    pacing.start()
    assert stage.shown == ["pass to 0: your seat"] and pacing.passing
    assert pacing.holder() is None  # nobody holds the device yet
    stage.passed.pop()()
    assert pacing.viewer == 0 and not pacing.passing and "taken by 0" in stage.shown
    assert stage.shown[-1] == "cover" and pacing.covered  # P2, a bot, moves behind it
    moved = len(pacing.session.state.history)
    clock.run(lambda: bool(stage.passed))
    assert len(pacing.session.state.history) == moved + 1  # the bot's move, then P0's turn
    assert stage.shown[-3:] == ["redraw", "uncover", "pass to 0: your turn"]
    assert not pacing.covered and pacing.holder() is None


def test_the_end_takes_the_cover_down_and_is_shown() -> None:
    setup = skip_against(["cattermelon"])
    pace = Pace(bot_delay=0.1, react_seconds=0.5)
    pacing, stage, _ = table([HUMAN, HUMAN, "heuristic"], setup, pace)
    pacing.covered = True
    pacing.finish()
    assert stage.shown == ["uncover", "end"] and not pacing.covered and pacing.window is None


def test_a_workers_result_after_the_screen_is_gone_changes_nothing() -> None:
    setup = skip_against(["cattermelon"])
    setup["setup"]["current"] = 1
    pacing, stage, clock = table([HUMAN, "heuristic", "heuristic"], setup, Pace(0.3, 5.0))
    before = pacing.session.state.to_json()
    pacing.start()
    stage.up = False
    clock.run(lambda: not clock.queue)
    assert pacing.session.state.to_json() == before
