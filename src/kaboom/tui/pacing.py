"""The pace of the terminal table: its reaction windows' clocks, the bots' moves, hot-seat's
cover and passing of the device, and the end. It holds no widget: it asks its ``Stage``
(the table screen) to draw and to show the cover, the pass screen and the end, and runs on
a ``Scheduler`` (Textual's timers and worker threads at the table, a clock of their own in
``tests/test_tui_pacing.py``).

The timing rules (docs/rulings.md, "The table's clock"): a window's clock is the same
whatever anyone holds, at least the bots' pace when it asks a bot; the bots' answers are
released at the opening plus their fixed time, never sooner; a bot's move at its deadline,
never sooner because it decided quickly. So when a window ends, and when a bot moves,
depends on nothing hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, TypeVar, cast

from kaboom.bots.clock import answer_time, turn_deadline, window_length
from kaboom.engine.state import Observation, State
from kaboom.engine.window import WindowKey, window_key
from kaboom.i18n import N_
from kaboom.tui.families import Family
from kaboom.tui.session import RemoteTable, Session, TableSession
from kaboom.tui.settings import DEFAULT_PACE, PACES, tempo

R = TypeVar("R")

#: Ticks of the reaction countdown, in seconds.
TICK = 0.1


@dataclass(slots=True)
class Pace:
    """How the table paces itself: seconds between bot moves, seconds a reaction window
    stays open (0: until you press n or p), where the log and saves go, hot-seat, how
    long the pass screen swallows keys after Enter (a reflex second Enter plays nothing),
    the pace chosen (``tui.settings.PACES``: it sets the first two), and whether hints
    are on where several people play (``--hints``; against bots they always are)."""

    bot_delay: float = PACES[DEFAULT_PACE].bot_delay
    react_seconds: float = PACES[DEFAULT_PACE].react_seconds
    log_path: Path | None = None
    save_path: Path | None = None
    hotseat: bool = False
    guard: float = 0.5
    name: str = DEFAULT_PACE
    hints: bool = False

    def at(self, name: str, delay: float | None = None, react: float | None = None) -> Pace:
        """This table at the pace ``name``; ``delay`` and ``react`` (the command line's
        ``--delay``, ``--react``), where given, in place of the pace's own.

        >>> p = Pace().at("fast", react=0.0)
        >>> p.name, p.bot_delay, p.react_seconds
        ('fast', 0.3, 0.0)
        """
        t = tempo(name)
        bot_delay = t.bot_delay if delay is None else delay
        react_seconds = t.react_seconds if react is None else react
        return replace(self, bot_delay=bot_delay, react_seconds=react_seconds, name=name)


@dataclass(slots=True)
class Window:
    """A reaction window's clock at the device: which window, who holds the device (None:
    covered, hot-seat), time left, what was played, whether the holder is asked in it and
    whether they may Nope when asked (their own hand's business)."""

    key: WindowKey
    holder: int | None
    left: float
    text: str
    asked: bool
    nope: bool
    answer: str = "Nope it"
    #: When it opened, and when the bots' planned answers are released (the scheduler's
    #: time: the opening plus the bots' fixed time, public; the opening if it asks no bot).
    opened: float = 0.0
    bots_by: float = 0.0


class Ticker(Protocol):
    def stop(self) -> None: ...


class Scheduler(Protocol):
    """The table's time: a clock, repeating ticks, and work off the UI thread whose result
    comes back on it no sooner than a given moment."""

    def now(self) -> float: ...

    def every(self, seconds: float, tick: Callable[[], None]) -> Ticker: ...

    def off_thread(
        self, group: str, work: Callable[[], R], until: float, done: Callable[[R], None]
    ) -> None: ...


class Stage(Protocol):
    """What the pace asks of the table screen."""

    def live(self) -> bool:
        """Whether the screen is still up (a worker's result may come after it is gone)."""
        ...

    def redraw(self) -> None: ...

    def draw_window(self) -> None: ...

    def draw_actions(self) -> None: ...

    def show_cover(self) -> None: ...

    def hide_cover(self) -> None: ...

    def ask_pass(self, seat: int, why: str, taken: Callable[[], None]) -> None: ...

    def seat_taken(self, seat: int) -> None: ...

    def show_end(self) -> None: ...


class Pacing:
    """The table's game loop at the device (or, for a server's seat, the server's window
    shown with its clock)."""

    def __init__(
        self, session: TableSession, pace: Pace, family: Family, stage: Stage, clock: Scheduler
    ) -> None:
        self.session, self.pace, self.family = session, pace, family
        self.stage, self.clock = stage, clock
        #: The game at this device (its bots and windows run here), or a server table's seat.
        self.local: Session | None = session if isinstance(session, Session) else None
        self.remote: RemoteTable | None = cast(RemoteTable, session) if session.remote else None
        self.hotseat = pace.hotseat or len(session.humans) > 1
        #: One person at this device against bots: a window ends once the person has
        #: answered and the bots' time is up (``answered_early``); with more people, or a
        #: server's table, a window runs its full clock.
        self.against_bots = self.local is not None and not self.hotseat
        #: Each window's clock as it ran out: (key, opened, closed), the scheduler's time.
        self.closings: list[tuple[WindowKey, float, float]] = []
        humans = session.humans
        # no seat: a server table's spectator (-1), or the first seat of a game of bots
        self.viewer = humans[0] if humans else (-1 if session.remote else 0)
        self.window: Window | None = None
        self.intents: dict[tuple[WindowKey, int], bool] = {}  # (window, seat) -> Nope?
        self.clocked: set[tuple[WindowKey, int | None]] = set()  # clocks run out
        self.plans: dict[WindowKey, dict[int, int]] = {}  # the bots' answers per window
        self.planning: set[WindowKey] = set()
        self.timer: Ticker | None = None
        self.passing = False
        self.covered = False  # hot-seat: bots move behind a cover

    def obs(self) -> Observation:
        return self.session.observe(self.viewer)

    def start(self) -> None:
        """The screen is up: in hot-seat nobody sees a hand before its player is ready."""
        if self.hotseat and not self.session.state.is_over:
            self.pass_device(self.viewer)
        else:
            self.advance()

    # -- the game loop -------------------------------------------------------------------------
    def advance(self) -> None:
        """Whatever comes next: the end, a reaction window, a bot's move, a person's."""
        if self.remote is not None:
            self.follow(self.remote)
            return
        state = self.session.state
        if state.is_over:
            self.finish()
            return
        self.stage.redraw()
        actor = state.to_act
        key = window_key(state)
        if key is not None:
            self.in_window(key, actor)
        elif actor is not None and self.session.is_bot(actor):
            self.cover()
            self.bot_move(actor)
        elif actor is not None and actor != self.viewer:
            self.pass_device(actor)
        elif self.covered:
            self.pass_device(self.viewer)

    def follow(self, remote: RemoteTable) -> None:
        """A server table's seat: the server played what came (bots, windows, clocks); show
        it, and the open window with the server's clock (the seat's answer is sent at once
        and played by the server when the clock runs out)."""
        state = remote.state
        if state.is_over and remote.finished:
            self.finish()
            return
        key = window_key(state)
        if key is None or state.is_over:
            self.stop_window()
        elif self.window is None or self.window.key != key:
            self.stop_window()
            self.window = self._server_window(remote, key)
            self.timer = self.clock.every(TICK, self.tick) if self.window.left > 0 else None
        self.stage.redraw()

    def _server_window(self, remote: RemoteTable, key: WindowKey) -> Window:
        window = self.obs()["window"]
        texts = remote.legal_texts(self.viewer)
        asked = any(text == "pass" for _, text in texts)
        nope = any(text != "pass" for _, text in texts)
        what = self.family.chain(window, self.viewer)
        answer = self.family.answer(window)
        return Window(key, self.viewer, remote.window_left(), what, asked, nope, answer)

    def stop_window(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.window, self.timer = None, None

    def holder(self) -> int | None:
        """Who sees the table now: the viewer, or nobody (hot-seat, the device covered)."""
        return None if self.covered or self.passing else self.viewer

    def in_window(self, key: WindowKey, actor: int | None) -> None:
        """A reaction window: every seat is asked in order (the engine does it), Nope in
        hand or not. The table runs the window's clock first, the same for every hand; when
        it runs out (or a Nope cuts it short), the bots' planned answers and the people's
        are played in order. In hot-seat another person asked gets the device, and a clock
        of their own."""
        holder = self.holder()
        if (key, holder) not in self.clocked:
            if self.window is None or (self.window.key, self.window.holder) != (key, holder):
                self.open_window(key, holder)
            return
        if actor is None:
            return
        if self.session.is_bot(actor):
            answer = self.plans.get(key, {}).get(actor)
            if answer is not None:  # else the plan is still being made: it calls back
                self.session.apply(answer, actor)
                self.advance()
        elif actor == holder:
            self.answer(key, actor)
        else:
            self.pass_device(actor)

    def open_window(self, key: WindowKey, holder: int | None) -> None:
        """Start the window's clock for whoever holds the device, and plan the bots'
        answers meanwhile. The clock is ``react`` seconds whatever anyone holds, behind a
        hot-seat cover too, and at least the bots' delay when it asks a bot (docs/rulings.md,
        "The table's clock"). With no clock (``--react 0``) it waits for n or p; behind a
        cover, where nobody can press them, and for one person alone at the device who has
        no Nope to offer (only they could see the difference), the bots' delay. Either way
        it closes no sooner than the bots' planned answers are released."""
        if self.timer is not None:
            self.timer.stop()
        window, clock = self._local_window(key, holder)
        self.window = window
        alone = not self.hotseat and not window.nope
        if (clock <= 0 or self.against_bots) and alone and holder is not None and window.asked:
            self.intents[(key, holder)] = False  # nothing to decide: it lets the card pass
        self.timer = self.clock.every(TICK, self.tick) if window.left > 0 else None
        if key not in self.plans and key not in self.planning:
            self.planning.add(key)
            self.plan_window(key, self.session.state.clone(), window.bots_by)
        self.stage.draw_window()
        self.stage.draw_actions()
        if window.left <= 0 and (holder is None or (clock <= 0 and alone)):
            self.close_window()

    def _local_window(self, key: WindowKey, holder: int | None) -> tuple[Window, float]:
        """The window's clock at this device for ``holder``, and its length (0: none)."""
        local = self.local
        assert local is not None
        obs = self.session.observe(self.viewer)
        window = obs["window"]
        answering = window["nopes"][-1] if window["nopes"] else window["player"]
        asked = holder is not None and holder != answering and obs["players"][holder]["in"]
        nope = asked and holder is not None and local.nope_offered(holder)
        bots_asked = bool(local.bots_asked(self.session.state))
        clock = self.pace.react_seconds
        if clock > 0:
            clock = window_length(clock, self.pace.bot_delay, bots_asked)
        alone = not self.hotseat and not nope
        left = clock if clock > 0 or (holder is not None and not alone) else self.pace.bot_delay
        what = self.family.chain(window, holder)
        opened = self.clock.now()
        bots_by = opened + answer_time(self.pace.bot_delay) if bots_asked else opened
        answer = self.family.answer(window)
        return Window(key, holder, left, what, asked, nope, answer, opened, bots_by), clock

    def tick(self) -> None:
        if self.window is None:
            return
        self.window.left -= TICK
        if self.remote is not None:  # the server closes it: only the countdown here
            self.window.left = max(self.window.left, 0.0)
            self.stage.draw_window()
        elif self.window.left <= 0 or self.answered_early(self.window):
            self.close_window()
        else:
            self.stage.draw_window()

    def answered_early(self, window: Window) -> bool:
        """One person against bots: the window ends once the person has answered (or is
        not asked in it, or has nothing but a pass to give) and the bots' time is up. The
        moment is the later of the person's answer and the opening plus the bots' fixed
        time, so it depends on nothing a bot holds (docs/rulings.md, "The table's clock").
        With more people at the device the full clock runs: a quick pass would tell the
        others the player holds no Nope."""
        if not self.against_bots or window.holder is None:
            return False
        answered = not window.asked or (window.key, window.holder) in self.intents
        return answered and self.clock.now() >= window.bots_by

    def close_window(self) -> None:
        """The clock ran out (or a Nope cut it short): the answers are played in order."""
        window, self.window = self.window, None
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if window is not None:
            self.closings.append((window.key, window.opened, self.clock.now()))
            self.clocked.add((window.key, window.holder))
            self.advance()

    def answer(self, key: WindowKey, seat: int) -> None:
        """The engine asks ``seat`` (at the device): its Nope if it chose one, else a pass."""
        nope = self.intents.get((key, seat), False)
        texts = self.session.legal_texts(seat)
        chosen = [a for a, text in texts if (text != "pass") is nope]
        if chosen:
            self.session.apply(chosen[0], seat)
        else:
            self.session.apply(next(a for a, text in texts if text == "pass"), seat)
        self.advance()

    # -- the bots ------------------------------------------------------------------------------
    def plan_window(self, key: WindowKey, world: State, end: float) -> None:
        """The bots' answers to a window, decided while its clock runs (off the UI thread)
        and released at ``end``, when the bots' time is up (the window's opening plus
        ``answer_time``: the bots' delay), never sooner, so the window never closes earlier
        (a Nope at the device cuts its clock short; one person against bots ends it once
        answered) for bots that had nothing to think over (docs/rulings.md, "The table's
        clock")."""
        local = self.local
        assert local is not None

        def planned(answers: dict[int, int]) -> None:
            self.planned(key, answers)

        self.clock.off_thread("plans", lambda: local.plan_answers(world, end), end, planned)

    def planned(self, key: WindowKey, answers: dict[int, int]) -> None:
        if not self.stage.live():
            return
        self.planning.discard(key)
        self.plans[key] = answers
        if window_key(self.session.state) == key and self.window is None:
            self.advance()

    def bot_move(self, seat: int) -> None:
        """A bot decides off the UI thread; its move is applied at its deadline (the pace
        delay, or the bot's own time budget: docs/rulings.md, "The table's clock"), never
        sooner because it decided quickly."""
        local = self.local
        assert local is not None
        deadline = turn_deadline(self.clock.now(), self.pace.bot_delay, local.bot(seat))

        def moved(action: int) -> None:
            self.bot_moved(seat, action)

        def decide() -> int:
            return local.decide(seat, think=deadline.think)

        self.clock.off_thread("bots", decide, deadline.release, moved)

    def bot_moved(self, seat: int, action: int) -> None:
        """Apply a bot's move, unless the game moved on meanwhile (a stale worker) or the
        screen is gone."""
        if not self.stage.live():
            return
        state = self.session.state
        if state.to_act == seat and state.can(action):
            self.session.apply(action, seat)
            self.advance()

    # -- hot-seat and the end ------------------------------------------------------------------
    def cover(self) -> None:
        """Hot-seat: the bots move behind a cover, so the last person's hand does not stay
        on screen for whoever takes the device next."""
        if self.hotseat and not self.covered and not self.passing:
            self.covered = True
            self.stage.show_cover()

    def pass_device(self, seat: int) -> None:
        """Hot-seat: hide the table until ``seat`` takes the device. What the screen says
        depends on nothing hidden: in a window every seat is asked in turn."""
        if self.passing:
            return
        if self.covered:
            self.covered = False
            self.stage.hide_cover()
        self.passing = True
        state = self.session.state
        asked = state.to_act == seat
        why = N_("a reaction window") if asked and window_key(state) else N_("your turn")
        why = why if asked else N_("your seat")

        def taken() -> None:
            self.passing = False
            self.viewer = seat
            self.stage.seat_taken(seat)
            self.advance()

        self.stage.ask_pass(seat, why, taken)

    def finish(self) -> None:
        """The game is over: the cover comes down, and the screen shows the end."""
        if self.covered:
            self.covered = False
            self.stage.hide_cover()
        self.window = None
        self.stage.show_end()

    # -- the viewer's answers to a window -------------------------------------------------------
    def nope(self) -> None:
        """Nope: cuts the window's clock short (the seats before you are asked first)."""
        window = self.window
        if window is None or window.holder is None or not window.nope:
            return
        if (window.key, window.holder) not in self.intents:
            self.intents[(window.key, window.holder)] = True
            if self.remote is not None:
                self.answer_now(True)
            else:
                self.close_window()

    def let_pass(self) -> None:
        """Let it pass: said now, played when the clock runs out (a window lasts its full
        clock unless someone Nopes, so a quick pass tells nobody you hold no Nope); with no
        clock (``--react 0``) p closes the window."""
        window = self.window
        if window is None or window.holder is None:
            return
        if window.asked and (window.key, window.holder) not in self.intents:
            self.intents[(window.key, window.holder)] = False
            if self.remote is not None:
                self.answer_now(False)
                return
        if self.remote is not None:
            return
        if self.pace.react_seconds <= 0 or self.answered_early(window):
            self.close_window()
        else:
            self.stage.draw_window()
            self.stage.draw_actions()

    def answer_now(self, nope: bool) -> None:
        """A server table: the answer goes to the server at once, which plays it when the
        window's clock runs out (the window stays on screen until then)."""
        chosen = [
            a for a, text in self.session.legal_texts(self.viewer) if (text != "pass") is nope
        ]
        if chosen:
            self.session.apply(chosen[0], self.viewer)
        self.stage.draw_window()
        self.stage.draw_actions()
