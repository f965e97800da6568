"""Turn-based matches: days per move, and what a missed deadline does.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

Adds to `matches` the table's mode (`live`, every existing match, or `turn`), its days per
move, what a missed deadline does (`bot` plays for the late player, `lose` ends the match with
them last) and the deadline of the person to move (indexed: the server's sweep looks for
passed ones).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("mode", sa.String(8), nullable=False, server_default="live"))
        batch.add_column(sa.Column("move_days", sa.Integer()))
        batch.add_column(sa.Column("on_timeout", sa.String(8)))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True)))
        batch.create_index("ix_matches_deadline", ["deadline"])


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_deadline")
        for name in ("deadline", "on_timeout", "move_days", "mode"):
            batch.drop_column(name)
