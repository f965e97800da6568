"""Upgrades and bad stored matches (issue 38, H3 and M8): a database written under an older
rules version starts, its matches replay under the rules they were played with when the game
declares them (else end as `rules_changed`, their summary and replay still served), and one
match that cannot be loaded never stops start-up or a sweep."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from boardwright.engine import registry
from boardwright.server.app import create_app
from boardwright.server.bots import BotPool
from boardwright.server.limits import Limits

from .conftest import TEST_LIMITS, auth, create, human_body
from .test_api import view, wait_finished, wait_for_turn
from .test_lifecycle import sweep


def _sql(db_url: str, statement: str, *args: Any) -> None:
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
        conn.execute(statement, args)


def _older(db_url: str, match_id: str, version: str = "beowulf-0.9") -> None:
    """The match as an earlier release stored it: under `version`, with the options that
    version played by default left out (`refill` was then `optional`)."""
    _sql(db_url, "UPDATE matches SET rules_version = ?, options = '{}' WHERE id = ?",
         version, match_id)


def _two_moves_in(client: TestClient) -> tuple[str, list[str], dict[str, Any]]:
    created = client.post("/api/matches", json=human_body(options={"refill": "optional"}))
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    for token in tokens:
        view(client, match_id, token)
    for _ in range(2):
        snap = view(client, match_id, tokens[0])
        while snap["to_move"] is None:  # chance deals first
            snap = view(client, match_id, tokens[0])
        seat = snap["to_move"]
        snap = wait_for_turn(client, match_id, tokens[seat])
        answer = client.post(f"/api/matches/{match_id}/moves", headers=auth(tokens[seat]),
                             json={"action": snap["legal"][0]["text"],
                                   "expect_seq": snap["seq"]})
        assert answer.status_code == 200, answer.text
    return match_id, tokens, view(client, match_id, tokens[0])


def test_h3_a_database_written_under_an_older_rules_version_starts_and_serves(
        db_url: str, bot_pool: BotPool) -> None:
    """The README's upgrade promise: a match stored under a version the game no longer
    declares used to make start-up fail (`rules_version_mismatch`), and a finished one answered
    400 on its summary and 500 on its replay. Now the server starts, the unfinished match ends
    as `rules_changed`, and both summaries and the finished match's replay are served."""
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        playing, tokens, _ = _two_moves_in(client)
        finished = create(client, ["random", "random"], seed=5,
                          options={"refill": "optional"})["match_id"]
        wait_finished(client, finished)
        last = client.get(f"/api/matches/{finished}/replay").json()
    _older(db_url, playing, "beowulf-0.1")
    _older(db_url, finished, "beowulf-0.1")
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        summary = client.get(f"/api/matches/{playing}")
        assert summary.status_code == 200, summary.text
        assert summary.json()["status"] == "aborted"
        assert summary.json()["ended"] == "rules_changed"
        move = client.post(f"/api/matches/{playing}/moves", headers=auth(tokens[0]),
                           json={"action": "draw"})
        assert move.json()["code"] in ("rules_changed", "match_over")
        done = client.get(f"/api/matches/{finished}")
        assert done.status_code == 200 and done.json()["status"] == "finished"
        replay = client.get(f"/api/matches/{finished}/replay")
        assert replay.status_code == 200, replay.text
        assert replay.json()["rules_changed"] == {"played": "beowulf-0.1",
                                                  "now": last["rules_changed"]["now"]
                                                  if "rules_changed" in last
                                                  else registry.get("beowulf").info
                                                  .rules_version}
        assert client.get(f"/api/matches/{finished}/review").json()["code"] == "rules_changed"
        listed = client.get("/api/matches").json()
        assert {m["match_id"] for m in listed} >= {playing, finished}


def test_h3_a_declared_earlier_version_replays_under_its_options(
        db_url: str, bot_pool: BotPool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that declares what an earlier version played (`GameInfo.earlier_rules`) gets its
    stored matches back as they were: the unfinished one continues at the same position, the
    finished one replays to the same end."""
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        playing, tokens, before = _two_moves_in(client)
        finished = create(client, ["random", "random"], seed=5,
                          options={"refill": "optional"})["match_id"]
        wait_finished(client, finished)
        last = client.get(f"/api/matches/{finished}/replay").json()
    _older(db_url, playing)
    _older(db_url, finished)
    game = registry.get("beowulf")
    monkeypatch.setattr(type(game), "info", dataclasses.replace(
        game.info, earlier_rules=(("beowulf-0.9", {"refill": "optional"}),)))
    with TestClient(create_app(db_url, bots=bot_pool, limits=TEST_LIMITS)) as client:
        after = view(client, playing, tokens[0])
        assert after["status"] == "active" and after["seq"] == before["seq"]
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        again = client.get(f"/api/matches/{finished}/replay").json()
        assert again["steps"] == last["steps"] and again["view"] == last["view"]
        assert "rules_changed" not in again


@pytest.mark.parametrize("limits", [Limits().but(open_match_seconds=0)])
def test_m8_one_bad_match_never_stops_start_up_or_a_sweep(
        db_url: str, bot_pool: BotPool, limits: Limits, tmp_path: Path) -> None:
    """One stored open match that could not be loaded made every sweep fail, so no match
    expired. Now it is set aside (`match_unavailable`, logged) and the others are swept."""
    with TestClient(create_app(db_url, bots=bot_pool, limits=limits)) as client:
        bad = client.post("/api/matches", json=human_body()).json()["match_id"]
        good = client.post("/api/matches", json=human_body()).json()["match_id"]
    # a stored row this code cannot build a state from (an option of no meaning)
    _sql(db_url, "UPDATE matches SET options = '{\"players_hand\": [[[]]]}' WHERE id = ?", bad)
    with TestClient(create_app(db_url, bots=bot_pool, limits=limits),
                    raise_server_exceptions=False) as client:
        assert sweep(client)["expired"] == 1
        assert client.get(f"/api/matches/{good}").json()["ended"] == "expired"
        answer = client.get(f"/api/matches/{bad}")
        assert answer.status_code == 503 and answer.json()["code"] == "match_unavailable"
        assert sweep(client)["expired"] == 0  # and the next sweep runs too
