"""Fit Feinde's heuristic weights to where self-play games actually went.

Greedy players (with the shipped weights, and a small share of random moves so that positions
vary) play the given number of games. At the start of every turn each seat's position is split
into the terms the heuristic's linear weights multiply: knowledge, chips up to the cap and
beyond it, cards in hand (each times the share of the gold still to be won), and the reach term
(the best target's discounted value, or exploring, at `reach` = 1; it is computed for each of
the `--per-turn` and `--per-lesson` values tried).
Then least squares on differences between seats (a constant all seats share does not change
who wins) against the gold each seat gains from there to the game's end.

The last quarter of the games is held out: the report gives, for each (per_turn, per_lesson)
tried, how much of the spread of the outcomes the fitted and the shipped weights explain there
(R²), and the fitted linear weights. docs/strength-feinde.md ("The heuristic's weights") has the
fit behind the shipped numbers.

    .venv/bin/python bench/feinde_fit_weights.py --players 3 --games 120
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import random
from multiprocessing import Pool

import numpy as np

from boardwright.agents import GreedyAgent
from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.engine.registry import get
from boardwright.games.feinde import data
from boardwright.games.feinde.forward import FeindeState
from boardwright.games.feinde.heuristic import DEFAULT_WEIGHTS, Weights, gold_left, reach_values

LINEAR = ["knowledge", "chip", "chip_extra", "card", "reach"]


def features(state: FeindeState, shapes: list[tuple[float, float]]) -> list[list[list[float]]]:
    """Per shape (per_turn, per_lesson), per seat: the terms of `LINEAR`."""
    w = DEFAULT_WEIGHTS
    out = []
    for per_turn, per_lesson in shapes:
        unit = dataclasses.replace(w, reach=1.0, per_turn=per_turn, per_lesson=per_lesson)
        reach = reach_values(state, unit)
        left = gold_left(state)
        rows = []
        for p in range(state.cfg.players):
            c = state.chips[p]
            rows.append([left * state.knowledge[p], left * min(c, w.chip_cap),
                         left * max(0, c - w.chip_cap), left * len(state.hands[p]), reach[p]])
        out.append(rows)
    return out


def self_play(task: tuple[int, int, float, list[tuple[float, float]]]
              ) -> tuple[list[tuple[list[float], list[list[list[float]]]]], list[float]]:
    """One greedy game's positions at each turn's start (gold then, terms), and its final gold."""
    players, seed, epsilon, shapes = task
    game = get("feinde")
    state = game.new_initial_state(players)
    assert isinstance(state, FeindeState)
    rng = random.Random(f"fit/{seed}")
    agent = GreedyAgent()
    positions = []
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        if state.phase == data.CHOOSE:
            positions.append(([float(g) for g in state.gold], features(state, shapes)))
        legal = state.legal_actions()
        if rng.random() < epsilon:
            state.apply(rng.choice(legal))
        else:
            state.apply(agent.choose(game, actor, state.view(actor), legal, rng))
    return positions, [float(g) for g in state.gold]


def design(games: list[tuple[list, list[float]]], shape: int) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for positions, final in games:
        for gold, feats in positions:
            rows = np.array(feats[shape])
            gain = np.array(final) - np.array(gold)
            xs.append(rows - rows.mean(axis=0))
            ys.append(gain - gain.mean())
    return np.vstack(xs), np.concatenate(ys)


def r2(x: np.ndarray, y: np.ndarray, coef: np.ndarray) -> float:
    resid = y - x @ coef
    return 1 - float(resid @ resid) / float(y @ y)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--epsilon", type=float, default=0.03)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--per-turn", default="0.5,0.7,0.85")
    ap.add_argument("--per-lesson", default="0.4,0.6,0.8")
    args = ap.parse_args()
    shapes = list(itertools.product([float(x) for x in args.per_turn.split(",")],
                                    [float(x) for x in args.per_lesson.split(",")]))
    tasks = [(args.players, args.seed + i, args.epsilon, shapes) for i in range(args.games)]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            games = pool.map(self_play, tasks)
    else:
        games = [self_play(t) for t in tasks]
    cut = len(games) * 3 // 4
    w: Weights = DEFAULT_WEIGHTS
    shipped = np.array([getattr(w, name) for name in LINEAR])
    print(f"{args.players} players, {args.games} games ({cut} fitted, the rest held out), "
          f"{sum(len(g[0]) for g in games)} positions")
    for i, (per_turn, per_lesson) in enumerate(shapes):
        x_fit, y_fit = design(games[:cut], i)
        x_out, y_out = design(games[cut:], i)
        coef, *_ = np.linalg.lstsq(x_fit, y_fit, rcond=None)
        fitted = ", ".join(f"{n}={c:.3f}" for n, c in zip(LINEAR, coef, strict=True))
        print(f"per_turn={per_turn} per_lesson={per_lesson}: held-out R² fitted "
              f"{r2(x_out, y_out, coef):.3f}, shipped {r2(x_out, y_out, shipped):.3f}; {fitted}")


if __name__ == "__main__":
    main()
