"""A table in progress, without any screen: the game, who plays each seat, the event log.

The app drives a :class:`Session`; tests may too. What a seat is shown comes from
:meth:`Session.observe` and :meth:`Session.log_for`, both filtered for that seat.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from kaboom.bots.base import Bot, watchers
from kaboom.bots.clock import decide_by, shares
from kaboom.bots.make import make_bot
from kaboom.engine.events import Event
from kaboom.engine.state import Observation, State
from kaboom.engine.view import PlayerView
from kaboom.engine.window import walk_window, world_when_asked
from kaboom.i18n import _
from kaboom.tui.chat import Chat
from kaboom.tui.save import HUMAN, Seating


def seen_lines(state: State, events: list[Event], seat: int | None) -> list[str]:
    """The events ``seat`` may see, in plain words. A private event's public, redacted twin
    (it follows the private one) is dropped for a seat that saw the private one.

    >>> from kaboom.engine.registry import new_game
    >>> s = new_game("exploding-kittens", 2, seed=1)
    >>> private = Event("draw", 0, {"card": "skip"}, frozenset({0}))
    >>> public = Event("draw", 0, {"redacted": True})
    >>> seen_lines(s, [private, public], 0), seen_lines(s, [private, public], 1)
    (['P0 draws Skip'], ['P0 draws a card'])
    """
    kept: list[Event] = []
    prev: Event | None = None
    for event in events:
        if event.visible_to(seat) and not _twin(prev, event, seat):
            kept.append(event)
        prev = event
    return state.describe_all(kept)  # (one line per thing done: issue 46)


def _twin(prev: Event | None, event: Event, seat: int | None) -> bool:
    return (
        prev is not None
        and bool(event.data.get("redacted"))
        and prev.audience is not None
        and prev.visible_to(seat)
        and (prev.kind, prev.seat) == (event.kind, event.seat)
    )


def fresh_events(seating: Seating, state: State) -> list[Event]:
    """The events so far of a game: the deal's, then each action's, replayed from the seed
    (a resumed game's log); empty if the save's history does not replay."""
    try:
        replayed = seating.deal()
        events = replayed.opening()
        for action in state.history:
            events += replayed.apply(action)
    except Exception:  # a state edited by hand: start its log afresh
        return []
    return events


class TableSession(Protocol):
    """What the table screen plays: a game at this device (``Session``: its bots, reaction
    windows and clocks run here) or a seat of a server table (``RemoteTable``: the server
    runs them). The screen draws from ``observe`` and ``log_for`` alone; ``state`` is the
    game itself, or for a remote seat a world sampled from the seat's own observation
    (what it holds, whose turn, the open window: public facts and the seat's own)."""

    seating: Seating
    #: The game runs elsewhere (a server): this device only shows it and sends moves.
    remote: bool

    @property
    def state(self) -> State: ...

    @property
    def humans(self) -> list[int]: ...

    def is_bot(self, seat: int | None) -> bool: ...

    def observe(self, seat: int) -> Observation: ...

    def log_for(self, seat: int) -> list[str]: ...

    def legal_texts(self, seat: int) -> list[tuple[int, str]]: ...

    def apply(self, action: int, seat: int) -> list[Event]: ...


class RemoteTable(TableSession, Protocol):
    """A seat of a server table (``kaboom play --join``, ``kaboom.cli.join``): the server
    paces the reaction windows and plays the bots; at the end it gives the game's log."""

    #: The game's log saved at the end (every hand), or why it could not be.
    log_file: Path | None
    log_error: str
    #: The server said the game is over (and the seat's log is saved, or failed).
    finished: bool
    #: The seat's token at the server (None: a spectator, who cannot play again).
    token: str | None
    #: The table's chat as this connection hears it (``tui.chat``).
    chat: Chat

    def window_left(self) -> float: ...

    def send_chat(self, typed: str) -> str:
        """Send what the person typed (a line, or a ``/`` command); "" once sent, else
        why not."""
        ...

    def react(self, reaction: str) -> str:
        """Send a reaction (``tui.chat.REACTIONS``); "" once sent, else why not."""
        ...

    #: The coach's last hint to this seat: the decision it is for (its ``at``) and its
    #: choices (``action``, ``text``, ``win``, ``interval``) as the server sent them.
    hint: tuple[int, list[dict[str, Any]]] | None

    def decision_at(self) -> int | None:
        """The decision before this seat now (its ``at``); None: none."""
        ...

    def ask_hint(self) -> str:
        """Ask the server's coach for a hint; "" once asked, else why not."""
        ...


@dataclass(slots=True)
class Seat:
    """One seat: a person at this device, or a bot."""

    spec: str
    bot: Bot | None


class Session:
    """A game and its seats; applies actions and keeps every event with its audience."""

    remote = False

    def __init__(self, seating: Seating, state: State | None = None) -> None:
        self.seating = seating
        self.state = state if state is not None else seating.deal()
        self.events = self.state.opening() if state is None else fresh_events(seating, self.state)
        rng = random.Random(seating.seed)
        self.seats = [
            Seat(spec, None if spec == HUMAN else make_bot(spec, rng.getrandbits(63), seating.game))
            for spec in seating.seats
        ]
        #: Bots decide one at a time (a window's answers are planned off the UI thread).
        self.thinking = threading.Lock()
        #: The bots that watch every step (``Watcher``), by seat.
        self.watching = watchers([s.bot for s in self.seats])

    @property
    def humans(self) -> list[int]:
        return self.seating.humans()

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].bot is not None

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        return self.state.observe(seat)

    def log_for(self, seat: int) -> list[str]:
        """The event log as ``seat`` may see it."""
        return seen_lines(self.state, self.events, seat)

    def bot(self, seat: int) -> Bot:
        """The bot that plays ``seat``."""
        bot = self.seats[seat].bot
        assert bot is not None, f"seat {seat} is a person's"
        return bot

    def decide(self, seat: int, state: State | None = None, think: float | None = None) -> int:
        """The bot's choice for ``seat`` in ``state`` (the game by default), its search
        stopped at ``think`` (``time.monotonic()``; None: its own budget). It may take a
        second: run it off the UI thread."""
        view = PlayerView(self.state if state is None else state, seat)
        with self.thinking:
            bot = self.bot(seat)
            return bot.act(view) if think is None else decide_by(bot, view, think)

    def bots_asked(self, world: State) -> list[int]:
        """The seats bots play that the window open in ``world`` asks, in order (public)."""
        return [seat for seat, _, _ in walk_window(world) if self.is_bot(seat)]

    def plan_answers(self, world: State, end: float) -> dict[int, int]:
        """Every bot's answer to the window open in ``world`` (a copy of the game), each
        decided where the engine will ask it: the seats before it let the card go (a person's
        answer is not known yet; a Nope opens another window, planned anew). All are decided
        by ``end`` (``time.monotonic()``), each search its share of the time; the table plays
        them when the window's clock runs out and not before ``end``, so how long a bot
        thinks (long with a Nope in hand, not at all without) never shows (docs/rulings.md,
        "The table's clock")."""
        bots = self.bots_asked(world)
        deadlines = dict(zip(bots, shares(time.monotonic(), end, len(bots)), strict=True))
        answers: dict[int, int] = {}

        def answer(seat: int, at: State) -> int | None:
            if seat in deadlines:
                answers[seat] = self.decide(seat, at, deadlines[seat].think)
            return answers.get(seat)

        for _step in walk_window(world, answer):
            pass
        return answers

    def nope_offered(self, seat: int) -> bool:
        """Whether ``seat`` may answer the open window with more than a pass when the engine
        asks it (the seats before it letting the card go): its own hand's business."""
        world = world_when_asked(self.state, seat)
        return world is not None and len(world.legal_actions()) > 1

    def apply(self, action: int, seat: int) -> list[Event]:
        """``seat`` plays ``action`` (the engine checks it is that seat's decision)."""
        events = self.state.apply(action, seat)
        self.events += events
        # Each watching bot its own seat's observation, nothing else (an append: never
        # waits for a bot that is thinking; a step it misses costs it its inferences only).
        for q, bot in self.watching:
            bot.see(self.state.observe(q))
        return events

    def legal_texts(self, seat: int) -> list[tuple[int, str]]:
        """The legal actions of ``seat`` with their text, if it is that seat's decision."""
        if self.state.to_act != seat:
            return []
        return [(a, self.state.action_text(a)) for a in self.state.legal_actions()]

    def result(self) -> str:
        """The end of the game in words."""
        winners = self.state.winners
        if not winners:
            return _("Game over: no winner")
        return _("Game over: {names} won").format(names=", ".join(f"P{q}" for q in winners))
