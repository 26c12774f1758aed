"""Alembic's environment: the server hands it an open connection (``db.migrate``)."""

from __future__ import annotations

from alembic import context

from kaboom.server.db import VERSION_TABLE, metadata


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=metadata,
        version_table=VERSION_TABLE,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # run by Alembic; a plain import does nothing
    run()
