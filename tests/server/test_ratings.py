"""Ratings, rematches and the lobby's filters (issue 24): openskill ratings per game after each
rated match (a table of people playing the printed rules is rated; bots or a chosen variant
make it unrated unless the table says so), the leaderboard, the one-click rematch with the
seats rotated, and the match list filtered by game and player count."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.server import ratings
from boardwright.server.store import MatchRow

from .conftest import create, human_body
from .test_identity import refused, sign_up, use


def _row(players: int, winners: list[int], returns: list[float],
         status: str = "finished") -> MatchRow:
    stamp = datetime.now(UTC)
    return MatchRow(id="m", game="beowulf", players=players, options={}, seats=[],
                    status=status, seed=1, lang="en", clock_seconds=None, grace_seconds=None,
                    engine_version="0", rules_version="r", seq=10, returns=returns,
                    winners=winners, created=stamp, updated=stamp, rated=True)


def test_the_ranking_puts_winners_first_then_the_others_by_score() -> None:
    assert ratings.ranks(_row(4, [2], [5.0, 9.0, 12.0, 5.0])) == {2: 1, 1: 2, 0: 3, 3: 3}
    assert ratings.ranks(_row(3, [0, 1], [7.0, 7.0, 1.0])) == {0: 1, 1: 1, 2: 2}
    assert ratings.ranks(_row(2, [0], [1.0, 0.0], status="aborted")) is None


def test_a_win_raises_the_winner_and_lowers_the_others() -> None:
    changes = ratings.compute(_row(3, [1], [3.0, 9.0, 5.0]), {0: "a", 1: "b", 2: "c"}, {})
    after = {k: ratings.shown(new.mu, new.sigma) for k, (_, new) in changes.items()}
    assert after["b"] > after["c"] > after["a"]
    assert all(new.matches == 1 for _, new in changes.values())
    # a seat without an identity, or one identity twice: no rating at all
    assert ratings.compute(_row(2, [0], [1.0, 0.0]), {0: "a"}, {}) == {}
    assert ratings.compute(_row(2, [0], [1.0, 0.0]), {0: "a", 1: "a"}, {}) == {}


def test_which_tables_are_rated_by_default(client: TestClient) -> None:
    people = client.post("/api/matches", json=human_body()).json()
    assert people["rated"] is True
    with_bot = client.post("/api/matches", json={
        "game": "beowulf", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}).json()
    assert with_bot["rated"] is False
    variant = client.post("/api/matches", json=human_body(
        options={"good_counsel_any_figure": True})).json()
    assert variant["rated"] is False
    asked = client.post("/api/matches", json={
        "game": "beowulf", "players": 2, "rated": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}).json()
    assert asked["rated"] is True
    refused(client.get("/api/leaderboard/nonesuch"), 400, "unknown_game")


def _wait(predicate: Any, seconds: float = 60.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def _list_everyone(client: TestClient) -> None:
    """The leaderboard lists every rated player, however few matches (ratings.py)."""
    client.app.state.lobby.leaderboard_min = (1, 1)  # type: ignore[attr-defined]


def test_a_rated_match_of_bots_rates_each_bot(client: TestClient) -> None:
    _list_everyone(client)
    created = create(client, ["random", "greedy"], seed=3, rated=True)
    match_id = created["match_id"]
    _wait(lambda: client.get(f"/api/matches/{match_id}").json()["status"] == "finished")
    board = _wait(lambda: client.get("/api/leaderboard/beowulf").json()["entries"])
    assert {e["name"] for e in board} == {"random", "greedy"}
    assert all(e["kind"] == "bot" and e["matches"] == 1 for e in board)
    assert [e["rank"] for e in board] == [1, 2]
    assert board[0]["rating"] >= board[1]["rating"]
    winners = client.get(f"/api/matches/{match_id}").json()["winners"]
    if len(winners) == 1:
        assert board[0]["name"] == ["random", "greedy"][winners[0]]
    store = client.app.state.lobby.store  # type: ignore[attr-defined]
    assert len(store.rating_changes(match_id)) == 2
    assert store.rate_match(match_id, ratings.compute, ratings.bot_seats) is False  # once only


def test_an_unrated_match_changes_no_rating(client: TestClient) -> None:
    created = create(client, ["random", "greedy"], seed=4)
    assert created["rated"] is False
    match_id = created["match_id"]
    _wait(lambda: client.get(f"/api/matches/{match_id}").json()["status"] == "finished")
    time.sleep(0.2)
    assert client.get("/api/leaderboard/beowulf").json()["entries"] == []


def play_to_end(client: TestClient, match_id: str, seed: int = 1) -> dict[str, Any]:
    """Play the logged-in identity's seat with random legal moves until the match ends."""
    rng = random.Random(seed)
    for _ in range(3000):
        view = client.get(f"/api/matches/{match_id}/view").json()
        if view["status"] == "finished":
            return view
        if view["legal"]:
            move = rng.choice(view["legal"])
            client.post(f"/api/matches/{match_id}/moves",
                        json={"action": move["text"], "expect_seq": view["seq"]})
        else:
            time.sleep(0.01)
    raise AssertionError("the match did not end")


@pytest.fixture
def finished(client: TestClient) -> dict[str, Any]:
    """Anna (an account, seat A) played a rated match against a greedy bot to its end."""
    anna = sign_up(client, "Anna")
    created = client.post("/api/matches", json={
        "game": "beowulf", "players": 2, "rated": True,
        "seats": [{"kind": "human", "mine": True}, {"kind": "bot", "agent": "greedy"}]}).json()
    play_to_end(client, created["match_id"])
    return {"match_id": created["match_id"], "anna": anna, "created": created}


def test_a_players_rating_shows_on_the_leaderboard(client: TestClient,
                                                   finished: dict[str, Any]) -> None:
    _list_everyone(client)
    board = _wait(lambda: client.get("/api/leaderboard/beowulf").json()["entries"])
    assert {(e["name"], e["kind"]) for e in board} == {("Anna", "account"), ("greedy", "bot")}
    mine = client.get("/api/me/matches").json()
    assert [m["match_id"] for m in mine["finished"]] == [finished["match_id"]]


def test_a_rematch_rotates_the_seats_and_is_made_once(client: TestClient,
                                                      finished: dict[str, Any]) -> None:
    match_id = finished["match_id"]
    use(client, None)  # a spectator cannot ask
    refused(client.post(f"/api/matches/{match_id}/rematch"), 403, "rematch_not_allowed")
    use(client, finished["anna"])
    first = client.post(f"/api/matches/{match_id}/rematch")
    assert first.status_code == 201, first.text
    again = first.json()
    assert again["seat"] == 1 and again["existing"] is False and again["rated"] is True
    assert [s["kind"] for s in again["seats"]] == ["bot", "human"]
    assert again["seats"][1]["player"] == "Anna"
    new_id = again["match_id"]
    second = client.post(f"/api/matches/{match_id}/rematch").json()
    assert second["match_id"] == new_id and second["existing"] is True
    assert client.get(f"/api/matches/{match_id}").json()["rematch"] == new_id
    # Anna's seat in the new match is hers in any browser: it starts when she opens it
    view = client.get(f"/api/matches/{new_id}/view").json()
    assert view["seat"] == 1 and view["status"] == "active"
    assert view["rematch_of"] == match_id
    refused(client.post(f"/api/matches/{new_id}/rematch"), 409, "not_over")


def test_the_match_list_filters_by_game_and_player_count(client: TestClient) -> None:
    two = client.post("/api/matches", json=human_body(2)).json()["match_id"]
    three = client.post("/api/matches", json=human_body(3)).json()["match_id"]
    listed = client.get("/api/matches?status=open&game=beowulf&players=3").json()
    assert [m["match_id"] for m in listed] == [three]
    assert {m["match_id"] for m in client.get("/api/matches?game=beowulf").json()} == {
        two, three}
    assert client.get("/api/matches?game=feinde").json() == []
    refused(client.get("/api/matches?players=0"), 422, "bad_request")


def test_an_open_match_nobody_joins_expires(client: TestClient) -> None:
    created = client.post("/api/matches", json=human_body()).json()
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    store = lobby.store
    store.update_match(created["match_id"], created=datetime(2000, 1, 1, tzinfo=UTC))
    client.portal.call(lobby.sweep)  # type: ignore[union-attr]
    summary = client.get(f"/api/matches/{created['match_id']}").json()
    assert (summary["status"], summary["ended"]) == ("aborted", "expired")
    assert client.get("/api/matches?status=open").json() == []
