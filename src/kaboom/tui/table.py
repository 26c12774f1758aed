"""The table: one seat's view of a game, its hand and legal actions, and its keys.

The screen draws only from its session's ``observe(viewer)`` and ``log_for(viewer)`` (and,
for a preview of where a move lands, a world sampled from the viewer's observation). The
session is a game at this device (``Session``: bots decide in a worker thread, their moves
are applied on the UI thread, windows run on the device's clock) or a seat of a server
table (``RemoteTable``, ``kaboom play --join``: the server plays the bots and runs the
windows; the screen shows what it sends and sends the seat's moves). The pace of the game
(windows' clocks, the bots, hot-seat's cover, the end) is ``tui.pacing.Pacing``: this screen
draws, forwards the keys, and is the pace's ``Stage``.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from rich.cells import cell_len
from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as Row

from kaboom.engine.state import Observation
from kaboom.engine.view import PlayerView
from kaboom.engine.window import WindowKey, window_key
from kaboom.i18n import N_, _, ngettext
from kaboom.sim.analysis import Choice, hint
from kaboom.tui import save
from kaboom.tui.chat import REACTION_SECONDS
from kaboom.tui.families import Family, family_of, status_line
from kaboom.tui.odds import bomb_odds
from kaboom.tui.pacing import Pace, Pacing, Ticker, Window
from kaboom.tui.screens import (
    Cover,
    Dismissable,
    FitFooter,
    GameOver,
    PassScreen,
    help_screen,
    open_chat,
    open_reactions,
    spoken,
)
from kaboom.tui.session import RemoteTable, Session, TableSession
from kaboom.tui.words import seat_name, tell

R = TypeVar("R")

#: How many lines of the log the table keeps on screen.
LOG_LINES = 200
#: A hint's time bound (its rounds: ``analysis.PLAYOUTS``, every choice played out once a
#: round).
HINT_SECONDS = 5.0
#: A hint's choice as shown: its action's text, its chance of winning and interval.
Said = tuple[str, float, float, float]
#: The line that tells everyone at a hot-seat table that hints are on (``--hints``).
HINTS_ON = N_("Hints are on at this table (--hints): any player may press i for the best choices.")
#: Row ids of the action list that are not actions.
GROUP, BACK, NOPE_ROW, PASS_ROW = "group:", "back", "key:n", "key:p"


@runtime_checkable
class PlaysAgain(Protocol):
    """The app a table is in: it deals another game (``a`` at the end)."""

    def action_play_again(self) -> None: ...


class ScreenClock:
    """The pace's ``Scheduler`` at a screen: ``time.monotonic``, the screen's timers, and
    Textual's thread workers whose result comes back on the UI thread."""

    def __init__(self, screen: Screen[None]) -> None:
        self.screen = screen

    def now(self) -> float:
        return time.monotonic()

    def every(self, seconds: float, tick: Callable[[], None]) -> Ticker:
        return self.screen.set_interval(seconds, tick)

    def off_thread(
        self, group: str, work: Callable[[], R], until: float, done: Callable[[R], None]
    ) -> None:
        app = self.screen.app

        def job() -> None:
            result = work()
            time.sleep(max(0.0, until - time.monotonic()))
            app.call_from_thread(done, result)

        self.screen.run_worker(job, thread=True, group=group)


class TableScreen(Screen[None]):
    """One game at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", N_("Hand"), show=False),
        Binding("right", "cursor(1)", N_("Hand"), show=False),
        Binding("space", "select", N_("Select")),
        Binding("c", "clear", N_("Clear"), show=False),
        Binding("escape", "close_group", N_("Back"), show=False),
        Binding("question_mark", "card_help", N_("Card")),
        Binding("d", "draw", N_("Draw")),
        Binding("n", "nope", N_("Nope")),
        Binding("p", "let_pass", N_("Pass")),
        Binding("o", "odds", N_("Odds")),
        Binding("i", "hint", N_("Hint")),
        Binding("pageup", "log(-1)", N_("Log"), show=False, priority=True),
        Binding("pagedown", "log(1)", N_("Log"), show=False, priority=True),
        Binding("s", "save", N_("Save")),
        Binding("m", "chat", N_("Chat")),  # (a table on a server)
        Binding("r", "react", N_("React"), show=False),  # (the chat's title says r)
        Binding("h,f1", "help", N_("Help")),
        Binding("a", "again", N_("Play again")),
        Binding("q", "app.ask_quit", N_("Quit")),
    ]
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #status { height: auto; max-height: 2; background: $primary; color: $text; padding: 0 1; }
    #top { height: 2fr; min-height: 6; }
    #panel-box { width: 3fr; min-width: 50; border: round $secondary; }
    #panel-box { scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    #log { width: 2fr; border: round $secondary; scrollbar-gutter: stable; }
    #log { scrollbar-size-vertical: 1; }
    #side { width: 2fr; }
    #side > #log { width: 1fr; height: 1fr; min-height: 3; }
    #chat { height: 1fr; max-height: 10; min-height: 3; border: round $secondary; }
    #chat { scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    TableScreen.board #panel-box { width: 52; min-width: 52; }
    #hand { height: auto; max-height: 4; padding: 0 1; }
    #actions { height: 1fr; min-height: 5; max-height: 16; border: round $accent; }
    #window { height: auto; background: $warning 30%; padding: 0 1; display: none; }
    #window.open { display: block; }
    #hint { height: auto; background: $accent 25%; padding: 0 1; display: none; }
    #hint.open { display: block; }
    """

    def __init__(self, session: TableSession, pace: Pace, game: int = 1) -> None:
        super().__init__()
        spoken(self)
        self.session, self.pace = session, pace
        self.game = game  # the table's first game, second (play again), ...
        self.family: Family = family_of(session.state)
        #: The windows' clocks, the bots, hot-seat and the end.
        self.pacing = Pacing(session, pace, self.family, self, ScreenClock(self))
        self.local: Session | None = self.pacing.local
        self.remote: RemoteTable | None = self.pacing.remote
        self.cursor = 0
        self.selected: list[int] = []  # indices into the hand
        self.show_odds = False
        self.stamp = save.stamp()  # names the save and the log; never the seed
        self.playable = 0  # actions listed that the viewer may play now
        self.log_file: Path | None = None
        self.log_error = ""
        self.open_group = ""  # the group of actions opened in the list ("" none)
        self.shown: list[str] = []  # the ids of the rows listed now
        self.previews: dict[tuple[int, int, str], Observation | None] = {}
        self.ended = False  # the game-over box was shown
        self.unreact: Timer | None = None  # takes the reactions shown away
        #: The position (actions played, seat) of the hint asked or shown; None: none.
        self.hint_at: tuple[int, int] | None = None
        #: Lines the table tells everyone at the start of its log.
        self.notes = [_(HINTS_ON)] if self.pacing.hotseat and pace.hints and self.local else []

    # -- the pace's state, as the screen draws it ----------------------------------------------
    @property
    def viewer(self) -> int:
        return self.pacing.viewer

    @property
    def hotseat(self) -> bool:
        return self.pacing.hotseat

    @property
    def against_bots(self) -> bool:
        return self.pacing.against_bots

    @property
    def window(self) -> Window | None:
        return self.pacing.window

    @property
    def intents(self) -> dict[tuple[WindowKey, int], bool]:
        return self.pacing.intents

    @property
    def closings(self) -> list[tuple[WindowKey, float, float]]:
        return self.pacing.closings

    @property
    def passing(self) -> bool:
        return self.pacing.passing

    @property
    def covered(self) -> bool:
        return self.pacing.covered

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="top"):
            with VerticalScroll(id="panel-box"):
                yield Static(id="panel", markup=False)
            if self.remote is None:
                with VerticalScroll(id="log"):
                    yield Static(id="log-text", markup=False)
            else:  # a server's table: its chat under the log
                with Vertical(id="side"):
                    with VerticalScroll(id="log"):
                        yield Static(id="log-text", markup=False)
                    with VerticalScroll(id="chat"):
                        yield Static(id="chat-text", markup=False)
        yield Static(id="window", markup=False)
        yield Static(id="hint", markup=False)
        yield Static(id="hand")
        yield OptionList(id="actions")
        yield FitFooter()

    def on_mount(self) -> None:
        self.add_class(type(self.family).__name__.lower())
        bound = self._bindings.key_to_bindings  # d in the footer: the family's word
        bound["d"] = [replace(b, description=_(self.family.draw_word)) for b in bound["d"]]
        self.query_one("#panel-box").border_title = self.session.state.game_id
        self.query_one("#log").border_title = _("log (pgup/pgdn)")
        self.query_one("#actions").border_title = _("actions")
        self.query_one("#actions", OptionList).focus()
        if self.remote is not None:
            self.query_one("#chat").border_title = _("chat (m, r)")
            self.draw_chat()
        self.pacing.start()

    def on_resize(self, event: Resize) -> None:
        self._log_to_end()
        if self.remote is not None and self.is_mounted:
            self.call_after_refresh(self.query_one("#chat").scroll_end, animate=False)
        if self.is_mounted and not (self.passing or self.covered):
            self._draw_hand()  # the hand wraps between cards at the new width

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that mean something in this game only (the footer shows no other)."""
        family = self.family
        here = self.remote is None  # a server table: it keeps the game, and deals the next
        if self.session.state.is_over:  # the end: help, another game (a seat's), quit
            seated = here or (self.remote is not None and self.remote.token is not None)
            return (
                action in ("help", "app.ask_quit", "log", "card_help")
                or (seated and action == "again")
                or (not here and action in ("chat", "react"))  # (gg)
            )
        shown = {
            "draw": family.has_draw,
            "nope": family.has_windows,
            "let_pass": family.has_windows or family.has_pass,
            "odds": family.has_odds,
            # a server table's coach, where its creator allows hints (told in its info)
            "hint": here or (self.remote is not None and self.remote.token is not None),
            "again": False,
            "save": here,
            "chat": not here,
            "react": not here,
        }
        return shown.get(action, True)

    # -- what the viewer sees ------------------------------------------------------------------
    def obs(self) -> Observation:
        return self.session.observe(self.viewer)

    def hand(self) -> list[str]:
        """The viewer's different cards, in order (the cursor and selection move on these)."""
        return list(dict.fromkeys(self.family.hand(self.obs())))

    def redraw(self) -> None:
        """Draw every part of the table from the viewer's observation and log."""
        obs = self.obs()
        self.family.view(obs, self.viewer, self.preview)
        self.query_one("#status", Static).update(self._status(obs))
        self.query_one("#panel", Static).update(self.family.panel(obs, self.viewer))
        self._draw_log()
        self._draw_hand()
        self._draw_actions()
        self._draw_window()
        self._draw_hint()

    def _status(self, obs: Observation) -> str:
        if self.session.state.is_over:
            if self.remote is not None and not self.remote.finished:
                return self.headline()  # the server tells the seed with its last word
            seed = _("seed {seed}").format(seed=self.session.seating.seed)
            return f"{self.headline()} | {seed}"
        text = status_line(self.family, obs, self.viewer)
        if self.show_odds:
            odds = bomb_odds(obs, self.family.bombs())
            said = (
                _("bomb odds: n/a")
                if odds is None
                else _("next card a bomb: {odds}").format(odds=f"{odds:.0%}")
            )
            text += " | " + said
        return text

    def _draw_log(self) -> None:
        family, seen = self.family, self.session.log_for(self.viewer)
        lines = self.notes + [tell(family.in_order(line), self.viewer) for line in seen]
        self.query_one("#log-text", Static).update("\n".join(lines[-LOG_LINES:]))
        self._log_to_end()

    def draw_chat(self) -> None:
        """A server's table: its chat's last lines under the log (plain text: never
        markup), and the reactions of the last seconds beside the seats' panel."""
        remote = self.remote
        if remote is None or not self.query("#chat-text"):
            return  # (not composed yet: it is drawn as it mounts)
        chat = remote.chat
        self.query_one("#chat-text", Static).update(chat.shown())
        box = self.query_one("#chat", VerticalScroll)
        box.border_title = _("chat (m, r)") if chat.on else _("chat: off")
        self.call_after_refresh(box.scroll_end, animate=False)
        shown = [(q, chat.reaction_by(q)) for q in range(self.session.seating.players)]
        self.query_one("#panel-box").border_subtitle = "  ".join(
            f"{seat_name(q, self.me())} {drawn}" for q, drawn in shown if drawn
        )
        if self.unreact is not None:
            self.unreact.stop()
        if any(drawn for _, drawn in shown):  # gone once shown long enough
            self.unreact = self.set_timer(REACTION_SECONDS + 0.1, self.draw_chat)

    def _log_to_end(self) -> None:
        """The log's last line in sight, once the new lines are laid out (they may wrap)."""
        log = self.query_one("#log", VerticalScroll)
        self.call_after_refresh(log.scroll_end, animate=False)

    def action_log(self, pages: int) -> None:
        log = self.query_one("#log", VerticalScroll)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def _draw_hand(self) -> None:
        hand = self.hand()
        counts = Counter(self.family.hand(self.obs()))
        self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        self.selected = [i for i in self.selected if i < len(hand)]
        cards: list[tuple[str, str]] = []  # (what the card says, its role)
        for i, slug in enumerate(hand):
            card, role = self.family.hand_card(slug)
            card += f" x{counts[slug]}" if counts[slug] > 1 else ""
            card = f"*{card}*" if i in self.selected else card
            cards.append((card, role))
        label = f"{self.family.hand_word()}: "
        width = max(self.size.width - 2, 20)  # the row's padding: one column each side
        rows = hand_rows(cards, width - len(label), self.cursor) or ["-"]
        text = ("\n" + " " * len(label)).join(rows)
        self.query_one("#hand", Static).update(escape(label) + text)

    def rows(self) -> list[tuple[str, str, str]]:
        """The action list as ``(row id, label, risk)``: the viewer's legal actions that
        use the selected cards, one of each set of moves that lead to the same position,
        cheapest first; a group of alike actions is one row until it is opened."""
        state = self.session.state
        if window_key(state) is not None:
            return []  # a window's answers are n and p (see ``_window_rows``)
        texts = dict(self.session.legal_texts(self.viewer))
        if not texts:
            return []
        chosen = [self.hand()[i] for i in self.selected]
        family = self.family
        distinct = state.distinct_actions(list(texts))
        items = [(a, texts[a]) for a in distinct if family.narrows(texts[a], chosen)]
        items.sort(key=lambda item: (bool(family.risk(item[1])), family.cost(item[1])))
        groups = Counter(family.group(text) for _, text in items)
        if self.open_group and not groups.get(self.open_group):
            self.open_group = ""
        out: list[tuple[str, str, str]] = []
        if self.open_group:
            n = groups[self.open_group]
            back = ngettext(
                "< Back (this list has {n} choice)", "< Back (this list has {n} choices)", n
            )
            out.append((BACK, back.format(n=n), ""))
        seen: set[str] = set()
        for action, text in items:
            group = family.group(text)
            if self.open_group:
                if group == self.open_group:
                    out.append((str(action), family.label(text), family.risk(text)))
                continue
            if group and groups[group] > 1:
                if group not in seen:
                    seen.add(group)
                    n = groups[group]
                    said = ngettext("{group} > ({n} choice)", "{group} > ({n} choices)", n)
                    out.append((GROUP + group, said.format(group=group, n=n), ""))
                continue
            out.append((str(action), family.label(text), family.risk(text)))
        return out

    def _window_rows(self) -> list[tuple[str, str, str]]:
        """In a reaction window: its answers as rows (enter on one is n or p)."""
        window = self.window
        if window is None or window.holder is None:
            return []
        if not window.asked:
            return [("", _("Waiting for the others' answers"), "disabled")]
        if (window.key, window.holder) in self.intents:
            return [("", _("Your answer is given when the clock runs out"), "disabled")]
        rows = [(PASS_ROW, _("Let it pass (p)"), "")]
        if window.nope:
            rows.append((NOPE_ROW, f"{window.answer} (n)", ""))
        return rows

    def _draw_actions(self) -> None:
        actions = self.query_one("#actions", OptionList)
        rows = self._window_rows() if self.window is not None else self.rows()
        options = [option_row(row_id, label, risk) for row_id, label, risk in rows]
        self.playable = sum(1 for row_id, _, risk in rows if row_id and risk != "disabled")
        if not rows and self.selected and self.my_move():
            options = [Row(_("No action uses the selected cards (c clears)"), disabled=True)]
        ids = [row_id for row_id, _, _ in rows]
        at = actions.highlighted
        keep = ids == self.shown and at is not None and at < len(ids)
        self.shown = ids
        actions.set_options(options)
        if keep:
            actions.highlighted = at
            return
        # the cheapest choice is the default; one that costs a Defuse or your own card never is
        safe = [i for i, (row, _, risk) in enumerate(rows) if row not in ("", BACK) and not risk]
        actions.highlighted = safe[0] if safe else None
        risky = not safe and self.playable > 0
        actions.border_subtitle = _("no default here: choose with up/down") if risky else ""

    def _draw_window(self) -> None:
        box = self.query_one("#window", Static)
        window = self.window
        holder = None if window is None else window.holder
        box.set_class(holder is not None, "open")
        if window is None or holder is None:
            return
        left = math.ceil(max(window.left, 0))
        when = _(" ({n} s left)").format(n=left) if self.pace.react_seconds > 0 else ""
        if self.against_bots and (not window.asked or (window.key, holder) in self.intents):
            when = ""  # it ends with the bots' answers, not on the clock
        if not window.asked:
            go_on = _("; p: go on") if self.pace.react_seconds <= 0 else ""
            text = _("Waiting for the others' answers{when}{go_on}").format(when=when, go_on=go_on)
        elif (window.key, holder) in self.intents:
            said = window.answer if self.intents[(window.key, holder)] else _("let it pass")
            text = _("You: {answer}, when the clock runs out{when}").format(answer=said, when=when)
        else:
            keys = (f"n: {window.answer}, " if window.nope else "") + _("p: let it pass")
            text = _("Your answer{when}: {keys}").format(when=when, keys=keys)
        box.update(_("Reaction window. {text}").format(text=text))

    def preview(self, text: str) -> Observation | None:
        """The viewer's view after playing ``text`` now, in a world sampled from the
        viewer's own observation (where a move lands: public facts only)."""
        state = self.session.state
        key = (len(state.history), self.viewer, text)
        if key not in self.previews:
            world = state.determinize(self.viewer, random.Random(len(state.history)))
            action = next((a for a in world.legal_actions() if world.action_text(a) == text), None)
            after = None
            if action is not None:
                world.apply(action)
                after = world.observe(self.viewer)
            self.previews = {key: after}  # only this position's previews are kept
        return self.previews[key]

    # -- the pace's stage ----------------------------------------------------------------------
    def advance(self) -> None:
        """Whatever comes next (``Pacing.advance``); a server's seat previews afresh."""
        if self.remote is not None:
            self.previews = {}
        self.pacing.advance()

    def live(self) -> bool:
        """Whether the app runs and this screen is up (a bot's thread reports late)."""
        return self.is_attached and self.is_running

    def draw_window(self) -> None:
        self._draw_window()

    def draw_actions(self) -> None:
        self._draw_actions()

    def show_cover(self) -> None:
        self.app.push_screen(Cover())

    def hide_cover(self) -> None:
        self.app.pop_screen()

    def ask_pass(self, seat: int, why: str, taken: Callable[[], None]) -> None:
        self.app.push_screen(PassScreen(seat, why, self.pace.guard), lambda _: taken())

    def seat_taken(self, seat: int) -> None:
        """Hot-seat: ``seat`` holds the device now; its hand is drawn from scratch."""
        self.cursor, self.selected, self.open_group, self.shown = 0, [], "", []

    def finish(self) -> None:
        """The game is over (``Pacing.finish``)."""
        self.pacing.finish()

    def show_end(self) -> None:
        """Save the game's log, show who won and the seed (now it may be told: it deals
        the game again), and offer another game."""
        if self.remote is not None:  # the server's log of the game, saved by the session
            self.log_file, self.log_error = self.remote.log_file, self.remote.log_error
        elif self.log_file is None and not self.log_error:
            self._write_log()
        self.redraw()
        self.refresh_bindings()  # a: play again
        if not self.ended:
            self.ended = True
            self.app.push_screen(GameOver(self.headline(), self.summary()), self.after_game)

    def _write_log(self) -> None:
        seating = self.session.seating
        path = self.pace.log_path or save.default_path(seating.game, self.stamp)
        if self.pace.log_path is not None and self.game > 1:  # never the last game's
            path = path.with_stem(f"{path.stem}-{self.game}")
        try:
            self.log_file = save.write(path, seating, self.session.state)
        except OSError as e:
            why = str(e.strerror or e)
            self.log_error = _("the log could not be written to {path}: {why}").format(
                path=path, why=why
            )

    def headline(self) -> str:
        """``You won!``, ``You exploded. P2 won.``: the end, for the seat at the device (in
        hot-seat, where the device is everyone's, by seat: ``P2 won``)."""
        obs = self.obs()
        winners = list(obs["winners"])
        names = _(" and ").join(seat_name(q, self.me()) for q in winners)
        if not winners:
            return _("Game over: no winner")
        if self.hotseat or self.viewer < 0:
            return _("Game over: {names} won").format(names=names)
        if self.viewer in winners:
            others = [q for q in winners if q != self.viewer]
            if others:
                with_them = ", ".join(seat_name(q, None) for q in others)
                return _("Game over: You won (with {names})!").format(names=with_them)
            return _("Game over: You won!")
        mine = obs["players"][self.viewer]
        if self.family.has_odds and not mine["in"]:
            return _("Game over: You exploded. {names} won").format(names=names)
        return _("Game over: {names} won").format(names=names)

    def summary(self) -> list[str]:
        """The players at the end, the turns played, the seed and where the log went."""
        obs = self.obs()
        me = self.me()
        lines = self.family.summary(obs, -1 if me is None else me)
        seating = self.session.seating
        lines += [
            "",
            _("Turns played: {n}").format(n=obs["turns"]),
            _("Seed: {seed}. The same deal again:").format(seed=seating.seed),
            f"  {seating.deal_command()}",  # a line of its own: never wrapped mid-command
        ]
        if self.log_file is not None:
            lines.append(_("Log: {path} (kaboom replay {path})").format(path=self.log_file))
            said = _("The coach's review of your decisions: kaboom review {path}")
            lines.append(said.format(path=self.log_file))
        if self.log_error:
            lines.append(_("Not saved: {why}").format(why=self.log_error))
        return lines

    def me(self) -> int | None:
        """The seat that is "You" in the end's words: none in hot-seat."""
        return None if self.hotseat else self.viewer

    def after_game(self, choice: str | None) -> None:
        if choice == "again":
            self._play_again()
        elif choice == "quit":
            self.app.exit()

    def _play_again(self) -> None:
        app = self.app
        if isinstance(app, PlaysAgain):
            app.call_later(app.action_play_again)

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
        self.selected, self.open_group = [], ""
        self.session.apply(action, self.viewer)
        self.advance()

    def _play_word(self, word: str) -> bool:
        for action, text in self.session.legal_texts(self.viewer):
            if text == word:
                self.play(action)
                return True
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        row = event.option.id
        if row is None:
            return
        if row == NOPE_ROW:
            self.action_nope()
        elif row == PASS_ROW:
            self.action_let_pass()
        elif row == BACK:
            self.open_group = ""
            self._draw_actions()
        elif row.startswith(GROUP):
            self.open_group = row.removeprefix(GROUP)
            self._draw_actions()
        else:
            self.play(int(row))

    def action_close_group(self) -> None:
        """Escape: back from a group of actions to the whole list."""
        if self.open_group:
            self.open_group = ""
            self._draw_actions()

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
        else:
            self.app.push_screen(Dismissable(_("The table"), self.family.help_text("")))

    def action_draw(self) -> None:
        """d: draw (the board game: flip a Move Disc); where that cannot be done now, a
        notice says why instead of nothing happening."""
        if self.window is None and self._play_word("draw"):
            return
        if not self.session.state.is_over:
            self.notify(self._why_no_draw(), markup=False)

    def _why_no_draw(self) -> str:
        """Why ``d`` does nothing now, in public facts only (whose move it is is public)."""
        said = _(self.family.draw_word)
        word = said[0].lower() + said[1:]
        if self.window is not None:
            why = _("You can't {do} now: a reaction window is open (n Nope, p let it pass)")
            return why.format(do=word)
        to_act = self.session.state.to_act
        if to_act is not None and not self.my_move():
            return _("You can't {do} now: it is {seat}'s move").format(do=word, seat=f"P{to_act}")
        return _("You can't {do} now: choose one of the actions below").format(do=word)

    def action_nope(self) -> None:
        """Nope: cuts the window's clock short (the seats before you are asked first)."""
        self.pacing.nope()

    def action_let_pass(self) -> None:
        """Let it pass (``Pacing.let_pass``). Outside a window: the game's own pass
        (Eleminis: a card that cannot be played)."""
        if self.window is None:
            if self.family.has_pass:
                self._play_word("pass")
            return
        self.pacing.let_pass()

    def action_odds(self) -> None:
        if not self.family.has_odds or self.session.state.is_over:
            return
        self.show_odds = not self.show_odds
        self.query_one("#status", Static).update(self._status(self.obs()))

    # -- hints -------------------------------------------------------------------------------
    def hints_refused(self) -> str:
        """Why no hint may be asked at this table ("": hints are on). Against bots they
        always are; where several people play, only with ``--hints`` (told to all)."""
        if self.local is None:
            return ""  # (a server table: its coach says, by the table's rule)
        if self.hotseat and not self.pace.hints:
            return _(
                "Hints are off: several people play at this table (kaboom play --hints "
                "turns them on for everyone, told to all at the start)"
            )
        return ""

    def action_hint(self) -> None:
        """i: the best choices of the decision before the person at the device, each with
        its chance of winning, searched in a worker thread from that seat's view alone."""
        refused = self.hints_refused()
        if not refused and (not self.my_move() or self.window is not None or self.covered):
            refused = _("A hint is for your own move: wait until it is your turn to choose")
        if not refused and self.remote is not None:
            refused = self.remote.ask_hint()  # the server's coach searches it
            if not refused:
                self.hint_at = self._position()
                self._thinking()
        if refused or self.remote is not None:
            if refused:
                self.notify(refused, markup=False)
            return
        at = (len(self.session.state.history), self.viewer)
        if self.hint_at == at:
            return  # asked already: it is on its way, or shown
        self.hint_at = at
        view = PlayerView(self.session.state, self.viewer)  # the seat's observation only
        self._thinking()
        app = self.app

        def search() -> None:
            deadline = time.monotonic() + HINT_SECONDS
            found = hint(view, seed=at[0], deadline=deadline)
            app.call_from_thread(self.show_hint, at, found)

        self.run_worker(search, thread=True, group="hint")

    def _thinking(self) -> None:
        box = self.query_one("#hint", Static)
        box.update(_("Hint: thinking about your best choices…"))
        box.set_class(True, "open")

    def show_hint(self, at: tuple[int, int], choices: list[Choice]) -> None:
        """The hint's choices, if the position it was asked for is still on screen."""
        said = [(c.text, c.win, c.low, c.high) for c in choices]
        self._show_choices(at, said)

    def _show_choices(
        self, at: tuple[int, int], said: list[tuple[str, float, float, float]]
    ) -> None:
        if not self.live() or self.hint_at != at or self._position() != at:
            return
        lines = [
            f"{n}. {self.family.label(text)}: {win:.0%} ({low:.0%}-{high:.0%})"
            for n, (text, win, low, high) in enumerate(said, 1)
        ]
        self.query_one("#hint", Static).update(
            _("Hint: your best choices, each one's chance of winning (from what you know):")
            + "\n"
            + "\n".join(lines)
        )

    def _position(self) -> tuple[int, int]:
        """Where a hint belongs: the actions played (at a server table, the decision's
        ``at``) and the seat."""
        if self.remote is not None:
            at = self.remote.decision_at()
            return (-1 if at is None else at), self.viewer
        return len(self.session.state.history), self.viewer

    def _draw_hint(self) -> None:
        """A hint stays only while its position is on screen (never shown to the next
        person of a hot-seat table)."""
        if self.hint_at is not None and self.hint_at != self._position():
            self.hint_at = None
            self.query_one("#hint", Static).set_class(False, "open")
        told = None if self.remote is None else self.remote.hint
        if told is not None and self.hint_at == (told[0], self.viewer):
            said = [(c["text"], c["win"], *c["interval"]) for c in told[1]]
            self._show_choices(self.hint_at, said)

    def save(self, seat: int | None) -> Path | None:
        """Save the game, with the seat whose view is on screen (a replay of the save shows
        only that seat's view while the game is unfinished); None if it could not be written."""
        seating, state = self.session.seating, self.session.state
        path = self.pace.save_path or save.default_path(seating.game, self.stamp, "save")
        try:
            save.write(path, seating, state, saved_by=seat)
        except OSError as e:
            why = _("Not saved: {path}: {why}").format(path=path, why=e.strerror or e)
            self.notify(why, severity="error", markup=False)
            return None
        return path

    def action_save(self) -> None:
        path = self.save(self.viewer)
        if path is not None:
            self.notify(_("Saved to {path}").format(path=path), markup=False)

    def action_help(self) -> None:
        self.app.push_screen(help_screen(self.family.legend(), server=self.remote is not None))

    def action_chat(self) -> None:
        """m, at a server's table: a line to the table (a local game has no chat)."""
        if self.remote is not None:
            open_chat(self, self.remote.send_chat)

    def action_react(self) -> None:
        """r, then 1 to 6, at a server's table: a reaction beside this seat."""
        if self.remote is not None:
            open_reactions(self, self.remote.react)

    def action_again(self) -> None:
        """a, once the game is over: another game at this table."""
        if self.session.state.is_over:
            self._play_again()


def option_row(row_id: str, label: str, risk: str) -> Row:
    """A row of the action list: its label, and what it risks in bold (``disabled``: a
    row that says something and plays nothing)."""
    shown = f" [b](! {escape(risk)})[/b]" if risk and risk != "disabled" else ""
    return Row(escape(label) + shown, id=row_id or None, disabled=risk == "disabled")


def hand_rows(cards: list[tuple[str, str]], width: int, cursor: int = -1) -> list[str]:
    """The row of the seat's cards as lines of markup at most ``width`` columns wide,
    broken between cards, never inside one (``Beard Cat x2`` stays whole). ``cards`` are
    (what the card says, its role): a run of cards of one role shows the role once after
    the run (Dynamitt's ``Q♣ K♦ Defuse``: the rulebook's roles, without a wall of words at
    eight cards); the card at ``cursor`` is drawn reversed.

    >>> hand_rows([("A♠", "Nope"), ("A♥", "Nope"), ("9♣", ""), ("K♦", "Defuse")], 80)
    ['A♠ A♥ Nope | 9♣ | K♦ Defuse']
    >>> hand_rows([("Beard Cat x2", ""), ("Hairy Potato Cat", "")], 20)
    ['Beard Cat x2 |', 'Hairy Potato Cat']
    """
    groups: list[tuple[list[int], str]] = []  # (the cards of a run, its role)
    for i, (_card, role) in enumerate(cards):
        if groups and role and groups[-1][1] == role:
            groups[-1][0].append(i)
        else:
            groups.append(([i], role))
    lines: list[tuple[int, str]] = []  # (columns, markup)
    for n, (members, role) in enumerate(groups):
        plain = " ".join([cards[i][0] for i in members] + ([role] if role else []))
        shown = " ".join(
            [
                f"[reverse]{escape(cards[i][0])}[/reverse]" if i == cursor else escape(cards[i][0])
                for i in members
            ]
            + ([escape(role)] if role else [])
        )
        tail = " |" if n < len(groups) - 1 else ""
        size = cell_len(plain + tail)
        if lines and lines[-1][0] + 1 + size <= width:
            used, text = lines[-1]
            lines[-1] = (used + 1 + size, f"{text} {shown}{tail}")
        else:
            lines.append((size, shown + tail))
    return [text for _, text in lines]
