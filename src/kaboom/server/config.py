"""The server's settings (``kaboom serve`` options)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_DB = "sqlite:///kaboom-server.db"


@dataclass(slots=True)
class ServerConfig:
    """How a server runs. ``origins``: the Origins a browser's WebSocket may come from
    besides the server's own (a client that sends no Origin, a program, is let in);
    ``idle``: seconds without any activity after which a table is ended; the rates are
    per WebSocket (messages) and per client address (HTTP requests) with their bursts
    (0: no limit)."""

    db: str = DEFAULT_DB
    origins: tuple[str, ...] = ()
    idle: float = 3600.0
    sweep: float = 1.0
    fallback_bot: str = "heuristic"
    msg_rate: float = 20.0
    msg_burst: float = 60.0
    http_rate: float = 20.0
    http_burst: float = 200.0
    bot_threads: int = 2
    max_tables: int = 20_000
    #: Finished tables stay in memory this long for late reconnects (then the database).
    keep_finished: float = 120.0
    #: Offer WebSocket compression (permessage-deflate) to clients that ask for it: off by
    #: default (README, "Load": on small JSON messages it costs CPU at both ends, and zlib's
    #: state for each connection, for little gain on a LAN or a broadband link).
    ws_compression: bool = False
    #: Tune the garbage collector for a long-running process at startup (``hub.settle_gc``:
    #: ``kaboom serve`` does; a test that runs a hub in its own process need not).
    settle_gc: bool = False
