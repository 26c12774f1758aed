"""``kaboom serve``: the app under uvicorn."""

from __future__ import annotations

import logging

from kaboom.server.config import ServerConfig


def serve(host: str, port: int, config: ServerConfig, log_level: str = "info") -> None:
    """Run the server until interrupted (the database is upgraded, unfinished tables are
    rebuilt, before the first request)."""
    import uvicorn

    from kaboom.server.app import create_app
    from kaboom.server.protocol import MAX_CLIENT_MESSAGE

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=4 * MAX_CLIENT_MESSAGE,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        access_log=False,
    )
