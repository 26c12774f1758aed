"""Votes and presence in the database, so that every process serving a table shares them:
the table's votes to let a bot play a disconnected seat, and which seats have a person
connected at which process.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "kaboom_votes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("voter", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", "voter"),
    )
    op.create_table(
        "kaboom_presence",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("instance", sa.String(16), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", "instance"),
    )


def downgrade() -> None:
    op.drop_table("kaboom_presence")
    op.drop_table("kaboom_votes")
