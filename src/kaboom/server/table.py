"""One table on the server: its seats and connections, the game, its log, its clocks.

Everything a connection is sent is built here, per seat, from ``State.observe(seat)`` and
the events whose audience holds that seat (``None``: a spectator): never from the state
itself. Every accepted action is committed to the log before anyone hears of it.

Reaction windows (docs/rulings.md §1): when a play opens a window, every seat the engine
will ask in it is sent its decision at once (its observation at the moment it will be
asked: the seats before it letting the card go), and the window's clock runs its full
length whatever anyone answers. Answers are queued; when the clock runs out they are played
in the engine's asking order, a pass for whoever did not answer (a bot still thinking too:
nothing waits for it). A Nope opens a new window with a full clock. So nothing of the
window's rhythm depends on who holds a Nope, nor on how long anyone (a bot included) takes
to answer (docs/rulings.md, "The table's clock": a window that asks a bot lasts at least
the bots' pace; the bots decide within the clock, ``bot.BotAgent``).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from kaboom.bots.clock import window_length
from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.engine.events import Event
from kaboom.engine.registry import GameSpec, get_game, new_game
from kaboom.engine.state import Observation, State
from kaboom.engine.window import WindowKey, walk_window, window_key, world_when_asked
from kaboom.server import protocol as proto
from kaboom.server.db import LIVE, ActionRow, Conflict, SeatRow, Store, TableRow
from kaboom.server.protocol import Act

T = TypeVar("T")

#: Client keys remembered per table for resends (the oldest are forgotten first).
KEYS_KEPT = 4096


def token_hash(token: str) -> str:
    """Tokens are stored as their SHA-256 (they are 192 random bits: no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Conn(Protocol):
    """Something a table sends messages to: a WebSocket, or a bot in this process."""

    seat: int | None
    person: bool

    def deliver(self, msg: dict[str, Any], text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Agent(Conn, Protocol):
    """A seat's bot in this process (``bot.BotAgent``)."""

    def reset(self) -> None: ...


class HubPort(Protocol):
    """What a table asks of its process (``hub.Hub``)."""

    store: Store
    shared: bool
    instance: str

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T: ...

    async def write(self, table_id: str, rows: list[ActionRow]) -> None: ...

    async def think(self, table_id: str, fn: Callable[..., T], *args: Any) -> T: ...

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]: ...

    def claim(self, table: Table, fresh: bool = False) -> None: ...

    def notify(self, table_id: str, what: str) -> None: ...

    def table_done(self, table: Table) -> None: ...


@dataclass(slots=True)
class SeatRt:
    row: SeatRow
    conns: set[Conn] = field(default_factory=set)
    agent: Agent | None = None
    #: The seats voting for a bot to play this one, and whether a person is connected to
    #: it at another process: both kept in the database (``Table.reload_marks``).
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


@dataclass(slots=True)
class WindowRt:
    """An open reaction window at this table."""

    key: WindowKey
    opened: int  # the seq of the play (or Nope) it answers
    deadline: float  # loop time
    asks: dict[int, tuple[Observation, list[dict[str, Any]]]]  # in asking order
    answers: dict[int, tuple[int, str | None, str]] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None


class Table:
    """A table: lobby, game and log, in this process (one of several on PostgreSQL)."""

    def __init__(self, hub: HubPort, row: TableRow, seats: list[SeatRow]) -> None:
        self.hub = hub
        self.id = row.id
        self.row = row
        self.spec: GameSpec = get_game(row.game)
        self.seats = [SeatRt(s) for s in seats]
        self.spectators: set[Conn] = set()
        self.state: State | None = None
        self.seq = -1
        #: Events per seq: 0 the deal's, k the k-th action's.
        self.log: list[list[Event]] = []
        self.keys: dict[tuple[int, str], dict[str, Any]] = {}
        self.lock = asyncio.Lock()
        self.window: WindowRt | None = None
        self.clock_task: asyncio.Task[None] | None = None
        self.turn_deadline: float | None = None
        self.driving = False
        self.last_activity = time.monotonic()
        self._legal_cache: tuple[int, list[dict[str, Any]]] | None = None
        self.closed = False
        #: PostgreSQL: another process may have logged entries this one has not read (it
        #: heard of one, or could not hear: the table is new here, the LISTEN reconnected).
        #: An action reads the log first only then; one logged elsewhere meanwhile is a
        #: ``Conflict`` at the commit (the unique key), caught up from there.
        self.behind = True
        #: A person's window answers given here, queued and not yet played or dropped:
        #: (seat, key) -> the seq of the window. Each gets its final ``ack`` (accepted when
        #: played, refused when the window closes without it) like any other action.
        self.queued: dict[tuple[int, str], int] = {}

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        return self.hub.spawn(coro)

    async def think(self, fn: Callable[..., T], *args: Any) -> T:
        return await self.hub.think(self.id, fn, *args)

    # -- building the game -----------------------------------------------------------------------
    def game_class(self) -> type[State]:
        return self.spec.state_class.variant(self.row.options)

    def deal(self) -> None:
        self.state = new_game(self.row.game, self.row.players, self.row.seed, **self.row.options)
        self.seq = 0
        self.log = [self.state.opening()]

    def replay(self, rows: list[ActionRow]) -> None:
        """Apply log rows (the engine replays exactly) without telling anyone."""
        assert self.state is not None
        for r in rows:
            if r.seq != self.seq + 1:
                raise RuntimeError(f"table {self.id}: log entry {r.seq} after {self.seq}")
            self.log.append(self.state.apply(r.action, r.seat))
            self.seq = r.seq
            if r.client_key is not None:
                self._remember(r.seat, r.client_key, self._accepted(r))

    def _accepted(self, r: ActionRow) -> dict[str, Any]:
        assert self.state is not None
        return proto.ack(
            r.seq, r.client_key or "", "accepted", r.action, self._text(r.action), r.seq
        )

    def _text(self, action: int) -> str | None:
        assert self.state is not None
        try:
            return self.state.action_text(action)
        except Exception:
            return None

    def _remember(self, seat: int, key: str, msg: dict[str, Any]) -> None:
        self.keys[(seat, key)] = msg
        if len(self.keys) > KEYS_KEPT:
            del self.keys[next(iter(self.keys))]

    # -- what a seat is sent ---------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        r = self.row
        return {
            "id": r.id,
            "game": r.game,
            "players": r.players,
            "options": r.options,
            "status": r.status,
            "private": r.private,
            "clock": r.clock,
            "window": r.window,
            "bot_delay": r.bot_delay,
        }

    def seat_infos(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.row.seat,
                "kind": s.row.kind,
                "bot": s.row.bot,
                "name": s.row.name,
                "taken": s.row.kind == "bot" or s.row.token_hash is not None,
                "connected": s.connected,
                "away": s.row.away,
                "takeover": s.row.takeover,
                "votes": sorted(s.votes),
            }
            for s in self.seats
        ]

    def _legal(self) -> list[dict[str, Any]]:
        assert self.state is not None
        if self._legal_cache is None or self._legal_cache[0] != self.seq:
            st = self.state
            texts = [{"id": a, "text": st.action_text(a)} for a in st.legal_actions()]
            self._legal_cache = (self.seq, texts)
        return self._legal_cache[1]

    def _window_left(self) -> float | None:
        if self.window is None:
            return None
        return round(max(0.0, self.window.deadline - asyncio.get_running_loop().time()), 3)

    def decision(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` may decide now (None: nothing), from its own observation only."""
        st = self.state
        if st is None or seat is None or st.is_over or self.row.status != "playing":
            return None
        w = self.window
        if w is not None:
            ask = w.asks.get(seat)
            if ask is None:
                return None
            obs, legal = ask
            return {
                "kind": "window",
                "at": w.opened,
                "legal": legal,
                "observation": obs,
                "clock": self._window_left(),
            }
        if st.to_act != seat:
            return None
        clock = None
        if self.turn_deadline is not None:
            left = self.turn_deadline - asyncio.get_running_loop().time()
            clock = round(max(0.0, left), 3)
        return {
            "kind": "turn",
            "at": self.seq,
            "legal": self._legal(),
            "observation": None,
            "clock": clock,
        }

    def update_msg(self, seat: int | None, bots_only: bool = False) -> dict[str, Any]:
        """The update of ``seat`` at this seq. ``bots_only``: its audience is this process's
        bots, which read nothing but a decision: without one, the update is only that."""
        assert self.state is not None
        decision = self.decision(seat)
        if bots_only and decision is None:
            return proto.message("update", self.seq, decision=None)
        return proto.message(
            "update",
            self.seq,
            events=proto.seen(self.log[self.seq], seat),
            observation=self.state.observe(seat),
            decision=decision,
            window=self._window_left(),
        )

    def sync_msg(self, seat: int | None, last_seq: int) -> dict[str, Any]:
        assert self.state is not None
        first = max(0, min(last_seq + 1, self.seq + 1))
        missed = [
            {"seq": k, "events": proto.seen(self.log[k], seat)} for k in range(first, self.seq + 1)
        ]
        return proto.message(
            "sync",
            self.seq,
            missed=missed,
            observation=self.state.observe(seat),
            decision=self.decision(seat),
            window=self._window_left(),
        )

    def over_msg(self) -> dict[str, Any]:
        winners = self.row.winners or []
        status = "over" if self.row.status == "over" else "ended"
        return proto.message(
            "over",
            self.seq,
            status=status,
            winners=winners,
            reason=self.row.end_reason,
            seed=str(self.row.seed),
            export=f"/api/games/{self.id}/export",
        )

    def seats_msg(self) -> dict[str, Any]:
        return proto.message("seats", self.seq, status=self.row.status, seats=self.seat_infos())

    def _audiences(self) -> list[tuple[int | None, list[Conn]]]:
        out: list[tuple[int | None, list[Conn]]] = []
        for s in self.seats:
            conns: list[Conn] = list(s.conns)
            if s.agent is not None and s.bot_plays:
                conns.append(s.agent)
            if conns:
                out.append((s.row.seat, conns))
        if self.spectators:
            out.append((None, list(self.spectators)))
        return out

    def broadcast_update(self) -> None:
        for seat, conns in self._audiences():
            people = any(c.person for c in conns)
            msg = self.update_msg(seat, bots_only=not people)
            # a bot in this process reads the message itself: JSON only for the wire
            text = proto.dumps(msg) if people else ""
            for c in conns:
                c.deliver(msg, text)

    def broadcast(self, msg: dict[str, Any], people_only: bool = False) -> None:
        text = proto.dumps(msg)
        for _, conns in self._audiences():
            for c in conns:
                if c.person or not people_only:
                    c.deliver(msg, text)

    # -- connections -----------------------------------------------------------------------------
    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for s in self.seats:
            if s.row.token_hash is not None and secrets.compare_digest(s.row.token_hash, digest):
                return s.row.seat
        return None

    async def attach(self, conn: Conn, last_seq: int) -> None:
        """A client joins its seat (or the spectators): welcome, then what it missed."""
        async with self.lock:
            seat = conn.seat
            if seat is None:
                self.spectators.add(conn)
            else:
                s = self.seats[seat]
                s.conns.add(conn)
                if conn.person and len(s.conns) == 1:
                    await self._present(seat, True)
                if conn.person:
                    s.playing = conn
            welcome = proto.message(
                "welcome", self.seq, table=self.info(), seat=seat, seats=self.seat_infos()
            )
            conn.deliver(welcome, proto.dumps(welcome))
            if seat is not None and conn.person:
                await self._back(seat)  # the person takes the seat back from a bot
                self._tell_tabs(seat)
            if self.state is not None:
                msg = self.sync_msg(seat, last_seq)
                conn.deliver(msg, proto.dumps(msg))
            if self.row.status in ("over", "ended"):
                msg = self.over_msg()
                conn.deliver(msg, proto.dumps(msg))
            self.broadcast(self.seats_msg(), people_only=True)

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if conn.seat is None:
                self.spectators.discard(conn)
            else:
                s = self.seats[conn.seat]
                s.conns.discard(conn)
                if conn.person and not s.conns:
                    await self._present(conn.seat, False)
                if s.playing is conn:
                    s.playing = next((c for c in s.conns if c.person), None)
                self._tell_tabs(conn.seat)
            if not self.closed:
                self.broadcast(self.seats_msg(), people_only=True)

    def _tell_tabs(self, seat: int) -> None:
        """Each of the seat's people's connections: how many tabs, and whether it plays."""
        s = self.seats[seat]
        people = [c for c in s.conns if c.person]
        for c in people:
            msg = proto.message("tabs", self.seq, count=len(people), playing=c is s.playing)
            c.deliver(msg, proto.dumps(msg))

    def _take(self, conn: Conn, seat: int) -> None:
        self.seats[seat].playing = conn
        self._tell_tabs(seat)

    def _another_tab_plays(self, conn: Conn, seat: int) -> bool:
        playing = self.seats[seat].playing
        return conn.person and playing is not None and playing is not conn

    def touch(self) -> None:
        self.last_activity = time.monotonic()

    # -- messages from a seat ----------------------------------------------------------------------
    async def handle(
        self, conn: Conn, msg: proto.Act | proto.Vote | proto.Back | proto.Ping | proto.Take
    ) -> None:
        """A client's message (already validated by its model)."""
        if isinstance(msg, proto.Ping):
            pong = proto.message("pong", self.seq)
            conn.deliver(pong, proto.dumps(pong))
            return
        if conn.seat is None:
            self._error(conn, "spectator", "spectators cannot act, vote or take a seat")
            return
        if isinstance(msg, proto.Take):
            self._take(conn, conn.seat)
        elif isinstance(msg, proto.Act) and self._another_tab_plays(conn, conn.seat):
            why = "this seat is being played in another tab (send take to play it here)"
            self._refuse(conn, conn.seat, msg, "another tab", why)
        elif isinstance(msg, proto.Act):
            await self.submit(conn, conn.seat, msg)
        elif isinstance(msg, proto.Vote):
            await self.vote(conn, conn.seat, msg.seat)
        else:
            async with self.lock:
                await self._back(conn.seat)

    def _error(self, conn: Conn, code: str, text: str) -> None:
        m = proto.error(self.seq, code, text)
        conn.deliver(m, proto.dumps(m))

    def _reply(self, conn: Conn, msg: dict[str, Any]) -> None:
        conn.deliver(msg, proto.dumps(msg))

    def _refuse(self, conn: Conn, seat: int, act: Act, rule: str, reason: str) -> None:
        msg = proto.ack(self.seq, act.key, "refused", act.id, act.text, None, rule, reason)
        self._remember(seat, act.key, msg)
        self._reply(conn, msg)

    async def submit(self, conn: Conn, seat: int, act: Act) -> None:
        """An action from ``seat``: by id or text, idempotent by its key; applied (logged
        first), queued (a window answer) or refused with the rule."""
        async with self.lock:
            if self.hub.shared and self.behind:
                await self.catch_up(full=False)
            cached = self.keys.get((seat, act.key))
            if cached is not None:
                self._reply(conn, {**cached, "seq": self.seq})
                return
            st = self.state
            if st is None or self.row.status != "playing":
                self._refuse(conn, seat, act, "table", f"the table is {self.row.status}")
                return
            s = self.seats[seat]
            if conn.person:
                if s.row.away or s.row.takeover:
                    await self._back(seat)
            elif not s.bot_plays:
                self._refuse(conn, seat, act, "seat", "the person plays this seat again")
                return
            try:
                action = act.id if act.id is not None else st.parse_action(act.text or "")
            except BadInput as e:
                self._refuse(conn, seat, act, "action text", f"{e.field}: {e.expected}")
                return
            except Exception as e:  # a game's parser failing on odd text
                self._refuse(conn, seat, act, "action text", f"not an action ({e})")
                return
            self.touch()
            w = self.window
            if w is not None:
                self._answer(conn, seat, act, action, w)
                queued = w.answers.get(seat)
                if self.hub.shared and not self.driving and queued and queued[1] == act.key:
                    await self.hub.db(
                        self.hub.store.put_answer, self.id, w.opened, seat, action, act.key
                    )
                return
            if act.at is not None and act.at != self.seq:
                self._refuse(conn, seat, act, "stale", f"decision {act.at} has gone by")
                return
            try:
                st.verify(action, seat)
            except IllegalAction as e:
                self._refuse(conn, seat, act, e.rule, e.reason)
                return
            by = "seat" if conn.person else "bot"
            row = ActionRow(self.seq + 1, seat, action, act.key, by)
            if not await self._commit([row]):
                cached = self.keys.get((seat, act.key))  # the same key, logged elsewhere
                if cached is not None:
                    self._reply(conn, {**cached, "seq": self.seq})
                else:
                    self._refuse(conn, seat, act, "turn", "the table moved on; try again")
                return
            self._reply(conn, self._accepted(row))
            self._apply([row])

    def _answer(self, conn: Conn, seat: int, act: Act, action: int, w: WindowRt) -> None:
        """A window answer: checked against the seat's answers when it will be asked, then
        queued for the end of the clock (a later answer replaces it)."""
        assert self.state is not None
        ask = w.asks.get(seat)
        if ask is None:
            self._refuse(
                conn, seat, act, "reaction window", f"seat {seat} is not asked in this window"
            )
            return
        if act.at is not None and act.at != w.opened:
            self._refuse(conn, seat, act, "stale", f"decision {act.at} has gone by")
            return
        if action not in {a["id"] for a in ask[1]}:
            world = world_when_asked(self.state, seat) or self.state
            try:
                world.verify(action, seat)
                rule, reason = "reaction window", "not an answer to this window"
            except IllegalAction as e:
                rule, reason = e.rule, e.reason
            self._refuse(conn, seat, act, rule, reason)
            return
        earlier = w.answers.get(seat)
        w.answers[seat] = (action, act.key, "seat" if conn.person else "bot")
        if earlier is not None and earlier[1] != act.key:
            self._drop_answer(seat, earlier, "replaced by a later answer")
        if conn.person:
            self.queued[(seat, act.key)] = w.opened
        msg = proto.ack(self.seq, act.key, "queued", action, self._text(action))
        self._remember(seat, act.key, msg)
        self._reply(conn, msg)

    async def _commit(self, rows: list[ActionRow]) -> bool:
        """Write rows to the log (committed when this returns). Another process took the
        place: catch up from the log and say so (False)."""
        try:
            await self.hub.write(self.id, rows)
        except Conflict:
            await self.catch_up(full=False)
            return False
        return True

    def _apply(self, rows: list[ActionRow]) -> None:
        """Apply committed rows, telling everyone after each (the caller holds the lock)."""
        assert self.state is not None
        self.touch()
        for r in rows:
            events = self.state.apply(r.action, r.seat)
            self.seq = r.seq
            self.log.append(events)
            if r.client_key is not None:
                accepted = self._accepted(r)
                self._remember(r.seat, r.client_key, accepted)
                if self.queued.pop((r.seat, r.client_key), None) is not None:
                    self._tell_seat(r.seat, accepted)  # a window answer, played now
            self._after_change()
            self.broadcast_update()
        if self.state.is_over:
            self.hub.spawn(self._finish("over", self.state.winners, None))

    async def _finish(self, status: str, winners: list[int] | None, reason: str | None) -> None:
        async with self.lock:
            if self.row.status not in LIVE:
                return
            self.row.status, self.row.winners, self.row.end_reason = status, winners, reason
            self._cancel_timers()
            await self.hub.db(self.hub.store.finish, self.id, status, winners, reason, self.seq)
            self.broadcast(self.over_msg())
            self.broadcast(self.seats_msg(), people_only=True)
        self.hub.notify(self.id, "over")
        self.hub.table_done(self)

    async def end_idle(self) -> None:
        await self._finish("ended", [], "idle")

    # -- after every change: windows, clocks, bots ------------------------------------------------
    def _after_change(self) -> None:
        st = self.state
        assert st is not None
        self._cancel_clock()
        if st.is_over:
            self._cancel_timers()
            return
        key = window_key(st)
        if key is None:
            self._close_window_rt()
            self._plan_turn()
            return
        w = self.window
        if w is not None and w.key == key:
            # a pass played at the window's close: that seat is asked no more
            for q in list(w.asks):
                if q != st.to_act:
                    del w.asks[q]
                else:
                    break
            return
        self._close_window_rt()
        self._open_window(key)

    def _open_window(self, key: WindowKey) -> None:
        """Every seat the window asks is offered its answers as they will be when asked; the
        clock runs the table's ``window``, at least the bots' pace if it asks a seat a bot
        plays (public facts only: docs/rulings.md, "The table's clock")."""
        st = self.state
        assert st is not None
        asks: dict[int, tuple[Observation, list[dict[str, Any]]]] = {}
        for seat, world, _ in walk_window(st):
            legal = [{"id": a, "text": world.action_text(a)} for a in world.legal_actions()]
            asks[seat] = (world.observe(seat), legal)
        bots = any(self.seats[q].bot_plays for q in asks)
        length = window_length(self.row.window, self.row.bot_delay, bots)
        w = WindowRt(key, self.seq, asyncio.get_running_loop().time() + length, asks)
        self.window = w
        if self.driving:
            w.task = self.hub.spawn(self._window_runs_out(w))

    def _close_window_rt(
        self, reason: str = "the window closed before this seat was asked"
    ) -> None:
        w, self.window = self.window, None
        if w is None:
            return
        if w.task is not None and w.task is not asyncio.current_task():
            w.task.cancel()
        for seat, answer in w.answers.items():
            self._drop_answer(seat, answer, reason)

    def _drop_answer(self, seat: int, answer: tuple[int, str | None, str], reason: str) -> None:
        """A queued window answer that will not be played: its final ``ack`` is a refusal
        (rule ``reaction window``), like any action's that is not applied."""
        action, key, _ = answer
        if key is None or self.queued.pop((seat, key), None) is None:
            return
        msg = proto.ack(
            self.seq, key, "refused", action, self._text(action), None, "reaction window", reason
        )
        self._remember(seat, key, msg)
        self._tell_seat(seat, msg)

    async def _window_runs_out(self, w: WindowRt) -> None:
        """The window's clock ran out: its answers are played in the engine's order, at
        once; a bot still thinking passes (an answer after the clock is not played)."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, w.deadline - loop.time()))
        async with self.lock:
            if self.window is not w or self.state is None or not self.driving:
                return
            answers = dict(w.answers)
            if self.hub.shared:
                stored = await self.hub.db(self.hub.store.answers, self.id, w.opened)
                for seat, (action, key) in stored.items():
                    answers.setdefault(seat, (action, key, "seat"))
            rows = self._answers_played(answers)
            if rows and await self._commit(rows):
                self._apply(rows)  # each played answer's ``ack`` goes to its seat there

    def _answers_played(self, answers: dict[int, tuple[int, str | None, str]]) -> list[ActionRow]:
        """The log rows of a window's close: the seats still asked, in the engine's order,
        each its answer (if still legal then) or its pass, up to the first that is no pass."""
        assert self.state is not None

        def given(seat: int, world: State) -> int | None:
            answer = answers.get(seat)
            return answer[0] if answer is not None and world.can(answer[0]) else None

        rows: list[ActionRow] = []
        for seat, _, action in walk_window(self.state, given):
            answer = answers.get(seat)
            key, by = answer[1:] if answer is not None and answer[0] == action else (None, "clock")
            rows.append(ActionRow(self.seq + len(rows) + 1, seat, action, key, by))
        return rows

    def _tell_seat(self, seat: int, msg: dict[str, Any]) -> None:
        s = self.seats[seat]
        text = proto.dumps(msg)
        for c in list(s.conns):
            c.deliver(msg, text)

    def _plan_turn(self) -> None:
        """A turn decision: a bot's (its agent is told by the update), or a person's clock."""
        st = self.state
        assert st is not None
        self._cancel_clock()
        seat = st.to_act
        if seat is None or not self.driving or self.window is not None:
            return
        s = self.seats[seat]
        if s.bot_plays or self.row.clock is None:
            return
        loop = asyncio.get_running_loop()
        self.turn_deadline = loop.time() + self.row.clock
        self.clock_task = self.hub.spawn(self._clock_runs_out(self.seq, seat))

    async def _clock_runs_out(self, seq: int, seat: int) -> None:
        assert self.row.clock is not None
        await asyncio.sleep(self.row.clock)
        async with self.lock:
            if self.seq != seq or self.state is None or self.state.to_act != seat:
                return
            s = self.seats[seat]
            s.row.away = True
            self.clock_task = None
            await self.hub.db(self.hub.store.set_seat, self.id, seat, away=True)
            self.hub.notify(self.id, "seats")
            self.broadcast(self.seats_msg(), people_only=True)
            self._hand_to_bot(seat)

    def _hand_to_bot(self, seat: int) -> None:
        """The seat's bot takes over (away, or voted): it is told the decision now."""
        s = self.seats[seat]
        if s.agent is not None and self.state is not None and self.driving:
            self.turn_deadline = None
            msg = self.update_msg(seat)
            s.agent.deliver(msg, "")

    async def _present(self, seat: int, here: bool) -> None:
        """A person's first connection to ``seat`` at this process (``here``), or its last
        one gone: kept in the database, so every process serving the table knows whether
        the seat is connected; a person who connects ends the votes against their seat."""
        store = self.hub.store
        await self.hub.db(store.set_presence, self.id, seat, self.hub.instance, here)
        if here:
            self.seats[seat].votes.clear()
            await self.hub.db(store.clear_votes, self.id, seat)
        self.hub.notify(self.id, "seats")

    async def reload_marks(self) -> None:
        """The votes and who is connected at other processes, from the database."""
        votes, elsewhere = await self.hub.db(self.hub.store.seat_marks, self.id, self.hub.instance)
        for s in self.seats:
            s.votes = votes.get(s.row.seat, set())
            s.elsewhere = s.row.seat in elsewhere

    async def _back(self, seat: int) -> None:
        """The person plays their seat again."""
        s = self.seats[seat]
        if s.row.away or s.row.takeover:
            s.row.away = s.row.takeover = False
            s.votes.clear()
            await self.hub.db(self.hub.store.set_seat, self.id, seat, away=False, takeover=False)
            await self.hub.db(self.hub.store.clear_votes, self.id, seat)
            self.hub.notify(self.id, "seats")
            self.broadcast(self.seats_msg(), people_only=True)
            self._person_plays(seat)

    def _person_plays(self, seat: int) -> None:
        """The seat's bot stands down (the driving process): a turn gets the person's clock."""
        if self.state is not None and self.driving:
            self._plan_turn()

    async def vote(self, conn: Conn, voter: int, seat: int) -> None:
        """``voter`` asks for a bot to play ``seat`` (a person who is not connected); a
        majority of the connected people carries it."""
        async with self.lock:
            if seat >= len(self.seats):
                self._error(conn, "vote", f"no seat {seat}")
                return
            s = self.seats[seat]
            if s.row.kind != "human" or seat == voter:
                self._error(conn, "vote", "only another person's seat can be voted to a bot")
                return
            if self.hub.shared:  # the seats' flags as every process left them
                self._reload_seats(await self.hub.db(self.hub.store.seats, self.id))
                await self.reload_marks()
            if s.connected or s.row.takeover:
                self._error(conn, "vote", f"seat {seat} is connected or already played by a bot")
                return
            await self.hub.db(self.hub.store.add_vote, self.id, seat, voter)
            await self.reload_marks()  # the votes given at every process
            people = [
                q.row.seat
                for q in self.seats
                if q.row.kind == "human" and q.connected and q.row.seat != seat
            ]
            if 2 * len(s.votes & set(people)) > len(people):
                s.row.takeover = True
                await self.hub.db(self.hub.store.set_seat, self.id, seat, takeover=True)
                self._cancel_clock()
                self._hand_to_bot(seat)
            self.hub.notify(self.id, "seats")
            self.broadcast(self.seats_msg(), people_only=True)

    def _cancel_clock(self) -> None:
        task, self.clock_task = self.clock_task, None
        self.turn_deadline = None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _cancel_timers(self) -> None:
        self._cancel_clock()
        self._close_window_rt()

    # -- the lobby -------------------------------------------------------------------------------
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Seat a person (the first free human seat unless one is named): a new token."""
        async with self.lock:
            if self.hub.shared:
                self._reload_seats(await self.hub.db(self.hub.store.seats, self.id))
            if self.row.status != "open":
                raise LobbyError(409, "the game has started")
            free = [
                s.row.seat for s in self.seats if s.row.kind == "human" and s.row.token_hash is None
            ]
            if seat is not None and seat not in free:
                raise LobbyError(409, f"seat {seat} is not a free seat for a person")
            if not free:
                raise LobbyError(409, "no free seat")
            chosen = free[0] if seat is None else seat
            token = secrets.token_urlsafe(24)
            digest = token_hash(token)
            if not await self.hub.db(self.hub.store.take_seat, self.id, chosen, name, digest):
                raise LobbyError(409, f"seat {chosen} was taken meanwhile")
            row = self.seats[chosen].row
            row.name, row.token_hash = name, digest
            self.touch()
            self.broadcast(self.seats_msg(), people_only=True)
            self.hub.notify(self.id, "seats")
            return chosen, token

    async def leave(self, seat: int) -> None:
        """Before the start the seat is free again; after it, a bot plays it for good (the
        token no longer works)."""
        async with self.lock:
            s = self.seats[seat]
            if self.row.status == "open":
                await self.hub.db(self.hub.store.free_seat, self.id, seat)
                s.row.name = s.row.token_hash = None
            elif self.row.status == "playing":
                s.row.takeover, s.row.token_hash = True, None
                await self.hub.db(
                    self.hub.store.set_seat, self.id, seat, takeover=True, token_hash=None
                )
                self._cancel_clock()
                self._hand_to_bot(seat)
            for c in list(s.conns):
                c.close(4001, "left the seat")
            self.broadcast(self.seats_msg(), people_only=True)
            self.hub.notify(self.id, "seats")

    async def start(self) -> None:
        """Deal, once every seat for a person is taken."""
        async with self.lock:
            if self.row.status != "open":
                raise LobbyError(409, f"the table is {self.row.status}")
            if self.hub.shared:
                self._reload_seats(await self.hub.db(self.hub.store.seats, self.id))
            empty = [
                s.row.seat for s in self.seats if s.row.kind == "human" and s.row.token_hash is None
            ]
            if empty:
                raise LobbyError(409, f"seats {empty} are still free")
            if not await self.hub.db(self.hub.store.start, self.id):
                raise LobbyError(409, "the table was started meanwhile")
            self.touch()
            self._begin()
            self.hub.notify(self.id, "start")

    def _begin(self) -> None:
        """The table is in play here: deal, tell everyone, drive it if this process does."""
        self.row.status = "playing"
        if self.state is None:
            self.deal()
        self.hub.claim(self, fresh=True)
        self._after_change()
        self.broadcast(self.seats_msg(), people_only=True)
        self.broadcast_update()

    def _reload_seats(self, rows: list[SeatRow]) -> None:
        for s, r in zip(self.seats, rows, strict=True):
            s.row = r

    # -- several processes (PostgreSQL) ---------------------------------------------------------
    async def catch_up(self, full: bool = True) -> None:
        """Apply what other processes logged since our last entry (the caller holds the
        lock): the same updates go to this process's connections. ``full``: the table's
        status too (dealt, over, ended elsewhere); otherwise only the log."""
        self.behind = False  # from here on: what is heard of later sets it again
        if not full and self.state is not None:
            rows = await self.hub.db(self.hub.store.actions_since, self.id, self.seq)
            if rows:
                self._apply(rows)
            return
        table = await self.hub.db(self.hub.store.table, self.id)
        if table is None:
            return
        if self.state is None and table.status != "open":
            self._reload_seats(await self.hub.db(self.hub.store.seats, self.id))
            self.row.status = "playing"
            self.deal()
            self.hub.claim(self)
            self._after_change()
            self.broadcast_update()
        if self.state is not None:
            rows = await self.hub.db(self.hub.store.actions_since, self.id, self.seq)
            if rows:
                self._apply(rows)
        if table.status not in LIVE and self.row.status in LIVE:
            self.row.status, self.row.winners = table.status, table.winners
            self.row.end_reason = table.end_reason
            self._cancel_timers()
            self.broadcast(self.over_msg())
            self.hub.table_done(self)

    async def refresh_seats(self) -> None:
        """Another process changed the seats (joined, away, voted, back, connected): read
        them again; the driving process hands a seat to its bot, or back to its person."""
        async with self.lock:
            rows = await self.hub.db(self.hub.store.seats, self.id)
            changed = [
                (s.row.away, s.row.takeover) != (r.away, r.takeover)
                for s, r in zip(self.seats, rows, strict=True)
            ]
            self._reload_seats(rows)
            await self.reload_marks()
            self.broadcast(self.seats_msg(), people_only=True)
            if self.driving and self.state is not None:
                for q, did in enumerate(changed):
                    if did and self.seats[q].bot_plays:
                        self._hand_to_bot(q)
                    elif did:
                        self._person_plays(q)

    async def drive(self) -> None:
        """This process now runs the table's clocks and bots (start, or another process
        that did died): windows and clocks start afresh, in full."""
        async with self.lock:
            self.driving = True
            for s in self.seats:
                if s.agent is not None:
                    s.agent.reset()
            if self.state is not None and self.row.status == "playing":
                self._close_window_rt("the window opens again in full: answer it again")
                self._after_change()
                for q, s in enumerate(self.seats):
                    if s.bot_plays:
                        self._hand_to_bot(q)

    def close_all(self, code: int, reason: str) -> None:
        self.closed = True
        for s in self.seats:
            for c in list(s.conns):
                c.close(code, reason)
        for c in list(self.spectators):
            c.close(code, reason)


class LobbyError(Exception):
    """A lobby request that cannot be met now (an HTTP status and why)."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail


class TableUnavailable(LobbyError):
    """A table the database holds that this process cannot rebuild (a game no longer
    registered, a log its rules refuse): 503 over HTTP; over the WebSocket an ``error``
    ``unavailable`` and close code 4503 (docs/protocol.md)."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(503, f"table {table_id} cannot be loaded now ({reason})")
        self.table_id, self.reason = table_id, reason
