"""Accounts (issue 35): ``kaboom_accounts`` (a name unique after NFKC and case folding, an
argon2id hash of the password), ``kaboom_sessions`` (the SHA-256 of each signed-in
session's cookie) and, on ``kaboom_seats``, the account of the person seated.

Revision ID: 0004_accounts
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_accounts"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "kaboom_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "kaboom_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("kaboom_accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    with op.batch_alter_table("kaboom_seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("kaboom_seats") as batch:
        batch.drop_column("account_id")
    op.drop_table("kaboom_sessions")
    op.drop_table("kaboom_accounts")
