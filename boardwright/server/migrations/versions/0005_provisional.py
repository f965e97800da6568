"""Undo: a person's steps that are not final yet, and tables that confirm turns (issue 37).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04

Adds the `provisional` table (a seat's steps after the match's last final action, seen only by
that seat until they are final; docs/web-client.md section 5) and to `matches` whether the
table lets people take steps back (`allow_undo`) and holds a turn's last step until its player
confirms it (`confirm_turn`). Every existing match reads back as a table without either (the
server default), so nothing already played changes meaning.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("allow_undo", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("confirm_turn", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "provisional",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("provisional")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("confirm_turn")
        batch.drop_column("allow_undo")
