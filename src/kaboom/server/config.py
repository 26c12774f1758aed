"""The server's settings (``kaboom serve`` options)."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from kaboom.bots.ismcts import LEVELS
from kaboom.sim.analysis import PLAYOUTS

DEFAULT_DB = "sqlite:///kaboom-server.db"
#: What the hardest level of the server's search bot asks a decision (iterations, seconds):
#: the default caps on any search a table asks for.
HARD_ITERATIONS, HARD_SECONDS = LEVELS["hard"]


@dataclass(slots=True)
class ServerConfig:
    """How a server runs. ``origins``: the Origins a browser's WebSocket may come from
    besides the server's own (a client that sends no Origin, a program, is let in);
    ``idle``: seconds without any activity after which a table is ended; the rates are
    per WebSocket (messages) and per client address (HTTP requests) with their bursts
    (0: no limit).

    The caps on what one table may ask (``max_*``) are refused beyond with a 400 naming the
    field and the limit; the limits per client address (``client_*``, and ``http_rate``)
    sum over all its connections (0: no limit), and ``trusted`` lifts them all (a private
    server whose clients are known)."""

    db: str = DEFAULT_DB
    origins: tuple[str, ...] = ()
    idle: float = 3600.0
    sweep: float = 1.0
    fallback_bot: str = "heuristic"
    msg_rate: float = 20.0
    msg_burst: float = 60.0
    http_rate: float = 20.0
    http_burst: float = 200.0
    #: Worker processes for the bots' searches (``pool.BotPool``).
    bot_processes: int = 2
    max_tables: int = 20_000
    #: A table's caps: a search bot's iterations and seconds a decision, its seats that a
    #: search bot plays, and its clocks (seconds).
    max_iterations: int = HARD_ITERATIONS
    max_seconds: float = HARD_SECONDS
    max_search_seats: int = 4
    max_clock: float = 3600.0
    max_window: float = 60.0
    max_bot_delay: float = 10.0
    #: Per client address, over all its connections: open WebSockets, live tables it
    #: created (open or playing), and messages a second on its WebSockets with their burst.
    client_sockets: int = 32
    client_tables: int = 8
    client_msg_rate: float = 50.0
    client_msg_burst: float = 200.0
    trusted: bool = False
    #: Sign-in attempts (issue 35): per name (any address) and per client address (any
    #: name), a token bucket each (rate a second, burst); ``trusted`` lifts the address's.
    signin_rate: float = 1 / 12
    signin_burst: float = 5.0
    client_signin_rate: float = 1 / 3
    client_signin_burst: float = 20.0
    #: Finished tables stay in memory this long for late reconnects (then the database).
    keep_finished: float = 120.0
    #: Offer WebSocket compression (permessage-deflate) to clients that ask for it: off by
    #: default (README, "Load": on small JSON messages it costs CPU at both ends, and zlib's
    #: state for each connection, for little gain on a LAN or a broadband link).
    ws_compression: bool = False
    #: The coach (issue 32: ``coach``): a hint's and a game review's search, on the bots'
    #: pool (``pool.BotPool``, in the table owner's turn), each bounded by its seconds (a
    #: review's decisions left when its time is up get one round each: wider intervals);
    #: the rounds a decision is searched; finished reviews kept in memory (least recently
    #: asked forgotten first).
    hint_seconds: float = 2.0
    hint_playouts: int = PLAYOUTS
    review_seconds: float = 20.0
    review_playouts: int = PLAYOUTS
    reviews_kept: int = 256
    #: Tune the garbage collector for a long-running process at startup (``hub.settle_gc``:
    #: ``kaboom serve`` does; a test that runs a hub in its own process need not).
    settle_gc: bool = False
    #: The address ``kaboom serve`` listens on (None: not known, an app made in a test):
    #: the lobby says beside an invite's QR code when other devices cannot reach it
    #: (issue 46: ``loopback``).
    listen_host: str | None = None

    def __post_init__(self) -> None:
        if self.trusted:  # every limit per client address lifted
            self.client_sockets = self.client_tables = 0
            self.client_msg_rate = self.http_rate = self.client_signin_rate = 0.0


def loopback(host: str | None) -> bool | None:
    """Whether ``host`` is an address only this machine reaches (127.0.0.1, ::1,
    localhost); None where the address is not known.

    >>> loopback("127.0.0.1"), loopback("localhost"), loopback("::1"), loopback("0.0.0.0")
    (True, True, True, False)
    >>> loopback("192.168.1.5"), loopback("kaboom.example"), loopback(None)
    (False, False, None)
    """
    if host is None:
        return None
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:  # a host name: whatever it names, it is not this machine's loopback
        return False


def origin_ok(headers: Mapping[str, str], config: ServerConfig) -> bool:
    """A browser's WebSocket (or a signed-in request, issue 35) must come from this
    server's own origin or a configured one; a client that sends no Origin (a program) is
    let in."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in config.origins or "*" in config.origins:
        return True
    return bool(urlsplit(origin).netloc) and urlsplit(origin).netloc == headers.get("host")
