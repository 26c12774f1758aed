"""The seats of a table: who sits where, their connections and tabs, presence, the votes
that hand a seat to its bot, and the lobby (join, leave).

A seat is played by its person while they are connected and answer their clock; a bot
plays it when it is a bot's seat, when its person is away (their turn's clock ran out) or
voted out (a majority of the connected people, docs/protocol.md, "Seats"), or left after
the start. A person who connects takes the seat back and ends the votes against it.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import ParamSpec, Protocol, TypeVar

from kaboom.engine.state import State
from kaboom.i18n import _
from kaboom.server.db import SeatRow, Store, TableRow
from kaboom.server.ladder import plays_rated
from kaboom.server.protocol import Message

T = TypeVar("T")
P = ParamSpec("P")


def token_hash(token: str) -> str:
    """Seat tokens (192 random bits) and session cookies (256: ``accounts``) are stored as
    their SHA-256: random enough that no salt is needed."""
    return hashlib.sha256(token.encode()).hexdigest()


class Conn(Protocol):
    """Something a table sends messages to: a WebSocket, or a bot in this process."""

    seat: int | None
    person: bool
    #: Whether it reads every update's observation, a decision or not: a bot that watches
    #: every step (``bots.base.Watcher``). A person gets the whole update anyway.
    watching: bool
    #: The language of the person it speaks to (docs/i18n.md; a bot's: English).
    lang: str

    def deliver(self, msg: Message, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Agent(Conn, Protocol):
    """A seat's bot in this process (``bot.BotAgent``)."""

    def reset(self) -> None: ...


class Process(Protocol):
    """What a table's parts (its seats, its clocks) ask of the process (``hub.Hub``)."""

    store: Store
    shared: bool
    instance: str

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T: ...

    def spawn(self, coro: Coroutine[object, object, T]) -> asyncio.Task[T]: ...

    def notify(self, table_id: str, what: str, *words: str) -> None: ...


@dataclass(slots=True)
class SeatRt:
    row: SeatRow
    conns: set[Conn] = field(default_factory=set)
    agent: Agent | None = None
    #: The seats voting for a bot to play this one, and whether a person is connected to
    #: it at another process: both kept in the database (``reload_marks``).
    votes: set[int] = field(default_factory=set)
    elsewhere: bool = False
    #: The person's connection that plays the seat when it is open in several tabs (the
    #: newest, until another says ``take``); the others' actions are refused.
    playing: Conn | None = None

    @property
    def connected(self) -> bool:
        return bool(self.conns) or self.elsewhere

    @property
    def bot_plays(self) -> bool:
        """A bot decides for this seat now: a bot seat, or a person away or voted out."""
        return self.row.kind == "bot" or self.row.away or self.row.takeover


class LobbyError(Exception):
    """A lobby request that cannot be met now (an HTTP status and why)."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail


class TableParts(Protocol):
    """What every part of a table (its seats, its clocks) reads of it (``table.Table``)."""

    @property
    def hub(self) -> Process: ...
    @property
    def id(self) -> str: ...
    @property
    def row(self) -> TableRow: ...
    @property
    def seats(self) -> list[SeatRt]: ...
    @property
    def state(self) -> State | None: ...
    @property
    def driving(self) -> bool: ...

    def seats_changed(self) -> None: ...


class Table(TableParts, Protocol):
    """What the seats ask of their table (``table.Table``)."""

    @property
    def spectators(self) -> set[Conn]: ...
    @property
    def closed(self) -> bool: ...

    def reply(self, conn: Conn, msg: Message) -> None: ...
    def error(self, conn: Conn, code: str, text: str) -> None: ...
    def broadcast(self, msg: Message, people_only: bool = False) -> None: ...
    def welcome_msg(self, seat: int | None) -> Message: ...
    def sync_msg(self, seat: int | None, last_seq: int) -> Message: ...
    def over_msg(self) -> Message: ...
    def seats_msg(self) -> Message: ...
    def tabs_msg(self, count: int, playing: bool) -> Message: ...
    def touch(self) -> None: ...
    def begin(self) -> None: ...
    def hand_to_bot(self, seat: int) -> None: ...
    def bot_takes(self, seat: int) -> None: ...
    def person_plays(self, seat: int) -> None: ...


def seat_of_token(seats: list[SeatRt], token: str) -> int | None:
    digest = token_hash(token)
    for s in seats:
        if s.row.token_hash is not None and secrets.compare_digest(s.row.token_hash, digest):
            return s.row.seat
    return None


def free_seats(seats: list[SeatRt]) -> list[int]:
    """The seats for a person that nobody has taken."""
    return [s.row.seat for s in seats if s.row.kind == "human" and s.row.token_hash is None]


def reload_seats(seats: list[SeatRt], rows: list[SeatRow]) -> None:
    """The seats as the database has them; a seat whose token another process replaced
    (taken back on another device: issue 35) closes the connections that came with the
    old one here."""
    for s, r in zip(seats, rows, strict=True):
        if s.row.token_hash and r.token_hash and r.token_hash != s.row.token_hash:
            for c in [c for c in s.conns if c.person]:
                c.close(*TAKEN_BACK)
        s.row = r


def carried(seats: list[SeatRt], seat: int) -> bool:
    """A vote against ``seat`` carries: a majority of the other connected people."""
    people = {
        q.row.seat for q in seats if q.row.kind == "human" and q.connected and q.row.seat != seat
    }
    return 2 * len(seats[seat].votes & people) > len(people)


# -- connections and tabs -------------------------------------------------------------------------
async def attach(table: Table, conn: Conn, last_seq: int) -> None:
    """A client joins its seat (or the spectators): welcome, then what it missed (the
    caller holds the lock)."""
    seat = conn.seat
    if seat is None:
        table.spectators.add(conn)
    else:
        s = table.seats[seat]
        s.conns.add(conn)
        if conn.person and len(s.conns) == 1:
            await present(table, seat, True)
        if conn.person:
            s.playing = conn
    table.reply(conn, table.welcome_msg(seat))
    if seat is not None and conn.person:
        await back(table, seat)  # the person takes the seat back from a bot
        tell_tabs(table, seat)
    if table.state is not None:
        table.reply(conn, table.sync_msg(seat, last_seq))
    if table.row.status in ("over", "ended"):
        table.reply(conn, table.over_msg())
    table.broadcast(table.seats_msg(), people_only=True)


async def detach(table: Table, conn: Conn) -> None:
    """A connection gone (the caller holds the lock)."""
    if conn.seat is None:
        table.spectators.discard(conn)
    else:
        s = table.seats[conn.seat]
        s.conns.discard(conn)
        if conn.person and not s.conns:
            await present(table, conn.seat, False)
        if s.playing is conn:
            s.playing = next((c for c in s.conns if c.person), None)
        tell_tabs(table, conn.seat)
    if not table.closed:
        table.broadcast(table.seats_msg(), people_only=True)


def tell_tabs(table: Table, seat: int) -> None:
    """Each of the seat's people's connections: how many tabs, and whether it plays."""
    s = table.seats[seat]
    people = [c for c in s.conns if c.person]
    for c in people:
        table.reply(c, table.tabs_msg(len(people), c is s.playing))


def take(table: Table, conn: Conn, seat: int) -> None:
    """``take``: this tab plays the seat from now on."""
    table.seats[seat].playing = conn
    tell_tabs(table, seat)


def another_tab_plays(seats: list[SeatRt], conn: Conn, seat: int) -> bool:
    playing = seats[seat].playing
    return conn.person and playing is not None and playing is not conn


# -- presence and votes ---------------------------------------------------------------------------
async def present(table: Table, seat: int, here: bool) -> None:
    """A person's first connection to ``seat`` at this process (``here``), or its last
    one gone: kept in the database, so every process serving the table knows whether
    the seat is connected; a person who connects ends the votes against their seat."""
    hub = table.hub
    await hub.db(hub.store.set_presence, table.id, seat, hub.instance, here)
    if here:
        table.seats[seat].votes.clear()
        await hub.db(hub.store.clear_votes, table.id, seat)
    hub.notify(table.id, "seats")


async def reload_marks(table: Table) -> None:
    """The votes and who is connected at other processes, from the database."""
    hub = table.hub
    votes, elsewhere = await hub.db(hub.store.seat_marks, table.id, hub.instance)
    for s in table.seats:
        s.votes = votes.get(s.row.seat, set())
        s.elsewhere = s.row.seat in elsewhere


async def back(table: Table, seat: int) -> None:
    """The person plays their seat again (the caller holds the lock)."""
    s = table.seats[seat]
    if s.row.away or s.row.takeover:
        s.row.away = s.row.takeover = False
        s.votes.clear()
        hub = table.hub
        await hub.db(hub.store.set_seat, table.id, seat, away=False, takeover=False)
        await hub.db(hub.store.clear_votes, table.id, seat)
        table.seats_changed()
        table.person_plays(seat)


def vote_refused(table: Table, voter: int, seat: int) -> str | None:
    """Why ``voter`` may not vote a bot to ``seat`` (None: they may), before the seats
    are read again."""
    if seat >= len(table.seats):
        return _("no seat {seat}").format(seat=seat)
    if table.seats[seat].row.kind != "human" or seat == voter:
        return _("only another person's seat can be voted to a bot")
    return None


async def vote(table: Table, conn: Conn, voter: int, seat: int) -> None:
    """``voter`` asks for a bot to play ``seat`` (a person who is not connected); a
    majority of the connected people carries it (the caller holds the lock)."""
    why = vote_refused(table, voter, seat)
    if why is not None:
        table.error(conn, "vote", why)
        return
    hub = table.hub
    s = table.seats[seat]
    if hub.shared:  # the seats' flags as every process left them
        reload_seats(table.seats, await hub.db(hub.store.seats, table.id))
        await reload_marks(table)
    if s.connected or s.row.takeover:
        why = _("seat {seat} is connected or already played by a bot").format(seat=seat)
        table.error(conn, "vote", why)
        return
    await hub.db(hub.store.add_vote, table.id, seat, voter)
    await reload_marks(table)  # the votes given at every process
    if carried(table.seats, seat):
        s.row.takeover = True
        await hub.db(hub.store.set_seat, table.id, seat, takeover=True)
        table.bot_takes(seat)
    table.seats_changed()


async def refresh_seats(table: Table) -> None:
    """Another process changed the seats (joined, away, voted, back, connected): read
    them again; the driving process hands a seat to its bot, or back to its person (the
    caller holds the lock)."""
    rows = await table.hub.db(table.hub.store.seats, table.id)
    changed = [
        (s.row.away, s.row.takeover) != (r.away, r.takeover)
        for s, r in zip(table.seats, rows, strict=True)
    ]
    reload_seats(table.seats, rows)
    await reload_marks(table)
    table.broadcast(table.seats_msg(), people_only=True)
    if table.driving and table.state is not None:
        for q, did in enumerate(changed):
            if did and table.seats[q].bot_plays:
                table.hand_to_bot(q)
            elif did:
                table.person_plays(q)


# -- the lobby ------------------------------------------------------------------------------------
async def join(
    table: Table, name: str, seat: int | None, account_id: int | None = None
) -> tuple[int, str]:
    """Seat a person (the first free human seat unless one is named): a new token (the
    caller holds the lock). ``account_id``: the person is signed in (issue 35)."""
    hub = table.hub
    if hub.shared:
        reload_seats(table.seats, await hub.db(hub.store.seats, table.id))
    if table.row.status != "open":
        raise LobbyError(409, _("the game has started"))
    free = free_seats(table.seats)
    if seat is not None and seat not in free:
        raise LobbyError(409, _("seat {seat} is not a free seat for a person").format(seat=seat))
    if not free:
        raise LobbyError(409, _("no free seat"))
    chosen = free[0] if seat is None else seat
    token = secrets.token_urlsafe(24)
    digest = token_hash(token)
    if not await hub.db(hub.store.take_seat, table.id, chosen, name, digest, account_id):
        raise LobbyError(409, _("seat {seat} was taken meanwhile").format(seat=chosen))
    row = table.seats[chosen].row
    row.name, row.token_hash, row.account_id = name, digest, account_id
    if table.row.host_seat is None:  # the first person seated hosts (issue 35: chat-host)
        table.row.host_seat = chosen
    table.touch()
    table.seats_changed()
    return chosen, token


async def leave(table: Table, seat: int) -> None:
    """Before the start the seat is free again; after it, a bot plays it for good (the
    token no longer works; the caller holds the lock)."""
    hub = table.hub
    s = table.seats[seat]
    if table.row.status == "open":
        await hub.db(hub.store.free_seat, table.id, seat)
        s.row.name = s.row.token_hash = s.row.account_id = None
        if table.row.host_seat == seat:  # the next person seated hosts
            table.row.host_seat = None
    elif table.row.status == "playing":
        s.row.takeover, s.row.token_hash = True, None
        await hub.db(hub.store.set_seat, table.id, seat, takeover=True, token_hash=None)
        table.bot_takes(seat)
    for c in list(s.conns):
        c.close(4001, "left the seat")
    table.seats_changed()


#: How the connections of a seat taken back on another device are closed (issue 35).
TAKEN_BACK = (4009, "seat taken back on another device")


async def seat_back(table: Table, account_id: int) -> tuple[int, str]:
    """The account's seat at this table, on a new device (issue 35: a seat taken while
    signed in can be taken back from any signed-in device, before the game is over): a
    fresh token; the old one stops working, its connections are closed (the caller holds
    the lock)."""
    hub = table.hub
    if hub.shared:
        reload_seats(table.seats, await hub.db(hub.store.seats, table.id))
    if table.row.status not in ("open", "playing"):
        raise LobbyError(409, _("the table is {status}").format(status=table.row.status))
    mine = [s for s in table.seats if s.row.account_id == account_id and s.row.token_hash]
    if not mine:
        raise LobbyError(404, _("you hold no seat at this table"))
    s = mine[0]
    token = secrets.token_urlsafe(24)
    digest = token_hash(token)
    if not await hub.db(hub.store.seat_back, table.id, s.row.seat, account_id, digest):
        raise LobbyError(409, _("the seat changed meanwhile (left, or the game ended)"))
    s.row.token_hash = digest
    for c in [c for c in s.conns if c.person]:
        c.close(*TAKEN_BACK)
    table.touch()
    table.seats_changed()
    return s.row.seat, token


async def start(table: Table) -> None:
    """Deal, once every seat for a person is taken (the caller holds the lock)."""
    hub = table.hub
    if table.row.status != "open":
        raise LobbyError(409, _("the table is {status}").format(status=table.row.status))
    if hub.shared:
        reload_seats(table.seats, await hub.db(hub.store.seats, table.id))
    empty = free_seats(table.seats)
    if empty:
        raise LobbyError(409, _("seats {seats} are still free").format(seats=empty))
    # a table asked to be rated plays rated only if every person in it is signed in
    # (issue 35); the table's info says which
    rated = table.row.rated and plays_rated([s.row for s in table.seats])
    if not await hub.db(hub.store.start, table.id, rated):
        raise LobbyError(409, _("the table was started meanwhile"))
    table.row.rated = rated
    table.touch()
    table.begin()
    hub.notify(table.id, "start")
