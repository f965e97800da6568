"""A heuristic for Mesopotamia's search agents: progress toward four offerings at the ziggurat
(RULES.md R8), with distance shaping so that every useful single step shows.

Only ever applied to states an agent sampled from its own view, so it cannot leak hidden facts.
A seat's value adds up what the printed win needs, each thing by how far along it is:

- offerings: delivered (R4.5), carried (less per step still to walk to the ziggurat, more once
  the owner has the mana to offer it), under an own hut (R5.1);
- mana and the mana limit, each only as far as the offerings still to deliver need them (R1.5);
- holy places, and those with an own member on them, which give mana every turn (R6.1); while
  the limit is short of the dearest offering only the first, since stone is scarce (R4.10);
- members on the table; cards in hand; a seat with an offering still in its supply and fewer
  than two members on the table can no longer win (R5.1, R5.3 need two; priests leave, R4.5);
- each wood or stone carrier by the job it can do (R5.1 a hut, R4.4 the ziggurat, R5.2 a holy
  place), less per step from where it does it, and more when it stands there with a second
  member (the action can then be taken); a load no job needs a little less than nothing;
- the empty-handed members matched to errands (an own offering to take, a holy place to stand
  on, the wood or stone the jobs lack, the site where a carrier will build: a wood carrier's
  nearest plains with room for a hut, a holy-bound stone carrier's nearest empty plains), nearest
  first, each errand taking as many members as it has things to do, less per step.

The numbers are the fields of `Weights`; `bench/mesopotamia_weights.py` duels two sets and
docs/strength-mesopotamia.md has the measurements behind the shipped ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .data import (
    ALL_KINDS,
    EMPTY,
    FLAG,
    HOLY_PLACES,
    KINDS,
    OFFER0,
    OFFERING_VALUES,
    OVER,
    PLAINS,
    STONE,
    VOLCANO,
    WOOD,
)
from .forward import MesoState


@dataclass(frozen=True)
class Weights:
    """The heuristic's numbers: the agents' strength depends on them, the rules do not."""

    #: an offering at the ziggurat (R4.5); more than everything it took to get it there
    delivered: float = 40.0
    #: an own offering carried (R4.5 taken from its hut), before the distance
    carried: float = 14.0
    #: less per step a carried offering still has to go to the ziggurat
    carried_step: float = 1.0
    #: extra for a carried offering its owner has the mana to offer (R4.5)
    payable: float = 4.0
    #: an own offering under an own hut (R5.1: the only way into play)
    under_hut: float = 8.0
    #: per mana point below the offering's value under a hut: cheap offerings are offered first
    cheap_first: float = 0.1
    #: a mana point, up to what the offerings still to deliver cost (R1.5)
    mana: float = 1.0
    #: a point of the mana limit, up to the dearest offering still to deliver (R4.4)
    limit: float = 3.0
    #: an own holy place (R5.2), and one with an own member on it (R6.1: mana each turn)
    holy: float = 4.0
    manned: float = 3.0
    #: a member on the table (R5.3)
    member: float = 1.0
    #: a card in hand (R7); less than two steps toward a job (2 x `errand_step`), or ending the
    #: movement to draw one would always beat walking toward a far job (greedy looks two steps)
    card: float = 0.25
    #: a stone carrier while the limit is below what the offerings need (R4.4), and per step
    #: it still has to go to the ziggurat
    stone_zig: float = 3.8
    #: a stone carrier that can build a holy place (R5.2): an empty plains, a second member;
    #: only the first holy place, until the limit is what the offerings need (stone is scarce:
    #: only quarries bring it, R4.10, and a limit too low for the dearest offering loses)
    stone_holy: float = 3.0
    #: a wood carrier while huts and offerings are left (R5.1): a plains with room
    wood_hut: float = 3.5
    #: less per step a carrier still has to walk
    load_step: float = 0.2
    #: extra when the carrier stands where it builds with a second own member (the action's
    #: condition, R5.1 / R5.2)
    ready: float = 1.5
    #: less for a carrier whose load no job needs (it could as well drop it): without it, picking
    #: such a load up and dropping it again would be free moves worth nothing, taken at random
    idle_load: float = 0.05
    #: an empty-handed member's errand (an own offering to take, an unmanned holy place, wood or
    #: stone to fetch, a plains with room to build on), and less per step; each errand takes as
    #: many members as it has things to do (two members beside one stone: one errand)
    errand: float = 1.8
    errand_step: float = 0.15
    #: less for a seat that can no longer win: an offering still in its supply needs a hut, and
    #: a hut (R5.1) and breeding (R5.3) both need two own members on one tile; with fewer than
    #: two on the table (priests leave it, R4.5) no action brings a member back
    stranded: float = 100.0
    #: the value of winning (R8)
    win: float = 200.0


SHIPPED = Weights()

#: a step count for "no such place on the table" and for anything farther away
FAR = 12


class _Geometry:
    """Distances over the placed tiles (no volcano, R4.2), remembered per set of target cells.

    `loaded`: steps for a member with a load, which may end on the ziggurat but never passes
    through it (R4.4); `empty`: steps for an empty-handed member, which passes freely."""

    __slots__ = ("land", "memo", "nbr", "ncells", "zig")

    def __init__(self, state: MesoState) -> None:
        cfg = state.cfg
        tile = state.tile
        self.ncells = cfg.ncells
        self.nbr = cfg.nbr
        self.zig = cfg.index[(0, 0)]
        self.land = [c for c in state.placed if tile[c] != VOLCANO]
        self.memo: dict[tuple[bool, tuple[int, ...]], list[int]] = {}

    def dist(self, targets: tuple[int, ...], loaded: bool) -> list[int]:
        key = (loaded, targets)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        land = set(self.land)
        out = [FAR] * self.ncells
        frontier = [t for t in targets if t in land]
        for t in frontier:
            out[t] = 0
        zig = self.zig
        d = 0
        nbr = self.nbr
        while frontier and d < FAR - 1:
            d += 1
            nxt = []
            for c in frontier:
                if loaded and c == zig and d > 1:
                    continue  # a load never passes through the ziggurat
                for t in nbr[c]:
                    if t in land and out[t] > d:
                        out[t] = d
                        nxt.append(t)
            frontier = nxt
        if len(self.memo) > 64:
            self.memo.clear()
        self.memo[key] = out
        return out


_GEOMETRIES: dict[tuple[tuple[int, ...], tuple[int, ...]], _Geometry] = {}


def geometry(state: MesoState) -> _Geometry:
    placed = state.placed
    tile = state.tile
    key = (tuple(placed), tuple([tile[c] for c in placed]))
    geo = _GEOMETRIES.get(key)
    if geo is None:
        if len(_GEOMETRIES) > 512:
            _GEOMETRIES.clear()
        geo = _GEOMETRIES[key] = _Geometry(state)
    return geo


def evaluate(state: MesoState, w: Weights = SHIPPED) -> list[float]:
    n = state.cfg.players
    if state.phase == OVER:
        win = set(state.winners())
        return [w.win if p in win else 0.0 for p in range(n)]
    geo = geometry(state)
    tile = state.tile
    hut_owner = state.hut_owner
    hut_off = state.hut_off
    holy = state.holy
    wood = state.wood
    stone = state.stone
    where = state.where
    dist = geo.dist
    to_zig = dist((geo.zig,), True)
    # one pass over the table: the places builders look for (R5.1, R5.2), loose resources,
    # and per seat its huts still holding an offering and its holy places
    room: list[int] = []  # plains with room for a hut
    empty_plains: list[int] = []  # plains with no hut and no holy place
    wood_piles: list[int] = []
    stone_piles: list[int] = []
    huts_of: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (cell, offering)
    holy_of: list[list[int]] = [[] for _ in range(n)]
    for c in geo.land:
        if wood[c]:
            wood_piles.append(c)
        if stone[c]:
            stone_piles.append(c)
        h = holy[c]
        if h >= 0:
            if h < n:
                holy_of[h].append(c)
            continue
        if tile[c] != PLAINS:
            continue
        o0 = hut_owner[2 * c]
        o1 = hut_owner[2 * c + 1]
        if o0 < 0 or o1 < 0:
            room.append(c)
            if o0 < 0 and o1 < 0:
                empty_plains.append(c)
        if o0 >= 0 and hut_off[2 * c] >= 0:
            huts_of[o0].append((c, hut_off[2 * c]))
        if o1 >= 0 and hut_off[2 * c + 1] >= 0:
            huts_of[o1].append((c, hut_off[2 * c + 1]))
    to_room = dist(tuple(room), True)
    to_empty = dist(tuple(empty_plains), True)
    wood_units = sum(wood[c] for c in wood_piles)
    stone_units = sum(stone[c] for c in stone_piles)
    values = []
    for p in range(n):
        here = where[p]
        m = state.mem[p]
        delivered = state.delivered[p]
        v = w.delivered * len(delivered)
        need_mana = 0
        need_limit = 0
        for o in range(4):
            if o not in delivered:
                value = OFFERING_VALUES[o]
                need_mana += value
                need_limit = value
        mana = state.mana[p]
        limit = state.limit[p]
        v += w.mana * min(mana, need_mana) + w.limit * min(limit, need_limit)
        # offerings under own huts (their huts are errands: take them)
        own_huts = huts_of[p]
        for _, o in own_huts:
            v += w.under_hut + w.cheap_first * (7 - OFFERING_VALUES[o])
        # holy places: own ones, and those an own member stands on (R6.1); while the limit is
        # below the dearest offering only the first counts, so that stone goes to the ziggurat
        # (only quarries bring stone, R4.10: a limit left short never reaches the 7)
        stones_wanted = max(0, need_limit - limit)
        unmanned: list[int] = []
        for i, c in enumerate(holy_of[p]):
            if stones_wanted and i:
                continue
            v += w.holy
            if c in here:
                if mana < need_mana:
                    v += w.manned
            else:
                unmanned.append(c)
        v += w.card * sum(state.hands[p])
        huts_wanted = min(state.hut_supply[p], sum(state.off_supply[p]))
        holy_left = state.holy_supply[p]
        holy_wanted = holy_left > 0 and (not stones_wanted or holy_left == HOLY_PLACES)
        stone_jobs: list[float] = []
        wood_jobs: list[float] = []
        wood_carriers = 0
        empties: dict[int, int] = {}
        #: the cells of the wood carriers with a hut to build, and of the stone carriers whose
        #: best job is a holy place: each needs a second member where it will build
        wood_at: list[int] = []
        holy_at: list[int] = []
        for c, count in here.items():
            v += w.member * count
            base = c * ALL_KINDS
            row = m[base:base + ALL_KINDS]
            if row[FLAG] or row[FLAG + WOOD] or row[FLAG + STONE] or any(row[FLAG + OFFER0:]):
                row = [x + y for x, y in zip(row[:FLAG], row[FLAG:], strict=True)]
            if row[EMPTY]:
                empties[c] = row[EMPTY]
            carriers = row[WOOD]
            wood_carriers += carriers
            if carriers and huts_wanted:
                job = w.wood_hut - w.load_step * to_room[c]
                if to_room[c] == 0 and count >= 2:
                    job += w.ready
                wood_jobs.extend([job] * carriers)
                wood_at.append(c)
            carriers = row[STONE]
            if carriers:
                best = 0.0
                if stones_wanted:
                    best = w.stone_zig - w.load_step * to_zig[c]
                if holy_wanted:
                    job = w.stone_holy - w.load_step * to_empty[c]
                    if to_empty[c] == 0 and count >= 2 and not any(
                            o != p and c in where[o] for o in range(n)):
                        job += w.ready
                    if job > best:
                        holy_at.append(c)
                    best = max(best, job)
                stone_jobs.extend([best] * carriers)
            for b in range(OFFER0, KINDS):
                carried = row[b]
                if carried:
                    value = OFFERING_VALUES[b - OFFER0]
                    v += carried * (w.carried - w.carried_step * to_zig[c]
                                    + (w.payable if mana >= value else 0.0))
        if empties:
            # errands, each with the members it can use: own offerings to take, unmanned holy
            # places, the wood and stone the jobs still lack, a plains with room to join each
            # wood carrier on (R5.1 two members)
            wood_short = min(wood_units, huts_wanted - len(wood_jobs))
            stone_short = min(stone_units, stones_wanted + holy_wanted - len(stone_jobs))
            errands: list[tuple[list[int], int]] = []
            if own_huts:
                errands.append((dist(tuple(c for c, _ in own_huts), False), len(own_huts)))
            if unmanned:
                errands.append((dist(tuple(unmanned), False), len(unmanned)))
            if wood_short > 0:
                errands.append((dist(tuple(wood_piles), False), wood_short))
            if stone_short > 0:
                errands.append((dist(tuple(stone_piles), False), stone_short))
            # a second member for each hut and holy place, where its carrier will build: the
            # nearest site to the carrier, not any site (a member already on another plains
            # with room would otherwise have nowhere to go, and a hut needs both on one tile)
            if wood_at and room:
                errands.append((dist(building_sites(geo, wood_at, room, to_room), False),
                                min(huts_wanted, len(wood_at))))
            if holy_at:
                errands.append((dist(building_sites(geo, holy_at, empty_plains, to_empty),
                                     False), len(holy_at)))
            v += _errands(empties, errands, w)
        # carriers beyond what the jobs need add nothing (the best ones do the jobs)
        v -= w.idle_load * (max(0, wood_carriers - huts_wanted)
                            + max(0, len(stone_jobs) - stones_wanted - holy_wanted))
        if stone_jobs:
            stone_jobs.sort(reverse=True)
            v += sum(max(0.0, j) for j in stone_jobs[:stones_wanted + holy_wanted])
        if wood_jobs:
            wood_jobs.sort(reverse=True)
            v += sum(max(0.0, j) for j in wood_jobs[:huts_wanted])
        if sum(here.values()) < 2 and any(state.off_supply[p]):
            v -= w.stranded
        values.append(v)
    return values


def building_sites(geo: _Geometry, carriers: Iterable[int], sites: Sequence[int],
                   to_site: Sequence[int]) -> tuple[int, ...]:
    """Where carriers standing on `carriers` will build: each one's nearest of `sites` (all of
    the nearest, if several are as near; its own cell, if it stands on one)."""
    out: set[int] = set()
    for c in carriers:
        if to_site[c] == 0:
            out.add(c)
        elif to_site[c] < FAR:
            d = geo.dist((c,), True)
            out.update(r for r in sites if d[r] == to_site[c])
    return tuple(sorted(out))


def _errands(empties: dict[int, int], errands: list[tuple[list[int], int]],
             w: Weights) -> float:
    """The empty-handed members (count per cell) matched to the errands (distances to them,
    and how many members each can use), nearest first: the sum of what the matched are worth."""
    offers = []
    for k, (d, _) in enumerate(errands):
        for c in empties:
            value = w.errand - w.errand_step * d[c]
            if value > 0:
                offers.append((value, c, k))
    offers.sort(reverse=True)
    left = dict(empties)
    room = [cap for _, cap in errands]
    total = 0.0
    for value, c, k in offers:
        take = min(left[c], room[k])
        if take > 0:
            total += value * take
            left[c] -= take
            room[k] -= take
    return total
