"""Durable storage of matches and their actions (SQLAlchemy 2 Core; SQLite or PostgreSQL).

Why the sync engine from a thread rather than the async one: the async drivers (aiosqlite,
asyncpg) are extra dependencies, and the work here is a handful of tiny statements per commit.
`matches.py` calls `Store` through `asyncio.to_thread`, and commits through `GroupCommit`
(`commits.py`): on PostgreSQL (a network away) always in a writer thread, grouping the actions
of many matches that wait at the same moment into one transaction; on SQLite on the event
loop's own thread while no batch is in flight (`commit_here`: a commit there writes to the log
file without syncing the disk, cheaper than the hand-over to a thread and back), the
checkpoints that do sync in a thread.

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

The schema is made and changed only by the migrations (`migrations/`, Alembic), which the
store runs when it opens a database; the tables below mirror the newest revision for queries.
Besides matches and actions it holds the identities (accounts and guests; passwords only as
Argon2 hashes), which identity holds which seat (`match_players`), the per-game ratings, the
chat of each match and the server's own settings (the key that signs identity cookies).
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.exc import IntegrityError

from .notices import CHANNEL, notice_payload

log = logging.getLogger("boardwright.server")

metadata = MetaData()

matches_table = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False, index=True),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    #: [{kind, name, agent, token_hash, joined, identity?}] per seat; token hashes only
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
    #: `too_long` (past the game's bound on actions), `timeout` (a turn-based player let the
    #: deadline pass at a table where that loses; `winners` are the others)
    Column("ended", String(16)),
    Column("rated", Boolean, nullable=False, server_default=false()),
    #: the ratings have been updated for this (finished, rated) match: never twice
    Column("rating_done", Boolean, nullable=False, server_default=false()),
    Column("spectator_chat", Boolean, nullable=False, server_default=true()),
    #: the seat to move (a person or a bot); None for chance, an open or a finished match
    Column("to_move", Integer),
    Column("rematch", String(32)),
    Column("rematch_of", String(32)),
    #: the identity that created the match, if it had one
    Column("creator", String(32)),
    #: `live` (people present; optional clocks) or `turn` (days per move, nobody needs to stay)
    Column("mode", String(8), nullable=False, server_default="live"),
    Column("move_days", Integer),
    #: turn-based: what a missed deadline does: `bot` plays for the late player, `lose` ends
    Column("on_timeout", String(8)),
    #: turn-based: when the person to move runs out of time
    Column("deadline", DateTime(timezone=True), index=True),
    #: the table lets a seated player ask for the bot's suggestions on their turn; such a
    #: match is never rated
    Column("hints", Boolean, nullable=False, server_default=false()),
    #: a person's steps stay provisional until final, so they can be taken back
    #: (`provisional.py`); with `confirm_turn` the turn's last step waits for its confirmation
    Column("allow_undo", Boolean, nullable=False, server_default=false()),
    Column("confirm_turn", Boolean, nullable=False, server_default=false()),
)

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

identities_table = Table(
    "identities", metadata,
    Column("id", String(32), primary_key=True),
    #: `guest` (a signed cookie only), `account` (a name and a password) or `bot` (an agent
    #: spec, so that a rated match with bots rates them too)
    Column("kind", String(8), nullable=False),
    Column("name", String(40), nullable=False),
    #: an account's name folded for comparison (NFKC, casefold): unique; None for guests
    Column("name_key", String(80), unique=True),
    #: Argon2id (pwdlib); never the password
    Column("password_hash", String(255)),
    #: part of every signed cookie; raising it ends every cookie given out before
    Column("session", Integer, nullable=False, server_default="0"),
    Column("created", DateTime(timezone=True), nullable=False),
)

match_players_table = Table(
    "match_players", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("identity_id", String(32), ForeignKey("identities.id"), nullable=False,
           index=True),
)

ratings_table = Table(
    "ratings", metadata,
    Column("identity_id", String(32), ForeignKey("identities.id"), primary_key=True),
    Column("game", String(40), primary_key=True, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

rating_changes_table = Table(
    "rating_changes", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("identity_id", String(32), ForeignKey("identities.id"), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("game", String(40), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
)

chat_table = Table(
    "chat", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    #: 1, 2, ... per match
    Column("n", Integer, primary_key=True, autoincrement=False),
    #: the match's seq when it was said (a replay shows it from that step on)
    Column("seq", Integer, nullable=False),
    #: the speaker's seat, None for a spectator
    Column("seat", Integer),
    Column("identity_id", String(32), ForeignKey("identities.id")),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

#: a person's steps not final yet (`provisional.py`); seen by nobody else. Every change is a new
#: row numbered `n` (older rows go in the same transaction), so two processes changing them at
#: once collide on the key like two moves on a seq
provisional_table = Table(
    "provisional", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    #: the match's seq (its final actions) the steps follow, and the seat that made them
    Column("seq", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    #: the steps' action texts in order; empty once they are final or taken back
    Column("actions", JSON, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

settings_table = Table(
    "settings", metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)


class SeqConflict(Exception):
    """Another process already stored an action (or a chat line) of this match with the same
    number."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"match {match_id}: another server process stored this seq first")
        self.match_id = match_id


class NameTaken(Exception):
    """An account of this name (folded) exists already."""


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
    rated: bool = False
    rating_done: bool = False
    spectator_chat: bool = True
    to_move: int | None = None
    rematch: str | None = None
    rematch_of: str | None = None
    creator: str | None = None
    mode: str = "live"
    move_days: int | None = None
    on_timeout: str | None = None
    deadline: datetime | None = None
    hints: bool = False
    allow_undo: bool = False
    confirm_turn: bool = False


@dataclass
class ActionRow:
    seq: int
    actor: int
    action: str


@dataclass
class ChatRow:
    """One chat line as stored: said by `seat` (None: a spectator) at the match's `seq`."""

    n: int
    seq: int
    seat: int | None
    identity_id: str | None
    name: str
    text: str
    time: datetime


@dataclass
class IdentityRow:
    id: str
    kind: str
    name: str
    name_key: str | None
    password_hash: str | None
    session: int
    created: datetime


@dataclass
class RatingRow:
    identity_id: str
    game: str
    mu: float
    sigma: float
    matches: int


@dataclass
class Commit:
    """The writes of one match made by one command: new actions, the match row's new fields,
    seats bound to identities or freed (`players`: seat -> identity id or None) and chat."""

    match_id: str
    actions: list[ActionRow] = field(default_factory=list)
    match_fields: dict[str, Any] = field(default_factory=dict)
    players: dict[int, str | None] = field(default_factory=dict)
    chat: list[ChatRow] = field(default_factory=list)
    #: the match's provisional steps as they now are (`provisional.py`)
    provisional: ProvisionalRow | None = None


@dataclass
class ProvisionalRow:
    """A seat's steps after the match's `seq`, not final yet; `n` numbers the change."""

    n: int
    seq: int
    seat: int
    actions: list[str]


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


def _aware(value: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes (stored in UTC), PostgreSQL aware ones."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


class Store:
    """Blocking storage calls; run them off the event loop (`asyncio.to_thread`)."""

    def __init__(self, url: str) -> None:
        from . import migrations

        self.url = url
        self.engine: Engine = create_engine(_engine_url(url), json_serializer=_dumps)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        #: True when other server processes may write the same matches (PostgreSQL)
        self.shared = self.engine.dialect.name == "postgresql"
        #: this process's name in the notices it sends, so that it can skip its own
        self.process = secrets.token_hex(8)
        #: the connection `commit_here` writes on (opened at its first use)
        self._here: Connection | None = None
        migrations.upgrade(self.engine)

    def close(self) -> None:
        if self._here is not None:
            self._here.close()
            self._here = None
        self.engine.dispose()

    # ---- matches ---------------------------------------------------------------------------

    def create_match(self, row: MatchRow, players: dict[int, str] | None = None) -> None:
        """The match and the seats bound to identities at creation, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(insert(matches_table).values(**row.__dict__))
            if players:
                conn.execute(insert(match_players_table),
                             [{"match_id": row.id, "seat": seat, "identity_id": identity}
                              for seat, identity in players.items()])

    def update_match(self, match_id: str, **fields: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(matches_table).where(matches_table.c.id == match_id)
                         .values(updated=now(), **fields))

    def commit_many(self, commits: Sequence[Commit]) -> None:
        """All the commits in one transaction: every action row, match update, seat binding
        and chat line, or none."""
        with self.engine.begin() as conn:
            self._write(conn, commits)

    def commit_here(self, commits: Sequence[Commit]) -> None:
        """`commit_many` on the connection kept for the event loop's own thread (SQLite only).

        In WAL mode with `synchronous=NORMAL` a commit writes its pages to the log file and
        does not sync the disk, so it costs the loop about what building its message does,
        and the move's answer leaves in the turn that applied it. Only a checkpoint syncs:
        this connection never runs one (`wal_autocheckpoint=0`); `checkpoint` does, in a
        thread."""
        conn = self._here
        if conn is None:
            conn = self.engine.connect()
            conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            conn.commit()
            self._here = conn
        try:
            with conn.begin():
                self._write(conn, commits)
        except Exception:  # rolled back; a fresh connection next time, whatever went wrong
            self._here = None
            with contextlib.suppress(Exception):
                conn.close()
            raise

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file (SQLite), without waiting for
        readers; the log restarts once every reader has moved past it."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _write(self, conn: Connection, commits: Sequence[Commit]) -> None:
        stamp = now()
        rows = [{"match_id": c.match_id, "seq": a.seq, "actor": a.actor, "action": a.action,
                 "time": stamp} for c in commits for a in c.actions]
        if rows:  # a single row as such: `executemany` costs more
            conn.execute(_INSERT_ACTION, rows[0] if len(rows) == 1 else rows)
        lines = [{"match_id": c.match_id, **line.__dict__} for c in commits
                 for line in c.chat]
        if lines:
            conn.execute(insert(chat_table), lines)
        for c in commits:
            if c.provisional is not None:
                p = c.provisional
                conn.execute(insert(provisional_table).values(
                    match_id=c.match_id, n=p.n, seq=p.seq, seat=p.seat, actions=p.actions,
                    time=stamp))
                conn.execute(delete(provisional_table).where(
                    provisional_table.c.match_id == c.match_id, provisional_table.c.n < p.n))
        # one statement per set of changed columns, run for all its matches at once (a
        # match has one commit in flight at a time: its lock orders them); the same match
        # twice in a batch is updated commit by commit, in their order
        once = len({c.match_id for c in commits}) == len(commits)
        updates: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        for c in commits:
            for seat, identity in c.players.items():
                conn.execute(delete(match_players_table).where(
                    match_players_table.c.match_id == c.match_id,
                    match_players_table.c.seat == seat))
                if identity is not None:
                    conn.execute(insert(match_players_table).values(
                        match_id=c.match_id, seat=seat, identity_id=identity))
            fields = dict(c.match_fields)
            if c.actions:
                fields["seq"] = c.actions[-1].seq
            if not fields:
                continue
            fields["updated"] = stamp
            columns = tuple(sorted(fields))
            params = {"match_id_": c.match_id, **{f"{k}_": v for k, v in fields.items()}}
            if once:
                updates.setdefault(columns, []).append(params)
            else:
                conn.execute(_update_of(columns), params)
        for columns, params in updates.items():
            conn.execute(_update_of(columns), params[0] if len(params) == 1 else params)
        if self.shared:  # delivered to the other processes when (and if) this commits
            for match_id in dict.fromkeys(c.match_id for c in commits):
                conn.execute(select(func.pg_notify(
                    CHANNEL, notice_payload(match_id, self.process))))

    def commit_one(self, item: Commit) -> None:
        """One match's commit in its own transaction; `SeqConflict` if its seq (or its chat
        line's number) is taken."""
        try:
            self.commit_many([item])
        except IntegrityError as exc:
            if item.actions or item.chat or item.provisional:
                raise SeqConflict(item.match_id) from exc
            raise

    def load_since(self, match_id: str, seq: int, chat_after: int = 0
                   ) -> tuple[MatchRow | None, list[ActionRow], list[ChatRow]]:
        """The match row, the actions after `seq` and the chat lines after number
        `chat_after`, read in one transaction (one snapshot)."""
        query = (select(actions_table.c.seq, actions_table.c.actor, actions_table.c.action)
                 .where(actions_table.c.match_id == match_id, actions_table.c.seq > seq)
                 .order_by(actions_table.c.seq))
        with self.engine.begin() as conn:
            if self.shared:  # one snapshot for both reads, so the row and the actions agree
                conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = conn.execute(select(matches_table)
                               .where(matches_table.c.id == match_id)).mappings().first()
            actions = [ActionRow(r.seq, r.actor, r.action) for r in conn.execute(query)]
            chat = self._chat(conn, match_id, chat_after)
        return (_match_row(row) if row else None), actions, chat

    def load_provisional(self, match_id: str) -> ProvisionalRow | None:
        """The latest change of the match's provisional steps (None: never any)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(provisional_table)
                             .where(provisional_table.c.match_id == match_id)
                             .order_by(provisional_table.c.n.desc()).limit(1)).first()
        return ProvisionalRow(r.n, r.seq, r.seat, list(r.actions)) if r else None

    def load_match(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches_table)
                               .where(matches_table.c.id == match_id)).mappings().first()
        return _match_row(row) if row else None

    def list_matches(self, status: str | None = None, limit: int = 200, *,
                     game: str | None = None, players: int | None = None) -> list[MatchRow]:
        query = select(matches_table).order_by(matches_table.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(matches_table.c.status == status)
        if game is not None:
            query = query.where(matches_table.c.game == game)
        if players is not None:
            query = query.where(matches_table.c.players == players)
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

    def past_deadline(self, cutoff: datetime) -> list[str]:
        """The ids of active turn-based matches whose person to move ran out of time."""
        query = select(matches_table.c.id).where(matches_table.c.status == "active",
                                                 matches_table.c.mode == "turn",
                                                 matches_table.c.deadline < cutoff)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def unrated(self) -> list[str]:
        """Finished rated matches whose ratings were not updated (a crash in between)."""
        query = select(matches_table.c.id).where(
            matches_table.c.rated == true(), matches_table.c.rating_done == false(),
            (matches_table.c.status == "finished") | (matches_table.c.ended == "timeout"))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def load_actions(self, match_id: str) -> list[ActionRow]:
        query = (select(actions_table.c.seq, actions_table.c.actor, actions_table.c.action)
                 .where(actions_table.c.match_id == match_id).order_by(actions_table.c.seq))
        with self.engine.connect() as conn:
            return [ActionRow(r.seq, r.actor, r.action) for r in conn.execute(query)]

    # ---- chat ------------------------------------------------------------------------------

    @staticmethod
    def _chat(conn: Any, match_id: str, after: int, limit: int | None = None
              ) -> list[ChatRow]:
        query = (select(chat_table).where(chat_table.c.match_id == match_id,
                                          chat_table.c.n > after)
                 .order_by(chat_table.c.n))
        if limit is not None:
            query = query.order_by(None).order_by(chat_table.c.n.desc()).limit(limit)
        rows = [ChatRow(r.n, r.seq, r.seat, r.identity_id, r.name, r.text, _aware(r.time)
                        or now()) for r in conn.execute(query)]
        return sorted(rows, key=lambda r: r.n)

    def load_chat(self, match_id: str, after: int = 0, limit: int | None = None
                  ) -> list[ChatRow]:
        """Chat lines after number `after`, oldest first (with `limit`, the newest ones)."""
        with self.engine.connect() as conn:
            return self._chat(conn, match_id, after, limit)

    # ---- identities ------------------------------------------------------------------------

    def create_identity(self, row: IdentityRow) -> None:
        """`NameTaken` if an account already has this (folded) name."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(identities_table).values(**row.__dict__))
        except IntegrityError as exc:
            raise NameTaken(row.name) from exc

    def identity(self, identity_id: str) -> IdentityRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(identities_table).where(
                identities_table.c.id == identity_id)).mappings().first()
        return _identity_row(row) if row else None

    def account(self, name_key: str) -> IdentityRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(identities_table).where(
                identities_table.c.name_key == name_key)).mappings().first()
        return _identity_row(row) if row else None

    def make_account(self, identity_id: str, name: str, name_key: str,
                     password_hash: str) -> None:
        """A guest becomes an account (same id: its seats and ratings stay); `NameTaken`."""
        try:
            with self.engine.begin() as conn:
                conn.execute(update(identities_table).where(
                    identities_table.c.id == identity_id, identities_table.c.kind == "guest")
                    .values(kind="account", name=name, name_key=name_key,
                            password_hash=password_hash))
        except IntegrityError as exc:
            raise NameTaken(name) from exc

    def set_password(self, identity_id: str, password_hash: str, *,
                     end_sessions: bool) -> int:
        """A new hash (a rehash after a login, or a change); `end_sessions` raises the
        session number, which ends every cookie given out before. Returns the session."""
        with self.engine.begin() as conn:
            values: dict[str, Any] = {"password_hash": password_hash}
            if end_sessions:
                values["session"] = identities_table.c.session + 1
            conn.execute(update(identities_table)
                         .where(identities_table.c.id == identity_id).values(**values))
            session: int = conn.execute(select(identities_table.c.session).where(
                identities_table.c.id == identity_id)).scalar_one()
        return session

    def names(self, ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """id -> (name, kind) of these identities."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            return {r.id: (r.name, r.kind) for r in conn.execute(
                select(identities_table.c.id, identities_table.c.name, identities_table.c.kind)
                .where(identities_table.c.id.in_(list(set(ids)))))}

    def matches_of(self, identity_id: str, limit: int = 100) -> list[tuple[MatchRow, int]]:
        """The matches where `identity_id` holds (or is invited to) a seat, newest first, with
        that seat: every unfinished one, and the newest `limit` over."""
        base = (select(matches_table, match_players_table.c.seat.label("my_seat"))
                .join(match_players_table, match_players_table.c.match_id == matches_table.c.id)
                .where(match_players_table.c.identity_id == identity_id)
                .order_by(matches_table.c.updated.desc()))
        unfinished = base.where(matches_table.c.status.in_(("open", "active"))).limit(500)
        over = base.where(matches_table.c.status.in_(("finished", "aborted"))).limit(limit)
        out = []
        with self.engine.connect() as conn:
            for query in (unfinished, over):
                for r in conn.execute(query).mappings():
                    data = dict(r)
                    seat = data.pop("my_seat")
                    out.append((_match_row(data), seat))
        return out

    # ---- ratings ---------------------------------------------------------------------------

    def rate_match(self, match_id: str, compute: Callable[
            [MatchRow, dict[int, str], dict[str, RatingRow], dict[str, str]],
            dict[str, tuple[RatingRow, RatingRow]]],
            bot_seats: Callable[[MatchRow], dict[int, tuple[str, str]]] | None = None) -> bool:
        """Update the ratings of a finished rated match, once: in one transaction, read the
        match (locked on PostgreSQL), its seats' identities (`bot_seats`: those of its bots,
        made when new) and their ratings, `compute`
        the (before, after) ratings of each identity, store them with each change, and mark
        the match done. False when
        there is nothing to do (not rated, not over, done already, by this or another
        process)."""
        with self.engine.begin() as conn:
            query = select(matches_table).where(matches_table.c.id == match_id)
            if self.shared:
                query = query.with_for_update()
            found = conn.execute(query).mappings().first()
            if found is None:
                return False
            row = _match_row(found)
            if not row.rated or row.rating_done or row.status not in ("finished", "aborted"):
                return False
            seats = {r.seat: r.identity_id for r in conn.execute(
                select(match_players_table).where(match_players_table.c.match_id == match_id))}
            for seat, (bot_id, bot_name) in (bot_seats(row) if bot_seats else {}).items():
                if conn.execute(select(identities_table.c.id).where(
                        identities_table.c.id == bot_id)).first() is None:
                    conn.execute(insert(identities_table).values(
                        id=bot_id, kind="bot", name=bot_name, name_key=None,
                        password_hash=None, session=0, created=now()))
                seats.setdefault(seat, bot_id)
            before = {r.identity_id: RatingRow(r.identity_id, r.game, r.mu, r.sigma, r.matches)
                      for r in conn.execute(select(ratings_table).where(
                          ratings_table.c.game == row.game,
                          ratings_table.c.identity_id.in_(list(seats.values()))))}
            kinds = {r.id: r.kind for r in conn.execute(  # only accounts and bot levels rate
                select(identities_table.c.id, identities_table.c.kind).where(
                    identities_table.c.id.in_(list(seats.values()))))}
            changes = compute(row, seats, before, kinds)
            stamp = now()
            by_identity = {identity: seat for seat, identity in seats.items()}
            for identity, (old, new) in changes.items():
                values = {"mu": new.mu, "sigma": new.sigma, "matches": new.matches,
                          "updated": stamp}
                if identity in before:
                    conn.execute(update(ratings_table).where(
                        ratings_table.c.identity_id == identity,
                        ratings_table.c.game == row.game).values(**values))
                else:
                    conn.execute(insert(ratings_table).values(
                        identity_id=identity, game=row.game, **values))
                conn.execute(insert(rating_changes_table).values(
                    match_id=match_id, identity_id=identity, seat=by_identity[identity],
                    game=row.game, mu_before=old.mu, sigma_before=old.sigma,
                    mu_after=new.mu, sigma_after=new.sigma))
            conn.execute(update(matches_table).where(matches_table.c.id == match_id)
                         .values(rating_done=True))
        return True

    def rating_changes(self, match_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(select(rating_changes_table).where(
                rating_changes_table.c.match_id == match_id)
                .order_by(rating_changes_table.c.seat)).mappings()]

    def leaderboard(self, game: str, limit: int = 100) -> list[tuple[RatingRow, str, str]]:
        """The ratings of `game` with each identity's name and kind, best estimate first
        (the caller orders by the conservative rating)."""
        query = (select(ratings_table, identities_table.c.name, identities_table.c.kind)
                 .join(identities_table, identities_table.c.id == ratings_table.c.identity_id)
                 .where(ratings_table.c.game == game)
                 .order_by((ratings_table.c.mu - 3 * ratings_table.c.sigma).desc())
                 .limit(limit))
        with self.engine.connect() as conn:
            return [(RatingRow(r.identity_id, r.game, r.mu, r.sigma, r.matches), r.name, r.kind)
                    for r in conn.execute(query)]

    def ratings_of(self, identity_id: str) -> list[RatingRow]:
        with self.engine.connect() as conn:
            return [RatingRow(r.identity_id, r.game, r.mu, r.sigma, r.matches)
                    for r in conn.execute(select(ratings_table).where(
                        ratings_table.c.identity_id == identity_id))]

    # ---- settings --------------------------------------------------------------------------

    def setting(self, key: str, make: Callable[[], str]) -> str:
        """The stored value of `key`, storing `make()` first if there is none (the first of
        several processes to store it wins; every process then reads the same)."""
        with self.engine.connect() as conn:
            value = conn.execute(select(settings_table.c.value)
                                 .where(settings_table.c.key == key)).scalar()
        if value is not None:
            return str(value)
        with contextlib.suppress(IntegrityError), self.engine.begin() as conn:
            conn.execute(insert(settings_table).values(key=key, value=make()))
        with self.engine.connect() as conn:
            return str(conn.execute(select(settings_table.c.value)
                                    .where(settings_table.c.key == key)).scalar_one())


#: built once: building and keying a statement costs SQLAlchemy more than running it
_INSERT_ACTION = insert(actions_table)


@functools.cache
def _update_of(columns: tuple[str, ...]) -> Any:
    """The statement that sets `columns` of the match named `match_id_` from parameters named
    after them (`seq_`, ...), built once per set of columns (a commit on the event loop's
    thread runs one per move)."""
    return (update(matches_table).where(matches_table.c.id == bindparam("match_id_"))
            .values({k: bindparam(f"{k}_", type_=matches_table.c[k].type) for k in columns}))


def _match_row(mapping: Any) -> MatchRow:
    """A row as read; SQLite gives back naive datetimes (stored in UTC), PostgreSQL aware ones."""
    data = dict(mapping)
    for key in ("created", "updated", "deadline"):
        data[key] = _aware(data[key])
    return MatchRow(**data)


def _identity_row(mapping: Any) -> IdentityRow:
    data = dict(mapping)
    data["created"] = _aware(data["created"])
    return IdentityRow(**data)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
