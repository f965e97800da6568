"""Everything a client sends is bounded, and every refusal has the one `Error` shape: seeds,
bot settings, options, names, languages, nesting, storage failures (issue 21, findings 1, 3,
4, 8, 9)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from .conftest import auth, create, human_body


def refusal(answer: Any) -> tuple[int, str]:
    body = answer.json()
    assert set(body) == {"type", "code", "message", "params"} and body["type"] == "error", body
    return answer.status_code, body["code"]


def test_only_a_match_without_people_may_be_given_a_seed(guarded: TestClient) -> None:
    """Finding 1: a creator who chose the seed could replay the deal offline and know every
    seat's hand."""
    body = human_body(seed=424242)
    assert refusal(guarded.post("/api/matches", json=body)) == (422, "seed_not_allowed")
    bots = {"game": "beowulf", "players": 2, "seed": 424242,
            "seats": [{"kind": "bot", "agent": "random"}] * 2}
    created = guarded.post("/api/matches", json=bots).json()
    assert created["seeded"] is True
    assert guarded.get(f"/api/matches/{created['match_id']}").json()["seeded"] is True
    people = guarded.post("/api/matches", json=human_body()).json()
    assert "seeded" not in people
    assert "seed" not in guarded.get(f"/api/matches/{people['match_id']}").json()


@pytest.mark.parametrize(("agent", "words"), [
    ("ismcts:iterations=nan", "iterations"),
    ("ismcts:iterations=5000/depth=1000000", "depth"),
    ("ismcts:seconds=inf", "seconds"),
    ("ismcts:exploration=-1", "exploration"),
    ("ismcts:widen_base=0", "widen_base"),
    ("ismcts:lazy=7", "lazy"),
    ("ismcts:iterations=2.5", "iterations"),
    ("ismcts:halving=1/lookahead=4", "lookahead"),
    ("ismcts:finish_steps=100000", "finish_steps"),
])
def test_every_ismcts_setting_is_bounded(client: TestClient, agent: str, words: str) -> None:
    """Finding 3: `iterations=nan` and `depth=1000000` were accepted; the first broke every
    move with a traceback."""
    body = {"game": "beowulf", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": agent}]}
    answer = client.post("/api/matches", json=body)
    assert refusal(answer) == (400, "bad_config") and words in answer.json()["message"]


def test_the_server_bounds_every_setting_the_search_knows() -> None:
    """A setting the agent knows but the server's bounds leave out would refuse every spec
    that names it."""
    from boardwright.agents.ismcts import TREE_SETTINGS
    from boardwright.server.bots import IsmctsSettings

    assert set(IsmctsSettings.model_fields) == set(TREE_SETTINGS) | {"iterations", "seconds"}
    assert {k: v.default for k, v in IsmctsSettings.model_fields.items()
            if k in TREE_SETTINGS} == TREE_SETTINGS


@pytest.mark.parametrize(("game", "players", "options", "expected"), [
    # Finding 4: a 406 KB board blocked the loop 2.9 s at creation and 15 s per view
    ("beowulf", 2, {"boards": ["\n".join([". " * 260] * 260)] * 3}, (413, "too_large")),
    ("beowulf", 2, {"boards": [". " * 1000] * 3}, (422, "bad_request")),
    ("beowulf", 2, {"boards": ["\n".join([". " * 20] * 20)] * 3}, (400, "bad_config")),
    ("beowulf", 2, {"tiles": [["+1"] * 1000, ["+1"], ["+1"]]}, (422, "bad_request")),
    ("beowulf", 2, {"tiles": [["+1"] * 200, ["+1"], ["+1"]]}, (400, "bad_config")),
    ("feinde", 3, {"max_rounds": -5}, (400, "bad_option")),
    ("mesopotamia", 2, {"free_actions_per_turn": 10**9}, (400, "bad_config")),
    ("beowulf", 2, {"first_player": 99}, (400, "bad_config")),
    ("beowulf", 2, {"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}, (422, "bad_request")),
])
def test_options_are_bounded(client: TestClient, game: str, players: int,
                             options: dict[str, Any], expected: tuple[int, str]) -> None:
    body = {"game": game, "players": players, "options": options,
            "seats": [{"kind": "human"}] * players}
    assert refusal(client.post("/api/matches", json=body)) == expected


@pytest.mark.parametrize("name", ["Ann\x00", "\u202eevil", "zero\u200bwidth", "   "])
def test_names_hold_no_control_or_format_characters(client: TestClient, name: str) -> None:
    """Finding 9: NUL and U+202E (right-to-left override) were accepted in seat names."""
    body = human_body()
    body["seats"] = [{"kind": "human", "name": name}, {"kind": "human"}]
    assert refusal(client.post("/api/matches", json=body)) == (422, "bad_request")
    body["seats"][0]["name"] = "Ödön 🐉"
    assert client.post("/api/matches", json=body).status_code == 201


def test_languages_are_known_ones(client: TestClient) -> None:
    """Finding 4: `lang: "<s>"` was accepted and stored."""
    assert refusal(client.post("/api/matches", json=human_body(lang="<s>"))) == (
        422, "bad_request")
    match_id = create(client, ["human", "human"])["match_id"]
    with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
        ws.receive_json()
        ws.send_json({"type": "lang", "lang": "<s>"})
        assert ws.receive_json()["code"] == "bad_request"


def test_actions_are_bounded(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    match_id, token = created["match_id"], created["seats"][0]["token"]
    url = f"/api/matches/{match_id}/moves"
    long_text = client.post(url, headers=auth(token), json={"action": "x" * 10_000})
    assert refusal(long_text) == (422, "bad_request")
    assert "xxxx" not in long_text.text  # the input is not echoed back
    big = client.post(url, headers=auth(token), json={"action": {"do": "x" * 5000}})
    assert refusal(big) == (422, "bad_request")


def test_every_refusal_has_the_error_shape(guarded: TestClient) -> None:
    """Finding 8: deeply nested JSON answered `{"detail": ...}`; unknown paths and methods
    answered FastAPI's own shape."""
    nested = guarded.post("/api/matches", content=b"[" * 20_000 + b"]" * 20_000,
                          headers={"Content-Type": "application/json"})
    assert refusal(nested)[0] in (400, 422)
    assert refusal(guarded.get("/api/nothing")) == (404, "not_found")
    assert refusal(guarded.delete("/api/games")) == (405, "method_not_allowed")
    assert refusal(guarded.get("/api/matches/" + "x" * 5000)) == (404, "no_such_match")


def test_a_crash_answers_internal_error(guarded: TestClient,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = guarded.app.state.lobby  # type: ignore[attr-defined]

    async def broken(status: str | None) -> list[dict[str, Any]]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(lobby, "summaries", broken)
    answer = guarded.get("/api/matches")
    assert refusal(answer) == (500, "internal_error") and "bug" not in answer.text


def _disk_full(*_: Any, **__: Any) -> None:
    raise OperationalError("INSERT", {}, Exception("database or disk is full"))


def test_a_join_whose_commit_fails_changes_nothing(client: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 8: on a full disk a join marked the match active in memory before its commit
    failed; after a restart it came back open. Now the answer is 503 `storage_unavailable`
    and memory still agrees with the database."""
    created = create(client, ["human", "human"])
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[0]))
    monkeypatch.setattr(lobby.store, "commit_many", _disk_full)
    monkeypatch.setattr(lobby.store, "commit_one", _disk_full)
    monkeypatch.setattr(lobby.store, "commit_here", _disk_full)
    answer = client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[1]))
    assert refusal(answer) == (503, "storage_unavailable")
    match = lobby.live[match_id]
    assert match.status == "open" and not match.seats[1].joined
    stored = lobby.store.load_match(match_id)
    assert stored.status == "open" and not stored.seats[1]["joined"]
    monkeypatch.undo()
    client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[1]))
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "active"
    assert lobby.store.load_match(match_id).status == "active"


def test_a_move_whose_commit_fails_changes_nothing(client: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    created = create(client, ["human", "human"])
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        client.get(f"/api/matches/{match_id}/view", headers=auth(token))
    snap: dict[str, Any] = {}
    for _ in range(500):  # the deal runs on the driver; wait for seat 0's first turn
        snap = client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[0])).json()
        if snap["legal"]:
            break
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    monkeypatch.setattr(lobby.store, "commit_many", _disk_full)
    monkeypatch.setattr(lobby.store, "commit_one", _disk_full)
    monkeypatch.setattr(lobby.store, "commit_here", _disk_full)
    answer = client.post(f"/api/matches/{match_id}/moves", headers=auth(tokens[0]),
                         json={"action": snap["legal"][0]["text"]})
    assert refusal(answer) == (503, "storage_unavailable")
    monkeypatch.undo()
    assert client.get(f"/api/matches/{match_id}/view", headers=auth(tokens[0])).json() == snap


def test_pages_and_answers_carry_security_headers(client: TestClient) -> None:
    """Finding 9: no CSP, Referrer-Policy or frame headers."""
    for path in ("/", "/api/games", "/api/nothing"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
