"""``kaboom serve``: the app under uvicorn."""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
from collections.abc import Callable
from types import ModuleType

from starlette.types import ASGIApp

from kaboom.server.config import ServerConfig


def serve(
    host: str,
    port: int,
    config: ServerConfig,
    log_level: str = "info",
    factory: Callable[[ServerConfig], ASGIApp] | None = None,
) -> None:
    """Run the server until interrupted (the database is upgraded, unfinished tables are
    rebuilt, before the first request). ``factory`` makes the app (default: the server's
    own, ``kaboom.server.app.create_app``; ``kaboom serve`` adds the browser table)."""
    import uvicorn

    from kaboom.server.app import create_app as server_app

    create_app = factory or server_app
    # a process of its own; the address it listens on, for the lobby's invites (issue 46)
    config = dataclasses.replace(config, settle_gc=True, listen_host=host)

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    profile = os.environ.get("KABOOM_SERVER_PROFILE")
    if profile:  # where the time goes (bench/server_load.py --profile FILE)
        import cProfile

        def _exit(*_: object) -> None:
            raise SystemExit(0)  # uvicorn raises the signal again once it has shut down

        signal.signal(signal.SIGTERM, _exit)
        profiler = cProfile.Profile()
        profiler.enable()
        try:
            _run(uvicorn, create_app(config), host, port, log_level, config.ws_compression)
        finally:
            profiler.disable()
            profiler.dump_stats(profile)
        return
    _run(uvicorn, create_app(config), host, port, log_level, config.ws_compression)


def _run(
    uvicorn: ModuleType, app: ASGIApp, host: str, port: int, log_level: str, deflate: bool
) -> None:
    from kaboom.server.protocol import MAX_CLIENT_MESSAGE

    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=4 * MAX_CLIENT_MESSAGE,
        ws_per_message_deflate=deflate,  # off unless asked: ServerConfig.ws_compression
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        access_log=False,
    )
