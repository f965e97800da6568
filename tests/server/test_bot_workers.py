"""Bot workers never outlive their server, even one killed with `kill -9`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time


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
