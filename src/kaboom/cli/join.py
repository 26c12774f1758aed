"""``kaboom play --join URL``: the terminal table's own screen (``tui.table.TableScreen``)
at a seat of a server table.

Until the deal the seat waits on its own screen (``WaitingScreen``): the table joined, its
seats and who is there, the invite link, the seat's token, and s to start once every
person's seat is taken; never a local game. ``RemoteSession`` is the table session of a
server seat (``tui.session.RemoteTable``): it
holds nothing but what the server sends the seat (its observation, the events it may see,
its decision) and plays over the protocol like any client. The screen draws from it as
from a local game; the server runs the bots, the reaction windows and the clocks, so an
answer to a window is sent at once and played when the server's clock runs out. Acting
takes the seat back from the bot after being away. A dropped connection is taken up again
with the seat's token and the last ``seq`` seen. At the end the game's log (every hand) is
saved for ``kaboom replay``, and a plays again: the server's next table with the same seats
(``POST /api/tables/{id}/again``), joined in the same seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, ClassVar

import websockets
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Footer, Static

from kaboom.engine.events import Event
from kaboom.engine.registry import get_game
from kaboom.engine.state import Observation, State
from kaboom.i18n import N_, _, language, ngettext
from kaboom.server.client import Lobby, LobbyRefused, SeatClient
from kaboom.server.people import bot_label
from kaboom.server.protocol import SeatInfo
from kaboom.server.view import DecisionOut
from kaboom.tui import words
from kaboom.tui.app import KaboomApp
from kaboom.tui.chat import REACTIONS, Chat, refusal
from kaboom.tui.pacing import Pace
from kaboom.tui.save import HUMAN, Seating, default_path, stamp
from kaboom.tui.screens import open_chat, open_reactions, spoken
from kaboom.tui.session import seen_lines
from kaboom.tui.table import TableScreen

#: How the seats the server plays (people elsewhere, its bots) are named in the seating.
ELSEWHERE = "server"


class RemoteSession:
    """A seat of a server table (or a spectator's place, without a token), as the table
    screen's session (``tui.session.RemoteTable``)."""

    remote = True

    def __init__(
        self,
        base: str,
        table: str,
        token: str | None,
        invite: str | None = None,
        log_folder: Path | None = None,
    ) -> None:
        self.client = SeatClient(base, table, token, invite, record=False, lang=language())
        self.base, self.table_id, self.token, self.invite = base, table, token, invite
        self.log_folder = log_folder or Path(".")
        self.seat: int | None = None
        self.info: dict[str, Any] = {}
        self.seating = Seating("", 0, 0)
        self.obs: Observation | None = None
        self.decision: DecisionOut | None = None
        self.window_clock: tuple[float, float] | None = None  # (seconds left, when told)
        self.world: State | None = None
        self.lines: list[str] = []
        self.sent: tuple[str, int] | None = None  # the decision answered last
        self.over: dict[str, Any] | None = None
        self.log_file: Path | None = None
        self.log_error = ""
        self.finished = False
        self.connected = False
        self.stamp = stamp()
        self._sends: set[asyncio.Task[object]] = set()
        #: The table's seats as the server last told them (``seats`` in docs/protocol.md).
        self.seats: list[SeatInfo] = []
        #: The table's status as the server last told it: open (waiting for people),
        #: playing, over, ended.
        self.status = "open"
        #: The seats this session has seen a person connected to since it last told of
        #: their absence, and the absent seats it has told of (once per absence).
        self.seen_connected: set[int] = set()
        self.told_absent: set[int] = set()
        #: The table's chat as this connection hears it (``tui.chat``).
        self.chat = Chat()
        #: The coach's last hint to this seat (issue 32): the decision it is for (its
        #: ``at``) and its choices as the server sent them.
        self.hint: tuple[int, list[dict[str, Any]]] | None = None

    # -- the table session ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        """A world sampled from the seat's observation (public facts and its own hand)."""
        assert self.world is not None, "no deal yet"
        return self.world

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def is_bot(self, seat: int | None) -> bool:
        return False  # the server's bots play on the server

    def observe(self, seat: int) -> Observation:
        assert self.obs is not None, "no deal yet"
        return self.obs

    def log_for(self, seat: int) -> list[str]:
        return self.lines

    def legal_texts(self, seat: int) -> list[tuple[int, str]]:
        """The decision the server offers the seat, until it is answered."""
        d = self.decision
        if d is None or seat != self.seat or (d["kind"], d["at"]) == self.sent:
            return []
        return [(a["id"], a["text"]) for a in d["legal"]]

    def apply(self, action: int, seat: int) -> list[Event]:
        """Send the seat's action (the server answers with an ``ack`` and the update)."""
        d = self.decision
        if d is None or seat != self.seat:
            return []
        self.sent = (d["kind"], d["at"])
        self._send(self.client.act(action, at=d["at"]))
        return []

    def come_back(self) -> None:
        """Take the seat back from the bot that plays it while the person is away."""
        if self.seat is not None:
            self._send(self.client.send({"v": 1, "type": "back"}))

    def absent(self) -> list[SeatInfo]:
        """The other people's seats whose person is not connected and that no bot plays
        yet: the seats a vote can hand to a bot (docs/protocol.md, ``vote``)."""
        return [
            s
            for s in self.seats
            if s["kind"] == "human"
            and s["taken"]
            and not s["connected"]
            and not s["takeover"]
            and s["seat"] != self.seat
        ]

    def tell_absent(self, say: Callable[[str, str], None]) -> None:
        """Tell the person of each absent seat (``absent``) once, when the absence is real
        and matters: the person was connected and left, or the table waits on their seat
        (``to_act``). A seat just taken whose person has not connected *yet* (a browser
        takes the seat, then opens its socket) is no absence to tell of."""
        for s in self.seats:
            if s["connected"]:
                self.seen_connected.add(s["seat"])
                self.told_absent.discard(s["seat"])
        if self.seat is None:  # (a spectator cannot vote: nothing to tell it)
            return
        to_act = self.obs.get("to_act") if self.obs is not None else None
        for s in self.absent():
            q = s["seat"]
            if q in self.told_absent or (q not in self.seen_connected and q != to_act):
                continue
            self.told_absent.add(q)
            self.seen_connected.discard(q)
            absent = _("{seat} is not connected: v votes to let a bot play it")
            say(absent.format(seat=seat_name(s)), "info")

    def vote_absent(self) -> list[str]:
        """Vote to let a bot play every absent seat this seat has not voted for yet; the
        names voted for (none for a spectator, or where nobody is absent)."""
        if self.seat is None or self.token is None:
            return []
        voted = []
        for s in self.absent():
            if self.seat not in s["votes"]:
                self._send(self.client.send({"v": 1, "type": "vote", "seat": s["seat"]}))
                voted.append(seat_name(s))
        return voted

    def send_chat(self, typed: str) -> str:
        """Send what the person typed: a line to the table, or a ``/`` command (``/mute
        bob``, ``/chat off``); "" once sent, else why not."""
        msg, why = self.chat.message(typed)
        if msg is None:
            return why
        if not self.connected:
            return _("not connected to the table: try again in a moment")
        self._send(self.client.send(msg))
        return ""

    def react(self, reaction: str) -> str:
        """Send a reaction (one of ``tui.chat.REACTIONS``); "" once sent, else why not."""
        if reaction not in REACTIONS:
            return _("no reaction {reaction}").format(reaction=repr(reaction))
        if not self.connected:
            return _("not connected to the table: try again in a moment")
        self._send(self.client.send({"v": 1, "type": "react", "reaction": reaction}))
        return ""

    def decision_at(self) -> int | None:
        """The decision before this seat now (its ``at``); None: none."""
        return None if self.decision is None else int(self.decision["at"])

    def ask_hint(self) -> str:
        """Ask the server's coach for the best choices of this seat's decision (issue 32:
        searched there from this seat's view alone); "" once asked, else why not."""
        if not self.info.get("hints"):
            return _("Hints are off at this table (its creator decides)")
        if self.decision is None:
            return _("A hint is for your own move: wait until it is your turn to choose")
        if not self.connected:
            return _("not connected to the table: try again in a moment")
        self._send(self.client.send({"v": 1, "type": "hint"}))
        return ""

    def _send(self, coro: Coroutine[object, object, object]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._sends.add(task)
        task.add_done_callback(self._sends.discard)

    def window_left(self) -> float:
        if self.window_clock is None:
            return 0.0
        left, told = self.window_clock
        return max(0.0, left - (time.monotonic() - told))

    @property
    def dealt(self) -> bool:
        return self.world is not None and self.obs is not None

    # -- before the deal ------------------------------------------------------------------------
    def link(self) -> str:
        """The table's link, as the browser and ``kaboom play --join`` take it."""
        return f"{self.base}/tables/{self.table_id}" + (
            f"?invite={self.invite}" if self.invite else ""
        )

    def waiting_for(self) -> int:
        """The people's seats nobody has taken yet (the table cannot start before)."""
        return sum(1 for s in self.seats if s["kind"] == "human" and not s["taken"])

    def may_start(self) -> bool:
        """Whether this seat may start the table now: seated, every person's seat taken."""
        return self.token is not None and self.status == "open" and self.waiting_for() == 0

    async def start(self) -> str:
        """Ask the server to deal; "" once it does, else why not."""
        if self.token is None:
            return _("watching: only a seated person can start the table")
        lobby = Lobby(self.base, lang=language())
        try:
            await lobby.start(self.table_id, self.token)
        except LobbyRefused as err:
            return err.detail
        finally:
            await lobby.close()
        return ""

    async def again(self) -> RemoteSession:
        """The table that plays this one again (same game, options and seats; made by the
        first of its people to ask), this seat taken in it (``LobbyRefused``: why not)."""
        assert self.token is not None, "a spectator has no seat to take again"
        lobby = Lobby(self.base, lang=language())
        try:
            new = await lobby.again(self.table_id, self.token)
        finally:
            await lobby.close()
        return RemoteSession(self.base, new["table"], new["token"], new["invite"], self.log_folder)

    # -- the connection ------------------------------------------------------------------------
    async def listen(
        self,
        changed: Callable[[], None],
        say: Callable[[str, str], None],
        heard: Callable[[], None] = lambda: None,
    ) -> None:
        """Receive the seat's messages, calling ``changed`` after each that changes the
        table and ``heard`` after each that changes its chat (``say``: a line for the
        person, and its severity); reconnect with the token when the connection drops."""
        while self.over is None:
            try:
                said = self.chat.version
                self.handle(await self.client.connect(), say)
                self.connected = True
                if self.chat.version != said:
                    heard()
                while self.over is None:
                    said = self.chat.version
                    if self.handle(await self.client.recv(), say):
                        changed()
                    if self.chat.version != said:
                        heard()
            except (TimeoutError, OSError, ConnectionError, websockets.ConnectionClosed) as err:
                if self.over is not None:
                    break
                self.connected = False
                lost = _("connection lost ({error}); reconnecting").format(error=type(err).__name__)
                say(lost, "warning")
                await asyncio.sleep(1.0)
        await self.client.close()
        await self.save_log(say)
        self.finished = True
        changed()

    def handle(self, msg: dict[str, Any], say: Callable[[str, str], None]) -> bool:
        """Take a message in; whether the table changed."""
        kind = msg["type"]
        if kind in ("chat", "react", "chat-setting"):
            self.chat.take(msg)
        elif kind == "welcome":
            self.seat, self.info = msg["seat"], msg["table"]
            self.seats, self.status = msg["seats"], msg["table"]["status"]
            self.chat.take(msg)
            self._name_seats()
            self.tell_absent(say)
            seats = [HUMAN if s["seat"] == self.seat else ELSEWHERE for s in msg["seats"]]
            info = self.info
            self.seating = Seating(info["game"], info["players"], 0, info["options"], seats)
        elif kind in ("update", "sync"):
            self.obs, self.decision = msg["observation"], msg["decision"]
            cls = get_game(self.info["game"]).state_class.variant(self.info["options"])
            options = dict(self.info["options"])
            self.world = cls.sample(msg["observation"], options, random.Random(msg["seq"]))
            clock = msg["window"]
            self.window_clock = None if clock is None else (clock, time.monotonic())
            for batch in msg["missed"] if kind == "sync" else [msg]:
                self.lines += self._described(batch["events"])
            self.tell_absent(say)
            return True
        elif kind == "seats":
            self.seats, self.status = msg["seats"], msg["status"]
            self._name_seats()
            self.tell_absent(say)
            return True
        elif kind == "ack" and msg["status"] == "refused" and msg["rule"] != "reaction window":
            # (a window answer not played, a Nope before it closing the window, is no
            # mistake of the person's: the log shows the Nope)
            said = _("refused ({rule}): {reason}").format(rule=msg["rule"], reason=msg["reason"])
            say(said, "warning")
        elif kind == "error" and refusal(msg):
            say(refusal(msg), "warning")  # a line or a reaction not taken: say why
        elif kind == "error":
            say(f"{msg['code']}: {msg['message']}", "error")
        elif kind == "hint":
            self.hint = (int(msg["at"]), list(msg["choices"]))
            return True
        elif kind == "over":
            self.over = msg
            self.seating.seed = int(msg["seed"])
        return False

    def _name_seats(self) -> None:
        """The seats' names for the chat (a reaction names its sender by them)."""
        for s in self.seats:
            if s["name"]:
                self.chat.names[f"P{s['seat']}"] = s["name"]

    def _described(self, events: list[dict[str, Any]]) -> list[str]:
        assert self.world is not None
        mine = frozenset({self.seat}) if self.seat is not None else frozenset()
        evs = [
            Event(e["kind"], e["seat"], e["data"], mine if e["private"] else None) for e in events
        ]
        return seen_lines(self.world, evs, self.seat)

    async def save_log(self, say: Callable[[str, str], None]) -> None:
        """The game's log with every hand, for ``kaboom replay``."""
        lobby = Lobby(self.base, lang=language())
        try:
            export = await lobby.export(self.table_id, self.token, self.invite)
            path = self.log_folder / default_path(export["game"], self.stamp)
            path.write_text(json.dumps(export), encoding="utf-8")
            self.log_file = path
        except Exception as err:
            self.log_error = _("the log could not be saved ({error})").format(error=err)
            say(self.log_error, "warning")
        finally:
            await lobby.close()


#: How the session's notices (``say``) show: its words to Textual's severities.
SEVERITY: dict[str, SeverityLevel] = {"error": "error", "info": "information"}


def seat_name(seat: SeatInfo) -> str:
    """A seat as the notices name it, by the name the table screen shows it under: ``kim
    (P1)`` for seat 1 (``tui.words.seat_name``).

    >>> seat_name({"seat": 1, "name": "bob"}), seat_name({"seat": 0, "name": ""})
    ('bob (P1)', 'a player (P0)')
    """
    name = seat["name"] or _("a player")
    return _("{name} ({seat})").format(name=name, seat=words.seat_name(seat["seat"], None))


def seat_line(seat: SeatInfo, mine: int | None) -> str:
    """One seat of the waiting table in words: who sits there and whether they are here.

    >>> seat_line({"seat": 1, "kind": "bot", "bot": "heuristic", "name": "Ada",
    ...            "level": "simple"}, 0)
    'P1  Ada (bot, simple)'
    >>> seat_line({"seat": 1, "kind": "bot", "bot": "heuristic"}, 0)   # (an older server)
    'P1  a bot (heuristic)'
    >>> seat_line({"seat": 0, "kind": "human", "name": "kim", "taken": True,
    ...            "connected": True}, 0)
    'P0  kim (you)'
    >>> seat_line({"seat": 2, "kind": "human", "name": "", "taken": False,
    ...            "connected": False}, 0)
    'P2  free: for a person'
    """
    where = f"P{seat['seat']}  "
    if seat["kind"] == "bot":
        level, name = seat.get("level"), seat.get("name")
        if level and name:  # (issue 46: the bot's name and level, as every page says it)
            return where + bot_label(name, level)
        return where + _("a bot ({bot})").format(bot=seat["bot"])
    if not seat["taken"]:
        return where + _("free: for a person")
    here = _("you") if seat["seat"] == mine else _("here") if seat["connected"] else None
    name = seat["name"] or _("a player")
    return where + _("{name} ({here})").format(name=name, here=here or _("not connected"))


def waiting_words(session: RemoteSession) -> str:
    """The waiting table: the game, its seats, who is there, what it waits for, the link
    and the seat's token (to come back with)."""
    info = session.info
    if not info:
        said = _("Connecting to table {table} at {server} ...")
        return said.format(table=session.table_id, server=session.base)
    name = _(get_game(info["game"]).name)
    table = ngettext("Table {table}: {game}, {n} player", "Table {table}: {game}, {n} players",
                     info["players"])  # fmt: skip
    lines = [table.format(table=session.table_id, game=name, n=info["players"]), ""]
    lines += [seat_line(s, session.seat) for s in session.seats]
    missing = session.waiting_for()
    lines.append("")
    if session.status != "open":
        lines.append(_("The table is {status}; dealing ...").format(status=session.status))
    elif missing:
        more = ngettext(
            "Waiting for {n} more person to take a seat.",
            "Waiting for {n} more people to take a seat.",
            missing,
        )
        lines.append(more.format(n=missing))
    elif session.token is not None:
        lines.append(_("Every seat is taken: press s to start the game."))
    else:
        lines.append(_("Every seat is taken: waiting for a player to start the game."))
    lines += ["", _("Invite others with: {link}").format(link=session.link())]
    if session.token is not None:
        lines += [
            "",
            _("Your seat's token, to come back with --token (t copies it):"),
            session.token,
        ]
    return "\n".join(lines)


class WaitingScreen(Screen[None]):
    """A server table before its deal: what it waits for; s starts it once every person's
    seat is taken (any seated person may)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", N_("Start")),
        Binding("m", "chat", N_("Chat")),
        Binding("r", "react", N_("React"), show=False),  # (the chat's title says r)
        Binding("t", "app.copy_token", N_("Copy token")),
        Binding("q", "app.ask_quit", N_("Quit")),
    ]
    DEFAULT_CSS = """
    #waiting { padding: 1 2; height: auto; }
    #waiting-chat { height: 1fr; min-height: 3; border: round $secondary; }
    #waiting-chat { scrollbar-size-vertical: 1; }
    """

    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        spoken(self)
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static(id="waiting", markup=False)
        with VerticalScroll(id="waiting-chat"):
            yield Static(id="waiting-chat-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        self.query_one("#waiting", Static).update(waiting_words(self.session))
        self.draw_chat()
        self.refresh_bindings()

    def draw_chat(self) -> None:
        """The table's chat so far (plain text, never markup), its last line in sight."""
        chat = self.session.chat
        self.query_one("#waiting-chat-text", Static).update(chat.shown())
        box = self.query_one("#waiting-chat", VerticalScroll)
        box.border_title = _("chat (m writes, r reacts)") if chat.on else _("chat: off")
        self.call_after_refresh(box.scroll_end, animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.session.may_start()
        if action == "app.copy_token":
            return self.session.token is not None
        return True

    def action_chat(self) -> None:
        open_chat(self, self.session.send_chat)

    def action_react(self) -> None:
        open_reactions(self, self.session.react)

    async def action_start(self) -> None:
        refused = await self.session.start()
        if refused:
            said = _("not started: {why}").format(why=refused)
            self.notify(said, severity="warning", markup=False)


class JoinApp(KaboomApp):
    """The terminal table at one seat of a server table (or watching it, without a token):
    a waiting screen until the deal, then the table screen of a local game on a
    ``RemoteSession``; b takes the seat back from the bot after being away (acting does
    too); v votes to let a bot play the seat of a person who is not connected (a majority
    of the people connected carries it); t copies the seat's token; a, at the end, plays
    the server's next table with the same seats."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "come_back", N_("Back")),
        Binding("v", "vote", N_("Vote a bot in"), show=False),  # (the notice of an absence says v)
        Binding("t", "copy_token", N_("Token"), show=False),
    ]

    def __init__(self, session: RemoteSession, start: bool = False) -> None:
        super().__init__(Pace())
        self.remote = session
        #: Start the table as soon as every person's seat is taken (``--start``).
        self.start = start
        self.games = 1

    def opening(self) -> None:
        self.push_screen(WaitingScreen(self.remote))
        self.listen()

    def listen(self) -> None:
        self.sub_title = _("table {table}").format(table=self.remote.table_id)
        listening = self.remote.listen(self.changed, self.say, self.heard)
        self.run_worker(listening, exclusive=True, group="net")

    def heard(self) -> None:
        """A line, a reaction or the chat's setting came: the screen shows it."""
        table = self.table
        if table is not None:
            with contextlib.suppress(Exception):  # a screen closing as the app quits
                table.draw_chat()
        for waiting in self.screen_stack:
            if isinstance(waiting, WaitingScreen) and waiting.is_mounted:
                waiting.draw_chat()

    def changed(self) -> None:
        """The server moved the table on: the screen follows (the table from the deal)."""
        session, table = self.remote, self.table
        self.refresh_bindings()
        if table is None:
            if not session.dealt:
                self._waiting()
                return
            self.sub_title = f"{session.info['game']} · table {session.table_id}"
            # the server paces: no bot delay here; a window's clock is the table's
            pace = Pace(bot_delay=0.0, react_seconds=float(session.info["window"] or 0.0))
            self.switch_screen(TableScreen(session, pace, self.games))
            if session.token is not None:
                said = _("your seat's token: {token} (t copies it)").format(token=session.token)
                self.say(said, "info")
            return
        with contextlib.suppress(Exception):  # a screen closing as the app quits
            table.advance()

    def _waiting(self) -> None:
        screen = self.screen
        if not isinstance(screen, WaitingScreen):
            return
        screen.redraw()
        if self.start and self.remote.may_start():  # --start: as soon as it may
            self.start = False
            self.run_worker(screen.action_start(), group="start")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """b in the footer only when it means something: a bot plays this seat (away), so
        the footer fits 80 columns (v is told of by the notice of an absent seat)."""
        if action == "come_back":
            mine = next((s for s in self.remote.seats if s["seat"] == self.remote.seat), None)
            return bool(mine and (mine["away"] or mine["takeover"]))
        return True

    def action_copy_token(self) -> None:
        token = self.remote.token
        if token is None:
            self.say(_("watching: no seat, no token"), "warning")
            return
        self.copy_to_clipboard(token)
        self.say(_("copied your seat's token: {token}").format(token=token), "info")

    def action_come_back(self) -> None:
        self.remote.come_back()

    def action_vote(self) -> None:
        if self.remote.seat is None:
            self.say(_("watching: only a seated person can vote"), "warning")
            return
        voted = self.remote.vote_absent()
        if voted:
            said = _("you voted to let a bot play: {seats}").format(seats=", ".join(voted))
            self.say(said, "info")
        elif self.remote.absent():
            said = _("you have voted already; a majority of the people connected decides")
            self.say(said, "info")
        else:
            self.say(_("every person is connected: nobody to vote for"), "info")

    def action_play_again(self) -> None:
        """a at the end: the server's next table with the same game, options and seats
        (the first of the table's people to ask makes it), this seat taken in it."""
        if self.remote.token is None:
            self.say(_("watching: only a seated person can play again"), "warning")
            return
        self.run_worker(self._again(), exclusive=True, group="again")

    async def _again(self) -> None:
        try:
            session = await self.remote.again()
        except (LobbyRefused, ConnectionError) as err:
            self.say(_("no next table: {error}").format(error=err), "error")
            return
        self.remote, self.games = session, self.games + 1
        self.start = False
        self.switch_screen(WaitingScreen(session))
        self.listen()

    def say(self, text: str, severity: str) -> None:
        self.notify(text, severity=SEVERITY.get(severity, "warning"), markup=False)

    def action_ask_quit(self) -> None:
        """Quit: the seat stays the person's (its clock, or the table's vote, may hand it
        to a bot meanwhile); ``--token`` takes it up again."""
        self.exit()


async def join_seat(
    url: str,
    name: str,
    token: str | None,
    seat: int | None,
    start: bool,
    account: tuple[str, str] | None = None,
) -> tuple[str, str, str | None, str | None]:
    """Take a seat (or use the token given): (base, table, token, invite). Starts the table
    when asked and every seat is taken. ``account``: (name, password) to sign in first, so
    the seat is the account's (issue 35: ``--user``)."""
    from kaboom.server.client import LobbyRefused, parse_table_url

    base, table, invite = parse_table_url(url)
    lobby = Lobby(base, lang=language())
    try:
        if account is not None:
            await lobby.sign_in(*account)
        if token is None and name:
            token = (await lobby.join(table, name, seat, invite))["token"]
        if start and token is not None:
            # started already, or seats still free: the table waits
            with contextlib.suppress(LobbyRefused):
                await lobby.start(table, token)
    finally:
        await lobby.close()
    return base, table, token, invite
