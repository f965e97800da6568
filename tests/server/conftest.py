"""Fixtures for the server tests: one bot pool for the session, a fresh app and SQLite file per
test, and helpers that read like a client using the API."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from boardwright.server.bots import BotPool
from boardwright.server.limits import Limits

#: these tests drive every seat and poll from one address, as no real client does: they run
#: without the per-address rates and caps, which tests/server/test_limits.py checks one by one
TEST_LIMITS = Limits(per_client=False)


@pytest.fixture(scope="session")
def bot_pool() -> Iterator[BotPool]:
    pool = BotPool(2)
    yield pool
    pool.shutdown()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'test.db'}"


PG_ENV = "BOARDWRIGHT_TEST_PG"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (dropped afterwards).

    `BOARDWRIGHT_TEST_PG` names a server (`.ci/run` starts one with `.ci/postgres`). Without it,
    or when the server does not answer, the test fails: PostgreSQL storage is a requirement.
    """
    admin = os.environ.get(PG_ENV)
    if not admin:
        pytest.fail(f"{PG_ENV} is not set: start PostgreSQL (.ci/postgres start DIR prints the "
                    f"URL) and export {PG_ENV}=postgresql://...", pytrace=False)
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"bw_test_{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL at {PG_ENV}={admin} is not reachable: {exc}", pytrace=False)
    yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def client(db_url: str, bot_pool: BotPool) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as c:
        yield c


def run_coroutine(coro: Coroutine[Any, Any, Any]) -> Any:
    """`asyncio.run` in a thread of its own: a browser test earlier in the same pytest worker
    keeps Playwright's event loop running in the main thread, where `asyncio.run` refuses."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coro).result()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], *, seed: int = 1,
           **extra: Any) -> dict[str, Any]:
    """A Beowulf match; `seats` holds `human` or an agent spec per seat. `seed` is given to
    matches without people only (the server draws the seed of a match with people)."""
    body = {"game": "beowulf", "players": len(seats), **extra,
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "agent": s}
                      for s in seats]}
    if "human" not in seats:
        body["seed"] = seed
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()


class ManualClock:
    """A clock the test moves by hand (the rate limits and idle times read it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def limits() -> Limits:
    """The limits of `guarded`; a test may replace the fixture to change one bound."""
    return Limits()


@pytest.fixture
def guarded(db_url: str, bot_pool: BotPool, limits: Limits,
            clock: ManualClock) -> Iterator[TestClient]:
    """A client of an app with a public server's limits and a stopped clock: a bucket refills
    only when the test moves `clock.now`."""
    app = create_app(db_url, bots=bot_pool, limits=limits, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def human_body(players: int = 2, **extra: Any) -> dict[str, Any]:
    """A Beowulf match of `players` people, as a creation body."""
    return {"game": "beowulf", "players": players, "seats": [{"kind": "human"}] * players,
            **extra}
