"""Fit Runebound's heuristic weights to who actually won greedy self-play games.

Greedy players (the shipped heuristic, with a small share of random moves so that positions
vary) play to the printed end (`max_rounds=0`). At every turn's start each seat's holdings are
read off as the terms `heuristic.Weights` multiplies (experience bought, experience on counters,
gold, item and ally costs, reward cards, wounds, exhaustion, runes) plus the power and prospect
terms (in the shipped weights' gold). Then a conditional logit: P(seat s wins) =
exp(β·x_s) / Σ_j exp(β·x_j), fitted by Newton's method on the first three quarters of the
games; a shared win counts as a share.

The report gives the held-out log loss of the fitted and of the shipped weights (the shipped
weights' scale fitted alone, so both are judged at their best scale), the fitted β per term, the
same divided by β of gold (the `Weights` line: a gold is 1), and 1/β_gold: the gold margin that
moves a 2-seat win chance from 50% to 73% (for ISMCTS's reward `scale`).

    .venv/bin/python bench/runebound_fit_weights.py --players 2 --games 300
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from multiprocessing import Pool

import numpy as np

from boardwright.agents import GreedyAgent
from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.engine.registry import get
from boardwright.games.runebound import heuristic as H
from boardwright.games.runebound.forward import RuneboundState

TERMS = ["level", "xp", "gold", "item", "ally", "reward_card", "wound", "exhaustion", "rune",
         "power", "prospect"]

#: one position: per seat its terms
Position = list[list[float]]


def terms(state: RuneboundState, seat: int) -> list[float]:
    """The terms of `heuristic.score` for one seat, each before its weight."""
    g = state.g
    p = g["players"][seat]
    c = state.cfg.content
    item = sum(c.market[k].cost for k, _ in p["items"] if k < H.REWARD)
    ally = sum(c.market[a[0]].cost for a in p["allies"] if a[0] < H.REWARD)
    reward = sum(1 for k, _ in p["items"] if k >= H.REWARD) + sum(
        1 for a in p["allies"] if a[0] >= H.REWARD)
    return [float(sum(p["bonus"])), float(H.counter_xp(state, p)), float(p["gold"]), item,
            ally, reward, float(p["wounds"]), float(p["exh"]), float(p["runes"]),
            H.power(state, p), H.prospect(state, seat)[0]]


def self_play(task: tuple[int, int, float]) -> tuple[list[Position], list[float]]:
    """One game's positions at each turn's start and each seat's win share."""
    players, seed, epsilon = task
    game = get("runebound")
    state = game.new_initial_state(players, {"max_rounds": 0})
    assert isinstance(state, RuneboundState)
    rng = random.Random(f"fit/{seed}")
    agent = GreedyAgent()
    positions: list[Position] = []
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        g = state.g
        if g["phase"] == "move_choice" and not g["dice"] and g["pending"] is None \
                and not g["endgame"]:
            positions.append([terms(state, s) for s in range(players)])
        legal = state.legal_actions()
        if rng.random() < epsilon:
            state.apply(rng.choice(legal))
        else:
            state.apply(agent.choose(game, actor, state.view(actor), legal, rng))
    winners = state.winners()
    return positions, [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, iters: int = 50) -> np.ndarray:
    """Conditional logit by Newton's method: x is (positions, seats, terms), y (positions,
    seats) the win shares."""
    beta = np.zeros(x.shape[2])
    for _ in range(iters):
        u = x @ beta
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        mean = (p[:, :, None] * x).sum(axis=1)
        grad = ((y[:, :, None] - p[:, :, None]) * x).sum(axis=(0, 1)) - ridge * beta
        centred = x - mean[:, None, :]
        hess = -np.einsum("ns,nsi,nsj->ij", p, centred, centred) - ridge * np.eye(len(beta))
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    return beta


def log_loss(x: np.ndarray, y: np.ndarray, beta: np.ndarray) -> float:
    u = x @ beta
    u -= u.max(axis=1, keepdims=True)
    logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float(-(y * logp).sum() / len(y))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 5, 6))
    parser.add_argument("--games", type=int, default=300, help="self-play games (at least 4)")
    parser.add_argument("--seed", type=int, default=100000, help="first game's seed")
    parser.add_argument("--epsilon", type=float, default=0.05,
                        help="share of random moves, so that positions vary")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    if args.games < 4:
        parser.error("--games must be at least 4")
    tasks = [(args.players, args.seed + i, args.epsilon) for i in range(args.games)]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            games = pool.map(self_play, tasks)
    else:
        games = [self_play(t) for t in tasks]
    cut = len(games) * 3 // 4
    sets = []
    for part in (games[:cut], games[cut:]):
        xs = [pos for positions, _ in part for pos in positions]
        ys = [share for positions, share in part for _ in positions]
        sets.append((np.array(xs), np.array(ys)))
    (x_fit, y_fit), (x_out, y_out) = sets
    beta = fit(x_fit, y_fit)
    w = H.WEIGHTS
    shipped = np.array([w.level, w.xp, w.gold, w.item, w.ally, w.reward_card, -w.wound,
                        -w.exhaustion, w.rune, w.power, w.prospect])
    scale = fit(x_fit @ shipped[:, None], y_fit)[0]
    print(f"games {args.games} ({cut} fitted), positions {len(x_fit)} + {len(x_out)} held "
          f"out, {args.players} players")
    print(f"held-out log loss: fitted {log_loss(x_out, y_out, beta):.4f}, shipped "
          f"{log_loss(x_out, y_out, shipped * scale):.4f} (scale {scale:.4f}), "
          f"uniform {np.log(args.players):.4f}")
    gold = beta[TERMS.index("gold")]
    for name, b in zip(TERMS, beta, strict=True):
        print(f"  {name:12s} beta {b:+.4f}   per gold {b / gold if gold else float('nan'):+.3f}")
    if gold > 0:
        print(f"1 / beta_gold = {1 / gold:.1f} gold; shipped weights' 1 / scale = "
              f"{1 / scale:.1f} gold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
