"""Beowulf's structured observation: a seat's view as board planes and counts (RULES.md R7).

Read only from `BeowulfState.view(seat)`, so it holds exactly what the seat may know: the board,
every figure and tile on it, its own hand, the acts on the backs of other hands, pool sizes and
the tiles revealed so far. Seats are counted from the observer (0 = the observing seat, 1 = the
next seat, ...; a spectator's view counts from seat 0), so one learner can play any seat.

Boards use the game's common grid (`Config.grid_rows` × `grid_cols`, the largest act board): the
current act's board sits in its top-left corner, cells beyond it are `off_board`. Every field is
documented in `docs/interop.md`; `FIELDS` below says the same in fewer words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from boardwright.engine.api import View
from boardwright.engine.observation import Array, Chunk, Field, Observer

from .data import ACTS, FIGURES, PHASE_NAMES, Config, build_config
from .notation import SEAT_LETTERS, TileType, parse_label

TILE_TYPES = len(TileType)
#: saga points are clipped to this bound (a real game stays far inside it)
SAGA_LIMIT = 1000.0

#: encoded board rows kept by one observer before it starts afresh (a game meets a few hundred)
ROW_CACHE = 20_000
def _chunk(slots: list[int], values: list[float] | None = None) -> Chunk:
    """(slot, value) pairs as the arrays `Observer.scatter` takes (values default to 1)."""
    return (np.asarray(slots, np.intp),
            np.asarray(values if values is not None else [1.0] * len(slots), np.float64))


# what a board token is, precomputed per configuration (see `_token_table`)
_EMPTY, _OFF, _GORGE, _FIGURE, _TILE = range(5)


def _token_table(cfg: Config) -> dict[str, tuple[int, int, int]]:
    """Board token -> (what, a, b): a figure (seat, diamonds), a tile (type, value)."""
    table: dict[str, tuple[int, int, int]] = {".": (_EMPTY, 0, 0), "#": (_OFF, 0, 0),
                                              "X": (_GORGE, 0, 0)}
    for seat in range(cfg.players):
        for diamonds in FIGURES:
            table[f"{SEAT_LETTERS[seat]}{diamonds}"] = (_FIGURE, seat, diamonds)
    for token, (kind_type, value) in zip(cfg.tokens, cfg.faces, strict=True):
        table[token] = (_TILE, kind_type, value)
    return table


class BeowulfObserver(Observer):
    """The fields of one Beowulf configuration (player count and options fix every shape)."""

    def __init__(self, cfg: Config) -> None:
        n, rows, cols, kinds = cfg.players, cfg.grid_rows, cfg.grid_cols, len(cfg.kinds)
        board = (rows, cols)
        super().__init__([
            Field("act", (ACTS,), "one-hot: the act being played (I, II, III)"),
            Field("phase", (len(PHASE_NAMES),),
                  "one-hot: the phase, in the order " + ", ".join(PHASE_NAMES)),
            Field("to_move", (n,), "one-hot: the seat to move (relative; none once over)"),
            Field("off_board", board, "1 on a cell that is not a space of this act's board"),
            Field("empty", board, "1 on an empty space"),
            Field("gorge", board, "1 on a printed gorge (X) or a Gorge tile"),
            Field("figures", (n, 4, *board),
                  "[seat, diamonds - 1, row, col]: 1 where that seat's figure with that many "
                  "diamonds stands (seats relative)"),
            Field("tile_type", (TILE_TYPES, *board),
                  "one-hot per cell: the type of the tile lying there (0 plain boon or peril, "
                  "then " + ", ".join(t.name.lower() for t in TileType if t) + ")"),
            Field("tile_value", board, "the printed value of the tile lying there (0 if none)",
                  low=-20.0, high=20.0, scale=6.0),
            Field("effect_cell", board, "1 on the cell whose special tile is being resolved"),
            Field("swap_first", board, "1 on the first tile chosen for a Golden Statue swap"),
            Field("own_hand", (kinds,), "the seat's own hand: tiles of each kind (Config.kinds)",
                  high=20.0),
            Field("selected", (kinds,), "one-hot: the tile the seat chose to play (to move only)"),
            Field("hand_acts", (n, ACTS),
                  "[seat, act]: tiles of each act in each hand, as the backs show (relative)",
                  high=20.0),
            Field("pools", (ACTS,), "tiles left in each act's pool (0 for acts already played)",
                  high=200.0, scale=30.0),
            Field("revealed", (kinds,), "tiles of each kind turned face up so far",
                  high=50.0, scale=2.0),
            Field("unseen", (kinds,),
                  "tiles of each kind this seat has not seen: all of the kind, less the revealed "
                  "ones and its own hand (they lie in pools or other hands)",
                  high=50.0, scale=2.0),
            Field("supply", (n, 4),
                  "[seat, diamonds - 1]: figures not yet placed (relative)", high=4.0, scale=2.0),
            Field("saga", (n,), "saga points per seat (relative)",
                  low=-SAGA_LIMIT, high=SAGA_LIMIT, scale=100.0),
            Field("start_player", (n,), "one-hot: the seat that started this act (relative)"),
            Field("last_actor", (n,), "one-hot: the seat that moved last (relative)"),
            Field("deal_queue", (n,), "tiles still to be dealt to each seat (relative)",
                  high=10.0),
            Field("winners", (n,), "1 for each winning seat once the game is over (relative)"),
        ])
        self.cfg = cfg
        self.table = _token_table(cfg)
        self.kind_index = {token: k for k, token in enumerate(cfg.tokens)}
        self.phases = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.cells = rows * cols
        #: encoded board rows as arrays of (slots, values), see `encode`
        self.rows: dict[tuple[Any, ...], Chunk] = {}
        #: per act, the slots of `off_board` (cells that are neither a space nor a gorge)
        self.off_board = [
            _chunk([self.start["off_board"] + cell for cell in range(self.cells)
                    if cell not in act.spaces and cell not in act.printed_gorges])
            for act in cfg.boards
        ]
        self.totals_array = np.asarray(cfg.tile_counts, np.float32)
        unseen, revealed, own = (self.start[k] for k in ("unseen", "revealed", "own_hand"))
        self.unseen_part = slice(unseen, unseen + kinds)
        self.revealed_part = slice(revealed, revealed + kinds)
        self.own_part = slice(own, own + kinds)

    def _row(self, me: int, r: int, row: tuple[str, ...]) -> Chunk:
        """The (slot, value) pairs of board row `r` as seen from seat `me`."""
        n, cells = self.cfg.players, self.cells
        at = self.start
        slots: list[int] = []
        values: list[float] = []
        for c, token in enumerate(row):
            what, a, b = self.table[token]
            cell = r * self.cfg.grid_cols + c
            if what == _EMPTY:
                slots.append(at["empty"] + cell)
            elif what == _FIGURE:
                slots.append(at["figures"] + (((a - me) % n) * 4 + b - 1) * cells + cell)
            elif what == _GORGE:
                slots.append(at["gorge"] + cell)
            elif what == _TILE:
                slots.append(at["tile_type"] + a * cells + cell)
                if a == TileType.GORGE:
                    slots.append(at["gorge"] + cell)
            values.extend([1.0] * (len(slots) - len(values)))
            if what == _TILE and b:
                slots.append(at["tile_value"] + cell)
                values.append(float(b))
        return _chunk(slots, values)

    def encode(self, view: View, seat: int | None) -> Array:
        """Like `Observer.encode`, faster: the board comes as cached arrays (a board row
        changes a few times an act, yet is observed at every step: each row is encoded once
        per seat, row index and tokens, then looked up), and `unseen` is computed from the
        vector. This runs at every step of a PettingZoo loop, where it is most of the cost."""
        me = seat if seat is not None else 0
        rows = self.rows
        chunks = [self.off_board[view["act"] - 1]]
        for r, row in enumerate(view["board"]):
            row_key = (me, r, *row)
            done = rows.get(row_key)
            if done is None:
                if len(rows) >= ROW_CACHE:
                    rows.clear()
                done = rows[row_key] = self._row(me, r, tuple(row))
            chunks.append(done)
        slots: list[int] = []
        values: list[float] = []
        self._facts(view, me, slots, values)
        flat = self.scatter(slots, values, chunks)
        np.subtract(self.totals_array, flat[self.revealed_part], out=flat[self.unseen_part])
        flat[self.unseen_part] -= flat[self.own_part]
        # no `clip`: every fact is inside its field's range by construction (saga points are
        # clamped where they are read), and two numpy calls are a tenth of this method's time
        return flat

    def fill(self, view: View, seat: int | None, slots: list[int], values: list[float]
             ) -> None:
        flat = self.encode(view, seat)
        nonzero = np.flatnonzero(flat)
        slots.extend(nonzero.tolist())
        values.extend(flat[nonzero].tolist())

    def _facts(self, view: View, me: int, slots: list[int], values: list[float]) -> None:
        """Everything but the board and `unseen`, as (slot, value) pairs."""
        n, cols = self.cfg.players, self.cfg.grid_cols
        at = self.start
        kind_index = self.kind_index
        ones = slots.append  # most facts are a 1 at a slot; their values are added below
        first = len(slots)
        ones(at["act"] + view["act"] - 1)
        ones(at["phase"] + self.phases[view["phase"]])
        if view["to_move"] is not None:
            ones(at["to_move"] + (view["to_move"] - me) % n)
        for key in ("effect_cell", "swap_first"):
            if key in view:
                rc = parse_label(view[key])
                assert rc is not None
                ones(at[key] + rc[0] * cols + rc[1])
        own_hand = at["own_hand"]
        for p, hand in enumerate(view["hands"]):
            base = at["hand_acts"] + ((p - me) % n) * ACTS - 1
            for act in hand["acts"]:
                ones(base + act)
            for token in hand.get("tiles", ()):
                ones(own_hand + kind_index[token])
        if "selected" in view:
            ones(at["selected"] + kind_index[view["selected"]])
        rel = [(p - me) % n for p in range(n)]
        ones(at["start_player"] + rel[view["start_player"]])
        ones(at["last_actor"] + rel[view["last_actor"]])
        for p in view["deal_queue"]:
            ones(at["deal_queue"] + rel[p])
        for p in view.get("winners", ()):
            ones(at["winners"] + rel[p])
        values.extend([1.0] * (len(slots) - first))
        # facts with other values: counts, saga points
        act = view["act"] - 1
        slots.append(at["pools"] + act)
        values.append(view["pool"])
        for i, count in enumerate(view["later_pools"]):
            slots.append(at["pools"] + act + 1 + i)
            values.append(count)
        revealed = at["revealed"]
        for token, count in view["revealed"].items():
            slots.append(revealed + kind_index[token])
            values.append(count)
        for p, figs in enumerate(view["supply"]):
            base = at["supply"] + rel[p] * 4
            slots.extend((base, base + 1, base + 2, base + 3))
            values.extend((figs["1"], figs["2"], figs["3"], figs["4"]))
            slots.append(at["saga"] + rel[p])
            values.append(min(max(view["saga"][p], -SAGA_LIMIT), SAGA_LIMIT))


def observer(players: int, options: Mapping[str, Any] | None = None) -> BeowulfObserver:
    """The observer of a Beowulf configuration (`Game.observer` finds it here)."""
    return BeowulfObserver(build_config(players, dict(options or {})))
