"""Helpers of the server tests: a real ``kaboom serve`` in a subprocess, PostgreSQL schemas,
scripted people, the protocol's JSON Schemas and the leak oracle over the wire."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from jsonschema import Draft202012Validator

from kaboom.engine.events import Event
from kaboom.engine.registry import new_game
from kaboom.engine.state import State
from kaboom.engine.window import window_key, world_when_asked
from kaboom.server.client import Lobby, SeatClient
from kaboom.server.protocol import SCHEMA_DIR, seen
from kaboom.server.view import Created, Joined
from needs import missing

#: The default PostgreSQL of the test machine (``KABOOM_TEST_POSTGRES`` overrides it).
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
#: Reaction windows in the tests: short, so games are quick.
WINDOW = 0.05


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``kaboom serve`` in a subprocess on a free port (its log in ``log``)."""

    def __init__(self, db: str, log: Path, *args: str, port: int | None = None) -> None:
        self.db, self.log, self.args = db, log, list(args)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> Server:
        cmd = [
            sys.executable,
            "-m",
            "kaboom.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--log-level",
            "warning",
            *self.args,
        ]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/health", timeout=1.0).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """kill -9."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def errors(self) -> list[str]:
        """Tracebacks in the server's log (none expected)."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if "Traceback" in line or "ERROR" in line]


def quick_args(*extra: str) -> list[str]:
    """No limits (the tests make many requests, sockets and tables fast, from one address)
    unless a test sets its own."""
    return ["--trusted", "--msg-rate", "0", *extra]


@contextlib.contextmanager
def sqlite_server(folder: Path, *args: str) -> Iterator[Server]:
    """A module's ``kaboom serve`` on SQLite in ``folder`` with ``args`` (default
    ``quick_args``): stopped at the end, when its log must hold no error."""
    args = args or tuple(quick_args())
    srv = Server(f"sqlite:///{folder}/kaboom.db", folder / "server.log", *args).start()
    yield srv
    srv.stop()
    assert not srv.errors(), srv.log.read_text()[-4000:]


# -- PostgreSQL -------------------------------------------------------------------------------
def postgres_base() -> str:
    return os.environ.get("KABOOM_TEST_POSTGRES", DEFAULT_POSTGRES)


def postgres_or_skip() -> str:
    """The test PostgreSQL's URL. Under CI (``CI=true``) a missing PostgreSQL fails the
    test: it must run there; elsewhere the test is skipped with the reason."""
    import psycopg

    url = postgres_base()
    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as err:
        reason = f"PostgreSQL not reachable at {url} ({err.__class__.__name__}: {err})"
        missing(reason, " (set KABOOM_TEST_POSTGRES, or run PostgreSQL)")
    return url


@contextlib.contextmanager
def postgres_schema() -> Iterator[str]:
    """A fresh schema of the test database (dropped afterwards): its URL, whose
    ``search_path`` puts every table of the server in it."""
    import psycopg

    url = postgres_or_skip()
    name = "kbt_" + secrets.token_hex(6)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    sep = "&" if "?" in url else "?"
    try:
        yield f"{url}{sep}options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {name} CASCADE")


# -- messages ---------------------------------------------------------------------------------
def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text())
    return Draft202012Validator(schema)


SERVER_SCHEMA = _validator("server")
CLIENT_SCHEMA = _validator("client")


def check_schema(messages: list[dict[str, Any]], sent: Sequence[dict[str, Any]] = ()) -> None:
    """Every message received is valid under the server's schema; every one ``sent``
    (a client's well-formed messages) under the client's."""
    for schema, batch in ((SERVER_SCHEMA, messages), (CLIENT_SCHEMA, sent)):
        for msg in batch:
            errors = sorted(schema.iter_errors(msg), key=str)
            assert not errors, f"{msg.get('type')} message not in the schema: {errors[0]}"


def scripted(seed: int, nope: float = 0.4, silent: float = 0.2) -> Any:
    """A person at a client: a random legal action; in a window, a Nope now and then (when
    offered), a pass, or (``silent``) no answer at all (the clock passes for them)."""
    rng = random.Random(seed)

    def choose(obs: dict[str, Any], decision: dict[str, Any]) -> int | None:
        legal = decision["legal"]
        if decision["kind"] == "window":
            if rng.random() < silent:
                return None
            nopes: list[int] = [a["id"] for a in legal if a["text"] != "pass"]
            if nopes and rng.random() < nope:
                return rng.choice(nopes)
            return int(next(a["id"] for a in legal if a["text"] == "pass"))
        return int(rng.choice(legal)["id"])

    return choose


async def play_person(client: SeatClient, choose: Any, stop_at: int | None = None) -> Any:
    """``client.play`` for a scripted person that may leave a window unanswered (it acts on
    the decision it holds already, then on each one it is sent)."""
    answered: set[tuple[str, int]] = set()
    while client.over is None:
        decision = client.decision
        if decision is not None and (decision["kind"], decision["at"]) not in answered:
            answered.add((decision["kind"], decision["at"]))
            action = choose(decision["observation"] or client.observation, decision)
            if action is not None:
                await client.act(action, at=decision["at"])
        msg = await client.recv(120.0)
        if stop_at is not None and msg["type"] in ("update", "sync") and msg["seq"] >= stop_at:
            return msg
    return client.over


async def watch(client: SeatClient) -> Any:
    while client.over is None:
        await client.recv(120.0)
    return client.over


# -- the leak oracle --------------------------------------------------------------------------
@dataclass
class Replay:
    """A server-side replay of a finished table from its export: the state at each seq."""

    export: dict[str, Any]
    state: State = field(init=False)
    log: list[list[Event]] = field(init=False)
    at: int = 0
    opened: int | None = None

    def __post_init__(self) -> None:
        ex = self.export
        self.state = new_game(ex["game"], ex["players"], int(ex["seed"]), **ex["options"])
        self.log = [self.state.opening()]

    def to(self, seq: int) -> State:
        history = self.export["history"]
        assert seq >= self.at, f"messages out of order: {seq} after {self.at}"
        while self.at < seq:
            key_before = window_key(self.state)
            action = history[self.at]
            self.log.append(self.state.apply(action, self.state.to_act))
            self.at += 1
            key = window_key(self.state)
            if key is None:
                self.opened = None
            elif key != key_before:
                self.opened = self.at
        return self.state


def expected_decision(state: State, seat: int | None) -> dict[str, Any] | None:
    """The decision a seat may be offered in ``state``, without ``at`` and ``clock``."""
    if seat is None or state.is_over:
        return None
    if window_key(state) is not None:
        world = world_when_asked(state, seat)
        if world is None:
            return None
        legal = [{"id": a, "text": world.action_text(a)} for a in world.legal_actions()]
        return {"kind": "window", "legal": legal, "observation": world.observe(seat)}
    if state.to_act != seat:
        return None
    legal = [{"id": a, "text": state.action_text(a)} for a in state.legal_actions()]
    return {"kind": "turn", "legal": legal, "observation": None}


def check_connection(
    export: dict[str, Any], seat: int | None, messages: list[dict[str, Any]], exact_at: bool = True
) -> int:
    """Every message one connection got, against what its seat may know at that moment
    (``observe(seat)``, the events it may see, its decision): returns how many were
    checked. Before the end, no message holds the seed, another hand or the log."""
    replay = Replay(export)
    history = export["history"]
    seed = str(export["seed"])
    checked = 0
    for i, msg in enumerate(messages):
        kind = msg["type"]
        where = f"seat {seat}, message {i} ({kind}, seq {msg.get('seq')})"
        if kind != "over" and int(seed) > 2**32:  # (a small seed appears in any JSON)
            assert seed not in json.dumps(msg), f"{where}: the seed before the end"
        if kind in ("update", "sync"):
            state = replay.to(msg["seq"])
            if kind == "update":
                assert msg["events"] == seen(replay.log[msg["seq"]], seat), where
            else:
                for entry in msg["missed"]:
                    assert entry["events"] == seen(replay.log[entry["seq"]], seat), where
            assert msg["observation"] == state.observe(seat), f"{where}: observation"
            if seat is None:
                assert msg["observation"]["hand"] is None, where
            expected = expected_decision(state, seat)
            got = msg["decision"]
            if expected is None:
                assert got is None, f"{where}: a decision the seat does not have"
            else:
                assert got is not None, f"{where}: no decision"
                assert {k: got[k] for k in ("kind", "legal", "observation")} == expected, where
                if got["kind"] == "turn" or exact_at:
                    want = msg["seq"] if got["kind"] == "turn" else replay.opened
                    assert got["at"] == want, f"{where}: decision at {got['at']}, not {want}"
            assert (msg["window"] is None) == (window_key(state) is None), where
            checked += 1
        elif kind == "ack" and msg["status"] == "accepted":
            k = msg["applied"]
            assert history[k - 1] == msg["action"], f"{where}: acked {msg['action']} at {k}"
        elif kind == "welcome":
            assert msg["seat"] == seat, where
    return checked


async def make_table(
    lobby: Lobby,
    game: str,
    seats: list[str],
    window: float = WINDOW,
    **extra: Any,
) -> tuple[Created, list[Joined]]:
    """Create a table and seat a person (``p0``, ``p1``...) in each ``human`` seat."""
    table = await lobby.create(
        game=game,
        players=len(seats),
        seats=seats,
        window=window,
        bot_delay=extra.pop("bot_delay", 0.0),
        **extra,
    )
    joins = []
    for q, who in enumerate(seats):
        if who == "human":
            joins.append(await lobby.join(table["id"], f"p{q}-{secrets.token_hex(3)}", q))
    return table, joins


def run(coro: Any) -> Any:
    return asyncio.run(coro)
