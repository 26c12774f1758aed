"""The HTTP side (the lobby, export, history, health) and the WebSocket of play.

HTTP (JSON):

- ``GET /api/health``; ``GET /api/games`` (the games and their options);
- ``GET /api/tables`` (open tables and games in progress, public ones);
  ``POST /api/tables`` (create); ``GET /api/tables/{id}`` (``?invite=`` if private);
- ``POST /api/tables/{id}/join`` (a name, optionally a seat and the invite: a seat token),
  ``/leave`` and ``/start`` (``Authorization: Bearer TOKEN``);
- ``GET /api/games/{id}/export`` (a game over: its log in the format ``kaboom replay``
  reads, every hand shown); ``GET /api/history?name=NAME``;
- ``GET /api/tables/{id}/review?seat=K`` (a game over: the coach's review of a seat's
  decisions, issue 32: one's own, or any seat's where the table's reviews are open);
- the ladder (issue 35, ``ladder_api``): ``GET /api/ladder?game=G&players=P``,
  ``GET /api/players/{name}``.

``/ws``: one WebSocket per client, the messages of ``protocol`` (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from kaboom.engine.errors import KaboomError
from kaboom.engine.options import Option
from kaboom.engine.registry import get_game, list_games, refused_option
from kaboom.games import ordered
from kaboom.games.option_words import value_words, words_of
from kaboom.i18n import (
    COOKIE,
    _,
    language,
    parse_language,
    person_language,
    use_language,
)
from kaboom.server import protocol as proto
from kaboom.server.accounts import Account, SignedIn, add_accounts, name_key, signed_in
from kaboom.server.chat import line_msg as chat_line
from kaboom.server.clocks import DEFAULT_WINDOW
from kaboom.server.coach import review_json, search_seed
from kaboom.server.config import ServerConfig, loopback, origin_ok
from kaboom.server.export import export, seat_views
from kaboom.server.hub import Hub
from kaboom.server.invalid import sentences
from kaboom.server.ladder_api import add_ladder
from kaboom.server.limits import Bucket, Buckets, Sockets, peer
from kaboom.server.people import refused_name
from kaboom.server.seating import LobbyError, token_hash
from kaboom.server.table import Table, TableUnavailable
from kaboom.server.view import TableSummary

log = logging.getLogger("kaboom.server")

#: Messages waiting to go out on one WebSocket before the client counts as too slow.
MAX_QUEUE = 2000
#: Seconds a new WebSocket has to say hello.
HELLO_TIMEOUT = 10.0
#: How a refused WebSocket is closed, code and reason (docs/protocol.md): no hello first,
#: a bad one, a binary frame (the protocol is JSON text), a table that cannot be loaded.
Close = tuple[int, str]
NO_HELLO: Close = (4000, "no hello")
BAD_HELLO: Close = (4000, "bad hello")
BINARY: Close = (1003, "binary frame")
UNAVAILABLE: Close = (4503, "table unavailable")
TOO_MANY: Close = (4429, "too many connections")
#: A client's mistakes are logged once per cause and client address per this many seconds
#: (``Warnings``), and at most this many (cause, address) pairs are remembered.
WARN_EVERY = 60.0
MAX_WARNED = 10_000

#: A person's name at a table: at most this many characters, none a control character
#: (empty: the account's, where the person is signed in; ``guest_name``).
NAME_MAX = 32
Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=NAME_MAX, pattern=r"^[^\x00-\x1f\x7f]*$"),
]


class CreateTable(BaseModel):
    """A new table: the game, the players, options, who plays each seat (``human`` or a
    bot spec: ``random``, ``heuristic``, ``ismcts`` at ``level``, ``ismcts:iterations=N``),
    private (by invite) or open, the per-decision clock (seconds; none: no clock), the
    reaction window's length, the bots' pace and the seed (none: a secret one)."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, StringConstraints(max_length=64)]
    players: int = Field(ge=1, le=proto.MAX_SEATS)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: list[Annotated[str, StringConstraints(max_length=128)]] | None = Field(
        None, max_length=proto.MAX_SEATS
    )
    level: Literal["easy", "medium", "hard"] = "medium"
    private: bool = False
    clock: float | None = None
    window: float = DEFAULT_WINDOW
    bot_delay: float = 0.8
    #: A decimal string (a browser rounds a JSON number above 2**53) or an integer, in
    #: 0..2**64-1 (``parse_seed``, in ``Hub.create``: a 400 naming the field and the limit).
    seed: int | str | None = None
    #: The table's chat on at the start (issue 35; its host may turn it off or on).
    chat: bool = True
    #: Rated (issue 35): plays rated only if every person's seat is taken by a signed-in
    #: account when it starts (the table's info says which).
    rated: bool = False
    #: The coach (issue 32): hints allowed at the table (none: off where several people
    #: sit; always on where every other seat is a bot), and every seat's review open to
    #: all after the game (else each seat sees its own decisions only).
    hints: bool | None = None
    open_reviews: bool = False


class JoinTable(BaseModel):
    """A seat asked for: a name (empty where the person is signed in: the account's, issue
    46), the seat (none: the first free one), a private table's invite."""

    model_config = ConfigDict(extra="forbid")
    name: Name = ""
    seat: int | None = Field(None, ge=0, lt=proto.MAX_SEATS)
    invite: Annotated[str, StringConstraints(max_length=128)] | None = None


class RateLimit:
    """HTTP requests per client address (a token bucket each; the health check is free): a
    plain ASGI middleware, cheap on every request."""

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app = app
        self.buckets = Buckets(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["path"] != "/api/health"
            and not self.buckets.take(peer(scope))
        ):
            response = JSONResponse({"detail": _("too many requests")}, status_code=429)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class Languages:
    """Each request and each WebSocket said in its person's language (docs/i18n.md): the
    ``lang`` query parameter, else the ``kaboom_lang`` cookie, else ``Accept-Language``
    (``person_language``). A plain ASGI middleware: the language is the context's, so what
    the route says (a refusal's ``detail``, an ``error``'s ``message``) is said in it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with use_language(language_of(scope)):
            await self.app(scope, receive, send)


def language_of(scope: Scope) -> str:
    """The language a request or a WebSocket's handshake asks for (``Languages``)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = (query.get("lang") or [None])[0]
    headers = Headers(scope=scope)
    remembered = cookie_parser(headers.get("cookie", "")).get(COOKIE)
    return person_language(asked, remembered, headers.get("accept-language"))


class Warnings:
    """One warning line per cause and client address per ``WARN_EVERY`` seconds at most,
    never a traceback: a client that repeats a mistake (binary frames, no hello, a table
    that cannot be loaded) cannot fill the log."""

    def __init__(self, every: float = WARN_EVERY) -> None:
        self.every = every
        self.last: dict[tuple[str, str], float] = {}

    def warn(self, cause: str, client: str, detail: str) -> bool:
        """Log ``cause`` for ``client`` unless it was logged within ``every`` seconds;
        whether it was."""
        now, key = time.monotonic(), (cause, client)
        last = self.last.get(key)
        if last is not None and now - last < self.every:
            return False
        if len(self.last) >= MAX_WARNED:
            self.last.clear()
        self.last[key] = now
        log.warning("websocket refused (%s) from %s: %s", cause, client, detail[:200])
        return True


class WsConn:
    """A WebSocket client: messages go out in order through a queue, so a slow client
    never holds a table up (one too far behind is closed)."""

    person = True
    watching = False

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        #: The person's language (``Languages``; a ``hello``'s ``lang`` changes it).
        self.lang = language()
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.code, self.reason = 1000, ""

    def deliver(self, msg: proto.Message, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() > MAX_QUEUE:
            self.close(1013, "too slow: messages piled up")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed, self.code, self.reason = True, code, reason
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                text = await self.queue.get()
                if text is None:
                    await self.ws.close(self.code, self.reason)
                    return
                await self.ws.send_text(text)


#: An int option with at most this many values is offered as a list of the values the
#: game accepts at each player count (``by_players``), asked of the game itself.
FEW_VALUES = 12


@functools.lru_cache(maxsize=64)
def values_by_players(game: str, name: str) -> dict[str, list[list[int | str]]] | None:
    """For a small int option (Eleminis's teams, the first seat): at each player count, the
    values the game deals with and their words; None for any other option. The game's own
    check decides (``refused_option``, the terminal picker's too), so the lobby restates
    no rule."""
    spec = get_game(game)
    o = next(o for o in spec.options if o.name == name)
    if o.kind is not int or o.choices or o.minimum is None or o.maximum is None:
        return None
    if o.maximum - o.minimum >= FEW_VALUES:
        return None
    found: dict[str, list[list[int | str]]] = {}
    for n in range(spec.min_players, spec.max_players + 1):
        found[str(n)] = [
            [v, value_words(game, name, v, n)]
            for v in range(o.minimum, o.maximum + 1)
            if refused_option(game, n, {name: v}) is None
        ]
    return found


def option_json(game: str, o: Option) -> dict[str, Any]:
    """A game's option as the lobby offers it: name, default, type, what it does, the
    values it allows, whether it names a file (not offered by the lobby), and its words
    for a person (``kaboom.games.option_words``, the terminal picker's too): a label, a
    line of help, whether it is a house rule, and the words of its choices."""
    said = words_of(game, o.name)
    choices = None if o.choices is None else list(o.choices)
    words = {
        "label": said.label if said else o.name.replace("_", " ").capitalize(),
        "help": said.help if said else _(o.help),
        "house": said.house if said else True,
        "choices": None
        if choices is None
        else [[c, value_words(game, o.name, c)] for c in choices],
        "by_players": values_by_players(game, o.name),
    }
    return {
        "name": o.name,
        "default": o.default,
        "kind": o.kind.__name__,
        "help": o.help,
        "choices": choices,
        "minimum": o.minimum,
        "maximum": o.maximum,
        "path": o.path,
        "words": words,
    }


def guest_name(name: str) -> str:
    """A guest's name as typed, or a 400 naming the field and its rule (issue 46): a name
    is needed (signed in, the account's is taken), and it is never "You"."""
    if not name:
        why = _("1 to {most} characters (or sign in, to play under your account's name)")
        raise HTTPException(400, "name: " + why.format(most=NAME_MAX))
    refused = refused_name(name)
    if refused is not None:
        raise HTTPException(400, f"name: {refused}")
    return name


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


def create_app(config: ServerConfig) -> FastAPI:
    hub_box: dict[str, Hub] = {}
    warnings = Warnings()
    #: Per client address, over all its WebSockets: how many are open, messages a second.
    sockets = Sockets(config.client_sockets)
    messages = Buckets(config.client_msg_rate, config.client_msg_burst)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub = Hub(config)
        await hub.startup()
        hub_box["hub"] = hub
        try:
            yield
        finally:
            await hub.shutdown()

    app = FastAPI(title="kaboom", version="1", lifespan=lifespan)
    app.state.hub_box = hub_box  # the running hub, for routes added on top (kaboom.web)

    def hub() -> Hub:
        return hub_box["hub"]

    add_accounts(app, config)  # (issue 35: its CSRF check runs inside the rate limit)
    add_ladder(app)  # (issue 35: the leaderboard and the profiles)
    app.add_middleware(RateLimit, rate=config.http_rate, burst=config.http_burst)
    app.add_middleware(Languages)  # (outside the rate limit: its refusal is said too)

    @app.exception_handler(KaboomError)
    async def kaboom_error(_: Request, err: KaboomError) -> JSONResponse:
        return JSONResponse({"detail": str(err)}, status_code=400)

    @app.exception_handler(LobbyError)
    async def lobby_error(_: Request, err: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": err.detail}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        """A request the models refuse, in sentences naming each field and its limit
        (issue 46: never pydantic's "String should have at least 1 character")."""
        said = sentences(err.errors(), {"name": NAME_MAX})
        return JSONResponse({"detail": said}, status_code=422)

    async def table_or_404(table_id: str) -> Table:
        if len(table_id) > 32:
            raise HTTPException(404, _("no such table"))
        table = await hub().get(table_id)
        if table is None:
            raise HTTPException(404, _("no such table"))
        return table

    def may_see(table: Table, invite: str | None, token: str | None) -> bool:
        if not table.row.private:
            return True
        if invite and table.row.invite_hash and token_hash(invite) == table.row.invite_hash:
            return True
        return bool(token) and table.seat_of_token(token or "") is not None

    def summary(table: Table) -> TableSummary:
        return {**table.info(), "seq": table.seq, "seats": table.seat_infos()}

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        h = hub()
        return {
            "ok": True,
            "protocol": proto.VERSION,
            "db": h.store.dialect,
            "tables": len(h.tables),
            "instance": h.instance,
            # where it listens (issue 46): a loopback address is out of other devices' reach
            "listen": {"host": config.listen_host, "loopback": loopback(config.listen_host)},
            "stats": {k: round(v, 4) for k, v in h.stats.items()},
            # the collector (``hub.settle_gc``): objects frozen out of it, its thresholds,
            # and the collections of each generation so far
            "gc": {
                "frozen": gc.get_freeze_count(),
                "thresholds": list(gc.get_threshold()),
                "collections": [g["collections"] for g in gc.get_stats()],
            },
        }

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        # in the shelf's order (kaboom.games.ordered): the lobby shows them so, the first
        # is its Play now game
        return [
            {
                "id": g.game_id,
                "name": _(g.name),
                "min_players": g.min_players,
                "max_players": g.max_players,
                "family": g.family,
                "summary": _(g.summary),
                "options": [option_json(g.game_id, o) for o in g.options],
            }
            for g in ordered(list_games())
        ]

    @app.get("/api/tables")
    async def tables() -> dict[str, Any]:
        h = hub()
        listed = await h.db(h.store.listing)
        out: dict[str, list[TableSummary]] = {"open": [], "playing": []}
        for row, _seats in listed:
            table = h.tables.get(row.id)
            if table is not None:
                out[row.status].append(summary(table))
        return out

    @app.post("/api/tables", status_code=201)
    async def create(req: CreateTable, request: Request) -> dict[str, Any]:
        table, invite = await hub().create(req.model_dump(), peer(request.scope))
        return {**summary(table), "invite": invite}

    @app.get("/api/tables/{table_id}")
    async def detail(
        table_id: str,
        invite: Annotated[str | None, Query(max_length=128)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        table = await table_or_404(table_id)
        if not may_see(table, invite, bearer(authorization)):
            raise HTTPException(404, _("no such table"))
        return dict(summary(table))

    @app.get("/api/tables/{table_id}/spectate")
    async def spectate(
        table_id: str,
        invite: Annotated[str | None, Query(max_length=128)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """What a spectator sees now (``observe(None)``), and how to follow the table: a
        WebSocket ``hello`` without a token."""
        table = await table_or_404(table_id)
        if not may_see(table, invite, bearer(authorization)):
            raise HTTPException(404, _("no such table"))
        hello: dict[str, int | str] = {"v": proto.VERSION, "type": "hello", "table": table.id}
        if invite:
            hello["invite"] = invite
        observation = None if table.state is None else table.state.observe(None)
        return {"table": summary(table), "seq": table.seq, "observation": observation,
                "ws": "/ws", "hello": hello}  # fmt: skip

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, req: JoinTable, account: SignedIn) -> dict[str, Any]:
        """Take a seat; signed in, under the account's name, the seat recorded to the
        account (issue 35: a person's seats follow them)."""
        table = await table_or_404(table_id)
        if not may_see(table, req.invite, None):
            raise HTTPException(404, _("no such table"))
        if account is None:
            seat, token = await table.join(guest_name(req.name), req.seat)
        else:  # (the name typed, if any, gives way to the account's: issue 46)
            seat, token = await table.join(account.name, req.seat, account.id)
        return {"table": table.id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/seat-back")
    async def seat_back(
        table_id: str, account: Annotated[Account, Depends(signed_in)]
    ) -> dict[str, Any]:
        """The account's seat at a table not over, on this device (issue 35): a fresh
        token; the old one stops working and its connections are closed."""
        table = await table_or_404(table_id)
        seat, token = await table.seat_back(account.id)
        return {"table": table.id, "seat": seat, "token": token}

    async def seated(table_id: str, authorization: str | None) -> tuple[Table, int]:
        table = await table_or_404(table_id)
        token = bearer(authorization)
        seat = None if token is None else table.seat_of_token(token)
        if seat is None:
            raise HTTPException(403, _("a seat token of this table is needed"))
        return table, seat

    @app.post("/api/tables/{table_id}/leave")
    async def leave(
        table_id: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        await table.leave(seat)
        return {"table": table.id, "seat": seat, "left": True}

    @app.post("/api/tables/{table_id}/start")
    async def start(
        table_id: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        table, _seat = await seated(table_id, authorization)
        await table.start()
        return dict(summary(table))

    @app.get("/api/games/{table_id}/export")
    async def export_game(
        table_id: str,
        invite: Annotated[str | None, Query(max_length=128)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        table = await table_or_404(table_id)
        if not may_see(table, invite, bearer(authorization)):
            raise HTTPException(404, _("no such table"))
        if table.row.status not in ("over", "ended") or table.state is None:
            raise HTTPException(409, _("the game is not over: its log opens when it ends"))
        h = hub()
        loaded = await h.db(h.store.load, table.id)
        assert loaded is not None
        lines = await h.db(h.store.chat_since, table.id)
        body = export(*loaded, chat=[chat_line(line) for line in lines])
        return Response(json.dumps(body), media_type="application/json")

    @app.get("/api/tables/{table_id}/review")
    async def review_game(
        table_id: str,
        request: Request,
        seat: Annotated[int | None, Query(ge=0, lt=proto.MAX_SEATS)] = None,
        invite: Annotated[str | None, Query(max_length=128)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        """The coach's review of a finished game (issue 32): each decision of ``seat`` (by
        default the token's own) judged from what that seat knew then. A seat sees its own
        decisions only; another seat's, and a spectator any, only where the table's
        reviews are open. Searched on the bots' pool within the server's seconds, then
        kept (``coach.Reviews``)."""
        table = await table_or_404(table_id)
        token = bearer(authorization)
        if not may_see(table, invite, token):
            raise HTTPException(404, _("no such table"))
        if table.row.status not in ("over", "ended") or table.state is None:
            raise HTTPException(409, _("the game is not over: its review opens when it ends"))
        mine = None if token is None else table.seat_of_token(token)
        wanted = mine if seat is None else seat
        if wanted is None:
            why = _("a seat token of this table, or a seat where the table's reviews are open")
            raise HTTPException(403, f"seat: {why}")
        if wanted >= table.row.players:
            why = _("a seat from 0 to {last}").format(last=table.row.players - 1)
            raise HTTPException(400, f"seat: {why}")
        if wanted != mine and not table.row.open_reviews:
            why = _("seat {seat}'s review is that seat's own: this table's reviews are not open")
            raise HTTPException(403, why.format(seat=wanted))
        body, cached = await review_of(table, wanted, peer(request.scope))
        # (issue 46: the table's seats by name, so the page says "Review of ann", not "of P0";
        # the review's own ``seats`` are the seats it reviews)
        named = table.seat_infos()
        out = {**body, "table": table.id, "seat": wanted, "cached": cached, "table_seats": named}
        return Response(json.dumps(out), media_type="application/json")

    async def review_of(table: Table, seat: int, client: str) -> tuple[dict[str, Any], bool]:
        """The review of ``seat``'s decisions, from memory or searched on the pool in the
        turn of the client address that asked (the pool takes each address's calls in
        turn: one client's many reviews hold up nobody else's searches beyond a round)."""
        h = hub()
        playouts = config.review_playouts

        async def search() -> dict[str, Any]:
            loaded = await h.db(h.store.load, table.id)
            assert loaded is not None
            row, _rows, actions = loaded
            history = [a.action for a in actions]
            h.stats["reviews"] += 1
            return await h.bot_pool.run(
                client,
                review_json, row.game, row.players, row.seed, row.options, history, seat,
                playouts, search_seed(table.id, seat), config.review_seconds,
            )  # fmt: skip

        return await h.reviews.get((table.id, seat, playouts), search)

    @app.get("/api/tables/{table_id}/views")
    async def views(
        table_id: str, authorization: Annotated[str | None, Header()] = None
    ) -> Response:
        """The seat's own view after each log entry so far (its token names the seat):
        a reloaded page's look back. Nothing of any other seat's hand."""
        table, seat = await seated(table_id, authorization)
        if table.state is None:
            raise HTTPException(409, _("the game has not started"))
        h = hub()
        loaded = await h.db(h.store.load, table.id)
        assert loaded is not None
        seen = await asyncio.to_thread(seat_views, loaded[0], loaded[2], seat)
        body = {"seat": seat, "views": seen}
        return Response(json.dumps(body), media_type="application/json")

    @app.get("/api/history")
    async def history(
        account: SignedIn, name: Annotated[str | None, Query(min_length=1, max_length=32)] = None
    ) -> dict[str, Any]:
        """A name's finished public games; signed in (no name, or one's own), one's own
        games by account (issue 35: history follows the person), private ones too."""
        h = hub()
        mine = account is not None and (name is None or name_key(name) == name_key(account.name))
        if account is not None and mine:
            name = account.name
            rows = await h.db(h.store.account_history, account.id)
        elif name is None:
            why = _("a player's name (1 to 32 characters) is needed")
            raise HTTPException(400, f"name: {why}")
        else:
            rows = await h.db(h.store.history, name)
        return {
            "name": name,
            "games": [
                {
                    "id": r.id,
                    "game": r.game,
                    "players": r.players,
                    "status": r.status,
                    "seat": seat,
                    "winners": r.winners or [],
                    "won": seat in (r.winners or []),
                    "finished_at": r.finished_at,
                    "export": f"/api/games/{r.id}/export",
                }
                for r, seat in rows
                if mine or not r.private
            ],
        }

    @app.websocket("/ws")
    async def ws(websocket: WebSocket) -> None:
        if not origin_ok(websocket.headers, config):
            await websocket.close(code=4403, reason="origin not allowed")
            return
        await websocket.accept()
        conn = WsConn(websocket)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        table: Table | None = None
        client = peer(websocket.scope)
        counted = sockets.connect(client)
        try:
            if not counted:
                limit = _("at most {n} connections from one address").format(n=sockets.cap)
                _refuse(websocket, conn, -1, "too_many", limit, TOO_MANY)
                return
            table = await _hello(websocket, conn)
            if table is None:
                return
            with use_language(conn.lang):  # (the hello may have named another)
                await _play(websocket, conn, table, client)
        except WebSocketDisconnect:
            pass
        finally:
            if counted:
                sockets.disconnect(client)
            if table is not None:
                await table.detach(conn)
            conn.close(1000, "")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2.0)

    def _send_error(conn: WsConn, seq: int, code: str, text: str) -> None:
        msg = proto.error(seq, code, text)
        conn.deliver(msg, proto.dumps(msg))

    def _refuse(
        websocket: WebSocket, conn: WsConn, seq: int, code: str, text: str, close: Close
    ) -> None:
        """Refuse the client's frame: an ``error`` naming why, the socket closed with
        ``close`` (its code and reason), and one warning line per cause and client
        (``Warnings``)."""
        warnings.warn(code, peer(websocket.scope), text)
        _send_error(conn, seq, code, text)
        conn.close(*close)

    async def _receive(websocket: WebSocket, conn: WsConn, seq: int) -> str | None:
        """The next text frame; None when the client sent a binary one (refused: the
        protocol is JSON text, docs/protocol.md) and the socket is closing."""
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
        text = message.get("text")
        if isinstance(text, str):
            return text
        _refuse(websocket, conn, seq, "binary", _("messages are JSON text frames"), BINARY)
        return None

    async def _hello(websocket: WebSocket, conn: WsConn) -> Table | None:
        try:
            text = await asyncio.wait_for(_receive(websocket, conn, -1), HELLO_TIMEOUT)
        except TimeoutError:
            _refuse(websocket, conn, -1, "hello", _("say hello first"), NO_HELLO)
            return None
        if text is None:
            return None
        if len(text) > proto.MAX_CLIENT_MESSAGE:
            limit = _("messages are at most {n}").format(n=proto.MAX_CLIENT_MESSAGE)
            _refuse(websocket, conn, -1, "too_large", limit, BAD_HELLO)
            return None
        try:
            msg = proto.client_message.validate_json(text)
        except ValidationError as err:
            _refuse(websocket, conn, -1, "bad_message", _short(err), BAD_HELLO)
            return None
        if not isinstance(msg, proto.Hello):
            _refuse(websocket, conn, -1, "hello", _("the first message is a hello"), NO_HELLO)
            return None
        if msg.lang is not None:  # (a language kaboom does not speak: the handshake's)
            conn.lang = parse_language(msg.lang) or conn.lang
        with use_language(conn.lang):
            return await _seated(conn, msg)

    async def _seated(conn: WsConn, msg: proto.Hello) -> Table | None:
        """The hello's table and seat (refusals said in the person's language)."""
        try:
            table = await hub().get(msg.table)
        except TableUnavailable as err:  # (the hub logged why, once)
            _send_error(conn, -1, "unavailable", err.detail)
            conn.close(*UNAVAILABLE)
            return None
        if table is None or not may_see(table, msg.invite, msg.token):
            _send_error(conn, -1, "table", _("no such table"))
            conn.close(4004, "no such table")
            return None
        if msg.token is not None:
            seat = table.seat_of_token(msg.token)
            if seat is None:
                _send_error(conn, table.seq, "token", _("this token has no seat at this table"))
                conn.close(4003, "bad token")
                return None
            conn.seat = seat
        if hub().shared:
            async with table.lock:
                await table.catch_up()
        await table.attach(conn, msg.last_seq)
        return table

    async def _play(websocket: WebSocket, conn: WsConn, table: Table, client: str) -> None:
        """The client's messages after its hello, within this socket's rate and its
        address's (over all the address's sockets)."""
        bucket = Bucket(config.msg_rate, config.msg_burst)
        dropped = 0
        while not conn.closed:
            text = await _receive(websocket, conn, table.seq)
            if text is None:
                return
            if not (bucket.take() and messages.take(client)):
                dropped += 1
                if dropped == 1 or dropped % 50 == 0:
                    _send_error(conn, table.seq, "rate_limited", _("too many messages; slow down"))
                if dropped > 1000:
                    conn.close(1008, "flooding")
                continue
            if len(text) > proto.MAX_CLIENT_MESSAGE:
                _send_error(
                    conn,
                    table.seq,
                    "too_large",
                    _("messages are at most {n} bytes").format(n=proto.MAX_CLIENT_MESSAGE),
                )
                continue
            try:
                msg = proto.client_message.validate_json(text)
            except ValidationError as err:
                _send_error(conn, table.seq, "bad_message", _short(err))
                continue
            if isinstance(msg, proto.Hello):
                _send_error(conn, table.seq, "hello", _("already said hello"))
                continue
            table.touch()
            await table.handle(conn, msg)

    return app


def _short(err: ValidationError) -> str:
    """A message the protocol refuses, in sentences naming each field (``invalid``)."""
    return sentences([dict(e) for e in err.errors()])
