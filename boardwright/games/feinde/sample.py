"""Determinisation: a full `FeindeState` consistent with one seat's view.

Face-down crossings, group #4 and the spell deck are kept as counts of what is unseen (R2.4), so
the only facts hidden from a seat are the other players' hands: they are drawn from the cards
that seat has not seen, group by group (a card's back shows its group).
"""

from __future__ import annotations

import random

from boardwright.engine.api import View

from .data import CARD_KINDS, build_config
from .forward import FeindeState
from .state import STATE_FORMAT, VIEW_ONLY


def sample_state(view: View, seat: int, rng: random.Random) -> FeindeState:
    """A full state with `view`'s public facts; others' hands drawn from the unseen cards."""
    base = {k: view[k] for k in view if k not in VIEW_ONLY}
    base["format"] = STATE_FORMAT
    cfg = build_config(int(view["players"]), dict(view["options"]))
    groups = cfg.tables.groups
    unseen = [list(g) for g in groups]
    played = view["played"]
    for code in played:
        kind, grp = divmod(code, 8)
        unseen[grp][kind] -= 1
    own = [CARD_KINDS.index(k) for k in view["hand"]]
    backs = view["hand_backs"]
    for kind, grp in zip(own, backs[seat], strict=True):
        unseen[grp][kind] -= 1
    hands: list[list[int]] = []
    for p in range(cfg.players):
        if p == seat:
            hands.append(own)
            continue
        hand = []
        for grp in backs[p]:
            kind = _weighted(unseen[grp], rng)
            unseen[grp][kind] -= 1
            hand.append(kind)
        hands.append(hand)
    base["hands"] = hands
    base["hand_groups"] = [list(b) for b in backs]
    base["deck"] = unseen
    return FeindeState.from_json(base)


def _weighted(counts: list[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to `counts`."""
    pick = rng.randrange(sum(counts))
    for i, c in enumerate(counts):
        if pick < c:
            return i
        pick -= c
    raise AssertionError("empty pool")
