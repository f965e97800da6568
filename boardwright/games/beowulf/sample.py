"""Determinisation: full Beowulf states that a seat cannot tell from the real one (R7: the
tiles in other hands and the pool are hidden; their acts show on the backs)."""

from __future__ import annotations

import random

from boardwright.engine.api import View

from . import rules
from .data import EMPTY, FIG, FIGURES, PHASE_NAMES, PLAY, Config, build_config
from .forward import BeowulfState
from .notation import SEAT_LETTERS, parse_label


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
        s.phase = PHASE_NAMES.index(view["phase"])
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
        self.needs_selection = s.phase == PLAY and s.to_move != seat

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
