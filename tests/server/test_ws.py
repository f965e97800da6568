"""The match WebSocket: welcome, one update per action, reconnect with since, lang, ping."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import create
from .wsplay import play_over_ws


def test_whole_matches_over_websockets(client: TestClient) -> None:
    for seats, seed in ((["human", "random"], 11), (["human", "random", "human", "greedy"], 12)):
        match_id, watchers = play_over_ws(client, seats, seed)
        final = client.get(f"/api/matches/{match_id}").json()
        assert final["status"] == "finished" and final["winners"]
        for w in watchers:
            updates = [m for m in w.received if m["type"] == "update"]
            seqs = [m["seq"] for m in updates]
            assert seqs == list(range(seqs[0], final["seq"] + 1)), "one update per action"
            assert updates[-1]["winners"] == final["winners"]
            assert all(m["legal"] == [] for m in updates if m["to_move"] != w.seat)


def test_reconnect_since_lang_ping_and_errors(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=21)
    match_id = created["match_id"]
    t0, t1 = (s["token"] for s in created["seats"])
    with client.websocket_connect(f"/ws/matches/{match_id}?token={t1}") as ws1:
        assert ws1.receive_json()["type"] == "welcome"
        with client.websocket_connect(f"/ws/matches/{match_id}?token={t0}&lang=hu") as ws0:
            welcome = ws0.receive_json()
            assert welcome["type"] == "welcome" and welcome["seat"] == 0
            message = ws0.receive_json()
            while message["type"] != "update" or message["to_move"] != 0:
                message = ws0.receive_json()
            seq = message["seq"]
            ws0.send_json({"type": "ping"})
            assert ws0.receive_json() == {"type": "pong"}
            ws0.send_json({"type": "move", "action": "cash"})
            error = ws0.receive_json()
            assert error["type"] == "error" and error["code"] == "illegal_action"
            assert error["message"].endswith("(R3.1)")  # in the socket's language, Hungarian
            assert error["message"].startswith("rakj le egy bábut")
            ws0.send_json({"type": "dance"})
            assert ws0.receive_json()["code"] == "bad_request"
            ws0.send_text("{not json")
            assert ws0.receive_json()["code"] == "bad_request"
            move = message["legal"][0]
            ws0.send_json({"type": "move", "action": move["json"], "expect_seq": seq})
            update = ws0.receive_json()
            assert update["type"] == "update" and update["seq"] == seq + 1
            assert update["actor"] == 0 and update["events"][0]["seq"] == seq + 1
            ws0.send_json({"type": "lang", "lang": "cs"})
            again = ws0.receive_json()
            assert again["type"] == "welcome" and again["seq"] == seq + 1
            assert again["log"][-1]["seq"] == update["events"][-1]["seq"]
            assert again["log"][-1]["text"] != update["events"][-1]["text"]  # cs, not hu
        # reconnect with since: only the lines after it
        with client.websocket_connect(
                f"/ws/matches/{match_id}?token={t0}&since={seq}") as ws0:
            back = ws0.receive_json()
            assert back["type"] == "welcome" and back["seq"] == seq + 1
            assert [line["seq"] for line in back["log"]] == [seq + 1] * len(back["log"])
            assert back["view"] == update["view"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token=garbage") as bad:
        assert bad.receive_json()["code"] == "bad_token"
    with client.websocket_connect("/ws/matches/nope") as bad:
        assert bad.receive_json()["code"] == "no_such_match"


def test_spectator_sees_no_hand(client: TestClient) -> None:
    match_id = create(client, ["random", "random", "random"], seed=31)["match_id"]
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        welcome = ws.receive_json()
        assert welcome["seat"] is None and welcome["legal"] == []
        messages = [welcome] + [ws.receive_json() for _ in range(40)]
    for message in messages:
        if "view" in message:
            assert all("tiles" not in hand for hand in message["view"]["hands"])
            for line in message.get("log", []) + message.get("events", []):
                assert "tile" not in line["data"] or line["kind"] != "tile_dealt"
