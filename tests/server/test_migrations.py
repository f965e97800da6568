"""The storage schema is made and changed by the Alembic migrations only (issue 24): a fresh
database, a database of a server from before migrations (with or without its late columns),
SQLite and PostgreSQL all reach the newest revision, keep their matches, and end up with the
schema `store.py` queries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
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
    insert,
    inspect,
)

from boardwright.server import migrations
from boardwright.server.app import create_app
from boardwright.server.bots import BotPool
from boardwright.server.store import Store, metadata, now

from .conftest import TEST_LIMITS, auth, human_body

NEW_TABLES = {"identities", "match_players", "ratings", "rating_changes", "chat", "settings"}


def _old_schema(engine: Engine, *, late_columns: bool) -> None:
    """The tables as a server from before migrations made them (`late_columns`: the three
    columns it added to its first release's table)."""
    old = MetaData()
    columns = [
        Column("id", String(32), primary_key=True), Column("game", String(40), nullable=False),
        Column("players", Integer, nullable=False), Column("options", JSON, nullable=False),
        Column("seats", JSON, nullable=False),
        Column("status", String(16), nullable=False, index=True),
        Column("seed", BigInteger, nullable=False), Column("lang", String(8), nullable=False),
        Column("clock_seconds", Integer), Column("grace_seconds", Integer),
        Column("engine_version", String(20), nullable=False),
        Column("rules_version", String(40), nullable=False),
        Column("seq", Integer, nullable=False), Column("returns", JSON),
        Column("winners", JSON), Column("created", DateTime(timezone=True), nullable=False),
        Column("updated", DateTime(timezone=True), nullable=False)]
    if late_columns:
        columns += [Column("seeded", Boolean, nullable=False, default=False),
                    Column("control_hash", String(64)), Column("ended", String(16))]
    Table("matches", old, *columns)
    Table("actions", old,
          Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
          Column("seq", Integer, primary_key=True), Column("actor", Integer, nullable=False),
          Column("action", Text, nullable=False),
          Column("time", DateTime(timezone=True), nullable=False))
    old.create_all(engine)


def _old_match(engine: Engine, match_id: str, *, late_columns: bool, **extra: Any) -> None:
    from boardwright.server.seats import Seat, hash_token

    stamp = now()
    seats = [Seat("human", "Ann", token_hash=hash_token("tok-a")).stored(),
             Seat("human", "Bob", token_hash=hash_token("tok-b")).stored()]
    values: dict[str, Any] = dict(
        id=match_id, game="beowulf", players=2, options={}, seats=seats, status="open",
        seed=7, lang="en", clock_seconds=None, grace_seconds=None, engine_version="0",
        rules_version=_rules_version(), seq=0, returns=None, winners=None, created=stamp,
        updated=stamp, **extra)
    if late_columns:
        values.setdefault("seeded", False)
    table = MetaData()
    table.reflect(engine, only=["matches"])
    with engine.begin() as conn:
        conn.execute(insert(table.tables["matches"]).values(**values))


def _rules_version() -> str:
    from boardwright.engine import registry

    return registry.get("beowulf").info.rules_version


def _schema_differences(engine: Engine) -> list[Any]:
    """What `compare_metadata` finds between the migrated database and `store.metadata`."""
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": False})
        return [d for d in compare_metadata(context, metadata)
                if not (isinstance(d, tuple) and d[0] == "remove_table"
                        and d[1].name == "alembic_version")]


def test_a_fresh_database_gets_the_newest_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    Store(url).close()
    engine = create_engine(url)
    try:
        assert migrations.current(engine) == migrations.head()
        assert set(inspect(engine).get_table_names()) >= NEW_TABLES
        assert _schema_differences(engine) == []
    finally:
        engine.dispose()


@pytest.mark.parametrize("late_columns", [False, True], ids=["first-release", "before-24"])
def test_a_database_of_an_older_server_upgrades_and_its_match_plays_on(
        tmp_path: Path, bot_pool: BotPool, late_columns: bool) -> None:
    """A server from before migrations left an open match; the new server upgrades the
    database in place (no table lost, every new one made), the match reads back unseeded,
    unrated and without identities, and its join links still start and play it."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    _old_schema(engine, late_columns=late_columns)
    _old_match(engine, "old1", late_columns=late_columns)
    engine.dispose()

    with TestClient(create_app(url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        summary = client.get("/api/matches/old1").json()
        assert summary["status"] == "open" and summary["rated"] is False
        assert "seeded" not in summary and "ended" not in summary
        for token in ("tok-a", "tok-b"):
            assert client.get("/api/matches/old1/view", headers=auth(token)).status_code == 200
        view = client.get("/api/matches/old1/view", headers=auth("tok-a")).json()
        assert view["status"] == "active"
        seat = view["to_move"]
        view = client.get("/api/matches/old1/view",
                          headers=auth("tok-a" if seat == 0 else "tok-b")).json()
        move = client.post("/api/matches/old1/moves", headers=auth(
            "tok-a" if seat == 0 else "tok-b"), json={"action": view["legal"][0]["text"],
                                                    "expect_seq": view["seq"]})
        assert move.status_code == 200, move.text
    engine = create_engine(url)
    try:
        assert migrations.current(engine) == migrations.head()
        assert _schema_differences(engine) == []
    finally:
        engine.dispose()


def test_the_upgrade_is_idempotent(tmp_path: Path) -> None:
    """Every server start runs the upgrade: at the newest revision it changes nothing."""
    url = f"sqlite:///{tmp_path / 'twice.db'}"
    for _ in range(3):
        store = Store(url)
        store.close()
    engine = create_engine(url)
    try:
        assert migrations.current(engine) == migrations.head()
    finally:
        engine.dispose()


def test_an_older_postgres_database_upgrades(pg_url: str, bot_pool: BotPool) -> None:
    engine = create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://", 1))
    _old_schema(engine, late_columns=True)
    _old_match(engine, "old1", late_columns=True)
    engine.dispose()
    with TestClient(create_app(pg_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        assert client.get("/api/matches/old1").json()["rated"] is False
        response = client.post("/api/matches", json=human_body())
        assert response.status_code == 201
    engine = create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        assert migrations.current(engine) == migrations.head()
        assert set(inspect(engine).get_table_names()) >= NEW_TABLES
        assert _schema_differences(engine) == []
    finally:
        engine.dispose()
