"""``kaboom play --join URL``: the terminal table's own screen (``tui.table.TableScreen``)
at a seat of a server table.

``RemoteSession`` is the table session of a server seat (``tui.session.RemoteTable``): it
holds nothing but what the server sends the seat (its observation, the events it may see,
its decision) and plays over the protocol like any client. The screen draws from it as
from a local game; the server runs the bots, the reaction windows and the clocks, so an
answer to a window is sent at once and played when the server's clock runs out. Acting
takes the seat back from the bot after being away. A dropped connection is taken up again
with the seat's token and the last ``seq`` seen. At the end the game's log (every hand) is
saved for ``kaboom replay``.
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
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel

from kaboom.engine.events import Event
from kaboom.engine.registry import get_game
from kaboom.engine.state import Observation, State
from kaboom.server.client import Lobby, SeatClient
from kaboom.tui import words
from kaboom.tui.app import KaboomApp
from kaboom.tui.save import HUMAN, Seating, default_path, stamp
from kaboom.tui.session import seen_lines
from kaboom.tui.table import Pace, TableScreen

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
        self.client = SeatClient(base, table, token, invite, record=False)
        self.base, self.table_id, self.token, self.invite = base, table, token, invite
        self.log_folder = log_folder or Path(".")
        self.seat: int | None = None
        self.info: dict[str, Any] = {}
        self.seating = Seating("", 0, 0)
        self.obs: Observation | None = None
        self.decision: dict[str, Any] | None = None
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
        self._sends: set[asyncio.Task[Any]] = set()
        #: The table's seats as the server last told them (``seats`` in docs/protocol.md).
        self.seats: list[dict[str, Any]] = []
        #: The seats this session has seen a person connected to since it last told of
        #: their absence, and the absent seats it has told of (once per absence).
        self.seen_connected: set[int] = set()
        self.told_absent: set[int] = set()

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

    def absent(self) -> list[dict[str, Any]]:
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
            say(f"{seat_name(s)} is not connected: v votes to let a bot play it", "info")

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

    def _send(self, coro: Coroutine[Any, Any, Any]) -> None:
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

    # -- the connection ------------------------------------------------------------------------
    async def listen(self, changed: Callable[[], None], say: Callable[[str, str], None]) -> None:
        """Receive the seat's messages, calling ``changed`` after each that changes the
        table (``say``: a line for the person, and its severity); reconnect with the token
        when the connection drops."""
        while self.over is None:
            try:
                self.handle(await self.client.connect(), say)
                self.connected = True
                while self.over is None:
                    if self.handle(await self.client.recv(), say):
                        changed()
            except (TimeoutError, OSError, ConnectionError, websockets.ConnectionClosed) as err:
                if self.over is not None:
                    break
                self.connected = False
                say(f"connection lost ({type(err).__name__}); reconnecting", "warning")
                await asyncio.sleep(1.0)
        await self.client.close()
        await self.save_log(say)
        self.finished = True
        changed()

    def handle(self, msg: dict[str, Any], say: Callable[[str, str], None]) -> bool:
        """Take a message in; whether the table changed."""
        kind = msg["type"]
        if kind == "welcome":
            self.seat, self.info = msg["seat"], msg["table"]
            self.seats = msg["seats"]
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
            self.seats = msg["seats"]
            self.tell_absent(say)
        elif kind == "ack" and msg["status"] == "refused" and msg["rule"] != "reaction window":
            # (a window answer not played, a Nope before it closing the window, is no
            # mistake of the person's: the log shows the Nope)
            say(f"refused ({msg['rule']}): {msg['reason']}", "warning")
        elif kind == "error":
            say(f"{msg['code']}: {msg['message']}", "error")
        elif kind == "over":
            self.over = msg
            self.seating.seed = int(msg["seed"])
        return False

    def _described(self, events: list[dict[str, Any]]) -> list[str]:
        assert self.world is not None
        mine = frozenset({self.seat}) if self.seat is not None else frozenset()
        evs = [
            Event(e["kind"], e["seat"], e["data"], mine if e["private"] else None) for e in events
        ]
        return seen_lines(self.world, evs, self.seat)

    async def save_log(self, say: Callable[[str, str], None]) -> None:
        """The game's log with every hand, for ``kaboom replay``."""
        lobby = Lobby(self.base)
        try:
            export = await lobby.export(self.table_id, self.token, self.invite)
            path = self.log_folder / default_path(export["game"], self.stamp)
            path.write_text(json.dumps(export), encoding="utf-8")
            self.log_file = path
        except Exception as err:
            self.log_error = f"the log could not be saved ({err})"
            say(self.log_error, "warning")
        finally:
            await lobby.close()


#: How the session's notices (``say``) show: its words to Textual's severities.
SEVERITY: dict[str, SeverityLevel] = {"error": "error", "info": "information"}


def seat_name(seat: dict[str, Any]) -> str:
    """A seat as the notices name it, by the name the table screen shows it under: ``kim
    (P1)`` for seat 1 (``tui.words.seat_name``).

    >>> seat_name({"seat": 1, "name": "bob"}), seat_name({"seat": 0, "name": ""})
    ('bob (P1)', 'a player (P0)')
    """
    return f"{seat['name'] or 'a player'} ({words.seat_name(seat['seat'], None)})"


class JoinApp(KaboomApp):
    """The terminal table at one seat of a server table (or watching it, without a token):
    the table screen of a local game, on a ``RemoteSession``; b takes the seat back from
    the bot after being away (acting does too); v votes to let a bot play the seat of a
    person who is not connected (a majority of the people connected carries it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "come_back", "Back"),
        Binding("v", "vote", "Vote a bot in"),
    ]

    def __init__(self, session: RemoteSession) -> None:
        super().__init__(Pace())
        self.remote = session

    def on_mount(self) -> None:
        self.sub_title = "connecting"
        self.run_worker(self.remote.listen(self.changed, self.say), exclusive=True, group="net")

    def changed(self) -> None:
        """The server moved the table on: the screen follows (opened at the deal)."""
        session, table = self.remote, self.table
        if table is None:
            if not session.dealt:
                return
            self.sub_title = f"{session.info['game']} · table {session.table_id}"
            # the server paces: no bot delay here; a window's clock is the table's
            pace = Pace(bot_delay=0.0, react_seconds=float(session.info["window"] or 0.0))
            self.push_screen(TableScreen(session, pace))
            return
        with contextlib.suppress(Exception):  # a screen closing as the app quits
            table.advance()

    def action_come_back(self) -> None:
        self.remote.come_back()

    def action_vote(self) -> None:
        if self.remote.seat is None:
            self.say("watching: only a seated person can vote", "warning")
            return
        voted = self.remote.vote_absent()
        if voted:
            self.say(f"you voted to let a bot play: {', '.join(voted)}", "info")
        elif self.remote.absent():
            self.say("you have voted already; a majority of the people connected decides", "info")
        else:
            self.say("every person is connected: nobody to vote for", "info")

    def say(self, text: str, severity: str) -> None:
        self.notify(text, severity=SEVERITY.get(severity, "warning"), markup=False)

    def action_ask_quit(self) -> None:
        """Quit: the seat stays the person's (its clock, or the table's vote, may hand it
        to a bot meanwhile); ``--token`` takes it up again."""
        self.exit()


async def join_seat(
    url: str, name: str, token: str | None, seat: int | None, start: bool
) -> tuple[str, str, str | None, str | None]:
    """Take a seat (or use the token given): (base, table, token, invite). Starts the table
    when asked and every seat is taken."""
    from kaboom.server.client import LobbyRefused, parse_table_url

    base, table, invite = parse_table_url(url)
    lobby = Lobby(base)
    try:
        if token is None and name:
            token = (await lobby.join(table, name, seat, invite))["token"]
        if start and token is not None:
            # started already, or seats still free: the table waits
            with contextlib.suppress(LobbyRefused):
                await lobby.start(table, token)
    finally:
        await lobby.close()
    return base, table, token, invite
