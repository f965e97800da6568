"""Hints at a table that allows them (issue 25): a seated player asks for the bot's best moves
on their turn; the answer is judged from the seat's view alone, in a bot worker, never at a
rated table, and bounded per seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.server import ratings
from boardwright.server.app import create_app
from boardwright.server.bots import BotPool

from .conftest import TEST_LIMITS, auth, create, human_body
from .test_api import view, wait_finished, wait_for_turn


def hint_table(client: TestClient, **extra: Any) -> tuple[str, list[str], int, dict[str, Any]]:
    """A two-person Beowulf match at a hint table, both joined, dealt and waiting for a move:
    (match id, tokens, the seat to move, its snapshot)."""
    created = create(client, ["human", "human"], hints=True, **extra)
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        view(client, match_id, token)
    snap = wait_for_turn(client, match_id, tokens[0])
    if snap["to_move"] != 0:
        snap = wait_for_turn(client, match_id, tokens[1])
    return match_id, tokens, snap["to_move"], snap


def ask(client: TestClient, match_id: str, seat: int, token: str | None,
        lang: str = "en", method: str = "POST") -> Any:
    return client.request(method, f"/api/matches/{match_id}/seats/{seat}/hint?lang={lang}",
                          headers=auth(token) if token else {})


def test_a_hint_names_the_best_moves_in_the_players_language(client: TestClient) -> None:
    match_id, tokens, seat, snap = hint_table(client)
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["hints"] is True and summary["rated"] is False
    assert snap["hints"] is True
    response = ask(client, match_id, seat, tokens[seat])
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["seat"] == seat and hint["seq"] == snap["seq"]
    assert hint["choices"] == len(snap["legal"])
    legal = {m["id"]: m for m in snap["legal"]}
    assert [m["rank"] for m in hint["moves"]] == list(range(1, min(3, len(legal)) + 1))
    for move in hint["moves"]:  # each a legal move, named as the move list names it
        assert legal[move["id"]]["text"] == move["text"]
        assert legal[move["id"]]["label"] == move["label"]
    leads = [m["lead"] for m in hint["moves"]]
    assert leads == sorted(leads, reverse=True)
    assert hint["moves"][0]["gap"] == 0 and all(m["gap"] >= 0 for m in hint["moves"])
    # GET answers the same; Hungarian names the same moves in Hungarian
    assert ask(client, match_id, seat, tokens[seat], method="GET").json() == hint
    hu = ask(client, match_id, seat, tokens[seat], lang="hu").json()
    snap_hu = client.get(f"/api/matches/{match_id}/view?lang=hu",
                         headers=auth(tokens[seat])).json()
    hu_labels = {m["id"]: m["label"] for m in snap_hu["legal"]}
    assert [m["id"] for m in hu["moves"]] == [m["id"] for m in hint["moves"]]
    assert [m["label"] for m in hu["moves"]] == [hu_labels[m["id"]] for m in hint["moves"]]
    assert [m["label"] for m in hu["moves"]] != [m["label"] for m in hint["moves"]]


def _swap_hidden_tiles(state: Any, seat: int) -> bool:
    """Exchange a tile of `seat`'s hand for a tile of another kind of the same act from the
    pool: the other players' views (which show only the acts on tile backs) stay as they were.
    False if no such exchange exists."""
    kinds = state.cfg.kinds
    for i, kind in enumerate(state.hands[seat]):
        for other, count in enumerate(state.pool):
            if other != kind and count and kinds[other].act == kinds[kind].act:
                state.pool[other] -= 1
                state.pool[kind] += 1
                state.hands[seat][i] = other
                state.hands[seat].sort()
                state._legal = None  # the table's cache of legal moves
                return True
    return False


def test_a_hint_never_reads_hidden_information(client: TestClient) -> None:
    """The opponent's hidden tiles change (to tiles whose backs look the same); the hint for the
    seat to move is the same, because nothing it is computed from changed."""
    match_id, tokens, seat, _ = hint_table(client)
    before = ask(client, match_id, seat, tokens[seat]).json()
    match = client.app.state.lobby.live[match_id]  # type: ignore[attr-defined]
    opponent = 1 - seat
    seen_by_seat = match.state.view(seat)
    opponents_own = match.state.view(opponent)
    hand = list(match.state.hands[opponent])
    assert _swap_hidden_tiles(match.state, opponent)
    assert match.state.hands[opponent] != hand  # the hidden facts did change
    assert match.state.view(opponent) != opponents_own
    assert match.state.view(seat) == seen_by_seat  # and the seat could not see it
    after = ask(client, match_id, seat, tokens[seat]).json()
    assert after == before


def test_hints_are_refused_off_their_table_seat_and_turn(client: TestClient) -> None:
    # a table without hints (the default)
    plain = create(client, ["human", "human"])
    plain_id = plain["match_id"]
    plain_tokens = [s["token"] for s in plain["seats"]]
    for token in plain_tokens:
        view(client, plain_id, token)
    snap = wait_for_turn(client, plain_id, plain_tokens[0])
    mover = snap["to_move"]
    refused = ask(client, plain_id, mover, plain_tokens[mover])
    assert refused.status_code == 403
    assert refused.json() == {"type": "error", "code": "hints_off",
                              "message": refused.json()["message"], "params": {}}
    assert client.get(f"/api/matches/{plain_id}").json()["hints"] is False

    match_id, tokens, seat, _ = hint_table(client)
    other = 1 - seat
    # another seat's hint, with this seat's token; a spectator's; a token of no seat
    wrong = ask(client, match_id, other, tokens[seat])
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
    assert wrong.json()["params"] == {"seat": other}
    assert ask(client, match_id, seat, None).json()["code"] == "bad_token"
    assert ask(client, match_id, seat, "no-such-token").json()["code"] == "bad_token"
    # the seat not to move asks for its own hint
    late = ask(client, match_id, other, tokens[other])
    assert late.status_code == 409 and late.json()["code"] == "not_your_turn"
    assert late.json()["params"] == {"seat": other, "to_move": seat}
    # a seat of a table still waiting for its players
    waiting = create(client, ["human", "human"], hints=True)
    early = ask(client, waiting["match_id"], 0, waiting["seats"][0]["token"])
    assert early.status_code == 409 and early.json()["code"] == "not_started"


def test_a_rated_table_never_allows_hints(client: TestClient) -> None:
    refused = client.post("/api/matches", json=human_body(rated=True, hints=True))
    assert refused.status_code == 422
    assert refused.json()["code"] == "hints_rated" and "rated" in refused.json()["message"]
    # people playing the printed rules are rated by default, but not at a hint table
    made = client.post("/api/matches", json=human_body(hints=True)).json()
    assert made["hints"] is True and made["rated"] is False
    rated = client.post("/api/matches", json=human_body()).json()
    assert rated["rated"] is True and rated["hints"] is False
    created = rated["seats"]
    for s in created:
        view(client, rated["match_id"], s["token"])
    snap = wait_for_turn(client, rated["match_id"], created[0]["token"])
    mover = snap["to_move"]
    asked = ask(client, rated["match_id"], mover, created[mover]["token"])
    assert asked.json()["code"] == "hints_off"


def test_the_rating_code_treats_a_hinted_match_as_unrated(client: TestClient) -> None:
    """A stored hint table marked rated (by hand, or by a bug) is still rated by nobody."""
    row = ratings_row(hints=True)
    assert ratings.compute(row, {0: "a", 1: "b"}, {}) == {}
    assert ratings.compute(ratings_row(hints=False), {0: "a", 1: "b"}, {}) != {}
    match_id = create(client, ["random", "greedy"], seed=11, hints=True)["match_id"]
    wait_finished(client, match_id)
    store = client.app.state.lobby.store  # type: ignore[attr-defined]
    store.update_match(match_id, rated=True)
    assert store.rate_match(match_id, ratings.compute, ratings.bot_seats)
    assert store.rating_changes(match_id) == []
    assert client.get("/api/leaderboard/beowulf").json()["entries"] == []


def ratings_row(*, hints: bool) -> Any:
    from datetime import UTC, datetime

    from boardwright.server.store import MatchRow

    stamp = datetime.now(UTC)
    return MatchRow(id="m", game="beowulf", players=2, options={}, seats=[],
                    status="finished", seed=1, lang="en", clock_seconds=None,
                    grace_seconds=None, engine_version="0", rules_version="r", seq=10,
                    returns=[3.0, 1.0], winners=[0], created=stamp, updated=stamp, rated=True,
                    hints=hints)


def test_the_replay_and_the_match_list_show_the_tables_hints(client: TestClient) -> None:
    match_id = create(client, ["random", "random"], seed=12, hints=True)["match_id"]
    wait_finished(client, match_id)
    assert client.get(f"/api/matches/{match_id}/replay?step=0").json()["hints"] is True
    listed = client.get("/api/matches?status=finished").json()
    assert [m["hints"] for m in listed if m["match_id"] == match_id] == [True]
    plain = create(client, ["random", "random"], seed=13)["match_id"]
    wait_finished(client, plain)
    assert client.get(f"/api/matches/{plain}/replay").json()["hints"] is False


@pytest.fixture
def tight(tmp_path: Path, bot_pool: BotPool) -> Any:
    limits = TEST_LIMITS.but(hint_burst=2, hints_per_minute=0.001)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hints.db'}", bots=bot_pool,
                               limits=limits)) as c:
        yield c


def test_hints_are_rate_limited_per_seat(tight: TestClient) -> None:
    match_id, tokens, seat, _ = hint_table(tight)
    for _ in range(2):
        assert ask(tight, match_id, seat, tokens[seat]).status_code == 200
    limited = ask(tight, match_id, seat, tokens[seat])
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert limited.json()["params"]["retry_after"] > 0
    # another table's seat has a bucket of its own
    other_id, other_tokens, other_seat, _ = hint_table(tight)
    assert ask(tight, other_id, other_seat, other_tokens[other_seat]).status_code == 200


def test_a_hint_table_on_postgres(pg_url: str, bot_pool: BotPool) -> None:
    """The `hints` column on PostgreSQL: stored, read back after the match leaves memory, and
    its hint answered; the rated pair refused the same way."""
    with TestClient(create_app(pg_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        match_id, tokens, seat, snap = hint_table(client)
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        lobby.live.pop(match_id).close()  # read back from storage at the next request
        assert client.get(f"/api/matches/{match_id}").json()["hints"] is True
        hint = ask(client, match_id, seat, tokens[seat]).json()
        assert hint["seq"] == snap["seq"] and hint["moves"]
        refused = client.post("/api/matches", json=human_body(rated=True, hints=True))
        assert refused.json()["code"] == "hints_rated"


@pytest.fixture
def slow_hints(tmp_path: Path, bot_pool: BotPool) -> Any:
    """Hints that each take the bot a while (many worlds), to watch the server meanwhile."""
    limits = TEST_LIMITS.but(hint_samples=60)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'slow.db'}", bots=bot_pool,
                               limits=limits)) as c:
        yield c


def test_the_server_answers_while_a_hint_is_computed(slow_hints: TestClient) -> None:
    """The hint runs in a bot worker: other requests are answered meanwhile, and a second hint
    while the first runs is told the bot is busy (`Limits.hints_at_once`)."""
    import threading
    import time

    client = slow_hints
    match_id, tokens, seat, _ = hint_table(client)
    answers: list[Any] = []
    started = time.monotonic()
    thread = threading.Thread(target=lambda: answers.append(
        ask(client, match_id, seat, tokens[seat])))
    thread.start()
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    while lobby._hinting == 0 and thread.is_alive():
        time.sleep(0.005)
    waits = []
    busy = None
    while lobby._hinting:
        before = time.monotonic()
        assert client.get(f"/api/matches/{match_id}").status_code == 200
        waits.append(time.monotonic() - before)
        if busy is None:
            busy = ask(client, match_id, seat, tokens[seat])
    thread.join()
    took = time.monotonic() - started
    assert answers[0].status_code == 200, answers[0].text
    assert busy is not None and busy.status_code == 503
    assert busy.json()["code"] == "server_busy"
    # several requests were answered while the hint ran: with the hint on the event loop the
    # first request would wait for it and the hint would be over by its answer (one wait).
    # Durations are not asserted: on a busy machine any single request may be slow.
    assert len(waits) >= 5, (took, len(waits))


def test_a_rematch_of_a_hint_table_allows_hints(client: TestClient) -> None:
    match_id = create(client, ["random", "random"], seed=14, hints=True)["match_id"]
    wait_finished(client, match_id)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    again = client.portal.call(lobby.rematch, match_id, 0, "testclient")  # type: ignore[union-attr]
    assert again["hints"] is True and again["rated"] is False
    assert client.get(f"/api/matches/{again['match_id']}").json()["hints"] is True
