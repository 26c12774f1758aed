"""Load on one ``kaboom serve`` process: N concurrent bot tables over WebSockets on loopback.

Each table seats ``--remote`` clients over WebSockets (they pick a random legal action
after ``--think`` seconds on average, a pass or a Nope now and then in reaction windows)
and server-side bots in the other seats (``random``, paced by the table's ``bot_delay``);
a table whose game ends is replaced by a new one, so N stay in play. Reported: tables,
actions and messages per second, and the latency from an action sent to the resulting
update received by every remote seat of its table (p50, p99, max), with the server's CPU.

    .venv/bin/python bench/server_load.py --tables 100 --seconds 30
    .venv/bin/python bench/server_load.py --tables 500 --db postgresql://postgres@127.0.0.1/test

``--url`` uses a running server instead of starting one (``--server-pid`` for its CPU);
``KABOOM_SERVER_PROFILE=FILE`` in the server's environment writes a cProfile of it
(``--profile FILE`` sets it here), ``--client-profile FILE`` one of the clients' process.
The clients' garbage collector is settled as the server's (``hub.settle_gc``: its pauses
would count as the server's latency) and its pauses are reported; they offer WebSocket
compression only with ``--compression`` (which starts the server with it). The server's
limits per client address stay on, set far above what the load asks from its one address
(their bookkeeping is in the figures, no refusal is), unless ``--trusted`` lifts them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import json
import os
import random
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
if importlib.util.find_spec("sniffio") is None:
    # httpcore tries to import it at every request (a search of sys.path each time, the
    # lobby's main cost here): not there is remembered once
    sys.modules["sniffio"] = None  # type: ignore[assignment]


#: The server's limits per client address, far above what the load asks from its one address.
ABOVE_THE_LOAD = [
    *("--client-sockets", "1000000", "--client-tables", "1000000"),
    *("--client-msg-rate", "1000000"),
]


@dataclass
class Figures:
    started: float = field(default_factory=time.monotonic)
    games: int = 0
    actions: int = 0
    messages: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    tables: list[Table] = field(default_factory=list)
    #: Latencies count from here on (after the tables have opened: the steady state).
    measure_from: float = 0.0
    #: Log entries applied (the tables' seqs) and CPU seconds (server, this client) when
    #: the steady state began: the CPU an action costs is measured over it alone.
    steady: tuple[int, float, float] | None = None
    #: Whether the clients offer WebSocket compression (``--compression``).
    compression: bool = False
    #: The server's counters (``/api/health``) when the steady state began.
    steady_stats: dict[str, float] = field(default_factory=dict)
    #: The server's garbage collections of each generation then.
    steady_gc: list[int] = field(default_factory=list)
    #: This process's garbage collections over the steady state: (count, longest seconds).
    gc_pauses: list[float] = field(default_factory=list)


class Seat:
    """One remote seat: a WebSocket client that plays random legal actions."""

    def __init__(self, table: Table, token: str) -> None:
        self.table, self.token = table, token
        self.ws: Any = None
        self.seq = -1
        self.over = False

    async def run(self, base: str, think: float, rng: random.Random) -> None:
        url = base.replace("http://", "ws://") + "/ws"
        # permessage-deflate offered only with --compression (the server's is off too)
        deflate = "deflate" if self.table.figures.compression else None
        async with websockets.connect(url, max_size=2**24, compression=deflate) as ws:
            self.ws = ws
            hello = {"v": 1, "type": "hello", "table": self.table.id, "token": self.token}
            await ws.send(orjson.dumps(hello).decode())
            answered: set[tuple[str, int]] = set()
            pending: asyncio.Task[None] | None = None
            async for raw in ws:
                msg = orjson.loads(raw)  # the client side's main cost: parsed at C speed
                self.table.figures.messages += 1
                kind = msg["type"]
                if kind == "over":
                    self.over = True
                    break
                if kind == "error":
                    self.table.figures.errors += 1
                if kind not in ("update", "sync"):
                    continue
                self.seq = msg["seq"]
                self.table.received(self, msg["seq"])
                decision = msg["decision"]
                if decision is None:
                    continue
                ident = (decision["kind"], decision["at"])
                if ident in answered:
                    continue
                answered.add(ident)
                if pending is not None and not pending.done():
                    pending.cancel()
                pending = asyncio.create_task(self.act(decision, think, rng))
            if pending is not None:
                pending.cancel()

    async def act(self, decision: dict[str, Any], think: float, rng: random.Random) -> None:
        legal = decision["legal"]
        if decision["kind"] == "window":
            nopes = [a["id"] for a in legal if a["text"] != "pass"]
            action = (
                rng.choice(nopes)
                if nopes and rng.random() < 0.2
                else next(a["id"] for a in legal if a["text"] == "pass")
            )
            await asyncio.sleep(rng.random() * 0.2)
        else:
            action = rng.choice(legal)["id"]
            await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
        msg = {
            "v": 1,
            "type": "action",
            "key": secrets.token_hex(6),
            "id": action,
            "at": decision["at"],
        }
        if decision["kind"] == "turn":
            self.table.sent(decision["at"] + 1)
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(orjson.dumps(msg).decode())


class Table:
    def __init__(self, figures: Figures) -> None:
        self.figures = figures
        self.id = ""
        self.seats: list[Seat] = []
        self.max_seq = 0
        figures.tables.append(self)
        #: seq -> (time sent, remote seats that still have to receive it)
        self.waiting: dict[int, tuple[float, set[int]]] = {}

    def sent(self, seq: int) -> None:
        self.waiting[seq] = (time.perf_counter(), {id(s) for s in self.seats})

    def received(self, seat: Seat, seq: int) -> None:
        self.max_seq = max(self.max_seq, seq)
        entry = self.waiting.get(seq)
        if entry is None:
            return
        entry[1].discard(id(seat))
        if not entry[1]:
            if time.monotonic() >= self.figures.measure_from:
                self.figures.latencies.append(time.perf_counter() - entry[0])
                self.figures.actions += 1
            del self.waiting[seq]


async def one_table(
    http: httpx.AsyncClient, base: str, args: argparse.Namespace, figures: Figures, n: int
) -> None:
    rng = random.Random(n)
    if True:
        seats = ["human"] * args.remote + ["random"] * (args.players - args.remote)
        body = {
            "game": args.game,
            "players": args.players,
            "seats": seats,
            "window": args.window,
            "bot_delay": args.think,
        }
        made = (await http.post("/api/tables", json=body)).json()
        table = Table(figures)
        table.id = made["id"]
        tokens = []
        for q in range(args.remote):
            joined = await http.post(f"/api/tables/{table.id}/join", json={"name": f"b{q}"})
            tokens.append(joined.json()["token"])
        table.seats = [Seat(table, t) for t in tokens]
        runs = [asyncio.create_task(s.run(base, args.think, rng)) for s in table.seats]
        await asyncio.sleep(0.2)
        await http.post(
            f"/api/tables/{table.id}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
        )
        await asyncio.gather(*runs)
        figures.games += 1


async def keep_tables(base: str, args: argparse.Namespace, figures: Figures) -> None:
    deadline = time.monotonic() + args.seconds
    counter = 0
    shared: list[httpx.AsyncClient] = []

    async def slot(k: int) -> None:
        nonlocal counter
        await asyncio.sleep(k * args.ramp / max(args.tables, 1))
        while time.monotonic() < deadline:
            counter += 1
            try:
                await one_table(shared[0], base, args, figures, counter)
            except Exception as err:
                figures.errors += 1
                print(f"table error: {err!r}", file=sys.stderr)
                await asyncio.sleep(1)

    async def mark_steady() -> None:
        await asyncio.sleep(max(0.0, figures.measure_from - time.monotonic()))
        applied = sum(t.max_seq for t in figures.tables)
        figures.steady = (applied, cpu_seconds(args.server_pid), own_cpu())
        with contextlib.suppress(httpx.HTTPError, KeyError, ValueError):
            health = (await shared[0].get("/api/health")).json()
            figures.steady_stats = health["stats"]
            figures.steady_gc = health["gc"]["collections"]

    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        shared.append(http)
        tasks = [asyncio.create_task(slot(k)) for k in range(args.tables)]
        tasks.append(asyncio.create_task(mark_steady()))
        await asyncio.sleep(args.seconds)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def time_gc(figures: Figures) -> None:
    """The clients' own collector: tuned as the server's (``settle_gc``: its pauses would
    count as the server's latency), and each collection over the steady state timed."""
    from kaboom.server.hub import settle_gc

    settle_gc()
    began = [0.0]

    def pause(phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif time.monotonic() >= figures.measure_from:
            figures.gc_pauses.append(time.perf_counter() - began[0])

    gc.callbacks.append(pause)


def steady_lag(before: dict[str, float], after: dict[str, float]) -> dict[str, float | None]:
    """The server's event-loop lag over the steady state (the counters' difference)."""
    if not before or not after:
        return {"mean_ms": None, "over_50ms": None}
    n = max(after["lag_n"] - before["lag_n"], 1)
    return {
        "mean_ms": round(1000 * (after["lag_s"] - before["lag_s"]) / n, 1),
        "over_50ms": after["lag_over_50ms"] - before["lag_over_50ms"],
    }


def own_cpu() -> float:
    """CPU seconds of this process (the load's clients) so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cpu_seconds(pid: int | None) -> float:
    if pid is None:
        return 0.0
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default="exploding-kittens")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--remote", type=int, default=2, help="WebSocket seats per table")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds per turn decision")
    ap.add_argument("--window", type=float, default=1.0, help="reaction window seconds")
    ap.add_argument("--ramp", type=float, default=5.0, help="seconds to open all tables")
    ap.add_argument(
        "--warmup", type=float, default=None, help="seconds before latencies count (ramp + 5)"
    )
    ap.add_argument("--db", default=None, help="server database (default: a new SQLite file)")
    ap.add_argument("--url", default=None, help="a running server instead")
    ap.add_argument(
        "--server-pid", type=int, default=None, help="with --url: the server's process (its CPU)"
    )
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument("--profile", default=None, help="write the server's cProfile here")
    ap.add_argument(
        "--client-profile", default=None, help="write the load generator's cProfile here"
    )
    ap.add_argument(
        "--compression",
        action="store_true",
        help="WebSocket compression on (the server's --ws-compression; the clients offer it)",
    )
    ap.add_argument(
        "--trusted",
        action="store_true",
        help="the server's limits per client address lifted (default: on, above the load)",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    proc = None
    base = args.url
    folder = tempfile.mkdtemp(prefix="kaboom-load-")
    db = args.db or f"sqlite:///{folder}/load.db"
    if base is None:
        base = f"http://127.0.0.1:{args.port}"
        env = dict(os.environ)
        if args.profile:
            env["KABOOM_SERVER_PROFILE"] = args.profile
        cmd = [
            sys.executable,
            "-m",
            "kaboom.cli.main",
            "serve",
            "--port",
            str(args.port),
            "--db",
            db,
            "--log-level",
            "warning",
            "--http-rate",
            "0",
            "--msg-rate",
            "0",
            *(["--trusted"] if args.trusted else ABOVE_THE_LOAD),
            *(["--ws-compression"] if args.compression else []),
        ]
        proc = subprocess.Popen(cmd, env=env)
        for _ in range(300):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
    args.server_pid = proc.pid if proc else args.server_pid
    load_before = os.getloadavg()[0]
    figures = Figures(compression=args.compression)
    warmup = args.ramp + 5.0 if args.warmup is None else args.warmup
    figures.measure_from = time.monotonic() + warmup
    cpu0 = cpu_seconds(args.server_pid)
    wall0 = time.monotonic()
    profiler = None
    if args.client_profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        time_gc(figures)
        try:
            import uvloop

            uvloop.run(keep_tables(base, args, figures))
        except ImportError:
            asyncio.run(keep_tables(base, args, figures))
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.client_profile)
        wall = time.monotonic() - wall0
        server_cpu_end = cpu_seconds(args.server_pid)
        cpu = (server_cpu_end - cpu0) if args.server_pid else 0.0
        stats: dict[str, float] = {}
        server_gc: list[int] = []
        with contextlib.suppress(httpx.HTTPError, KeyError):
            health = httpx.get(base + "/api/health", timeout=10).json()
            stats = health["stats"]
            server_gc = health["gc"]["collections"]
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    lat = sorted(figures.latencies) or [0.0]
    applied = sum(t.max_seq for t in figures.tables)
    steady_actions, server_cpu0, client_cpu0 = figures.steady or (0, 0.0, 0.0)
    steady_n = max(applied - steady_actions, 1)
    server_ms = 1000 * (server_cpu_end - server_cpu0) / steady_n if args.server_pid else None
    out = {
        "tables": args.tables,
        "players": args.players,
        "remote_seats_per_table": args.remote,
        "db": "postgresql" if db.startswith("postgres") else "sqlite",
        "limits_per_address": not args.trusted and args.url is None,
        "seconds": round(wall, 1),
        "games_finished": figures.games,
        "actions_applied": sum(t.max_seq for t in figures.tables),
        "actions_applied_per_s": round(sum(t.max_seq for t in figures.tables) / wall, 1),
        "turn_actions_timed": figures.actions,
        "timed_after_s": warmup,
        "messages_received_per_s": round(figures.messages / wall, 1),
        "latency_ms": {
            "p50": round(1000 * statistics.median(lat), 1),
            "p99": round(1000 * lat[int(0.99 * (len(lat) - 1))], 1),
            "max": round(1000 * lat[-1], 1),
        },
        "server_cpu_share": round(cpu / wall, 2) if args.server_pid else None,
        "client_cpu_share": round(own_cpu() / wall, 2),
        # CPU per log entry applied, over the steady state only (no table opening): the
        # figure that does not depend on what else the machine is running
        "server_cpu_ms_per_action": None if server_ms is None else round(server_ms, 3),
        "client_cpu_ms_per_action": round(1000 * (own_cpu() - client_cpu0) / steady_n, 3),
        # other work on the machine (the 1-minute load average when the run began)
        "machine_load_before": round(load_before, 2),
        "errors": figures.errors,
        "server_commits": stats.get("commits"),
        "server_writes_per_commit": round(stats["writes"] / max(stats["commits"], 1), 2)
        if stats
        else None,
        "server_commit_ms_mean": round(1000 * stats["commit_s"] / max(stats["commits"], 1), 2)
        if stats
        else None,
        "server_commit_ms_max": round(1000 * stats["commit_max_s"], 1) if stats else None,
        "server_loop_lag_ms_mean": round(1000 * stats["lag_s"] / max(stats["lag_n"], 1), 1)
        if stats
        else None,
        "server_loop_lag_ms_max": round(1000 * stats["lag_max_s"], 1) if stats else None,
        # over the steady state only (the run's maximum above includes the tables opening)
        "server_loop_lag_steady": steady_lag(figures.steady_stats, stats),
        # the server's collections of each generation over the steady state
        "server_gc_steady": [b - a for a, b in zip(figures.steady_gc, server_gc, strict=False)],
        "client_gc_pauses_steady": len(figures.gc_pauses),
        "client_gc_pause_ms_max": round(1000 * max(figures.gc_pauses, default=0.0), 1),
    }
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>24}: {v}")


if __name__ == "__main__":
    main()
