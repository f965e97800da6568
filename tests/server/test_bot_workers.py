"""Bot workers never outlive their server, even one killed with `kill -9`, and never hold a
move past the pool's deadline."""

from __future__ import annotations

import operator
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from fastapi.testclient import TestClient

from boardwright.server.app import create_app
from boardwright.server.bots import BotBudget, BotPool, BotTimeout

from .conftest import TEST_LIMITS, create
from .conftest import run_coroutine as _run


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is dead too; it only waits for its (new) parent to reap it
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(") ")[1][0] != "Z"


def test_bot_workers_exit_when_the_server_is_killed() -> None:
    script = textwrap.dedent("""
        import sys, time
        from boardwright.server.bots import BotPool
        pool = BotPool(2)
        pids = pool.pids()
        print(" ".join(map(str, sorted(set(pids)))), flush=True)
        time.sleep(60)
    """)
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    workers = [int(p) for p in server.stdout.readline().split()]
    assert workers and all(_alive(p) for p in workers)
    server.send_signal(signal.SIGKILL)
    server.wait()
    deadline = time.monotonic() + 15
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(p) for p in workers), "bot workers outlived their killed server"


def test_a_move_over_the_deadline_replaces_the_worker() -> None:
    """Finding 3: a bot move had no deadline: one took over 65 s and starved bots elsewhere.
    The pool waits `deadline_seconds`, kills the worker and starts another."""
    pool = BotPool(1, BotBudget(deadline_seconds=0.5))
    try:
        before = pool.pids()
        with pytest.raises(BotTimeout):
            _run(pool.run(time.sleep, 600))
        assert pool.replaced == 1
        assert pool.pids() != before and not _alive(before[0])
        assert _run(pool.run(operator.add, 2, 3)) == 5  # the new worker answers
    finally:
        pool.shutdown()


def test_a_match_plays_on_when_its_bot_overruns(db_url: str) -> None:
    """Whatever its settings (a game's `search_defaults` may raise the iterations after the
    check at creation), a bot that overruns the deadline loses its move to a random one and
    the match goes on."""
    pool = BotPool(1, BotBudget(deadline_seconds=0.3))
    try:
        with TestClient(create_app(db_url, bots=pool, limits=TEST_LIMITS)) as client:
            created = create(client, ["ismcts:iterations=5000", "random"], seed=3)
            deadline = time.monotonic() + 60
            summary = client.get(f"/api/matches/{created['match_id']}").json()
            while ((summary["seq"] < 20 or not pool.replaced)
                   and time.monotonic() < deadline):
                time.sleep(0.05)
                summary = client.get(f"/api/matches/{created['match_id']}").json()
            assert summary["seq"] >= 20 and pool.replaced >= 1
    finally:
        pool.shutdown()
