"""Accounts, optional (issue 35): a name and a password make a person's seats and history
follow them to another device; guests keep playing with one click, nothing asked.

- A name is 1 to 32 characters after NFKC (letters, digits, space, ``_-.``, no space at
  either end), unique after NFKC and case folding (``name_key``: ``Ann``, ``ANN`` and
  ``Ａｎｎ`` are one name). Names are public (the ladder shows them).
- A password is 8 to 256 characters, stored only as its argon2id hash (argon2-cffi).
- Signing in (or up) sets the cookie ``kaboom_session``: 256 random bits, HttpOnly,
  SameSite=Lax, ``Secure`` over https; the database keeps only its SHA-256.
- A failed sign-in says only "wrong name or password", in the same time whether or not the
  name exists (an unknown name is checked against a dummy hash); attempts are rate-limited
  per name and per client address (``--trusted`` lifts the address's limit).
- A state-changing request that carries the cookie must come from the server's own page
  (its ``Origin``, or its ``Referer``): else 403 (CSRF).

HTTP: ``POST /api/accounts``, ``POST /api/sessions``, ``DELETE /api/sessions``,
``GET /api/me``, ``GET /api/me/tables`` and ``POST /api/tables/{id}/seat-back``
(docs/protocol.md, "Accounts").
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, StringConstraints
from starlette.types import ASGIApp, Receive, Scope, Send

from kaboom.i18n import N_, _
from kaboom.server.config import ServerConfig, origin_ok
from kaboom.server.db import AccountRow
from kaboom.server.limits import Buckets, peer
from kaboom.server.people import refused_name
from kaboom.server.seating import token_hash

if TYPE_CHECKING:
    from kaboom.server.hub import Hub

#: The session cookie (issue 35).
COOKIE = "kaboom_session"
#: A session lasts this long after it was last seen (seconds: 30 days); its ``last_seen``
#: is moved on at most once per ``TOUCH_AFTER``.
SESSION_AGE = 30 * 24 * 3600.0
TOUCH_AFTER = 3600.0
#: The limits of a name and a password (issue 35), in characters.
NAME_MAX, KEY_MAX = 32, 64
PASSWORD_MIN, PASSWORD_MAX = 8, 256
#: Characters of a name besides letters and digits.
NAME_MARKS = frozenset(" _-.")
WRONG = N_("wrong name or password")
#: argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane): some 50-150 ms a hash.
HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
#: The methods that change something: a cookie-carrying one must come from our own page.
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in person: their account's id and name (as shown)."""

    id: int
    name: str


def name_key(name: str) -> str:
    """A name as it is compared: NFKC, case-folded, NFKC again (so ``Ann``, ``ANN`` and
    ``Ａｎｎ`` are one name).

    >>> name_key("Ａｎｎ") == name_key("ANN") == name_key("ann")
    True
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def clean_name(name: str) -> str:
    """The name as kept and shown (NFKC), or a 400 naming ``name`` and its rule."""
    shown = unicodedata.normalize("NFKC", name)
    rule = "name: " + _(
        "1 to {most} characters (letters, digits, space, _ - .), no space at either end"
    ).format(most=NAME_MAX)
    if not 1 <= len(shown) <= NAME_MAX or shown != shown.strip(" "):
        raise HTTPException(400, rule)
    if not all(c.isalnum() or c in NAME_MARKS for c in shown):
        raise HTTPException(400, rule)
    if len(name_key(shown)) > KEY_MAX:
        why = _("at most {most} characters once case-folded").format(most=KEY_MAX)
        raise HTTPException(400, f"name: {why}")
    return shown


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise HTTPException(
            400,
            "password: "
            + _("{least} to {most} characters, got {n}").format(
                least=PASSWORD_MIN, most=PASSWORD_MAX, n=len(password)
            ),
        )
    return password


def hash_password(password: str) -> str:
    """The password's argon2id hash (blocking: some 100 ms)."""
    return HASHER.hash(password)


@functools.cache
def dummy_hash() -> str:
    """What an unknown name's password is checked against (issue 35: the same time either
    way): a hash of a random password at the same cost, made once."""
    return hash_password(secrets.token_urlsafe(16))


def verify(password_hash: str, password: str) -> bool:
    """Whether ``password`` is the one hashed (blocking: the hash's cost)."""
    try:
        return HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


# -- who is signed in -------------------------------------------------------------------------
def running_hub(request: Request) -> Hub:
    """The server's running hub, for a route added beside the lobby's (``app.state``)."""
    hub: Hub = request.app.state.hub_box["hub"]
    return hub


async def current_account(request: Request) -> Account | None:
    """The FastAPI dependency: the account of the request's session cookie (None: a
    guest, or a session signed out or too old)."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 128:
        return None
    hub = running_hub(request)
    row = await hub.db(hub.store.session, token_hash(token), SESSION_AGE, TOUCH_AFTER)
    return None if row is None else Account(row.id, row.name)


SignedIn = Annotated[Account | None, Depends(current_account)]


async def signed_in(request: Request) -> Account:
    """The dependency of the routes for signed-in people only (401 for a guest)."""
    account = await current_account(request)
    if account is None:
        raise HTTPException(401, _("not signed in"))
    return account


# -- CSRF (issue 35) -------------------------------------------------------------------------
def page_origin(headers: Mapping[str, str]) -> str | None:
    """The origin a browser's request came from: its ``Origin``, else its ``Referer``'s."""
    origin = headers.get("origin")
    if origin:
        return origin
    referer = urlsplit(headers.get("referer") or "")
    return f"{referer.scheme}://{referer.netloc}" if referer.netloc else None


def _cookies(headers: Mapping[str, str]) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # (a cookie header the parser cannot read: no session in it)
        jar.clear()
    return jar


class SameOrigin:
    """A state-changing request that carries the session cookie, or that signs in or up,
    must come from the server's own page (or a configured ``--origin``): else 403 naming
    ``Origin`` (issue 35: CSRF refused). A plain ASGI middleware."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app, self.config = app, config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGING and not self.allowed(scope):
            detail = "Origin: " + _("a signed-in request must come from this server's own page")
            await JSONResponse({"detail": detail}, status_code=403)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def allowed(self, scope: Scope) -> bool:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        signing = scope["path"] in ("/api/accounts", "/api/sessions")
        cookie = COOKIE in _cookies(headers)
        if not cookie and not signing:
            return True  # no cookie: nothing to forge (a guest's token is a header)
        origin = page_origin(headers)
        if origin is None:  # a program signing in sends no Origin; a cookie needs one
            return not cookie
        return origin_ok({"origin": origin, "host": headers.get("host", "")}, self.config)


# -- the routes --------------------------------------------------------------------------------
class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(max_length=1024)]
    password: Annotated[str, StringConstraints(max_length=4096)]


class Limits:
    """Sign-in (and sign-up) attempts: per name and per client address (issue 35)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.names = Buckets(config.signin_rate, config.signin_burst)
        self.clients = Buckets(config.client_signin_rate, config.client_signin_burst)

    def refused(self, client: str, key: str | None) -> str | None:
        """Spend an attempt of ``client`` (and of the name's ``key``): None, or which limit
        is spent, in words."""
        c = self.config
        if not self.clients.take(client):
            return "sign-in: " + _(
                "at most {n} attempts from one address, then one every {seconds} s"
            ).format(n=f"{c.client_signin_burst:g}", seconds=f"{1 / c.client_signin_rate:g}")
        if key is not None and not self.names.take(key):
            return "sign-in: " + _(
                "at most {n} attempts for one name, then one every {seconds} s"
            ).format(n=f"{c.signin_burst:g}", seconds=f"{1 / c.signin_rate:g}")
        return None

    def take(self, client: str, key: str | None) -> None:
        """Spend an attempt, or a 429 naming the limit."""
        why = self.refused(client, key)
        if why is not None:
            raise HTTPException(429, why)


async def start_session(request: Request, response: Response, account_id: int) -> None:
    """A new session for the account: its hash stored, its cookie set."""
    token = secrets.token_urlsafe(32)
    hub = running_hub(request)
    await hub.db(hub.store.add_session, token_hash(token), account_id)
    response.set_cookie(
        COOKIE, token, max_age=int(SESSION_AGE), path="/", httponly=True, samesite="lax",
        secure=request.url.scheme == "https",  # (behind a proxy: its X-Forwarded-Proto)
    )  # fmt: skip


def add_accounts(app: FastAPI, config: ServerConfig) -> None:
    """The accounts' routes and the CSRF check, on the server's ``app``."""
    limits = Limits(config)
    app.add_middleware(SameOrigin, config=config)

    @app.post("/api/accounts", status_code=201)
    async def sign_up(req: Credentials, request: Request, response: Response) -> dict[str, str]:
        name = clean_name(req.name)
        refused = refused_name(name)  # (issue 46: nobody is called "You")
        if refused is not None:
            raise HTTPException(400, f"name: {refused}")
        password = check_password(req.password)
        limits.take(peer(request.scope), None)
        hashed = await asyncio.to_thread(hash_password, password)
        hub = running_hub(request)
        account_id = await hub.db(hub.store.add_account, name, name_key(name), hashed)
        if account_id is None:
            raise HTTPException(409, "name: taken (names are the same whatever their case)")
        await start_session(request, response, account_id)
        return {"name": name}

    @app.post("/api/sessions")
    async def sign_in(req: Credentials, request: Request, response: Response) -> dict[str, str]:
        key = name_key(clean_name(req.name))
        check_password(req.password)
        limits.take(peer(request.scope), key)
        hub = running_hub(request)
        row = await hub.db(hub.store.account, key)
        ok = await asyncio.to_thread(verify, _hash_of(row), req.password)
        if row is None or not ok:
            raise HTTPException(401, _(WRONG))
        await start_session(request, response, row.id)
        return {"name": row.name}

    @app.delete("/api/sessions")
    async def sign_out(request: Request, response: Response) -> dict[str, bool]:
        token = request.cookies.get(COOKIE)
        if token and len(token) <= 128:
            hub = running_hub(request)
            await hub.db(hub.store.drop_session, token_hash(token))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return {"signed_out": True}

    @app.get("/api/me")
    async def me(account: Annotated[Account, Depends(signed_in)]) -> dict[str, str]:
        return {"name": account.name}

    @app.get("/api/me/tables")
    async def my_tables(
        request: Request, account: Annotated[Account, Depends(signed_in)]
    ) -> dict[str, Any]:
        """The tables not over yet where the account holds a seat (to take it back)."""
        hub = running_hub(request)
        rows = await hub.db(hub.store.account_seats, account.id)
        return {
            "tables": [
                {
                    "table": t.id,
                    "game": t.game,
                    "players": t.players,
                    "status": t.status,
                    "seat": seat,
                    "private": t.private,
                }
                for t, seat in rows
            ]
        }


def _hash_of(row: AccountRow | None) -> str:
    """The hash a sign-in checks: the account's, or the dummy for an unknown name."""
    return dummy_hash() if row is None else row.password_hash
