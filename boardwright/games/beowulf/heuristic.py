"""A heuristic for Beowulf's search agents: each seat's saga points if the act ended now, plus
what its unused figures and hand are still worth. Only ever applied to states an agent sampled
from its own view, so it cannot leak hidden facts.

The weights are plain, named numbers: the agents' strength depends on them, the rules do not.
"""

from __future__ import annotations

from .data import EMPTY
from .rules import OVER, grid_of_act
from .scoring import score_grid, segments
from .state import BeowulfState

#: saga points an unused figure is worth per diamond: it can still score in a later act and it
#: breaks ties (R6.3); lower in Act III, where only the tie-break is left after the act
UNUSED_DIAMOND_VALUE = (2.0, 1.5, 0.5)
#: share of the still empty spaces that tiles (rather than figures) will fill
TILE_FILL_SHARE = 0.6


def evaluate(state: BeowulfState) -> list[float]:
    """Estimated final saga points per seat."""
    values = [float(x) for x in state.saga]
    if state.phase == OVER:
        return values
    cfg = state.cfg
    grid = grid_of_act(state)
    scores, _ = score_grid(grid, cfg.options.face_down_horn_keeps_ability)
    for fs in scores.values():
        values[fs.seat] += fs.points
    weight = UNUSED_DIAMOND_VALUE[min(state.act, len(UNUSED_DIAMOND_VALUE) - 1)]
    for p, supply in enumerate(state.supply):
        values[p] += weight * (2 * supply[2] + 3 * supply[3] + 4 * supply[4])
        values[p] += weight * 0.5 * supply[1]  # longships come back every act
    mean = _mean_pool_value(state)
    if mean and state.empty and scores:
        # a figure's open spaces will likely hold tiles worth `mean` on average
        row_seg, col_seg = segments(grid)
        open_in: dict[int, int] = {}
        ab = cfg.boards[state.act]
        board = state.board
        width = cfg.grid_cols
        for i in range(ab.rows * ab.cols):
            r, c = divmod(i, ab.cols)
            if board[r * width + c] == EMPTY:
                open_in[row_seg[i]] = open_in.get(row_seg[i], 0) + 1
                open_in[col_seg[i]] = open_in.get(col_seg[i], 0) + 1
        for i, fs in scores.items():
            open_cells = open_in.get(row_seg[i], 0) + open_in.get(col_seg[i], 0)
            values[fs.seat] += TILE_FILL_SHARE * mean * open_cells * fs.multiplier
    return values


def _mean_pool_value(state: BeowulfState) -> float:
    cfg = state.cfg
    total = state.pool_act
    if not total:
        return 0.0
    pool = state.pool
    faces = cfg.faces
    return sum(pool[k] * faces[k][1] for k in cfg.act_kinds[state.act]) / total
