"""One table on the server: its game and its log, and the parts it wires together.

Everything a connection is sent is built per seat by ``view`` from ``State.observe(seat)``
and the events whose audience holds that seat (``None``: a spectator): never from the state
itself. Every accepted action is committed to the log before anyone hears of it (``submit``,
``commit``, ``apply`` here). The reaction window's clock and the turn's clock are in
``clocks`` (docs/rulings.md §1, "The table's clock"); the seats, their connections, presence,
votes and the lobby in ``seating``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Protocol, TypeVar, TypeVarTuple

from kaboom.engine.errors import BadInput, IllegalAction
from kaboom.engine.events import Event
from kaboom.engine.registry import GameSpec, get_game, new_game
from kaboom.engine.state import State
from kaboom.engine.window import world_when_asked
from kaboom.i18n import N_, SOURCE, _, use_language
from kaboom.server import chat, clocks, coach, ladder, seating, view
from kaboom.server import protocol as proto
from kaboom.server.clocks import Answer, WindowRt
from kaboom.server.config import ServerConfig
from kaboom.server.db import LIVE, ActionRow, Conflict, SeatRow, TableRow
from kaboom.server.protocol import Act, LegalText, Message, SeatInfo
from kaboom.server.seating import Conn, LobbyError, Process, SeatRt
from kaboom.server.view import DecisionOut, TableOut

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

#: Client keys remembered per table for resends (the oldest are forgotten first).
KEYS_KEPT = 4096


class HubPort(Process, Protocol):
    """What a table asks of its process (``hub.Hub``): what its parts ask
    (``seating.Process``), and the log's writes, the bots' thinking, the drive."""

    #: The server's settings (the coach's bounds), and the health check's counters.
    config: ServerConfig
    stats: dict[str, float]

    async def write(self, table_id: str, rows: list[ActionRow]) -> None: ...

    async def think(self, table_id: str, fn: Callable[[*Ts], T], *args: *Ts) -> T: ...

    def claim(self, table: Table, fresh: bool = False) -> None: ...

    def table_done(self, table: Table) -> None: ...


class Refused(Exception):
    """An action refused with the rule it breaks (its ``ack`` says both)."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule, self.reason = rule, reason


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
        self.keys: dict[tuple[int, str], Message] = {}
        self.lock = asyncio.Lock()
        #: The clocks (``clocks``): the open window, the turn clock's task and deadline.
        self.window: WindowRt | None = None
        self.clock_task: asyncio.Task[None] | None = None
        self.turn_deadline: float | None = None
        #: The clocks' time (the event loop's; a test of the view passes its own).
        self.now: Callable[[], float] = clocks.now
        self.driving = False
        self.last_activity = time.monotonic()
        self._legal_cache: tuple[int, list[LegalText]] | None = None
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
        #: The table's chat (issue 35): its lines, mutes and limits in this process.
        self.chat = chat.ChatRt(on=row.chat)
        #: The seats whose hint is being searched (``coach``: one at a time per seat).
        self.hinting: set[int] = set()

    def spawn(self, coro: Coroutine[object, object, T]) -> asyncio.Task[T]:
        return self.hub.spawn(coro)

    async def think(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
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

    def _accepted(self, r: ActionRow) -> Message:
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

    def _remember(self, seat: int, key: str, msg: Message) -> None:
        self.keys[(seat, key)] = msg
        if len(self.keys) > KEYS_KEPT:
            del self.keys[next(iter(self.keys))]

    # -- what a seat is sent (``view``, from this table's public facts) ----------------------------
    def info(self) -> TableOut:
        return view.table_info(self.row)

    def seat_infos(self) -> list[SeatInfo]:
        return [view.seat_info(s) for s in self.seats]

    def _legal(self) -> list[LegalText]:
        assert self.state is not None
        if self._legal_cache is None or self._legal_cache[0] != self.seq:
            self._legal_cache = (self.seq, view.legal_texts(self.state))
        return self._legal_cache[1]

    def _window_left(self) -> float | None:
        return None if self.window is None else clocks.time_left(self.window.deadline, self.now())

    def _turn_left(self) -> float | None:
        return (
            None if self.turn_deadline is None else clocks.time_left(self.turn_deadline, self.now())
        )

    def decision(self, seat: int | None) -> DecisionOut | None:
        """What ``seat`` may decide now (None: nothing), from its own observation only."""
        st = self.state
        if st is None or seat is None or st.is_over or self.row.status != "playing":
            return None
        if self.window is not None:
            return view.window_decision(self.window, seat, self._window_left())
        if st.to_act != seat:
            return None
        return view.turn_decision(self.seq, self._legal(), self._turn_left())

    def update_msg(self, seat: int | None, bots_only: bool = False) -> Message:
        """The update of ``seat`` at this seq. ``bots_only``: its audience is this process's
        bots, which read nothing but a decision: without one, the update is only that."""
        assert self.state is not None
        decision = self.decision(seat)
        if bots_only and decision is None:
            return view.bare_update(self.seq)
        obs = self.state.observe(seat)
        return view.update(self.seq, self.log[self.seq], obs, decision, self._window_left(), seat)

    def sync_msg(self, seat: int | None, last_seq: int) -> Message:
        assert self.state is not None
        obs = self.state.observe(seat)
        decision, left = self.decision(seat), self._window_left()
        return view.sync(self.seq, self.log, last_seq, obs, decision, left, seat)

    def welcome_msg(self, seat: int | None) -> Message:
        return proto.message(
            "welcome",
            self.seq,
            table=self.info(),
            seat=seat,
            seats=self.seat_infos(),
            chat=self.chat.welcome(seat, self.row.status not in LIVE, self.row.host_seat),
        )

    def over_msg(self) -> Message:
        return view.over(self.row, self.seq)

    def seats_msg(self) -> Message:
        return view.seats(self.seq, self.row.status, self.seats)

    def tabs_msg(self, count: int, playing: bool) -> Message:
        return view.tabs(self.seq, count, playing)

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
            bare = not people and not any(c.watching for c in conns)
            msg = self.update_msg(seat, bots_only=bare)
            # a bot in this process reads the message itself: JSON only for the wire
            text = proto.dumps(msg) if people else ""
            for c in conns:
                c.deliver(msg, text)

    def broadcast(self, msg: Message, people_only: bool = False) -> None:
        text = proto.dumps(msg)
        for _seat, conns in self._audiences():
            for c in conns:
                if c.person or not people_only:
                    c.deliver(msg, text)

    def seats_changed(self) -> None:
        """The seats changed here: every process hears of it, every person here sees it."""
        self.hub.notify(self.id, "seats")
        self.broadcast(self.seats_msg(), people_only=True)

    def reply(self, conn: Conn, msg: Message) -> None:
        conn.deliver(msg, proto.dumps(msg))

    def error(self, conn: Conn, code: str, text: str) -> None:
        self.reply(conn, proto.error(self.seq, code, text))

    def seat_language(self, seat: int) -> str:
        """The language of the person at ``seat`` (their first connection's; English where
        none is connected)."""
        return next((c.lang for c in self.seats[seat].conns if c.person), SOURCE)

    def tell_seat(self, seat: int, msg: Message) -> None:
        text = proto.dumps(msg)
        for c in list(self.seats[seat].conns):
            c.deliver(msg, text)

    # -- connections and seats (``seating``) ----------------------------------------------------
    def seat_of_token(self, token: str) -> int | None:
        return seating.seat_of_token(self.seats, token)

    async def attach(self, conn: Conn, last_seq: int) -> None:
        """A client joins its seat (or the spectators): welcome, then what it missed."""
        async with self.lock:
            await seating.attach(self, conn, last_seq)

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            await seating.detach(self, conn)
        self.chat.forget(conn)

    async def reload_marks(self) -> None:
        await seating.reload_marks(self)

    async def vote(self, conn: Conn, voter: int, seat: int) -> None:
        async with self.lock:
            await seating.vote(self, conn, voter, seat)

    async def join(
        self, name: str, seat: int | None, account_id: int | None = None
    ) -> tuple[int, str]:
        async with self.lock:
            return await seating.join(self, name, seat, account_id)

    async def seat_back(self, account_id: int) -> tuple[int, str]:
        async with self.lock:
            return await seating.seat_back(self, account_id)

    async def leave(self, seat: int) -> None:
        async with self.lock:
            await seating.leave(self, seat)

    async def start(self) -> None:
        async with self.lock:
            await seating.start(self)

    async def refresh_seats(self) -> None:
        async with self.lock:
            await seating.refresh_seats(self)

    def touch(self) -> None:
        self.last_activity = time.monotonic()

    def hand_to_bot(self, seat: int) -> None:
        """The seat's bot takes over (away, or voted): it is told the decision now."""
        s = self.seats[seat]
        if s.agent is not None and self.state is not None and self.driving:
            self.turn_deadline = None
            s.agent.deliver(self.update_msg(seat), "")

    def bot_takes(self, seat: int) -> None:
        """A bot plays the seat from now on (voted, or its person left): no person's clock."""
        clocks.cancel_turn(self)
        self.hand_to_bot(seat)

    def person_plays(self, seat: int) -> None:
        """The seat's bot stands down (the driving process): a turn gets the person's clock."""
        if self.state is not None and self.driving:
            clocks.plan_turn(self)

    # -- messages from a seat ----------------------------------------------------------------------
    async def handle(
        self,
        conn: Conn,
        msg: proto.Act
        | proto.Vote
        | proto.Back
        | proto.Ping
        | proto.Take
        | proto.Hint
        | proto.ChatMessage,
    ) -> None:
        """A client's message (already validated by its model)."""
        if isinstance(msg, proto.Ping):
            self.reply(conn, proto.message("pong", self.seq))
            return
        if isinstance(msg, proto.Chat | proto.React | proto.Mute | proto.ChatSetting):
            await self.talk(conn, msg)
            return
        if conn.seat is None:
            self.error(conn, "spectator", _("spectators cannot act, vote or take a seat"))
            return
        if isinstance(msg, proto.Hint):
            coach.give_hint(self, conn, conn.seat)
        elif isinstance(msg, proto.Take):
            seating.take(self, conn, conn.seat)
        elif isinstance(msg, proto.Act) and seating.another_tab_plays(self.seats, conn, conn.seat):
            why = _("this seat is being played in another tab (send take to play it here)")
            self._refuse(conn, conn.seat, msg, "another tab", why)
        elif isinstance(msg, proto.Act):
            await self.submit(conn, conn.seat, msg)
        elif isinstance(msg, proto.Vote):
            await self.vote(conn, conn.seat, msg.seat)
        else:
            async with self.lock:
                await seating.back(self, conn.seat)

    async def talk(self, conn: Conn, msg: proto.ChatMessage) -> None:
        """The table's chat (issue 35), a seat's or a spectator's (``chat``)."""
        if isinstance(msg, proto.Chat):
            await chat.say(self, conn, msg)
        elif isinstance(msg, proto.React):
            await chat.react(self, conn, msg)
        elif isinstance(msg, proto.Mute):
            chat.mute(self, conn, msg)
        else:
            await chat.setting(self, conn, msg)

    async def chat_catch_up(self) -> None:
        """Another process stored chat lines: send the new ones here."""
        await chat.catch_up(self)

    def chat_heard(self, what: str, words: list[str]) -> None:
        """Another process told a reaction or the chat's setting."""
        chat.heard_note(self, what, words)

    def _refuse(self, conn: Conn, seat: int, act: Act, rule: str, reason: str) -> None:
        msg = proto.ack(self.seq, act.key, "refused", act.id, act.text, None, rule, reason)
        self._remember(seat, act.key, msg)
        self.reply(conn, msg)

    def _resend(self, conn: Conn, seat: int, key: str) -> bool:
        """A key answered before: the same answer again, at this seq (True)."""
        cached = self.keys.get((seat, key))
        if cached is not None:
            self.reply(conn, {**cached, "seq": self.seq})
        return cached is not None

    async def submit(self, conn: Conn, seat: int, act: Act) -> None:
        """An action from ``seat``: by id or text, idempotent by its key; applied (logged
        first), queued (a window answer) or refused with the rule."""
        async with self.lock:
            if self.hub.shared and self.behind:
                await self.catch_up(full=False)
            if self._resend(conn, seat, act.key):
                return
            try:
                action = await self._admitted(conn, seat, act)
                self.touch()
                if self.window is not None:
                    await self._queue_answer(conn, seat, act, action, self.window)
                else:
                    await self._play(conn, seat, act, action)
            except Refused as e:
                self._refuse(conn, seat, act, e.rule, e.reason)

    async def _admitted(self, conn: Conn, seat: int, act: Act) -> int:
        """The action ``act`` names, if the seat may act now (else ``Refused``): the table
        is in play, the seat's person is back (or its bot plays it), the text parses."""
        st = self.state
        if st is None or self.row.status != "playing":
            raise Refused("table", _("the table is {status}").format(status=self.row.status))
        s = self.seats[seat]
        if conn.person:
            if s.row.away or s.row.takeover:
                await seating.back(self, seat)
        elif not s.bot_plays:
            raise Refused("seat", _("the person plays this seat again"))
        if act.id is not None:
            return act.id
        try:
            return st.parse_action(act.text or "")
        except BadInput as e:
            raise Refused("action text", f"{e.field}: {e.expected}") from e
        except Exception as e:  # a game's parser failing on odd text
            raise Refused("action text", _("not an action ({error})").format(error=e)) from e

    async def _play(self, conn: Conn, seat: int, act: Act, action: int) -> None:
        """A decision outside a window: checked, logged, applied (or ``Refused``)."""
        assert self.state is not None
        if act.at is not None and act.at != self.seq:
            raise Refused("stale", _("decision {seq} has gone by").format(seq=act.at))
        try:
            self.state.verify(action, seat)
        except IllegalAction as e:
            raise Refused(e.rule, e.reason) from e
        row = ActionRow(self.seq + 1, seat, action, act.key, "seat" if conn.person else "bot")
        if not await self.commit([row]):
            if not self._resend(conn, seat, act.key):  # the same key, logged elsewhere
                raise Refused("turn", _("the table moved on; try again"))
            return
        self.reply(conn, self._accepted(row))
        self.apply([row])

    async def _queue_answer(
        self, conn: Conn, seat: int, act: Act, action: int, w: WindowRt
    ) -> None:
        """A window answer: queued here (``_answer``), and in the database for the driving
        process when another one drives the table."""
        self._answer(conn, seat, act, action, w)
        queued = w.answers.get(seat)
        if self.hub.shared and not self.driving and queued and queued.key == act.key:
            await self.hub.db(self.hub.store.put_answer, self.id, w.opened, seat, action, act.key)

    def _answer_refused(self, seat: int, act: Act, action: int, w: WindowRt) -> Refused | None:
        """Why a window answer is refused (None: it is one of the seat's answers when asked)."""
        assert self.state is not None
        ask = w.asks.get(seat)
        if ask is None:
            why = _("seat {seat} is not asked in this window").format(seat=seat)
            return Refused("reaction window", why)
        if act.at is not None and act.at != w.opened:
            return Refused("stale", _("decision {seq} has gone by").format(seq=act.at))
        if action in {a["id"] for a in ask[1]}:
            return None
        world = world_when_asked(self.state, seat) or self.state
        try:
            world.verify(action, seat)
        except IllegalAction as e:
            return Refused(e.rule, e.reason)
        return Refused("reaction window", _("not an answer to this window"))

    def _answer(self, conn: Conn, seat: int, act: Act, action: int, w: WindowRt) -> None:
        """A window answer: checked against the seat's answers when it will be asked, then
        queued for the end of the clock (a later answer replaces it)."""
        refused = self._answer_refused(seat, act, action, w)
        if refused is not None:
            self._refuse(conn, seat, act, refused.rule, refused.reason)
            return
        earlier = w.answers.get(seat)
        w.answers[seat] = Answer(action, act.key, "seat" if conn.person else "bot")
        if earlier is not None and earlier.key != act.key:
            self.drop_answer(seat, earlier, N_("replaced by a later answer"))
        if conn.person:
            self.queued[(seat, act.key)] = w.opened
        msg = proto.ack(self.seq, act.key, "queued", action, self._text(action))
        self._remember(seat, act.key, msg)
        self.reply(conn, msg)

    def drop_answer(self, seat: int, answer: Answer, reason: str) -> None:
        """A queued window answer that will not be played: its final ``ack`` is a refusal
        (rule ``reaction window``), like any action's that is not applied; ``reason``
        (marked English) said in the language of the seat's person (a clock may close a
        window while another person's message is handled)."""
        action, key, _by = answer
        if key is None or self.queued.pop((seat, key), None) is None:
            return
        with use_language(self.seat_language(seat)):
            reason = _(reason)
        msg = proto.ack(
            self.seq, key, "refused", action, self._text(action), None, "reaction window", reason
        )
        self._remember(seat, key, msg)
        self.tell_seat(seat, msg)

    # -- the log ---------------------------------------------------------------------------------
    async def commit(self, rows: list[ActionRow]) -> bool:
        """Write rows to the log (committed when this returns). Another process took the
        place: catch up from the log and say so (False)."""
        try:
            await self.hub.write(self.id, rows)
        except Conflict:
            await self.catch_up(full=False)
            return False
        return True

    def apply(self, rows: list[ActionRow]) -> None:
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
                    self.tell_seat(r.seat, accepted)  # a window answer, played now
            clocks.after_change(self)
            self.broadcast_update()
        if self.state.is_over:
            self.hub.spawn(self._finish("over", self.state.winners, None))

    async def _finish(self, status: str, winners: list[int] | None, reason: str | None) -> None:
        async with self.lock:
            if self.row.status not in LIVE:
                return
            self.row.status, self.row.winners, self.row.end_reason = status, winners, reason
            clocks.cancel_all(self)
            # a rated table's ratings change with its end, in one transaction (issue 35)
            rate = ladder.record if self.row.rated and status == "over" else None
            store = self.hub.store
            await self.hub.db(store.finish, self.id, status, winners, reason, self.seq, rate)
            self.broadcast(self.over_msg())
            self.broadcast(self.seats_msg(), people_only=True)
            chat.join_at_the_end(self)
        self.hub.notify(self.id, "over")
        self.hub.table_done(self)

    async def end_idle(self) -> None:
        await self._finish("ended", [], "idle")

    def begin(self) -> None:
        """The table is in play here: deal, tell everyone, drive it if this process does."""
        self.row.status = "playing"
        if self.state is None:
            self.deal()
        self.hub.claim(self, fresh=True)
        clocks.after_change(self)
        self.broadcast(self.seats_msg(), people_only=True)
        self.broadcast_update()

    # -- several processes (PostgreSQL) ---------------------------------------------------------
    async def catch_up(self, full: bool = True) -> None:
        """Apply what other processes logged since our last entry (the caller holds the
        lock): the same updates go to this process's connections. ``full``: the table's
        status too (dealt, over, ended elsewhere); otherwise only the log."""
        self.behind = False  # from here on: what is heard of later sets it again
        if not full and self.state is not None:
            await self._read_log()
            return
        table = await self.hub.db(self.hub.store.table, self.id)
        if table is None:
            return
        if self.state is None and table.status != "open":
            self.row.rated = table.rated  # (decided at the start: issue 35)
            await self._dealt_elsewhere()
        if self.state is not None:
            await self._read_log()
        if table.status not in LIVE and self.row.status in LIVE:
            self._ended_elsewhere(table)

    async def _read_log(self) -> None:
        rows = await self.hub.db(self.hub.store.actions_since, self.id, self.seq)
        if rows:
            self.apply(rows)

    async def _dealt_elsewhere(self) -> None:
        seating.reload_seats(self.seats, await self.hub.db(self.hub.store.seats, self.id))
        self.row.status = "playing"
        self.deal()
        self.hub.claim(self)
        clocks.after_change(self)
        self.broadcast_update()

    def _ended_elsewhere(self, table: TableRow) -> None:
        self.row.status, self.row.winners = table.status, table.winners
        self.row.end_reason = table.end_reason
        clocks.cancel_all(self)
        self.broadcast(self.over_msg())
        chat.join_at_the_end(self)
        self.hub.table_done(self)

    async def drive(self) -> None:
        """This process now runs the table's clocks and bots (start, or another process
        that did died): windows and clocks start afresh, in full."""
        async with self.lock:
            self.driving = True
            for s in self.seats:
                if s.agent is not None:
                    s.agent.reset()
            if self.state is not None and self.row.status == "playing":
                clocks.close_window(self, N_("the window opens again in full: answer it again"))
                clocks.after_change(self)
                for q, s in enumerate(self.seats):
                    if s.bot_plays:
                        self.hand_to_bot(q)

    def close_all(self, code: int, reason: str) -> None:
        self.closed = True
        for s in self.seats:
            for c in list(s.conns):
                c.close(code, reason)
        for c in list(self.spectators):
            c.close(code, reason)


class TableUnavailable(LobbyError):
    """A table the database holds that this process cannot rebuild (a game no longer
    registered, a log its rules refuse): 503 over HTTP; over the WebSocket an ``error``
    ``unavailable`` and close code 4503 (docs/protocol.md)."""

    def __init__(self, table_id: str, reason: str) -> None:
        said = _("table {table} cannot be loaded now ({reason})")
        super().__init__(503, said.format(table=table_id, reason=reason))
        self.table_id, self.reason = table_id, reason
