"""A person who leaves (or whose clock runs out) is replaced by a stand-in bot after the grace
period, and takes the seat back by reconnecting or with the claim call."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from .conftest import auth, create


def summary(client: TestClient, match_id: str) -> dict[str, Any]:
    return dict(client.get(f"/api/matches/{match_id}").json())


def wait(client: TestClient, match_id: str, check: Any, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = summary(client, match_id)
        if check(s):
            return s
        time.sleep(0.02)
    raise AssertionError(f"condition never held: {summary(client, match_id)}")


def test_disconnect_grace_stand_in_and_claim(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=41, grace_seconds=0)
    match_id = created["match_id"]
    assert "clock" not in client.get(f"/api/matches/{match_id}/view").json()  # no clock
    token = created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        assert summary(client, match_id)["seats"][0]["connected"] is True
    s = wait(client, match_id, lambda s: s["seats"][0]["stand_in"])
    assert s["seats"][0]["connected"] is False
    wait(client, match_id, lambda s: s["seq"] > 30)  # the stand-in plays seat 0
    response = client.post(f"/api/matches/{match_id}/seats/0/claim", headers=auth(token))
    assert response.status_code == 200, response.text
    s = summary(client, match_id)
    assert s["seats"][0]["stand_in"] is False or s["status"] == "finished"


def test_turn_clock_runs_out(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=42, clock_seconds=1, grace_seconds=0)
    match_id = created["match_id"]
    token = created["seats"][0]["token"]
    deadline = time.monotonic() + 10
    snap = client.get(f"/api/matches/{match_id}/view", headers=auth(token)).json()
    while snap["to_move"] != 0 and time.monotonic() < deadline:  # the deal, then seat 0
        snap = client.get(f"/api/matches/{match_id}/view", headers=auth(token)).json()
    assert snap["clock"]["seat"] == 0 and snap["clock"]["seconds"] == 1
    assert 0 <= snap["clock"]["remaining"] <= 1
    wait(client, match_id, lambda s: s["seats"][0]["stand_in"], timeout=10)
    spectator = client.get(f"/api/matches/{match_id}/view").json()
    assert spectator["clock"] is None or spectator["clock"]["seat"] != 0  # bots have no clock
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        assert summary(client, match_id)["seats"][0]["stand_in"] is False  # back by reconnecting
