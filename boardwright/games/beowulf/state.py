"""Beowulf's state: storage, copying, (de)serialisation, per-seat views and determinisation.

The rules live in `rules.py`. The board is a flat list of int codes on a grid shared by all
acts (`data.EMPTY`, `NOSPACE`, `GORGE_CODE`, 1 + tile kind, `FIG` + 5 × seat + diamonds), so a
clone is a handful of list copies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from boardwright.engine.api import CHANCE, TERMINAL, Ending, State, View, ranked_ending
from boardwright.engine.errors import BadRecord, IllegalAction
from boardwright.engine.events import Event

from . import rules
from .data import (
    EMPTY,
    FIG,
    FIGURES,
    GORGE_CODE,
    HAND_SIZE,
    NOSPACE,
    STARTING_SAGA,
    Config,
    build_config,
)
from .notation import ROMAN, SEAT_LETTERS, parse_label

STATE_FORMAT = "beowulf-state/1"


class BeowulfState(State):
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
        """R2 set-up: Act I board, 10 figures and 50 saga points each, two tiles dealt each."""
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
        self.phase = rules.DEAL
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
        if self.pool_act == 0:
            self.deal_queue = []
            rules.begin_turns(self, first, [])

    # --- the contract, in OpenSpiel's order ----------------------------------------------

    @property
    def num_players(self) -> int:
        return self.cfg.players

    def current_player(self) -> int:
        ph = self.phase
        if ph == rules.OVER:
            return TERMINAL
        if ph in rules.CHANCE_PHASES:
            return CHANCE
        return self.to_move

    def legal_actions_cached(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = rules.legal_actions(self)
        return legal

    def legal_actions(self) -> list[int]:
        return list(self.legal_actions_cached())

    def invalidate(self) -> None:
        self._legal = None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return rules.chance_outcomes(self)

    def apply(self, action: int) -> list[Event]:
        return rules.apply_action(self, action)

    @property
    def num_distinct_actions(self) -> int:
        return self.cfg.space.size

    def action_to_json(self, action: int) -> dict[str, Any]:
        block, offset = self.cfg.space.decode(action)
        cfg = self.cfg
        ncells = cfg.grid_rows * cfg.grid_cols
        if block == "place_figure":
            d, cell = divmod(offset, ncells)
            return {"do": block, "diamonds": d + 1, "cell": rules.label(cfg, cell)}
        if block in ("choose_tile", "deal"):
            return {"do": block, "tile": cfg.tokens[offset]}
        if block in ("place_tile", "replace_mead", "target"):
            return {"do": block, "cell": rules.label(cfg, offset)}
        if block == "counsel":
            cell, d = divmod(offset, 4)
            return {"do": block, "cell": rules.label(cfg, cell),
                    "direction": rules.DIRECTION_NAMES[d]}
        return {"do": block}

    _TEXT_WORDS: ClassVar[dict[str, str]] = {
        "place_figure": "fig", "draw": "draw", "choose_tile": "tile", "place_tile": "put",
        "cash_in": "cash", "replace_mead": "mead", "counsel": "counsel", "target": "pick",
        "pass": "pass", "deal": "deal",
    }
    _WORD_BLOCKS: ClassVar[dict[str, str]] = {v: k for k, v in _TEXT_WORDS.items()}

    def action_to_text(self, action: int) -> str:
        """Short notation: `fig 4 B2`, `draw`, `tile W+1/I`, `put C3`, `cash`, `mead B2`,
        `counsel B2 up`, `pick D4`, `pass`, `deal +3/II`."""
        data = self.action_to_json(action)
        parts = [self._TEXT_WORDS[data["do"]]]
        if "diamonds" in data:
            parts.append(str(data["diamonds"]))
        if "tile" in data:
            parts.append(data["tile"])
        if "cell" in data:
            parts.append(data["cell"])
        if "direction" in data:
            parts.append(data["direction"])
        return " ".join(parts)

    def action_from_text(self, text: str) -> int:
        parts = text.split()
        if not parts or parts[0].lower() not in self._WORD_BLOCKS:
            words = ", ".join(sorted(self._WORD_BLOCKS))
            raise IllegalAction(f"{text!r} is not a Beowulf action (it starts with one of: "
                                f"{words})", code="unparsable_action", text=text)
        block = self._WORD_BLOCKS[parts[0].lower()]
        data: dict[str, Any] = {"do": block}
        rest = parts[1:]
        try:
            if block == "place_figure":
                data["diamonds"] = int(rest.pop(0))
            if block in ("choose_tile", "deal"):
                data["tile"] = rest.pop(0)
            if block in ("place_figure", "place_tile", "replace_mead", "target", "counsel"):
                data["cell"] = rest.pop(0)
            if block == "counsel":
                data["direction"] = rest.pop(0).lower()
        except (IndexError, ValueError):
            raise IllegalAction(f"{text!r} is incomplete or malformed", code="unparsable_action",
                                text=text) from None
        if rest:
            raise IllegalAction(f"{text!r} has extra words: {' '.join(rest)}",
                                code="unparsable_action", text=text)
        return self.action_from_json(data)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        cfg = self.cfg
        block = data.get("do")
        blocks = {b.name for b in cfg.space.blocks()}
        if block not in blocks:
            raise IllegalAction(f"unknown action {block!r}; one of {sorted(blocks)}",
                                code="unparsable_action")
        ncells = cfg.grid_rows * cfg.grid_cols

        def cell() -> int:
            rc = parse_label(str(data.get("cell", "")))
            if rc is None or not (0 <= rc[0] < cfg.grid_rows and 0 <= rc[1] < cfg.grid_cols):
                raise IllegalAction(f"{data.get('cell')!r} is not a space on the board "
                                    f"(columns A.., rows 1..)", code="bad_cell")
            return rc[0] * cfg.grid_cols + rc[1]

        if block == "place_figure":
            d = data.get("diamonds")
            if d not in (1, 2, 3, 4):
                raise IllegalAction(f"a figure has 1 to 4 diamonds, not {d!r}",
                                    code="bad_figure")
            return cfg.space.encode(block, (d - 1) * ncells + cell())
        if block in ("choose_tile", "deal"):
            token = str(data.get("tile", ""))
            if token in cfg.tokens:
                return cfg.space.encode(block, cfg.tokens.index(token))
            raise IllegalAction(f"{token!r} is not a tile of this game (e.g. +3/I, W+1/II)",
                                code="bad_tile")
        if block in ("place_tile", "replace_mead", "target"):
            return cfg.space.encode(block, cell())
        if block == "counsel":
            direction = data.get("direction")
            if direction not in rules.DIRECTION_NAMES:
                raise IllegalAction(f"direction must be one of {rules.DIRECTION_NAMES}",
                                    code="bad_direction")
            return cfg.space.encode(block, cell() * 4 + rules.DIRECTION_NAMES.index(direction))
        return cfg.space.encode(block)

    def returns(self) -> list[float]:
        return [float(x) for x in self.saga]

    def unused_diamonds(self, seat: int) -> int:
        """R6.3 the diamonds on the figures a player has not used up."""
        return sum(d * n for d, n in enumerate(self.supply[seat]))

    def _ranking(self) -> list[tuple[int, int]]:
        """R6.2–R6.3 each seat's saga points, then the diamonds on its unused figures."""
        return [(self.saga[p], self.unused_diamonds(p)) for p in range(self.cfg.players)]

    def winners(self) -> list[int]:
        """R6.2–R6.4 most saga points; then most diamonds on unused figures; else shared."""
        if self.phase != rules.OVER:
            return []
        keys = self._ranking()
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def ending(self) -> Ending | None:
        """R6.1 the game ends after the third act; R6.2–R6.4 rank the seats."""
        if self.phase != rules.OVER:
            return None
        return ranked_ending("rule", "acts", ("saga", "diamonds"), self._ranking(),
                             self.winners())

    def clone(self) -> BeowulfState:
        s = object.__new__(BeowulfState)
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
            "phase": rules.PHASE_NAMES[self.phase],
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
    def from_json(cls, data: Mapping[str, Any]) -> BeowulfState:
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
            s.phase = rules.PHASE_NAMES.index(data["phase"])
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
            "phase": rules.PHASE_NAMES[self.phase],
            "to_move": self.to_move if self.phase != rules.OVER else None,
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
            view["effect_cell"] = rules.label(cfg, self.effect_cell)
        if self.swap_first >= 0:
            view["swap_first"] = rules.label(cfg, self.swap_first)
        if self.selected >= 0 and seat == self.to_move:
            view["selected"] = tokens[self.selected]
        if self.phase == rules.OVER:
            view["winners"] = self.winners()
        return view


def _cell_from_label(cfg: Config, text: str) -> int:
    rc = parse_label(text)
    assert rc is not None
    return rc[0] * cfg.grid_cols + rc[1]


class Determinizer:
    """Draws full states that `seat` cannot tell from the real one (see `Game.sample_state`).

    The view is read once; each draw deals the tiles `seat` has not seen (act totals minus
    revealed tiles minus its own hand) at random into the other hands, matching the acts on
    their backs; the rest of the current act is the pool, the rest of earlier acts the box.
    """

    def __init__(self, view: View, seat: int) -> None:
        cfg = build_config(int(view["players"]), dict(view.get("options") or {}))
        n = cfg.players
        token_kind = {t: i for i, t in enumerate(cfg.tokens)}
        s = object.__new__(BeowulfState)
        s.cfg = cfg
        s.act = int(view["act"]) - 1
        s.board = cfg.empty_board(s.act)
        ab = cfg.boards[s.act]
        on_board = [0] * len(cfg.kinds)
        for r, row in enumerate(view["board"]):
            for c, token in enumerate(row):
                cell = r * cfg.grid_cols + c
                if token in (".", "#", "X"):
                    continue
                if token[0] in SEAT_LETTERS and token[1:].isdigit():
                    s.board[cell] = FIG + 5 * SEAT_LETTERS.index(token[0]) + int(token[1:])
                else:
                    k = token_kind[token]
                    s.board[cell] = k + 1
                    on_board[k] += 1
        s.empty = sum(1 for c in ab.spaces if s.board[c] == EMPTY)
        s.supply = [[0, x["1"], x["2"], x["3"], x["4"]] for x in view["supply"]]
        s.boxed_figs = [0] * n
        for p in range(n):
            placed = sum(1 for c in ab.spaces
                         if s.board[c] >= FIG and (s.board[c] - FIG) // 5 == p)
            s.boxed_figs[p] = sum(FIGURES.values()) - sum(s.supply[p][1:]) - placed
        s.saga = list(view["saga"])
        s.phase = rules.PHASE_NAMES.index(view["phase"])
        s.to_move = view["to_move"] if view["to_move"] is not None else -1
        s.effect_cell = _cell_from_label(cfg, view["effect_cell"]) if "effect_cell" in view else -1
        s.swap_first = _cell_from_label(cfg, view["swap_first"]) if "swap_first" in view else -1
        s.deal_queue = list(view["deal_queue"])
        s.deal_decides = cfg.options.refill == "optional" and s.act > 0
        s.start_player = int(view["start_player"])
        s.last_actor = int(view["last_actor"])
        s.act_results = list(view["act_results"])
        s._legal = None
        s.revealed = [0] * len(cfg.kinds)
        for token, count in view["revealed"].items():
            s.revealed[token_kind[token]] = count
        own = sorted(token_kind[t] for t in view["hands"][seat]["tiles"])
        s.selected = token_kind[view["selected"]] if "selected" in view else -1
        s.hands = [own[:] if p == seat else [] for p in range(n)]
        s.pool = [0] * len(cfg.kinds)
        s.boxed = [s.revealed[k] - on_board[k] for k in range(len(cfg.kinds))]
        s.pool_act = 0
        self.base = s
        self.seat = seat
        self.unseen: list[list[int]] = [[] for _ in cfg.boards]
        for k, total in enumerate(cfg.tile_counts):
            hidden = total - s.revealed[k] - own.count(k)
            self.unseen[cfg.kinds[k].act].extend([k] * hidden)
        self.backs = [(p, [a - 1 for a in view["hands"][p]["acts"]])
                      for p in range(n) if p != seat]
        self.needed = [sum(acts.count(a) for _, acts in self.backs) for a in range(len(cfg.boards))]
        self.needs_selection = s.phase == rules.PLAY and s.to_move != seat

    def __call__(self, rng: random.Random) -> BeowulfState:
        s = self.base.clone()
        cfg = s.cfg
        for _attempt in range(10_000):
            pools = [u[:] for u in self.unseen]
            for a, needed in enumerate(self.needed):
                if needed:  # only the tiles that go to hands need a random order
                    pool = pools[a]
                    for i in range(needed):
                        j = rng.randrange(i, len(pool))
                        pool[i], pool[j] = pool[j], pool[i]
            taken = [0] * len(pools)
            for p, acts in self.backs:
                hand = []
                for a in acts:
                    hand.append(pools[a][taken[a]])
                    taken[a] += 1
                s.hands[p] = sorted(hand)
            if self.needs_selection:
                choices = rules.playable_kinds(s, s.to_move)
                if not choices:
                    continue
                s.selected = rng.choice(choices)
            break
        else:  # pragma: no cover - the true state is always one consistent world
            raise RuntimeError("could not sample a state consistent with the view")
        pool_counts, boxed = s.pool, s.boxed
        for a, rest in enumerate(pools):
            target = pool_counts if a >= s.act else boxed
            for k in rest[taken[a]:]:
                target[k] += 1
        s.pool_act = sum(pool_counts[k] for k in cfg.act_kinds[s.act])
        return s


def sample_state(view: View, seat: int, rng: random.Random) -> BeowulfState:
    """A full state consistent with everything `seat` knows (one draw of a `Determinizer`)."""
    return Determinizer(view, seat)(rng)
