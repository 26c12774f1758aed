"""What each seat (or a spectator) is sent: built from ``State.observe(seat)``, the events
whose audience holds that seat, and the table's public facts (its row, its seats, the open
window, the clocks' time left), never from the state itself.

Pure: no connection, no clock, no event loop; the table passes the time left on its clocks
(``clocks.time_left`` at ``Table.now``). So the messages of a seat are a function of what
that seat may know, which ``tests/test_server_view.py`` checks directly (two worlds that
differ only in another seat's hand give the seat the same messages).
"""

from __future__ import annotations

from typing import TypedDict

from kaboom.engine.events import Event
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.state import Observation, State
from kaboom.server import protocol as proto
from kaboom.server.clocks import WindowRt
from kaboom.server.db import TableRow
from kaboom.server.people import bot_level
from kaboom.server.protocol import LegalText, Message, SeatInfo
from kaboom.server.seating import SeatRt


class DecisionOut(TypedDict):
    """What a seat may decide now (``protocol.Decision``)."""

    kind: str
    at: int
    legal: list[LegalText]
    observation: Observation | None
    clock: float | None


class TableOut(TypedDict):
    """The table's settings (``protocol.TableInfo``)."""

    id: str
    game: str
    players: int
    options: JsonObject
    status: str
    private: bool
    clock: float | None
    window: float
    bot_delay: float
    rated: bool
    hints: bool
    open_reviews: bool


# -- the lobby's answers (``server.app``'s routes; ``client.Lobby`` reads them) ----------------
class TableSummary(TableOut):
    """A table in the lobby: its settings, how far it has got, its seats."""

    seq: int
    seats: list[SeatInfo]


class Created(TableSummary):
    """A table just made, with its invite (None: a public table)."""

    invite: str | None


class Joined(TypedDict):
    """A seat taken: the table, the seat, the token that plays it."""

    table: str
    seat: int
    token: str


class Again(Joined):
    """The seat taken again at the next table of a finished one, and that table's invite."""

    invite: str | None


class Left(TypedDict):
    """A seat given up."""

    table: str
    seat: int
    left: bool


def legal_texts(world: State) -> list[LegalText]:
    """The legal actions of ``world`` with their words."""
    return [{"id": a, "text": world.action_text(a)} for a in world.legal_actions()]


def table_info(row: TableRow) -> TableOut:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "private": row.private,
        "clock": row.clock,
        "window": row.window,
        "bot_delay": row.bot_delay,
        "rated": row.rated,
        "hints": row.hints,
        "open_reviews": row.open_reviews,
    }


def seat_info(s: SeatRt) -> SeatInfo:
    return {
        "seat": s.row.seat,
        "kind": s.row.kind,
        "bot": s.row.bot,
        "name": s.row.name,
        "level": bot_level(s.row.bot) if s.row.kind == "bot" else None,
        "taken": s.row.kind == "bot" or s.row.token_hash is not None,
        "connected": s.connected,
        "away": s.row.away,
        "takeover": s.row.takeover,
        "votes": sorted(s.votes),
    }


def window_decision(w: WindowRt, seat: int, left: float | None) -> DecisionOut | None:
    """A seat the open window asks: its answers and its observation when it will be asked
    (computed when the window opened, ``clocks.asks_of``)."""
    ask = w.asks.get(seat)
    if ask is None:
        return None
    obs, legal = ask
    return {"kind": "window", "at": w.opened, "legal": legal, "observation": obs, "clock": left}


def turn_decision(seq: int, legal: list[LegalText], left: float | None) -> DecisionOut:
    """The seat to act: the legal actions now (its observation is the update's own)."""
    return {"kind": "turn", "at": seq, "legal": legal, "observation": None, "clock": left}


def update(
    seq: int,
    events: list[Event],
    observation: Observation,
    decision: DecisionOut | None,
    window_left: float | None,
    seat: int | None,
) -> Message:
    """The ``update`` of ``seat`` at ``seq``: the events it may see, its observation."""
    return proto.message(
        "update",
        seq,
        events=proto.seen(events, seat),
        observation=observation,
        decision=decision,
        window=window_left,
    )


def bare_update(seq: int) -> Message:
    """The update of an audience of this process's bots with nothing to decide (they read
    nothing but a decision)."""
    return proto.message("update", seq, decision=None)


def sync(
    seq: int,
    log: list[list[Event]],
    last_seq: int,
    observation: Observation,
    decision: DecisionOut | None,
    window_left: float | None,
    seat: int | None,
) -> Message:
    """What a connection missed after ``last_seq`` (the events it may see of each entry),
    and where the table is now."""
    first = max(0, min(last_seq + 1, seq + 1))
    missed = [{"seq": k, "events": proto.seen(log[k], seat)} for k in range(first, seq + 1)]
    return proto.message(
        "sync",
        seq,
        missed=missed,
        observation=observation,
        decision=decision,
        window=window_left,
    )


def over(row: TableRow, seq: int) -> Message:
    """The end: who won, why, and the seed (now it may be told)."""
    return proto.message(
        "over",
        seq,
        status="over" if row.status == "over" else "ended",
        winners=row.winners or [],
        reason=row.end_reason,
        seed=str(row.seed),
        export=f"/api/games/{row.id}/export",
    )


def seats(seq: int, status: str, seat_rts: list[SeatRt]) -> Message:
    return proto.message("seats", seq, status=status, seats=[seat_info(s) for s in seat_rts])


def tabs(seq: int, count: int, playing: bool) -> Message:
    """One of a seat's people's connections: how many tabs, and whether it plays."""
    return proto.message("tabs", seq, count=count, playing=playing)
