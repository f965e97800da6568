"""Greedy with candidate heuristic weights against greedy with the shipped ones, Runebound.

Both sides are the greedy agent; one judges positions with `Weights` changed as given
(`--set name=value,...`), the other with the shipped `heuristic.WEIGHTS`. Seats rotate over the
same deals (game i deals with seed + i // players); the report gives the candidate's win share
with its 95% Wilson interval, how the games ended and their length.

    .venv/bin/python bench/runebound_weights.py --set gold=0.5,turn=1 --games 100
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from boardwright.agents import GreedyAgent
from boardwright.arena.stats import endings, wilson_interval
from boardwright.engine.api import State
from boardwright.engine.play import play_game
from boardwright.games.runebound import heuristic as H
from boardwright.games.runebound.forward import RuneboundState
from boardwright.games.runebound.game import RuneboundGame


class WeightedGame(RuneboundGame):
    """Runebound judged with other weights (only `evaluate` differs)."""

    def __init__(self, weights: H.Weights) -> None:
        self.weights = weights

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, RuneboundState)
        return H.evaluate(state, self.weights)


class Judged:
    """A greedy agent that judges with its own game's evaluation."""

    def __init__(self, game: RuneboundGame, name: str) -> None:
        self.game = game
        self.inner = GreedyAgent()
        self.name = name

    def choose(self, game: Any, seat: int, view: Any, legal: Sequence[int],
               rng: random.Random) -> int:
        return self.inner.choose(self.game, seat, view, legal, rng)


def parse(spec: str) -> Mapping[str, float]:
    out = {}
    for part in filter(None, spec.split(",")):
        name, _, value = part.partition("=")
        out[name.strip()] = float(value)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="", help="weights to change: name=value,...")
    parser.add_argument("--base", default="", help="the other side's changes (default none)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args(argv)
    cand = WeightedGame(dataclasses.replace(H.WEIGHTS, **parse(args.set)))
    base = WeightedGame(dataclasses.replace(H.WEIGHTS, **parse(args.base)))
    n = args.players
    wins = 0.0
    ended, rounds = [], []
    for i in range(args.games):
        rot = i % n
        agents = [Judged(cand, "cand") if s == rot else Judged(base, "base") for s in range(n)]
        result = play_game(cand, n, agents, seed=args.seed + i // n, options={"max_rounds": 0})
        winners = result.state.winners()
        if rot in winners:
            wins += 1 / len(winners)
        ended.append(result.state.ended_by())
        rounds.append(result.rounds)
    lo, hi = wilson_interval(wins, args.games)
    print(f"candidate {args.set or '(shipped)'} vs {args.base or 'shipped'}: {wins:g} of "
          f"{args.games} ({100 * wins / args.games:.1f}%, 95% {100 * lo:.1f}–{100 * hi:.1f}%), "
          f"par {100 / n:.0f}%; {endings(ended, rounds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
