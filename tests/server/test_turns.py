"""Turn-based play (issue 24): days per move, a match that survives everyone leaving (and a
restart), and a missed deadline handled by the table's rule: a bot plays for the late player
until they come back, or the late player loses."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from boardwright.server.bots import BotPool

from .conftest import TEST_LIMITS, auth, human_body
from .test_identity import refused, sign_up


def _turn_match(client: TestClient, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/matches", json=human_body(mode="turn", **extra))
    assert response.status_code == 201, response.text
    return response.json()


def _start(client: TestClient, created: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
    """Both seats join; returns (match id, tokens, the summary once a person is to move)."""
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        client.get(f"/api/matches/{match_id}/view", headers=auth(token))
    for _ in range(400):
        summary = client.get(f"/api/matches/{match_id}").json()
        if summary["to_move"] is not None:
            return match_id, tokens, summary
        time.sleep(0.02)
    raise AssertionError("nobody got the turn")


def _expire(client: TestClient, match_id: str) -> dict[str, int]:
    """The deadline passes (as stored), then the server's sweep runs."""
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    lobby.store.update_match(match_id, deadline=datetime.now(UTC) - timedelta(minutes=1))
    result: dict[str, int] = client.portal.call(lobby.sweep)  # type: ignore[union-attr]
    return result


def test_a_turn_based_table_is_checked(client: TestClient) -> None:
    refused(client.post("/api/matches", json=human_body(mode="turn", clock_seconds=60)),
            422, "bad_request")
    refused(client.post("/api/matches", json=human_body(move_days=2)), 422, "bad_request")
    refused(client.post("/api/matches", json=human_body(mode="turn", move_days=31)),
            422, "bad_request")
    created = _turn_match(client)
    assert (created["mode"], created["move_days"], created["on_timeout"]) == ("turn", 3, "bot")
    assert created["deadline"] is None  # nobody is to move while the match is open


def test_the_person_to_move_has_days_and_the_deadline_moves_with_the_turn(
        client: TestClient) -> None:
    match_id, tokens, summary = _start(client, _turn_match(client, move_days=2))
    mover = summary["to_move"]
    deadline = datetime.fromisoformat(summary["deadline"])
    left = deadline - datetime.now(UTC)
    assert timedelta(days=2) - timedelta(minutes=1) < left <= timedelta(days=2)
    # everyone leaves: no stand-in, no expiry; the deadline stands
    with client.websocket_connect(f"/ws/matches/{match_id}?token={tokens[mover]}") as ws:
        assert ws.receive_json()["type"] == "welcome"
    time.sleep(0.1)
    summary = client.get(f"/api/matches/{match_id}").json()
    assert not any(s["stand_in"] for s in summary["seats"])
    assert client.portal.call(client.app.state.lobby.sweep)["timed_out"] == 0  # type: ignore
    # the mover plays until the turn passes: the next person gets a deadline of their own
    for _ in range(50):
        view = client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[mover])).json()
        if view["to_move"] != mover:
            break
        client.post(f"/api/matches/{match_id}/moves", headers=auth(tokens[mover]),
                    json={"action": view["legal"][0]["text"], "expect_seq": view["seq"]})
    summary = client.get(f"/api/matches/{match_id}").json()
    if summary["to_move"] is not None and summary["to_move"] != mover:
        assert summary["deadline"] is not None
        assert datetime.fromisoformat(summary["deadline"]) >= deadline


def test_a_missed_deadline_lets_a_bot_play_until_the_player_returns(
        client: TestClient) -> None:
    match_id, tokens, summary = _start(client, _turn_match(client))
    late, seq = summary["to_move"], summary["seq"]
    assert _expire(client, match_id)["timed_out"] == 1
    for _ in range(400):  # the bot plays the late player's turn
        summary = client.get(f"/api/matches/{match_id}").json()
        if summary["seq"] > seq and summary["to_move"] != late:
            break
        time.sleep(0.02)
    assert summary["seats"][late]["stand_in"] is True
    assert summary["seq"] > seq
    view = client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[late])).json()
    assert view["seats"][late]["stand_in"] is False  # back: the seat is theirs again
    assert view["status"] == "active"


def test_a_missed_deadline_loses_where_the_table_says_so(client: TestClient) -> None:
    sign_up(client, "Anna")
    body = human_body(mode="turn", on_timeout="lose", move_days=1)
    body["seats"][0] = {"kind": "human", "mine": True}
    created = client.post("/api/matches", json=body).json()
    assert created["rated"] is True
    match_id, tokens, summary = _start(client, created)
    late = summary["to_move"]
    assert _expire(client, match_id)["timed_out"] == 1
    summary = client.get(f"/api/matches/{match_id}").json()
    assert (summary["status"], summary["ended"]) == ("aborted", "timeout")
    assert summary["winners"] == [1 - late]
    refused(client.post(f"/api/matches/{match_id}/moves", headers=auth(tokens[1 - late]),
                        json={"action": "pass"}), 409, "match_over")
    assert client.get("/api/me/matches").json()["finished"][0]["match_id"] == match_id
    # rated: Anna holds seat A, seat B is nobody's: no rating (every seat needs an identity)
    time.sleep(0.2)
    assert client.get("/api/leaderboard/beowulf").json()["entries"] == []


def test_a_turn_based_match_survives_a_restart_with_its_deadline(
        db_url: str, bot_pool: BotPool) -> None:
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        match_id, _tokens, before = _start(client, _turn_match(client, on_timeout="lose"))
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        after = client.get(f"/api/matches/{match_id}").json()
        assert (after["status"], after["to_move"], after["deadline"]) == (
            "active", before["to_move"], before["deadline"])
        assert _expire(client, match_id)["timed_out"] == 1
        assert client.get(f"/api/matches/{match_id}").json()["ended"] == "timeout"


def test_a_server_may_make_a_turn_based_day_last_seconds(db_url: str,
                                                         bot_pool: BotPool) -> None:
    """`Limits.move_day_seconds` (`boardwright serve --move-day-seconds`): one of the days per
    move lasts that long, so turn-based play can be tried (and tested in a browser) quickly."""
    limits = TEST_LIMITS.but(move_day_seconds=30.0)
    with TestClient(create_app(db_url, bots=bot_pool, limits=limits)) as client:
        _, _, summary = _start(client, _turn_match(client, move_days=2))
        left = datetime.fromisoformat(summary["deadline"]) - datetime.now(UTC)
        assert timedelta(seconds=55) < left <= timedelta(seconds=60)
