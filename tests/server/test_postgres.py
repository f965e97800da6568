"""PostgreSQL storage: the round trip, and two server processes sharing one database.

The tests need `BOARDWRIGHT_TEST_PG` (see `conftest.pg_url`); they fail without it.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect as ws_connect

from boardwright.server.app import create_app
from boardwright.server.bots import BotPool
from boardwright.server.notices import CHANNEL
from boardwright.server.store import ActionRow, Commit, MatchRow, SeqConflict, Store

from .conftest import TEST_LIMITS, auth, create
from .test_crash import free_port, kill_group, start_server


def match_row(match_id: str) -> MatchRow:
    stamp = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    return MatchRow(id=match_id, game="beowulf", players=2, options={"variant": "x"},
                    seats=[{"kind": "human", "name": "Ann", "agent": None, "token_hash": "h",
                            "joined": True}], status="active", seed=2**61 + 3, lang="hu",
                    clock_seconds=30, grace_seconds=None, engine_version="0.1.0",
                    rules_version="r1", seq=0, returns=None, winners=None, created=stamp,
                    updated=stamp)


def test_store_round_trip(pg_url: str) -> None:
    store = Store(pg_url)
    try:
        assert store.shared
        store.create_match(match_row("m1"))
        store.commit_many([Commit("m1", [ActionRow(1, -1, "deal ñ"), ActionRow(2, 0, "fig 4")],
                                  {"status": "active"})])
        store.commit_one(Commit("m1", [ActionRow(3, 1, "pass")],
                                {"status": "finished", "returns": [1.0, 0.0], "winners": [0]}))
        row = store.load_match("m1")
        assert row is not None
        expected = match_row("m1")
        assert (row.options, row.seats, row.seed, row.lang, row.clock_seconds, row.created) == (
            expected.options, expected.seats, expected.seed, expected.lang,
            expected.clock_seconds, expected.created)
        assert (row.seq, row.status, row.returns, row.winners) == (3, "finished", [1.0, 0.0],
                                                                    [0])
        assert store.load_actions("m1") == [ActionRow(1, -1, "deal ñ"), ActionRow(2, 0, "fig 4"),
                                             ActionRow(3, 1, "pass")]
        again, since, chat = store.load_since("m1", 1)
        assert again is not None and again.seq == 3
        assert [a.seq for a in since] == [2, 3] and chat == []
        assert store.unfinished() == []
        assert [r.id for r in store.list_matches("finished")] == ["m1"]
        # the guard between processes: a seq is stored once, a second writer hears SeqConflict
        with pytest.raises(SeqConflict):
            store.commit_one(Commit("m1", [ActionRow(3, 0, "other")]))
        assert store.load_actions("m1")[-1] == ActionRow(3, 1, "pass")
    finally:
        store.close()


def test_a_whole_match_over_the_api_on_postgres(pg_url: str, bot_pool: BotPool) -> None:
    with TestClient(create_app(pg_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        created = create(client, ["human", "random"], seed=7)
        match_id, token = created["match_id"], created["seats"][0]["token"]
        deadline = time.monotonic() + 120  # by time, not by polls: bots think slower under load
        while time.monotonic() < deadline:
            snap = client.get(f"/api/matches/{match_id}/view", headers=auth(token)).json()
            if snap["status"] == "finished":
                break
            if snap["legal"]:
                r = client.post(f"/api/matches/{match_id}/moves", headers=auth(token),
                                json={"action": snap["legal"][0]["text"],
                                      "expect_seq": snap["seq"]})
                assert r.status_code in (200, 409), r.text
            else:
                time.sleep(0.01)
        assert client.get(f"/api/matches/{match_id}").json()["status"] == "finished"
    # a restart replays it all
    with TestClient(create_app(pg_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        assert client.get(f"/api/matches/{match_id}/replay").status_code == 200


def view(api: httpx2.Client, match_id: str, token: str) -> dict[str, Any]:
    r = api.get(f"/api/matches/{match_id}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def wait_mover(api: httpx2.Client, match_id: str, token: str) -> dict[str, Any]:
    """Poll until a seat is to move or the match is over (the deal is chance's move)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        snap = view(api, match_id, token)
        if snap["to_move"] is not None or snap["status"] == "finished":
            return snap
        time.sleep(0.02)
    raise AssertionError("nobody got the turn")


def post_move(api: httpx2.Client, match_id: str, token: str, action: str,
              expect_seq: int | None) -> httpx2.Response:
    body: dict[str, Any] = {"action": action}
    if expect_seq is not None:
        body["expect_seq"] = expect_seq
    return api.post(f"/api/matches/{match_id}/moves", headers=auth(token), json=body)


def race(sends: list[tuple[httpx2.Client, str]], match_id: str, token: str,
         expect_seq: int) -> list[httpx2.Response]:
    """Post each (server, action) from its own thread, released at the same instant."""
    answers: list[httpx2.Response | None] = [None] * len(sends)
    barrier = threading.Barrier(len(sends))

    def send(i: int) -> None:
        api, action = sends[i]
        barrier.wait()
        answers[i] = post_move(api, match_id, token, action, expect_seq)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(sends))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r is not None for r in answers)
    return [r for r in answers if r is not None]


@pytest.fixture
def two_servers(pg_url: str) -> Any:
    """Two `boardwright serve` processes on one PostgreSQL database: (client A, client B)."""
    procs = []
    clients = []
    try:
        for _ in range(2):
            port = free_port()
            procs.append(start_server(port, pg_url))
            clients.append(httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=30))
        yield clients
    finally:
        for c in clients:
            c.close()
        for p in procs:
            kill_group(p)


def test_match_created_on_a_is_played_through_both(two_servers: Any) -> None:
    a, b = two_servers
    created = a.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    view(a, match_id, tokens[0])
    view(b, match_id, tokens[1])  # seat 1 joins through B: the match starts on B
    acked: list[int] = []
    acked_logs: list[tuple[int, list[dict[str, Any]]]] = []
    for i in range(40):
        api = (a, b)[i % 2]  # alternate processes, whoever is to move
        snap = wait_mover(api, match_id, tokens[0])
        mover = snap["to_move"]
        if snap["status"] == "finished":
            break
        snap = view(api, match_id, tokens[mover])
        r = post_move(api, match_id, tokens[mover], snap["legal"][i % len(snap["legal"])]["text"],
                      snap["seq"])
        assert r.status_code == 200, r.text
        acked.append(r.json()["seq"])
        acked_logs.append((mover, r.json()["log"]))
        # every acknowledged move is visible through the other process at once, after a reload
        other = (b, a)[i % 2]
        for seat, token in enumerate(tokens):
            seen = view(other, match_id, token)
            assert seen["seq"] >= acked[-1]
            assert seen == view(api, match_id, token), f"views differ for seat {seat}"
    assert len(acked) >= 20
    # no acknowledged move lost: each answer's log is a prefix of the final log, on both sides
    final = [view(a, match_id, token)["log"] for token in tokens]
    assert final == [view(b, match_id, token)["log"] for token in tokens]
    for i, (seat, log) in enumerate(acked_logs):
        assert final[seat][:len(log)] == log, f"the log acknowledged by move {i} changed"
    assert view(a, match_id, tokens[0])["seq"] == view(b, match_id, tokens[0])["seq"]


def test_concurrent_moves_from_two_processes_apply_once(two_servers: Any) -> None:
    a, b = two_servers
    created = b.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        view(a, match_id, token)
    races = 0
    for round_ in range(12):
        snap_a = wait_mover(a, match_id, tokens[0])
        if snap_a["status"] == "finished":
            break
        mover = snap_a["to_move"]
        snap_a = view(a, match_id, tokens[mover])
        snap_b = view(b, match_id, tokens[mover])  # both processes are up to date
        assert snap_a["seq"] == snap_b["seq"]
        legal = snap_a["legal"]
        actions = [legal[round_ % len(legal)]["text"], legal[(round_ + 1) % len(legal)]["text"]]
        answers = race([(api, action) for api, action in zip((a, b), actions, strict=True)],
                       match_id, tokens[mover], snap_a["seq"])
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        refused = next(r for r in answers if r.status_code == 409)
        assert refused.json()["code"] == "stale_seq"
        won = next(i for i, r in enumerate(answers) if r.status_code == 200)
        after = view((a, b)[1 - won], match_id, tokens[mover])
        # exactly one action of the mover at seq+1: the winner's; the loser's left no trace
        mine = [line for line in after["log"] if line["seq"] == snap_a["seq"] + 1]
        assert mine and {line["actor"] for line in mine} == {mover}
        assert after["seq"] == answers[won].json()["seq"]
        races += 1
    assert races >= 6


def moves_through_a_heard_on_b(a: httpx2.Client, b: httpx2.Client, seed: int, moves: int,
                                meanwhile: Callable[[], None] = lambda: None) -> None:
    """A match of two people, seat 1 watching through a socket on B, every move sent through A:
    B pushes each stored action to the socket at once, without being asked. `meanwhile` runs
    once the socket is welcomed, before the first move."""
    created = a.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    view(a, match_id, tokens[0])
    ws_url = str(b.base_url).replace("http://", "ws://").rstrip("/")
    with ws_connect(f"{ws_url}/ws/matches/{match_id}?token={tokens[1]}") as ws:
        welcome = json.loads(ws.recv(timeout=30))
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        meanwhile()
        heard: list[dict[str, Any]] = []
        acked: list[int] = []
        for _ in range(moves):  # moves of both seats
            snap = wait_mover(a, match_id, tokens[0])
            mover = snap["to_move"]
            snap = view(a, match_id, tokens[mover])
            r = post_move(a, match_id, tokens[mover], snap["legal"][0]["text"], snap["seq"])
            assert r.status_code == 200, r.text
            acked.append(r.json()["seq"])
            while not heard or heard[-1]["seq"] < acked[-1]:
                message = json.loads(ws.recv(timeout=15))  # TimeoutError: the push never came
                if message["type"] == "update":
                    heard.append(message)
        # every stored action (chance included) arrived once and in order, as seat 1 may see it
        assert [m["seq"] for m in heard] == list(range(welcome["seq"] + 1, acked[-1] + 1))
        assert heard[-1]["view"] == view(b, match_id, tokens[1])["view"]


def test_a_move_made_through_a_reaches_a_socket_on_b_at_once(two_servers: Any) -> None:
    moves_through_a_heard_on_b(*two_servers, seed=13, moves=6)


def test_the_push_survives_the_loss_of_the_listening_connection(two_servers: Any,
                                                               pg_url: str) -> None:
    """Notices sent while a listener is away are lost; after reconnecting it catches up."""
    import psycopg

    def cut_listeners() -> None:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            # this test's database only: other tests' servers may listen at the same time
            cut = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE query = %s AND datname = current_database()",
                               (f"LISTEN {CHANNEL}",)).fetchall()
        assert len(cut) == 2  # one per server process

    moves_through_a_heard_on_b(*two_servers, seed=14, moves=3, meanwhile=cut_listeners)


def test_identities_and_chat_across_two_processes(two_servers: Any) -> None:
    """An account made on A logs in on B (the cookie key is the database's), gets its seat
    there, and a chat line said through A reaches a socket on B at once; two players asking
    for the seat-bound view through either process agree."""
    a, b = two_servers
    signed = a.post("/api/me/signup", json={"name": "Anna", "password": "long enough pw"})
    assert signed.status_code == 201, signed.text
    created = a.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human", "mine": True}, {"kind": "human"}]}).json()
    match_id, bob = created["match_id"], created["seats"][1]["token"]
    logged = b.post("/api/me/login", json={"name": "anna", "password": "long enough pw"})
    assert logged.status_code == 200, logged.text
    assert b.get(f"/api/matches/{match_id}/view").json()["seat"] == 0
    assert a.get(f"/api/matches/{match_id}/view").json()["seat"] == 0
    ws_url = str(b.base_url).replace("http://", "ws://").rstrip("/")
    with ws_connect(f"{ws_url}/ws/matches/{match_id}?token={bob}") as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"
        said = a.post(f"/api/matches/{match_id}/chat", json={"text": "hello from A"})
        assert said.status_code == 201, said.text
        for _ in range(20):
            message = json.loads(ws.recv(timeout=15))  # TimeoutError: the push never came
            if message["type"] == "chat":
                break
        assert message["line"]["text"] == "hello from A" and message["line"]["seat"] == 0
    # the next line through B is numbered after A's (B caught up with the chat)
    line = b.post(f"/api/matches/{match_id}/chat", json={"text": "and from B"},
                  headers=auth(bob)).json()["line"]
    assert line["n"] == 2
