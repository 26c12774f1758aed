"""Alembic migrations of the server's database (run by ``kaboom serve`` on start)."""
