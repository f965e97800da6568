"""Server-side bots think in worker processes, so a search never blocks the event loop.

A worker gets only what a bot at a real table would: the game id, its seat, its `view(seat)`,
the legal actions, its agent spec and a seed (derived from the match seed and seq, so a bot's
choice does not depend on which worker or process runs it). Workers use the spawn context: a
forked copy of a running server (threads, sockets, event loop) is not safe to run.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from boardwright.engine.api import View
from boardwright.engine.errors import BadConfig
from boardwright.engine.play import Agent

#: the agent that plays for a person who left or whose clock ran out
STAND_IN_AGENT = "greedy"


@dataclass(frozen=True)
class BotBudget:
    """What one bot move may cost a server. A lobby is open to anyone, and a spec such as
    `ismcts:iterations=100000000` would otherwise hold a worker (and every match waiting for
    it) for hours. Agents from optional extras are never offered by a server."""

    max_iterations: int = 5000
    max_seconds: float = 10.0

    def check(self, spec: str) -> None:
        """Raises `BadConfig` for a spec this server will not run; builds the agent to check
        its settings too."""
        from boardwright.agents import AGENTS, make_agent, parse_spec
        from boardwright.agents.ismcts import ISMCTSAgent

        name, _ = parse_spec(spec)
        if name not in AGENTS:
            raise BadConfig(f"agent {name!r} is not offered here; choose one of "
                            f"{', '.join(sorted(AGENTS))}")
        agent = make_agent(spec)
        if isinstance(agent, ISMCTSAgent):
            if agent.iterations > self.max_iterations:
                raise BadConfig(f"at most {self.max_iterations} iterations per move here, "
                                f"not {agent.iterations}")
            if agent.seconds is not None and agent.seconds > self.max_seconds:
                raise BadConfig(f"at most {self.max_seconds:g} seconds per move here, "
                                f"not {agent.seconds:g}")


@cache
def _agent(spec: str) -> Agent:
    from boardwright.agents import make_agent

    return make_agent(spec)


def choose_in_worker(game_id: str, seat: int, view: View, legal: list[int], spec: str,
                     seed: str) -> int:
    """Runs in a worker process: the agent's choice among `legal`."""
    from boardwright.engine import registry

    game = registry.get(game_id)
    return _agent(spec).choose(game, seat, view, legal, random.Random(seed))


def _die_with_server(server_pid: int) -> None:
    """Worker initializer: exit when the server is gone, even after `kill -9` (which leaves no
    chance to shut the pool down): a daemon thread watches for the worker being re-parented."""

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="die-with-server", daemon=True).start()


def _warm() -> int:
    from boardwright.agents import make_agent  # noqa: F401 (import cost paid at start)
    from boardwright.engine import registry

    registry.discover()
    return os.getpid()


class BotPool:
    """A process pool shared by every match of a server (or of a test session)."""

    def __init__(self, workers: int | None = None, budget: BotBudget | None = None) -> None:
        count = workers or max(1, min(4, (os.cpu_count() or 2)))
        self.workers = count
        self.budget = budget or BotBudget()
        self._pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"),
                                         initializer=_die_with_server, initargs=(os.getpid(),))

    def warm(self) -> None:
        """Start every worker now (imports take a second) rather than at the first bot move."""
        for f in [self._pool.submit(_warm) for _ in range(self.workers)]:
            f.result()

    async def choose(self, game_id: str, seat: int, view: View, legal: list[int], spec: str,
                     seed: str) -> int:
        loop = asyncio.get_running_loop()
        args: tuple[Any, ...] = (game_id, seat, view, legal, spec, seed)
        return await loop.run_in_executor(self._pool, choose_in_worker, *args)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
