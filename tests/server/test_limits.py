"""What one anonymous client may cost a public server: request rates per address, message rates
per socket, matches per address, sizes. Each test is one finding of issue 21 and fails on a
server without the bound. The clock of `guarded` stands still, so a burst is counted exactly.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardwright.server.limits import Buckets, Limits, TokenBucket

from .conftest import ManualClock, auth, human_body


def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    bucket = TokenBucket(rate=2.0, capacity=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(0.5)  # one token comes back every half second
    assert bucket.take(0.5) == 0.0 and bucket.take(0.5) > 0
    assert bucket.take(0.5, cost=10) == pytest.approx(5.0)


def test_bucket_tables_forget_the_oldest_address() -> None:
    clock = ManualClock()
    table = Buckets(rate=1.0, capacity=1, max_keys=100, clock=clock)
    for n in range(1000):
        table.take(f"10.0.{n // 256}.{n % 256}")
    assert len(table) == 100


def _flood(ws: Any, message: dict[str, Any], count: int) -> list[dict[str, Any]]:
    for _ in range(count):
        ws.send_json(message)
    return [ws.receive_json() for _ in range(count)]


def test_a_lang_flood_gets_refusals_not_snapshots(guarded: TestClient) -> None:
    """Finding 2: each `lang` message rebuilt a whole snapshot on the event loop; 50 of them
    stalled every other request. Now a socket gets `ws_message_burst / lang_cost` of them at
    once, then `rate_limited` errors, until its bucket refills."""
    match_id = guarded.post("/api/matches", json=human_body()).json()["match_id"]
    with guarded.websocket_connect(f"/ws/matches/{match_id}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        answers = _flood(ws, {"type": "lang", "lang": "hu"}, 40)
    kinds = [a["type"] if a["type"] != "error" else a["code"] for a in answers]
    limits = Limits()
    allowed = limits.ws_message_burst // limits.lang_cost
    assert kinds == ["welcome"] * allowed + ["rate_limited"] * (40 - allowed)
    assert answers[-1]["params"]["retry_after"] > 0
    assert guarded.get("/api/games").status_code == 200  # and the server answers others


def test_a_socket_that_keeps_flooding_is_closed(guarded: TestClient) -> None:
    match_id = guarded.post("/api/matches", json=human_body()).json()["match_id"]
    with guarded.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.receive_json()
        answers = _flood(ws, {"type": "ping"}, Limits().ws_message_burst
                         + Limits().ws_strikes)
        assert answers[-1]["code"] == "rate_limited"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4429


@pytest.mark.parametrize("limits", [Limits().but(snapshot_burst=5)])
def test_full_views_per_address_are_rationed(guarded: TestClient, clock: ManualClock) -> None:
    """Finding 2 over HTTP: a view is the same full snapshot as a welcome."""
    match_id = guarded.post("/api/matches", json=human_body()).json()["match_id"]
    answers = [guarded.get(f"/api/matches/{match_id}/view") for _ in range(8)]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 3
    refused = answers[-1]
    assert refused.json()["code"] == "rate_limited" and int(refused.headers["retry-after"]) >= 1
    clock.now += 1.0 / Limits().snapshots_per_second
    assert guarded.get(f"/api/matches/{match_id}/view").status_code == 200


def test_api_requests_per_address_are_rationed(guarded: TestClient) -> None:
    burst = Limits().request_burst
    codes = [guarded.get("/api/games").status_code for _ in range(burst + 5)]
    assert codes == [200] * burst + [429] * 5
    assert guarded.get("/").status_code in (200, 404)  # pages are not API requests


def test_websocket_message_size_is_bounded(guarded: TestClient) -> None:
    """Finding 9: a 10 MB action was accepted and echoed back twice in a 21 MB error."""
    match_id = guarded.post("/api/matches", json=human_body()).json()["match_id"]
    with guarded.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "action": "x" * 100_000})
        error = ws.receive_json()
    assert error["code"] == "too_large" and len(str(error)) < 500


def test_spectators_coming_and_going_send_nobody_anything(guarded: TestClient) -> None:
    """Finding 9: each spectator connect and disconnect sent a `seats` message to everyone."""
    created = guarded.post("/api/matches", json=human_body()).json()
    match_id, token = created["match_id"], created["seats"][0]["token"]
    with guarded.websocket_connect(f"/ws/matches/{match_id}?token={token}") as player:
        assert player.receive_json()["type"] == "welcome"
        assert player.receive_json()["type"] == "seats"  # seat 0 shows as connected now
        for _ in range(5):
            with guarded.websocket_connect(f"/ws/matches/{match_id}") as spectator:
                assert spectator.receive_json()["type"] == "welcome"
        player.send_json({"type": "ping"})
        assert player.receive_json() == {"type": "pong"}  # nothing came in between


def test_request_bodies_are_bounded(guarded: TestClient) -> None:
    """Finding 9: a 10 MB body was read and parsed."""
    answer = guarded.post("/api/matches", content=b'{"game": "' + b"x" * 10_000_000 + b'"}',
                          headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and answer.json()["code"] == "too_large"


def test_creating_matches_is_rationed_per_address(guarded: TestClient,
                                                  clock: ManualClock) -> None:
    """Finding 7: one client created 1,000 matches in 14 s."""
    burst = Limits().create_burst
    body = {"game": "beowulf", "players": 2, "seats": [{"kind": "bot", "agent": "random"}] * 2}
    codes = []
    for _ in range(burst + 2):
        answer = guarded.post("/api/matches", json=body)
        codes.append(answer.json().get("code", answer.status_code))
        match_id = answer.json().get("match_id")
        if match_id:  # abort at once, so that only the rate refuses
            control = answer.json()["control_token"]
            guarded.post(f"/api/matches/{match_id}/abort", headers=auth(control))
    assert codes == [201] * burst + ["rate_limited"] * 2
    clock.now += 60.0 / Limits().creates_per_minute
    assert guarded.post("/api/matches", json=body).status_code == 201


def test_open_matches_per_address_are_capped(db_url: str, bot_pool: Any,
                                             clock: ManualClock) -> None:
    """Finding 7: open matches (and matches without people) count against their creator's
    address until they start, end or expire."""
    from boardwright.server.app import create_app

    cap = 3
    limits = Limits().but(matches_per_client=cap, create_burst=100)
    with TestClient(create_app(db_url, bots=bot_pool, limits=limits, clock=clock)) as client:
        made = [client.post("/api/matches", json=human_body()).json() for _ in range(cap)]
        refused = client.post("/api/matches", json=human_body())
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_matches"
        first = made[0]
        for seat in first["seats"]:  # the first match starts: it no longer counts
            client.get(f"/api/matches/{first['match_id']}/view", headers=auth(seat["token"]))
        assert client.post("/api/matches", json=human_body()).status_code == 201
        assert client.post("/api/matches", json=human_body()).status_code == 429
