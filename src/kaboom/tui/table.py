"""The table: one seat's view of a game, its hand and legal actions, bots paced, windows.

The screen draws only from ``Session.observe(viewer)`` and ``Session.log_for(viewer)``.
Bots decide in a worker thread; their moves are applied on the UI thread.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as Row

from kaboom.engine.state import State
from kaboom.tui import save
from kaboom.tui.families import Family, family_of, status_line
from kaboom.tui.odds import bomb_odds
from kaboom.tui.screens import Cover, Dismissable, PassScreen, help_screen
from kaboom.tui.session import Session, WindowKey, window_key

#: Ticks of the reaction countdown, in seconds.
TICK = 0.1
#: How many lines of the log the table keeps on screen.
LOG_LINES = 200


@dataclass(slots=True)
class Pace:
    """How the table paces itself: seconds between bot moves, seconds a reaction window
    stays open (0: until you press n or p), and where the log and saves go."""

    bot_delay: float = 0.8
    react_seconds: float = 3.0
    log_path: Path | None = None
    save_path: Path | None = None
    hotseat: bool = False


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


class TableScreen(Screen[None]):
    """One game at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "Hand", show=False),
        Binding("right", "cursor(1)", "Hand", show=False),
        Binding("space", "select", "Select"),
        Binding("c", "clear", "Clear", show=False),
        Binding("question_mark", "card_help", "Card"),
        Binding("d", "draw", "Draw"),
        Binding("n", "nope", "Nope"),
        Binding("p", "let_pass", "Pass"),
        Binding("o", "odds", "Odds"),
        Binding("s", "save", "Save"),
        Binding("h,f1", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: 2fr; min-height: 6; }
    #panel-box { width: 3fr; min-width: 50; border: round $secondary; }
    #log { width: 2fr; border: round $secondary; }
    #hand { height: auto; max-height: 4; padding: 0 1; }
    #actions { height: 1fr; min-height: 5; max-height: 16; border: round $accent; }
    #window { height: auto; background: $warning 30%; padding: 0 1; display: none; }
    #window.open { display: block; }
    """

    def __init__(self, session: Session, pace: Pace) -> None:
        super().__init__()
        self.session, self.pace = session, pace
        self.family: Family = family_of(session.state)
        humans = session.humans
        self.viewer = humans[0] if humans else 0
        self.cursor = 0
        self.selected: list[int] = []  # indices into the hand
        self.show_odds = False
        self.window: Window | None = None
        self.intents: dict[tuple[WindowKey, int], bool] = {}  # (window, seat) -> Nope?
        self.clocked: set[tuple[WindowKey, int | None]] = set()  # clocks run out
        self.plans: dict[WindowKey, dict[int, int]] = {}  # the bots' answers per window
        self.planning: set[WindowKey] = set()
        self.timer: Timer | None = None
        self.passing = False
        self.covered = False  # hot-seat: bots move behind a cover
        self.stamp = save.stamp()  # names the save and the log; never the seed
        self.playable = 0  # actions listed that the viewer may play now
        self.log_file: Path | None = None

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="top"):
            with VerticalScroll(id="panel-box"):
                yield Static(id="panel", markup=False)
            with VerticalScroll(id="log"):
                yield Static(id="log-text", markup=False)
        yield Static(id="window")
        yield Static(id="hand")
        yield OptionList(id="actions")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#panel-box").border_title = self.session.state.game_id
        self.query_one("#log").border_title = "log"
        self.query_one("#actions").border_title = "actions"
        self.query_one("#actions", OptionList).focus()
        if self.pace.hotseat and not self.session.state.is_over:
            self.pass_device(self.viewer)  # nobody sees a hand before its player is ready
        else:
            self.advance()

    # -- what the viewer sees ------------------------------------------------------------------
    def obs(self) -> dict[str, Any]:
        return self.session.observe(self.viewer)

    def hand(self) -> list[str]:
        """The viewer's different cards, in order (the cursor and selection move on these)."""
        return list(dict.fromkeys(self.family.hand(self.obs())))

    def redraw(self) -> None:
        """Draw every part of the table from the viewer's observation and log."""
        obs = self.obs()
        self.query_one("#status", Static).update(self._status(obs))
        self.query_one("#panel", Static).update(self.family.panel(obs, self.viewer))
        self._draw_log()
        self._draw_hand()
        self._draw_actions()
        self._draw_window()

    def _status(self, obs: dict[str, Any]) -> str:
        parts = [f"P{self.viewer}", status_line(obs, self.viewer)]
        if self.session.state.is_over:
            parts = [self.session.result(), f"seed {self.session.seating.seed}"]
            if self.log_file is not None:
                parts.append(f"log: {self.log_file.name}")
        if self.show_odds:
            odds = bomb_odds(obs, self.family.bombs())
            parts.append("bomb odds: n/a" if odds is None else f"next card a bomb: {odds:.0%}")
        return " | ".join(parts)

    def _draw_log(self) -> None:
        lines = self.session.log_for(self.viewer)[-LOG_LINES:]
        self.query_one("#log-text", Static).update("\n".join(lines))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def _draw_hand(self) -> None:
        hand = self.hand()
        counts = Counter(self.family.hand(self.obs()))
        self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        self.selected = [i for i in self.selected if i < len(hand)]
        cards = []
        for i, slug in enumerate(hand):
            name = escape(self.family.name(slug)) + (
                f" x{counts[slug]}" if counts[slug] > 1 else ""
            )
            name = f"*{name}*" if i in self.selected else name
            cards.append(f"[reverse]{name}[/reverse]" if i == self.cursor else name)
        label = self.family.hand_label
        self.query_one("#hand", Static).update(f"{label}: " + (" | ".join(cards) or "-"))

    def _draw_actions(self) -> None:
        actions = self.query_one("#actions", OptionList)
        chosen = [self.hand()[i] for i in self.selected]
        # a window's answers are n and p (the reaction line), never listed here
        texts = [] if window_key(self.session.state) else self.session.legal_texts(self.viewer)
        rows = [
            Row(escape(self.family.label(text)), id=str(a))
            for a, text in texts
            if self.family.narrows(text, chosen)
        ]
        self.playable = len(rows)
        if not rows and chosen and self.my_move():
            rows = [Row("No action uses the selected cards (c clears)", disabled=True)]
        actions.set_options(rows)
        if self.playable:
            actions.highlighted = 0

    def _draw_window(self) -> None:
        box = self.query_one("#window", Static)
        window = self.window
        holder = None if window is None else window.holder
        box.set_class(holder is not None, "open")
        if window is None or holder is None:
            return
        when = f" ({max(window.left, 0):.0f} s)" if self.pace.react_seconds > 0 else ""
        if not window.asked:
            keys = "waiting for the answers" + ("" if when else "; p: go on")
        elif (window.key, holder) in self.intents:
            said = "Nope" if self.intents[(window.key, holder)] else "let it pass"
            keys = f"You: {said}, when the clock runs out"
        else:
            keys = ("n: Nope, " if window.nope else "") + "p: let it pass"
        box.update(f"Reaction window: {escape(window.text)}. {keys}{when}")

    # -- the game loop -------------------------------------------------------------------------
    def advance(self) -> None:
        """Whatever comes next: the end, a reaction window, a bot's move, a person's."""
        state = self.session.state
        if state.is_over:
            self.finish()
            return
        self.redraw()
        actor = state.to_act
        key = window_key(state)
        if key is not None:
            self.in_window(key, actor)
        elif self.session.is_bot(actor):
            self.cover()
            self.bot_move(actor)
        elif actor is not None and actor != self.viewer:
            self.pass_device(actor)
        elif self.covered:
            self.pass_device(self.viewer)

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
        hot-seat cover too (with no clock, ``--react 0``: until n or p, and behind a cover,
        where nobody can press them, the bots' delay)."""
        if self.timer is not None:
            self.timer.stop()
        obs = self.session.observe(self.viewer)
        window = obs["window"]
        answering = window["nopes"][-1] if window["nopes"] else window["player"]
        asked = holder is not None and holder != answering and obs["players"][holder]["in"]
        nope = asked and holder is not None and self.session.nope_offered(holder)
        clock = self.pace.react_seconds
        left = clock if holder is not None or clock > 0 else self.pace.bot_delay
        what = f"P{window['player']}: {self.family.window_text(window)}"
        if window["nopes"]:
            what += f", then {len(window['nopes'])} Nope(s)"
        self.window = Window(key, holder, left, what, asked, nope)
        self.timer = self.set_interval(TICK, self._tick) if left > 0 else None
        if key not in self.plans and key not in self.planning:
            self.planning.add(key)
            self.plan_window(key, self.session.state.clone())
        self._draw_window()
        if left <= 0 and holder is None:
            self.close_window()

    def _tick(self) -> None:
        if self.window is None:
            return
        self.window.left -= TICK
        if self.window.left <= 0:
            self.close_window()
        else:
            self._draw_window()

    def close_window(self) -> None:
        """The clock ran out (or a Nope cut it short): the answers are played in order."""
        window, self.window = self.window, None
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if window is not None:
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

    @work(thread=True, group="plans")
    def plan_window(self, key: WindowKey, world: State) -> None:
        """The bots' answers to a window, decided while its clock runs (off the UI thread)."""
        answers = self.session.plan_answers(world)
        self.app.call_from_thread(self._planned, key, answers)

    def _planned(self, key: WindowKey, answers: dict[int, int]) -> None:
        self.planning.discard(key)
        self.plans[key] = answers
        if window_key(self.session.state) == key and self.window is None:
            self.advance()

    @work(thread=True, group="bots")
    def bot_move(self, seat: int) -> None:
        """A bot decides off the UI thread; its move is applied after the pace delay."""
        started = time.monotonic()
        action = self.session.decide(seat)
        rest = self.pace.bot_delay - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)
        self.app.call_from_thread(self._bot_moved, seat, action)

    def _bot_moved(self, seat: int, action: int) -> None:
        """Apply a bot's move, unless the game moved on meanwhile (a stale worker)."""
        state = self.session.state
        if state.to_act == seat and state.can(action):
            self.session.apply(action, seat)
            self.advance()

    def cover(self) -> None:
        """Hot-seat: the bots move behind a cover, so the last person's hand does not stay
        on screen for whoever takes the device next."""
        if self.pace.hotseat and not self.covered and not self.passing:
            self.covered = True
            self.app.push_screen(Cover())

    def pass_device(self, seat: int) -> None:
        """Hot-seat: hide the table until ``seat`` takes the device. What the screen says
        depends on nothing hidden: in a window every seat is asked in turn."""
        if self.passing:
            return
        if self.covered:
            self.covered = False
            self.app.pop_screen()
        self.passing = True
        state = self.session.state
        asked = state.to_act == seat
        why = "a reaction window" if asked and window_key(state) else "your turn"
        why = why if asked else "your seat"

        def taken(_: None) -> None:
            self.passing = False
            self.viewer, self.cursor, self.selected = seat, 0, []
            self.advance()

        self.app.push_screen(PassScreen(seat, why), taken)

    def finish(self) -> None:
        """The game is over: save its log, show who won and the seed (now it may be told:
        it deals the game again)."""
        if self.covered:
            self.covered = False
            self.app.pop_screen()
        if self.log_file is None:
            seating = self.session.seating
            path = self.pace.log_path or save.default_path(seating.game, self.stamp)
            self.log_file = save.write(path, seating, self.session.state)
        self.redraw()

    # -- the viewer's moves --------------------------------------------------------------------
    def my_move(self) -> bool:
        return (
            self.session.state.to_act == self.viewer
            and not self.passing
            and not self.session.is_bot(self.viewer)
        )

    def play(self, action: int) -> None:
        if not self.my_move() or not self.session.state.can(action):
            return
        if window_key(self.session.state) is not None:
            return  # a window's answers are given with n and p, in order, after its clock
        self.selected = []
        self.session.apply(action, self.viewer)
        self.advance()

    def _play_word(self, word: str) -> bool:
        for action, text in self.session.legal_texts(self.viewer):
            if text == word:
                self.play(action)
                return True
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.play(int(event.option.id))

    def action_cursor(self, step: int) -> None:
        hand = self.hand()
        if hand:
            self.cursor = (self.cursor + step) % len(hand)
            self._draw_hand()

    def action_select(self) -> None:
        if not self.hand():
            return
        if self.cursor in self.selected:
            self.selected.remove(self.cursor)
        else:
            self.selected.append(self.cursor)
        self._draw_hand()
        self._draw_actions()

    def action_clear(self) -> None:
        self.selected = []
        self._draw_hand()
        self._draw_actions()

    def action_card_help(self) -> None:
        hand = self.hand()
        if hand:
            slug = hand[self.cursor]
            self.app.push_screen(Dismissable(self.family.name(slug), self.family.help_text(slug)))

    def action_draw(self) -> None:
        if self.window is None:
            self._play_word("draw")

    def action_nope(self) -> None:
        """Nope: cuts the window's clock short (the seats before you are asked first)."""
        window = self.window
        if window is None or window.holder is None or not window.nope:
            return
        if (window.key, window.holder) not in self.intents:
            self.intents[(window.key, window.holder)] = True
            self.close_window()

    def action_let_pass(self) -> None:
        """Let it pass: said now, played when the clock runs out (a window lasts its full
        clock unless someone Nopes, so a quick pass tells nobody you hold no Nope); with no
        clock (``--react 0``) p closes the window."""
        window = self.window
        if window is None or window.holder is None:
            return
        if window.asked and (window.key, window.holder) not in self.intents:
            self.intents[(window.key, window.holder)] = False
        if self.pace.react_seconds <= 0:
            self.close_window()
        else:
            self._draw_window()

    def action_odds(self) -> None:
        self.show_odds = not self.show_odds
        self.query_one("#status", Static).update(self._status(self.obs()))

    def action_save(self) -> None:
        """Save the game, with the seat whose view is on screen (a replay of the save shows
        only that seat's view while the game is unfinished)."""
        seating, state = self.session.seating, self.session.state
        path = self.pace.save_path or save.default_path(seating.game, self.stamp, "save")
        save.write(path, seating, state, saved_by=self.viewer)
        self.notify(f"Saved to {path}", markup=False)

    def action_help(self) -> None:
        self.app.push_screen(help_screen())
