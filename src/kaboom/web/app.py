"""The browser table on the game server: the server's app (``kaboom.server.app``) with the
pages at ``/`` and the routes that put a seat's own observation into words.

Pages (Jinja2 templates of ``templates/``, said in the person's language: ``?lang=``, else
the ``kaboom_lang`` cookie the switch on every page sets, else ``Accept-Language``; the
scripts and styles are static files of ``static/``, no build step):

- ``/``: the lobby (open tables, games in play, create a table, history by name);
- ``/tables/{id}``: the table (the link ``kaboom play --join`` takes too);
- ``/replay/{id}``: a finished game step by step, every hand shown (``?step=N``: from
  the step after N actions);
- ``/review/{id}``: the coach's review of a finished game (issue 32): your decisions, each
  one's chance of winning and the best's, the mistakes, the curve of your chance;
- ``/learn/{game}``: the game's lesson (issue 32);
- ``/ladder``: the leaderboard of a game at a player count; ``/players/{name}``: a person's
  profile, their rating over time as a chart (issue 35).

Routes (JSON; they read only what the request sends, never a table's state):

- ``POST /api/guide``: a game's cards with their field-guide text and the family's parts;
- ``POST /api/words``: a seat's observation, legal actions and events in plain words;
- ``GET /api/lessons``: the lessons (issue 32), ``POST /api/lessons/{game}``: a lesson after
  the learner's attempts so far (``{"actions": [...]}``): the step, the learner's view and
  the answer to the last attempt (``kaboom.web.lessons``);
- ``POST /api/replay``: a game's export (``GET /api/games/{id}/export``) step by step;
- ``GET /api/tables/{id}/invite.svg?invite=...``: a private table's invite link as a QR code
  (SVG drawn by ``segno``), for friends in the same room; only with the table's invite;
- ``POST /api/tables/{id}/again`` (a seat's token, once the game is over): the next table
  with the same game, options and seats (made by the first to ask; the bots keep their
  names), the asker seated in the same seat: ``{"table", "seat", "token", "invite"}``.
  Where the asker is the only person (every other seat a bot's) it is dealt at once.
"""

from __future__ import annotations

import io
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

import segno
from fastapi import FastAPI, Header, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from kaboom.i18n import use_language
from kaboom.server import protocol as proto
from kaboom.server.accounts import running_hub
from kaboom.server.app import bearer
from kaboom.server.app import create_app as server_app
from kaboom.server.config import ServerConfig
from kaboom.server.limits import peer
from kaboom.server.seating import token_hash
from kaboom.server.table import Table
from kaboom.web.lessons import MAX_ACTION, MAX_ATTEMPTS, NoLesson, lesson_step, lessons
from kaboom.web.pages import render, request_language
from kaboom.web.words import guide, labels, replay_steps, words

STATIC = Path(str(resources.files("kaboom.web").joinpath("static")))

GameId = Annotated[str, StringConstraints(max_length=64)]


class GuideRequest(BaseModel):
    """Which game: its id, player count and options (as the table was created)."""

    model_config = ConfigDict(extra="forbid")
    game: GameId
    players: int = Field(ge=1, le=proto.MAX_SEATS)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)


class WordsRequest(GuideRequest):
    """A seat's observation (``seat`` null: a spectator's), the legal actions it was sent
    and the events of the log entries to tell (one list per entry)."""

    seat: int | None = Field(None, ge=0, lt=proto.MAX_SEATS)
    observation: dict[str, Any]
    legal: list[dict[str, Any]] = Field(default_factory=list, max_length=2000)
    events: list[list[dict[str, Any]]] = Field(default_factory=list, max_length=500)


class LabelsRequest(GuideRequest):
    """Actions in notation to put in the table's words (a review's choices)."""

    texts: list[Annotated[str, StringConstraints(max_length=MAX_ACTION)]] = Field(max_length=1000)


class LessonRequest(BaseModel):
    """The actions the learner tried so far in a lesson, oldest first (texts in notation)."""

    model_config = ConfigDict(extra="forbid")
    actions: list[Annotated[str, StringConstraints(max_length=MAX_ACTION)]] = Field(
        default_factory=list, max_length=MAX_ATTEMPTS
    )


#: The longest invite the QR route reads (the server's invites are far shorter).
MAX_INVITE = 128

#: The largest body the word routes read (an export of a long game is the largest).
MAX_BODY = {"/api/guide": 4096, "/api/words": 256 * 1024, "/api/replay": 4 * 1024 * 1024}
#: The largest body of a lesson's route (``/api/lessons/{game}``: the attempts so far).
MAX_LESSON_BODY = 32 * 1024


def body_limit(path: str) -> int | None:
    """The largest body the route at ``path`` reads, if it is one of the word routes."""
    if path.startswith("/api/lessons/"):
        return MAX_LESSON_BODY
    return MAX_BODY.get(path)


class BodyLimit:
    """The word routes read bodies of a bounded size only (413 beyond it; 411 without a
    length): a plain ASGI middleware, before anything is parsed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = body_limit(scope.get("path", "")) if scope["type"] == "http" else None
        if limit is not None:
            headers = dict(scope.get("headers") or [])
            length = headers.get(b"content-length")
            status, detail = 0, ""
            if length is None or not length.isdigit():
                status, detail = 411, "a Content-Length is needed"
            elif int(length) > limit:
                status, detail = 413, f"the body is at most {limit} bytes"
            if status:
                await JSONResponse({"detail": detail}, status_code=status)(scope, receive, send)
                return
        await self.app(scope, receive, send)


#: Answers shorter than this go as they are (gzip's header outweighs what it saves).
COMPRESS_FROM = 512


class CompressPages:
    """The pages and their static files go gzipped to a browser that accepts it (a table's
    first load: its scripts and styles are most of it). Never an API answer nor a socket: a
    compressed answer that held a secret beside words a stranger chose would let its length
    tell the secret (BREACH); the pages and files hold neither. A plain ASGI middleware over
    Starlette's ``GZipMiddleware``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=COMPRESS_FROM)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("path", "").startswith("/api/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def create_app(config: ServerConfig) -> FastAPI:
    """The server's app with the browser table on it."""
    app = server_app(config)
    add_pages(app)
    app.add_middleware(BodyLimit)
    app.add_middleware(CompressPages)
    return app


def add_pages(app: FastAPI) -> None:
    """The pages and the word routes, on ``app``. The word routes are plain functions:
    FastAPI runs them in its thread pool, off the event loop that runs the tables (a
    seat's words take about 0.3 ms, up to some 40 ms for a hand with hundreds of
    five-different plays to label)."""

    @app.post("/api/guide")
    def guide_route(req: GuideRequest, request: Request) -> dict[str, Any]:
        with use_language(request_language(request)):
            return guide(req.game, req.players, req.options)

    @app.post("/api/words")
    def words_route(req: WordsRequest, request: Request) -> dict[str, Any]:
        with use_language(request_language(request)):
            return words(
                req.game, req.players, req.options, req.seat, req.observation, req.legal, req.events
            )

    @app.post("/api/labels")
    def labels_route(req: LabelsRequest, request: Request) -> dict[str, Any]:
        with use_language(request_language(request)):
            return {"labels": labels(req.game, req.players, req.options, req.texts)}

    #: A finished table -> the table that plays it again, and that table's invite.
    again: dict[str, tuple[str, str | None]] = {}

    @app.post("/api/tables/{table_id}/again")
    async def again_route(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        hub = running_hub(request)
        table = await hub.get(table_id) if len(table_id) <= 32 else None
        token = bearer(authorization)
        seat = None if table is None or token is None else table.seat_of_token(token)
        if table is None or seat is None:
            raise HTTPException(403, "a seat token of this table is needed")
        if table.row.status not in ("over", "ended"):
            raise HTTPException(409, "the game is not over yet")
        if table_id not in again:
            bots = [s.row.name if s.row.kind == "bot" else None for s in table.seats]
            new, invite = await hub.create(same_seats(table), peer(request.scope), bots)
            again[table_id] = (new.id, invite)
        new_id, invite = again[table_id]
        follow = await hub.get(new_id)
        if follow is None:
            raise HTTPException(404, "the next table has gone")
        row = table.seats[seat].row
        # the seat goes on with its account, if it had one (issue 35: seats follow a person)
        taken, new_token = await follow.join(row.name or f"P{seat}", seat, row.account_id)
        if alone_with_bots(follow):  # (issue 46: nobody to wait for: it deals at once)
            await follow.start()
        return {"table": new_id, "seat": taken, "token": new_token, "invite": invite}

    @app.get("/api/tables/{table_id}/invite.svg")
    async def invite_qr(table_id: str, request: Request, invite: str = "") -> Response:
        if len(invite) > MAX_INVITE:
            raise HTTPException(400, f"invite: at most {MAX_INVITE} characters")
        hub = running_hub(request)
        table = await hub.get(table_id) if len(table_id) <= 32 else None
        if table is None or not invited(table, invite):
            raise HTTPException(404, "no such table (or not this invite)")
        link = (
            f"{str(request.base_url).rstrip('/')}/tables/{table.id}?{urlencode({'invite': invite})}"
        )
        return Response(
            qr_svg(link), media_type="image/svg+xml", headers={"Cache-Control": "no-store"}
        )

    @app.get("/api/lessons")
    def lessons_route(request: Request) -> list[dict[str, str]]:
        return lessons(request_language(request))

    @app.post("/api/lessons/{game}")
    def lesson_route(game: GameId, req: LessonRequest, request: Request) -> dict[str, Any]:
        try:
            return lesson_step(game, req.actions, request_language(request))
        except NoLesson as err:
            raise HTTPException(404, str(err)) from None

    @app.post("/api/replay")
    def replay_route(raw: dict[str, Any], request: Request) -> dict[str, Any]:
        with use_language(request_language(request)):
            return replay_steps(raw)

    add_html(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def add_html(app: FastAPI) -> None:
    """The pages, each said in the language of the person asking (``kaboom.web.pages``)."""

    def page(name: str, request: Request) -> HTMLResponse:
        return HTMLResponse(render(name, request), headers={"Vary": "Cookie, Accept-Language"})

    @app.get("/", include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        return page("index.html", request)

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table(table_id: str, request: Request) -> HTMLResponse:
        return page("table.html", request)

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay(table_id: str, request: Request) -> HTMLResponse:
        return page("replay.html", request)

    @app.get("/review/{table_id}", include_in_schema=False)
    async def review(table_id: str, request: Request) -> HTMLResponse:
        return page("review.html", request)

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn(game: str, request: Request) -> HTMLResponse:
        return page("learn.html", request)

    @app.get("/ladder", include_in_schema=False)
    async def ladder(request: Request) -> HTMLResponse:
        return page("ladder.html", request)

    @app.get("/players/{name}", include_in_schema=False)
    async def player(name: str, request: Request) -> HTMLResponse:
        return page("player.html", request)


def invited(table: Table, invite: str) -> bool:
    """Whether ``invite`` is the private table's own invite (an open table has none)."""
    digest = table.row.invite_hash
    return bool(invite) and digest is not None and token_hash(invite) == digest


def qr_svg(text: str) -> bytes:
    """``text`` as a QR code, an SVG drawn by segno: dark modules on white, a quiet zone of
    four modules, scaled by the page (no fixed size), titled for screen readers."""
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=1, border=4, dark="#1d1d1f", light="#ffffff",
              omitsize=True, title="QR code of the invite link", svgclass="segno qr")  # fmt: skip
    return out.getvalue()


def alone_with_bots(table: Table) -> bool:
    """Whether the table waits for nobody: one seat for a person, taken, and every other a
    bot's (Play again against bots deals at once; with several people it waits for them)."""
    people = [s for s in table.seats if s.row.kind == "human"]
    return table.row.status == "open" and len(people) == 1 and people[0].row.token_hash is not None


def same_seats(table: Table) -> dict[str, Any]:
    """A new table's request like ``table``'s: the same game, players, options, seats (the
    bots as they were), privacy, clocks and pace; a new secret seed."""
    row = table.row
    return {
        "game": row.game,
        "players": row.players,
        "options": dict(row.options),
        "seats": [
            "human" if s.row.kind == "human" else s.row.bot or "heuristic" for s in table.seats
        ],
        "private": row.private,
        "clock": row.clock,
        "window": row.window,
        "bot_delay": row.bot_delay,
        "seed": None,
        "rated": row.rated,
    }
