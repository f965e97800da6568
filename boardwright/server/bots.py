"""Server-side bots think in worker processes, so a search never blocks the event loop.

A worker gets only what a bot at a real table would: the game id, its seat, its `view(seat)`,
the legal actions, its agent spec and a seed (derived from the match seed and seq, so a bot's
choice does not depend on which worker or process runs it). Workers use the spawn context: a
forked copy of a running server (threads, sockets, event loop) is not safe to run.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from boardwright.engine.api import View
from boardwright.engine.errors import BadConfig
from boardwright.engine.play import Agent

#: the agent that plays for a person who left or whose clock ran out
STAND_IN_AGENT = "greedy"
#: seconds a new worker may take to start and import the games
WARM_SECONDS = 120.0


class IsmctsSettings(BaseModel):
    """Every ISMCTS setting a spec may give a server's bot, bounded (`ismcts.py` lists what
    each means). A value outside these bounds, NaN or infinity makes no better bot, only a
    slower or a broken one. `iterations` and `seconds` are bounded by the `BotBudget`."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, strict=False)

    iterations: int | None = Field(default=None, ge=1)
    seconds: float | None = Field(default=None, gt=0)
    exploration: float = Field(default=0.3, ge=0, le=10)
    depth: int = Field(default=0, ge=0, le=200)
    scale: float = Field(default=10.0, gt=0, le=1000)
    widen_after: int = Field(default=8, ge=0, le=1000)
    widen_base: int = Field(default=4, ge=1, le=100)
    widen_rate: float = Field(default=2.0, ge=0, le=100)
    bias: float = Field(default=0.0, ge=0, le=100)
    finish_turn: int = Field(default=0, ge=0, le=1)
    chance_leaf: int = Field(default=0, ge=0, le=1)
    lazy: int = Field(default=0, ge=0, le=1)
    reply: int = Field(default=0, ge=0, le=1)
    reply_first: int = Field(default=0, ge=0, le=1)
    macro: int = Field(default=0, ge=0, le=1)
    chance_reply: int = Field(default=0, ge=0, le=1)
    finish_steps: int = Field(default=6, ge=0, le=200)
    halving: int = Field(default=0, ge=0, le=1)
    #: greedy's look-ahead per leaf costs about (moves)^N heuristic calls: 3 is a second's work
    #: in Mesopotamia, 4 would be minutes before the search first checks its clock
    lookahead: int = Field(default=0, ge=0, le=3)


@dataclass(frozen=True)
class BotBudget:
    """What one bot move may cost a server. A lobby is open to anyone, and a spec such as
    `ismcts:iterations=100000000` would otherwise hold a worker (and every match waiting for
    it) for hours. Agents from optional extras are never offered by a server.

    Checked at creation: the agent, each setting's bounds and the iterations. Enforced at every
    move, whatever the settings (a game's `search_defaults` may raise the iterations after the
    check; a match stored under an older budget comes back after a restart): a search agent
    stops after `max_seconds` unless its spec asks for less, and the pool replaces a worker
    that has not answered after `deadline_seconds` (the match then plays a random move)."""

    max_iterations: int = 5000
    max_seconds: float = 10.0
    #: the hard bound on one move, enforced by the pool (a little above `max_seconds`, which a
    #: search checks between iterations)
    deadline_seconds: float = 15.0

    def check(self, spec: str) -> None:
        """Raises `BadConfig` for a spec this server will not run; builds the agent to check
        its settings too."""
        from boardwright.agents import AGENTS, SEARCH_AGENTS, make_agent, parse_spec

        name, settings = parse_spec(spec)
        if name not in AGENTS:
            raise BadConfig(f"agent {name!r} is not offered here; choose one of "
                            f"{', '.join(sorted(AGENTS))}")
        if name in SEARCH_AGENTS:
            try:
                bounded = IsmctsSettings.model_validate(settings)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"])
                raise BadConfig(f"bad setting {where} for agent {name!r}: {first['msg']}",
                                setting=where) from None
            if bounded.iterations is not None and bounded.iterations > self.max_iterations:
                raise BadConfig(f"at most {self.max_iterations} iterations per move here, "
                                f"not {bounded.iterations}")
            if bounded.seconds is not None and bounded.seconds > self.max_seconds:
                raise BadConfig(f"at most {self.max_seconds:g} seconds per move here, "
                                f"not {bounded.seconds:g}")
        make_agent(spec)


class BotTimeout(Exception):
    """A bot worker did not answer within the budget's deadline; it has been replaced."""


@lru_cache(maxsize=32)
def _agent(spec: str, seconds: float) -> Agent:
    from boardwright.agents import make_agent

    return make_agent(spec, seconds=seconds)


def choose_in_worker(game_id: str, seat: int, view: View, legal: list[int], spec: str,
                     seed: str, seconds: float) -> int:
    """Runs in a worker process: the agent's choice among `legal`. A search agent whose spec
    gives no `seconds` stops after `seconds`."""
    from boardwright.engine import registry

    game = registry.get(game_id)
    return _agent(spec, seconds).choose(game, seat, view, legal, random.Random(seed))


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


class _Worker:
    """One worker process (a one-process executor, so that it can be replaced alone)."""

    def __init__(self, server_pid: int) -> None:
        self.executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_die_with_server,
                                            initargs=(server_pid,))

    def kill(self) -> None:
        """Stop the process now, whatever it is doing (a search does not look at signals)."""
        # `_processes` is the executor's own table of its processes; there is no public way
        # to stop a task that runs
        for process in list(getattr(self.executor, "_processes", {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
        self.executor.shutdown(wait=False, cancel_futures=True)


class BotPool:
    """Worker processes shared by every match of a server (or of a test session). A move takes
    a free worker, waits for it at most `budget.deadline_seconds`, and a worker that overran is
    killed and replaced, so no setting and no game can hold a worker longer."""

    def __init__(self, workers: int | None = None, budget: BotBudget | None = None) -> None:
        count = workers or max(1, min(4, (os.cpu_count() or 2)))
        self.workers = count
        self.budget = budget or BotBudget()
        self._server_pid = os.getpid()
        self._slots = [_Worker(self._server_pid) for _ in range(count)]
        #: the free slots, for the event loop that uses the pool now (tests run one loop
        #: after another on one shared pool)
        self._free: asyncio.Queue[int] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: workers replaced after overrunning the deadline (for logs and tests)
        self.replaced = 0

    def warm(self) -> None:
        """Start every worker now (imports take a second) rather than at the first bot move."""
        for f in [w.executor.submit(_warm) for w in self._slots]:
            with contextlib.suppress(Exception):  # a worker replaced meanwhile warms itself
                f.result()

    def pids(self) -> list[int]:
        """The worker processes' ids (blocking; for tests)."""
        return [w.executor.submit(os.getpid).result() for w in self._slots]

    def _queue(self) -> asyncio.Queue[int]:
        loop = asyncio.get_running_loop()
        if self._free is None or self._loop is not loop:
            self._loop = loop
            self._free = asyncio.Queue()
            for slot in range(len(self._slots)):
                self._free.put_nowait(slot)
        return self._free

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` in a free worker; `BotTimeout` (and a new worker) after the deadline."""
        free = self._queue()
        slot = await free.get()
        try:
            future = self._slots[slot].executor.submit(fn, *args)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future),
                                              self.budget.deadline_seconds)
            except TimeoutError:
                old = self._slots[slot]
                self._slots[slot] = new = _Worker(self._server_pid)
                self.replaced += 1
                old.kill()
                # the new worker imports before it takes a move (the import would otherwise
                # count against the next move's deadline)
                await asyncio.wait_for(asyncio.wrap_future(new.executor.submit(_warm)),
                                       WARM_SECONDS)
                raise BotTimeout(f"no answer within {self.budget.deadline_seconds:g} s; "
                                 "the worker was replaced") from None
        finally:
            free.put_nowait(slot)

    async def choose(self, game_id: str, seat: int, view: View, legal: list[int], spec: str,
                     seed: str) -> int:
        result: int = await self.run(choose_in_worker, game_id, seat, view, legal, spec, seed,
                                     self.budget.max_seconds)
        return result

    def shutdown(self) -> None:
        for worker in self._slots:
            worker.executor.shutdown(wait=True, cancel_futures=True)
