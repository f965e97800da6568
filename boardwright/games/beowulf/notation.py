"""Board notation for Beowulf: one text line per row, cells separated by whitespace.

- `.` an empty space; `#` not a space; `X` a gorge printed on the board (Act II);
- `+N` / `-N` a plain boon / peril;
- special tiles by letter with an optional signed value (none = 0): `T` Treachery, `C` Gorge,
  `H` Dragon Horn, `S` Golden Statue, `A` Good Counsel, `W` Treasure, `M` Mead, `D` Drunkenness,
  `V` Valour, `E` Temptation (e.g. `M+2`, `D-3`, `W+4`);
- figures: seat letter `a`–`d` and diamonds `1`–`4` (`a1` a Longship of seat a, `b4` Beowulf of b).

A tile kind (a tile as it lies in a hand or a pool) adds its act: `+3/I`, `W+1/II`, `T/III`.
`X` is our extension for the printed gorges, which no tile can replace and no statue can move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from boardwright.engine.errors import BadConfig


class TileType(IntEnum):
    PLAIN = 0
    TEMPTATION = 1
    VALOUR = 2
    TREASURE = 3
    DRUNKENNESS = 4
    MEAD = 5
    STATUE = 6
    COUNSEL = 7
    HORN = 8
    TREACHERY = 9
    GORGE = 10


LETTER = {
    TileType.TEMPTATION: "E",
    TileType.VALOUR: "V",
    TileType.TREASURE: "W",
    TileType.DRUNKENNESS: "D",
    TileType.MEAD: "M",
    TileType.STATUE: "S",
    TileType.COUNSEL: "A",
    TileType.HORN: "H",
    TileType.TREACHERY: "T",
    TileType.GORGE: "C",
}
TYPE_OF_LETTER = {v: k for k, v in LETTER.items()}
ROMAN = ("I", "II", "III")
SEAT_LETTERS = "abcd"

_TILE = re.compile(r"^([EVWDMSAHTC]?)([+-]\d+)?$")
_FIGURE = re.compile(r"^([a-d])([1-4])$")


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile's face: its type and printed value (0 when none is printed)."""

    type: TileType
    value: int = 0

    def token(self) -> str:
        if self.type == TileType.PLAIN:
            return f"{self.value:+d}"
        letter = LETTER[self.type]
        return letter if self.value == 0 else f"{letter}{self.value:+d}"


@dataclass(frozen=True, slots=True)
class Figure:
    seat: int
    diamonds: int

    def token(self) -> str:
        return f"{SEAT_LETTERS[self.seat]}{self.diamonds}"


class Space(IntEnum):
    """Cells that hold no piece: an empty space, a hole in the board, a printed gorge."""

    EMPTY = 0
    HOLE = 1
    PRINTED_GORGE = 2


Cell = Space | Tile | Figure


def parse_tile(token: str) -> Tile:
    """`+3`, `-2`, `W+1`, `T`... -> Tile; `BadConfig` naming the token otherwise."""
    m = _TILE.match(token)
    if not m or (not m.group(1) and not m.group(2)):
        raise BadConfig(f"{token!r} is not a tile (examples: +3, -2, W+1, T, M+2)", token=token)
    letter, number = m.group(1), m.group(2)
    value = int(number) if number else 0
    if not letter:
        if value == 0:
            raise BadConfig(f"{token!r}: a plain tile needs a non-zero value", token=token)
        return Tile(TileType.PLAIN, value)
    return Tile(TYPE_OF_LETTER[letter], value)


def parse_cell(token: str) -> Cell:
    if token == ".":
        return Space.EMPTY
    if token == "#":
        return Space.HOLE
    if token == "X":
        return Space.PRINTED_GORGE
    m = _FIGURE.match(token)
    if m:
        return Figure(SEAT_LETTERS.index(m.group(1)), int(m.group(2)))
    return parse_tile(token)


def cell_token(cell: Cell) -> str:
    if isinstance(cell, Space):
        return ".#X"[cell]
    return cell.token()


@dataclass(frozen=True, slots=True)
class Board:
    """A rectangular board; `cells[r][c]`, rows and columns from 0."""

    cells: tuple[tuple[Cell, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def __getitem__(self, rc: tuple[int, int]) -> Cell:
        return self.cells[rc[0]][rc[1]]

    def text(self) -> str:
        """The board in notation, columns aligned."""
        tokens = [[cell_token(c) for c in row] for row in self.cells]
        width = max((len(t) for row in tokens for t in row), default=1)
        return "\n".join(" ".join(t.ljust(width) for t in row).rstrip() for row in tokens)


def parse_board(text: str) -> Board:
    """Parse the notation (blank lines ignored); every row must have the same number of cells."""
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if not rows:
        raise BadConfig("a board needs at least one row")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise BadConfig(f"board row {i + 1} has {len(row)} cells, row 1 has {width}", row=i)
    return Board(tuple(tuple(parse_cell(t) for t in row) for row in rows))


def cell_label(row: int, col: int) -> str:
    """`A1` is the top-left space: column letter, then row number from 1."""
    return f"{chr(ord('A') + col)}{row + 1}"


_LABEL = re.compile(r"^([A-Za-z])(\d{1,2})$")


def parse_label(text: str) -> tuple[int, int] | None:
    m = _LABEL.match(text)
    if not m:
        return None
    return int(m.group(2)) - 1, ord(m.group(1).upper()) - ord("A")
