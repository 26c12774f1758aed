"""The game server: tables, seats, spectators and bots over HTTP and WebSockets.

``kaboom serve`` runs it (FastAPI + uvicorn); ``docs/protocol.md`` describes the protocol.
Modules: ``app`` (HTTP lobby, the WebSocket), ``hub`` (the tables of this process),
``table`` (one table: seats, clocks, windows, what each seat is sent), ``bot`` (bots as
seat clients in this process), ``protocol`` (the messages and their JSON Schemas), ``db``
(SQLAlchemy; Alembic ``migrations``), ``pg`` (several processes on one PostgreSQL),
``export`` (a game's log for ``kaboom replay``), ``client`` (the client side: ``kaboom
connect``, tests, the load benchmark).
"""
