"""Undo across two `boardwright serve` processes on one PostgreSQL database: a provisional step
made through one is the mover's through the other (and nobody else's), an undo through one is
seen through the other, and a step made final through either stores the steps once, in order.
"""

from __future__ import annotations

from typing import Any

from .test_postgres import post_move, two_servers, view, wait_mover

__all__ = ["two_servers"]  # the fixture, used by name


def _public(snap: dict[str, Any]) -> tuple[Any, ...]:
    return (snap["seq"], snap["view"], snap["log"], snap["to_move"])


def test_provisional_steps_follow_the_mover_across_processes(two_servers: Any) -> None:
    a, b = two_servers
    created = a.post("/api/matches", json={
        "game": "beowulf", "players": 2, "allow_undo": True,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    match_id = created["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    view(a, match_id, tokens[0])
    view(b, match_id, tokens[1])
    mover = wait_mover(a, match_id, tokens[0])["to_move"]
    mine, theirs = tokens[mover], tokens[1 - mover]
    drawn = post_move(a, match_id, mine, "draw", None).json()
    drawn = wait_mover(a, match_id, mine)
    tiles = [m["text"] for m in drawn["legal"] if m["text"].startswith("tile")]
    before = _public(view(b, match_id, theirs))
    # a provisional step through A: the mover sees it through B, the opponent does not
    step = post_move(a, match_id, mine, tiles[0], drawn["seq"])
    assert step.status_code == 200, step.text
    assert step.json()["undo"] == 1
    seen = view(b, match_id, mine)
    assert seen["undo"] == 1 and _public(seen) == _public(step.json())
    assert _public(view(b, match_id, theirs)) == before
    assert _public(view(a, match_id, theirs)) == before
    # taken back through B: A knows at once
    undone = b.post(f"/api/matches/{match_id}/undo", headers={"Authorization": f"Bearer {mine}"})
    assert undone.status_code == 200, undone.text
    assert view(a, match_id, mine)["undo"] == 0
    # another tile through B, its place through A (which must see B's step to accept it)
    step = post_move(b, match_id, mine, tiles[-1], drawn["seq"])
    assert step.status_code == 200, step.text
    put = next(m["text"] for m in step.json()["legal"] if m["text"].startswith("put"))
    placed = post_move(a, match_id, mine, put, drawn["seq"])
    assert placed.status_code == 200, placed.text
    assert placed.json()["undo"] == 0 and placed.json()["seq"] == drawn["seq"] + 2
    for api in (a, b):
        other = view(api, match_id, theirs)
        assert other["seq"] == drawn["seq"] + 2
        lines = [line for line in other["log"] if line["seq"] > drawn["seq"]]
        assert {line["seq"] for line in lines} <= {drawn["seq"] + 1, drawn["seq"] + 2}
    assert view(a, match_id, mine) == view(b, match_id, mine)
