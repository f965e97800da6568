"""Playing arena games: seats rotated across games, on local processes or Ray tasks.

Game `i` deals with seed `seed + i // players` and seats the agent list rotated by `i % players`,
so every deal is played from every seat. A game depends only on the config and its index, so
any backend, any worker count and any order give the same results.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from boardwright.agents import make_agent
from boardwright.engine import registry
from boardwright.engine.api import Game, View
from boardwright.engine.errors import BadConfig
from boardwright.engine.play import Agent, TooLong, play_game

from .stats import endings, summarise


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: defaults for search agents that do not set them in their spec
    iterations: int | None = None
    seconds: float | None = None
    #: a game still running after this many actions is stopped and counted "too_long" (None:
    #: the game's own bound, `GameInfo.max_actions`): a valve against bots that loop
    max_actions: int | None = None

    @property
    def seats(self) -> int:
        return self.players if self.players is not None else len(self.agents)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["agents"] = list(self.agents)
        if self.max_actions is None:
            del data["max_actions"]  # so journals from before the bound existed still resume
        return data


@dataclass
class ArenaResult:
    config: ArenaConfig
    games: list[dict[str, Any]]
    table: list[dict[str, Any]]
    seconds: float

    @property
    def endings(self) -> dict[str, Any]:
        """How the games ended (`ended_by` counts) and how long they ran (`length`); games from
        a journal written before these were recorded count as "unknown"."""
        return endings([g.get("ended_by", "unknown") for g in self.games],
                       [g["rounds"] for g in self.games if "rounds" in g])

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "table": self.table, **self.endings,
                "games": self.games, "seconds": round(self.seconds, 3)}


class _Timed:
    """Wraps an agent to measure its thinking time on real decisions (more than one choice)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.total = 0.0
        self.moves = 0

    def choose(self, game: Game, seat: int, view: View, legal: Sequence[int],
               rng: random.Random) -> int:
        started = time.perf_counter()
        action = self.agent.choose(game, seat, view, legal, rng)
        if len(legal) > 1:
            self.total += time.perf_counter() - started
            self.moves += 1
        return action


def validate(config: ArenaConfig) -> None:
    game = registry.get(config.game)
    if config.games < 1:
        raise BadConfig("--games must be at least 1")
    if config.max_actions is not None and config.max_actions < 1:
        raise BadConfig("--max-actions must be at least 1")
    if len(config.agents) != config.seats:
        raise BadConfig(f"{config.seats} seats need {config.seats} agents, "
                        f"got {len(config.agents)}")
    game.new_initial_state(config.seats, config.options)
    for spec in config.agents:
        make_agent(spec, iterations=config.iterations, seconds=config.seconds)


def play_one(config: ArenaConfig, index: int) -> dict[str, Any]:
    """Arena game number `index`: who sat where, the scores, the winners and thinking times."""
    game = registry.get(config.game)
    n = config.seats
    rotation = index % n
    seat_agents = [config.agents[(s + rotation) % n] for s in range(n)]
    agents = [_Timed(make_agent(spec, iterations=config.iterations, seconds=config.seconds))
              for spec in seat_agents]
    seed = config.seed + index // n
    started = time.perf_counter()
    try:
        result = play_game(game, n, agents, seed=seed, options=config.options,
                           max_actions=config.max_actions)
    except TooLong as cut:
        # no result: every seat stands equal, and the game is counted as cut short
        outcome: dict[str, Any] = {
            "returns": [0.0] * n, "winners": [], "actions": cut.actions,
            "ended_by": "too_long", "rounds": cut.rounds}
    else:
        outcome = {
            "returns": result.state.returns(), "winners": result.state.winners(),
            "actions": len(result.record.actions), "ended_by": result.state.ended_by(),
            "rounds": result.rounds}
    return {
        "index": index,
        "seed": seed,
        "rotation": rotation,
        "seat_agents": seat_agents,
        **outcome,
        "seconds": round(time.perf_counter() - started, 3),
        "move_ms": [round(1000 * a.total / a.moves, 3) if a.moves else None for a in agents],
    }


Progress = Callable[[int, int], None]
#: called with each newly finished game (e.g. to append it to a journal)
OnGame = Callable[[dict[str, Any]], None]


class _Collector:
    """The results by index: games given as already played, then each new one as it ends."""

    def __init__(self, config: ArenaConfig, played: dict[int, dict[str, Any]],
                 progress: Progress | None, on_game: OnGame | None) -> None:
        self.results: list[dict[str, Any] | None] = [played.get(i) for i in range(config.games)]
        self.todo = [i for i in range(config.games) if i not in played]
        self.done = config.games - len(self.todo)
        self.total = config.games
        self.progress = progress
        self.on_game = on_game

    def add(self, index: int, game: dict[str, Any]) -> None:
        self.results[index] = game
        self.done += 1
        if self.on_game:
            self.on_game(game)
        if self.progress:
            self.progress(self.done, self.total)


def _run_local(config: ArenaConfig, workers: int, out: _Collector) -> None:
    if workers <= 1:
        for i in out.todo:
            out.add(i, play_one(config, i))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_one, config, i): i for i in out.todo}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            out.add(futures[future], future.result())


def _run_ray(config: ArenaConfig, workers: int, out: _Collector) -> None:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise BadConfig("the ray backend needs the optional extra: pip install "
                        "'boardwright[ray]'") from exc
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    try:
        task = ray.remote(play_one)
        pending = {task.remote(config, i): i for i in out.todo}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                out.add(pending.pop(ref), ray.get(ref))
    finally:
        if started_here:
            ray.shutdown()


def run_arena(config: ArenaConfig, *, workers: int = 1, backend: str = "local",
              progress: Progress | None = None, played: dict[int, dict[str, Any]] | None = None,
              on_game: OnGame | None = None) -> ArenaResult:
    """Play every game of `config` and summarise them. Games in `played` (by index, e.g. read
    back from a journal) are taken as they are: a game depends only on the config and its
    index, so a resumed run gives the same results as an uninterrupted one."""
    validate(config)
    if backend not in ("local", "ray"):
        raise BadConfig(f"unknown backend {backend!r}; use local or ray")
    started = time.perf_counter()
    out = _Collector(config, played or {}, progress, on_game)
    if out.todo:
        (_run_local if backend == "local" else _run_ray)(config, workers, out)
    games = [g for g in out.results if g is not None]
    return ArenaResult(config, games, summarise(games), time.perf_counter() - started)
