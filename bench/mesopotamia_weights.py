"""Duel two sets of Mesopotamia heuristic weights, or measure one set in self-play.

Each seat plays with an agent (greedy unless `--agent` says otherwise) that judges positions with
its own `Weights` (boardwright/games/mesopotamia/heuristic.py): set A at one seat, set B at the
others, the seats rotated game by game (game g puts A at seat g % players; games
g = k * players ... share a deal, as in `boardwright arena`). Without `--b`, every seat plays A
(self-play): the figures that matter are then how many games end by the rules (R8) and how
long they take. A set is written as overrides of the shipped weights, `holy=5,manned=3`.

    .venv/bin/python bench/mesopotamia_weights.py --a holy=5 --b "" --games 100 --players 2
    .venv/bin/python bench/mesopotamia_weights.py --a "" --games 100 --players 4

Prints one JSON line: A's win share with its 95% Wilson interval (a shared capped win counts as
its share), `ended_by` counts, game length in rounds (median, p95, max), ms per move.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from multiprocessing import Pool
from typing import Any

from boardwright.agents import make_agent
from boardwright.arena.stats import percentile, wilson_interval
from boardwright.cli.main import parse_options
from boardwright.engine.api import State, View
from boardwright.engine.play import play_game
from boardwright.games.mesopotamia.forward import MesoState
from boardwright.games.mesopotamia.game import MesoGame
from boardwright.games.mesopotamia.heuristic import SHIPPED, Weights, evaluate


class WeightedGame(MesoGame):
    """Mesopotamia judged with other weights (only the agents see the difference)."""

    def __init__(self, weights: Weights, steps: int | None = None) -> None:
        self.weights = weights
        if steps is not None:
            self.greedy_turn_steps = steps

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, MesoState)
        return evaluate(state, self.weights)


class Seated:
    """An agent that thinks with its own game object (its own weights)."""

    def __init__(self, spec: str, game: MesoGame) -> None:
        self.agent = make_agent(spec)
        self.game = game
        self.name = self.agent.name
        self.moves = 0
        self.seconds = 0.0

    def choose(self, game: Any, seat: int, view: View, legal: Sequence[int],
               rng: random.Random) -> int:
        start = time.process_time()
        action = int(self.agent.choose(self.game, seat, view, legal, rng))
        self.seconds += time.process_time() - start
        self.moves += 1
        return action


def parse_weights(text: str) -> Weights:
    fields = {f.name for f in dataclasses.fields(Weights)}
    changes: dict[str, float] = {}
    for part in filter(None, (x.strip() for x in text.split(","))):
        name, _, value = part.partition("=")
        if name not in fields:
            raise SystemExit(f"unknown weight {name!r}; known: {', '.join(sorted(fields))}")
        changes[name] = float(value)
    return dataclasses.replace(SHIPPED, **changes)


def one_game(task: tuple[int, int, str, str | None, str, Mapping[str, Any], int | None,
                         int | None]) -> dict[str, Any]:
    players, g, a_text, b_text, spec, options, a_steps, b_steps = task
    a_game = WeightedGame(parse_weights(a_text), a_steps)
    b_game = a_game if b_text is None else WeightedGame(parse_weights(b_text), b_steps)
    a_seat = g % players
    agents = [Seated(spec, a_game if s == a_seat or b_text is None else b_game)
              for s in range(players)]
    result = play_game(a_game, players, agents, seed=g // players, options=options)
    state = result.state
    returns = state.returns()
    return {"game": g, "a_seat": a_seat, "returns": returns, "ended_by": state.ended_by(),
            "rounds": state.rounds_played(),
            "moves": sum(x.moves for x in agents), "seconds": sum(x.seconds for x in agents),
            "delivered": [len(d) for d in state.delivered] if isinstance(state, MesoState)
            else []}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="", help="set A: overrides of the shipped weights")
    parser.add_argument("--b", default=None, help="set B (leave out for self-play with A)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0, help="first deal")
    parser.add_argument("--agent", default="greedy", help="agent spec for every seat")
    parser.add_argument("--a-steps", type=int, default=None, help="A's greedy_turn_steps")
    parser.add_argument("--b-steps", type=int, default=None, help="B's greedy_turn_steps")
    parser.add_argument("--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    options = parse_options(args.option, None)  # as `boardwright play --option`
    first = args.seed * args.players
    tasks = [(args.players, g, args.a, args.b, args.agent, options, args.a_steps, args.b_steps)
             for g in range(first, first + args.games)]
    with Pool(args.workers) as pool:
        games = []
        for game in pool.imap_unordered(one_game, tasks):
            games.append(game)
            print(f"\r{len(games)}/{len(tasks)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    share = sum(g["returns"][g["a_seat"]] for g in games)
    low, high = wilson_interval(share, len(games))
    rounds = [g["rounds"] for g in games]
    out = {
        "players": args.players, "games": len(games), "agent": args.agent,
        "a": args.a, "b": args.b, "a_steps": args.a_steps, "b_steps": args.b_steps,
        "a_share": round(share / len(games), 4), "a_ci95": [round(low, 4), round(high, 4)],
        "ended_by": dict(Counter(g["ended_by"] for g in games)),
        "length": {"median": percentile(rounds, 50), "p95": percentile(rounds, 95),
                   "max": max(rounds)},
        "mean_delivered": round(sum(sum(g["delivered"]) for g in games)
                                / (len(games) * args.players), 3),
        "not_by_rule": sorted(g["game"] for g in games if g["ended_by"] != "rule"),
        "ms_per_move": round(1000 * sum(g["seconds"] for g in games)
                             / max(1, sum(g["moves"] for g in games)), 1),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
