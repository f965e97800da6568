"""A fast rollout policy for Mesopotamia's search agents (`Game.rollout_action`): the moves that
make progress toward the printed win (R8), by a fixed order of worth, ties and a small share of
moves at random.

In the movement phase: offer an offering at the ziggurat (R4.5), build the ziggurat with stone
while the limit is short (R4.4), take an own offering (R4.5), pick up wood or stone that a job
needs, step a carrier or an empty-handed member closer to its job (the heuristic's distances),
play Focus Stone when the mana fits, and otherwise end the movement. In the action phase: build
huts (the cheapest offering first), a holy place, breed when members are few, else draw a card
(R5.5: an action whenever one can be chosen); after a drawn card (R3.2) the action ends.
Used only on worlds an agent sampled itself.

Free steps (R4.7: pick up, drop, swap) cost no movement points, so a search that finds a pick-up
and the drop that undoes it worth about the same may repeat the pair until the turn's bound on
free steps (R9.2). `search_actions` (the game's `search_actions`, and the policy's own random
moves) therefore keeps only the free steps that serve a job: a member picks up only what a job
needs, drops only what no job needs, and swaps only for what a job needs instead of what none
does. A pick-up and its drop can then only follow each other in one turn when the job changed
between them (the policy's own moves never drop what a job needs either).
"""

from __future__ import annotations

import random
from bisect import bisect_left

from .actions import cell_resource_flag
from .data import (
    ACTION,
    AFTER_DRAW,
    ALL_KINDS,
    BREED,
    BUILD,
    EMPTY,
    FLAG,
    FOCUS_STONE,
    HOLY,
    HOLY_PLACES,
    KINDS,
    MANA,
    MOVE,
    OFFER0,
    OFFERING_VALUES,
    PLAINS,
    STONE,
    WOOD,
)
from .forward import MesoState
from .heuristic import building_sites, geometry

#: share of moves chosen at random, so that rollouts from one position differ
EPSILON = 0.1
#: with fewer members than this on the table, breeding comes before drawing a card (R5.3)
FEW_MEMBERS = 4
#: the phases whose legal actions may hold cards (R3.2; `card_timing=before_action`: the first two)
_CARD_PHASES = frozenset((MOVE, ACTION, BUILD, HOLY, BREED, AFTER_DRAW))


def rollout_action(state: MesoState, rng: random.Random) -> int:
    legal = state.legal_actions_cached()  # kept: `apply` checks the action against it
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == MANA:  # R3.2.1 Focus Stone if it still adds mana, else the turn is over
        focus = state.cfg.starts["play"] + FOCUS_STONE
        p = state.to_move
        if focus in legal and state.mana[p] < state.limit[p]:
            return focus
        return state.cfg.starts["end_turn"]
    if phase in _CARD_PHASES:
        # the ids are sorted and the cards' blocks come last (R3.2 cards at any time of one's
        # turn): the policy plays only Focus Stone, and skipping Teleport's and Wrath's many
        # targets (R7.6, R7.7) keeps a rollout step cheap; `finish_action` comes before the
        # cards, so an action phase keeps a way out
        starts = state.cfg.starts
        focus = starts["play"] + FOCUS_STONE
        cut = bisect_left(legal, starts["play"])
        legal = legal[:cut] + ([focus] if focus in legal[cut:cut + 8] else [])
    if rng.random() < EPSILON:
        return rng.choice(search_actions(state, legal) if phase == MOVE else legal)
    if phase == MOVE:
        return _movement(state, legal, rng)
    if phase in (ACTION, BUILD, HOLY, BREED, AFTER_DRAW):
        return _action(state, legal, rng)
    return rng.choice(legal)


def _action(state: MesoState, legal: list[int], rng: random.Random) -> int:
    """R5: huts first (cheapest offering under the first), then a holy place, breeding when
    members are few, a card; repeated actions go on while they can. R5.5: with
    `action_required` the first action phase offers `finish_action` only when no action can be
    chosen, so one is always taken when it can be; after a card is drawn (R3.2 `after_draw`)
    the turn ends."""
    sp = state.cfg.space
    p = state.to_move
    best: dict[str, list[int]] = {}
    for a in legal:
        best.setdefault(sp.decode(a)[0], []).append(a)
    if "build_hut" in best:
        return min(best["build_hut"], key=lambda a: (sp.decode(a)[1] % 4, a))
    if "holy_place" in best:
        return rng.choice(best["holy_place"])
    members = sum(state.where[p].values())
    if "breed" in best and (members < FEW_MEMBERS or "draw_card" not in best):
        return rng.choice(best["breed"])
    if "draw_card" in best:
        return best["draw_card"][0]
    if "finish_action" in best:
        return best["finish_action"][0]
    return rng.choice(legal)


def jobs(state: MesoState, p: int) -> tuple[int, bool, bool]:
    """Seat `p`'s mana limit still needed for its undelivered offerings, and whether it has a
    job for wood (huts left to build and offerings to put under them, R5.1) and for stone (the
    limit short of that need, R4.4, or no holy place built yet, R5.2)."""
    left = [o for o in range(4) if o not in state.delivered[p]]
    need_limit = max((OFFERING_VALUES[o] for o in left), default=0)
    stone_job = state.limit[p] < need_limit or state.holy_supply[p] == HOLY_PLACES
    wood_job = state.hut_supply[p] > 0 and sum(state.off_supply[p]) > 0
    return need_limit, wood_job, stone_job


def search_actions(state: MesoState, legal: list[int]) -> list[int]:
    """`legal` without the free steps (R4.7) that serve no job (module docstring); a new list,
    never empty while `legal` is not."""
    if state.phase != MOVE:
        return legal
    starts = state.cfg.starts
    pick_up = starts["pick_up"]
    drop = starts["drop"]
    swap = starts["swap"]
    take = starts["take_offering"]
    lo = bisect_left(legal, pick_up)
    if lo == len(legal) or legal[lo] >= take:
        return legal  # no free step with wood or stone here
    _, wood_job, stone_job = jobs(state, state.to_move)
    needed = {WOOD: wood_job, STONE: stone_job}
    out = legal[:lo]
    for i in range(lo, len(legal)):
        a = legal[i]
        if a >= take:
            out.extend(legal[i:])
            break
        if a < drop:
            _, res, _ = cell_resource_flag(a - pick_up)
            keep = needed[res]
        elif a < swap:
            _, res, _ = cell_resource_flag(a - drop)
            keep = not needed[res]
        else:
            _, res, _ = cell_resource_flag(a - swap)
            keep = needed[STONE if res == WOOD else WOOD] and not needed[res]
        if keep:
            out.append(a)
    return out or legal


def _movement(state: MesoState, legal: list[int], rng: random.Random) -> int:
    cfg = state.cfg
    starts = cfg.starts
    p = state.to_move
    geo = geometry(state)
    zig = geo.zig
    tile = state.tile
    holy = state.holy
    hut_owner = state.hut_owner
    mana = state.mana[p]
    limit = state.limit[p]
    need_limit, wood_job, stone_job = jobs(state, p)
    to_zig = geo.dist((zig,), True)
    room = tuple(c for c in geo.land if tile[c] == PLAINS and holy[c] < 0
                 and (hut_owner[2 * c] < 0 or hut_owner[2 * c + 1] < 0))
    to_room = geo.dist(room, True)
    here = state.where[p]
    errands = {c for c in geo.land if holy[c] == p and c not in here}
    for c in geo.land:
        if (hut_owner[2 * c] == p and state.hut_off[2 * c] >= 0) or (
                hut_owner[2 * c + 1] == p and state.hut_off[2 * c + 1] >= 0):
            errands.add(c)
        if (wood_job and state.wood[c]) or (stone_job and state.stone[c]):
            errands.add(c)
    # a carrier needs a second member where it will build (R5.1): its nearest plains with room
    mem = state.mem[p]
    if wood_job:
        carriers = [c for c in here if mem[c * ALL_KINDS + WOOD] + mem[c * ALL_KINDS + FLAG + WOOD]
                    and not (to_room[c] == 0 and here[c] >= 2)]
        errands.update(building_sites(geo, carriers, room, to_room))
    to_errand = geo.dist(tuple(sorted(errands)), False)
    nbr = cfg.nbr
    move0 = starts["move"]
    move_end = starts["pick_up"]
    pick_up = starts["pick_up"]
    take = starts["take_offering"]
    steal = starts["steal"]
    end = starts["end_movement"]
    play = starts["play"]
    best_score = -1.0
    best: list[int] = []
    for a in legal:
        score = 0.0
        if move0 <= a < move_end:
            cd, k = divmod(a - move0, ALL_KINDS)
            c, d = divmod(cd, 6)
            t = nbr[c][d]
            b = k % KINDS
            if tile[t] < 0:
                score = 2.0 + rng.random()  # exploring (R4.8)
            elif b >= OFFER0:
                score = 100.0 if t == zig else (10.0 if to_zig[t] < to_zig[c] else 0.0)
            elif b == STONE:
                if t == zig:
                    score = 50.0 if limit < need_limit else 0.0
                elif stone_job and to_zig[t] < to_zig[c]:
                    score = 8.0
            elif b == WOOD:
                if wood_job and to_room[t] < to_room[c]:
                    score = 8.0
            elif b == EMPTY:
                if holy[c] == p and here[c] == 1:
                    score = 0.0  # R6.1 the holy place's keeper stays
                elif to_errand[t] < to_errand[c]:
                    score = 6.0
                else:
                    score = 0.5
        elif pick_up <= a < take:
            if a < starts["drop"]:
                res = STONE if (a - pick_up) // 2 % 2 else WOOD
                if (res == STONE and stone_job) or (res == WOOD and wood_job):
                    score = 20.0
        elif take <= a < steal:
            score = 30.0
        elif steal <= a < end:
            score = 15.0
        elif a == end:
            score = 1.5
        elif a == play + FOCUS_STONE:
            score = 25.0 if mana + 2 <= limit else 0.0
        if score > best_score:
            best_score = score
            best = [a]
        elif score == best_score:
            best.append(a)
    return rng.choice(best)

