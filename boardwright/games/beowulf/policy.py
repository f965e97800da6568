"""A fast rollout policy for Beowulf's search agents: plausible moves at a few µs each.

Placing a tile: the empty space where its value helps one's own figures most and the others'
least (value × the diamonds in the space's row and column, own counted plus, others minus). A
special tile's worth lies in its effect, not its value: the few spaces where own figures weigh
most and those where others' do are judged by the heuristic itself, as the greedy player would.
Placing a figure: the space whose lines hold the most value, if that beats drawing. Other
decisions (effects, Good Counsel) are random. Used only on worlds an agent sampled itself.
"""

from __future__ import annotations

import random
from functools import cache

from .data import FIG, GORGE_CODE
from .heuristic import evaluate, per_faces
from .notation import TileType
from .rules import PLAY, SELECT, TURN, empty_cells
from .state import BeowulfState

GORGE = int(TileType.GORGE)
TREASURE = int(TileType.TREASURE)
PLAIN = int(TileType.PLAIN)
COUNSEL = int(TileType.COUNSEL)
#: a figure is placed only where its lines already hold at least this much per diamond
FIGURE_THRESHOLD = 3
#: a special tile is tried on this many spaces where own figures weigh most, and as many where
#: other players' figures do
SPECIAL_SHORTLIST = 3


def _lines(state: BeowulfState, cell: int) -> list[int]:
    """The cells in `cell`'s row and column segments (stopping at gorges), itself excluded."""
    cfg = state.cfg
    ab = cfg.boards[state.act]
    board = state.board
    cuts = _gorge_codes(cfg.faces)
    out: list[int] = []
    for ray in _rays(ab.rows, ab.cols, cfg.grid_cols)[cell]:
        for n in ray:
            if board[n] in cuts:
                break
            out.append(n)
    return out


@cache
def _rays(rows: int, cols: int, width: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Per cell, the four straight runs of cells away from it, nearest first."""
    out: dict[int, tuple[tuple[int, ...], ...]] = {}
    for r in range(rows):
        for c in range(cols):
            out[r * width + c] = (
                tuple(r * width + cc for cc in range(c + 1, cols)),
                tuple(r * width + cc for cc in range(c - 1, -1, -1)),
                tuple(rr * width + c for rr in range(r + 1, rows)),
                tuple(rr * width + c for rr in range(r - 1, -1, -1)),
            )
    return out


@per_faces
def _gorge_codes(faces: tuple[tuple[int, int], ...]) -> frozenset[int]:
    return frozenset({GORGE_CODE} | {1 + k for k, face in enumerate(faces) if face[0] == GORGE})


def _weights(state: BeowulfState, seat: int) -> tuple[dict[int, int], dict[int, int]]:
    """Per space, the diamonds of the figures in its lines: own minus others', and all of them.

    Built from the figures outwards (a space is in a figure's lines exactly when the figure is in
    the space's), so it costs one walk per figure rather than one per empty space.
    """
    signed: dict[int, int] = {}
    total: dict[int, int] = {}
    board = state.board
    for cell in state.cfg.boards[state.act].spaces:
        code = board[cell]
        if code >= FIG:
            owner, diamonds = divmod(code - FIG, 5)
            mine = diamonds if owner == seat else -diamonds
            for n in _lines(state, cell):
                signed[n] = signed.get(n, 0) + mine
                total[n] = total.get(n, 0) + diamonds
    return signed, total


def _line_value(state: BeowulfState, cell: int) -> int:
    board = state.board
    faces = state.cfg.faces
    return sum(faces[board[n] - 1][1] for n in _lines(state, cell) if 0 < board[n] < FIG)


def _best_tile(state: BeowulfState, seat: int, tiles: list[int]) -> int:
    """The tile in hand whose best empty space gains the most (a Treasure may be cashed)."""
    cfg = state.cfg
    ids = cfg.ids
    signed, _ = _weights(state, seat)
    weights = [signed.get(c, 0) for c in empty_cells(state)] or [0]
    top, bottom = max(weights), min(weights)

    def gain(action: int) -> tuple[float, int]:
        tile_type, value = cfg.faces[action - ids.choose]
        best = value * (top if value > 0 else bottom)
        if tile_type == TREASURE:
            best = max(best, value)
        return best, abs(value)

    return max(tiles, key=lambda a: (gain(a), a))


def rollout_action(state: BeowulfState, rng: random.Random) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cfg = state.cfg
    ids = cfg.ids
    seat = state.to_move
    if state.phase == TURN:
        ncells = cfg.grid_rows * cfg.grid_cols
        figures = [a for a in legal if a < ids.draw]
        if figures:
            values = {c: _line_value(state, c) for c in {(a - ids.fig) % ncells for a in figures}}
            best = max(values, key=lambda c: (values[c], -c))
            if values[best] >= FIGURE_THRESHOLD or ids.draw not in legal:
                biggest = max((a - ids.fig) // ncells for a in figures
                              if (a - ids.fig) % ncells == best)
                return ids.fig + biggest * ncells + best
        if ids.draw in legal:
            return ids.draw
    if state.phase == SELECT or (state.phase == TURN and legal[-1] >= ids.choose):
        tiles = [a for a in legal if ids.choose <= a < ids.put]
        if tiles:
            return _best_tile(state, seat, tiles)
    if state.phase == PLAY and cfg.faces[state.selected][0] != COUNSEL:
        return _best_play(state, seat, legal)
    return rng.choice(legal)


def _best_play(state: BeowulfState, seat: int, legal: list[int]) -> int:
    """Where to play the selected tile. A plain tile (or a Treasure) goes where value × diamonds
    is best; a special tile's few most promising spaces are judged by the heuristic itself."""
    cfg = state.cfg
    ids = cfg.ids
    tile_type, value = cfg.faces[state.selected]
    puts = [a for a in legal if ids.put <= a < ids.cash]
    if not puts:
        return legal[0]
    signed, total = _weights(state, seat)
    if tile_type in (PLAIN, TREASURE):
        best_put = max(puts, key=lambda a: (value * signed.get(a - ids.put, 0), -a))
        gain = value * signed.get(best_put - ids.put, 0)
        if ids.cash in legal and tile_type == TREASURE and value >= gain:
            return ids.cash
        return best_put
    # a special tile's effect reaches only figures' lines, helping or hurting their owners: judge
    # the spaces where own figures weigh most, those where others' do, and any other choice
    # (replacing a Mead)
    near = sorted((a for a in puts if total.get(a - ids.put)),
                  key=lambda a: (-signed[a - ids.put], a))
    ends = near[:SPECIAL_SHORTLIST] + near[SPECIAL_SHORTLIST:][-SPECIAL_SHORTLIST:]
    shortlist = (ends or puts[:1]) + [a for a in legal if a not in puts]
    if len(shortlist) == 1:
        return shortlist[0]
    best, best_value = shortlist[0], float("-inf")
    for action in shortlist:
        child = state.clone()
        child.apply(action)
        values = evaluate(child)
        lead = values[seat] - max(v for p, v in enumerate(values) if p != seat)
        if lead > best_value:
            best, best_value = action, lead
    return best
