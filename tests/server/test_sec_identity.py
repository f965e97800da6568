"""Who may act for a seat and as an identity (issue 38): a bound seat obeys its identity alone
(H1), writes from other sites' pages are refused with or without a cookie (M3), sessions live
on the server and end for good at logout (M4), the cookie key comes from the operator (L4),
logins are throttled per account and per IPv6 /64 (L2), look-alike and reserved names are
refused (L3), every refusal keeps the error shape (L8), ratings cannot be farmed (M5) and a
live table never waits for ever on an absent player (M6).

Each test is named after the finding it closes and fails on the code before the fix."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from itsdangerous import URLSafeTimedSerializer
from starlette.websockets import WebSocketDisconnect

from boardwright.server import absence, ratings
from boardwright.server.app import create_app
from boardwright.server.guard import address_key
from boardwright.server.identity import (
    ACCOUNT_LOGIN_BURST,
    COOKIE,
    HOST_COOKIE,
    SALT,
    SECRET_ENV,
    SECRET_KEY,
)
from boardwright.server.limits import Limits
from boardwright.server.run import uvicorn_config
from boardwright.server.seats import MatchError

from .conftest import TEST_LIMITS, ManualClock, auth
from .test_api import wait_finished
from .test_identity import PASSWORD, cookie, refused, sign_up, use


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


def test_m4_a_copied_cookie_stops_working_after_logout(client: TestClient) -> None:
    copy = sign_up(client, "Anna")
    assert client.post("/api/me/logout").status_code == 200
    use(client, copy)
    assert client.get("/api/me").json()["identity"] is None


def test_m4_signing_up_on_a_planted_guest_cookie_ends_that_cookie(client: TestClient) -> None:
    client.post("/api/me/guest")
    planted = cookie(client)  # the attacker's guest, set in the victim's browser
    mine = sign_up(client, "Victim")
    assert mine != planted
    use(client, planted)
    assert client.get("/api/me").json()["identity"] is None
    use(client, mine)
    assert client.get("/api/me").json()["identity"]["name"] == "Victim"


def test_m4_login_starts_a_new_session_and_ends_the_browsers_old_one(
        client: TestClient) -> None:
    sign_up(client, "Anna")
    use(client, None)
    client.post("/api/me/guest")
    before = cookie(client)
    use(client, before)
    after = client.post("/api/me/login", json={"name": "Anna", "password": PASSWORD})
    assert after.status_code == 200 and after.cookies.get(COOKIE) not in (None, before)
    use(client, before)
    assert client.get("/api/me").json()["identity"] is None


def test_m4_log_out_everywhere_ends_every_browser(client: TestClient) -> None:
    first = sign_up(client, "Anna")
    use(client, None)
    second = client.post("/api/me/login", json={"name": "Anna", "password": PASSWORD})
    assert second.status_code == 200
    other = cookie(client)
    refused(client.post("/api/me/logout-everywhere", headers={"Origin": "https://x.example"}),
            403, "bad_origin")
    ended = client.post("/api/me/logout-everywhere").json()
    assert ended == {"identity": None, "sessions_ended": 2}
    for value in (first, other):
        use(client, value)
        assert client.get("/api/me").json()["identity"] is None
    use(client, None)
    refused(client.post("/api/me/logout-everywhere"), 403, "no_identity")


def test_m4_over_https_the_cookie_is_host_prefixed(db_url: str, bot_pool: Any) -> None:
    app = create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)
    with TestClient(app, base_url="https://testserver") as browser:
        made = browser.post("/api/me/guest")
        header = made.headers["set-cookie"]
        assert header.startswith(f"{HOST_COOKIE}=") and "secure" in header.lower()
        assert "path=/" in header.lower() and "domain" not in header.lower()
        assert browser.get("/api/me").json()["identity"]["kind"] == "guest"
        # a cookie without the prefix (set by a sibling site) is nobody over HTTPS
        value = browser.cookies.get(HOST_COOKIE)
        browser.cookies.clear()
        browser.cookies.set(COOKIE, value)
        assert browser.get("/api/me").json()["identity"] is None


def test_l4_the_cookie_key_comes_from_the_operator_not_the_database(
        db_url: str, bot_pool: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """With BOARDWRIGHT_SECRET_KEY set, a cookie signed with the key stored in the database
    (what a copy of the database gives) is nobody, and the database holds no key at all."""
    monkeypatch.setenv(SECRET_ENV, "k" * 40)
    app = create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)
    with TestClient(app) as browser:
        browser.post("/api/me/guest")
        guest = browser.get("/api/me").json()["identity"]
        store = app.state.lobby.store
        assert store.setting(SECRET_KEY, lambda: "none") == "none"  # none was stored
        forged = URLSafeTimedSerializer("none", salt=SALT)
        ids = [r.id for r in _identity_rows(store)]
        for identity_id in ids:
            browser.cookies.clear()
            browser.cookies.set(COOKIE, forged.dumps([identity_id, 0]))
            assert browser.get("/api/me").json()["identity"] is None
        assert guest["kind"] == "guest"
    monkeypatch.setenv(SECRET_ENV, "short")
    with pytest.raises(MatchError) as short:
        create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)
    assert short.value.code == "bad_config"


def _identity_rows(store: Any) -> list[Any]:
    from sqlalchemy import select

    from boardwright.server.store import identities_table
    with store.engine.connect() as conn:
        return list(conn.execute(select(identities_table)))


def test_l2_logins_are_throttled_per_account_whatever_the_address(
        db_url: str, bot_pool: Any) -> None:
    """The per-address bucket is made roomy here: the account's own bucket still stops the
    guesses at one account, and only at that one."""
    limits = Limits(login_burst=1000, logins_per_minute=1000.0)
    app = create_app(db_url, bots=bot_pool, limits=limits, clock=ManualClock())
    with TestClient(app) as guesser:
        sign_up(guesser, "Anna")
        use(guesser, None)
        wrong = {"name": "ANNA", "password": "not her password"}
        codes = [guesser.post("/api/me/login", json=wrong).json()["code"]
                 for _ in range(ACCOUNT_LOGIN_BURST + 2)]
        assert codes == ["bad_login"] * ACCOUNT_LOGIN_BURST + ["rate_limited"] * 2
        body = refused(guesser.post("/api/me/login", json=wrong), 429, "rate_limited")
        assert body["params"]["scope"] == "account" and body["params"]["retry_after"] > 0
        other = guesser.post("/api/me/login", json={"name": "Bobby", "password": "x" * 9})
        assert other.json()["code"] == "bad_login"


def test_l2_an_ipv6_client_is_counted_per_64(db_url: str, bot_pool: Any) -> None:
    """Guests per address: the addresses of one /64 share one bucket, the next /64 has its
    own, an IPv4-mapped address counts as its IPv4 address."""
    limits = Limits(guest_burst=2, guests_per_hour=0.001)
    app = create_app(db_url, bots=bot_pool, limits=limits, clock=ManualClock())

    def guest(host: str) -> int:
        with TestClient(app, client=(host, 1234)) as browser:
            return browser.post("/api/me/guest").status_code

    assert [guest("2001:db8:1:2::1"), guest("2001:db8:1:2:ffff::9")] == [201, 201]
    assert guest("2001:db8:1:2:abcd::1") == 429
    assert guest("2001:db8:1:3::1") == 201
    assert [guest("::ffff:192.0.2.7"), guest("192.0.2.7"), guest("192.0.2.7")] == [201, 201,
                                                                                   429]
    assert address_key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert address_key("testclient") == "testclient"


def test_l2_forwarded_for_is_believed_only_from_the_named_proxies() -> None:
    """uvicorn's own default believes X-Forwarded-For from 127.0.0.1; `serve` believes it
    from nobody unless `--forwarded-allow-ips` names the proxy."""
    seen: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["client"])

    scope = {"type": "http", "method": "GET", "path": "/", "client": ("127.0.0.1", 5),
             "scheme": "http", "headers": [(b"x-forwarded-for", b"203.0.113.9")]}

    def client_seen(config: Any) -> Any:
        config.load()
        seen.clear()
        asyncio.run(config.loaded_app(dict(scope), None, None))
        return seen[0][0]

    assert client_seen(uvicorn_config(app, "127.0.0.1", 0, Limits())) == "127.0.0.1"
    assert client_seen(uvicorn_config(app, "127.0.0.1", 0, Limits(),
                                      forwarded_allow_ips="127.0.0.1")) == "203.0.113.9"
    assert client_seen(uvicorn_config(app, "127.0.0.1", 0, Limits(),
                                      forwarded_allow_ips="10.0.0.0/8")) == "127.0.0.1"


def test_l3_look_alike_and_reserved_names_are_refused(client: TestClient) -> None:
    sign_up(client, "Anna")
    use(client, None)
    for name in ("\u0410nna", "p\u0430ypal", "\u0410\u0440\u0435"):  # Cyrillic А, а; Аре
        refused(client.post("/api/me/signup", json={"name": name, "password": PASSWORD}),
                422, "confusable_name")
    for name in ("Guest 1234", "guest1234", "GUEST_77", "bot", "Bot 3", "greedy", "Player A",
                 "Vendég 1234", "Admin"):
        refused(client.post("/api/me/signup", json={"name": name, "password": PASSWORD}),
                422, "reserved_name")
    for name in ("Jiří Novák", "Ádám", "Петр", "Botond", "Guest of honour"):
        use(client, None)
        assert client.post("/api/me/signup", json={
            "name": name, "password": PASSWORD}).status_code == 201, name


def _rated_row(players: int, winners: list[int], returns: list[float],
               seats: list[dict[str, Any]] | None = None) -> Any:
    from datetime import UTC, datetime

    from boardwright.server.store import MatchRow
    stamp = datetime.now(UTC)
    return MatchRow(id="m", game="beowulf", players=players, options={},
                    seats=seats or [{"kind": "human"}] * players, status="finished", seed=1,
                    lang="en", clock_seconds=None, grace_seconds=None, engine_version="0",
                    rules_version="r", seq=10, returns=returns, winners=winners,
                    created=stamp, updated=stamp, rated=True)


def test_m5_only_accounts_and_bot_levels_are_rated_never_guests() -> None:
    row = _rated_row(2, [0], [9.0, 1.0])
    assert ratings.compute(row, {0: "a", 1: "g"}, {}, {"a": "account", "g": "guest"}) == {}
    assert set(ratings.compute(row, {0: "a", 1: "b"}, {}, {"a": "account", "b": "bot"})) == {
        "a", "b"}


def test_m5_bots_are_rated_per_fixed_level_and_other_specs_are_not_ratable(
        client: TestClient) -> None:
    same = [ratings.bot_identity(ratings.bot_level(s) or "") for s in (
        "ismcts:500", "ismcts:iterations=500", " ISMCTS:iterations=500")]
    assert len(set(same)) == 1 and same[0][1] == "ismcts 500"
    for spec in ("ismcts:iterations=499", "ismcts:iterations=500/exploration=0.3",
                 "ismcts:iterations=100/exploration=2"):
        body = refused(client.post("/api/matches", json={
            "game": "beowulf", "players": 2, "rated": True, "seed": 1,
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": spec}]}),
            422, "not_ratable")
        assert body["params"]["seat"] == 1
    row = _rated_row(2, [0], [1.0, 0.0], seats=[{"kind": "bot", "agent": "random"},
                                                {"kind": "bot", "agent": "ismcts:123"}])
    assert list(ratings.bot_seats(row)) == [0]  # a stored odd spec: the match goes unrated


def test_m5_the_leaderboard_lists_a_player_after_ten_matches_against_three_opponents(
        client: TestClient) -> None:
    """Anna beats her one sock puppet eleven times: not listed; after wins over two more
    opponents she is (the thresholds are `serve --leaderboard-min-*`)."""
    from sqlalchemy import insert

    from boardwright.server.store import (
        identities_table,
        now,
        rating_changes_table,
        ratings_table,
    )
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    store = lobby.store
    ids = ["anna", "puppet", "carl", "dora"]
    with store.engine.begin() as conn:
        for i in ids:
            conn.execute(insert(identities_table).values(
                id=i, kind="account", name=i.title(), name_key=i, password_hash=None,
                session=0, created=now()))
            conn.execute(insert(ratings_table).values(
                identity_id=i, game="beowulf", mu=30.0 if i == "anna" else 20.0, sigma=2.0,
                matches=11 if i in ("anna", "puppet") else 1, updated=now()))

    def played(n: int, other: str) -> None:
        from boardwright.server.store import matches_table
        with store.engine.begin() as conn:
            conn.execute(insert(matches_table).values(
                id=f"m{n}", game="beowulf", players=2, options={}, seats=[],
                status="finished", seed=1, lang="en", engine_version="0", rules_version="r",
                seq=1, created=now(), updated=now()))
            for seat, who in enumerate(("anna", other)):
                conn.execute(insert(rating_changes_table).values(
                    match_id=f"m{n}", identity_id=who, seat=seat, game="beowulf",
                    mu_before=25.0, sigma_before=8.0, mu_after=25.0, sigma_after=8.0))

    for n in range(11):
        played(n, "puppet")
    board = client.get("/api/leaderboard/beowulf").json()
    assert board["entries"] == [] and (board["min_matches"], board["min_opponents"]) == (10, 3)
    played(11, "carl")
    played(12, "dora")
    board = client.get("/api/leaderboard/beowulf").json()["entries"]
    assert [e["name"] for e in board] == ["Anna"]


def test_m6_every_live_table_with_people_has_a_grace_and_a_stand_in(
        client: TestClient) -> None:
    created = client.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}).json()
    live = client.app.state.lobby.live[created["match_id"]]  # type: ignore[attr-defined]
    assert live.row.grace_seconds == absence.DEFAULT_GRACE_SECONDS == 120
    turn = client.post("/api/matches", json={
        "game": "beowulf", "players": 2, "mode": "turn",
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}).json()
    assert client.app.state.lobby.live[turn["match_id"]].row.grace_seconds is None  # type: ignore[attr-defined]


def test_m6_a_player_absent_at_the_end_ranks_last() -> None:
    row = _rated_row(3, [1], [5.0, 9.0, 7.0],
                     seats=[{"kind": "human"}, {"kind": "human", "absent": True},
                            {"kind": "human"}])
    assert ratings.ranks(row) == {2: 1, 0: 2, 1: 3}


def test_m6_an_abandoned_match_ends_instead_of_staying_active(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(absence, "ABANDON_SECONDS", 0.2)
    created = client.post("/api/matches", json={  # a slow bot: no time to finish meanwhile
        "game": "beowulf", "players": 2, "grace_seconds": 0,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "ismcts:iterations=5000"}]}).json()
    match_id, token = created["match_id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
    summary = _until(client, match_id, lambda s: s["status"] != "active")
    assert (summary["status"], summary.get("ended")) == ("aborted", "abandoned")


def test_m6_a_reloaded_match_nobody_returns_to_gets_its_stand_in(
        db_url: str, bot_pool: Any) -> None:
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as first:
        created = first.post("/api/matches", json={
            "game": "beowulf", "players": 2, "grace_seconds": 1,
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}).json()
        match_id = created["match_id"]
        view = first.get(f"/api/matches/{match_id}/view",
                         headers=auth(created["seats"][0]["token"])).json()
        assert view["status"] == "active"
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as second:
        _until(second, match_id, lambda s: s["seats"][0]["stand_in"])


def _until(client: TestClient, match_id: str, check: Any, seconds: float = 30) -> Any:
    import time
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        summary = client.get(f"/api/matches/{match_id}").json()
        if check(summary):
            return summary
        time.sleep(0.05)
    raise AssertionError(f"never: {summary}")
