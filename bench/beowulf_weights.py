"""Duel two sets of Beowulf heuristic weights: greedy against greedy, seats rotated.

The heuristic's `Weights` are guesses about the future (what an unused figure and an empty line
space are worth); this is how they are fitted. Each deal is played once from every seat, both
players greedy, one judging with weights A and the other with B. The report gives A's win share
with its Wilson 95% interval, the mean margin, and the spread of the margin, which says how much
luck there is: with margins spread σ per game, a player must lead by about 0.39σ on average to
win 65% of games.

    .venv/bin/python bench/beowulf_weights.py --a 0.3 3,2,0.5 --b 0.6 2,1.5,0.5 --deals 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from boardwright.agents import GreedyAgent
from boardwright.arena.stats import wilson_interval
from boardwright.engine.api import Game, State
from boardwright.engine.play import play_game
from boardwright.engine.registry import get
from boardwright.games.beowulf.heuristic import Weights, evaluate
from boardwright.games.beowulf.state import BeowulfState

#: the normal quantile of a 65% win share: the mean lead, in σ, that wins 65% of games
Z65 = 0.385


class WeightedGame:
    """Beowulf whose `evaluate` uses the given weights; everything else is the real game."""

    def __init__(self, game: Game, weights: Weights) -> None:
        self._game = game
        self._weights = weights

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, BeowulfState)
        return evaluate(state, self._weights)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


class WeightedGreedy(GreedyAgent):
    def __init__(self, weights: Weights, name: str) -> None:
        self.weights = weights
        self.name = name

    def choose(self, game: Game, seat: int, view: Any, legal: Sequence[int], rng: Any) -> int:
        weighted: Any = WeightedGame(game, self.weights)
        return super().choose(weighted, seat, view, legal, rng)


def _one(task: tuple[Weights, Weights, int, int]) -> tuple[float, float]:
    """A's win share and margin over B in the deal `seed`, A in seat `seat`."""
    a, b, seed, seat = task
    agents = [WeightedGreedy(b, "B"), WeightedGreedy(b, "B")]
    agents[seat] = WeightedGreedy(a, "A")
    result = play_game(get("beowulf"), 2, agents, seed=seed)
    winners = result.record.winners
    returns = result.record.returns
    return (seat in winners) / len(winners), returns[seat] - returns[1 - seat]


def _weights(values: Sequence[str]) -> Weights:
    share, per_act = values
    return Weights(unused_diamond=tuple(float(x) for x in per_act.split(",")),
                   tile_fill_share=float(share))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = Weights()
    shown = [str(default.tile_fill_share), ",".join(map(str, default.unused_diamond))]
    shipped = " ".join(shown)
    for side in ("a", "b"):
        parser.add_argument(f"--{side}", nargs=2, metavar=("FILL_SHARE", "UNUSED_PER_ACT"),
                            default=shown,
                            help=f"player {side.upper()}'s tile_fill_share and unused_diamond "
                                 f"per act, e.g. 0.6 2,1.5,0.5 (default: the shipped {shipped})")
    parser.add_argument("--deals", type=int, default=100, help="deals; each is played twice")
    parser.add_argument("--seed", type=int, default=8000, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    try:
        a, b = _weights(args.a), _weights(args.b)
    except ValueError as exc:
        parser.error(f"weights are a number and comma-separated numbers: {exc}")
    tasks = [(a, b, args.seed + i, seat) for i in range(args.deals) for seat in (0, 1)]
    wins: list[float] = []
    margins: list[float] = []
    with Pool(args.workers) as pool:
        for win, margin in pool.imap_unordered(_one, tasks):
            wins.append(win)
            margins.append(margin)
            print(f"\r{len(wins)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    low, high = wilson_interval(sum(wins), len(wins))
    spread = statistics.pstdev(margins)
    print(f"A {a}\nB {b}")
    print(f"A wins {sum(wins):g} of {len(wins)} ({sum(wins) / len(wins):.1%}, 95% CI "
          f"{low:.1%}–{high:.1%}); mean margin {statistics.fmean(margins):+.1f}, "
          f"σ {spread:.1f}: 65% of wins needs a mean lead near {Z65 * spread:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
