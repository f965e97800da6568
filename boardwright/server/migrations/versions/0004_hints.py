"""Hint tables: a seated player may ask for the bot's suggestions (issue 25).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Adds to `matches` whether the table allows hints. Every existing match reads back as a table
without hints (the server default), so nothing already played changes meaning.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("hints")
