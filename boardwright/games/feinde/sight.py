"""Geometry (RULES.md R3.2, R3.8, R6.2, R8.3): which ways are open, what a space sees, and
where a wandering monster can go. Pure questions about the table; nothing here changes it.
"""

from __future__ import annotations

from operator import itemgetter

from .data import CHEST0, CORRIDOR, CROSSING, DIRS, TILE_SHAPES, Board
from .state import FeindeTable


def _arm_masks(shape: str, rot: int) -> int:
    """R3.2 the open arms of crossing shape `shape` turned `rot` quarter turns, as a bit mask
    (bit d = direction d)."""
    mask = 0
    for ch in shape:
        mask |= 1 << ((DIRS.index(ch) + rot) % 4)
    return mask


#: per tile shape and rotation: the open arms as a bit mask (bit d = direction d)
ARM_MASKS = tuple(tuple(_arm_masks(shape, rot) for rot in range(4)) for shape in TILE_SHAPES)


def arms(st: FeindeTable, cell: int) -> int:
    """R3.2 the open arms of a revealed crossing as a bit mask (bit d = direction d), 0 if
    face down."""
    shape = st.cross_shape[cell]
    if shape < 0:
        return 0
    return ARM_MASKS[shape][st.cross_rot[cell] % 4]


def can_pass(st: FeindeTable, a: int, d: int) -> int:
    """R3.2 the space reached from `a` going `d`, or -1 if a wall or a closed arm is in the way."""
    b = st.cfg.board
    c = b.nb[a][d]
    if c < 0:
        return -1
    if b.kind[a] == CROSSING and not arms(st, a) >> d & 1:
        return -1
    if b.kind[c] == CROSSING and not arms(st, c) >> ((d + 2) % 4) & 1:
        return -1
    return c


def sight(st: FeindeTable, origin: int) -> tuple[list[int], list[int]]:
    """R6.2 the rooms seen from `origin` and the face-down crossings on the lines of sight."""
    rooms, hidden, _ = trace(st, origin)
    return rooms, hidden


def trace(st: FeindeTable, origin: int) -> tuple[list[int], list[int], set[int]]:
    """R6.2 line of sight from `origin`: (rooms seen, face-down crossings on the lines).

    Sight runs along corridors round bends, stops at the first room, goes on through a
    revealed crossing on every side (R6.2, the seed: a crossing does not block sight; with
    the option `crossing_blocks_sight` only through its open arms), and stops at a face-down
    crossing (which the caller reveals before looking again). From a room that holds a monster
    nothing is seen ("ahol már található egy szörny, addig nem láthat tovább"); a chest blocks
    nothing (R6.2.1, option `chest_blocks_sight`: a chest blocks like a monster).
    """
    b = st.cfg.board
    kind = b.kind
    t = st.token[origin]
    if (t and kind[origin] != CORRIDOR and kind[origin] != CROSSING
            and (t < CHEST0 or st.cfg.options.chest_blocks_sight)):
        return [], [], set()
    walls = st.cfg.options.crossing_blocks_sight
    rooms: list[int] = []
    hidden: list[int] = []
    seen = {origin}
    todo = [(origin, d) for d in range(4)]
    while todo:
        cur, d = todo.pop()
        if walls and kind[cur] == CROSSING and not arms(st, cur) >> d & 1:
            continue
        nxt = b.nb[cur][d]
        if nxt < 0 or nxt in seen:
            continue
        k = kind[nxt]
        if (walls and k == CROSSING and st.cross_shape[nxt] >= 0
                and not arms(st, nxt) >> ((d + 2) % 4) & 1):
            continue  # a closed arm: this line of sight ends at the crossing's wall
        seen.add(nxt)
        if k == CROSSING:
            if st.cross_shape[nxt] < 0:
                hidden.append(nxt)
                continue
            todo.extend((nxt, e) for e in range(4) if e != (d + 2) % 4)
        elif k == CORRIDOR:
            todo.extend((nxt, e) for e in range(4) if e != (d + 2) % 4)
        else:
            rooms.append(nxt)
    return rooms, hidden, seen


def sees_unexplored(st: FeindeTable, origin: int) -> bool:
    """R3.6 does the space show unexplored area (a face-down crossing or a room with a chip)?"""
    rooms, hidden = sight(st, origin)
    return bool(hidden) or any(st.chip[r] for r in rooms)


#: per board (kept alive here, so that its id is not reused): a getter of its crossings' entries
_CROSSINGS_OF: dict[int, tuple[Board, itemgetter[tuple[int, ...]]]] = {}


#: `room_neighbours` answers per (board, crossing faces, chips): they depend on nothing else
_ROOM_STEPS: dict[tuple[int, tuple[int, ...], tuple[int, ...], bytes], dict[int, list[int]]] = {}


def room_neighbours(st: FeindeTable, room: int) -> list[int]:
    """R8.3 rooms a wandering monster reaches in one room-step (revealed ways, no chip rooms).

    The answer depends only on the board, the crossings' faces and the chips, so it is
    remembered per those (the dumbest player's and the red cards' checks ask it very often)."""
    board = st.cfg.board
    hit = _CROSSINGS_OF.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _CROSSINGS_OF[id(board)] = (board, itemgetter(*board.crossings))
    pick = hit[1]
    key = (id(board), pick(st.cross_shape), pick(st.cross_rot), bytes(st.chip))
    known = _ROOM_STEPS.get(key)
    if known is None:
        if len(_ROOM_STEPS) >= 1024:
            _ROOM_STEPS.clear()
        known = _ROOM_STEPS[key] = {}
    out = known.get(room)
    if out is None:
        out = known[room] = _room_neighbours(st, room)
    return out[:]


def _room_neighbours(st: FeindeTable, room: int) -> list[int]:
    """R8.3 the rooms one room-step away through revealed corridors and crossings, no chip rooms
    (`room_neighbours` without its memory)."""
    b = st.cfg.board
    out: list[int] = []
    seen = {room}
    todo = [room]
    while todo:
        cur = todo.pop()
        for d in range(4):
            nxt = can_pass(st, cur, d)
            if nxt < 0 or nxt in seen:
                continue
            seen.add(nxt)
            if b.kind[nxt] in (CORRIDOR, CROSSING):
                todo.append(nxt)
            elif not st.chip[nxt]:
                out.append(nxt)
    return sorted(out)


def heroes_at(st: FeindeTable, cell: int) -> list[int]:
    """R8.4/R9.1 the seats whose heroes stand on `cell`."""
    return [p for p, c in enumerate(st.pos) if c == cell]


def monster_can_finish(st: FeindeTable, room: int, left: int, origin: int,
                        carry: int) -> bool:
    """Can a wandering monster that has just entered `room` end its move legally (R8.3)?"""
    if st.token[room] == 0 and room != origin:
        return True
    if left <= 0:
        return False
    return any(monster_can_finish(st, r, left - 1, origin, carry)
               for r in room_neighbours(st, room))


def monster_steps(st: FeindeTable) -> list[int]:
    """R8.3 the rooms the wandering monster may enter next."""
    left = st.dm_limit - st.dm_steps
    if left <= 0:
        return []
    return [r for r in room_neighbours(st, st.dm_cell)
            if monster_can_finish(st, r, left - 1, st.dm_origin, st.dm_carry)]


def weakest_movable(st: FeindeTable, limit: int) -> int:
    """R8.2 the room of the weakest monster on the board that can move, or -1."""
    cands = sorted((t, r) for r, t in enumerate(st.token) if 0 < t < CHEST0)
    for _, r in cands:
        if any(monster_can_finish(st, r2, limit - 1, r, -1) for r2 in room_neighbours(st, r)):
            return r
    return -1


def any_movable_monster(st: FeindeTable, limit: int) -> bool:
    """R10.4 `bool(movable_monsters(st, limit))`, stopping at the first monster
    that can move."""
    token = st.token
    return any(0 < token[r] < CHEST0 and any(monster_can_finish(st, r2, limit - 1, r, -1)
                                             for r2 in room_neighbours(st, r))
               for r in st.cfg.board.rooms)  # tokens lie only in rooms


def movable_monsters(st: FeindeTable, limit: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """R8.3/R10.4 rooms of monsters (not chests) that can make a legal wandering move
    of <= limit rooms."""
    return [r for r, t in enumerate(st.token) if 0 < t < CHEST0 and t not in exclude
            and any(monster_can_finish(st, r2, limit - 1, r, -1)
                    for r2 in room_neighbours(st, r))]
