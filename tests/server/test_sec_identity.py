"""Who may act for a seat and as an identity (issue 38): a bound seat obeys its identity alone
(H1), writes from other sites' pages are refused with or without a cookie (M3), sessions live
on the server and end for good at logout (M4), the cookie key comes from the operator (L4),
logins are throttled per account and per IPv6 /64 (L2), look-alike and reserved names are
refused (L3), every refusal keeps the error shape (L8), ratings cannot be farmed (M5) and a
live table never waits for ever on an absent player (M6).

Each test is named after the finding it closes and fails on the code before the fix."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import auth
from .test_api import wait_finished
from .test_identity import cookie, refused, sign_up, use


def _invite(client: TestClient) -> dict[str, Any]:
    """Anna (an account) creates a two-person match holding seat A; seat B's link is hers to
    hand on."""
    sign_up(client, "Anna")
    created = client.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human", "mine": True}, {"kind": "human"}]}).json()
    return {"id": created["match_id"], "anna": cookie(client),
            "link": created["seats"][1]["token"], "control": created["control_token"]}


def test_h1_bound_seat_refuses_the_creators_copy_of_the_token(client: TestClient) -> None:
    made = _invite(client)
    match_id = made["id"]
    use(client, None)
    bob = sign_up(client, "Bobby")
    bound = client.get(f"/api/matches/{match_id}/view", headers=auth(made["link"])).json()
    assert bound["seat"] == 1
    fresh = bound["seat_token"]
    assert fresh["seat"] == 1 and fresh["token"] != made["link"]
    # the creator's copy of the link reads nothing and moves nothing for Bob any more
    use(client, made["anna"])
    view = client.get(f"/api/matches/{match_id}/view", headers=auth(made["link"])).json()
    assert view["seat"] == 0  # her own seat, never his
    assert view["view"]["hands"][1].get("tiles") is None
    use(client, None)
    refused(client.get(f"/api/matches/{match_id}/view", headers=auth(made["link"])), 403,
            "bad_token")
    use(client, made["anna"])
    refused(client.get(f"/api/matches/{match_id}/view", headers=auth(fresh["token"])), 403,
            "seat_bound")
    use(client, None)  # nor does anyone without Bob's identity, with the new link
    refused(client.post(f"/api/matches/{match_id}/chat", json={"text": "hi"},
                        headers=auth(fresh["token"])), 403, "seat_bound")
    with client.websocket_connect(f"/ws/matches/{match_id}?token={made['link']}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    # the control token cannot mint a new link for Bob's seat
    use(client, made["anna"])
    refused(client.post(f"/api/matches/{match_id}/seats/1/token",
                        headers=auth(made["control"])), 403, "seat_bound")
    # Bob, in any tab, with the new link or a stale copy of the old one
    use(client, bob)
    assert client.get(f"/api/matches/{match_id}/view",
                      headers=auth(fresh["token"])).json()["seat"] == 1
    assert client.get(f"/api/matches/{match_id}/view",
                      headers=auth(made["link"])).json()["seat"] == 1


def test_h1_a_socket_that_binds_its_seat_gets_the_new_link_and_closes_the_old_ones(
        client: TestClient) -> None:
    made = _invite(client)
    match_id = made["id"]
    use(client, None)  # the creator's copy, anonymous, watches seat B's hand
    with client.websocket_connect(f"/ws/matches/{match_id}?token={made['link']}") as spy:
        assert spy.receive_json()["seat"] == 1
        sign_up(client, "Bobby")
        with client.websocket_connect(f"/ws/matches/{match_id}?token={made['link']}") as ws:
            message = ws.receive_json()
            assert message["type"] == "seat_token" and message["seat"] == 1
            assert ws.receive_json()["type"] == "welcome"
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(10):
                spy.receive_json()
        assert closed.value.code == 4403


def test_h1_a_rematch_gives_each_player_only_their_own_link(client: TestClient) -> None:
    client.post("/api/me/guest")
    created = client.post("/api/matches", json={
        "game": "beowulf", "players": 2, "rated": False,
        "seats": [{"kind": "human", "mine": True}, {"kind": "human"}]}).json()
    match_id, link = created["match_id"], created["seats"][1]["token"]
    anna = cookie(client)
    use(client, None)  # Bob plays by his link, without an identity
    client.get(f"/api/matches/{match_id}/view", headers=auth(link))
    use(client, anna)
    client.get(f"/api/matches/{match_id}/view")
    _finish_two(client, match_id)
    use(client, anna)
    first = client.post(f"/api/matches/{match_id}/rematch").json()
    assert "control_token" not in first
    assert [s["seat"] for s in first["seats"] if "token" in s] == [first["seat"]] == [1]
    use(client, None)
    second = client.post(f"/api/matches/{match_id}/rematch", headers=auth(link)).json()
    assert second["existing"] is True and second["seat"] == 0
    assert [s["seat"] for s in second["seats"] if "token" in s] == [0]
    view = client.get(f"/api/matches/{second['match_id']}/view",
                      headers=auth(second["seats"][0]["token"])).json()
    assert view["seat"] == 0


def _finish_two(client: TestClient, match_id: str) -> None:
    """Both people of a joined two-seat match let their stand-ins play it to its end."""
    match = client.portal.call(client.app.state.lobby.get, match_id)  # type: ignore[attr-defined,union-attr]
    for seat in (0, 1):
        client.portal.call(match.stand_in, seat)  # type: ignore[union-attr]
    wait_finished(client, match_id, timeout=120)



def test_m3_a_cross_site_form_cannot_make_or_end_a_guest_without_a_cookie(
        client: TestClient) -> None:
    """A victim without a cookie (or whose cookie the browser holds back) is not given a
    guest identity by another site's form, nor logged out by one: refused before the app."""
    for headers in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"}, {"Origin": "null"}):
        use(client, None)
        body = refused(client.post("/api/me/guest", headers=headers), 403, "bad_origin")
        assert body["params"] == {}
        assert cookie(client) is None
        refused(client.post("/api/me/logout", headers=headers), 403, "bad_origin")
        refused(client.post("/api/me/login", headers=headers,
                            json={"name": "Anna", "password": "x" * 10}), 403, "bad_origin")
    # this server's own pages, a typed address and scripts (no browser headers) pass
    for headers in ({"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
                    {"Sec-Fetch-Site": "none"}, {}):
        use(client, None)
        assert client.post("/api/me/guest", headers=headers).status_code == 201
    # a cross-site page may still read what anyone may read
    assert client.get("/api/games", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


def test_l8_a_trailing_slash_path_answers_in_the_error_shape(client: TestClient) -> None:
    for path in ("/api/games/", "/api/me/", "/api/matches/"):
        response = client.get(path, follow_redirects=False)
        refused(response, 404, "not_found")


def test_l8_a_bad_websocket_since_gets_the_error_shape(client: TestClient) -> None:
    created = client.post("/api/matches", json={
        "game": "beowulf", "players": 2, "seed": 1,
        "seats": [{"kind": "bot", "agent": "random"}] * 2}).json()
    for since in ("x", "-1", "1e3", "９"):
        with client.websocket_connect(
                f"/ws/matches/{created['match_id']}?since={since}") as ws:
            message = ws.receive_json()
            assert message["type"] == "error" and message["code"] == "bad_request", message
            assert message["params"]["where"] == "since"


def test_l8_token_bearing_answers_are_never_cached(client: TestClient) -> None:
    response = client.post("/api/matches", json={
        "game": "beowulf", "players": 2, "seats": [{"kind": "human"}] * 2})
    assert response.status_code == 201 and response.headers["cache-control"] == "no-store"
    token = response.json()["seats"][0]["token"]
    match_id = response.json()["match_id"]
    reissued = client.post(f"/api/matches/{match_id}/seats/0/token", headers=auth(token))
    assert reissued.headers["cache-control"] == "no-store"
    assert client.post("/api/me/guest").headers["cache-control"] == "no-store"
