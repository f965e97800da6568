"""Fixtures for the server tests: one bot pool for the session, a fresh app and SQLite file per
test, and helpers that read like a client using the API."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from boardwright.server.bots import BotPool


@pytest.fixture(scope="session")
def bot_pool() -> Iterator[BotPool]:
    pool = BotPool(2)
    yield pool
    pool.shutdown()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def client(db_url: str, bot_pool: BotPool) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bots=bot_pool)) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], *, seed: int = 1,
           **extra: Any) -> dict[str, Any]:
    """A Beowulf match; `seats` holds `human` or an agent spec per seat."""
    body = {"game": "beowulf", "players": len(seats), "seed": seed, **extra,
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "agent": s}
                      for s in seats]}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()
