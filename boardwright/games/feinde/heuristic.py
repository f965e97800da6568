"""A heuristic for Feinde's search agents: gold now, plus what knowledge, chips and cards are
still worth, plus what each hero can still reach. Only ever applied to states an agent sampled
from its own view.

The weights are plain, named numbers: the agents' strength depends on them, the rules do not.

Why the reach term: a kill is usually several turns of single steps away, further than a
search with a small budget (or the greedy player's one-turn look-ahead) sees. Without a value
for *getting closer* every walk looks worth nothing, heroes rest or end their turns where they
stand, and games end by the stall safeguard (R12 A36) after a few kills. The term values the
best monster or chest a hero could take, and the nearest unexplored area, discounted by the
steps to it.
"""

from __future__ import annotations

from .data import CORRIDOR, CROSSING
from .rules import CHEST0, MAX_K, OVER, _partner, can_pass
from .state import FeindeState

#: gold a point of knowledge is worth: knowledge decides which monsters a hero can still kill
KNOWLEDGE_VALUE = 0.12
#: gold a power chip is worth (it pays for fights and breaks ties, R11.2)
CHIP_VALUE = 0.15
#: gold a spell card in hand is worth
CARD_VALUE = 0.3
#: share of the best reachable target's value counted before it is taken
REACH_WEIGHT = 0.5
#: value of unexplored area in reach (new monsters appear there)
EXPLORE_VALUE = 0.3
#: the reach terms halve for every this many steps (one action 1 moves 6)
HALF_STEPS = 6.0
#: how far the reach term looks (three action-1 turns)
REACH_STEPS = 18
DISCOUNT = [0.5 ** (d / HALF_STEPS) for d in range(REACH_STEPS + 2)]
#: chips a normal fight costs on average (R5.4 dice: E[max(0, D)] is about 1)
FIGHT_CHIPS = 1.0


def evaluate(state: FeindeState) -> list[float]:
    """Estimated final gold per seat."""
    values = [float(g) for g in state.gold]
    if state.phase == OVER:
        return [v + 0.001 * c for v, c in zip(values, state.chips, strict=True)]
    for p in range(state.cfg.players):
        values[p] += (KNOWLEDGE_VALUE * state.knowledge[p] + CHIP_VALUE * state.chips[p]
                      + CARD_VALUE * len(state.hands[p]) + reach(state, p))
    return values


def target_value(state: FeindeState, p: int, token: int) -> float:
    """What taking `token` is worth to hero `p` now (gold plus knowledge, less the chips)."""
    tables = state.cfg.tables
    k = state.knowledge[p]
    if token >= CHEST0:
        kv, gv = tables.chests[token - CHEST0]
        return (gv if state.cfg.options.chest_gold else 0) + KNOWLEDGE_VALUE * min(kv, MAX_K - k)
    heart = tables.heart[token]
    b = state.cfg.bonus
    if token + b <= k:  # R5.7 dies of fright
        return tables.gold[token] - 1 - CHIP_VALUE * heart
    if token <= k:  # R5.1 a normal fight
        return (tables.gold[token] + KNOWLEDGE_VALUE * (min(MAX_K, token + b) - k)
                - CHIP_VALUE * (FIGHT_CHIPS + heart))
    return KNOWLEDGE_VALUE - CHIP_VALUE * (FIGHT_CHIPS + heart)  # R5.8 a learning fight


def reach(state: FeindeState, p: int) -> float:
    """Discounted value of the best token and of the nearest unexplored area `p` can walk to
    within `REACH_STEPS` steps (breadth first, so the first unexplored space is the nearest)."""
    start = state.pos[p]
    if start < 0:
        return 0.0
    board = state.cfg.board
    nb = board.nb
    kind = board.kind
    token = state.token
    chip = state.chip
    shape = state.cross_shape
    seen = {start}
    frontier = [start]
    best = 0.0
    explore = 0.0
    for d in range(REACH_STEPS + 1):
        factor = DISCOUNT[d]
        nxt_frontier: list[int] = []
        for cur in frontier:
            t = token[cur]
            if t:
                v = target_value(state, p, t) * factor
                if v > best:
                    best = v
                if cur != start and t < CHEST0:
                    continue  # R3.7 a monster stops the walk
            if d == REACH_STEPS:
                continue
            for e in range(4):
                raw = nb[cur][e]
                if raw < 0 or raw in seen:
                    continue
                nxt = can_pass(state, cur, e)
                if nxt < 0:
                    if not explore and kind[raw] == CROSSING and shape[raw] < 0:
                        explore = DISCOUNT[d + 1]  # a face-down crossing
                    continue
                if chip[nxt] and kind[nxt] != CORRIDOR and kind[nxt] != CROSSING:
                    if not explore:
                        explore = DISCOUNT[d + 1]  # a room still holding its chip
                    continue
                seen.add(nxt)
                nxt_frontier.append(nxt)
            partner = _partner(state, cur)
            if partner >= 0 and partner not in seen:
                seen.add(partner)
                nxt_frontier.append(partner)
        frontier = nxt_frontier
        if not frontier:
            break
    return REACH_WEIGHT * best + EXPLORE_VALUE * explore
