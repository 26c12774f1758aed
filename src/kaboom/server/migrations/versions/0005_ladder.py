"""The ladder (issue 35): whether a table is rated (``kaboom_tables.rated``), each
subject's OpenSkill skill per game and player count (``kaboom_ratings``: ``account:<id>``
or ``bot:<spec>``), and its skill after each rated table it finished
(``kaboom_rating_history``).

Revision ID: 0005_ladder
Revises: 0004_accounts
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_ladder"
down_revision = "0004_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain default (not a SQL expression such as sa.true()): SQLite then adds the column
    # in place, where an expression makes Alembic copy and drop kaboom_tables, which the
    # other tables' foreign keys refuse once it holds rows.
    with op.batch_alter_table("kaboom_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default="0"))
    op.create_table(
        "kaboom_ratings",
        sa.Column("subject", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("subject", "game", "players"),
    )
    op.create_table(
        "kaboom_rating_history",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kaboom_tables.id"), nullable=False),
        sa.Column("subject", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "subject"),
    )
    op.create_index(
        "kaboom_rating_history_subject",
        "kaboom_rating_history",
        ["subject", "game", "players", "at"],
    )


def downgrade() -> None:
    op.drop_index("kaboom_rating_history_subject", "kaboom_rating_history")
    op.drop_table("kaboom_rating_history")
    op.drop_table("kaboom_ratings")
    with op.batch_alter_table("kaboom_tables") as batch:
        batch.drop_column("rated")
