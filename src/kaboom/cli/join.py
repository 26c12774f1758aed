"""``kaboom play --join URL``: the terminal table at a seat of a server table.

It draws with the terminal table's own family panels (the hand, the piles, the players, the
open window, what the seat knows), from nothing but what the server sends the seat (its
observation, the events it may see, its decision), and plays over the protocol like any
client: enter plays the highlighted action, n and p answer a reaction window (played when
its clock runs out, on the server), b takes the seat back from the bot after being away.
A dropped connection is taken up again with the seat's token and the last ``seq`` seen.
At the end the game's log (every hand) is saved for ``kaboom replay``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any, ClassVar

import websockets
from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as Row

from kaboom.engine.events import Event
from kaboom.engine.registry import get_game
from kaboom.engine.state import State
from kaboom.server.client import Lobby, SeatClient
from kaboom.tui.families import Family, family_of, status_line
from kaboom.tui.save import default_path, stamp
from kaboom.tui.session import seen_lines

#: Lines of the log kept on screen.
LOG_LINES = 200


class JoinApp(App[None]):
    """One seat of a server table (or a spectator's view, without a token)."""

    TITLE = "kaboom"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: 2fr; min-height: 6; }
    #panel-box { width: 3fr; min-width: 50; border: round $secondary; }
    #log { width: 2fr; border: round $secondary; }
    #seats { height: auto; padding: 0 1; }
    #hand { height: auto; max-height: 4; padding: 0 1; }
    #actions { height: 1fr; min-height: 5; max-height: 16; border: round $accent; }
    #window { height: auto; background: $warning 30%; padding: 0 1; display: none; }
    #window.open { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "nope", "Nope"),
        Binding("p", "let_pass", "Pass"),
        Binding("d", "draw", "Draw"),
        Binding("b", "take_back", "Back"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        base: str,
        table: str,
        token: str | None,
        invite: str | None = None,
        log_folder: Path | None = None,
    ) -> None:
        super().__init__()
        self.client = SeatClient(base, table, token, invite, record=False)
        self.base, self.table_id, self.token, self.invite = base, table, token, invite
        self.log_folder = log_folder or Path(".")
        self.seat: int | None = None
        self.info: dict[str, Any] = {}
        self.obs: dict[str, Any] | None = None
        self.decision: dict[str, Any] | None = None
        self.world: State | None = None
        self.family: Family = Family()
        self.lines: list[str] = []
        self.seats: list[dict[str, Any]] = []
        self.answered: dict[int, str] = {}  # window (at) -> "Nope" / "let it pass"
        self.clock: float | None = None
        self.over: dict[str, Any] | None = None
        self.log_file: Path | None = None
        self.connected = False
        self.stamp = stamp()

    def compose(self) -> ComposeResult:
        yield Static(id="status", markup=False)
        with Horizontal(id="top"):
            with VerticalScroll(id="panel-box"):
                yield Static(id="panel", markup=False)
            with VerticalScroll(id="log"):
                yield Static(id="log-text", markup=False)
        yield Static(id="seats", markup=False)
        yield Static(id="window", markup=False)
        yield Static(id="hand")
        yield OptionList(id="actions")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "log"
        self.query_one("#actions").border_title = "actions"
        self.query_one("#actions", OptionList).focus()
        self.set_interval(0.1, self._tick)
        self.run_worker(self.listen(), exclusive=True, group="net")
        self.redraw()

    # -- the connection ------------------------------------------------------------------------
    async def listen(self) -> None:
        """Receive the seat's messages; reconnect with the token when the connection drops."""
        while self.over is None:
            try:
                welcome = await self.client.connect()
                self.connected = True
                self.handle(welcome)
                while self.over is None:
                    self.handle(await self.client.recv())
            except (TimeoutError, OSError, ConnectionError, websockets.ConnectionClosed) as err:
                if self.over is not None:
                    break
                self.connected = False
                self.notify(f"connection lost ({type(err).__name__}); reconnecting", timeout=2)
                await asyncio.sleep(1.0)
        await self.client.close()

    def handle(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "welcome":
            self.seat, self.info, self.seats = msg["seat"], msg["table"], msg["seats"]
            self.sub_title = f"{self.info['game']} · table {self.info['id']}"
        elif kind == "seats":
            self.seats = msg["seats"]
        elif kind in ("update", "sync"):
            self.obs, self.decision = msg["observation"], msg["decision"]
            if self.world is None:
                self._world()
            batches = msg["missed"] if kind == "sync" else [msg]
            for batch in batches:
                self.lines += self._described(batch["events"])
            self.clock = None if self.decision is None else self.decision["clock"]
            if self.clock is None and msg["window"] is not None:
                self.clock = msg["window"]
        elif kind == "ack" and msg["status"] == "refused":
            self.notify(f"refused ({msg['rule']}): {msg['reason']}", severity="warning")
        elif kind == "error":
            self.notify(f"{msg['code']}: {msg['message']}", severity="error")
        elif kind == "over":
            self.over = msg
            self.run_worker(self.save_log(), group="log")
        self.redraw()

    def _world(self) -> None:
        """A world sampled from the observation: only for what is public (card names, the
        words of events and actions)."""
        assert self.obs is not None
        cls = get_game(self.info["game"]).state_class.variant(self.info["options"])
        self.world = cls.sample(self.obs, dict(self.info["options"]), random.Random(0))
        self.family = family_of(self.world)

    def _described(self, events: list[dict[str, Any]]) -> list[str]:
        if self.world is None:
            return []
        mine = frozenset({self.seat}) if self.seat is not None else frozenset()
        evs = [
            Event(e["kind"], e["seat"], e["data"], mine if e["private"] else None) for e in events
        ]
        return seen_lines(self.world, evs, self.seat)

    async def save_log(self) -> None:
        """The game's log with every hand, for ``kaboom replay``."""
        lobby = Lobby(self.base)
        try:
            export = await lobby.export(self.table_id, self.token, self.invite)
            path = self.log_folder / default_path(export["game"], self.stamp)
            path.write_text(json.dumps(export), encoding="utf-8")
            self.log_file = path
        except Exception as err:
            self.notify(f"the log could not be saved ({err})", severity="warning")
        finally:
            await lobby.close()
        self.redraw()

    # -- drawing -------------------------------------------------------------------------------
    def _tick(self) -> None:
        if self.clock is not None and self.clock > 0:
            self.clock = max(0.0, self.clock - 0.1)
            with contextlib.suppress(NoMatches):  # (not the actions: the cursor stays put)
                self._draw_window()
                self._draw_status()

    def redraw(self) -> None:
        """Draw everything again (nothing while the screen is not there: starting, closed)."""
        try:
            self._redraw()
        except NoMatches:
            return

    def _redraw(self) -> None:
        self._draw_status()
        obs = self.obs
        viewer = -1 if self.seat is None else self.seat
        panel = self.family.panel(obs, viewer) if obs is not None else "waiting for the deal"
        self.query_one("#panel", Static).update(panel)
        self.query_one("#log-text", Static).update("\n".join(self.lines[-LOG_LINES:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        self._draw_seats()
        self._draw_hand()
        self._draw_actions()
        self._draw_window()

    def _draw_status(self) -> None:
        parts = [f"P{self.seat}" if self.seat is not None else "spectator"]
        if self.over is not None:
            winners = ", ".join(f"P{q}" for q in self.over["winners"]) or "nobody"
            parts += [f"Game {self.over['status']}: {winners} won", f"seed {self.over['seed']}"]
            if self.log_file is not None:
                parts.append(f"log: {self.log_file.name}")
        elif self.obs is not None:
            parts.append(status_line(self.family, self.obs, -1 if self.seat is None else self.seat))
            if self.decision is not None and self.decision["kind"] == "turn" and self.clock:
                parts.append(f"{self.clock:.0f} s")
        else:
            parts.append("connecting" if not self.connected else "waiting for the start")
        self.query_one("#status", Static).update(" | ".join(parts))

    def _draw_seats(self) -> None:
        words = []
        for s in self.seats:
            who = s["name"] or "(free)"
            flags = [
                f
                for f, on in (
                    ("away", s["away"]),
                    ("bot plays", s["takeover"]),
                    ("offline", s["kind"] == "human" and not s["connected"]),
                )
                if on
            ]
            words.append(f"P{s['seat']} {who}" + (f" [{', '.join(flags)}]" if flags else ""))
        self.query_one("#seats", Static).update("  ".join(words))

    def _draw_hand(self) -> None:
        hand = [] if self.obs is None else self.family.hand(self.obs)
        label = self.family.hand_label
        names = ", ".join(escape(self.family.name(c)) for c in hand) or "-"
        self.query_one("#hand", Static).update(f"{label}: {names}")

    def _draw_actions(self) -> None:
        actions = self.query_one("#actions", OptionList)
        d = self.decision
        rows = []
        if d is not None and d["kind"] == "turn" and self.over is None:
            rows = [Row(escape(self.family.label(a["text"])), id=str(a["id"])) for a in d["legal"]]
        actions.set_options(rows)
        if rows:
            actions.highlighted = 0

    def _draw_window(self) -> None:
        box = self.query_one("#window", Static)
        obs = self.obs
        window = None if obs is None or self.over is not None else obs.get("window")
        box.set_class(bool(window), "open")
        if not window:
            return
        what = f"P{window['player']}: {self.family.window_text(window)}"
        if window["nopes"]:
            what += f", then {len(window['nopes'])} Nope(s)"
        d = self.decision
        if d is None or d["kind"] != "window":
            keys = "waiting for the answers"
        elif d["at"] in self.answered:
            keys = f"You: {self.answered[d['at']]}, when the clock runs out"
        else:
            nope = any(a["text"] != "pass" for a in d["legal"])
            keys = ("n: Nope, " if nope else "") + "p: let it pass"
        when = f" ({self.clock:.0f} s)" if self.clock is not None else ""
        box.update(f"Reaction window: {what}. {keys}{when}")

    # -- the seat's moves ----------------------------------------------------------------------
    def _send(self, action: int) -> None:
        d = self.decision
        if d is None or self.over is not None:
            return
        self.run_worker(self.client.act(action, at=d["at"]), group="send")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        d = self.decision
        if event.option.id is not None and d is not None and d["kind"] == "turn":
            self._send(int(event.option.id))

    def _answer(self, nope: bool) -> None:
        d = self.decision
        if d is None or d["kind"] != "window" or d["at"] in self.answered:
            return
        chosen = [a["id"] for a in d["legal"] if (a["text"] != "pass") is nope]
        if chosen:
            self.answered[d["at"]] = "Nope" if nope else "let it pass"
            self._send(chosen[0])
            self._draw_window()

    def action_nope(self) -> None:
        self._answer(True)

    def action_let_pass(self) -> None:
        self._answer(False)

    def action_draw(self) -> None:
        d = self.decision
        if d is not None and d["kind"] == "turn":
            draw = [a["id"] for a in d["legal"] if a["text"] == "draw"]
            if draw:
                self._send(draw[0])

    def action_take_back(self) -> None:
        self.run_worker(self.client.send({"v": 1, "type": "back"}), group="send")


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
