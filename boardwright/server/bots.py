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
#: how far below the others the workers kept for bot-only work run (`os.nice`)
LOW_NICE = 10


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


def _die_with_server(server_pid: int, nice: int = 0) -> None:
    """Worker initializer: exit when the server is gone, even after `kill -9` (which leaves no
    chance to shut the pool down): a daemon thread watches for the worker being re-parented.
    A worker kept for bot-only work runs `nice` steps below the others."""
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)

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

    def __init__(self, server_pid: int, nice: int = 0) -> None:
        self.nice = nice
        self.executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_die_with_server,
                                            initargs=(server_pid, nice))

    def kill(self) -> None:
        """Stop the process now, whatever it is doing (a search does not look at signals)."""
        # `_processes` is the executor's own table of its processes; there is no public way
        # to stop a task that runs
        for process in list(getattr(self.executor, "_processes", {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
        self.executor.shutdown(wait=False, cancel_futures=True)


@dataclass(eq=False)
class _Waiter:
    """A task waiting for a worker: served by `people` first (a table where a person waits),
    then by arrival (`order`); `owner` is the address whose bot-only match, review or hint it
    is (None for a table with people), held to the pool's `share`."""

    people: bool
    order: int
    owner: str | None
    granted: asyncio.Future[int]
    #: bot-only work, for the niced workers first
    low: bool = False


class BotPool:
    """Worker processes shared by every match of a server (or of a test session). A move takes
    a free worker, waits for it at most `budget.deadline_seconds`, and a worker that overran is
    killed and replaced, so no setting and no game can hold a worker longer.

    Fair by construction: a freed worker is handed to the chosen waiter at once (never put
    back for whoever asks next, so a driver that returns a worker and asks again without
    yielding queues behind the others); tables with people come first, then the oldest
    waiter; and one address's bot-only matches, reviews and hints together hold at most
    `share` workers at a time, so the other tables always keep `workers - share` of them."""

    def __init__(self, workers: int | None = None, budget: BotBudget | None = None,
                 share: int | None = None, low_nice: int = 0) -> None:
        count = workers or max(1, min(4, (os.cpu_count() or 2)))
        self.workers = count
        self.budget = budget or BotBudget()
        #: workers one address's bot-only work may hold at once (`serve --bot-share`)
        self.share = max(1, min(count, share if share is not None else max(1, count // 2)))
        self._server_pid = os.getpid()
        # the last `share` workers run below the others (when some are left for the others):
        # bot-only work goes to them first, so that a table with people gets the CPU too, not
        # only a worker, while one address's bot-only matches keep theirs busy
        # (`low_nice`: `serve` sets `LOW_NICE`; a test session's pool leaves it at 0, since a
        # niced worker on a loaded test machine would overrun the deadline)
        low = self.share if self.share < count and low_nice > 0 else 0
        self._slots = [_Worker(self._server_pid, low_nice if i >= count - low else 0)
                       for i in range(count)]
        #: the free slots and the waiters, for the event loop that uses the pool now (tests
        #: run one loop after another on one shared pool)
        self._free: list[int] = []
        self._waiting: list[_Waiter] = []
        self._held: dict[str, int] = {}
        self._order = 0
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

    def _bind_loop(self) -> asyncio.AbstractEventLoop:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._free = list(range(len(self._slots)))
            self._waiting = []
            self._held = {}
        return loop

    def held(self, owner: str) -> int:
        """Workers `owner`'s bot-only work holds now (for tests and the bench)."""
        return self._held.get(owner, 0)

    def _eligible(self, owner: str | None) -> bool:
        return owner is None or self._held.get(owner, 0) < self.share

    def _next(self) -> _Waiter | None:
        """The waiter a free worker goes to: people first, then the oldest, skipping owners
        at their share."""
        best: _Waiter | None = None
        for w in self._waiting:
            if w.granted.done() or not self._eligible(w.owner):
                continue
            if best is None or (not w.people, w.order) < (not best.people, best.order):
                best = w
        return best

    def _hand_out(self) -> None:
        """Give free workers to waiters while both exist."""
        while self._free:
            waiter = self._next()
            if waiter is None:
                return
            self._waiting.remove(waiter)
            slot = self._pick(waiter.low)
            self._take(waiter.owner)
            waiter.granted.set_result(slot)

    def _pick(self, low: bool) -> int:
        """A free slot: a low-priority one for bot-only work (`low`) if one is free, a normal
        one for a table with people or a hint if one is free."""
        wanted = [s for s in self._free if (self._slots[s].nice > 0) == low]
        slot = wanted[0] if wanted else self._free[-1]
        self._free.remove(slot)
        return slot

    def _take(self, owner: str | None) -> None:
        if owner is not None:
            self._held[owner] = self._held.get(owner, 0) + 1

    def _release(self, slot: int, owner: str | None,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        if loop is not None and loop is not self._loop:
            return  # a slot of an earlier event loop's round: that loop's table is gone
        if owner is not None:
            left = self._held.get(owner, 0) - 1
            if left > 0:
                self._held[owner] = left
            else:
                self._held.pop(owner, None)
        self._free.append(slot)
        self._hand_out()

    async def _acquire(self, people: bool, owner: str | None, low: bool) -> int:
        loop = self._bind_loop()
        if self._free and self._eligible(owner) and self._next() is None:
            self._take(owner)
            return self._pick(low)
        self._order += 1
        waiter = _Waiter(people, self._order, owner, loop.create_future(), low)
        self._waiting.append(waiter)
        self._hand_out()
        try:
            return await waiter.granted
        except asyncio.CancelledError:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
            elif waiter.granted.done() and not waiter.granted.cancelled():
                self._release(waiter.granted.result(), owner)  # granted as it was cancelled
            raise

    async def run(self, fn: Callable[..., Any], *args: Any, people: bool = True,
                  owner: str | None = None, low: bool | None = None) -> Any:
        """`fn(*args)` in a free worker; `BotTimeout` (and a new worker) after the deadline.
        `people`: for a table where a person waits (served first); `owner`: the address
        whose bot-only match, review or hint this is (held to `share`). A caller cancelled
        while waiting leaves the queue; one cancelled while its worker runs frees the worker
        only once the worker has answered. `low`: for the niced workers first (default: work
        with an owner; a hint, asked by a person at a table, says False)."""
        slot = await self._acquire(people, owner, owner is not None if low is None else low)
        loop = asyncio.get_running_loop()
        future = self._slots[slot].executor.submit(fn, *args)
        try:
            result = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)),
                                            self.budget.deadline_seconds)
        except TimeoutError:
            old = self._slots[slot]
            self._slots[slot] = new = _Worker(self._server_pid, old.nice)
            self.replaced += 1
            old.kill()
            try:
                # the new worker imports before it takes a move (the import would otherwise
                # count against the next move's deadline)
                await asyncio.wait_for(asyncio.wrap_future(new.executor.submit(_warm)),
                                       WARM_SECONDS)
            finally:
                self._release(slot, owner, loop)
            raise BotTimeout(f"no answer within {self.budget.deadline_seconds:g} s; "
                             "the worker was replaced") from None
        except asyncio.CancelledError:
            # the worker goes on with this task (a running one cannot be stopped): it takes
            # nothing else until it has answered
            def freed(_: object) -> None:
                with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
                    loop.call_soon_threadsafe(self._release, slot, owner, loop)

            future.add_done_callback(freed)
            raise
        except BaseException:
            self._release(slot, owner, loop)
            raise
        self._release(slot, owner, loop)
        return result

    async def choose(self, game_id: str, seat: int, view: View, legal: list[int], spec: str,
                     seed: str, *, people: bool = True, owner: str | None = None) -> int:
        result: int = await self.run(choose_in_worker, game_id, seat, view, legal, spec, seed,
                                     self.budget.max_seconds, people=people, owner=owner)
        return result

    def shutdown(self) -> None:
        for worker in self._slots:
            worker.executor.shutdown(wait=True, cancel_futures=True)
