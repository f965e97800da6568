"""Exploring (RULES.md R4.8–R4.10, R7.2 Scouts, R9.7, R9.10–R9.12).

A member stepping off the map draws a tile (a chance event); volcanoes drawn are attached by the
explorer, and a new forest or quarry hands out wood or stone from the supply.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    ALL_KINDS,
    DISTRIBUTE,
    DRAW_TILE,
    EXPLORATIONS_PER_TURN,
    FOREST,
    KIND_NAMES,
    MOVE,
    PLAINS,
    QUARRY,
    SCOUT_DRAW,
    SCOUT_PICK,
    STONE,
    TERRAINS,
    VOLCANO,
    VOLCANO_PLACE,
    WOOD,
)
from .state import MesoTable, enter, leave


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def stack_has_land(s: MesoTable) -> bool:
    """R4.8/R9.7 whether a plains, forest or quarry is left in the stack to explore with."""
    st = s.stack
    return st[PLAINS] + st[FOREST] + st[QUARRY] > 0


def can_explore(s: MesoTable) -> bool:
    """R4.8 at most 3 non-volcano explorations a turn, and a land tile left to find (R9.7)."""
    return s.explores < EXPLORATIONS_PER_TURN and stack_has_land(s)


def step_cost(s: MesoTable, explore: bool) -> int:
    """R4.2 a step costs 1 MP; R4.8 exploring too unless option `explore_costs_mp` is off."""
    return 1 if (not explore or s.cfg.options.explore_costs_mp) else 0


def volcano_cells(s: MesoTable) -> list[int]:
    """R4.9 a volcano goes on any empty cell touching the map, not where the explorer steps."""
    nbr = s.cfg.nbr
    target = s.pending[1]
    cells = set()
    for c in s.placed:
        for t in nbr[c]:
            if t >= 0 and s.tile[t] < 0 and t != target:
                cells.add(t)
    return sorted(cells)


def distribute_cells(s: MesoTable) -> list[int]:
    """R4.10 where the explorer may put the next wood / stone."""
    terrain = FOREST if s.pending[0] == WOOD else QUARRY
    unserved = s.pending[2:]
    if unserved:
        return sorted(unserved)
    return [c for c in s.placed if s.tile[c] == terrain]


def _place_volcano(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.9 the explorer attaches the drawn volcano to an empty cell next to the map; the draw
    repeats."""
    s.tile[off] = VOLCANO
    s.placed.append(off)
    s.phase = DRAW_TILE
    ev.append(_ev("volcano", seat=s.to_move, cell=s.cfg.label(off)))


def _tile(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.8 chance: the tile drawn from the stack; R4.9 a volcano is attached and the draw repeats;
    R7.2 Scouts draw 4 (all volcanoes: R9.10)."""
    t = off
    s.stack[t] -= 1
    if s.phase == SCOUT_DRAW:  # R7.2 Scouts: draw 4, keep one
        s.scout_drawn.append(t)
        ev.append(_ev("scout_draw", seat=s.to_move, terrain=TERRAINS[t]))
        if len(s.scout_drawn) < 4 and any(s.stack):  # R7.2.1 up to 4, as many as are left
            return
        if any(x != VOLCANO for x in s.scout_drawn):
            s.phase = SCOUT_PICK
            return
        s.stack[VOLCANO] += len(s.scout_drawn) - 1  # R9.10 all volcanoes: one chain, rest back
        s.scout_drawn = []
    if t == VOLCANO:
        ev.append(_ev("draw_tile", seat=s.to_move, terrain=TERRAINS[t]))
        _volcano_drawn(s, ev)
        return
    ev.append(_ev("draw_tile", seat=s.to_move, terrain=TERRAINS[t]))
    _land(s, t, ev)


def _volcano_drawn(s: MesoTable, ev: list[Event]) -> None:
    """R4.9 a drawn volcano waits for the explorer to place it; with no empty cell next to the map
    it goes back to the box and the draw repeats (R9.11)."""
    if volcano_cells(s):
        s.phase = VOLCANO_PLACE
    else:  # R9.11 no room on the table: the volcano goes back to the box
        s.boxed_tiles[VOLCANO] += 1
        s.phase = DRAW_TILE


def _scout_pick(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.2 Scouts: the explorer keeps one of the drawn tiles, placed as explored (R4.8) or, a
    volcano, attached as R4.9 says (option `scouts_keep_volcano` off: only a non-volcano); the
    other tiles go back into the stack."""
    t = off
    s.scout_drawn.remove(t)
    for x in s.scout_drawn:
        s.stack[x] += 1
    s.scout_drawn = []
    ev.append(_ev("scout_pick", seat=s.to_move, terrain=TERRAINS[t]))
    if t == VOLCANO:  # R7.2 a kept volcano is attached as any drawn one; the draw repeats (R4.9)
        _volcano_drawn(s, ev)
        return
    _land(s, t, ev)


def _land(s: MesoTable, t: int, ev: list[Event]) -> None:
    """R4.8 the drawn tile goes where the member stepped, the member onto it; R4.10 resources."""
    src, dst, k = s.pending
    p = s.to_move
    s.tile[dst] = t
    s.placed.append(dst)
    s.explores += 1
    s.mem[p][src * ALL_KINDS + k] -= 1
    s.mem[p][dst * ALL_KINDS + k] += 1
    leave(s, p, src)
    enter(s, p, dst)
    s.pending = []
    s.phase = MOVE
    if t in (FOREST, QUARRY):
        res = WOOD if t == FOREST else STONE
        supply = s.supply_wood if res == WOOD else s.supply_stone
        amount = min(s.cfg.players, supply)  # R9.12 only what the supply holds
        if amount <= 0:
            return
        pile = s.wood if res == WOOD else s.stone
        _give(s, res, dst, pile)
        rest = amount - 1
        others = [c for c in s.placed if s.tile[c] == t and c != dst]
        if rest >= len(others):
            for c in others:
                _give(s, res, c, pile)
            rest -= len(others)
            others = []
        if rest > 0:
            s.pending = [res, rest, *others]
            s.phase = DISTRIBUTE
            _auto_distribute(s)


def _give(s: MesoTable, res: int, c: int, pile: list[int]) -> None:
    """R4.10 one wood or stone from the supply onto tile c."""
    pile[c] += 1
    if res == WOOD:
        s.supply_wood -= 1
    else:
        s.supply_stone -= 1


def _auto_distribute(s: MesoTable) -> None:
    """No choice to make when a single tile can take the next one (R4.10)."""
    while s.phase == DISTRIBUTE:
        cells = distribute_cells(s)
        if len(cells) != 1:
            return
        _place_one(s, cells[0])


def _place_one(s: MesoTable, c: int) -> None:
    """R4.10 the next leftover wood or stone goes onto tile c; movement goes on after the last."""
    res, rest, *unserved = s.pending
    _give(s, res, c, s.wood if res == WOOD else s.stone)
    if c in unserved:
        unserved.remove(c)
    rest -= 1
    if rest <= 0:
        s.pending = []
        s.phase = MOVE
    else:
        s.pending = [res, rest, *unserved]


def _place_resource(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R4.10 the explorer puts the next leftover wood or stone on a forest or quarry of their
    choice."""
    res = s.pending[0]
    _place_one(s, off)
    ev.append(_ev("place_resource", seat=s.to_move, cell=s.cfg.label(off),
                  resource=KIND_NAMES[res]))
    _auto_distribute(s)


def _scout_volcano(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.2 Scouts: the explorer keeps a drawn volcano (`scout_pick volcano`)."""
    _scout_pick(s, VOLCANO, ev)


#: what each action block of this phase does (`rules.apply_action` dispatches by block)
APPLY = {
    "scout_volcano": _scout_volcano,
    "place_volcano": _place_volcano,
    "place_resource": _place_resource,
    "scout_pick": _scout_pick,
    "tile": _tile,
}
