"""The schema of the servers from before migrations: `matches` and `actions`.

Revision ID: 0001
Revises:
Create Date: 2026-12-01

A database made by such a server has these tables but no `alembic_version`: this revision then
adds only the columns its server lacked (the oldest had no `seeded`, `control_hash`, `ended`),
so its matches carry on unchanged. On an empty database it creates both tables.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _late_columns() -> list[sa.Column[object]]:
    return [sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false()),
            sa.Column("control_hash", sa.String(64)),
            sa.Column("ended", sa.String(16))]


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if not inspector.has_table("matches"):
        op.create_table(
            "matches",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("players", sa.Integer(), nullable=False),
            sa.Column("options", sa.JSON(), nullable=False),
            sa.Column("seats", sa.JSON(), nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("seed", sa.BigInteger(), nullable=False),
            sa.Column("lang", sa.String(8), nullable=False),
            sa.Column("clock_seconds", sa.Integer()),
            sa.Column("grace_seconds", sa.Integer()),
            sa.Column("engine_version", sa.String(20), nullable=False),
            sa.Column("rules_version", sa.String(40), nullable=False),
            sa.Column("seq", sa.Integer(), nullable=False),
            sa.Column("returns", sa.JSON()),
            sa.Column("winners", sa.JSON()),
            sa.Column("created", sa.DateTime(timezone=True), nullable=False),
            sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
            *_late_columns())
        op.create_index("ix_matches_status", "matches", ["status"])
    else:
        present = {c["name"] for c in inspector.get_columns("matches")}
        missing = [c for c in _late_columns() if c.name not in present]
        if missing:
            with op.batch_alter_table("matches") as batch:
                for column in missing:
                    batch.add_column(column)
        if "ix_matches_status" not in {i["name"] for i in inspector.get_indexes("matches")}:
            op.create_index("ix_matches_status", "matches", ["status"])
    if not inspector.has_table("actions"):
        op.create_table(
            "actions",
            sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
            sa.Column("seq", sa.Integer(), primary_key=True),
            sa.Column("actor", sa.Integer(), nullable=False),
            sa.Column("action", sa.Text(), nullable=False),
            sa.Column("time", sa.DateTime(timezone=True), nullable=False))


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_index("ix_matches_status", "matches")
    op.drop_table("matches")
