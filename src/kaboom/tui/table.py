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

from kaboom.tui import save
from kaboom.tui.families import Family, family_of, status_line
from kaboom.tui.odds import bomb_odds
from kaboom.tui.screens import Dismissable, PassScreen, help_screen
from kaboom.tui.session import Session

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
    """A reaction window shown to the viewer: which one, time left, what was played."""

    key: tuple[Any, ...] | None
    left: float
    text: str


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
        self.intents: dict[tuple[Any, ...] | None, bool] = {}  # window -> Nope?
        self.timer: Timer | None = None
        self.passing = False
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
            parts = [self.session.result()]
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
        rows = [
            Row(escape(self.family.label(text)), id=str(a))
            for a, text in self.session.legal_texts(self.viewer)
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
        box.set_class(self.window is not None, "open")
        if self.window is not None:
            when = f" ({self.window.left:.0f} s)" if self.pace.react_seconds > 0 else ""
            text = escape(self.window.text)
            box.update(f"Reaction window: {text}. n: Nope, p: let it pass{when}")

    # -- the game loop -------------------------------------------------------------------------
    def advance(self) -> None:
        """Whatever comes next: the end, a reaction window, a bot's move, a person's."""
        state = self.session.state
        if state.is_over:
            self.finish()
            return
        self.redraw()
        actor = state.to_act
        if self._window_due():
            self.open_window()
        elif self.session.is_bot(actor):
            self.bot_move(actor)
        elif actor is not None and actor != self.viewer:
            self.pass_device(actor)
        elif self.obs().get("phase") == "react":
            self.answer()

    def _pending_key(self, obs: dict[str, Any]) -> tuple[Any, ...] | None:
        """The open reaction window the viewer takes part in, if any."""
        window = obs["window"]
        if not window:
            return None
        last = window["nopes"][-1] if window["nopes"] else window["player"]
        if last == self.viewer or not obs["players"][self.viewer]["in"]:
            return None
        # the turn count and the discard piles' sizes tell apart two alike plays in a game
        discarded = sum(p["size"] for name, p in obs["piles"].items() if name.endswith("discard"))
        return (
            obs["turns"],
            discarded,
            window["player"],
            str(window["play"]),
            len(window["nopes"]),
        )

    def _window_due(self) -> bool:
        """A window the viewer takes part in has opened: count it down once, whether or not
        the game will ask them (only Nope holders are asked), so the screen never tells."""
        key = self._pending_key(self.obs())
        if self.pace.hotseat and self.session.state.to_act != self.viewer:
            return False
        return key is not None and key not in self.intents

    def open_window(self) -> None:
        obs = self.obs()
        window = obs["window"]
        what = self.family.window_text(window)
        self.window = Window(
            self._pending_key(obs), self.pace.react_seconds, f"P{window['player']}: {what}"
        )
        if self.pace.react_seconds > 0:
            self.timer = self.set_interval(TICK, self._tick)
        self._draw_window()

    def _tick(self) -> None:
        if self.window is None:
            return
        self.window.left -= TICK
        if self.window.left <= 0:
            self.close_window(nope=False)
        else:
            self._draw_window()

    def close_window(self, nope: bool) -> None:
        """Record the viewer's answer (Nope or let it pass) and go on; it is played when the
        game asks them, which it does only if they hold a Nope."""
        window, self.window = self.window, None
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if window is not None:
            self.intents[window.key] = nope
            self.advance()

    def answer(self) -> None:
        """The game asks the viewer in a window: their recorded answer, or a countdown."""
        key = self._pending_key(self.obs())
        if key not in self.intents:
            self.open_window()
        elif not (self.intents[key] and self._play_word("nope")):
            self._play_word("pass")

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
            self.session.apply(action)
            self.advance()

    def pass_device(self, seat: int) -> None:
        """Hot-seat: hide the table until ``seat`` takes the device."""
        self.passing = True
        phase = self.session.observe(seat).get("phase")
        asked = self.session.state.to_act == seat
        why = "to answer" if asked and phase == "react" else "your turn" if asked else "your seat"

        def taken(_: None) -> None:
            self.passing = False
            self.viewer, self.cursor, self.selected = seat, 0, []
            self.advance()

        self.app.push_screen(PassScreen(seat, why), taken)

    def finish(self) -> None:
        """The game is over: save its log, show who won."""
        if self.log_file is None:
            seating = self.session.seating
            path = self.pace.log_path or Path(f"kaboom-{seating.game}-{seating.seed}.json")
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
        if self.window is not None and self.timer is not None:
            self.timer.stop()
        self.window = None
        self.selected = []
        self.session.apply(action)
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
        if self.window is not None:
            self.close_window(nope=True)

    def action_let_pass(self) -> None:
        if self.window is not None:
            self.close_window(nope=False)

    def action_odds(self) -> None:
        self.show_odds = not self.show_odds
        self.query_one("#status", Static).update(self._status(self.obs()))

    def action_save(self) -> None:
        seating, state = self.session.seating, self.session.state
        path = self.pace.save_path or Path(f"kaboom-{seating.game}-{seating.seed}-save.json")
        save.write(path, seating, state)
        self.notify(f"Saved to {path}", markup=False)

    def action_help(self) -> None:
        self.app.push_screen(help_screen())
