"""A fast rollout policy for Beowulf's search agents: plausible moves at a few µs each.

Placing a tile: the empty space where its value helps one's own figures most and the others'
least (value × the diamonds in the space's row and column, own counted plus, others minus).
Placing a figure: the space whose lines hold the most value, if that beats drawing. Other
decisions (effects, Good Counsel) are random. Used only on worlds an agent sampled itself.
"""

from __future__ import annotations

import random

from .data import FIG, GORGE_CODE
from .notation import TileType
from .rules import PLAY, SELECT, TURN, empty_cells
from .state import BeowulfState

GORGE = int(TileType.GORGE)
TREASURE = int(TileType.TREASURE)
COUNSEL = int(TileType.COUNSEL)
#: a figure is placed only where its lines already hold at least this much per diamond
FIGURE_THRESHOLD = 3


def _lines(state: BeowulfState, cell: int) -> list[int]:
    """The cells in `cell`'s row and column segments (stopping at gorges), itself excluded."""
    cfg = state.cfg
    ab = cfg.boards[state.act]
    width = cfg.grid_cols
    board = state.board
    faces = cfg.faces
    r, c = divmod(cell, width)
    out = []
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < ab.rows and 0 <= cc < ab.cols:
            code = board[rr * width + cc]
            if code == GORGE_CODE or (0 < code < FIG and faces[code - 1][0] == GORGE):
                break
            out.append(rr * width + cc)
            rr, cc = rr + dr, cc + dc
    return out


def _tile_gain(state: BeowulfState, seat: int, cell: int, value: int) -> float:
    board = state.board
    weight = 0
    for n in _lines(state, cell):
        code = board[n]
        if code >= FIG:
            owner, diamonds = divmod(code - FIG, 5)
            weight += diamonds if owner == seat else -diamonds
    return value * weight


def _line_value(state: BeowulfState, cell: int) -> int:
    board = state.board
    faces = state.cfg.faces
    return sum(faces[board[n] - 1][1] for n in _lines(state, cell) if 0 < board[n] < FIG)


def _best_tile(state: BeowulfState, seat: int, tiles: list[int]) -> int:
    """The tile in hand whose best empty space gains the most (a Treasure may be cashed)."""
    cfg = state.cfg
    ids = cfg.ids
    weights = [_tile_gain(state, seat, c, 1) for c in empty_cells(state)] or [0]
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
        value = cfg.faces[state.selected][1]
        puts = [a for a in legal if ids.put <= a < ids.cash]
        if puts:
            best_put = max(puts, key=lambda a: (_tile_gain(state, seat, a - ids.put, value), -a))
            gain = _tile_gain(state, seat, best_put - ids.put, value)
            if ids.cash in legal and cfg.faces[state.selected][0] == TREASURE and value >= gain:
                return ids.cash
            return best_put
    return rng.choice(legal)

