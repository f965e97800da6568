"""Undo and confirm at the server (docs/web-client.md section 5, server/provisional.py): a
person's step that is not final is taken back at will, is seen by its mover alone (never by
another seat or a spectator, over HTTP or the socket, nor in the lobby's listing), survives a
restart, and becomes an ordinary stored action once final, so a replay is exact."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from boardwright.server.bots import BotPool
from boardwright.server.store import Store

from .conftest import TEST_LIMITS, auth, human_body


def _start(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    """A Beowulf match of two people, both joined; returns its id and the seat tokens."""
    body = human_body(2, **{"allow_undo": True, **extra})
    created = client.post("/api/matches", json=body).json()
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        client.get(f"/api/matches/{created['match_id']}/view", headers=auth(token))
    return created["match_id"], tokens


def _view(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    answer = client.get(f"/api/matches/{match_id}/view", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _move(client: TestClient, match_id: str, token: str, action: str) -> dict[str, Any]:
    answer = client.post(f"/api/matches/{match_id}/moves", json={"action": action},
                         headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def _post(client: TestClient, match_id: str, token: str, what: str) -> Any:
    return client.post(f"/api/matches/{match_id}/{what}", headers=auth(token))


def _texts(snapshot: dict[str, Any]) -> list[str]:
    return [m["text"] for m in snapshot["legal"]]


def _drawn(client: TestClient, match_id: str, tokens: list[str]) -> tuple[str, dict[str, Any]]:
    """The seat to move draws a tile (final: chance deals it); its token and snapshot."""
    mover = _view(client, match_id)["to_move"]
    token = tokens[mover]
    return token, _move(client, match_id, token, "draw")


def _public(snapshot: dict[str, Any]) -> tuple[Any, ...]:
    return (snapshot["seq"], snapshot["view"], snapshot["log"], snapshot["to_move"])


def test_a_step_is_taken_back_and_the_position_returns(client: TestClient) -> None:
    match_id, tokens = _start(client)
    token, drawn = _drawn(client, match_id, tokens)
    assert drawn["undo"] == 0  # the draw is final: chance dealt after it
    tile = next(t for t in _texts(drawn) if t.startswith("tile"))
    chosen = _move(client, match_id, token, tile)
    assert chosen["undo"] == 1 and chosen["seq"] == drawn["seq"]
    assert chosen["view"] != drawn["view"]
    back = _post(client, match_id, token, "undo")
    assert back.status_code == 200, back.text
    undone = back.json()
    assert undone["undo"] == 0
    assert _public(undone) == _public(drawn)
    assert _texts(undone) == _texts(drawn)
    again = _post(client, match_id, token, "undo")
    assert again.status_code == 409 and again.json()["code"] == "nothing_to_undo"


def test_undo_is_refused_after_a_draw(client: TestClient) -> None:
    """A draw reveals a tile: once drawn, nothing before it can be taken back."""
    match_id, tokens = _start(client)
    token, drawn = _drawn(client, match_id, tokens)
    refused = _post(client, match_id, token, "undo")
    assert refused.status_code == 409 and refused.json()["code"] == "nothing_to_undo"
    assert _public(_view(client, match_id, token)) == _public(drawn)


def test_the_step_that_passes_the_turn_is_final(client: TestClient) -> None:
    match_id, tokens = _start(client)
    mover = _view(client, match_id)["to_move"]
    placed = _move(client, match_id, tokens[mover], next(
        t for t in _texts(_view(client, match_id, tokens[mover])) if t.startswith("fig")))
    assert placed["undo"] == 0 and placed["to_move"] != mover
    refused = _post(client, match_id, tokens[mover], "undo")
    assert refused.json()["code"] == "nothing_to_undo"


def test_a_provisional_step_is_invisible_to_the_opponent_and_spectators_over_http(
        client: TestClient) -> None:
    match_id, tokens = _start(client)
    token, drawn = _drawn(client, match_id, tokens)
    other = tokens[1 - tokens.index(token)]
    before = {"other": _public(_view(client, match_id, other)),
              "spectator": _public(_view(client, match_id)),
              "listing": client.get(f"/api/matches/{match_id}").json()}
    tile = next(t for t in _texts(drawn) if t.startswith("tile"))
    _move(client, match_id, token, tile)
    after = {"other": _public(_view(client, match_id, other)),
             "spectator": _public(_view(client, match_id)),
             "listing": client.get(f"/api/matches/{match_id}").json()}
    assert after == before
    assert _view(client, match_id, other)["undo"] == 0
    # the opponent cannot act on the position it sees meanwhile: it is still not its turn
    refused = client.post(f"/api/matches/{match_id}/moves", json={"action": "draw"},
                          headers=auth(other))
    assert refused.json()["code"] == "not_your_turn"
    assert _post(client, match_id, other, "undo").json()["code"] == "nothing_to_undo"


def _next(ws: Any) -> dict[str, Any]:
    """The next message about the game (seats coming and going are another matter)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] != "seats":
            return message


def _quiet(ws: Any) -> None:
    """Nothing about the game was sent to `ws` meanwhile: the answer to a ping comes first."""
    ws.send_json({"type": "ping"})
    assert _next(ws)["type"] == "pong"


def test_over_the_socket_only_the_mover_sees_a_step_and_never_an_undone_one(
        client: TestClient) -> None:
    match_id, tokens = _start(client)
    token, drawn = _drawn(client, match_id, tokens)
    other = tokens[1 - tokens.index(token)]
    tiles = [t for t in _texts(drawn) if t.startswith("tile")]
    with client.websocket_connect(f"/ws/matches/{match_id}?token={token}") as mine, \
            client.websocket_connect(f"/ws/matches/{match_id}?token={other}") as theirs, \
            client.websocket_connect(f"/ws/matches/{match_id}") as spectator:
        for ws in (mine, theirs, spectator):
            assert _next(ws)["type"] == "welcome"
        mine.send_json({"type": "move", "action": tiles[0], "expect_seq": drawn["seq"]})
        step = _next(mine)
        assert step["type"] == "update" and step["provisional"] is True
        assert step["undo"] == 1 and step["seq"] == drawn["seq"]
        assert step["actor"] == drawn["seat"] and step["view"] != drawn["view"]
        _quiet(theirs)
        _quiet(spectator)
        mine.send_json({"type": "undo"})
        undone = _next(mine)
        assert undone["type"] == "undone" and undone["undo"] == 0
        assert undone["view"] == drawn["view"] and undone["seq"] == drawn["seq"]
        _quiet(theirs)
        _quiet(spectator)
        # the second tile this time, then its place: final, everyone sees both steps
        mine.send_json({"type": "move", "action": tiles[-1], "expect_seq": drawn["seq"]})
        step = _next(mine)
        put = next(m["text"] for m in step["legal"] if m["text"].startswith("put"))
        mine.send_json({"type": "move", "action": put, "expect_seq": drawn["seq"]})
        final = _next(mine)
        assert final == {"type": "final", "seq": drawn["seq"] + 1, "undo": 0,
                         "confirm": False}
        placed = _next(mine)
        assert placed["type"] == "update" and placed["seq"] == drawn["seq"] + 2
        for ws in (theirs, spectator):
            seen = [_next(ws), _next(ws)]
            assert [m["seq"] for m in seen] == [drawn["seq"] + 1, drawn["seq"] + 2]
            assert all(m["type"] == "update" and "provisional" not in m for m in seen)
            _quiet(ws)
    # the stored actions hold the final steps only: the tile chosen last, never the undone one
    texts = [a["action"] for a in _stored(client, match_id)]
    assert texts[-2:] == [tiles[-1], put]
    assert tiles[0] not in texts[drawn["seq"]:]


def _stored(client: TestClient, match_id: str) -> list[dict[str, Any]]:
    store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]
    return [a.__dict__ for a in store.load_actions(match_id)]


def test_a_restart_keeps_provisional_steps(db_url: str, bot_pool: BotPool) -> None:
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        match_id, tokens = _start(client)
        token, drawn = _drawn(client, match_id, tokens)
        tile = next(t for t in _texts(drawn) if t.startswith("tile"))
        chosen = _move(client, match_id, token, tile)
        other = tokens[1 - tokens.index(token)]
        theirs = _public(_view(client, match_id, other))
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        again = _view(client, match_id, token)
        assert again["undo"] == 1 and _public(again) == _public(chosen)
        assert _public(_view(client, match_id, other)) == theirs
        undone = _post(client, match_id, token, "undo").json()
        assert _public(undone) == _public(drawn)
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        assert _view(client, match_id, token)["undo"] == 0  # the undo was stored too


def test_confirm_turn_holds_the_turns_last_step_until_confirmed(client: TestClient) -> None:
    match_id, tokens = _start(client, confirm_turn=True)
    assert client.get(f"/api/matches/{match_id}").json()["confirm_turn"] is True
    mover = _view(client, match_id)["to_move"]
    token, other = tokens[mover], tokens[1 - mover]
    before = _public(_view(client, match_id, other))
    fig = next(t for t in _texts(_view(client, match_id, token)) if t.startswith("fig"))
    held = _move(client, match_id, token, fig)
    assert held["confirm"] is True and held["undo"] == 1 and held["to_move"] == 1 - mover
    assert held["legal"] == []
    assert _public(_view(client, match_id, other)) == before
    assert client.post(f"/api/matches/{match_id}/moves", json={"action": "draw"},
                       headers=auth(other)).json()["code"] == "not_your_turn"
    assert _post(client, match_id, other, "confirm").json()["code"] == "nothing_to_confirm"
    # taken back, another figure, confirmed: the opponent sees the confirmed one only
    assert _post(client, match_id, token, "undo").json()["confirm"] is False
    figs = [t for t in _texts(_view(client, match_id, token)) if t.startswith("fig")]
    _move(client, match_id, token, figs[-1])
    confirmed = _post(client, match_id, token, "confirm")
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["undo"] == 0 and confirmed.json()["confirm"] is False
    theirs = _view(client, match_id, other)
    assert theirs["to_move"] == 1 - mover and theirs["seq"] == before[0] + 1
    assert [a["action"] for a in _stored(client, match_id)][-1] == figs[-1]
    assert _post(client, match_id, token, "confirm").json()["code"] == "nothing_to_confirm"
    assert _post(client, match_id, token, "undo").json()["code"] == "nothing_to_undo"


def test_a_table_that_does_not_allow_undo_makes_every_step_final(client: TestClient) -> None:
    match_id, tokens = _start(client, allow_undo=False)
    assert "allow_undo" not in client.get(f"/api/matches/{match_id}").json()
    token, drawn = _drawn(client, match_id, tokens)
    tile = next(t for t in _texts(drawn) if t.startswith("tile"))
    chosen = _move(client, match_id, token, tile)
    assert chosen["undo"] == 0 and chosen["seq"] == drawn["seq"] + 1
    assert _post(client, match_id, token, "undo").json()["code"] == "nothing_to_undo"


def test_a_table_without_confirm_turn_has_nothing_to_confirm(client: TestClient) -> None:
    match_id, tokens = _start(client)
    mover = _view(client, match_id)["to_move"]
    assert _view(client, match_id, tokens[mover])["confirm"] is False
    assert _post(client, match_id, tokens[mover], "confirm").json()["code"] == \
        "nothing_to_confirm"


def test_the_replay_is_the_game_as_everyone_saw_it(client: TestClient) -> None:
    """A whole game in which every provisional step is first taken back and another made:
    the stored actions are exactly the steps that became final, and the replay's last step
    is the final position."""
    match_id, tokens = _start(client)
    rng = random.Random(5)
    final: list[str] = []   # what we expect stored, chance included
    held: list[str] = []    # our provisional steps
    seq = 0
    for _ in range(3000):
        public = _view(client, match_id)
        if public["status"] == "finished":
            break
        if public["seq"] > seq:  # chance (and our steps) became final since
            stored = [a["action"] for a in _stored(client, match_id)]
            assert stored[:len(final)] == final
            final = stored
            seq = public["seq"]
            held = []
        token = tokens[public["to_move"]]
        mine = _view(client, match_id, token)
        assert mine["undo"] == len(held)
        if held and rng.random() < 0.5:
            _post(client, match_id, token, "undo")
            held.pop()
            continue
        move = rng.choice(_texts(mine))
        after = _move(client, match_id, token, move)
        if after["seq"] == seq:
            held.append(move)
        else:
            assert after["undo"] == 0
            stored = [a["action"] for a in _stored(client, match_id)]
            assert stored[len(final):len(final) + len(held) + 1] == [*held, move]
    else:
        raise AssertionError("the game did not end")
    stored = [a["action"] for a in _stored(client, match_id)]
    replay = client.get(f"/api/matches/{match_id}/replay").json()
    assert replay["steps"] == len(stored) == public["seq"]
    assert replay["view"] == public["view"]


def test_a_stand_in_makes_the_persons_provisional_steps_final(client: TestClient) -> None:
    """The turn clock runs out with a tile chosen: the stand-in bot keeps the step (it was the
    person's) and finishes the turn; the opponent then sees the step as an ordinary action."""
    match_id, tokens = _start(client, clock_seconds=1, grace_seconds=0)
    token, drawn = _drawn(client, match_id, tokens)
    other = tokens[1 - tokens.index(token)]
    tile = next(t for t in _texts(drawn) if t.startswith("tile"))
    _move(client, match_id, token, tile)
    deadline = time.monotonic() + 15
    while _view(client, match_id, other)["seq"] <= drawn["seq"]:
        assert time.monotonic() < deadline, "the stand-in did not play"
        time.sleep(0.05)
    texts = [a["action"] for a in _stored(client, match_id)]
    assert texts[drawn["seq"]] == tile
    assert _view(client, match_id, token)["undo"] == 0  # nothing left to take back


def test_hints_and_chat_at_an_undo_table_tell_nobody_else_of_a_step(client: TestClient) -> None:
    """The mover's hint judges the position after its provisional step; a chat line said
    meanwhile carries the match's seq, not the step's."""
    match_id, tokens = _start(client, hints=True)
    token, drawn = _drawn(client, match_id, tokens)
    tile = next(t for t in _texts(drawn) if t.startswith("tile"))
    chosen = _move(client, match_id, token, tile)
    hint = client.post(f"/api/matches/{match_id}/seats/{chosen['seat']}/hint",
                       headers=auth(token))
    assert hint.status_code == 200, hint.text
    assert {m["text"] for m in hint.json()["moves"]} <= set(_texts(chosen))
    assert all(m["text"].startswith("put") for m in hint.json()["moves"])
    line = client.post(f"/api/matches/{match_id}/chat", json={"text": "hm"},
                       headers=auth(token)).json()["line"]
    assert line["seq"] == drawn["seq"]
