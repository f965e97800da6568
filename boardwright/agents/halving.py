"""Sequential halving over the root's moves, each round judged in common worlds.

The ISMCTS agent's `halving` switch replaces its tree with this root-only search (Karnin, Koren
and Somekh 2013, "Almost optimal exploration in multi-armed bandits"; the root search of Gumbel
MuZero). The iteration budget is split evenly over ceil(log2(moves)) rounds; in each round every
surviving move is judged equally often, and the worse half is dropped after it.

Why common worlds: where a position's moves differ little in value and much less than a leaf's
noise spreads them (Mesopotamia, docs/strength-mesopotamia.md), a tree's UCT sends each move to
other sampled worlds, draws and policy choices, and the most visited move is whichever was lucky
early. Here every move of a round meets the same sampled world and a leaf generator seeded alike
(common random numbers), so what separates two moves is the moves, not their luck. A leaf is
judged as the tree judges one: the mover's move finished by the rollout policy (`finish_turn`,
`finish_steps`), then the rollout and the heuristic's squashed lead; or, with `lookahead=N`, as
greedy judges a move: the best continuation of the mover's turn over N own steps, so the search
is greedy's look-ahead averaged over sampled worlds and draws rather than judged in one.

Measured in Mesopotamia (docs/strength-mesopotamia.md, "Sequential halving in common worlds"):
the choice is far steadier than the tree's at the same cost, but no stronger against greedy, so
no game turns it on by default.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from boardwright.engine.api import Game, State

from .greedy import turn_value

#: a leaf (the move applied) and its generator -> its worth to the mover
Finish = Callable[[State, random.Random], float]


def sequential_halving(game: Game, seat: int, sampler: Callable[[random.Random], State],
                       first: State, legal: Sequence[int], rng: random.Random, *,
                       budget: int, lookahead: int, weighed: Callable[[State], list[int]],
                       finish: Finish, deadline: float | None = None) -> tuple[int, int]:
    """The move `seat` plays, and how many leaves judged it.

    `first` is the first round's first world, drawn by `sampler`. The moves weighed are
    `weighed(first)` of `legal` (the mover's own moves do not depend on hidden facts). A leaf is
    judged by greedy's turn value over `lookahead` own steps, or where that is 0 by `finish`
    (the search's own judgement of a leaf). Ties go by a random order drawn from `rng`, so the
    same rng gives the same choice. The first round judges every move once, whatever the
    budget; after it, a world whose leaves would overrun the budget, or a `deadline` (from
    `perf_counter`) that has passed, ends the search, and the best mean of the moves still in
    play wins.
    """
    allowed = set(legal)
    alive = sorted(a for a in weighed(first) if a in allowed) or sorted(allowed)
    if len(alive) == 1:
        return alive[0], 0
    # equal means are common (two steps in either order reach one position); a fixed order
    # would take the same one every time, so ties go by a random order drawn here, as
    # greedy breaks its ties at random
    order = {a: rng.random() for a in alive}
    totals = dict.fromkeys(alive, 0.0)
    counts = dict.fromkeys(alive, 0)
    rounds = math.ceil(math.log2(len(alive)))
    used = 0
    for done_rounds in range(rounds):
        per_move = max(1, (budget - used) // (len(alive) * (rounds - done_rounds)))
        for _ in range(per_move):
            out_of_time = deadline is not None and time.perf_counter() >= deadline
            if used and (out_of_time or used + len(alive) > budget):
                return _ranked(alive, totals, counts, order)[0], used
            world = first if not used else sampler(rng)
            seed = rng.getrandbits(64)
            for action in alive:
                # every move meets the same draws
                totals[action] += _judge(game, world, action, seat, seed, lookahead, finish)
                counts[action] += 1
            used += len(alive)
        alive = _ranked(alive, totals, counts, order)[:math.ceil(len(alive) / 2)]
    return alive[0], used


#: with `lookahead`, what the step's own value adds to its turn value: equal turns are common
#: (any step, then the good one), and of those the step that gains now is the better
SOONER = 1e-3


def _judge(game: Game, world: State, action: int, seat: int, seed: int, lookahead: int,
           finish: Finish) -> float:
    """One leaf's worth to `seat`, its chance drawn from `seed`: with `lookahead`, greedy's turn
    value (the best continuation of the turn over that many own steps) and `SOONER` times the
    step's own value; else `finish` of the move applied."""
    if lookahead:
        turn = turn_value(game, world, action, seat, random.Random(seed), lookahead)
        return turn + SOONER * turn_value(game, world, action, seat, random.Random(seed), 1)
    leaf = world.clone()
    leaf.apply(action)
    return finish(leaf, random.Random(seed))


def _ranked(moves: list[int], totals: dict[int, float], counts: dict[int, int],
            order: dict[int, float]) -> list[int]:
    """Best mean first. Every move still in play has been judged: the first world judges them
    all, and the search stops only after it."""
    return sorted(moves, key=lambda a: (-totals[a] / counts[a], order[a]))
