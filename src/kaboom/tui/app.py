"""The Textual apps: ``kaboom play`` (a picker, then the table) and ``kaboom replay``."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from kaboom.engine.errors import BadInput, KaboomError
from kaboom.engine.events import Event
from kaboom.engine.state import State
from kaboom.i18n import N_, _
from kaboom.sim.story import story_lines
from kaboom.tui.families import family_of, reveal
from kaboom.tui.pacing import Pace
from kaboom.tui.panel import counted
from kaboom.tui.picker import Choice, PickerScreen
from kaboom.tui.save import HUMAN, Replay, Seating, seed_of
from kaboom.tui.screens import ConfirmQuit, spoken
from kaboom.tui.session import Session, seen_lines
from kaboom.tui.settings import Settings, remember
from kaboom.tui.table import TableScreen
from kaboom.tui.words import tell, told_of

#: Builds the seating from the picker's choice (the command line's seed, hot-seat, bots).
Seater = Callable[[Choice], Seating]


class KaboomApp(App[None]):
    """The terminal table: the picker first if no game was given, then the game."""

    TITLE = "kaboom"
    ENABLE_COMMAND_PALETTE = False
    CSS = "Screen { layout: vertical; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "ask_quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        pace: Pace,
        session: Session | None = None,
        seater: Seater | None = None,
        notice: str = "",
    ) -> None:
        super().__init__()
        spoken(self)
        self.pace, self.session, self.seater = pace, session, seater
        #: A line to show as the table opens (the settings file could not be used).
        self.notice = notice

    def on_mount(self) -> None:
        if self.notice:
            self.notify(self.notice, severity="warning", markup=False, timeout=10)
        self.opening()

    def opening(self) -> None:
        """The first screen: the table of the game given, else the picker."""
        if self.session is not None:
            self.push_screen(TableScreen(self.session, self.pace))
        else:
            self.push_screen(PickerScreen(pace=self.pace.name), self.chosen)

    def chosen(self, choice: Choice | None) -> None:
        """Start the game chosen in the picker, at the pace chosen there (remembered for
        the next time)."""
        if choice is None:
            return
        if choice.pace != self.pace.name:
            self.pace = self.pace.at(choice.pace)
            problem = remember(Settings(pace=choice.pace))
            if problem:
                self.notify(problem, severity="warning", markup=False)
        try:
            self.session = Session((self.seater or default_seater)(choice))
        except KaboomError as e:  # options the game refuses together: say so, pick again
            self.notify(str(e), severity="error", markup=False)
            self.push_screen(PickerScreen(choice), self.chosen)  # the settings kept
            return
        self.push_screen(TableScreen(self.session, self.pace))

    @property
    def table(self) -> TableScreen | None:
        """The table screen, if a game is on (for tests and the hot-seat screen)."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None

    def action_ask_quit(self) -> None:
        """q (or ctrl+c) in a game in progress: ask, and offer to save; else quit."""
        table = self.table
        if isinstance(self.screen, ConfirmQuit):
            return
        if table is None or table.session.state.is_over:
            self.exit()
            return

        def chosen(choice: str | None) -> None:
            if choice == "save":
                # the seat whose view is on screen; none behind a hot-seat cover
                seat = None if table.passing or table.covered else table.viewer
                path = table.save(seat)
                if path is None:
                    return  # could not be written: the error is shown, the game goes on
                said = _("Saved to {path}: kaboom play --resume {path}").format(path=path)
                self.exit(message=said)
            elif choice == "quit":
                self.exit()

        self.push_screen(ConfirmQuit(), chosen)

    def action_play_again(self) -> None:
        """Another game at the same table: the same game, seats and options, a new deal
        (from a new secret seed)."""
        table = self.table
        if table is None:
            return
        seating = dataclasses.replace(table.session.seating, seed=seed_of(None))
        self.session = Session(seating)
        self.switch_screen(TableScreen(self.session, self.pace, table.game + 1))


def default_seater(choice: Choice, seed: int | None = None) -> Seating:
    """You in seat 0, the chosen opponents in the others; the deal from a secret seed
    unless one is given (``seed_of``)."""
    seats = [HUMAN] * choice.humans + [choice.opponents] * (choice.players - choice.humans)
    return Seating(choice.spec.game_id, choice.players, seed_of(seed), choice.options(), seats)


class ReplayApp(App[None]):
    """A game step by step: a finished one with every hand revealed; an unfinished one
    (a save) only as the seat that saved it saw it, so a save shown to the table gives
    away no hand (a save without ``saved_by``: as a spectator sees it)."""

    TITLE = "kaboom replay"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "step(1)", N_("Next"), priority=True),
        Binding("left,p,b", "step(-1)", N_("Previous"), priority=True),
        Binding("home", "goto(0)", N_("Start"), priority=True),
        Binding("end", "goto(-1)", N_("End"), priority=True),
        Binding("q", "quit", N_("Quit"), priority=True),
        Binding("escape,ctrl+c", "quit", N_("Quit"), show=False, priority=True),
    ]
    CSS = """
    #where { height: auto; max-height: 2; background: $primary; padding: 0 1; }
    #reveal { width: 3fr; min-width: 52; border: round $secondary; }
    #events { width: 2fr; border: round $secondary; }
    """

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        spoken(self)
        last = len(replay.actions)
        if not 0 <= step <= last:
            expected = _("a step from 0 (the deal) to {last}, got {step}")
            raise BadInput("--step", expected.format(last=last, step=step))
        self.seating, self.finished = replay.seating, replay.finished
        if replay.finished:
            self.steps = replay_steps(replay.seating, replay.actions, replay.you)
            self.whose = _("seed {seed}").format(seed=replay.seating.seed)
        else:
            self.steps = seat_steps(replay.seating, replay.actions, replay.viewer)
            if replay.viewer is None:
                self.whose = _("unfinished, as a spectator saw it")
            else:
                said = _("unfinished, as you ({seat}) saw it")
                self.whose = said.format(seat=f"P{replay.viewer}")
        self.at = step

    def compose(self) -> ComposeResult:
        yield Static(id="where", markup=False)
        with Horizontal():
            with VerticalScroll(id="reveal"):
                yield Static(id="table", markup=False)
            with VerticalScroll(id="events"):
                yield Static(id="told", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        table, told, action = self.steps[self.at]
        last = len(self.steps) - 1
        where = _("{game}, {whose}: step {at}/{last}  {action}")
        self.query_one("#where", Static).update(
            where.format(
                game=self.seating.game, whose=self.whose, at=self.at, last=last, action=action
            )
        )
        self.query_one("#table", Static).update(table)
        self.query_one("#told", Static).update(told or _("(the deal)"))

    def action_step(self, step: int) -> None:
        self.at = min(max(self.at + step, 0), len(self.steps) - 1)
        self.draw()

    def action_goto(self, at: int) -> None:
        self.at = at % len(self.steps)
        self.draw()


def step_words(state: State, action: int, seat: int | None) -> str:
    """An action in the table's words, told of the seat that plays it as ``seat`` reads
    it (``P1 plays Favor on you``; ``You draw a card (ends your turn)``), before it is
    applied."""
    family = family_of(state)
    actor = state.to_act
    if actor is None:
        return state.action_text(action)
    family.view(state.observe(actor), actor)  # the words the actor was offered
    return tell(told_of(actor, family.label(state.action_text(action))), seat)


def replay_steps(
    seating: Seating, actions: list[int], you: int | None = None
) -> list[tuple[str, str, str]]:
    """Per step (the deal, then each action): the full table revealed, what happened in
    plain words (every private detail told), and the action in words; ``you`` (the seat
    that played at this device) is told as "You"."""
    state: State = seating.deal()
    family = family_of(state)

    def told(events: list[Event]) -> str:  # hands in the game's order, as at the table
        return "\n".join(tell(family.in_order(line), you) for line in story_lines(state, events))

    steps = [(reveal(state, you), told(state.opening()), _("the deal"))]
    for action in actions:
        text = step_words(state, action, you)
        events = state.apply(action)
        steps.append((reveal(state, you), told(events), text))
    return steps


Step = tuple[str, str, str]


def seat_steps(seating: Seating, actions: list[int], seat: int | None) -> list[Step]:
    """Per step, as ``seat`` saw it (None: a spectator): its table and hand, the events it
    was shown, and the action in words if it was the seat's own (another seat's step is
    told only by the events the seat was shown: a pass in a window shows nothing)."""
    state: State = seating.deal()
    family = family_of(state)
    viewer = -1 if seat is None else seat

    def table() -> str:
        obs = state.observe(seat)
        family.view(obs, seat)
        hand = counted([family.name(c) for c in family.hand(obs)]) if seat is not None else ""
        yours = _("{hand_label} (yours): {cards}").format(hand_label=family.hand_word(), cards=hand)
        mine = [yours] if seat is not None else []
        return "\n".join([family.panel(obs, viewer), "", *mine])

    def told(events: list[Event]) -> str:  # hands in the game's order, as at the table
        return "\n".join(
            tell(family.in_order(line), seat) for line in seen_lines(state, events, seat)
        )

    steps = [(table(), told(state.opening()), _("the deal"))]
    for action in actions:
        mine = state.to_act == seat
        text = step_words(state, action, seat) if mine else _("another seat's step")
        events = state.apply(action)
        steps.append((table(), told(events), text))
    return steps


def screen_text(app: App[Any]) -> str:
    """The text on the app's screen now, as a person would read it (for tests)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system=None,
        legacy_windows=False,
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()
