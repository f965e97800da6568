"""A heuristic for Mesopotamia's search agents: progress toward four offerings at the ziggurat.

Only ever applied to states an agent sampled from its own view, so it cannot leak hidden facts.
The weights are plain, named numbers: the agents' strength depends on them, the rules do not.
"""

from __future__ import annotations

from .data import ALL_KINDS, KINDS, OFFER0, OFFERING_VALUES, STONE, WOOD, ZIGGURAT
from .rules import OVER
from .state import MesoState

DELIVERED = 12.0  # an offering already at the ziggurat
IN_PLAY = 4.0  # an offering under a hut or carried (it cannot be offered before that)
CARRIED = 1.5  # extra for an offering on its way
NEAR = 2.0  # extra for a carrier next to the ziggurat
PAYABLE = 2.0  # extra when its owner already has the mana to offer it
MANA = 0.6
LIMIT = 0.5
HOLY = 1.5
MEMBER = 0.3
RESOURCE = 0.25
CARD = 0.4
WIN = 100.0


def evaluate(state: MesoState) -> list[float]:
    n = state.cfg.players
    if state.phase == OVER:
        win = set(state.winners())
        return [WIN if p in win else 0.0 for p in range(n)]
    cfg = state.cfg
    zig = cfg.index[(0, 0)]
    near = set(cfg.nbr[zig])
    hut_owner = state.hut_owner
    hut_off = state.hut_off
    under = [0] * n  # offerings still under each seat's huts
    for c in state.placed:
        for i in (2 * c, 2 * c + 1):
            if hut_off[i] >= 0:
                under[hut_owner[i]] += 1
    values = []
    for p in range(n):
        v = DELIVERED * len(state.delivered[p])
        v += IN_PLAY * under[p]
        m = state.mem[p]
        v += MANA * state.mana[p] + LIMIT * state.limit[p]
        v += HOLY * state.holy.count(p) + CARD * sum(state.hands[p])
        for c, here in state.where[p].items():  # only the tiles with this seat's members
            base = c * ALL_KINDS
            row = m[base:base + ALL_KINDS]
            v += MEMBER * here
            for k in range(ALL_KINDS):
                if not row[k]:
                    continue
                b = k % KINDS
                if b >= OFFER0:
                    value = OFFERING_VALUES[b - OFFER0]
                    v += row[k] * (IN_PLAY + CARRIED + (NEAR if c in near else 0.0)
                                   + (PAYABLE if state.mana[p] >= value else 0.0))
                elif b in (WOOD, STONE):
                    v += row[k] * RESOURCE
                    if b == STONE and c in near and state.tile[zig] == ZIGGURAT:
                        v += RESOURCE
        values.append(v)
    return values
