"""A fast rollout policy for Feinde's search agents: whole sensible turns at one walk a step.

The mover picks, once per decision, the target the heuristic values most for him (a monster or
chest he can take, or the nearest unexplored area), discounted as `heuristic.hero_plan` does, and
walks the first step of a shortest way there; standing on it he fights (or opens the chest).
The action (R3.1) is chosen the same way: walk and fight if the best target is in reach this
turn, walk 12 if it lies further, rest if the chips the storage track gives are worth more than
the turn. Apprenticeships are accepted (knowledge only grows, R4.1); a monster change (R10.4)
takes the value that makes the best fight; the rarer decisions (the dumbest player's monster,
card targets, Travel) are random. Used only on worlds an agent sampled itself.
"""

from __future__ import annotations

import random

from .data import (
    AMOUNT,
    APPRENTICE,
    CARD_KINDS,
    CHEST0,
    CHOOSE,
    DELTA,
    DELTA_BASE,
    END,
    ESCAPE,
    FIGHT,
    FIGHT_MOVE,
    FOLLOW,
    FREE_STEP,
    INVIS_MONSTERS,
    INVISIBLE,
    JOIN,
    MOVE,
    PLAY,
    REST,
    RUN,
    YES,
)
from .forward import FeindeState
from .heuristic import (
    DEFAULT_WEIGHTS,
    Weights,
    evaluate,
    gold_left,
    hero_plan,
    target_value,
    turn_terms,
)
from .paths import walk

#: play a Power card (R10.3) when the chips are below this
LOW_CHIPS = 3
_POWER = {PLAY + i for i, k in enumerate(CARD_KINDS) if k.startswith("power")}
_KNOW = {PLAY + i: int(k[4:]) for i, k in enumerate(CARD_KINDS) if k.startswith("know")}
_CHANGE = {PLAY + i: int(k[7:]) for i, k in enumerate(CARD_KINDS)
           if k in ("monster1", "monster3", "monster4")}


def rollout_action(state: FeindeState, rng: random.Random, w: Weights = DEFAULT_WEIGHTS) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ph = state.phase
    if ph == MOVE:
        return _move(state, legal, w)
    if ph == CHOOSE:
        return _choose(state, legal, w)
    if ph in (APPRENTICE, FOLLOW, JOIN):
        return YES
    if ph == FREE_STEP:
        return END
    if ph == INVISIBLE:
        return INVIS_MONSTERS
    if ph == AMOUNT:  # R10.3.1 the amount the heuristic likes best, the smaller on a tie
        return max(legal, key=lambda a: (_value_after(state, a, w), -a))
    if ph == DELTA:
        p = state.to_move
        t = state.token[state.pos[p]]
        return max(legal, key=lambda a: (target_value(state, p, t, w, a - DELTA_BASE - 4), -a))
    return rng.choice(legal)


def _value_after(state: FeindeState, action: int, w: Weights) -> float:
    """The mover's heuristic value once `action` is played (on a copy)."""
    after = state.clone()
    after.apply(action)
    return evaluate(after, w)[state.to_move]


def _best(state: FeindeState, p: int, dist: list[int], ex_cell: int, budget: int,
          fight_now: bool, offset: float, w: Weights) -> tuple[float, int]:
    """The best discounted target value for `p` under these turn terms, and its cell (-1: none
    worth anything; the explore cell when exploring is best)."""
    token = state.token
    cells = [r for r in state.cfg.board.rooms if token[r]]
    left = gold_left(state)
    plan, explore = hero_plan(state, dist, ex_cell, cells, budget, fight_now, offset, w, left)
    best, where = explore, (ex_cell if explore > 0 else -1)
    here = state.pos[p]
    for c, (rounds, rest, now) in plan.items():
        delta = state.mdelta if now and c == here else 0
        value = target_value(state, p, token[c], w, delta, left)
        if value <= 0:
            continue
        value *= w.per_turn ** rounds * w.per_step ** rest
        if value > best:
            best, where = value, c
    return best, where


def _move(state: FeindeState, legal: list[int], w: Weights) -> int:
    p = state.to_move
    here = state.pos[p]
    t = state.token[here]
    if FIGHT in legal and t and target_value(state, p, t, w, state.mdelta) > 0:
        if 0 < t < CHEST0 and not state.mdelta:
            k = state.knowledge[p]
            change = next((a for a in legal if _CHANGE.get(a, 0) >= t - k > 0), -1)
            if change >= 0:
                return change  # R10.4 lower a monster that is too strong
            know = next((a for a in legal if _KNOW.get(a, 0) >= t - k > 0), -1)
            if know >= 0:
                return know  # R10.3 knowledge enough for a normal fight
        return FIGHT
    if state.chips[p] < LOW_CHIPS:
        power = next((a for a in legal if a in _POWER), -1)
        if power >= 0:
            return power
    dist, first, ex_cell = walk(state, here)
    budget, fight_now, offset = turn_terms(state, p)
    _, where = _best(state, p, dist, ex_cell, budget, fight_now, offset, w)
    if where >= 0 and where != here:
        step = first[where]
        if step in legal:
            return step
    return END


def _choose(state: FeindeState, legal: list[int], w: Weights) -> int:
    p = state.to_move
    here = state.pos[p]
    t = state.token[here]
    if 0 < t < CHEST0 and ESCAPE in legal and target_value(state, p, t, w) <= 0:
        return ESCAPE  # R3.5 pinned by a monster not worth fighting
    dist, _, ex_cell = walk(state, here)
    n = state.cfg.players
    later = (n - 1) / n
    options = {FIGHT_MOVE: _best(state, p, dist, ex_cell, 6, True, later, w)[0]}
    if RUN in legal:
        options[RUN] = _best(state, p, dist, ex_cell, 12, False, later, w)[0]
    if REST in legal:
        shaded = state.cfg.tables.shaded
        gain = sum(1 for s in range(1, state.storage + 1) if s in shaded)
        c = state.chips[p]
        chips_value = (w.chip * (min(c + gain, w.chip_cap) - min(c, w.chip_cap))
                       + w.chip_extra * (max(0, c + gain - w.chip_cap) - max(0, c - w.chip_cap)))
        rest = _best(state, p, dist, ex_cell, 0, False, later, w)[0]
        options[REST] = rest + chips_value / w.reach
    return max(options, key=lambda a: (options[a], -a))
