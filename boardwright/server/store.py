"""Durable storage of matches and their actions (SQLAlchemy 2 Core; SQLite or PostgreSQL).

Why the sync engine from a thread rather than the async one: the async drivers (aiosqlite,
asyncpg) are extra dependencies, and the work here is a handful of tiny statements per commit.
`matches.py` calls `Store` through `asyncio.to_thread` and groups the actions of many matches
that wait at the same moment into one transaction (`GroupCommit`), so the event loop never
blocks on disk and one fsync serves many moves under load.

Durability: an action is acknowledged or broadcast only after its transaction has committed.
SQLite runs in WAL mode with `synchronous=NORMAL`: a committed transaction survives a crash of
the server process (kill -9); only a power loss can lose the last commits.

Several processes on one PostgreSQL database: each process keeps its own `LiveMatch` and its own
per-match `asyncio.Lock`, which orders moves only within that process. The database is the
guard between processes: `actions` has the primary key (match_id, seq), so of two processes
that each apply a different action as seq N+1, exactly one insert commits and the other raises
`SeqConflict` (PostgreSQL makes the second insert wait for the first transaction, then fail).
The loser stored nothing; it catches up with `load_since` (replaying the winner's actions) and
then answers `stale_seq` or re-validates the move against the new state. A process also catches
up before it answers a view, a (re)connection or a claim, so a reload shows moves made through
any process. `Store.shared` tells the server whether such catching up is needed (SQLite here is
one process's file). Each commit on PostgreSQL also notifies the other processes, which push
the stored moves to their own connections at once (`notices.py`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .notices import CHANNEL, notice_payload
from .seats import MatchError

log = logging.getLogger("boardwright.server")

metadata = MetaData()

matches_table = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    #: [{kind, name, agent, token_hash, joined}] per seat; token hashes only, never tokens
    Column("seats", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("seed", BigInteger, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("clock_seconds", Integer),
    Column("grace_seconds", Integer),
    Column("engine_version", String(20), nullable=False),
    Column("rules_version", String(40), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("returns", JSON),
    Column("winners", JSON),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    #: the creator chose the seed (allowed only without people): the match is marked so
    Column("seeded", Boolean, nullable=False, server_default=false()),
    #: SHA-256 of the creator's control token (abort, reissue a seat's link); never the token
    Column("control_hash", String(64)),
    #: why an `aborted` match ended: `expired` (nobody came), `aborted` (its creator),
    #: `too_long` (past the game's bound on actions)
    Column("ended", String(16)),
)
#: columns added after the first release, with the DDL that adds each to an older database
ADDED_COLUMNS = {
    "seeded": "BOOLEAN NOT NULL DEFAULT FALSE",
    "control_hash": "VARCHAR(64)",
    "ended": "VARCHAR(16)",
}

actions_table = Table(
    "actions", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    #: the match's seq after this action (1 for the first action)
    Column("seq", Integer, primary_key=True),
    #: the seat that acted, -1 for chance
    Column("actor", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)


class SeqConflict(Exception):
    """Another process already stored an action of this match with the same seq."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"match {match_id}: another server process stored this seq first")
        self.match_id = match_id


def now() -> datetime:
    return datetime.now(UTC)


@dataclass
class MatchRow:
    """A stored match, as read back on start or for the lobby."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    seed: int
    lang: str
    clock_seconds: int | None
    grace_seconds: int | None
    engine_version: str
    rules_version: str
    seq: int
    returns: list[float] | None
    winners: list[int] | None
    created: datetime
    updated: datetime
    seeded: bool = False
    control_hash: str | None = None
    ended: str | None = None


@dataclass
class ActionRow:
    seq: int
    actor: int
    action: str


@dataclass
class Commit:
    """The writes of one match made by one command: new actions and the match row's new fields."""

    match_id: str
    actions: list[ActionRow] = field(default_factory=list)
    match_fields: dict[str, Any] = field(default_factory=dict)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _engine_url(url: str) -> str:
    """`postgresql://` means psycopg 3 (the pinned `postgres` extra), not psycopg2."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    """Blocking storage calls; run them off the event loop (`asyncio.to_thread`)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(_engine_url(url), json_serializer=_dumps)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        #: True when other server processes may write the same matches (PostgreSQL)
        self.shared = self.engine.dialect.name == "postgresql"
        #: this process's name in the notices it sends, so that it can skip its own
        self.process = secrets.token_hex(8)
        metadata.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        """Bring a database made by an older server up to date (new columns only)."""
        present = {c["name"] for c in inspect(self.engine).get_columns("matches")}
        missing = [name for name in ADDED_COLUMNS if name not in present]
        if missing:
            with self.engine.begin() as conn:
                for name in missing:
                    conn.exec_driver_sql(
                        f"ALTER TABLE matches ADD COLUMN {name} {ADDED_COLUMNS[name]}")

    def close(self) -> None:
        self.engine.dispose()

    def create_match(self, row: MatchRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(matches_table).values(**row.__dict__))

    def update_match(self, match_id: str, **fields: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(matches_table).where(matches_table.c.id == match_id)
                         .values(updated=now(), **fields))

    def commit_many(self, commits: Sequence[Commit]) -> None:
        """All the commits in one transaction: every action row and match update, or none."""
        stamp = now()
        with self.engine.begin() as conn:
            rows = [{"match_id": c.match_id, "seq": a.seq, "actor": a.actor, "action": a.action,
                     "time": stamp} for c in commits for a in c.actions]
            if rows:
                conn.execute(insert(actions_table), rows)
            for c in commits:
                fields = dict(c.match_fields)
                if c.actions:
                    fields["seq"] = c.actions[-1].seq
                if fields:
                    conn.execute(update(matches_table)
                                 .where(matches_table.c.id == c.match_id)
                                 .values(updated=stamp, **fields))
            if self.shared:  # delivered to the other processes when (and if) this commits
                for match_id in dict.fromkeys(c.match_id for c in commits):
                    conn.execute(select(func.pg_notify(
                        CHANNEL, notice_payload(match_id, self.process))))

    def commit_one(self, item: Commit) -> None:
        """One match's commit in its own transaction; `SeqConflict` if its seq is taken."""
        try:
            self.commit_many([item])
        except IntegrityError as exc:
            if item.actions:
                raise SeqConflict(item.match_id) from exc
            raise

    def load_since(self, match_id: str, seq: int) -> tuple[MatchRow | None, list[ActionRow]]:
        """The match row and the actions after `seq`, read in one transaction (one snapshot)."""
        query = (select(actions_table.c.seq, actions_table.c.actor, actions_table.c.action)
                 .where(actions_table.c.match_id == match_id, actions_table.c.seq > seq)
                 .order_by(actions_table.c.seq))
        with self.engine.begin() as conn:
            if self.shared:  # one snapshot for both reads, so the row and the actions agree
                conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = conn.execute(select(matches_table)
                               .where(matches_table.c.id == match_id)).mappings().first()
            actions = [ActionRow(r.seq, r.actor, r.action) for r in conn.execute(query)]
        return (_match_row(row) if row else None), actions

    def load_match(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches_table)
                               .where(matches_table.c.id == match_id)).mappings().first()
        return _match_row(row) if row else None

    def list_matches(self, status: str | None = None, limit: int = 200) -> list[MatchRow]:
        query = select(matches_table).order_by(matches_table.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(matches_table.c.status == status)
        with self.engine.connect() as conn:
            return [_match_row(r) for r in conn.execute(query).mappings()]

    def unfinished(self) -> list[MatchRow]:
        query = select(matches_table).where(matches_table.c.status.in_(("open", "active")))
        with self.engine.connect() as conn:
            return [_match_row(r) for r in conn.execute(query).mappings()]

    def open_before(self, cutoff: datetime) -> list[str]:
        """The ids of matches still open (waiting for people) that were created before
        `cutoff`."""
        query = select(matches_table.c.id).where(matches_table.c.status == "open",
                                                 matches_table.c.created < cutoff)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def load_actions(self, match_id: str) -> list[ActionRow]:
        query = (select(actions_table.c.seq, actions_table.c.actor, actions_table.c.action)
                 .where(actions_table.c.match_id == match_id).order_by(actions_table.c.seq))
        with self.engine.connect() as conn:
            return [ActionRow(r.seq, r.actor, r.action) for r in conn.execute(query)]


def _match_row(mapping: Any) -> MatchRow:
    """A row as read; SQLite gives back naive datetimes (stored in UTC), PostgreSQL aware ones."""
    data = dict(mapping)
    for key in ("created", "updated"):
        if data[key].tzinfo is None:
            data[key] = data[key].replace(tzinfo=UTC)
    return MatchRow(**data)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class GroupCommit:
    """Batches the commits that arrive while a transaction is in flight into the next one.

    `await commit(c)` returns once `c` is durable (or raises the database's error). One writer
    runs at a time, which is also what SQLite wants. When a grouped transaction fails (typically
    one `SeqConflict` among many matches), each commit of the batch is retried alone, so only
    the commit at fault hears the error.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[Commit, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def commit(self, item: Commit) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        try:
            await future
        except SQLAlchemyError as exc:  # a full disk, a read-only or unreachable database
            log.error("storage refused a commit of match %s: %s", item.match_id, exc)
            raise MatchError("storage_unavailable", "the server cannot store anything right "
                             "now; nothing was changed, try again later") from exc

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await asyncio.to_thread(self.store.commit_many, [c for c, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    await self._write_alone(*batch[0])
                else:
                    log.info("group commit of %d failed (%s); retrying one by one",
                             len(batch), type(exc).__name__)
                    for item, fut in batch:
                        await self._write_alone(item, fut)
                continue
            for _, fut in batch:
                if not fut.done():
                    fut.set_result(None)

    async def _write_alone(self, item: Commit, fut: asyncio.Future[None]) -> None:
        try:
            await asyncio.to_thread(self.store.commit_one, item)
        except Exception as exc:  # the database said no to this commit: its waiter hears it
            if not fut.done():
                fut.set_exception(exc)
            return
        if not fut.done():
            fut.set_result(None)
