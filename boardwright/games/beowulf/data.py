"""Beowulf's components and options as data (RULES.md R1, R8).

The printed board sizes and tile mixes are not public; `data/default.json` holds the research
file's proposal, and every piece of it can be replaced through the `boards` and `tiles` options.
Each choice made where the rulebooks are silent is a named option here (RULES.md R8).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from boardwright.engine.actions import ActionSpace
from boardwright.engine.errors import BadConfig

from .notation import ROMAN, Figure, Space, Tile, TileType, cell_label, parse_board, parse_tile

_DEFAULT = json.loads(
    resources.files(__package__).joinpath("data", "default.json").read_text(encoding="utf-8")
)
DEFAULT_BOARDS: tuple[str, ...] = tuple("\n".join(rows) for rows in _DEFAULT["boards"])
DEFAULT_TILES: tuple[tuple[str, ...], ...] = tuple(tuple(t) for t in _DEFAULT["tiles"])

#: R1.2 every player's figures, by diamonds: one Beowulf, two Thanes, three Castles, four Longships
FIGURES = {4: 1, 3: 2, 2: 3, 1: 4}
FIGURE_NAMES = {4: "beowulf", 3: "thane", 2: "castle", 1: "longship"}
STARTING_SAGA = 50  # R2.2
HAND_SIZE = 2  # R2.4, R5.6
ACTS = 3


#: bounds of a replacement board and tile set (a view lists every cell; the printed boards are
#: 5 by 5 and 5 by 10, the printed acts hold 26 to 52 tiles)
MAX_BOARD_SIDE = 12
MAX_BOARD_TEXT = 2 * MAX_BOARD_SIDE * MAX_BOARD_SIDE + MAX_BOARD_SIDE
MAX_ACT_TILES = 120


class BeowulfOptions(BaseModel):
    """Options of a Beowulf game; each non-default value is recorded with the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: R1.4 the three act boards in notation (`.` space, `#` no space, `X` printed gorge)
    boards: tuple[str, str, str] = DEFAULT_BOARDS  # type: ignore[assignment]
    #: R1.6 the tiles of each act, as tile tokens
    tiles: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = DEFAULT_TILES  # type: ignore[assignment]
    #: R8.1 Good Counsel may move any player's figure, not only one's own
    good_counsel_any_figure: bool = False
    #: R8.2 a hand with no playable tile after drawing: end the turn, or play Good Counsel as a
    #: plain 0 tile
    unplayable_hand: Literal["end_turn", "counsel_as_plain"] = "end_turn"
    #: R8.3 between acts, refilling to two tiles is automatic, or each player may decline
    refill: Literal["automatic", "optional"] = "automatic"
    #: R8.4 a hole (`#`) in an irregular board splits its row and column like a gorge
    holes_split_lines: bool = False
    #: R8.5 a tile filling the last space resolves its ability before the act ends
    last_space: Literal["resolve_effect_first", "act_ends_at_once"] = "resolve_effect_first"
    #: R8.6 a Dragon Horn turned face down by Treachery keeps its extra diamond
    face_down_horn_keeps_ability: bool = True
    #: R3.6.1 a player with no figure and no tile in hand may still draw while the pool has
    #: tiles (the engine before rules 1.1); the books skip him
    empty_hand_draws: bool = False
    #: R5.7.1 who starts Acts II and III: the ender's left neighbour (S-HU) or the player whose
    #: turn would have followed the ender, skipping a player who would be skipped (S-CZ)
    act_start: Literal["left_neighbour", "next_to_act"] = "left_neighbour"
    #: R2.5 the youngest player's seat, who starts Act I
    first_player: int = Field(default=0, ge=0, le=3)

    @field_validator("boards")
    @classmethod
    def _boards_parse(cls, boards: tuple[str, ...]) -> tuple[str, ...]:
        for i, text in enumerate(boards):
            if len(text) > MAX_BOARD_TEXT:
                raise ValueError(f"Act {ROMAN[i]} board is longer than {MAX_BOARD_TEXT} "
                                 "characters")
            try:
                board = parse_board(text)
            except BadConfig as exc:
                raise ValueError(f"Act {ROMAN[i]} board: {exc.message}") from None
            for row in board.cells:
                for cell in row:
                    if not isinstance(cell, Space):
                        raise ValueError(f"Act {ROMAN[i]} board may hold only '.', '#' and 'X'")
            if len(board.cells) > MAX_BOARD_SIDE or len(board.cells[0]) > MAX_BOARD_SIDE:
                raise ValueError(f"Act {ROMAN[i]} board has more than {MAX_BOARD_SIDE} rows "
                                 "or columns")
            if not any(cell == Space.EMPTY for row in board.cells for cell in row):
                raise ValueError(f"Act {ROMAN[i]} board has no space")
        return boards

    @field_validator("tiles")
    @classmethod
    def _tiles_parse(cls, tiles: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        for i, act in enumerate(tiles):
            if len(act) > MAX_ACT_TILES:
                raise ValueError(f"Act {ROMAN[i]} has more than {MAX_ACT_TILES} tiles")
            for token in act:
                try:
                    parse_tile(token)
                except BadConfig as exc:
                    raise ValueError(f"Act {ROMAN[i]} tiles: {exc.message}") from None
        return tiles

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from the defaults (what a record stores)."""
        return self.model_dump(mode="json", exclude_defaults=True)


def parse_options(options: dict[str, Any] | None) -> BeowulfOptions:
    try:
        return BeowulfOptions(**(options or {}))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "options"
        raise BadConfig(f"bad Beowulf option {where}: {err['msg']}", option=where) from None


# Phases. DEAL and DRAW are chance nodes; OVER is terminal.
DEAL, TURN, DRAW, SELECT, PLAY, REMOVE, SWAP_FIRST, SWAP_SECOND, REFILL, OVER = range(10)
PHASE_NAMES = (
    "deal", "turn", "draw", "select", "play", "remove", "swap_first", "swap_second", "refill",
    "over",
)
CHANCE_PHASES = (DEAL, DRAW)
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIRECTION_NAMES = ("up", "right", "down", "left")

@dataclass(frozen=True, slots=True)
class Kind:
    """A distinct tile as it sits in a hand or a pool: its act and its face."""

    act: int
    tile: Tile

    def token(self) -> str:
        return f"{self.tile.token()}/{ROMAN[self.act]}"


@dataclass(frozen=True, slots=True)
class ActBoard:
    """One act's board on the common grid: which cells are spaces, which are printed gorges."""

    rows: int
    cols: int
    spaces: tuple[int, ...]  # cell ids of the spaces, in reading order
    printed_gorges: tuple[int, ...]
    #: neighbours[cell] = ((direction, cell), ...) among spaces; 0 up, 1 right, 2 down, 3 left
    neighbours: tuple[tuple[tuple[int, int], ...], ...]


NOSPACE = -1
GORGE_CODE = -2
EMPTY = 0
FIG = 1000  # a figure's code is FIG + 5 * seat + diamonds; a tile's code is 1 + its kind


@dataclass(frozen=True, slots=True)
class Ids:
    """First id of each action block (see `Config.space`), kept as plain ints for speed."""

    fig: int
    draw: int
    choose: int
    put: int
    cash: int
    mead: int
    counsel: int
    target: int
    pass_: int
    deal: int


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed for one game: player count, options, boards, tile kinds, action ids."""

    players: int
    options: BeowulfOptions
    grid_rows: int
    grid_cols: int
    boards: tuple[ActBoard, ...]
    kinds: tuple[Kind, ...]
    act_kinds: tuple[tuple[int, ...], ...]
    tile_counts: tuple[int, ...]
    space: ActionSpace
    ids: Ids
    #: `kinds[k].token()` for every kind, computed once (views and events use them constantly)
    tokens: tuple[str, ...]
    #: `(type, value)` of every kind, for scoring without building tile objects
    faces: tuple[tuple[int, int], ...]

    @property
    def cells(self) -> int:
        return self.grid_rows * self.grid_cols

    def empty_board(self, act: int) -> list[int]:
        board = [NOSPACE] * self.cells
        for c in self.boards[act].spaces:
            board[c] = EMPTY
        for c in self.boards[act].printed_gorges:
            board[c] = GORGE_CODE
        return board


@lru_cache(maxsize=64)
def _build(players: int, options: BeowulfOptions) -> Config:
    boards = [parse_board(text) for text in options.boards]
    grid_rows = max(b.rows for b in boards)
    grid_cols = max(b.cols for b in boards)
    act_boards = []
    for b in boards:
        spaces, gorges = [], []
        for r in range(b.rows):
            for c in range(b.cols):
                if b.cells[r][c] == Space.EMPTY:
                    spaces.append(r * grid_cols + c)
                elif b.cells[r][c] == Space.PRINTED_GORGE:
                    gorges.append(r * grid_cols + c)
        space_set = set(spaces)
        neighbours: list[tuple[tuple[int, int], ...]] = []
        for cell in range(grid_rows * grid_cols):
            r, c = divmod(cell, grid_cols)
            around = []
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                rr, cc = r + dr, c + dc
                if 0 <= rr < grid_rows and 0 <= cc < grid_cols:
                    n = rr * grid_cols + cc
                    if n in space_set:
                        around.append((d, n))
            neighbours.append(tuple(around))
        act_boards.append(ActBoard(b.rows, b.cols, tuple(spaces), tuple(gorges), tuple(neighbours)))
    kinds: list[Kind] = []
    counts: list[int] = []
    act_kinds: list[tuple[int, ...]] = []
    for act, tokens in enumerate(options.tiles):
        tiles = [parse_tile(t) for t in tokens]
        distinct = sorted(set(tiles), key=lambda t: (t.type, t.value))
        first = len(kinds)
        for t in distinct:
            kinds.append(Kind(act, t))
            counts.append(tiles.count(t))
        act_kinds.append(tuple(range(first, len(kinds))))
    ncells = grid_rows * grid_cols
    space = ActionSpace(
        [
            ("place_figure", 4 * ncells),
            ("draw", 1),
            ("choose_tile", len(kinds)),
            ("place_tile", ncells),
            ("cash_in", 1),
            ("replace_mead", ncells),
            ("counsel", 4 * ncells),
            ("target", ncells),
            ("pass", 1),
            ("deal", len(kinds)),
        ]
    )
    ids = Ids(*(space.start(b.name) for b in space.blocks()))
    return Config(players, options, grid_rows, grid_cols, tuple(act_boards), tuple(kinds),
                  tuple(act_kinds), tuple(counts), space, ids, tuple(k.token() for k in kinds),
                  tuple((int(k.tile.type), k.tile.value) for k in kinds))


def build_config(players: int, options: dict[str, Any] | BeowulfOptions | None) -> Config:
    """The configuration for `players` seats; `BadConfig` for a bad count or option."""
    if type(players) is not int or not 2 <= players <= 4:
        raise BadConfig(f"Beowulf is for 2 to 4 players, not {players!r}", players=players)
    opts = options if isinstance(options, BeowulfOptions) else parse_options(options)
    if not 0 <= opts.first_player < players:
        raise BadConfig(
            f"first_player must be a seat from 0 to {players - 1}, not {opts.first_player}",
            option="first_player",
        )
    return _build(players, opts)


def figure_code(seat: int, diamonds: int) -> int:
    return FIG + 5 * seat + diamonds


def code_to_cell(code: int, cfg: Config) -> Space | Tile | Figure:
    if code == EMPTY:
        return Space.EMPTY
    if code == NOSPACE:
        return Space.HOLE
    if code == GORGE_CODE:
        return Space.PRINTED_GORGE
    if code >= FIG:
        seat, diamonds = divmod(code - FIG, 5)
        return Figure(seat, diamonds)
    return cfg.kinds[code - 1].tile


__all__ = [
    "ACTS",
    "DEFAULT_BOARDS",
    "DEFAULT_TILES",
    "EMPTY",
    "FIG",
    "FIGURES",
    "FIGURE_NAMES",
    "GORGE_CODE",
    "HAND_SIZE",
    "NOSPACE",
    "STARTING_SAGA",
    "ActBoard",
    "BeowulfOptions",
    "Config",
    "Ids",
    "Kind",
    "TileType",
    "build_config",
    "code_to_cell",
    "figure_code",
    "parse_options",
]


def label(cfg: Config, cell: int) -> str:
    """A cell's board label (`B3`)."""
    return cell_label(*divmod(cell, cfg.grid_cols))
