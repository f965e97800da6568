"""A heuristic for Feinde's search agents: each seat's gold now, plus what its knowledge, power
chips and spell cards are worth, plus what it can still take: the best monster or chest it can
walk to (or the unexplored area it can open up), discounted by the turns it needs to get there.
Only ever applied to states an agent sampled from its own view.

Gold decides (R11.2) and the game ends when monsters 49 and 50 are beaten (R11.1), so the
progress that counts is what turns into gold: knowledge (it decides which monsters a hero can
beat, R5.1), chips (they pay for fights, R5.4), cards, and reaching a monster one can beat.

Why the reach term is counted in turns, with the mover's remaining steps: a kill is usually
several turns of single steps away. Judged as "turns until the hero can fight it" (R3.1: action
1 walks 6 and fights, action 2 walks 12), a position in the middle of a turn is worth what its
remaining steps can still reach, so every step towards a target keeps the value, every step
away or an early end loses some, and choosing action 1, 2 or 3 is judged by what each allows.
A one-ply look-ahead (greedy) then plays whole sensible turns, and so does the rollout policy.

The weights are plain named numbers (`Weights`); `bench/feinde_fit_weights.py` fits the linear
ones to where self-play games went (docs/strength-feinde.md, "The heuristic's weights").
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boardwright.engine.play import sample_chance

from .data import (
    CHANCE_PHASES,
    CHEST0,
    CHOOSE,
    DICE,
    MAX_K,
    MOVE,
    OVER,
    PLACE,
    UNSEEN_BY_MONSTERS,
)
from .forward import FeindeState
from .paths import walk

#: R5.4 D = monster die - hero die: D -> ways out of 36
DICE_D = {-1: 1, 0: 4, 1: 10, 2: 12, 3: 9}
#: R3.1 steps of action 1 (walk and fight) and of action 2 (walk only)
WALK_FIGHT, WALK_ONLY = 6, 12


@dataclass(frozen=True)
class Weights:
    """The heuristic's named numbers (gold units unless said otherwise)."""

    #: a point of knowledge
    knowledge: float = 0.25
    #: a power chip, up to `chip_cap` chips, and each chip beyond
    chip: float = 0.35
    chip_cap: int = 6
    chip_extra: float = 0.1
    #: a spell card in hand (the kind is hidden from the others, so one value for all)
    card: float = 0.4
    #: share of the best target's value counted before it is taken
    reach: float = 0.6
    #: the value of opening up unexplored area (new monsters appear there), before the discount
    explore: float = 1.0
    #: the reach terms are multiplied by this for every round more they need
    per_turn: float = 0.7
    #: and by this for every step still to walk after this turn's steps
    per_step: float = 0.98
    #: a target that another hero who can beat it reaches first counts this share
    contested: float = 0.5
    #: a monster stronger than the hero's knowledge: per learning fight still needed
    per_lesson: float = 0.6


DEFAULT_WEIGHTS = Weights()


def _fight_tables() -> tuple[dict[tuple[int, int], tuple[float, float]], dict[int, float]]:
    """Per (heart, chips held): (chance the hero can pay a normal fight, the chips it costs on
    average when he can); per heart: a learning fight's mean cost (R5.4, R5.5, R5.8)."""
    normal: dict[tuple[int, int], tuple[float, float]] = {}
    for heart in range(4):
        for chips in range(12):
            ok = cost = 0.0
            for d, ways in DICE_D.items():
                pay = max(0, d + heart)
                if pay <= chips:
                    ok += ways / 36
                    cost += ways / 36 * pay
            normal[heart, chips] = (ok, cost / ok if ok else 0.0)
    learn = {h: sum(ways / 36 * (max(0, d) + h) for d, ways in DICE_D.items()) for h in range(4)}
    return normal, learn


NORMAL_FIGHT, LEARNING_COST = _fight_tables()


def evaluate(state: FeindeState, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Estimated final gold per seat.

    A chance node is judged by what follows it: the dice of a fight (R5.4) by the mean over
    their nine outcomes, anything else (a crossing turned up, a token placed, a card drawn) by
    one outcome drawn with a generator seeded by the position, so that the same position is
    always judged the same and two moves that lead to the same event meet the same outcome."""
    if state.phase in CHANCE_PHASES:
        outcomes = state.chance_outcomes()
        if state.phase == DICE:
            total = [0.0] * state.cfg.players
            for action, prob in outcomes:
                child = state.clone()
                child.apply(action)
                for p, v in enumerate(evaluate(child, w)):
                    total[p] += prob * v
            return total
        seed = (state.turn * 7919 + state.phase * 104729 + state.arrivals * 31
                + len(state.pending_rooms) * 131 + sum(state.tiles_left) * 17 + state.storage)
        child = state.clone()
        child.apply(sample_chance(outcomes, random.Random(seed)))
        return evaluate(child, w)
    values = [float(g) for g in state.gold]
    if state.phase == OVER:
        return [v + 0.001 * c for v, c in zip(values, state.chips, strict=True)]
    left = gold_left(state)
    reach = reach_values(state, w, left)
    for p in range(state.cfg.players):
        c = state.chips[p]
        values[p] += left * (w.knowledge * state.knowledge[p]
                             + w.chip * min(c, w.chip_cap)
                             + w.chip_extra * max(0, c - w.chip_cap)
                             + w.card * len(state.hands[p])) + reach[p]
    return values


def gold_left(state: FeindeState) -> float:
    """The share of the game's gold still to be won (tokens on the board and still to come).

    Knowledge, chips and cards are worth something only while there is gold to win with them:
    at the end (R11.1) they count for nothing but the tie-break, so their value shrinks with
    this share, and a hero who could end the game judges it by the gold, as the end will."""
    tables = state.cfg.tables
    gold = tables.gold
    chests = tables.chests
    total = sum(gold) + sum(g for _, g in chests)
    left = 0
    token = state.token
    for r in state.cfg.board.rooms:
        t = token[r]
        if t:
            left += gold[t] if t < CHEST0 else chests[t - CHEST0][1]
    for group in (state.g1, state.g2, state.g3, state.g4):
        for t in group:
            if t < CHEST0:
                left += gold[t]
            elif t - CHEST0 < len(chests):
                left += chests[t - CHEST0][1]
    if state.dm_token:
        left += gold[state.dm_token]
    if state.next_token and state.phase == PLACE:
        left += gold[state.next_token] if state.next_token < CHEST0 else 0
    return left / total


def target_value(state: FeindeState, p: int, token: int, w: Weights = DEFAULT_WEIGHTS,
                 delta: int = 0, left: float | None = None) -> float:
    """What taking `token` is worth to hero `p` (gold, and knowledge and a card less the chips
    it costs, these counted as `evaluate` counts them), for a monster stronger than his
    knowledge after the learning fights it needs. `delta` is a monster change already played on
    it (R10.4); `left` is `gold_left(state)` if the caller has it."""
    cfg = state.cfg
    tables = cfg.tables
    if left is None:
        left = gold_left(state)
    wk = w.knowledge * left
    wc = w.chip * left
    k = state.knowledge[p]
    if token >= CHEST0:
        kv, gv = tables.chests[token - CHEST0]
        return (gv if cfg.options.chest_gold else 0) + wk * min(kv, MAX_K - k)
    chips = state.chips[p]
    heart = tables.heart[token]
    gold = tables.gold[token]
    card = w.card * left if token < 49 and any(map(sum, state.deck)) else 0.0
    m = token + delta
    b = cfg.bonus
    if m + b <= k:  # R5.7 dies of fright
        if heart > chips:
            return wk - wc * chips  # R5.5 short of chips
        return max(0, gold - 1) - wc * heart + (card if cfg.options.fright_draws_card else 0)
    lessons = max(0, m - k)
    if lessons:
        # R5.8 learning fights first (each +1 knowledge, counted as it comes), then the kill
        k = m
        chips = max(0, chips - int(LEARNING_COST[heart] * lessons + 0.5))
    ok, cost = NORMAL_FIGHT[heart, min(chips, 11)]
    win = gold + 1 / 36 + wk * (min(MAX_K, m + b) - k) + card - wc * cost
    short = wk - wc * chips  # R5.5 pays everything, +1 knowledge
    value = ok * win + (1 - ok) * short
    if lessons:
        value = value * w.per_lesson ** lessons - wc * LEARNING_COST[heart] * lessons
    return value


def _full_turns(d: int) -> int:
    """Turns before the one in which a hero d steps away can fight there: action 2 walks 12
    a turn, action 1 walks the last 6 and fights (R3.1)."""
    return 0 if d <= WALK_FIGHT else -(-(d - WALK_FIGHT) // WALK_ONLY)


def _explore_turns(d: int) -> int:
    """Turns before the one in which a hero d steps away sees unexplored area (R3.1 action 2
    walks 12; arriving in sight is enough, R3.6)."""
    return 0 if d <= WALK_ONLY else -(-(d - WALK_ONLY) // WALK_ONLY)


def turn_terms(state: FeindeState, p: int) -> tuple[int, bool, float]:
    """For hero `p`: the steps he can still take in this turn, whether he can still fight in
    it, and the rounds until his next turn begins (0 for the mover before he chose his
    action)."""
    n = state.cfg.players
    mover = state.to_move
    if p != mover:
        return 0, False, ((p - mover) % n) / n
    ph = state.phase
    if ph == CHOOSE or state.kind not in (1, 2):
        return 0, False, 0.0
    budget = 0
    if ph == MOVE and state.budget > 0 and not state.stopped and not _pinned(state, p):
        budget = state.budget
    return budget, state.kind == 1 and not state.fought and ph == MOVE, (n - 1) / n


def hero_plan(state: FeindeState, dist: list[int], ex_cell: int, cells: list[int], budget: int,
              fight_now: bool, offset: float, w: Weights, left: float
              ) -> tuple[dict[int, tuple[float, int, bool]], float]:
    """Per target cell the hero walks to: (rounds until he fights there, steps left after this
    turn's `budget`, fought in this turn); and the discounted value of exploring (the gold
    still to come is what exploring brings out, so it counts in step with `left`)."""
    plan: dict[int, tuple[float, int, bool]] = {}
    for c in cells:
        d = dist[c]
        if d < 0:
            continue
        if fight_now and d <= budget:
            plan[c] = (0.0, 0, True)
        else:
            r = max(0, d - budget)
            plan[c] = (offset + _full_turns(r), r, False)
    if ex_cell < 0:
        return plan, 0.0
    r = max(0, dist[ex_cell] - budget)
    rounds = 0.0 if budget and r == 0 else offset + _explore_turns(r)
    return plan, left * w.explore * w.per_turn ** rounds * w.per_step ** r


def reach_values(state: FeindeState, w: Weights = DEFAULT_WEIGHTS,
                 left: float | None = None) -> list[float]:
    """Per seat: `w.reach` × the best target's value, discounted by the rounds and steps to it,
    or the value of opening up unexplored area, whichever is more; or the best target the
    mover can still fight in this turn, in full, if that is more.

    Time is counted in rounds from now: the mover can still use this turn's steps (a target in
    reach of them with action 1 is fought now); the other heroes' turns come in seat order, a
    share 1/n of a round apart, and the mover's next turn after theirs. So a position is judged
    the same whether its hero ends the turn now or on the next step, but for the steps taken.
    """
    n = state.cfg.players
    pos = state.pos
    token = state.token
    mover = state.to_move
    if left is None:
        left = gold_left(state)
    cells = [r for r in state.cfg.board.rooms if token[r]]
    # per seat and target cell: (rounds, steps after this turn, taken this turn)
    plans: list[dict[int, tuple[float, int, bool]]] = []
    explore: list[float] = []
    for p in range(n):
        if pos[p] < 0:
            plans.append({})
            explore.append(0.0)
            continue
        dist, _, ex_cell = walk(state, pos[p])
        budget, fight_now, offset = turn_terms(state, p)
        plan, ex_value = hero_plan(state, dist, ex_cell, cells, budget, fight_now, offset, w,
                                   left)
        plans.append(plan)
        explore.append(ex_value)
    out = []
    for p in range(n):
        best = explore[p]
        best_now = 0.0
        plan = plans[p]
        for c, (rounds, rest, now) in plan.items():
            t = token[c]
            delta = state.mdelta if (now and p == mover and c == pos[p]) else 0
            value = target_value(state, p, t, w, delta, left)
            if value <= 0:
                continue
            if now:
                best_now = max(best_now, value)
                continue
            value *= w.per_turn ** rounds * w.per_step ** rest
            # another hero who can beat it and gets there first takes it, likely
            for q in range(n):
                other = plans[q].get(c) if q != p else None
                if other is not None and other[0] < rounds and _beats(state, q, t):
                    value *= w.contested
                    break
            if value > best:
                best = value
        # a target fought in this turn counts in full (the fight is what the turn is for)
        out.append(max(best_now, w.reach * best))
    return out


def _beats(state: FeindeState, q: int, token: int) -> bool:
    """Can hero `q` take `token` in one fight (a chest, or a monster no stronger than him)?"""
    return token >= CHEST0 or token <= state.knowledge[q]


def _pinned(state: FeindeState, p: int) -> bool:
    """R3.4 the mover stands on a monster and may not walk away."""
    t = state.token[state.pos[p]]
    return (0 < t < CHEST0 and not state.escaped
            and not state.invisible & UNSEEN_BY_MONSTERS)


__all__ = ["DEFAULT_WEIGHTS", "Weights", "evaluate", "reach_values",
           "target_value"]
