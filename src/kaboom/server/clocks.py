"""The table's two clocks: the reaction window's and the turn's.

Reaction windows (docs/rulings.md §1): when a play opens a window, every seat the engine
will ask in it is sent its decision at once (its observation at the moment it will be
asked: the seats before it letting the card go), and the window's clock runs its full
length whatever anyone answers. Answers are queued; when the clock runs out they are played
in the engine's asking order, a pass for whoever did not answer (a bot still thinking too:
nothing waits for it). A Nope opens a new window with a full clock. So nothing of the
window's rhythm depends on who holds a Nope, nor on how long anyone (a bot included) takes
to answer (docs/rulings.md, "The table's clock": a window that asks a bot lasts at least
the bots' pace; the bots decide within the clock, ``bot.BotAgent``).

The turn's clock: a person to act has the table's ``clock`` seconds; when it runs out the
seat is marked away and its bot plays it (docs/protocol.md, "Clocks").
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from kaboom.bots.clock import window_length
from kaboom.engine.state import Observation, State
from kaboom.engine.window import WindowKey, walk_window, window_key
from kaboom.i18n import N_
from kaboom.server.db import ActionRow
from kaboom.server.protocol import LegalText
from kaboom.server.seating import TableParts

#: A table's reaction window when its creator names none (seconds): long enough for a
#: first-time player who holds a Nope to read the window's words, choose and click, at nine
#: windows in ten that open a play (issue 46: ``bench/window_pace.py`` measures it; 3 s
#: before, which people who paused to look missed). The window still runs its full length.
DEFAULT_WINDOW = 9.5


class Answer(NamedTuple):
    """A seat's queued answer to a window: the action, the client's key, who gave it."""

    action: int
    key: str | None
    by: str


@dataclass(slots=True)
class WindowRt:
    """An open reaction window at this table."""

    key: WindowKey
    opened: int  # the seq of the play (or Nope) it answers
    deadline: float  # loop time
    asks: dict[int, tuple[Observation, list[LegalText]]]  # in asking order
    answers: dict[int, Answer] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None


class Table(TableParts, Protocol):
    """What the clocks ask of their table (``table.Table``): they set its open window
    and its turn clock's deadline and task."""

    window: WindowRt | None
    clock_task: asyncio.Task[None] | None
    turn_deadline: float | None

    @property
    def seq(self) -> int: ...
    @property
    def lock(self) -> asyncio.Lock: ...

    def drop_answer(self, seat: int, answer: Answer, reason: str) -> None: ...
    async def commit(self, rows: list[ActionRow]) -> bool: ...
    def apply(self, rows: list[ActionRow]) -> None: ...
    def hand_to_bot(self, seat: int) -> None: ...


def now() -> float:
    """The table's clocks run on the event loop's time."""
    return asyncio.get_running_loop().time()


def time_left(deadline: float | None, at: float) -> float | None:
    """Seconds to ``deadline`` from ``at`` as the wire says them (None: no clock).

    >>> time_left(10.0, 7.5), time_left(10.0, 12.0), time_left(None, 1.0)
    (2.5, 0.0, None)
    """
    return None if deadline is None else round(max(0.0, deadline - at), 3)


def asks_of(state: State) -> dict[int, tuple[Observation, list[LegalText]]]:
    """Every seat the window asks, in the engine's order, with its observation and its
    answers as they will be when it is asked (the seats before it letting the card go)."""
    asks: dict[int, tuple[Observation, list[LegalText]]] = {}
    for seat, world, _ in walk_window(state):
        legal: list[LegalText] = [
            {"id": a, "text": world.action_text(a)} for a in world.legal_actions()
        ]
        asks[seat] = (world.observe(seat), legal)
    return asks


def answers_played(state: State, seq: int, answers: dict[int, Answer]) -> list[ActionRow]:
    """The log rows of a window's close: the seats still asked, in the engine's order,
    each its answer (if still legal then) or its pass, up to the first that is no pass."""

    def given(seat: int, world: State) -> int | None:
        answer = answers.get(seat)
        return answer.action if answer is not None and world.can(answer.action) else None

    rows: list[ActionRow] = []
    for seat, _, action in walk_window(state, given):
        answer = answers.get(seat)
        played = answer is not None and answer.action == action
        key, by = (answer.key, answer.by) if answer is not None and played else (None, "clock")
        rows.append(ActionRow(seq + len(rows) + 1, seat, action, key, by))
    return rows


# -- after every change: windows, clocks, bots ----------------------------------------------------
def after_change(table: Table) -> None:
    """The clocks after the state changed: the window it opens (or still has open), or the
    turn's clock."""
    st = table.state
    assert st is not None
    cancel_turn(table)
    if st.is_over:
        cancel_all(table)
        return
    key = window_key(st)
    if key is None:
        close_window(table)
        plan_turn(table)
        return
    w = table.window
    if w is not None and w.key == key:
        # a pass played at the window's close: that seat is asked no more
        for q in list(w.asks):
            if q != st.to_act:
                del w.asks[q]
            else:
                break
        return
    close_window(table)
    open_window(table, key)


def open_window(table: Table, key: WindowKey) -> None:
    """Every seat the window asks is offered its answers as they will be when asked; the
    clock runs the table's ``window``, at least the bots' pace if it asks a seat a bot
    plays (public facts only: docs/rulings.md, "The table's clock")."""
    st = table.state
    assert st is not None
    asks = asks_of(st)
    bots = any(table.seats[q].bot_plays for q in asks)
    length = window_length(table.row.window, table.row.bot_delay, bots)
    w = WindowRt(key, table.seq, now() + length, asks)
    table.window = w
    if table.driving:
        w.task = table.hub.spawn(window_runs_out(table, w))


def close_window(
    table: Table, reason: str = N_("the window closed before this seat was asked")
) -> None:
    """Close the open window; each answer queued in it is refused with ``reason`` (marked
    English: said in each seat's person's language, ``Table.drop_answer``)."""
    w, table.window = table.window, None
    if w is None:
        return
    if w.task is not None and w.task is not asyncio.current_task():
        w.task.cancel()
    for seat, answer in w.answers.items():
        table.drop_answer(seat, answer, reason)


async def window_runs_out(table: Table, w: WindowRt) -> None:
    """The window's clock ran out: its answers are played in the engine's order, at
    once; a bot still thinking passes (an answer after the clock is not played)."""
    await asyncio.sleep(max(0.0, w.deadline - now()))
    async with table.lock:
        if table.window is not w or table.state is None or not table.driving:
            return
        answers = dict(w.answers)
        hub = table.hub
        if hub.shared:
            stored = await hub.db(hub.store.answers, table.id, w.opened)
            for seat, (action, key) in stored.items():
                answers.setdefault(seat, Answer(action, key, "seat"))
        rows = answers_played(table.state, table.seq, answers)
        if rows and await table.commit(rows):
            table.apply(rows)  # each played answer's ``ack`` goes to its seat there


def plan_turn(table: Table) -> None:
    """A turn decision: a bot's (its agent is told by the update), or a person's clock."""
    st = table.state
    assert st is not None
    cancel_turn(table)
    seat = st.to_act
    if seat is None or not table.driving or table.window is not None:
        return
    if table.seats[seat].bot_plays or table.row.clock is None:
        return
    table.turn_deadline = now() + table.row.clock
    table.clock_task = table.hub.spawn(turn_runs_out(table, table.seq, seat))


async def turn_runs_out(table: Table, seq: int, seat: int) -> None:
    """A person's turn clock ran out: the seat is away, and its bot plays it."""
    assert table.row.clock is not None
    await asyncio.sleep(table.row.clock)
    async with table.lock:
        if table.seq != seq or table.state is None or table.state.to_act != seat:
            return
        table.seats[seat].row.away = True
        table.clock_task = None
        await table.hub.db(table.hub.store.set_seat, table.id, seat, away=True)
        table.seats_changed()
        table.hand_to_bot(seat)


def cancel_turn(table: Table) -> None:
    task, table.clock_task = table.clock_task, None
    table.turn_deadline = None
    if task is not None and task is not asyncio.current_task():
        task.cancel()


def cancel_all(table: Table) -> None:
    cancel_turn(table)
    close_window(table)
