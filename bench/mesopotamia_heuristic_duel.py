"""Greedy with this checkout's Mesopotamia heuristic against greedy with the heuristic of another
commit, 2 players, each seed played twice with the seats swapped. One JSON line per game, the
summary last: this checkout's win share with its 95% Wilson interval, `ended_by`, rounds.

    PYTHONPATH=. .venv/bin/python bench/mesopotamia_heuristic_duel.py --against 23f9ffc \
        --seed 63000 --games 50

The other heuristic is read with `git show COMMIT:boardwright/games/mesopotamia/heuristic.py`
and loaded as its own module; its greedy seat swaps it in for its own decisions only. Only the
heuristic differs: both seats weigh the same `search_actions`, so the duel measures the
evaluation, not the rest of the bot.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import types
from collections.abc import Callable, Sequence
from typing import Any

import boardwright.games.mesopotamia.heuristic as heuristic
from boardwright.agents import GreedyAgent
from boardwright.arena.stats import endings, wilson_interval
from boardwright.engine.api import Game, View
from boardwright.engine.play import play_game
from boardwright.engine.registry import get

PATH = "boardwright/games/mesopotamia/heuristic.py"


def load_heuristic(commit: str) -> Callable[..., list[float]]:
    """`evaluate` of the heuristic at `commit` (its relative imports made absolute)."""
    source = subprocess.run(["git", "show", f"{commit}:{PATH}"], check=True,
                            capture_output=True, text=True).stdout
    source = source.replace("from .", "from boardwright.games.mesopotamia.")
    module = types.ModuleType(f"heuristic_{commit}")
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source, f"{commit}:{PATH}", "exec"), module.__dict__)
    evaluate: Callable[..., list[float]] = module.evaluate
    return evaluate


class OtherGreedy(GreedyAgent):
    """Greedy judging with another heuristic: `Game.evaluate` imports `heuristic.evaluate` at
    each call, so swapping the module's function for this seat's decisions is enough."""

    def __init__(self, evaluate: Callable[..., list[float]]) -> None:
        self.evaluate = evaluate

    def choose(self, game: Game, seat: int, view: View, legal: Sequence[int],
               rng: random.Random) -> int:
        own = heuristic.evaluate
        heuristic.evaluate = self.evaluate
        try:
            return super().choose(game, seat, view, legal, rng)
        finally:
            heuristic.evaluate = own


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", required=True, help="the other heuristic's commit")
    ap.add_argument("--seed", type=int, default=63000)
    ap.add_argument("--games", type=int, default=50, help="seeds; each is played twice")
    args = ap.parse_args()
    game = get("mesopotamia")
    other = load_heuristic(args.against)
    wins = 0.0
    ended: list[str | None] = []
    lengths: list[int] = []
    for i in range(args.games):
        for here in (0, 1):  # the seat of this checkout's greedy
            agents: list[Any] = [OtherGreedy(other), OtherGreedy(other)]
            agents[here] = GreedyAgent()
            result = play_game(game, 2, agents, seed=args.seed + i)
            winners = result.state.winners()
            wins += (here in winners) / max(1, len(winners))
            ended.append(result.state.ended_by())
            lengths.append(result.rounds)
            print(json.dumps({"seed": args.seed + i, "this_checkout_seat": here,
                              "winners": winners, "ended_by": ended[-1],
                              "rounds": result.rounds}), flush=True)
    games = len(ended)
    print(json.dumps({"against": args.against, "games": games, "wins": wins,
                      "ci95": [round(x, 3) for x in wilson_interval(wins, games)],
                      **endings(ended, lengths)}))


if __name__ == "__main__":
    main()
