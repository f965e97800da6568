"""Server-side sessions: which browser is logged in as which identity (issue 38, M4).

A session is a random token (`secrets.token_urlsafe(32)`) that the identity cookie carries
(signed, `identity.py`); the database holds only its SHA-256, so neither a copy of the database
nor of the signing key makes a cookie that works. A session ends when its browser logs out
(the row is deleted: a copied cookie stops working at once), when its identity logs out
everywhere or changes its password (every row of the identity), or at `expires`. Logging in
and signing up always start a new session and end the browser's previous one, so a cookie
planted before (session fixation) never becomes an account's.

Blocking calls over the store's engine; run them off the event loop (`asyncio.to_thread`).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)

from .store import IdentityRow, Store, _identity_row, identities_table, metadata, now

sessions_table = Table(
    "sessions", metadata,
    #: SHA-256 of the session token; never the token
    Column("token_hash", String(64), primary_key=True),
    Column("identity_id", String(32), ForeignKey("identities.id"), nullable=False,
           index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def start(store: Store, identity_id: str, lifetime: timedelta,
          previous: str | None = None) -> str:
    """A new session of `identity_id` (its token); `previous` (the browser's old session
    token) ends in the same transaction, and so do sessions past their end."""
    token = secrets.token_urlsafe(32)
    stamp = now()
    with store.engine.begin() as conn:
        if previous:
            conn.execute(delete(sessions_table).where(
                sessions_table.c.token_hash == token_hash(previous)))
        conn.execute(delete(sessions_table).where(sessions_table.c.expires < stamp))
        conn.execute(insert(sessions_table).values(
            token_hash=token_hash(token), identity_id=identity_id, created=stamp,
            expires=stamp + lifetime))
    return token


def identity(store: Store, token: str) -> IdentityRow | None:
    """The identity of a live session, or None (no such session, ended, past its end)."""
    query = (select(identities_table, sessions_table.c.expires)
             .join(sessions_table, sessions_table.c.identity_id == identities_table.c.id)
             .where(sessions_table.c.token_hash == token_hash(token)))
    with store.engine.connect() as conn:
        row = conn.execute(query).mappings().first()
    if row is None:
        return None
    data = dict(row)
    expires: datetime = data.pop("expires")
    if expires.tzinfo is None:  # SQLite gives naive datetimes back (stored in UTC)
        expires = expires.replace(tzinfo=now().tzinfo)
    return _identity_row(data) if expires > now() else None


def end(store: Store, token: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(delete(sessions_table).where(
            sessions_table.c.token_hash == token_hash(token)))


def end_all(store: Store, identity_id: str) -> int:
    """End every session of `identity_id` (log out everywhere); returns how many."""
    with store.engine.begin() as conn:
        result = conn.execute(delete(sessions_table).where(
            sessions_table.c.identity_id == identity_id))
    return int(result.rowcount or 0)


def count(store: Store, identity_id: str) -> int:
    with store.engine.connect() as conn:
        return len(conn.execute(select(sessions_table.c.token_hash).where(
            sessions_table.c.identity_id == identity_id)).all())


def end_legacy(store: Store, identity_id: str) -> None:
    """End the identity's cookies from before sessions (they carry its session number)."""
    with store.engine.begin() as conn:
        conn.execute(update(identities_table).where(identities_table.c.id == identity_id)
                     .values(session=identities_table.c.session + 1))
