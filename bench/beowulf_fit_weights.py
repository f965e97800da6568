"""Fit Beowulf's heuristic weights to where self-play games actually went.

Greedy players (with the shipped weights, and a small share of random moves so that positions
vary) play the given number of games. At every turn's start each seat's position is split into
the terms the heuristic's `Weights` multiply, read off the heuristic itself: the evaluation is
linear in each weight, so a term is the evaluation with that weight at 1 minus the evaluation
with every weight at 0. Then, per act, least squares on differences between seats (a constant
that all seats share does not change who wins):

1. the act's terms (line discount, fill share, tempo, perils and specials in hand) against the
   saga points each seat gains from the position to the act's end, beyond its line points now;
2. the unused figures against what the seat gains from there to the game's end, beyond step 1.

The last quarter of the games is held out: the report gives, per act, how much of the spread of
the outcomes the fitted and the shipped weights each explain there (R²), and the fitted weights
as a `Weights(...)` line. docs/strength.md, "Evidence: 3- and 4-player weights", has the fit
behind the shipped ones.

    .venv/bin/python bench/beowulf_fit_weights.py --players 2 --games 600
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Sequence
from multiprocessing import Pool
from statistics import fmean

import numpy as np

from boardwright.agents import GreedyAgent
from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.engine.registry import get
from boardwright.games.beowulf.forward import BeowulfState
from boardwright.games.beowulf.heuristic import Weights, evaluate, shipped_weights

FIELDS = [f.name for f in dataclasses.fields(Weights)]
#: fitted against the act's end (step 1); the rest against the game's end (step 2)
ACT_FIELDS = ["line_discount", "tile_fill_share", "tempo_start", "tempo_end", "hand_peril",
              "hand_special"]
GAME_FIELDS = ["unused_diamond"]
NOTHING = Weights(**{name: (0.0,) for name in FIELDS})
UNITS = {name: dataclasses.replace(NOTHING, **{name: (1.0,)}) for name in FIELDS}

#: one position: its act, each seat's saga points then, the line points, and each field's term
Position = tuple[int, list[float], list[float], dict[str, list[float]]]


def terms(state: BeowulfState) -> tuple[list[float], dict[str, list[float]]]:
    """Each seat's line points (as R5.2 would score them now), and per field its term."""
    base = evaluate(state, NOTHING)
    lines = [v - s for v, s in zip(base, state.saga, strict=True)]
    per_field = {name: [v - b for v, b in zip(evaluate(state, unit), base, strict=True)]
                 for name, unit in UNITS.items()}
    return lines, per_field


def self_play(task: tuple[int, int, float]) -> tuple[list[Position], list[float]]:
    """One greedy game's positions at each turn's start, and its final saga points."""
    players, seed, epsilon = task
    game = get("beowulf")
    state = game.new_initial_state(players)
    assert isinstance(state, BeowulfState)
    rng = random.Random(f"fit/{seed}")
    agent = GreedyAgent()
    positions: list[Position] = []
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        if state.selected < 0:  # not in the middle of a drawn tile's placement
            lines, per_field = terms(state)
            positions.append((state.act, [float(x) for x in state.saga], lines, per_field))
        legal = state.legal_actions()
        if rng.random() < epsilon:
            state.apply(rng.choice(legal))
        else:
            state.apply(agent.choose(game, actor, state.view(actor), legal, rng))
    return positions, [float(x) for x in state.returns()]


@dataclasses.dataclass
class Table:
    """Per act: the terms (rows: seat-positions, columns: fields), the gains to the act's end
    and to the game's end, all as differences from the seats' mean."""

    x: dict[int, list[list[float]]] = dataclasses.field(default_factory=dict)
    act_gain: dict[int, list[float]] = dataclasses.field(default_factory=dict)
    game_gain: dict[int, list[float]] = dataclasses.field(default_factory=dict)

    def add(self, games: Sequence[tuple[list[Position], list[float]]]) -> None:
        for positions, final in games:
            act_end = _saga_at_act_ends(positions, final)
            for act, saga, lines, per_field in positions:
                seats = range(len(saga))
                rows = [[per_field[name][p] for name in FIELDS] for p in seats]
                to_act = [act_end[act][p] - saga[p] - lines[p] for p in seats]
                to_game = [final[p] - saga[p] - lines[p] for p in seats]
                for p in seats:
                    self.x.setdefault(act, []).append(_centred(rows, p))
                    self.act_gain.setdefault(act, []).append(to_act[p] - fmean(to_act))
                    self.game_gain.setdefault(act, []).append(to_game[p] - fmean(to_game))


def _saga_at_act_ends(positions: list[Position], final: list[float]) -> dict[int, list[float]]:
    """Each act's saga points after its scoring: the next act's first position, or the end."""
    ends: dict[int, list[float]] = {}
    for act, saga, _, _ in positions:
        if act > 0 and act - 1 not in ends:
            ends[act - 1] = saga
    ends[positions[-1][0]] = final
    return ends


def _centred(rows: list[list[float]], seat: int) -> list[float]:
    return [rows[seat][k] - fmean([r[k] for r in rows]) for k in range(len(FIELDS))]


def fit(table: Table, act: int) -> dict[str, float]:
    """The weights of `act` by the two least-squares steps."""
    x = np.array(table.x[act])
    cols = [FIELDS.index(name) for name in ACT_FIELDS]
    act_w, *_ = np.linalg.lstsq(x[:, cols], np.array(table.act_gain[act]), rcond=None)
    rest = np.array(table.game_gain[act]) - x[:, cols] @ act_w
    game_cols = [FIELDS.index(name) for name in GAME_FIELDS]
    game_w, *_ = np.linalg.lstsq(x[:, game_cols], rest, rcond=None)
    return {**dict(zip(ACT_FIELDS, act_w.tolist(), strict=True)),
            **dict(zip(GAME_FIELDS, game_w.tolist(), strict=True))}


def explained(table: Table, act: int, weights: dict[str, float]) -> float:
    """R² of the gains to the game's end predicted by these weights, on this table."""
    x = np.array(table.x[act])
    y = np.array(table.game_gain[act])
    predicted = x @ np.array([weights[name] for name in FIELDS])
    return float(1.0 - ((y - predicted) ** 2).sum() / (y ** 2).sum())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=600, help="self-play games (at least 4)")
    parser.add_argument("--seed", type=int, default=100000, help="first game's seed")
    parser.add_argument("--epsilon", type=float, default=0.05,
                        help="share of random moves, so that positions vary")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    if args.games < 4 or args.workers < 1 or not 0.0 <= args.epsilon <= 1.0:
        parser.error("--games must be at least 4, --workers at least 1, --epsilon in [0, 1]")
    tasks = [(args.players, args.seed + g, args.epsilon) for g in range(args.games)]
    games = []
    with Pool(args.workers) as pool:
        for game in pool.imap(self_play, tasks):  # in order: the held-out games are fixed
            games.append(game)
            print(f"\r{len(games)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    train, held_out = Table(), Table()
    cut = len(games) * 3 // 4
    train.add(games[:cut])
    held_out.add(games[cut:])
    shipped = shipped_weights(args.players)
    fitted: dict[str, list[float]] = {name: [] for name in FIELDS}
    for act in sorted(train.x):
        weights = fit(train, act)
        now = shipped.in_act(act)
        fitted_r2, shipped_r2 = explained(held_out, act, weights), explained(held_out, act, now)
        print(f"Act {act + 1}: {len(train.x[act])} seat-positions; held-out R² fitted "
              f"{fitted_r2:.3f}, shipped {shipped_r2:.3f}")
        for name in FIELDS:
            fitted[name].append(round(weights[name], 2))
    print("Weights(" + ", ".join(f"{name}={tuple(v)}" for name, v in fitted.items()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
