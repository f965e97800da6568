"""Beowulf's table as data: its fields, copying, (de)serialisation and per-seat views.

Nothing here changes the table by a rule: the rules are functions in `rules.py` (and
`scoring.py`), `forward.py` wires them to the engine's `State` contract, `sample.py` draws the
hidden tiles, `actions.py` reads and writes action ids.

The board is a flat list of int codes on a grid shared by all acts (`data.EMPTY`, `NOSPACE`,
`GORGE_CODE`, 1 + tile kind, `FIG` + 5 × seat + diamonds), so a clone is a handful of list
copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from boardwright.engine.api import View
from boardwright.engine.errors import BadRecord

from .data import (
    DEAL,
    EMPTY,
    FIG,
    FIGURES,
    GORGE_CODE,
    HAND_SIZE,
    NOSPACE,
    OVER,
    PHASE_NAMES,
    STARTING_SAGA,
    Config,
    build_config,
    label,
)
from .notation import ROMAN, SEAT_LETTERS

STATE_FORMAT = "beowulf-state/1"


class BeowulfTable:
    """Everything on and beside the table, and whose turn it is in which phase (R2–R6).

    The engine's methods are added by `forward.BeowulfState`, the class every state is made
    of; the table alone is what the rules read and change."""

    __slots__ = (
        "_legal", "act", "act_results", "board", "boxed", "boxed_figs", "cfg", "deal_decides",
        "deal_queue", "effect_cell", "empty", "hands", "last_actor", "phase", "pool", "pool_act",
        "revealed", "saga", "selected", "start_player", "supply", "swap_first", "to_move",
    )

    cfg: Config
    act: int
    board: list[int]
    empty: int
    pool: list[int]
    pool_act: int
    hands: list[list[int]]
    supply: list[list[int]]
    boxed_figs: list[int]
    boxed: list[int]
    revealed: list[int]
    saga: list[int]
    phase: int
    to_move: int
    selected: int
    effect_cell: int
    swap_first: int
    deal_queue: list[int]
    deal_decides: bool
    start_player: int
    last_actor: int
    act_results: list[dict[str, Any]]
    _legal: list[int] | None

    def __init__(self, cfg: Config) -> None:
        """R2 set-up: Act I board, 10 figures and 50 saga points each; the two tiles each are
        dealt by chance (`deal_queue`), so the table starts in the DEAL phase."""
        n = cfg.players
        first = cfg.options.first_player
        self.cfg = cfg
        self.act = 0
        self.board = cfg.empty_board(0)
        self.empty = len(cfg.boards[0].spaces)
        self.pool = list(cfg.tile_counts)
        self.pool_act = sum(self.pool[k] for k in cfg.act_kinds[0])
        self.hands = [[] for _ in range(n)]
        self.supply = [[0, FIGURES[1], FIGURES[2], FIGURES[3], FIGURES[4]] for _ in range(n)]
        self.boxed_figs = [0] * n
        self.boxed = [0] * len(cfg.kinds)
        self.revealed = [0] * len(cfg.kinds)
        self.saga = [STARTING_SAGA] * n
        self.phase = DEAL
        self.to_move = first
        self.selected = -1
        self.effect_cell = -1
        self.swap_first = -1
        self.deal_queue = [(first + i) % n for i in range(n) for _ in range(HAND_SIZE)]
        self.deal_decides = False
        self.start_player = first
        self.last_actor = (first - 1) % n
        self.act_results = []
        self._legal = None

    def invalidate(self) -> None:
        """Forget the cached legal actions (every action that changes the table calls it)."""
        self._legal = None


    def unused_diamonds(self, seat: int) -> int:
        """R6.3 the diamonds on the figures a player has not used up."""
        return sum(d * n for d, n in enumerate(self.supply[seat]))

    def _ranking(self) -> list[tuple[int, int]]:
        """R6.2–R6.3 each seat's saga points, then the diamonds on its unused figures."""
        return [(self.saga[p], self.unused_diamonds(p)) for p in range(self.cfg.players)]

    def winners(self) -> list[int]:
        """R6.2–R6.4 most saga points; then most diamonds on unused figures; else shared."""
        if self.phase != OVER:
            return []
        keys = self._ranking()
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def clone(self) -> Self:
        s = object.__new__(type(self))
        s.cfg = self.cfg
        s.act = self.act
        s.board = self.board[:]
        s.empty = self.empty
        s.pool = self.pool[:]
        s.pool_act = self.pool_act
        s.hands = [h[:] for h in self.hands]
        s.supply = [x[:] for x in self.supply]
        s.boxed_figs = self.boxed_figs[:]
        s.boxed = self.boxed[:]
        s.revealed = self.revealed[:]
        s.saga = self.saga[:]
        s.phase = self.phase
        s.to_move = self.to_move
        s.selected = self.selected
        s.effect_cell = self.effect_cell
        s.swap_first = self.swap_first
        s.deal_queue = self.deal_queue[:]
        s.deal_decides = self.deal_decides
        s.start_player = self.start_player
        s.last_actor = self.last_actor
        s.act_results = self.act_results[:]  # entries are never changed once written
        s._legal = self._legal  # never mutated in place; apply() replaces it
        return s

    def conserved(self) -> dict[str, int]:
        """Per tile kind: pool + hands + board + box; per seat: figures in supply, board, box."""
        cfg = self.cfg
        tiles = self.pool[:]
        for hand in self.hands:
            for k in hand:
                tiles[k] += 1
        figures = [sum(s[1:]) + b for s, b in zip(self.supply, self.boxed_figs, strict=True)]
        for code in self.board:
            if code >= FIG:
                figures[(code - FIG) // 5] += 1
            elif code > 0:
                tiles[code - 1] += 1
        tokens = cfg.tokens
        out = {f"tiles {tokens[k]}": tiles[k] + self.boxed[k] for k in range(len(tiles))}
        out.update({f"figures seat {p}": f for p, f in enumerate(figures)})
        return out

    # --- serialisation ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "players": self.cfg.players,
            "options": self.cfg.options.overrides(),
            "act": self.act,
            "board": self.board[:],
            "pool": self.pool[:],
            "hands": [h[:] for h in self.hands],
            "supply": [x[:] for x in self.supply],
            "boxed_figs": self.boxed_figs[:],
            "boxed": self.boxed[:],
            "revealed": self.revealed[:],
            "saga": self.saga[:],
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "selected": self.selected,
            "effect_cell": self.effect_cell,
            "swap_first": self.swap_first,
            "deal_queue": self.deal_queue[:],
            "deal_decides": self.deal_decides,
            "start_player": self.start_player,
            "last_actor": self.last_actor,
            "act_results": list(self.act_results),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        try:
            if data.get("format") != STATE_FORMAT:
                raise BadRecord(f"not a Beowulf state (format {data.get('format')!r})")
            cfg = build_config(int(data["players"]), dict(data.get("options") or {}))
            s = object.__new__(cls)
            s.cfg = cfg
            s.act = int(data["act"])
            s.board = [int(x) for x in data["board"]]
            s.pool = [int(x) for x in data["pool"]]
            s.hands = [sorted(int(x) for x in h) for h in data["hands"]]
            s.supply = [[int(x) for x in row] for row in data["supply"]]
            s.boxed_figs = [int(x) for x in data["boxed_figs"]]
            s.boxed = [int(x) for x in data["boxed"]]
            s.revealed = [int(x) for x in data["revealed"]]
            s.saga = [int(x) for x in data["saga"]]
            s.phase = PHASE_NAMES.index(data["phase"])
            s.to_move = int(data["to_move"])
            s.selected = int(data["selected"])
            s.effect_cell = int(data["effect_cell"])
            s.swap_first = int(data["swap_first"])
            s.deal_queue = [int(x) for x in data["deal_queue"]]
            s.deal_decides = bool(data["deal_decides"])
            s.start_player = int(data["start_player"])
            s.last_actor = int(data["last_actor"])
            s.act_results = list(data["act_results"])
            s._legal = None
        except BadRecord:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"malformed Beowulf state: {exc!r}") from None
        n, ncells, nk = cfg.players, cfg.grid_rows * cfg.grid_cols, len(cfg.kinds)
        shapes_ok = (
            0 <= s.act < len(cfg.boards) and len(s.board) == ncells and len(s.pool) == nk
            and len(s.boxed) == nk and len(s.revealed) == nk and len(s.hands) == n
            and len(s.supply) == n and all(len(x) == 5 for x in s.supply)
            and len(s.saga) == n and len(s.boxed_figs) == n
            and all(0 <= k < nk for h in s.hands for k in h)
        )
        if not shapes_ok:
            raise BadRecord("malformed Beowulf state: sizes do not match its configuration")
        s.empty = sum(1 for c in cfg.boards[s.act].spaces if s.board[c] == EMPTY)
        s.pool_act = sum(s.pool[k] for k in cfg.act_kinds[s.act])
        return s

    # --- what a seat may know (R7) ----------------------------------------------------------

    def _cell_token(self, code: int) -> str:
        if code == EMPTY:
            return "."
        if code == NOSPACE:
            return "#"
        if code == GORGE_CODE:
            return "X"
        if code >= FIG:
            seat, diamonds = divmod(code - FIG, 5)
            return f"{SEAT_LETTERS[seat]}{diamonds}"
        return self.cfg.tokens[code - 1]

    def view(self, seat: int | None) -> View:
        """R7: everything public, plus `seat`'s own hand; tile faces in other hands and the
        pool's order and content stay hidden (only counts and the acts on tile backs show)."""
        cfg = self.cfg
        ab = cfg.boards[self.act]
        kinds = cfg.kinds
        tokens = cfg.tokens
        hands = []
        for p, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"count": len(hand), "acts": [kinds[k].act + 1 for k in hand]}
            if p == seat:
                entry["tiles"] = [tokens[k] for k in hand]
            hands.append(entry)
        view: View = {
            "game": "beowulf",
            "players": cfg.players,
            "options": cfg.options.overrides(),
            "seat": seat,
            "act": self.act + 1,
            "act_name": ROMAN[self.act],
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move if self.phase != OVER else None,
            "board": [
                [self._cell_token(self.board[r * cfg.grid_cols + c]) for c in range(ab.cols)]
                for r in range(ab.rows)
            ],
            "pool": self.pool_act,
            "later_pools": [sum(self.pool[k] for k in cfg.act_kinds[a])
                            for a in range(self.act + 1, len(cfg.boards))],
            "hands": hands,
            "supply": [{str(d): x[d] for d in (4, 3, 2, 1)} for x in self.supply],
            "saga": self.saga[:],
            "starting_saga": STARTING_SAGA,
            "revealed": {tokens[k]: n for k, n in enumerate(self.revealed) if n},
            "deal_queue": self.deal_queue[:],
            "start_player": self.start_player,
            "last_actor": self.last_actor,
            "act_results": list(self.act_results),
        }
        if self.effect_cell >= 0:
            view["effect_cell"] = label(cfg, self.effect_cell)
        if self.swap_first >= 0:
            view["swap_first"] = label(cfg, self.swap_first)
        if self.selected >= 0 and seat == self.to_move:
            view["selected"] = tokens[self.selected]
        if self.phase == OVER:
            view["winners"] = self.winners()
        return view
