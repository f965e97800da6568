"""Duel two sets of Feinde heuristic weights: greedy against greedy, seats rotated.

Each deal is played once from every seat: one greedy player judges with weights A, the others
with B. The report gives A's win share with its Wilson 95% interval (par is 1/players), A's mean
gold and the others', and how the games ended. Each side is the shipped `Weights` with any
fields replaced (`FIELD=N`):

    .venv/bin/python bench/feinde_weights.py --players 3 --deals 30 --a knowledge=1.0 card=1.0
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
from collections.abc import Sequence
from typing import Any

from boardwright.agents import GreedyAgent
from boardwright.arena.stats import wilson_interval
from boardwright.engine.api import Game, State
from boardwright.engine.play import play_game
from boardwright.engine.registry import get
from boardwright.games.feinde.forward import FeindeState
from boardwright.games.feinde.heuristic import DEFAULT_WEIGHTS, Weights, evaluate


class WeightedGame:
    """Feinde whose `evaluate` uses the given weights; everything else is the real game. Enough
    for greedy (ISMCTS would also need the rollout policy to judge with them)."""

    def __init__(self, game: Game, weights: Weights) -> None:
        self._game = game
        self._weights = weights

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, FeindeState)
        return evaluate(state, self._weights)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


class WeightedGreedy(GreedyAgent):
    def __init__(self, weights: Weights, name: str) -> None:
        self._weighted: WeightedGame | None = None
        self._weights = weights
        self.name = name

    def choose(self, game: Game, seat: int, view: Any, legal: Sequence[int], rng: Any) -> int:
        if self._weighted is None:
            self._weighted = WeightedGame(game, self._weights)
        return super().choose(self._weighted, seat, view, legal, rng)  # type: ignore[arg-type]


def weights(overrides: Sequence[str]) -> Weights:
    known = {f.name: f.type for f in dataclasses.fields(Weights)}
    changes: dict[str, Any] = {}
    for item in overrides:
        name, _, raw = item.partition("=")
        if name not in known:
            raise SystemExit(f"unknown weight {name!r}; known: {', '.join(known)}")
        changes[name] = int(raw) if name == "chip_cap" else float(raw)
    return dataclasses.replace(DEFAULT_WEIGHTS, **changes)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--a", nargs="*", default=[])
    ap.add_argument("--b", nargs="*", default=[])
    args = ap.parse_args()
    game = get("feinde")
    wa, wb = weights(args.a), weights(args.b)
    wins = 0.0
    gold_a: list[float] = []
    gold_b: list[float] = []
    ended: dict[str, int] = {}
    n = args.players
    for deal in range(args.deals):
        for seat in range(n):
            agents = [WeightedGreedy(wa if s == seat else wb, "A" if s == seat else "B")
                      for s in range(n)]
            result = play_game(game, n, agents, seed=args.seed + deal)
            st = result.state
            winners = st.winners()
            if seat in winners:
                wins += 1 / len(winners)
            gold_a.append(st.returns()[seat])
            gold_b.extend(st.returns()[s] for s in range(n) if s != seat)
            why = st.ended_by() or "?"
            ended[why] = ended.get(why, 0) + 1
        games = (deal + 1) * n
        lo, hi = wilson_interval(wins, games)
        print(f"{games} games: A wins {wins:g} ({wins / games:.1%}, 95% {lo:.1%}-{hi:.1%}, "
              f"par {1 / n:.1%}); gold A {statistics.fmean(gold_a):.1f}, B "
              f"{statistics.fmean(gold_b):.1f}; ended {ended}", flush=True)
    print(f"A = {wa}\nB = {wb}")


if __name__ == "__main__":
    main()
