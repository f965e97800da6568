"""Fair bot capacity (issue 38, H2): a freed worker goes to the oldest waiter, tables with
people come first, one address's bot-only work holds a bounded share, and hints and reviews
are capped and stop waiting when their client leaves."""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from boardwright.server.bots import LOW_NICE, BotPool
from boardwright.server.limits import Limits

from .conftest import create
from .conftest import run_coroutine as _run
from .test_api import wait_finished


def test_h2_a_freed_bot_slot_goes_to_the_oldest_waiter() -> None:
    """A driver that returns its worker and asks again at once (no yield in between, as a
    match's driver does) used to take the worker back before the woken waiter ran: a bot of
    another match waited for minutes. Now the other waiter is served next."""
    pool = BotPool(1)
    done: list[str] = []

    async def greedy_driver() -> None:
        for _ in range(4):
            await pool.run(time.sleep, 0.15)
            done.append("driver")

    async def other() -> None:
        await asyncio.sleep(0.05)  # arrives while the driver's first move runs
        await pool.run(time.sleep, 0.0)
        done.append("other")

    async def main() -> None:
        await asyncio.gather(greedy_driver(), other())

    try:
        pool.warm()
        _run(main())
    finally:
        pool.shutdown()
    assert done.index("other") == 1, done


def test_h2_one_address_holds_a_bounded_share_and_people_come_first() -> None:
    """Five bot-only matches of one address (the per-address cap) used to take every worker:
    now they hold at most `share`, another address's work starts at once, and a table with
    people waiting is served before the queued bot-only moves."""
    pool = BotPool(2, share=1)
    started: dict[str, float] = {}
    peak = 0

    async def job(tag: str, seconds: float, **who: Any) -> None:
        nonlocal peak
        await pool.run(time.sleep, seconds, **who)
        started[tag] = time.monotonic()
        peak = max(peak, pool.held("attacker") + 1)

    async def main() -> float:
        t0 = time.monotonic()
        attack = [asyncio.ensure_future(job(f"a{i}", 1.0, people=False, owner="attacker"))
                  for i in range(5)]
        await asyncio.sleep(0.05)
        await job("other", 0.0, people=False, owner="someone")
        await job("people", 0.0, people=True)
        await asyncio.gather(*attack)
        return t0

    try:
        pool.warm()
        t0 = _run(main())
    finally:
        pool.shutdown()
    assert peak <= 2  # the attacker's worker and the one counted now, never both workers
    assert started["other"] - t0 < 0.8, "another address waited for the attacker's queue"
    assert started["people"] - t0 < 0.8, "a table with people waited behind bot-only moves"
    assert started["people"] < min(started[f"a{i}"] for i in range(1, 5))


def test_h2_a_waiter_cancelled_in_the_queue_frees_its_place() -> None:
    """A review whose client left is cancelled: it leaves the queue at once, and a worker
    that was running a cancelled task is taken by nobody else until it has answered."""
    pool = BotPool(1)

    async def main() -> list[str]:
        running = asyncio.ensure_future(pool.run(time.sleep, 1.0, people=False, owner="x"))
        await asyncio.sleep(0.05)
        queued = [asyncio.ensure_future(pool.run(time.sleep, 1.0, people=False, owner="y"))
                  for _ in range(10)]
        await asyncio.sleep(0.05)
        running.cancel()  # its worker still sleeps: the next task must wait for it
        for task in queued:
            task.cancel()
        t0 = time.monotonic()
        await pool.run(time.sleep, 0.0)
        waited = time.monotonic() - t0
        assert 0.5 < waited < 2.5, waited  # after the running one, before any cancelled one
        return ["next", *(["left"] if pool._waiting else [])]

    try:
        pool.warm()
        assert _run(main()) == ["next"]
    finally:
        pool.shutdown()


def test_h2_reviews_are_capped_like_hints(db_url: str, bot_pool: BotPool) -> None:
    """100 reviews in 30 s from one address used to queue 100 bot tasks. A review now waits
    for a worker only while its address waits for no other hint or review, and only while
    the server computes fewer than `reviews_at_once`."""
    with TestClient(create_app(db_url, bots=bot_pool, limits=Limits())) as client:
        match_id = create(client, ["random", "random"], seed=4)["match_id"]
        wait_finished(client, match_id)
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        lobby._asking["testclient"] = 1  # a hint or review of this address in a worker
        busy = client.get(f"/api/matches/{match_id}/review")
        assert busy.status_code == 429 and busy.json()["code"] == "rate_limited"
        lobby._asking.clear()
        lobby._reviewing = lobby.limits.reviews_at_once
        full = client.get(f"/api/matches/{match_id}/review")
        assert full.status_code == 503 and full.json()["code"] == "server_busy"
        lobby._reviewing = 0
        assert client.get(f"/api/matches/{match_id}/review").status_code == 200


def test_h2_bot_only_work_runs_below_the_tables_with_people() -> None:
    """Fair workers alone left the CPU to the attacker: its bot-only searches ran beside the
    people's bots at the same priority. The workers kept for bot-only work run niced (as
    `serve` builds the pool), and a table with people gets a worker at normal priority while
    one is free."""
    pool = BotPool(2, share=1, low_nice=LOW_NICE)

    async def main() -> tuple[int, int]:
        low: int = await pool.run(os.nice, 0, people=False, owner="x")
        normal: int = await pool.run(os.nice, 0)
        return low, normal

    try:
        low, normal = _run(main())
    finally:
        pool.shutdown()
    base = os.nice(0)
    assert (low, normal) == (min(19, base + LOW_NICE), base)  # 19: the lowest priority
