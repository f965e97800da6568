"""The movement phase (RULES.md R4.1–R4.7): steps, the free steps, stealing.

`legal_moves` lists the steps and free steps of the seat to move; the step table (`step_table`)
depends on the tiles alone and is kept on the table until a tile is added. Stepping off the map
hands over to `exploration`, into the ziggurat to `ziggurat`.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .actions import cell_resource_flag
from .data import (
    ACTION,
    ALL_KINDS,
    DRAW_TILE,
    EMPTY,
    FLAG,
    KIND_NAMES,
    KINDS,
    OFFER0,
    OFFERING_VALUES,
    SCOUT_DRAW,
    STONE,
    VOLCANO,
    WOOD,
    ZIGGURAT,
)
from .exploration import can_explore, step_cost
from .state import MesoTable, leave
from .ziggurat import arrive


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


Steps = tuple[tuple[int, ...], int, tuple[int, ...]]


def free_ok(s: MesoTable) -> bool:
    """R4.7/R9.2 free steps "bármikor és bárhányszor"; a bots' game bounds them (0: no bound)."""
    limit = s.cfg.options.free_actions_per_turn
    return not limit or s.free_used < limit


def can_enter(s: MesoTable, seat: int, kind: int, target: int) -> bool:
    """R4.2 no volcano; R4.4 the ziggurat: no wood; an offering only with enough mana."""
    t = s.tile[target]
    if t == VOLCANO:
        return False
    if t == ZIGGURAT:
        b = kind % KINDS
        if b == WOOD:
            return False
        if b >= OFFER0 and s.mana[seat] < OFFERING_VALUES[b - OFFER0]:
            return False
    return True


def step_table(s: MesoTable) -> dict[int, Steps]:
    """Per cell, the move-action bases (`move` id of kind 0) of its steps: onto placed land
    (R4.2, no volcano), onto the ziggurat (-1: none; R4.4 checks the load), and off the map
    (R4.8). The table depends on the tiles alone, so it is kept until a tile is added."""
    placed = len(s.placed)
    geo = s._geo
    if geo is None or geo[0] != placed:
        geo = s._geo = (placed, {})
    return geo[1]


def _cell_steps(s: MesoTable, c: int) -> Steps:
    """R4.2 the steps out of cell c for `step_table`: onto placed land (no volcano), into the
    ziggurat (R4.4; -1: none) and off the map (R4.8)."""
    mv = s.cfg.starts["move"] + c * 6 * ALL_KINDS
    tile = s.tile
    land: list[int] = []
    zig = -1
    off_map: list[int] = []
    for d, t in enumerate(s.cfg.nbr[c]):
        if t < 0:
            continue
        tt = tile[t]
        if tt < 0:
            off_map.append(mv + d * ALL_KINDS)
        elif tt == ZIGGURAT:
            zig = mv + d * ALL_KINDS
        elif tt != VOLCANO:
            land.append(mv + d * ALL_KINDS)
    return tuple(land), zig, tuple(off_map)


def legal_moves(s: MesoTable, p: int, out: list[int]) -> None:
    """R4.2–R4.7 the steps (onto land, into the ziggurat, off the map to explore) and the
    free steps (pick up, drop, swap, take an offering, steal) of seat p's members, onto `out`."""
    cfg = s.cfg
    starts = cfg.starts
    m = s.mem[p]
    free = free_ok(s)
    explore = can_explore(s) and s.mp >= step_cost(s, True)
    walk = s.mp >= 1
    mana = s.mana[p]
    n = cfg.players
    wood = s.wood
    stone = s.stone
    hut_owner = s.hut_owner
    hut_off = s.hut_off
    mem = s.mem
    table = step_table(s)
    pick_up = starts["pick_up"]
    drop = starts["drop"]
    swap = starts["swap"]
    take = starts["take_offering"]
    steal = starts["steal"]
    append = out.append
    where = s.where
    here = where[p]
    for c in here:
        base = c * ALL_KINDS
        row = m[base:base + ALL_KINDS]
        steps = table.get(c)
        if steps is None:
            steps = table[c] = _cell_steps(s, c)
        land, zig, off_map = steps
        if not walk:
            land = ()
            zig = -1
        if not explore:
            off_map = ()
        if land or zig >= 0 or off_map:
            for k in range(ALL_KINDS):
                if not row[k]:
                    continue
                for a in land:
                    append(a + k)
                for a in off_map:
                    append(a + k)
                if zig >= 0:
                    b = k % KINDS
                    # R4.4 no wood into the ziggurat; R4.5 an offering only with the mana
                    if b in (EMPTY, STONE) or (
                            b >= OFFER0 and mana >= OFFERING_VALUES[b - OFFER0]):
                        append(zig + k)
        if not free:
            continue
        # flagged members (R4.6 stole this turn) are rare: visit them only when there are some
        for f in ((0, 1) if row[FLAG] or row[FLAG + WOOD] or row[FLAG + STONE] else (0,)):
            fl = FLAG * f
            w = row[WOOD + fl]
            st = row[STONE + fl]
            if row[EMPTY + fl]:
                if wood[c]:
                    append(pick_up + (c * 2 + 0) * 2 + f)
                if stone[c]:
                    append(pick_up + (c * 2 + 1) * 2 + f)
                for i in (2 * c, 2 * c + 1):
                    if hut_owner[i] == p and hut_off[i] >= 0:
                        append(take + (c * 4 + hut_off[i]) * 2 + f)
            if w:
                append(drop + (c * 2 + 0) * 2 + f)
                if stone[c]:
                    append(swap + (c * 2 + 0) * 2 + f)
            if st:
                append(drop + (c * 2 + 1) * 2 + f)
                if wood[c]:
                    append(swap + (c * 2 + 1) * 2 + f)
        if row[EMPTY] and s.tile[c] != ZIGGURAT:  # R4.6 stealing (never on the ziggurat, R9.13)
            mine = here[c]
            for o in range(n):
                if o == p or where[o].get(c, mine) >= mine:
                    continue
                om = mem[o]
                if not (om[base + WOOD] or om[base + STONE]):
                    continue
                for r in (WOOD, STONE):
                    if om[base + r] or om[base + r + FLAG]:
                        append(steal + (c * 4 + o) * 2 + (r - 1))


def _move(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.2 one member steps with its load for 1 MP onto land or into the ziggurat (R4.4, R4.5), or
    off the map to explore (R4.8)."""
    cfg = s.cfg
    cd, k = divmod(off, ALL_KINDS)
    c, d = divmod(cd, 6)
    t = cfg.nbr[c][d]
    p = s.to_move
    b = k % KINDS
    load = KIND_NAMES[b] if b < OFFER0 else "offering"
    if s.tile[t] < 0:  # R4.8 exploring
        s.mp -= step_cost(s, True)
        s.pending = [c, t, k]
        ev.append(Event("explore", {"seat": p, "from": cfg.label(c), "to": cfg.label(t),
                                    "load": load}))
        if s.scouts_pending:
            s.scouts_pending -= 1
            s.scout_drawn = []
            s.phase = SCOUT_DRAW
        else:
            s.phase = DRAW_TILE
        return
    s.mp -= 1
    m = s.mem[p]
    m[c * ALL_KINDS + k] -= 1
    leave(s, p, c)
    data = {"seat": p, "from": cfg.label(c), "to": cfg.label(t), "load": load}
    secret = {p: {"value": OFFERING_VALUES[b - OFFER0]}} if b >= OFFER0 else None
    ev.append(Event("move", data, secret))
    arrive(s, p, t, k, ev)


def _pick_up(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.3 an empty-handed member picks up a wood or stone from its tile (a free step, R4.7)."""
    _carry(s, off, ev, +1, "pick_up")


def _drop(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.3 a carrier drops its wood or stone on its tile, where anyone may take it (a free step,
    R4.7)."""
    _carry(s, off, ev, -1, "drop")


def _carry(s: MesoTable, off: int, ev: list[Event], delta: int, kind: str) -> None:
    """An empty-handed member picks up (`delta` +1) one wood or stone from its tile, or a
    carrier drops it (-1) (R4.3); either is one of the turn's free steps (R4.7)."""
    c, res, fl = cell_resource_flag(off)
    p = s.to_move
    m = s.mem[p]
    m[c * ALL_KINDS + EMPTY + fl] -= delta
    m[c * ALL_KINDS + res + fl] += delta
    pile = s.wood if res == WOOD else s.stone
    pile[c] -= delta
    s.free_used += 1
    ev.append(_ev(kind, seat=p, cell=s.cfg.label(c), resource=KIND_NAMES[res]))


def _swap(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.3 a carrier swaps its wood for a stone on its tile, or its stone for a wood (a free step,
    R4.7)."""
    c, res, fl = cell_resource_flag(off)
    p = s.to_move
    m = s.mem[p]
    other = STONE if res == WOOD else WOOD
    m[c * ALL_KINDS + res + fl] -= 1
    m[c * ALL_KINDS + other + fl] += 1
    if res == WOOD:
        s.wood[c] += 1
        s.stone[c] -= 1
    else:
        s.stone[c] += 1
        s.wood[c] -= 1
    s.free_used += 1
    ev.append(_ev("swap", seat=p, cell=s.cfg.label(c), dropped=KIND_NAMES[res],
                  took=KIND_NAMES[other]))


def _take_offering(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.5 an empty-handed member takes its owner's offering from an own hut on its tile (a free
    step, R4.7)."""
    co, f = divmod(off, 2)
    c, o = divmod(co, 4)
    p = s.to_move
    slot = 0 if (s.hut_owner[2 * c] == p and s.hut_off[2 * c] == o) else 1
    s.hut_off[2 * c + slot] = -1
    m = s.mem[p]
    m[c * ALL_KINDS + EMPTY + FLAG * f] -= 1
    m[c * ALL_KINDS + OFFER0 + o + FLAG * f] += 1
    s.free_used += 1
    ev.append(Event("take_offering", {"seat": p, "cell": s.cfg.label(c), "slot": slot},
                    {p: {"value": OFFERING_VALUES[o]}}))


def _steal(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.6 an empty-handed member takes a wood or stone from a seat with fewer members on the tile
    and is marked until the turn ends (a free step, R4.7)."""
    cv, r = divmod(off, 2)
    c, o = divmod(cv, 4)
    p = s.to_move
    res = WOOD + r
    victim = s.mem[o]
    i = c * ALL_KINDS
    unload(victim, i, res)
    m = s.mem[p]
    m[i + EMPTY] -= 1
    m[i + res + FLAG] += 1  # R4.6 this member has stolen this turn
    s.free_used += 1
    ev.append(_ev("steal", seat=p, victim=o, cell=s.cfg.label(c), resource=KIND_NAMES[res]))


def _end_movement(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R3.1 the movement phase ends (unused MP are lost, R4.1) and the action phase (R5) begins."""
    s.phase = ACTION
    ev.append(_ev("end_movement", seat=s.to_move))


def unload(members: list[int], i: int, res: int) -> None:
    """R4.6/R5.1 one of the members counted at `i` (a tile's slot) gives up its `res`: an
    unmarked carrier if there is one, else one marked as having stolen this turn (it stays
    marked)."""
    flag = 0 if members[i + res] else FLAG
    members[i + res + flag] -= 1
    members[i + EMPTY + flag] += 1


#: what each action block of this phase does (`rules.apply_action` dispatches by block)
APPLY = {
    "move": _move,
    "pick_up": _pick_up,
    "drop": _drop,
    "swap": _swap,
    "take_offering": _take_offering,
    "steal": _steal,
    "end_movement": _end_movement,
}
