"""Chat per match (issue 24): players and spectators with an identity speak, every watcher
hears, lines are stored (a reconnect and the replay show them), the text stays text, and bad,
long or fast lines are refused in the protocol's error shape."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.server.limits import Limits

from .conftest import ManualClock, auth, human_body
from .test_identity import refused, sign_up, use
from .test_ratings import play_to_end

MARKUP = "<b>bold</b> & <script>alert(1)</script>"


def _next(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_players_and_spectators_hear_a_line_as_typed(client: TestClient) -> None:
    created = client.post("/api/matches", json=human_body()).json()
    match_id, token = created["match_id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as player, \
            client.websocket_connect(f"/ws/matches/{match_id}") as spectator:
        assert player.receive_json()["type"] == "welcome"
        assert spectator.receive_json()["type"] == "welcome"
        player.send_json({"type": "chat", "text": f"  {MARKUP}  "})
        heard = [_next(ws, "chat")["line"] for ws in (player, spectator)]
        assert heard[0] == heard[1]
        line = heard[0]
        assert (line["n"], line["seat"], line["name"], line["text"]) == (
            1, 0, "Player A", MARKUP)
        # an anonymous spectator has no name to speak under
        spectator.send_json({"type": "chat", "text": "hello"})
        error = _next(spectator, "error")
        assert error["code"] == "no_identity"
        for bad in ("", "   ", "x" * 301, "evil \u202e txet", "two\nlines"):
            player.send_json({"type": "chat", "text": bad})
            error = _next(player, "error")
            assert error["code"] == "bad_request" and "chat line" in error["message"], bad
    stored = client.get(f"/api/matches/{match_id}/chat").json()["lines"]
    assert [x["text"] for x in stored] == [MARKUP]
    with client.websocket_connect(f"/ws/matches/{match_id}") as again:
        assert [x["text"] for x in again.receive_json()["chat"]] == [MARKUP]


def test_a_spectator_with_an_identity_speaks_unless_the_table_says_no(
        client: TestClient) -> None:
    sign_up(client, "Watcher")
    quiet = client.post("/api/matches", json=human_body(spectator_chat=False)).json()
    refused(client.post(f"/api/matches/{quiet['match_id']}/chat", json={"text": "hi"}),
            403, "chat_muted")
    player = client.post(f"/api/matches/{quiet['match_id']}/chat", json={"text": "gl hf"},
                         headers=auth(quiet["seats"][1]["token"]))
    assert player.status_code == 201 and player.json()["line"]["seat"] == 1
    loud = client.post("/api/matches", json=human_body()).json()
    said = client.post(f"/api/matches/{loud['match_id']}/chat", json={"text": "hi all"})
    assert said.status_code == 201, said.text
    assert said.json()["line"] | {"time": None} == {
        "n": 1, "seq": 0, "seat": None, "name": "Watcher", "text": "hi all", "time": None}
    refused(client.get("/api/matches/nonesuch/chat"), 404, "no_such_match")
    refused(client.post(f"/api/matches/{loud['match_id']}/chat", json={"text": "x" * 301}),
            422, "bad_request")


def test_the_replay_shows_the_chat_said_up_to_its_step(client: TestClient) -> None:
    sign_up(client, "Anna")
    created = client.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human", "mine": True}, {"kind": "bot", "agent": "greedy"}]}).json()
    match_id = created["match_id"]
    client.get(f"/api/matches/{match_id}/view")
    assert client.post(f"/api/matches/{match_id}/chat",
                       json={"text": "good luck"}).status_code == 201
    end = play_to_end(client, match_id)
    assert client.post(f"/api/matches/{match_id}/chat",
                       json={"text": "good game"}).status_code == 201
    final = client.get(f"/api/matches/{match_id}/replay").json()
    assert [x["text"] for x in final["chat"]] == ["good luck", "good game"]
    said_at = final["chat"][0]["seq"]
    before = client.get(f"/api/matches/{match_id}/replay?step={said_at}").json()
    assert [x["text"] for x in before["chat"]] == ["good luck"]
    assert end["status"] == "finished"
    use(client, None)
    assert client.get(f"/api/matches/{match_id}/chat").json()["lines"][1]["name"] == "Anna"


@pytest.fixture
def limits() -> Limits:
    return Limits(chat_per_minute=6.0, chat_burst=3, chat_lines_per_match=5)


def test_chat_is_rationed_per_speaker(guarded: TestClient, clock: ManualClock) -> None:
    created = guarded.post("/api/matches", json=human_body()).json()
    url = f"/api/matches/{created['match_id']}/chat"
    token = auth(created["seats"][0]["token"])
    for n in range(3):
        assert guarded.post(url, json={"text": f"line {n}"}, headers=token).status_code == 201
    body = refused(guarded.post(url, json={"text": "one more"}, headers=token),
                   429, "rate_limited")
    assert body["params"]["retry_after"] > 0
    clock.now += 10
    assert guarded.post(url, json={"text": "later"}, headers=token).status_code == 201


def test_a_matchs_chat_holds_a_bounded_number_of_lines(guarded: TestClient,
                                                       clock: ManualClock) -> None:
    """Each speaker's rate alone would let a few guests write into one match for ever: past
    `chat_lines_per_match` lines its chat is full, for every speaker, and stays so."""
    created = guarded.post("/api/matches", json=human_body()).json()
    url = f"/api/matches/{created['match_id']}/chat"
    tokens = [auth(seat["token"]) for seat in created["seats"]]
    for n in range(5):
        clock.now += 60
        said = guarded.post(url, json={"text": f"line {n}"}, headers=tokens[n % 2])
        assert said.status_code == 201, said.text
    clock.now += 60
    for token in tokens:
        body = refused(guarded.post(url, json={"text": "one more"}, headers=token),
                       409, "chat_full")
        assert body["params"]["limit"] == 5
    assert len(guarded.get(url).json()["lines"]) == 5
