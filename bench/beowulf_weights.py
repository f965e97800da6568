"""Duel two sets of Beowulf heuristic weights: greedy against greedy, seats rotated.

The heuristic's `Weights` are guesses about the future (what an unused figure and an empty line
space are worth); this is how they are fitted. Each deal is played once from every seat, both
players greedy, one judging with weights A and the other with B. The report gives A's win share
with its Wilson 95% interval, the mean margin, and the spread of the margin, which says how much
luck there is: with margins spread σ per game, a player must lead by about 0.39σ on average to
win 65% of games.

Each side is the weights shipped for `--players`, or a preset named first (`PRESETS`: weight
sets measured in docs/strength.md), with any fields replaced (`FIELD=N[,N,...]`, one number per
act; a shorter list's last number serves the later acts):

    .venv/bin/python bench/beowulf_weights.py --a fitted2 --b duelled --deals 150
    .venv/bin/python bench/beowulf_weights.py --players 4 --b duelled --deals 60
    .venv/bin/python bench/beowulf_weights.py --a duelled --b original unused_diamond=2,1,0.5
    .venv/bin/python bench/beowulf_weights.py --a hand_peril=1.8 --noise 6    # search noise
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from boardwright.agents import GreedyAgent
from boardwright.agents.rewards import margins as leads
from boardwright.arena.stats import wilson_interval
from boardwright.engine.api import CHANCE, TERMINAL, Game, State
from boardwright.engine.play import play_game, sample_chance
from boardwright.engine.registry import get
from boardwright.games.beowulf.forward import BeowulfState
from boardwright.games.beowulf.heuristic import Weights, evaluate, shipped_weights

#: the normal quantile of a 65% win share: the mean lead, in σ, that wins 65% of games
Z65 = 0.385


class WeightedGame:
    """Beowulf whose `evaluate` uses the given weights; everything else is the real game. Enough
    for greedy; ISMCTS would also need its rollout policy (`policy.py`) to judge with them, since
    the policy calls the heuristic with the shipped weights."""

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


def _one(task: tuple[Weights, Weights, int, int, int]) -> tuple[float, float]:
    """A's win share and margin over the best other seat in the deal `seed`, A in seat `seat`
    and B in every other seat."""
    a, b, seed, seat, players = task
    agents = [WeightedGreedy(b, "B") for _ in range(players)]
    agents[seat] = WeightedGreedy(a, "A")
    result = play_game(get("beowulf"), players, agents, seed=seed)
    winners = result.record.winners
    returns = result.record.returns
    best_other = max(r for p, r in enumerate(returns) if p != seat)
    return (seat in winners) / len(winners), returns[seat] - best_other


#: every term but unused figures and the fill share switched off: the future as the original
#: and the duelled weights guess it
_TERM_FREE = {"line_discount": (0.0,), "tempo_start": (0.0,), "tempo_end": (0.0,),
              "hand_peril": (0.0,), "hand_special": (0.0,)}
#: weight sets measured in docs/strength.md, by name, so that their duels can be run again
PRESETS: dict[str, dict[str, tuple[float, ...]]] = {
    "shipped": {},
    #: the 2-player least-squares fit, hand terms left out; not shipped (docs/strength.md,
    #: "Evidence: 2-player weights")
    "fitted2": {"unused_diamond": (3.0, 2.0, 0.5), "tile_fill_share": (0.25, 0.5, 0.25),
                "line_discount": (0.5, 0.3, 0.55), "tempo_start": (2.0, 2.0, 2.0),
                "tempo_end": (8.0, 3.5, 3.5), "hand_peril": (0.0,), "hand_special": (0.0,)},
    #: chosen by greedy-against-greedy duels: the shipped 2-player set, and the one that served
    #: every player count before the 3-4-player fit (docs/strength.md, "Evidence: 2-player weights")
    "duelled": {"unused_diamond": (3.0, 2.0, 0.5), "tile_fill_share": (0.3,), **_TERM_FREE},
    #: the original hand-set weights, before any duel
    "original": {"unused_diamond": (2.0, 1.5, 0.5), "tile_fill_share": (0.6,), **_TERM_FREE},
}
#: earlier names of presets, still accepted so that older commands run unchanged
PRESET_ALIASES = {"fifth": "duelled", "fourth": "original"}


def _weights(overrides: Sequence[str], players: int = 2) -> Weights:
    """The weights shipped for `players`, or a named preset given first, with `FIELD=N,N,...`
    overrides (ValueError: what is wrong)."""
    known = [f.name for f in dataclasses.fields(Weights)]
    changes: dict[str, tuple[float, ...]] = {}
    preset = PRESET_ALIASES.get(overrides[0], overrides[0]) if overrides else None
    if preset is not None and preset in PRESETS:
        changes.update(PRESETS[preset])
        overrides = overrides[1:]
    for item in overrides:
        name, sep, numbers = item.partition("=")
        if not sep or name not in known:
            raise ValueError(f"{item!r} is not FIELD=N[,N,...]; FIELD is one of "
                             f"{', '.join(known)} (a preset, {', '.join(PRESETS)}, comes first)")
        try:
            changes[name] = tuple(float(x) for x in numbers.split(","))
        except ValueError:
            raise ValueError(f"{item!r}: the numbers must be comma-separated numbers") from None
    return dataclasses.replace(shipped_weights(players), **changes)


def noise(weights: Sequence[Weights], games: int, worlds: int, seed: int, players: int = 2
          ) -> list[tuple[float, float]]:
    """Per weight set: how much its judgement of a position moves across worlds sampled from
    the mover's view (sd of the mover's lead, averaged over positions), against how much it
    moves across the mover's actions in one world (sd of the one-step leads). A searcher that
    averages few samples per move needs the first well below the second.

    Positions: every fifth turn's start in `games` greedy games (shipped weights)."""
    game = get("beowulf")
    rng = random.Random(f"noise/{seed}")
    greedy = GreedyAgent()
    across_worlds: list[list[float]] = [[] for _ in weights]
    across_moves: list[list[float]] = [[] for _ in weights]
    for _ in range(games):
        state = game.new_initial_state(players)
        assert isinstance(state, BeowulfState)
        turn = 0
        while (actor := state.current_player()) != TERMINAL:
            if actor == CHANCE:
                state.apply(sample_chance(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            if state.selected < 0 and turn % 5 == 0:
                sampler = game.determinizer(state.view(actor), actor)
                sampled = [sampler(rng) for _ in range(worlds)]
                for k, w in enumerate(weights):
                    judged = [leads(evaluate(x, w))[actor] for x in sampled]
                    across_worlds[k].append(statistics.pstdev(judged))
                    after = []
                    for action in legal:
                        child = sampled[0].clone()
                        child.apply(action)
                        after.append(leads(evaluate(child, w))[actor])
                    across_moves[k].append(statistics.pstdev(after))
            turn += 1
            state.apply(greedy.choose(game, actor, state.view(actor), legal, rng))
    return [(statistics.fmean(w), statistics.fmean(m))
            for w, m in zip(across_worlds, across_moves, strict=True)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="FIELD is one of " + ", ".join(f.name for f in dataclasses.fields(Weights)))
    for side in ("a", "b"):
        parser.add_argument(f"--{side}", nargs="*", default=[], metavar="FIELD=N,N,N",
                            help=f"player {side.upper()}'s weights: [PRESET] FIELD=N,N,N ...; "
                                 f"changes to the weights shipped for --players or to PRESET "
                                 f"({', '.join(PRESETS)})")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                        help="players: A sits in one seat, B in all the others")
    parser.add_argument("--deals", type=int, default=100,
                        help="deals; each is played once with A in every seat")
    parser.add_argument("--seed", type=int, default=8000, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--noise", type=int, metavar="GAMES", default=0,
                        help="instead of a duel: how much each side's judgement moves across "
                             "sampled worlds and across moves, over GAMES greedy games")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1 or args.noise < 0:
        parser.error("--deals and --workers must be at least 1, --noise at least 0")
    try:
        a, b = _weights(args.a, args.players), _weights(args.b, args.players)
    except ValueError as exc:
        parser.error(str(exc))
    if args.noise:
        for side, w, (worlds_sd, moves_sd) in zip("AB", (a, b),
                                                 noise((a, b), args.noise, 30, args.seed,
                                                       args.players),
                                                 strict=True):
            print(f"{side} {w}\n  sd across 30 sampled worlds {worlds_sd:.2f}, "
                  f"across the mover's actions {moves_sd:.2f}")
        return 0
    tasks = [(a, b, args.seed + i, seat, args.players)
             for i in range(args.deals) for seat in range(args.players)]
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
          f"{low:.1%}–{high:.1%}; par {1 / args.players:.0%}); mean margin over the best "
          f"other seat {statistics.fmean(margins):+.1f}, "
          f"σ {spread:.1f}: 65% of wins needs a mean lead near {Z65 * spread:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
