"""Act-end scoring (RULES.md R5.2–R5.3, R4.8–R4.10): pure functions of a board.

A figure scores (sum of the tile values in its row segment and its column segment) × (its
diamonds + the Dragon Horns in those segments). A Gorge, played or printed, cuts its row and its
column into segments that are separate for every purpose (R4.10); the gorge cell itself belongs to
neither part. Treachery turns the positive tiles of its segments face down, value 0 (R4.9).

One core, `score_grid`, works on flat lists (cell = row × cols + col) so that both the public
`Board` API and the game state (and the search agents' heuristic) share one implementation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .notation import Board, Figure, Space, Tile, TileType

GORGE = int(TileType.GORGE)
HORN = int(TileType.HORN)
TREACHERY = int(TileType.TREACHERY)


@dataclass(frozen=True, slots=True)
class FigureScore:
    """How one figure scored: the terms it counted (row first, then column) and the result."""

    seat: int
    diamonds: int
    horns: int
    terms: tuple[int, ...]
    total: int

    @property
    def multiplier(self) -> int:
        return self.diamonds + self.horns

    @property
    def points(self) -> int:
        return self.total * self.multiplier


@dataclass(frozen=True, slots=True)
class Grid:
    """A board as flat lists: per cell a tile face `(type, value)`, a figure `(seat, diamonds)`,
    and whether it divides its lines (a gorge tile, a printed gorge, or a hole if holes split)."""

    rows: int
    cols: int
    tiles: Sequence[tuple[int, int] | None]
    figures: Sequence[tuple[int, int] | None]
    dividers: Sequence[bool]


def grid_of_board(board: Board, holes_split: bool = False) -> Grid:
    """A notation board as a scoring grid for R5.2; gorges divide lines (R4.10), holes too
    under R8.4."""
    tiles: list[tuple[int, int] | None] = []
    figures: list[tuple[int, int] | None] = []
    dividers: list[bool] = []
    for row in board.cells:
        for cell in row:
            tile = (int(cell.type), cell.value) if isinstance(cell, Tile) else None
            tiles.append(tile)
            figures.append((cell.seat, cell.diamonds) if isinstance(cell, Figure) else None)
            dividers.append(
                (tile is not None and tile[0] == GORGE)
                or cell == Space.PRINTED_GORGE
                or (holes_split and cell == Space.HOLE)
            )
    return Grid(board.rows, board.cols, tiles, figures, dividers)


def segments(grid: Grid) -> tuple[list[int], list[int]]:
    """Row- and column-segment ids per cell (R4.10; -1 on a dividing cell, R8.7); ids are
    unique per board."""
    row_seg, col_seg, _ = line_segments(grid.dividers, grid.rows, grid.cols)
    return row_seg, col_seg


def line_segments(dividers: Sequence[bool], rows: int,
                  cols: int) -> tuple[list[int], list[int], int]:
    """`segments` (R4.10) on a flat list of dividers, with the number of ids (all are below it)."""
    n = rows * cols
    row_seg = [-1] * n
    col_seg = [-1] * n
    seg = 0
    for r in range(rows):
        seg += 1
        for i in range(r * cols, r * cols + cols):
            if dividers[i]:
                seg += 1
            else:
                row_seg[i] = seg
    for c in range(cols):
        seg += 1
        for i in range(c, n, cols):
            if dividers[i]:
                seg += 1
            else:
                col_seg[i] = seg
    return row_seg, col_seg, seg + 1


@cache
def plain_segments(rows: int, cols: int) -> tuple[list[int], list[int], int]:
    """`line_segments` of a board with no divider: whole rows and columns (R5.2). Shared and cached,
    so callers must only read the lists."""
    return line_segments([False] * (rows * cols), rows, cols)


def _turned_down(grid: Grid, row_seg: list[int], col_seg: list[int]) -> set[int]:
    """Cells whose positive tile a Treachery in the same segment turns face down (R4.9, R8.9)."""
    in_row: dict[int, int] = {}  # segment id -> Treacheries in it
    in_col: dict[int, int] = {}
    tiles = grid.tiles
    for i, tile in enumerate(tiles):
        if tile is not None and tile[0] == TREACHERY and row_seg[i] >= 0:
            in_row[row_seg[i]] = in_row.get(row_seg[i], 0) + 1
            in_col[col_seg[i]] = in_col.get(col_seg[i], 0) + 1
    if not in_row:
        return set()
    down: set[int] = set()
    for i, tile in enumerate(tiles):
        if tile is None or tile[1] <= 0 or row_seg[i] < 0:
            continue
        itself = 1 if tile[0] == TREACHERY else 0  # R8.9 never itself
        if in_row.get(row_seg[i], 0) > itself or in_col.get(col_seg[i], 0) > itself:
            down.add(i)
    return down


def score_grid(
    grid: Grid, face_down_horn_keeps_ability: bool = True
) -> tuple[dict[int, FigureScore], set[int]]:
    """Every figure's score keyed by cell (R5.2, Horns R4.8 and R8.6), and the cells Treachery
    turned face down (R4.9)."""
    row_seg, col_seg = segments(grid)
    down = _turned_down(grid, row_seg, col_seg)
    terms: dict[int, list[int]] = {}  # segment id -> tile values, in reading order
    horns: dict[int, int] = {}
    tiles = grid.tiles
    cols = grid.cols
    by_rows = range(len(tiles))
    by_cols = [r * cols + c for c in range(cols) for r in range(grid.rows)]
    for order, seg_of in ((by_rows, row_seg), (by_cols, col_seg)):
        for i in order:
            tile = tiles[i]
            seg = seg_of[i]
            if tile is None or seg < 0:
                continue
            kind, value = tile
            if kind == HORN and (face_down_horn_keeps_ability or i not in down):
                horns[seg] = horns.get(seg, 0) + 1
            if kind != HORN or value != 0:  # a value-less horn is a diamond, not a term
                terms.setdefault(seg, []).append(0 if i in down else value)
    result: dict[int, FigureScore] = {}
    for i, fig in enumerate(grid.figures):
        if fig is None:
            continue
        r_seg, c_seg = row_seg[i], col_seg[i]
        counted = (*terms.get(r_seg, ()), *terms.get(c_seg, ()))
        extra = horns.get(r_seg, 0) + horns.get(c_seg, 0)
        result[i] = FigureScore(fig[0], fig[1], extra, counted, sum(counted))
    return result, down


def turned_down(board: Board, holes_split: bool = False) -> set[tuple[int, int]]:
    """Cells whose positive tile a Treachery in the same segment turns face down (R4.9).

    A Treachery never turns itself down; one Treachery may turn down another positive one
    (R8.9).
    """
    grid = grid_of_board(board, holes_split)
    row_seg, col_seg = segments(grid)
    return {divmod(i, board.cols) for i in _turned_down(grid, row_seg, col_seg)}


def score_breakdown(
    board: Board, *, holes_split: bool = False, face_down_horn_keeps_ability: bool = True
) -> dict[tuple[int, int], FigureScore]:
    """Every figure's score on `board` (R5.2), keyed by its (row, col)."""
    scores, _ = score_grid(grid_of_board(board, holes_split), face_down_horn_keeps_ability)
    return {divmod(i, board.cols): fs for i, fs in scores.items()}


def score_figures(
    board: Board, *, holes_split: bool = False, face_down_horn_keeps_ability: bool = True
) -> dict[tuple[int, int], int]:
    """Saga points per figure on a (full) board (R5.2), keyed by (row, col) from 0."""
    return {
        rc: s.points
        for rc, s in score_breakdown(
            board, holes_split=holes_split,
            face_down_horn_keeps_ability=face_down_horn_keeps_ability,
        ).items()
    }
