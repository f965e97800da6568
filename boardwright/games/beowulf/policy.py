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

from .data import FIG, GORGE_CODE, PLAY, SELECT, TURN
from .forward import BeowulfState
from .heuristic import evaluate, per_faces
from .notation import TileType
from .rules import empty_cells
from .scoring import line_segments, plain_segments

GORGE = int(TileType.GORGE)
TREASURE = int(TileType.TREASURE)
PLAIN = int(TileType.PLAIN)
COUNSEL = int(TileType.COUNSEL)
#: a figure is placed only where its lines already hold at least this much per diamond
FIGURE_THRESHOLD = 3
#: a special tile is tried on this many spaces where own figures weigh most, and as many where
#: other players' figures do
SPECIAL_SHORTLIST = 3


class _Lines:
    """The act board's row and column segments as the rollout policy sees them (a gorge cuts a
    line, a hole does not), with per segment the tile values and the figures' diamonds in it.

    A space's lines are the two segments through it, so what a figure adds to every space in its
    lines is added once to each of its two segments: one pass over the board instead of a walk
    along each figure's lines.
    """

    __slots__ = ("cell_of", "col_seg", "row_seg", "sums")

    def __init__(self, state: BeowulfState) -> None:
        cfg = state.cfg
        ab = cfg.boards[state.act]
        rows, cols, width = ab.rows, ab.cols, cfg.grid_cols
        board = state.board
        codes = (board[:rows * cols] if width == cols
                 else [board[r * width + c] for r in range(rows) for c in range(cols)])
        cuts = _gorge_codes(cfg.faces)
        if cuts.isdisjoint(codes):
            row_seg, col_seg, size = plain_segments(rows, cols)
        else:
            row_seg, col_seg, size = line_segments([code in cuts for code in codes], rows, cols)
        faces = cfg.faces
        sums = [0] * size
        for i, code in enumerate(codes):
            if 0 < code < FIG and row_seg[i] >= 0:
                value = faces[code - 1][1]
                sums[row_seg[i]] += value
                sums[col_seg[i]] += value
        self.row_seg, self.col_seg, self.sums = row_seg, col_seg, sums
        self.cell_of = _grid_index(rows, cols, width)

    def value(self, cell: int) -> int:
        """The tile values in the lines of `cell`, an empty space."""
        i = self.cell_of[cell]
        return self.sums[self.row_seg[i]] + self.sums[self.col_seg[i]]


@cache
def _grid_index(rows: int, cols: int, width: int) -> dict[int, int]:
    """Board cell (rows of `width`) -> index in the act's rows × cols grid."""
    return {r * width + c: r * cols + c for r in range(rows) for c in range(cols)}


@per_faces
def _gorge_codes(faces: tuple[tuple[int, int], ...]) -> frozenset[int]:
    return frozenset({GORGE_CODE} | {1 + k for k, face in enumerate(faces) if face[0] == GORGE})


def _weights(state: BeowulfState, seat: int) -> tuple[dict[int, int], dict[int, int]]:
    """Per empty space, the diamonds of the figures in its lines: own minus others', and all of
    them (spaces in no figure's lines are left out)."""
    lines = _Lines(state)
    row_seg, col_seg, cell_of = lines.row_seg, lines.col_seg, lines.cell_of
    size = len(lines.sums)
    signed_in = [0] * size
    total_in = [0] * size
    board = state.board
    for cell in state.cfg.boards[state.act].spaces:
        code = board[cell]
        if code >= FIG:
            owner, diamonds = divmod(code - FIG, 5)
            i = cell_of[cell]
            mine = diamonds if owner == seat else -diamonds
            signed_in[row_seg[i]] += mine
            signed_in[col_seg[i]] += mine
            total_in[row_seg[i]] += diamonds
            total_in[col_seg[i]] += diamonds
    signed: dict[int, int] = {}
    total: dict[int, int] = {}
    for cell in empty_cells(state):
        i = cell_of[cell]
        weight = total_in[row_seg[i]] + total_in[col_seg[i]]
        if weight:
            total[cell] = weight
            signed[cell] = signed_in[row_seg[i]] + signed_in[col_seg[i]]
    return signed, total


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
            lines = _Lines(state)
            values = {c: lines.value(c) for c in {(a - ids.fig) % ncells for a in figures}}
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
