"""The client side of the protocol: the lobby over HTTP, a seat (or a spectator) over a
WebSocket, and a bot playing a seat from outside (``kaboom connect``). The tests and the
load benchmark use these too.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from kaboom.bots.make import make_bot
from kaboom.engine.errors import BadInput
from kaboom.engine.jsonvalue import JsonObject
from kaboom.engine.registry import get_game
from kaboom.engine.state import Observation
from kaboom.engine.view import PlayerView
from kaboom.i18n import language
from kaboom.server.protocol import VERSION
from kaboom.server.view import Again, Created, DecisionOut, Joined, Left, TableSummary


def ws_url(base: str, lang: str | None = None) -> str:
    """``http://host:port`` → ``ws://host:port/ws`` (``?lang=nb``: the person's language,
    docs/protocol.md).

    >>> ws_url("https://example.org:8443"), ws_url("http://127.0.0.1:8000", "nb")
    ('wss://example.org:8443/ws', 'ws://127.0.0.1:8000/ws?lang=nb')
    """
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    asked = f"?{urlencode({'lang': lang})}" if lang else ""
    return f"{scheme}://{parts.netloc}/ws{asked}"


def parse_table_url(url: str) -> tuple[str, str, str | None]:
    """``http://host:port/tables/ID?invite=CODE`` → (base, table id, invite).

    >>> parse_table_url("http://127.0.0.1:8000/tables/abc?invite=xyz")
    ('http://127.0.0.1:8000', 'abc', 'xyz')
    """
    parts = urlsplit(url)
    path = [p for p in parts.path.split("/") if p]
    if parts.scheme not in ("http", "https") or not parts.netloc or len(path) < 2:
        raise BadInput("URL", f"http://HOST:PORT/tables/TABLE[?invite=CODE], got {url!r}")
    invite = parse_qs(parts.query).get("invite", [None])[0]
    return f"{parts.scheme}://{parts.netloc}", path[-1], invite


class Lobby:
    """The HTTP lobby of a server; ``lang``: the person's language, asked of every request
    (``?lang=``), so the server's refusals come back in it."""

    def __init__(self, base: str, timeout: float = 30.0, lang: str | None = None) -> None:
        self.base = base.rstrip("/")
        params = {"lang": lang} if lang else None
        self.http = httpx.AsyncClient(base_url=self.base, timeout=timeout, params=params)

    async def close(self) -> None:
        await self.http.aclose()

    async def _call(self, method: str, url: str, **kwargs: Any) -> Any:
        """A request's JSON answer; no server there raises ``ConnectionError``, a refusal
        ``LobbyRefused`` (its status and why)."""
        try:
            response = await self.http.request(method, url, **kwargs)
        except httpx.TransportError as err:
            raise ConnectionError(f"{self.base}: {err}") from None
        return await self._json(response)

    async def _json(self, response: httpx.Response) -> Any:
        if response.status_code >= 400:
            try:
                detail = response.json().get("detail")
            except (ValueError, AttributeError):
                detail = response.text
            raise LobbyRefused(response.status_code, str(detail))
        return response.json()

    async def sign_in(self, name: str, password: str) -> str:
        """Sign in to an account (issue 35): this lobby's later requests carry its session
        cookie, and the server's own Origin (a signed-in request needs it: CSRF). The
        account's name as shown."""
        self.http.headers["Origin"] = self.base
        body = {"name": name, "password": password}
        result: dict[str, str] = await self._call("POST", "/api/sessions", json=body)
        return result["name"]

    async def health(self) -> dict[str, Any]:
        result: dict[str, Any] = await self._call("GET", "/api/health")
        return result

    async def create(self, **spec: object) -> Created:
        result: Created = await self._call("POST", "/api/tables", json=spec)
        return result

    async def tables(self) -> dict[str, list[TableSummary]]:
        result: dict[str, list[TableSummary]] = await self._call("GET", "/api/tables")
        return result

    async def table(self, table: str, invite: str | None = None) -> TableSummary:
        params = {"invite": invite} if invite else {}
        result: TableSummary = await self._call("GET", f"/api/tables/{table}", params=params)
        return result

    async def join(
        self, table: str, name: str, seat: int | None = None, invite: str | None = None
    ) -> Joined:
        body: dict[str, str | int] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        if invite is not None:
            body["invite"] = invite
        result: Joined = await self._call("POST", f"/api/tables/{table}/join", json=body)
        return result

    async def start(self, table: str, token: str) -> TableSummary:
        url = f"/api/tables/{table}/start"
        result: TableSummary = await self._call("POST", url, headers=_auth(token))
        return result

    async def again(self, table: str, token: str) -> Again:
        """The next table of a finished one, same game, options and seats, the seat taken
        again (``{"table", "seat", "token", "invite"}``; the browser table's route)."""
        url = f"/api/tables/{table}/again"
        result: Again = await self._call("POST", url, headers=_auth(token))
        return result

    async def leave(self, table: str, token: str) -> Left:
        url = f"/api/tables/{table}/leave"
        result: Left = await self._call("POST", url, headers=_auth(token))
        return result

    async def export(
        self, table: str, token: str | None = None, invite: str | None = None
    ) -> dict[str, Any]:
        params = {"invite": invite} if invite else {}
        url = f"/api/games/{table}/export"
        result: dict[str, Any] = await self._call("GET", url, params=params, headers=_auth(token))
        return result

    async def history(self, name: str) -> dict[str, Any]:
        result: dict[str, Any] = await self._call("GET", "/api/history", params={"name": name})
        return result


def _auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class LobbyRefused(Exception):
    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"{status}: {detail}")
        self.status, self.detail = status, detail


class SeatClient:
    """One WebSocket client of a table: a seat (with its token) or a spectator. It keeps
    the last ``seq`` seen, the observation, the decision offered and every message
    (``record``), and sends actions with fresh client keys."""

    _counter = itertools.count()

    def __init__(
        self,
        base: str,
        table: str,
        token: str | None = None,
        invite: str | None = None,
        origin: str | None = None,
        record: bool = True,
        lang: str | None = None,
    ) -> None:
        self.base, self.table, self.token, self.invite = base, table, token, invite
        #: The person's language (None: the server's choice from the handshake's headers).
        self.lang = lang
        self.origin = origin
        self.record = record
        self.ws: ClientConnection | None = None
        self.messages: list[dict[str, Any]] = []
        #: What this client sent (with ``record``), for the tests' schema checks.
        self.sent: list[JsonObject] = []
        self.seq = -1
        self.seat: int | None = None
        self.info: dict[str, Any] = {}
        self.observation: Observation | None = None
        self.decision: DecisionOut | None = None
        self.over: dict[str, Any] | None = None
        self.acks: dict[str, dict[str, Any]] = {}
        self.prefix = secrets.token_hex(3)
        #: Called with each message as it arrives (the benchmark's clock).
        self.on_message: Callable[[dict[str, Any]], None] | None = None

    async def connect(self, last_seq: int | None = None) -> dict[str, Any]:
        """Open the WebSocket and say hello; returns the ``welcome``."""
        headers = {"Origin": self.origin} if self.origin else None
        self.ws = await websockets.connect(
            ws_url(self.base, self.lang),
            additional_headers=headers,
            max_size=2**24,
            open_timeout=30,
        )
        hello: JsonObject = {"v": VERSION, "type": "hello", "table": self.table}
        if self.token:
            hello["token"] = self.token
        if self.invite:
            hello["invite"] = self.invite
        hello["last_seq"] = self.seq if last_seq is None else last_seq
        await self.send(hello)
        welcome = await self.recv()
        if welcome["type"] != "welcome":
            raise ConnectionError(f"no welcome: {welcome}")
        return welcome

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, msg: JsonObject) -> None:
        assert self.ws is not None
        if self.record:
            self.sent.append(msg)
        await self.ws.send(json.dumps(msg))

    async def send_text(self, text: str) -> None:
        assert self.ws is not None
        await self.ws.send(text)

    async def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message (its facts kept: seq, observation, decision, the end)."""
        assert self.ws is not None
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        msg: dict[str, Any] = json.loads(raw)
        if self.record:
            self.messages.append(msg)
        if self.on_message is not None:
            self.on_message(msg)
        kind = msg["type"]
        if kind == "welcome":
            self.seat, self.info = msg["seat"], msg["table"]
        elif kind in ("update", "sync"):
            self.seq = msg["seq"]
            self.observation, self.decision = msg["observation"], msg["decision"]
        elif kind == "over":
            self.over = msg
        elif kind == "ack":
            self.acks[msg["key"]] = msg
        return msg

    def new_key(self) -> str:
        return f"{self.prefix}-{next(self._counter)}"

    async def act(
        self,
        action: int | None = None,
        text: str | None = None,
        key: str | None = None,
        at: int | None = None,
    ) -> str:
        """Send an action (by id or text); returns its client key."""
        key = key or self.new_key()
        msg: JsonObject = {"v": VERSION, "type": "action", "key": key}
        if action is not None:
            msg["id"] = action
        if text is not None:
            msg["text"] = text
        if at is not None:
            msg["at"] = at
        await self.send(msg)
        return key

    async def wait_for(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30.0
    ) -> dict[str, Any]:
        """Read messages until one satisfies ``pred``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.01, end - loop.time()))
            if pred(msg):
                return msg


Chooser = Callable[[Observation, DecisionOut], int]


async def play(client: SeatClient, choose: Chooser, stop_at: int | None = None) -> dict[str, Any]:
    """Play a seat until the game is over: ``choose(observation, decision)`` picks each
    action (a window's answer too, given once per window). Returns the ``over`` message
    (or, with ``stop_at``, the first update at or past that seq)."""
    answered: set[tuple[str, int]] = set()
    while client.over is None:
        decision = client.decision
        if decision is not None and (decision["kind"], decision["at"]) not in answered:
            answered.add((decision["kind"], decision["at"]))
            obs = decision["observation"] or client.observation
            assert obs is not None
            await client.act(choose(obs, decision), at=decision["at"])
        msg = await client.recv(120.0)
        if stop_at is not None and msg["type"] in ("update", "sync") and msg["seq"] >= stop_at:
            return msg
    return client.over


def bot_chooser(spec: str, game: str, options: JsonObject, seed: int | None = None) -> Chooser:
    """A bot deciding from what the seat is sent: ``PlayerView.of`` its observation."""
    bot = make_bot(spec, secrets.randbits(63) if seed is None else seed, game)
    cls = get_game(game).state_class.variant(options)

    def choose(obs: Observation, decision: DecisionOut) -> int:
        legal = [a["id"] for a in decision["legal"]]
        return bot.act(PlayerView.of(cls, dict(options), obs, legal))

    return choose


async def connect_bot(
    url: str,
    spec: str,
    name: str = "bot",
    token: str | None = None,
    seat: int | None = None,
    start: bool = False,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """``kaboom connect``: take a seat of a server table (or, with a token, the seat it
    is for) and play it with a bot until the game is over; returns the ``over`` message."""
    say = log or (lambda _: None)
    base, table, invite = parse_table_url(url)
    lobby = Lobby(base, lang=language())
    try:
        if token is None:
            joined = await lobby.join(table, name, seat, invite)
            token = joined["token"]
            say(f"seated at {table}, seat {joined['seat']}")
        if start:
            with_seats = await lobby.table(table, invite)
            if with_seats["status"] == "open":
                try:
                    await lobby.start(table, token)
                except LobbyRefused as e:
                    say(f"not started: {e.detail}")
    finally:
        await lobby.close()
    client = SeatClient(base, table, token, invite, record=False, lang=language())
    welcome = await client.connect()
    info = welcome["table"]
    choose = bot_chooser(spec, info["game"], info["options"])
    loop = asyncio.get_running_loop()

    def threaded(obs: Observation, decision: DecisionOut) -> int:
        return choose(obs, decision)

    answered: set[tuple[str, int]] = set()
    try:
        while client.over is None:
            msg = await client.recv()
            decision = client.decision
            if msg["type"] == "ack" and msg["status"] == "refused":
                say(f"refused: {msg['rule']}: {msg['reason']}")
            if msg["type"] not in ("update", "sync") or decision is None:
                continue
            ident = (decision["kind"], decision["at"])
            if ident in answered:
                continue
            answered.add(ident)
            obs: Observation = decision["observation"] or client.observation or {}
            action = await loop.run_in_executor(None, threaded, obs, decision)
            await client.act(action, at=decision["at"])
        say(f"game over: winners {client.over['winners']}, seed {client.over['seed']}")
        return client.over
    finally:
        await client.close()
