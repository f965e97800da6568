"""Identities (issue 24): guests in a signed cookie, accounts with Argon2 passwords, logging in
and out, changing the password, seats bound to an identity (any browser of that player gets
the seat back, join links still work without one), "My games", and every refusal in the
protocol's error shape."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.server.identity import COOKIE
from boardwright.server.limits import Limits

from .conftest import ManualClock, auth, human_body

PASSWORD = "correct horse battery"


def cookie(client: TestClient) -> str | None:
    return client.cookies.get(COOKIE)


def use(client: TestClient, value: str | None) -> None:
    """Act as the browser whose identity cookie is `value` (None: a fresh browser)."""
    client.cookies.clear()
    if value is not None:
        client.cookies.set(COOKIE, value)


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> str:
    response = client.post("/api/me/signup", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    value = cookie(client)
    assert value
    return value


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> str:
    response = client.post("/api/me/login", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    value = cookie(client)
    assert value
    return value


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["code"] == code and body["message"], body
    return body


def test_a_guest_is_made_once_per_browser(client: TestClient) -> None:
    assert client.get("/api/me").json() == {"identity": None}
    first = client.post("/api/me/guest")
    assert first.status_code == 201
    guest = first.json()["identity"]
    assert guest["kind"] == "guest" and guest["name"].startswith("Guest ")
    set_cookie = first.headers["set-cookie"].lower()
    assert "httponly" in set_cookie and "samesite=strict" in set_cookie
    again = client.post("/api/me/guest")
    assert again.status_code == 200 and again.json()["identity"] == guest
    assert client.get("/api/me").json()["identity"] == guest


def test_sign_up_log_out_log_in(client: TestClient) -> None:
    sign_up(client, "Anna")
    assert client.get("/api/me").json()["identity"] == {"name": "Anna", "kind": "account"}
    assert client.post("/api/me/logout").json() == {"identity": None}
    assert client.get("/api/me").json()["identity"] is None
    log_in(client, "anna")  # names compare case-folded
    assert client.get("/api/me").json()["identity"]["name"] == "Anna"


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"name": "An", "password": PASSWORD}, 422, "bad_name"),
    ({"name": "x" * 25, "password": PASSWORD}, 422, "bad_name"),
    ({"name": "<script>", "password": PASSWORD}, 422, "bad_name"),
    ({"name": " -anna", "password": PASSWORD}, 422, "bad_name"),
    ({"name": "Anna", "password": "short"}, 422, "bad_password"),
    ({"name": "Anna", "password": "p" * 129}, 422, "bad_password"),
    ({"name": "Anna"}, 422, "bad_request"),
    ({"name": "Anna", "password": PASSWORD, "admin": True}, 422, "bad_request"),
])
def test_bad_sign_ups_are_refused_clearly(client: TestClient, body: dict[str, Any],
                                          status: int, code: str) -> None:
    refused(client.post("/api/me/signup", json=body), status, code)
    assert client.get("/api/me").json()["identity"] is None


def test_a_name_is_taken_whatever_its_case_or_width(client: TestClient) -> None:
    sign_up(client, "Anna")
    use(client, None)
    refused(client.post("/api/me/signup", json={"name": "ANNA", "password": PASSWORD}),
            409, "name_taken")
    refused(client.post("/api/me/signup", json={"name": "Ａｎｎａ", "password": PASSWORD}),
            409, "name_taken")


def test_a_wrong_login_says_not_which_part_was_wrong(client: TestClient) -> None:
    sign_up(client, "Anna")
    use(client, None)
    wrong_password = refused(client.post("/api/me/login", json={
        "name": "Anna", "password": "not the password"}), 401, "bad_login")
    no_such_name = refused(client.post("/api/me/login", json={
        "name": "Nobody", "password": PASSWORD}), 401, "bad_login")
    assert wrong_password["message"] == no_such_name["message"]
    assert cookie(client) is None


def test_a_forged_or_tampered_cookie_is_nobody(client: TestClient) -> None:
    value = sign_up(client, "Anna")
    for forged in (value[:-2] + ("AA" if value[-2:] != "AA" else "BB"), "nonsense", "a.b.c"):
        use(client, forged)
        assert client.get("/api/me").json()["identity"] is None
        refused(client.get("/api/me/matches"), 403, "no_identity")


def test_changing_the_password_ends_the_other_browsers(client: TestClient) -> None:
    old_cookie = sign_up(client, "Anna")
    refused(client.post("/api/me/password", json={
        "old_password": "wrong wrong", "new_password": "a new password"}), 401, "bad_login")
    refused(client.post("/api/me/password", json={
        "old_password": PASSWORD, "new_password": "short"}), 422, "bad_password")
    changed = client.post("/api/me/password", json={"old_password": PASSWORD,
                                                    "new_password": "a new password"})
    assert changed.status_code == 200, changed.text
    new_cookie = cookie(client)
    assert new_cookie and new_cookie != old_cookie
    assert client.get("/api/me").json()["identity"]["name"] == "Anna"
    use(client, old_cookie)  # the other browser
    assert client.get("/api/me").json()["identity"] is None
    use(client, None)
    refused(client.post("/api/me/login", json={"name": "Anna", "password": PASSWORD}),
            401, "bad_login")
    log_in(client, "Anna", "a new password")


def test_a_guest_has_no_password_to_change(client: TestClient) -> None:
    client.post("/api/me/guest")
    refused(client.post("/api/me/password", json={
        "old_password": "whatever1", "new_password": "whatever2"}), 409, "no_account")


def test_a_write_from_another_sites_page_is_refused(client: TestClient) -> None:
    sign_up(client, "Anna")
    evil = {"Origin": "https://evil.example"}
    refused(client.post("/api/me/logout", headers=evil), 403, "bad_origin")
    refused(client.post("/api/matches", json=human_body(), headers=evil), 403, "bad_origin")
    same = {"Origin": "http://testserver"}
    assert client.post("/api/me/logout", headers=same).status_code == 200


def _mine(players: int = 2) -> dict[str, Any]:
    body = human_body(players)
    body["seats"] = [{"kind": "human", "mine": True}] + [{"kind": "human"}] * (players - 1)
    return body


def test_a_seat_of_ones_own_needs_an_identity(client: TestClient) -> None:
    refused(client.post("/api/matches", json=_mine()), 403, "no_identity")
    client.post("/api/me/guest")
    body = _mine()
    body["seats"][1] = {"kind": "human", "mine": True}
    refused(client.post("/api/matches", json=body), 409, "already_seated")
    body["seats"] = [{"kind": "bot", "agent": "random", "mine": True}, {"kind": "human"}]
    refused(client.post("/api/matches", json=body), 422, "bad_request")


def test_a_bound_seat_comes_back_in_any_browser(client: TestClient) -> None:
    """Anna creates a match holding seat A; a fresh browser where she logs in gets seat A
    back without any link (HTTP and WebSocket); Bob joins by his link without an account."""
    sign_up(client, "Anna")
    created = client.post("/api/matches", json=_mine()).json()
    match_id = created["match_id"]
    assert created["seats"][0]["player"] == "Anna"
    bob = created["seats"][1]["token"]

    use(client, None)  # a fresh browser: a spectator until she logs in
    assert client.get(f"/api/matches/{match_id}/view").json()["seat"] is None
    log_in(client, "Anna")
    view = client.get(f"/api/matches/{match_id}/view").json()
    assert view["seat"] == 0
    assert view["seats"][0]["player"] == "Anna"
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0

    use(client, None)  # Bob, no account: his join link works as before
    view = client.get(f"/api/matches/{match_id}/view", headers=auth(bob)).json()
    assert view["seat"] == 1 and view["status"] == "active"
    assert "player" not in view["seats"][1]


def test_a_join_link_binds_the_seat_to_whoever_opens_it_logged_in(client: TestClient) -> None:
    sign_up(client, "Anna")
    created = client.post("/api/matches", json=_mine(3)).json()
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    # Anna holds seat A: seat C's link still works for her, but stays unbound
    assert client.get(f"/api/matches/{match_id}/view",
                      headers=auth(tokens[2])).json()["seat"] == 2
    use(client, None)
    bob = sign_up(client, "Bobby")
    bound = client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[1])).json()
    assert bound["seat"] == 1 and bound["seat_token"]["seat"] == 1
    use(client, None)
    use(client, bob)  # Bob's other browser, no link
    assert client.get(f"/api/matches/{match_id}/view").json()["seat"] == 1
    summary = client.get(f"/api/matches/{match_id}").json()
    assert [s.get("player") for s in summary["seats"]] == ["Anna", "Bobby", None]
    # the seat stays Bob's: Carla, logged in with seat B's new link, cannot act for it
    use(client, None)
    sign_up(client, "Carla")
    refused(client.get(f"/api/matches/{match_id}/view",
                       headers=auth(bound["seat_token"]["token"])), 403, "seat_bound")
    assert client.get(f"/api/matches/{match_id}").json()["seats"][1]["player"] == "Bobby"


def test_a_guest_who_signs_up_keeps_its_seats(client: TestClient) -> None:
    client.post("/api/me/guest")
    match_id = client.post("/api/matches", json=_mine()).json()["match_id"]
    sign_up(client, "Anna")
    assert client.get("/api/me").json()["identity"] == {"name": "Anna", "kind": "account"}
    mine = client.get("/api/me/matches").json()
    assert [m["match_id"] for m in mine["open"]] == [match_id]
    assert mine["open"][0]["seats"][0]["player"] == "Anna"


def test_my_games_lists_open_running_your_turn_first_and_finished(client: TestClient) -> None:
    sign_up(client, "Anna")
    open_id = client.post("/api/matches", json=_mine()).json()["match_id"]
    running = []
    for _ in range(3):
        created = client.post("/api/matches", json=_mine()).json()
        client.get(f"/api/matches/{created['match_id']}/view",
                   headers=auth(created["seats"][1]["token"]))
        running.append(created)
    turns = {}  # each has joined; once chance has dealt, somebody is to move
    for created in running:
        match_id = created["match_id"]
        client.get(f"/api/matches/{match_id}/view")
        for _ in range(200):
            view = client.get(f"/api/matches/{match_id}/view").json()
            if view["to_move"] is not None:
                break
            time.sleep(0.02)
        turns[match_id] = view["to_move"] == 0
    mine = client.get("/api/me/matches").json()
    assert mine["identity"]["name"] == "Anna"
    assert [m["match_id"] for m in mine["open"]] == [open_id]
    playing = mine["playing"]
    assert {m["match_id"] for m in playing} == {c["match_id"] for c in running}
    flags = [m["your_turn"] for m in playing]
    assert flags == sorted(flags, reverse=True)  # hers first
    assert all(m["your_turn"] == turns[m["match_id"]] for m in playing)
    assert all(m["my_seat"] == 0 for m in playing)
    # an aborted match (its creator's control token) counts as over
    aborted = client.post("/api/matches", json=_mine()).json()
    client.post(f"/api/matches/{aborted['match_id']}/abort",
                headers=auth(aborted["control_token"]))
    finished = client.get("/api/me/matches").json()["finished"]
    assert [m["match_id"] for m in finished] == [aborted["match_id"]]


def test_my_games_needs_an_identity(client: TestClient) -> None:
    refused(client.get("/api/me/matches"), 403, "no_identity")


@pytest.fixture
def limits() -> Limits:
    return Limits(logins_per_minute=1.0, login_burst=3, guests_per_hour=1.0, guest_burst=2)


def test_logins_and_guests_are_rationed_per_address(guarded: TestClient,
                                                    clock: ManualClock) -> None:
    for n in range(3):
        response = guarded.post("/api/me/login", json={"name": "Nobody", "password": "x" * 8})
        assert response.status_code == 401, (n, response.text)
    body = refused(guarded.post("/api/me/signup", json={"name": "Anna", "password": PASSWORD}),
                   429, "rate_limited")
    assert body["params"]["retry_after"] > 0
    clock.now += 61
    assert guarded.post("/api/me/signup", json={"name": "Anna",
                                                "password": PASSWORD}).status_code == 201
    for _ in range(2):
        use(guarded, None)
        assert guarded.post("/api/me/guest").status_code == 201
    use(guarded, None)
    refused(guarded.post("/api/me/guest"), 429, "rate_limited")


def test_identities_ratings_and_chat_on_postgres(pg_url: str, bot_pool: Any) -> None:
    """The same on PostgreSQL: a taken name (its unique index), a seat regained by logging
    in, a chat line, and a rated match of bots rated once (under a row lock)."""
    from boardwright.server.app import create_app

    from .conftest import TEST_LIMITS, create

    with TestClient(create_app(pg_url, bots=bot_pool, limits=TEST_LIMITS,
                               leaderboard_min=(1, 1))) as client:
        sign_up(client, "Anna")
        created = client.post("/api/matches", json=_mine()).json()
        match_id = created["match_id"]
        use(client, None)
        refused(client.post("/api/me/signup", json={"name": "anna", "password": PASSWORD}),
                409, "name_taken")
        log_in(client, "Anna")
        assert client.get(f"/api/matches/{match_id}/view").json()["seat"] == 0
        said = client.post(f"/api/matches/{match_id}/chat", json={"text": "hello"})
        assert said.status_code == 201 and said.json()["line"]["n"] == 1
        rated = create(client, ["random", "greedy"], seed=3, rated=True)["match_id"]
        for _ in range(600):
            board = client.get("/api/leaderboard/beowulf").json()["entries"]
            if board:
                break
            time.sleep(0.05)
        assert {e["name"] for e in board} == {"random", "greedy"}
        assert client.get(f"/api/matches/{rated}").json()["status"] == "finished"
    with TestClient(create_app(pg_url, bots=bot_pool, limits=TEST_LIMITS,
                               leaderboard_min=(1, 1))) as client:
        log_in(client, "Anna")  # the signing key is the database's: the next server agrees
        assert client.get("/api/me/matches").json()["open"][0]["match_id"] == match_id
        assert client.get(f"/api/matches/{match_id}/chat").json()["lines"][0]["text"] == "hello"
        assert all(e["matches"] == 1 for e in client.get(
            "/api/leaderboard/beowulf").json()["entries"])
