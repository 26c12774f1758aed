"""The coach (issue 32): whether a table allows hints (``kaboom_tables.hints``: set by its
creator, always on where every other seat is a bot) and whether every seat may see
everyone's review after the game (``kaboom_tables.open_reviews``).

Revision ID: 0006_coach
Revises: 0005_ladder
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_coach"
down_revision = "0005_ladder"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain default (not a SQL expression): SQLite adds the columns in place (0003's note).
    with op.batch_alter_table("kaboom_tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default="0"))
        batch.add_column(sa.Column("open_reviews", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("kaboom_tables") as batch:
        batch.drop_column("open_reviews")
        batch.drop_column("hints")
