"""Act-end scoring (RULES.md R5.2–R5.3, R4.8–R4.10): pure functions of a board.

A figure scores (sum of the tile values in its row segment and its column segment) × (its
diamonds + the Dragon Horns in those segments). A Gorge, played or printed, cuts its row and its
column into segments that are separate for every purpose (R4.10); the gorge cell itself belongs to
neither part. Treachery turns the positive tiles of its segments face down, value 0 (R4.9).
"""

from __future__ import annotations

from dataclasses import dataclass

from .notation import Board, Figure, Space, Tile, TileType


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


def _is_divider(cell: object, holes_split: bool) -> bool:
    if isinstance(cell, Tile):
        return cell.type == TileType.GORGE
    return cell == Space.PRINTED_GORGE or (holes_split and cell == Space.HOLE)


Segments = tuple[list[list[int]], list[list[int]]]


def segments(board: Board, holes_split: bool = False) -> Segments:
    """Segment ids per cell: `row_seg[r][c]`, `col_seg[r][c]`; -1 on a dividing cell."""
    rows, cols = board.rows, board.cols
    divider = [[_is_divider(cell, holes_split) for cell in row] for row in board.cells]
    row_seg = [[-1] * cols for _ in range(rows)]
    col_seg = [[-1] * cols for _ in range(rows)]
    for r in range(rows):
        seg = 0
        for c in range(cols):
            if divider[r][c]:
                seg += 1
            else:
                row_seg[r][c] = seg
    for c in range(cols):
        seg = 0
        for r in range(rows):
            if divider[r][c]:
                seg += 1
            else:
                col_seg[r][c] = seg
    return row_seg, col_seg


def turned_down(
    board: Board, holes_split: bool = False, segs: Segments | None = None
) -> set[tuple[int, int]]:
    """Cells whose positive tile a Treachery in the same segment turns face down (R4.9).

    A Treachery never turns itself down; one Treachery may turn down another positive one.
    """
    row_seg, col_seg = segs or segments(board, holes_split)
    in_row: dict[tuple[int, int], int] = {}  # (row, segment) -> Treacheries there
    in_col: dict[tuple[int, int], int] = {}
    for r, row in enumerate(board.cells):
        for c, cell in enumerate(row):
            if isinstance(cell, Tile) and cell.type == TileType.TREACHERY:
                in_row[r, row_seg[r][c]] = in_row.get((r, row_seg[r][c]), 0) + 1
                in_col[c, col_seg[r][c]] = in_col.get((c, col_seg[r][c]), 0) + 1
    if not in_row:
        return set()
    down: set[tuple[int, int]] = set()
    for r, row in enumerate(board.cells):
        for c, cell in enumerate(row):
            if not isinstance(cell, Tile) or cell.value <= 0 or row_seg[r][c] < 0:
                continue
            itself = 1 if cell.type == TileType.TREACHERY else 0
            if (in_row.get((r, row_seg[r][c]), 0) > itself
                    or in_col.get((c, col_seg[r][c]), 0) > itself):
                down.add((r, c))
    return down


def _listed(tile: Tile) -> bool:
    """Whether a tile appears among a figure's terms. A Dragon Horn without a printed value adds
    a diamond, not a term: the Czech example lists figure G's terms without its horn."""
    return tile.type != TileType.HORN or tile.value != 0


def score_breakdown(
    board: Board, *, holes_split: bool = False, face_down_horn_keeps_ability: bool = True
) -> dict[tuple[int, int], FigureScore]:
    """Every figure's score on `board`, keyed by its (row, col).

    Each segment's tile values (in reading order) and Dragon Horns are gathered once; a figure
    then takes its row segment's, then its column segment's.
    """
    row_seg, col_seg = segs = segments(board, holes_split)
    down = turned_down(board, holes_split, segs)
    row_terms: dict[tuple[int, int], list[int]] = {}
    col_terms: dict[tuple[int, int], list[int]] = {}
    row_horns: dict[tuple[int, int], int] = {}
    col_horns: dict[tuple[int, int], int] = {}
    figures: list[tuple[int, int, Figure]] = []
    for r, row in enumerate(board.cells):
        for c, cell in enumerate(row):
            if isinstance(cell, Figure):
                figures.append((r, c, cell))
            elif isinstance(cell, Tile) and row_seg[r][c] >= 0:
                if _listed(cell):
                    value = 0 if (r, c) in down else cell.value
                    row_terms.setdefault((r, row_seg[r][c]), []).append(value)
                horn = cell.type == TileType.HORN and (
                    face_down_horn_keeps_ability or (r, c) not in down)
                if horn:
                    row_horns[r, row_seg[r][c]] = row_horns.get((r, row_seg[r][c]), 0) + 1
                    col_horns[c, col_seg[r][c]] = col_horns.get((c, col_seg[r][c]), 0) + 1
    for c in range(board.cols):  # column terms top to bottom
        for r in range(board.rows):
            cell = board.cells[r][c]
            if isinstance(cell, Tile) and col_seg[r][c] >= 0 and _listed(cell):
                value = 0 if (r, c) in down else cell.value
                col_terms.setdefault((c, col_seg[r][c]), []).append(value)
    result: dict[tuple[int, int], FigureScore] = {}
    for r, c, fig in figures:
        rkey, ckey = (r, row_seg[r][c]), (c, col_seg[r][c])
        terms = (*row_terms.get(rkey, ()), *col_terms.get(ckey, ()))
        horns = row_horns.get(rkey, 0) + col_horns.get(ckey, 0)
        result[(r, c)] = FigureScore(fig.seat, fig.diamonds, horns, terms, sum(terms))
    return result


def score_figures(
    board: Board, *, holes_split: bool = False, face_down_horn_keeps_ability: bool = True
) -> dict[tuple[int, int], int]:
    """Saga points per figure on a (full) board, keyed by (row, col) from 0."""
    return {
        rc: s.points
        for rc, s in score_breakdown(
            board, holes_split=holes_split,
            face_down_horn_keeps_ability=face_down_horn_keeps_ability,
        ).items()
    }
