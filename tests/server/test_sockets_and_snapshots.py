"""WebSocket frames, the echo endpoint, spectators' chat and snapshot cost (issue 38: L1, L5,
L6, M2)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardwright.server import payloads, snapshots
from boardwright.server.app import create_app
from boardwright.server.bots import BotPool

from .conftest import TEST_LIMITS, auth, create, human_body
from .test_api import wait_finished
from .test_identity import refused, sign_up


def test_l5_the_echo_socket_is_served_only_when_asked(db_url: str, bot_pool: BotPool) -> None:
    """`/ws/echo` (bench/load.py's baseline) was served by every server, without caps."""
    with (TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client,
          pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/echo") as ws):
        ws.receive_text()
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS,
                               echo=True)) as client, client.websocket_connect("/ws/echo") as ws:
        ws.send_text("ping")
        assert ws.receive_text() == "ping"


def test_l6_a_binary_frame_gets_an_error_and_the_socket_lives(client: TestClient) -> None:
    """A binary frame dropped the socket with a traceback (`receive_text`)."""
    match_id = create(client, ["random", "random"], seed=2)["match_id"]
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        welcome: dict[str, Any] = ws.receive_json()
        assert welcome["type"] == "welcome"
        ws.send_bytes(b"\x00\x01binary")
        while (answer := ws.receive_json())["type"] != "error":
            pass
        assert answer["code"] == "bad_request"
        ws.send_json({"type": "ping"})
        while (answer := ws.receive_json())["type"] != "pong":
            pass


def test_l1_spectators_cannot_fill_the_players_chat(db_url: str, bot_pool: BotPool) -> None:
    """Spectators could write a match's chat full, and its players then got `chat_full`. Past
    `spectator_chat_lines` lines spectators are refused; the rest is the players'."""
    limits = TEST_LIMITS.but(chat_lines_per_match=6, spectator_chat_lines=3)
    with TestClient(create_app(db_url, bots=bot_pool, limits=limits)) as client:
        sign_up(client, "Watcher")
        created = client.post("/api/matches", json=human_body()).json()
        url = f"/api/matches/{created['match_id']}/chat"
        for n in range(3):
            assert client.post(url, json={"text": f"spectator {n}"}).status_code == 201
        refused(client.post(url, json={"text": "one more"}), 409, "chat_full")
        player = auth(created["seats"][0]["token"])
        for n in range(3):
            said = client.post(url, json={"text": f"player {n}"}, headers=player)
            assert said.status_code == 201, said.text
        refused(client.post(url, json={"text": "full"}, headers=player), 409, "chat_full")


def test_m2_a_snapshot_costs_the_same_however_long_the_log(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot described the whole log into words on the event loop (0.41 s and 4.4 MB on a
    36,000-action match). Now it carries the newest `LOG_WINDOW` entries (`log_start` says
    where they begin; `GET .../log?before=` pages back to the first), the described lines are
    cached per range, and the view is built off the event loop."""
    match_id = create(client, ["random", "random"], seed=7)["match_id"]
    summary = wait_finished(client, match_id)
    assert summary["seq"] > snapshots.LOG_WINDOW  # a log longer than one window
    described: list[int] = []
    real = payloads.log_lines

    def counting(game: Any, entries: Any, *args: Any) -> Any:
        if entries:
            described.append(len(entries))
        return real(game, entries, *args)

    monkeypatch.setattr(payloads, "log_lines", counting)
    first = client.get(f"/api/matches/{match_id}/view").json()
    seqs = sorted({line["seq"] for line in first["log"]})
    assert len(seqs) <= snapshots.LOG_WINDOW and seqs[-1] == summary["seq"]
    assert first["log_start"] == seqs[0] > 1
    again = client.get(f"/api/matches/{match_id}/view").json()
    assert again["log"] == first["log"] and len(described) == 1  # described once
    lines = first["log"]
    before = first["log_start"]
    while before is not None:
        page = client.get(f"/api/matches/{match_id}/log?before={before}").json()
        lines = page["log"] + lines
        before = page["log_start"]
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    match = client.portal.call(lobby.get, match_id)  # type: ignore[union-attr]
    assert lines == real(match.game, match.log, None, "en")  # every line, once, in order
