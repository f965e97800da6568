"""`boardwright simulate`: many seeded games between agents, with speed and score totals."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.progress import Progress

from boardwright.agents import make_agent
from boardwright.arena.stats import endings
from boardwright.engine.api import Game
from boardwright.engine.errors import BadConfig, BoardwrightError
from boardwright.engine.play import TooLong, play_game


def run_simulation(
    game: Game, players: int, games: int, seed: int, agent_names: Sequence[str], *,
    options: dict[str, Any] | None = None, records: Path | None = None, progress: bool = False,
    max_actions: int | None = None,
) -> dict[str, Any]:
    """Play `games` games (seeds seed .. seed+games-1) and summarise them as JSON-safe data.

    A game still running after `max_actions` actions (None: the game's own bound) is stopped
    and counted in `ended_by` as "too_long", not in the scores: a valve against bots that loop.
    """
    names = list(agent_names) * players if len(agent_names) == 1 else list(agent_names)
    if len(names) != players:
        raise BadConfig(f"--agents needs 1 or {players} names, got {len(agent_names)}")
    if games < 1:
        raise BadConfig("--games must be at least 1")
    if max_actions is not None and max_actions < 1:
        raise BadConfig("--max-actions must be at least 1")
    agents = [make_agent(n) for n in names]
    game.new_initial_state(players, options)  # fail early on a bad config
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    totals = [0.0] * players
    wins = [0.0] * players
    finished = errors = actions = 0
    messages: list[str] = []
    ended_by: list[str | None] = []
    rounds: list[int] = []
    texts: dict[int, str] = {}  # action texts depend only on the configuration: one cache
    started = time.perf_counter()
    with Progress(disable=not progress, transient=True) as bar:
        task = bar.add_task(f"Simulating {game.info.id}", total=games)
        for i in range(games):
            try:
                result = play_game(game, players, agents, seed=seed + i, options=options,
                                   texts=texts, max_actions=max_actions)
            except TooLong as cut:
                ended_by.append("too_long")
                rounds.append(cut.rounds)
                messages.append(f"seed {seed + i}: {cut.message}")
                bar.advance(task)
                continue
            except BoardwrightError as exc:
                errors += 1
                messages.append(f"seed {seed + i}: {exc.message}")
                bar.advance(task)
                continue
            finished += 1
            actions += len(result.record.actions)
            ended_by.append(result.state.ended_by())
            rounds.append(result.rounds)
            for p, r in enumerate(result.state.returns()):
                totals[p] += r
            winners = result.state.winners()
            for w in winners:
                wins[w] += 1 / len(winners)
            if records is not None:
                result.record.save(records / f"{game.info.id}-{seed + i}.json")
            bar.advance(task)
    elapsed = time.perf_counter() - started
    return {
        "game": game.info.id,
        "players": players,
        "agents": names,
        "games": games,
        "finished": finished,
        "errors": errors,
        "error_messages": messages[:10],
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(actions / elapsed, 1) if elapsed > 0 else 0.0,
        "mean_scores": [round(t / finished, 3) if finished else 0.0 for t in totals],
        "wins": [round(w, 3) for w in wins],
        "seed": seed,
        **endings(ended_by, rounds),
    }
