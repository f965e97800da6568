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


def segments(board: Board, holes_split: bool = False) -> tuple[list[list[int]], list[list[int]]]:
    """Segment ids per cell: `row_seg[r][c]`, `col_seg[r][c]`; -1 on a dividing cell."""
    rows, cols = board.rows, board.cols
    row_seg = [[-1] * cols for _ in range(rows)]
    col_seg = [[-1] * cols for _ in range(rows)]
    for r in range(rows):
        seg = 0
        for c in range(cols):
            if _is_divider(board.cells[r][c], holes_split):
                seg += 1
            else:
                row_seg[r][c] = seg
    for c in range(cols):
        seg = 0
        for r in range(rows):
            if _is_divider(board.cells[r][c], holes_split):
                seg += 1
            else:
                col_seg[r][c] = seg
    return row_seg, col_seg


def turned_down(board: Board, holes_split: bool = False) -> set[tuple[int, int]]:
    """Cells whose positive tile a Treachery in the same segment turns face down (R4.9).

    A Treachery never turns itself down; one Treachery may turn down another positive one.
    """
    row_seg, col_seg = segments(board, holes_split)
    traitors = [
        (r, c)
        for r, row in enumerate(board.cells)
        for c, cell in enumerate(row)
        if isinstance(cell, Tile) and cell.type == TileType.TREACHERY
    ]
    if not traitors:
        return set()
    reach_rows = {(r, row_seg[r][c]) for r, c in traitors}
    reach_cols = {(c, col_seg[r][c]) for r, c in traitors}
    down: set[tuple[int, int]] = set()
    for r, row in enumerate(board.cells):
        for c, cell in enumerate(row):
            if not isinstance(cell, Tile) or cell.value <= 0 or row_seg[r][c] < 0:
                continue
            others_in_row = (r, row_seg[r][c]) in reach_rows and any(
                t != (r, c) and t[0] == r and row_seg[t[0]][t[1]] == row_seg[r][c]
                for t in traitors
            )
            others_in_col = (c, col_seg[r][c]) in reach_cols and any(
                t != (r, c) and t[1] == c and col_seg[t[0]][t[1]] == col_seg[r][c]
                for t in traitors
            )
            if others_in_row or others_in_col:
                down.add((r, c))
    return down


def score_breakdown(
    board: Board, *, holes_split: bool = False, face_down_horn_keeps_ability: bool = True
) -> dict[tuple[int, int], FigureScore]:
    """Every figure's score on `board`, keyed by its (row, col)."""
    row_seg, col_seg = segments(board, holes_split)
    down = turned_down(board, holes_split)
    rows, cols = board.rows, board.cols

    def value(r: int, c: int) -> int | None:
        cell = board.cells[r][c]
        if not isinstance(cell, Tile):
            return None
        return 0 if (r, c) in down else cell.value

    def is_horn(r: int, c: int) -> bool:
        cell = board.cells[r][c]
        return (
            isinstance(cell, Tile)
            and cell.type == TileType.HORN
            and (face_down_horn_keeps_ability or (r, c) not in down)
        )

    result: dict[tuple[int, int], FigureScore] = {}
    for r in range(rows):
        for c in range(cols):
            fig = board.cells[r][c]
            if not isinstance(fig, Figure):
                continue
            terms: list[int] = []
            horns = 0
            for cc in range(cols):
                if cc != c and row_seg[r][cc] == row_seg[r][c]:
                    v = value(r, cc)
                    if v is not None:
                        terms.append(v)
                    horns += is_horn(r, cc)
            for rr in range(rows):
                if rr != r and col_seg[rr][c] == col_seg[r][c]:
                    v = value(rr, c)
                    if v is not None:
                        terms.append(v)
                    horns += is_horn(rr, c)
            result[(r, c)] = FigureScore(fig.seat, fig.diamonds, horns, tuple(terms), sum(terms))
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
