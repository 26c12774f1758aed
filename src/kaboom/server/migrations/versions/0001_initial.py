"""The first schema: tables, seats, the append-only action log, queued window answers.

Revision ID: 0001
Revises:
Create Date: 2026-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "kaboom_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("window", sa.Float, nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("winners", sa.Text, nullable=True),
        sa.Column("end_reason", sa.String(32), nullable=True),
    )
    op.create_index("kaboom_tables_status", "kaboom_tables", ["status"])
    op.create_table(
        "kaboom_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(128), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
        sa.Column("takeover", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("kaboom_seats_name", "kaboom_seats", ["name"])
    op.create_index("kaboom_seats_token", "kaboom_seats", ["token_hash"])
    op.create_table(
        "kaboom_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("client_key", sa.String(64), nullable=True),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seq"),
        sa.UniqueConstraint("table_id", "seat", "client_key", name="kaboom_actions_key"),
    )
    op.create_table(
        "kaboom_answers",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("window_seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("client_key", sa.String(64), nullable=True),
        sa.PrimaryKeyConstraint("table_id", "window_seq", "seat"),
    )


def downgrade() -> None:
    op.drop_table("kaboom_answers")
    op.drop_table("kaboom_actions")
    op.drop_index("kaboom_seats_token", "kaboom_seats")
    op.drop_index("kaboom_seats_name", "kaboom_seats")
    op.drop_table("kaboom_seats")
    op.drop_index("kaboom_tables_status", "kaboom_tables")
    op.drop_table("kaboom_tables")
