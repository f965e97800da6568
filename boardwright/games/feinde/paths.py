"""Walking distances on the labyrinth for the search agents' heuristic and rollout policy.

The rules answer "may the hero step there?" one space at a time (`sight.can_pass`); a heuristic
that asks it for every space of every hero at every evaluation spends most of its time there.
This module builds, once per arrangement of the crossings and the teleport pairing, the list of
passages out of every space (R3.2 open arms, R3.8 teleports), and once per set of unexplored
rooms the spaces from which unexplored area is in sight (R3.6, R6.2). A walk is then a plain
breadth-first search over those lists. Nothing here changes a state; the rules never call it.
"""

from __future__ import annotations

from operator import itemgetter

from .data import CHEST0, CORRIDOR, CROSSING, STEP, TELEPORT, Board
from .forward import FeindeState
from .movement import teleport_partner as _partner
from .sight import arms, can_pass

#: passages out of each space: (next space, the action that takes the hero there)
Moves = tuple[tuple[tuple[int, int], ...], ...]

Key = tuple[int, int, tuple[int, ...], tuple[int, ...]]
Walk = tuple[list[int], list[int], int]

_MOVES: dict[Key, Moves] = {}
_SIGHT: dict[tuple[Key, bytes, bool], bytes] = {}
_WALKS: dict[tuple[int, Key, bytes, bytes, bool, bool], Walk] = {}
#: per board (kept alive here, so its id is never reused): its crossings' entries of a list
_PICK: dict[int, tuple[Board, itemgetter[tuple[int, ...]]]] = {}
#: a cache that grows past this is emptied (a game sees a few dozen arrangements)
CACHE_LIMIT = 512
#: walks are remembered per start, crossings, chips and tokens: the other heroes' walks are the
#: same for every move the mover weighs
WALK_CACHE_LIMIT = 8192
#: a walk through a space from which unexplored area is in sight costs this many steps more:
#: the hero stops there (R3.6) and goes on in his next turn, a turn's walk (R3.1 action 2) later
FRONTIER_STEPS = 12


def _key(st: FeindeState) -> Key:
    """The facts passages depend on: the board, the teleport pairing, the crossings' faces."""
    board = st.cfg.board
    hit = _PICK.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _PICK[id(board)] = (board, itemgetter(*board.crossings))
    pick = hit[1]
    return (id(board), st.teleport, pick(st.cross_shape), pick(st.cross_rot))


def moves(st: FeindeState) -> Moves:
    """Per space, the passages a hero may take (walls, closed and face-down arms excluded)."""
    key = _key(st)
    out = _MOVES.get(key)
    if out is None:
        board = st.cfg.board
        table = []
        for cell in range(len(board.kind)):
            here = [(nxt, STEP + d) for d in range(4) if (nxt := can_pass(st, cell, d)) >= 0]
            partner = _partner(st, cell)
            if partner >= 0:
                here.append((partner, TELEPORT))
            table.append(tuple(here))
        out = tuple(table)
        if len(_MOVES) >= CACHE_LIMIT:
            _MOVES.clear()
        _MOVES[key] = out
    return out


def sight_stops(st: FeindeState) -> bytes:
    """Per space, 1 if unexplored area (a face-down crossing or a room with its chip) is in
    sight from it, so that a hero arriving there stops (R3.6). Sight is symmetric along
    corridors and through revealed crossings (R6.2, either reading), so it is traced outwards
    from each unexplored thing; a room on such a line sees it only while it holds no token
    (checked by the caller)."""
    key = (_key(st), bytes(st.chip), st.cfg.options.crossing_blocks_sight)
    out = _SIGHT.get(key)
    if out is None:
        out = _trace_unexplored(st)
        if len(_SIGHT) >= CACHE_LIMIT:
            _SIGHT.clear()
        _SIGHT[key] = out
    return out


def _trace_unexplored(st: FeindeState) -> bytes:
    board: Board = st.cfg.board
    kind = board.kind
    nb = board.nb
    shape = st.cross_shape
    chip = st.chip
    walls = st.cfg.options.crossing_blocks_sight  # R6.2: else a crossing never bounds sight
    marks = bytearray(len(kind))
    # (space, direction not to look back in); each line is followed outwards from there
    todo: list[tuple[int, int]] = []
    for r in board.rooms:
        if chip[r]:
            todo.extend((r, d) for d in range(4))
    for c in board.crossings:
        if shape[c] >= 0:
            continue
        # a face-down crossing is seen from the spaces whose lines lead into it
        for d in range(4):
            n = nb[c][d]
            back = (d + 2) % 4
            if n < 0:
                continue
            if kind[n] == CROSSING:
                if shape[n] < 0 or (walls and not arms(st, n) >> back & 1):
                    continue
            elif kind[n] != CORRIDOR:
                if not chip[n]:
                    marks[n] = 2
                continue
            marks[n] = 1
            todo.extend((n, e) for e in range(4) if e != back)
    while todo:
        cur, d = todo.pop()
        if walls and kind[cur] == CROSSING and not arms(st, cur) >> d & 1:
            continue
        nxt = nb[cur][d]
        if nxt < 0 or marks[nxt]:
            continue
        k = kind[nxt]
        back = (d + 2) % 4
        if k == CROSSING:
            if shape[nxt] < 0 or (walls and not arms(st, nxt) >> back & 1):
                continue
        elif k != CORRIDOR:
            if not chip[nxt]:
                marks[nxt] = 2  # a room sees it only while it holds no token (R6.2)
            continue
        marks[nxt] = 1
        todo.extend((nxt, e) for e in range(4) if e != back)
    return bytes(marks)


def walk(st: FeindeState, start: int) -> Walk:
    """Walk from `start`: (steps to each space or -1, the first action of a shortest walk there,
    the nearest space from which unexplored area is in sight or -1).
    A walk does not enter a room with a chip and stops in a monster's room (R3.7). Where
    unexplored area comes into sight the hero stops (R3.6) and the area is explored; the walk
    goes on from there as the next turn would, each such stop counting `FRONTIER_STEPS` steps
    more (the rest of the turn is lost). A chest does not stop it. The lists returned are
    shared: callers must not change them."""
    opts = st.cfg.options
    key = (start, _key(st), bytes(st.chip), bytes(st.token), opts.crossing_blocks_sight,
           opts.chest_blocks_sight)
    out = _WALKS.get(key)
    if out is None:
        out = _walk(st, start)
        if len(_WALKS) >= WALK_CACHE_LIMIT:
            _WALKS.clear()
        _WALKS[key] = out
    return out


def _walk(st: FeindeState, start: int) -> Walk:
    table = moves(st)
    stops = sight_stops(st)
    chest_sight = st.cfg.options.chest_blocks_sight
    chip = st.chip
    token = st.token
    n = len(table)
    dist = [-1] * n
    first = [-1] * n
    dist[start] = 0
    # buckets[d]: the spaces whose passages are followed with d steps walked (a frontier stop's
    # are followed FRONTIER_STEPS later); every passage costs one step, so buckets taken in order
    # give each space its shortest walk when it is first reached
    buckets: list[list[int]] = [[start]]
    explore = -1
    d = 0
    while d < len(buckets):
        for cur in buckets[d]:
            fa = first[cur]
            for nxt, action in table[cur]:
                if dist[nxt] >= 0 or chip[nxt]:
                    continue
                dist[nxt] = d + 1
                first[nxt] = action if fa < 0 else fa
                t = token[nxt]
                mark = stops[nxt]
                # a room sees unless a monster stands there (R6.2; a chest too, R6.2.1)
                if mark == 1 or (mark == 2 and not (t and (t < CHEST0 or chest_sight))):
                    if explore < 0:
                        explore = nxt
                    at = d + 1 + FRONTIER_STEPS  # he stops there (R3.6); on next turn
                elif 0 < t < CHEST0:
                    # a monster stops him (R3.7); he leaves in his next turn, having fought it
                    # or escaped (R3.4, R3.5)
                    at = d + 1 + FRONTIER_STEPS
                else:
                    at = d + 1
                while len(buckets) <= at:
                    buckets.append([])
                buckets[at].append(nxt)
        d += 1
    return dist, first, explore
