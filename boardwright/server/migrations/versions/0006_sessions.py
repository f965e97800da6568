"""Server-side sessions: a login is a row, so that logging out ends it for good (issue 38).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04

Adds `sessions`: one row per logged-in browser, keyed by the SHA-256 of the random session
token its cookie carries (never the token), with its identity and when it ends. Nothing that
exists changes; a cookie from before (identity id and session number) is read as before until
its identity logs out (`identity.py`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("identity_id", sa.String(32), sa.ForeignKey("identities.id"),
                  nullable=False, index=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False, index=True))


def downgrade() -> None:
    op.drop_table("sessions")
