"""Players, not links: identities, seats bound to them, ratings, chat.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Adds the tables `identities` (accounts and guests), `match_players` (which identity holds which
seat: the index "My games" reads), `ratings` and `rating_changes` (per game, per match),
`chat` and `settings` (the server's cookie-signing key), and the columns of a match's table
rules (rated, spectators' chat) and of its bookkeeping (whose turn, the rematch, the
creator). Every existing match keeps its rows and reads back as an unrated match without
identities.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

MATCH_COLUMNS = [
    ("rated", sa.Boolean(), dict(nullable=False, server_default=sa.false())),
    ("rating_done", sa.Boolean(), dict(nullable=False, server_default=sa.false())),
    ("spectator_chat", sa.Boolean(), dict(nullable=False, server_default=sa.true())),
    ("to_move", sa.Integer(), {}),
    ("rematch", sa.String(32), {}),
    ("rematch_of", sa.String(32), {}),
    ("creator", sa.String(32), {}),
]


def upgrade() -> None:
    op.create_table(
        "identities",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(80), unique=True),
        sa.Column("password_hash", sa.String(255)),
        sa.Column("session", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False))
    with op.batch_alter_table("matches") as batch:
        for name, type_, extra in MATCH_COLUMNS:
            batch.add_column(sa.Column(name, type_, **extra))
        batch.create_index("ix_matches_game", ["game"])
    op.create_table(
        "match_players",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("identity_id", sa.String(32), sa.ForeignKey("identities.id"),
                  nullable=False, index=True))
    op.create_table(
        "ratings",
        sa.Column("identity_id", sa.String(32), sa.ForeignKey("identities.id"),
                  primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True, index=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("identity_id", sa.String(32), sa.ForeignKey("identities.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False))
    op.create_table(
        "chat",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer()),
        sa.Column("identity_id", sa.String(32), sa.ForeignKey("identities.id")),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False))


def downgrade() -> None:
    for table in ("settings", "chat", "rating_changes", "ratings", "match_players"):
        op.drop_table(table)
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_game")
        for name, _, _ in reversed(MATCH_COLUMNS):
            batch.drop_column(name)
    op.drop_table("identities")
