"""The table's chat (issue 35): its lines (``kaboom_chat``, one row per line, keyed by the
table and the line's number), and on the table's row whether the chat is on, its host (the
first person seated, who may turn it off) and how many spectators have spoken (``S{k}``).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain default (not a SQL expression such as sa.true()): SQLite then adds the column
    # in place, where an expression makes Alembic copy and drop kaboom_tables, which the
    # other tables' foreign keys refuse once it holds rows.
    with op.batch_alter_table("kaboom_tables") as batch:
        batch.add_column(sa.Column("chat", sa.Boolean, nullable=False, server_default="1"))
        batch.add_column(sa.Column("host_seat", sa.Integer, nullable=True))
        batch.add_column(sa.Column("spectators", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "kaboom_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("who", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("audience", sa.String(12), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "n"),
    )


def downgrade() -> None:
    op.drop_table("kaboom_chat")
    with op.batch_alter_table("kaboom_tables") as batch:
        batch.drop_column("spectators")
        batch.drop_column("host_seat")
        batch.drop_column("chat")
