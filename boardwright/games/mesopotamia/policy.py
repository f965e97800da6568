"""A fast rollout policy for Mesopotamia's search agents: random moves with a pull toward the
moves that make progress (offering at the ziggurat, building, breeding, ending a long turn).
Used only on worlds an agent sampled itself.
"""

from __future__ import annotations

import random

from .state import MesoState

#: blocks worth taking whenever they are legal (in this order of preference)
GOOD = ("build_hut", "holy_place", "take_offering", "breed")
#: chance of ending the movement early instead of wandering with free steps
END_EARLY = 0.15


def rollout_action(state: MesoState, rng: random.Random) -> int:
    legal = state.legal_actions_cached()
    if len(legal) == 1:
        return legal[0]
    sp = state.cfg.space
    decode = sp.decode
    blocks: dict[str, list[int]] = {}
    for a in legal:
        blocks.setdefault(decode(a)[0], []).append(a)
    for name in GOOD:
        if name in blocks:
            return rng.choice(blocks[name])
    if "move" in blocks:
        zig = state.cfg.index[(0, 0)]
        nbr = state.cfg.nbr
        for a in blocks["move"]:
            off = decode(a)[1]
            cd, k = divmod(off, 14)
            c, d = divmod(cd, 6)
            if nbr[c][d] == zig and k % 7 >= 2:  # stone or an offering into the ziggurat
                return a
    if "end_movement" in blocks and rng.random() < END_EARLY:
        return blocks["end_movement"][0]
    return rng.choice(legal)
