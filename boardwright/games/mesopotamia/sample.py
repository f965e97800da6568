"""Determinisation: a full `MesoState` consistent with one seat's view (R10).

Hidden facts are the values of other seats' offerings (in their supply, under their huts, carried)
and the cards in other hands and in the deck. Everything else is rebuilt from the view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from boardwright.engine.api import View

from .cards import carrier_kinds
from .data import (
    AFTER_DRAW,
    ALL_KINDS,
    CARD_IDS,
    DRAW_TILE,
    FLAG,
    KIND_NAMES,
    KINDS,
    OFFER0,
    OFFERING_VALUES,
    PHASE_NAMES,
    SCOUT_DRAW,
    SCOUT_PICK,
    TERRAINS,
    TP_DST,
    TP_LIFT,
    TP_MEMBER,
    VOLCANO_PLACE,
    WR_DST,
    WR_HUT,
    build_config,
    parse_options,
)
from .forward import MesoState
from .movement import step_table

#: the template's `drawn` when another seat drew a card this turn (which one is hidden)
UNKNOWN_DRAWN = -2


@dataclass(frozen=True)
class Hidden:
    """What a seat's view leaves open, as places to fill: per other seat, the `mem` indices of
    its carriers (cell * 14 + flag; the template holds a value-2 stand-in there), its face-down
    huts and the offerings still unaccounted for; and the cards nobody at this seat has seen."""

    carried: dict[int, list[int]]
    huts: dict[int, list[int]]
    pools: dict[int, list[int]]
    unseen: list[int]
    hand_sizes: list[int]


def sample_state(view: View, seat: int, rng: random.Random) -> MesoState:
    template, hidden = public_part(view, seat)
    return deal(template, hidden, seat, rng)


def public_part(view: View, seat: int) -> tuple[MesoState, Hidden]:
    """The state as far as the view tells it, and the hidden places left to deal."""
    cfg = build_config(int(view["players"]), parse_options(dict(view["options"])))
    n = cfg.players
    nc = cfg.ncells
    s = object.__new__(MesoState)
    s.cfg = cfg
    cell = cfg.parse_cell
    s.tile = [-1] * nc
    s.placed = []
    for q, r, t in view["tiles"]:
        c = cfg.index[(q, r)]
        s.tile[c] = TERRAINS.index(t)
        s.placed.append(c)
    s.stack = [view["stack"][t] for t in TERRAINS[:4]]
    s.boxed_tiles = [view["boxed_tiles"][t] for t in TERRAINS[:4]]
    s.scout_drawn = [TERRAINS.index(t) for t in view["scout_drawn"]]
    s.wood = [0] * nc
    s.stone = [0] * nc
    for lab, v in view["wood"].items():
        s.wood[cell(lab)] = v  # type: ignore[index]
    for lab, v in view["stone"].items():
        s.stone[cell(lab)] = v  # type: ignore[index]
    s.supply_wood = view["supply_wood"]
    s.supply_stone = view["supply_stone"]
    seats = view["seats"]
    s.mana = [x["mana"] for x in seats]
    s.limit = [x["limit"] for x in seats]
    s.mem_supply = [x["members_supply"] for x in seats]
    s.hut_supply = [x["huts_supply"] for x in seats]
    s.holy_supply = [x["holy_supply"] for x in seats]
    s.delivered = [[OFFERING_VALUES.index(v) for v in x["delivered"]] for x in seats]
    s.holy = [-1] * nc
    for lab, owner in view["holy"].items():
        s.holy[cell(lab)] = owner  # type: ignore[index]
    s.hut_owner = [-1] * (2 * nc)
    s.hut_off = [-1] * (2 * nc)
    s.mem = [[0] * (nc * ALL_KINDS) for _ in range(n)]
    s.off_supply = [[0, 0, 0, 0] for _ in range(n)]
    # offerings: own exactly; others' values shuffled over their face-down places
    hidden_huts: dict[int, list[int]] = {p: [] for p in range(n)}
    carried_at: dict[int, list[int]] = {}
    pools: dict[int, list[int]] = {}
    for hut in view["huts"]:
        first, second = (int(x) for x in hut["cell"].split(","))
        i = 2 * cfg.index[(first, second)] + hut["slot"]
        s.hut_owner[i] = hut["owner"]
        if hut["offering"]:
            if "value" in hut:
                s.hut_off[i] = OFFERING_VALUES.index(hut["value"])
            else:
                hidden_huts[hut["owner"]].append(i)
    for p in range(n):
        m = s.mem[p]
        carried: list[int] = []  # indices into m awaiting an offering value
        for lab, entry in view["members"][p].items():
            at = cell(lab)
            assert at is not None
            for name, cnt in entry.items():
                flag = FLAG if name.endswith("*") else 0
                base = name.rstrip("*")
                if base == "offering":
                    carried.extend([at * ALL_KINDS + flag] * cnt)
                    m[at * ALL_KINDS + OFFER0 + flag] += cnt  # a stand-in until dealt
                else:
                    m[at * ALL_KINDS + KIND_NAMES.index(base) + flag] += cnt
        if p == seat:
            for v in seats[p]["offerings"]:
                s.off_supply[p][OFFERING_VALUES.index(v)] = 1
            continue
        carried_at[p] = carried
        pools[p] = [o for o in range(4) if o not in s.delivered[p]]
    # cards: own hand known; the rest of the unseen cards are dealt
    s.discard = [view["discard"][k] for k in CARD_IDS]
    s.boxed_cards = [view["boxed_cards"][k] for k in CARD_IDS]
    s.hands = [[0] * 8 for _ in range(n)]
    for name in seats[seat]["hand"]:
        s.hands[seat][CARD_IDS.index(name)] += 1
    unseen = [k for k in range(8) for _ in range(
        cfg.card_counts[k] - s.discard[k] - s.boxed_cards[k] - s.hands[seat][k])]
    s.deck = [0] * 8
    # the turn
    s.phase = PHASE_NAMES.index(view["phase"])
    s.to_move = view["active"]
    s.turn = view["turn"]
    s.mp = view["mp"]
    s.explores = view["explorations"]
    s.free_used = view["free_used"]
    s.scouts_pending = view["scouts_pending"]
    s.twins_pending = view["twins_pending"]
    s.priest = [_c(cfg, x) for x in view["priest"]]
    s.done = [_c(cfg, x) for x in view["done"]]
    s.added = list(view["added"])
    s.pending = list(view["raw_pending"])
    s.resume = PHASE_NAMES.index(view["resume"])
    s.draw_queue = list(view["draw_queue"])
    s.winner = view["winner"]
    s.capped = int(view["capped"])
    # R3.2 the card drawn this turn: the own one is known, another seat's is dealt (`deal`)
    drawn = seats[seat].get("drawn")
    s.drawn = CARD_IDS.index(drawn) if drawn is not None else -1
    if view.get("drew_card", s.phase == AFTER_DRAW) and s.to_move != seat:
        s.drawn = UNKNOWN_DRAWN  # another seat drew this turn: `deal` picks which card
    s.invalidate()  # `where` counts the stand-ins: the dealt offerings stay on the same cells
    step_table(s)  # one step table for every world dealt from this template (same tiles)
    return s, Hidden(carried_at, hidden_huts, pools, unseen,
                     [x["hand_size"] for x in seats])


def deal(template: MesoState, hidden: Hidden, seat: int, rng: random.Random) -> MesoState:
    """One world: the hidden offerings of each other seat shuffled over its face-down places,
    the unseen cards over the other hands and the deck."""
    s = template.clone()
    n = s.cfg.players
    for p in range(n):
        if p == seat:
            continue
        m = s.mem[p]
        pool = hidden.pools[p][:]
        rng.shuffle(pool)
        for i in hidden.carried[p]:
            m[i + OFFER0] -= 1
            m[i + OFFER0 + pool.pop()] += 1
        for i in hidden.huts[p]:
            s.hut_off[i] = pool.pop()
        for o in pool:
            s.off_supply[p][o] = 1
    unseen = hidden.unseen[:]
    rng.shuffle(unseen)
    for p in range(n):
        if p == seat:
            continue
        for _ in range(hidden.hand_sizes[p]):
            s.hands[p][unseen.pop()] += 1
    for k in unseen:
        s.deck[k] += 1
    # one of its cards is the one just drawn (R3.2), whichever phase of the turn it plays now
    if s.drawn == UNKNOWN_DRAWN:
        hand = s.hands[s.to_move]
        s.drawn = rng.choice([k for k in range(8) for _ in range(hand[k])])
    s._legal = None
    _fix_pending_offering(s, seat, rng)
    return s


def _c(cfg: Any, lab: str) -> int:
    c: int | None = cfg.parse_cell(lab)
    assert c is not None
    return c


def _fix_pending_offering(s: MesoState, seat: int, rng: random.Random) -> None:
    """A pending piece with a hidden offering (the view shows only "an offering"): an explorer
    of another seat, or another seat's carrier a card is moving (R9.9). Pick one of the sampled
    carriers on its tile."""
    ph = s.phase
    if ph in (DRAW_TILE, SCOUT_DRAW, VOLCANO_PLACE, SCOUT_PICK):
        if s.to_move == seat:
            return
        src, _, k = s.pending
        if k % KINDS < OFFER0:
            return
        flag = FLAG if k >= KINDS else 0
        m = s.mem[s.to_move]
        options = [OFFER0 + o + flag for o in range(4)
                   if m[src * ALL_KINDS + OFFER0 + o + flag]]
        s.pending[2] = rng.choice(options)
    elif ph in (TP_DST, WR_DST):
        src, th = s.pending
        if ph == TP_DST:
            if not TP_MEMBER <= th < TP_LIFT:
                return
            owner, k = divmod(th - TP_MEMBER, ALL_KINDS)
            base = TP_MEMBER + ALL_KINDS * owner
        else:
            if th >= WR_HUT:
                return
            owner, k = divmod(th, KINDS)
            base = KINDS * owner
        if owner == seat or k % KINDS < OFFER0:
            return
        s.pending[1] = base + rng.choice(carrier_kinds(s, owner, src))


class Determinizer:
    """Reads the view once; each draw clones that public part and deals the hidden facts (the
    same worlds as `sample_state` for the same generator)."""

    def __init__(self, view: View, seat: int) -> None:
        self.seat = seat
        self.template, self.hidden = public_part(view, seat)

    def __call__(self, rng: random.Random) -> MesoState:
        return deal(self.template, self.hidden, self.seat, rng)
