"""The HTTP API read as a client uses it: create, join, move, refuse, list, replay."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from .conftest import auth, create


def view(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/view",
                          headers=auth(token) if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def wait_for_turn(client: TestClient, match_id: str, token: str,
                  timeout: float = 30) -> dict[str, Any]:
    """Poll until this seat may move or the match is over (bots and chance run meanwhile)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        snap = view(client, match_id, token)
        if snap["legal"] or snap["status"] == "finished":
            return snap
        time.sleep(0.01)
    raise AssertionError("the seat never got its turn")


def wait_finished(client: TestClient, match_id: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        summary = client.get(f"/api/matches/{match_id}").json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.02)
    raise AssertionError("the match did not finish")


def test_games_agents_and_i18n(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert games[0]["id"] == "beowulf" and games[0]["max_players"] == 4
    assert {a["name"] for a in client.get("/api/agents").json()} >= {"random", "greedy"}
    hu = client.get("/api/i18n/hu?game=beowulf").json()
    assert "cli.prompt" in hu and len(hu) > len(client.get("/api/i18n/hu").json())
    assert client.get("/api/i18n/xx").json()["code"] == "bad_request"
    assert client.get("/api/i18n/en?game=chess").json()["code"] == "unknown_game"


def test_create_join_and_move(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    assert created["seats"][1]["join_url"] == f"/m/{match_id}?seat=1&token={tokens[1]}"
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "open"
    view(client, match_id, tokens[0])
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "open"
    view(client, match_id, tokens[1])  # every human joined: the deal starts
    snap = wait_for_turn(client, match_id, tokens[0])
    assert snap["status"] == "active" and snap["seat"] == 0 and snap["to_move"] == 0
    assert snap["seq"] > 0 and "tiles" in snap["view"]["hands"][0]
    move = snap["legal"][0]
    assert set(move) == {"id", "text", "json", "label"}
    response = client.post(f"/api/matches/{match_id}/moves", headers=auth(tokens[0]),
                           json={"action": move["json"], "expect_seq": snap["seq"]})
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["seq"] == snap["seq"] + 1 and after["to_move"] == 1
    assert after["log"][-1]["seq"] == after["seq"] and after["log"][-1]["actor"] == 0


def started(client: TestClient, seats: list[str], seed: int = 1) -> tuple[str, list[str]]:
    created = create(client, seats, seed=seed)
    tokens = [s.get("token", "") for s in created["seats"]]
    for token in tokens:
        if token:
            view(client, created["match_id"], token)
    return created["match_id"], tokens


def test_illegal_and_malformed_moves_change_nothing(client: TestClient) -> None:
    match_id, tokens = started(client, ["human", "human"])
    before = wait_for_turn(client, match_id, tokens[0])
    url = f"/api/matches/{match_id}/moves"
    cases = [
        ({"action": "fly to the moon"}, 400, "unparsable_action"),
        ({"action": "cash"}, 400, "illegal_action"),
        ({"action": {"do": "teleport"}}, 400, "unparsable_action"),
        ({"action": 42}, 422, "bad_request"),
        ({"move": "cash"}, 422, "bad_request"),
        ({"action": before["legal"][0]["text"], "expect_seq": before["seq"] - 1}, 409,
         "stale_seq"),
    ]
    for body, status, code in cases:
        response = client.post(url, headers=auth(tokens[0]), json=body)
        assert response.status_code == status, (body, response.text)
        error = response.json()
        assert error["type"] == "error" and error["code"] == code and error["message"], body
    # "why not?": a move of another phase names the rule that refuses it, in the asked language
    refused = client.post(f"{url}?lang=hu", headers=auth(tokens[0]), json={"action": "cash"})
    error = refused.json()
    assert error["params"]["rule"] == "R3.1" and error["params"]["reason"] == "expected.turn"
    assert error["message"] == "rakj le egy bábut, vagy húzz egy lapkát (R3.1)"
    response = client.post(url, headers=auth(tokens[0]), content=b"{not json",
                           # malformed JSON itself
                           )
    assert response.status_code == 422 and response.json()["code"] == "bad_request"
    assert view(client, match_id, tokens[0]) == before


def test_seat_token_misuse(client: TestClient) -> None:
    match_id, tokens = started(client, ["human", "human"])
    before = wait_for_turn(client, match_id, tokens[0])
    url = f"/api/matches/{match_id}/moves"
    move = {"action": before["legal"][0]["text"]}
    # seat 1's token cannot play seat 0's move, and it is never seat 1's turn to play it
    response = client.post(url, headers=auth(tokens[1]), json=move)
    assert response.status_code == 409 and response.json()["code"] == "not_your_turn"
    for headers in (auth("garbage"), auth(""), {"Authorization": "Basic abc"}, {}):
        response = client.post(url, headers=headers, json=move)
        assert response.status_code == 403 and response.json()["code"] == "bad_token", headers
    response = client.get(f"/api/matches/{match_id}/view", headers=auth("garbage"))
    assert response.json()["code"] == "bad_token"
    response = client.post(f"/api/matches/{match_id}/seats/1/claim", headers=auth(tokens[0]))
    assert response.status_code == 403 and response.json()["code"] == "bad_token"
    other, _ = started(client, ["human", "human"], seed=2)
    response = client.get(f"/api/matches/{other}/view", headers=auth(tokens[0]))
    assert response.json()["code"] == "bad_token"  # a token works in its own match only
    assert view(client, match_id, tokens[0]) == before
    assert client.get("/api/matches/nope/view").json()["code"] == "no_such_match"


def test_bad_match_requests(client: TestClient) -> None:
    body = {"game": "beowulf", "players": 5, "seats": [{"kind": "human"}] * 5}
    assert client.post("/api/matches", json=body).json()["code"] == "bad_config"
    body = {"game": "beowulf", "players": 2, "seats": [{"kind": "human"}]}
    assert client.post("/api/matches", json=body).json()["code"] == "bad_request"
    body = {"game": "chess", "players": 2, "seats": [{"kind": "human"}] * 2}
    assert client.post("/api/matches", json=body).json()["code"] == "unknown_game"
    body = {"game": "beowulf", "players": 2, "seats": [{"kind": "bot", "agent": "oracle"}] * 2}
    assert client.post("/api/matches", json=body).json()["code"] == "bad_config"
    body = {"game": "beowulf", "players": 2, "options": {"refill": "never"},
            "seats": [{"kind": "human"}] * 2}
    assert client.post("/api/matches", json=body).json()["code"] == "bad_config"


def test_bots_play_whole_matches_and_listing(client: TestClient) -> None:
    two = create(client, ["random", "greedy"], seed=3)["match_id"]
    four = create(client, ["random", "random", "random", "random"], seed=4)["match_id"]
    waiting = create(client, ["human", "random"], seed=5)["match_id"]
    for match_id, players in ((two, 2), (four, 4)):
        summary = wait_finished(client, match_id)
        assert summary["players"] == players and summary["winners"]
        assert len(summary["returns"]) == players
        assert summary["ending"]["by"] == "rule" and summary["ending"]["reason"] == "acts"
        assert summary["ending"]["text"].startswith("After the third act")
    listed = {m["match_id"]: m["status"] for m in client.get("/api/matches").json()}
    assert listed == {two: "finished", four: "finished", waiting: "open"}
    finished = client.get("/api/matches?status=finished").json()
    assert {m["match_id"] for m in finished} == {two, four}
    assert [m["match_id"] for m in client.get("/api/matches?status=open").json()] == [waiting]
    assert client.get("/api/matches?status=weird").status_code == 422


def test_replay_of_a_finished_match(client: TestClient) -> None:
    match_id = create(client, ["random", "random"], seed=6)["match_id"]
    summary = wait_finished(client, match_id)
    first = client.get(f"/api/matches/{match_id}/replay?step=0").json()
    assert first["step"] == 0 and first["steps"] == summary["seq"] and first["events"] == []
    assert first["view"]["seat"] is None
    deal = client.get(f"/api/matches/{match_id}/replay?step=1&lang=hu").json()
    assert deal["events"][0]["kind"] == "tile_dealt" and "tile" not in deal["events"][0]["data"]
    assert all("tiles" not in hand for hand in deal["view"]["hands"])
    last = client.get(f"/api/matches/{match_id}/replay").json()
    assert last["step"] == last["steps"] and last["winners"] == summary["winners"]
    hu = client.get(f"/api/matches/{match_id}/replay?lang=hu").json()
    assert hu["ending"]["text"].startswith("A harmadik felvonás után")
    bad = client.get(f"/api/matches/{match_id}/replay?step=99999")
    assert bad.json()["code"] == "bad_request"
    open_match = create(client, ["human", "random"])["match_id"]
    assert client.get(f"/api/matches/{open_match}/replay").json()["code"] == \
        "match_not_finished"


def test_review_of_a_finished_match_in_parts(client: TestClient) -> None:
    """The bot's review: parts of decisions from the movers' views, `next` until the end."""
    match_id = create(client, ["greedy", "random"], seed=6)["match_id"]
    summary = wait_finished(client, match_id)
    start: int | None = 0
    moves: list[dict[str, object]] = []
    parts = 0
    while start is not None:
        part = client.get(f"/api/matches/{match_id}/review?start={start}&lang=hu").json()
        assert part["steps"] == summary["seq"] and part["start"] == start
        moves += part["moves"]
        start = part["next"]
        parts += 1
    assert parts >= 2 and len(moves) > 40
    steps = [m["step"] for m in moves]
    assert steps == sorted(set(steps))  # each decision once, in order
    assert all(m["loss"] >= 0 and m["played"] and m["best"] for m in moves)
    assert any(m["loss"] > 0 and m["best"] != m["played"] for m in moves)
    assert client.get(f"/api/matches/{match_id}/review?start=-1").json()["code"] == \
        "bad_request"
    open_match = create(client, ["human", "random"])["match_id"]
    assert client.get(f"/api/matches/{open_match}/review").json()["code"] == \
        "match_not_finished"


def test_pages_without_client_say_so(client: TestClient) -> None:
    response = client.get("/m/abc")
    assert response.status_code in (200, 404)
    if response.status_code == 404:
        assert response.json()["code"] == "no_client"


def test_options_naming_server_files_are_refused(client: TestClient) -> None:
    body = {"game": "runebound", "players": 2, "options": {"content": "/etc"},
            "seats": [{"kind": "human"}] * 2}
    answer = client.post("/api/matches", json=body).json()
    assert answer["code"] == "bad_config" and "content" in answer["message"]
    assert "/etc" not in answer["message"]  # says nothing about the server's folders


def test_bot_seats_over_the_servers_budget_are_refused(client: TestClient) -> None:
    """A lobby is open to anyone: a bot that would think for hours, or an agent from an
    optional extra, is refused before the match exists."""
    before = client.get("/api/matches").json()
    for agent, words in (("ismcts:iterations=100000000", "iterations"),
                         ("ismcts:seconds=3600", "seconds"),
                         ("openspiel_ismcts:10", "not offered")):
        body = {"game": "beowulf", "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": agent}]}
        answer = client.post("/api/matches", json=body).json()
        assert answer["code"] == "bad_config" and words in answer["message"], answer
    assert client.get("/api/matches").json() == before
    body = {"game": "beowulf", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "ismcts:iterations=50"}]}
    assert "match_id" in client.post("/api/matches", json=body).json()


def test_a_table_with_people_starts_from_the_games_table_options(client: TestClient) -> None:
    # Mesopotamia's turn cap is for bots' games (R9.1): people play the printed game to its end
    people = create(client, ["human", "random"], game="mesopotamia")
    snap = view(client, people["match_id"], people["seats"][0]["token"])
    assert snap["view"]["max_turns"] == 0
    capped = create(client, ["human", "random"], game="mesopotamia", options={"max_turns": 12})
    assert view(client, capped["match_id"], capped["seats"][0]["token"])["view"]["max_turns"] == 12
    bots = create(client, ["random", "random"], game="mesopotamia")
    assert view(client, bots["match_id"])["view"]["max_turns"] == 400  # the bots' cap, R9.1
    listed = {g["id"]: g for g in client.get("/api/games").json()}["mesopotamia"]["options"]
    assert {o["name"]: o["default"] for o in listed}["max_turns"] == 0


def test_the_lobby_lists_options_with_labels_and_help_in_the_readers_language(
        client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games?lang=hu").json()}
    options = {o["name"]: o for o in games["runebound"]["options"]}
    assert options["max_rounds"]["label"] == "Vége adott számú kör után"
    assert options["max_rounds"]["group"] == "cap" and options["max_rounds"]["default"] == 0
    assert options["max_rounds"]["about"].startswith("R11.4")  # the rules-level notes
    assert options["endgame"]["choices"] == [{"value": "level_order",
                                              "label": "szint szerinti sorrendben"},
                                             {"value": "none", "label": "nincs végjáték"}]
    assert (options["trade_offers"]["min"], options["trade_offers"]["max"]) == (0, 20)
    assert "content" not in options  # a path on the server's machine is never offered
    beowulf = {o["name"]: o for o in games["beowulf"]["options"]}
    assert beowulf["boards"]["group"] == "data" and beowulf["refill"]["group"] == "variant"
    assert client.get("/api/games?lang=xx").json()["code"] == "bad_request"


def test_the_rules_page_has_the_summary_in_the_readers_language_and_the_whole_book(
        client: TestClient) -> None:
    page = client.get("/rules/mesopotamia?lang=hu")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Cél: elsőként bemutatni mind a négy áldozatodat" in page.text
    assert '<h2 id="R8">R8 End</h2>' in page.text  # RULES.md, rendered, each rule an anchor
    assert '<li id="R3.2">' in page.text  # "why not?" links to a rule by its number
    assert client.get("/rules/chess").json()["code"] == "unknown_game"


def test_feinde_for_two_is_offered_as_a_variant_and_can_be_created(client: TestClient) -> None:
    listed = {g["id"]: g for g in client.get("/api/games").json()}["feinde"]
    assert listed["variant_players"] == [{"players": 2, "option": "allow_two_players"}]
    two = create(client, ["human", "random"], game="feinde",
                 options={"allow_two_players": True})
    assert two["match_id"]
    body = {"game": "feinde", "players": 2, "seats": [{"kind": "human"}] * 2}
    refused = client.post("/api/matches", json=body).json()
    assert refused["code"] == "bad_players" and "allow_two_players" in refused["message"]
