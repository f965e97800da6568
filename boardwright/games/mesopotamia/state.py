"""Mesopotamia's table as data: its fields, copying, (de)serialisation and per-seat views.

Nothing here changes the table by a rule: the rules are functions in the topic modules that
`rules.py` dispatches to, `forward.MesoState` wires them to the engine's `State` contract,
`sample.py` deals the hidden facts, `actions.py` reads and writes action ids.

The table is a hexagon of cells (axial coordinates, `Config.coords`); `tile[cell]` is a terrain
or -1. A seat's members are counts in a flat list `mem[seat][cell * 14 + kind]` (kind: what the
member carries, +7 once it stole this turn), so a clone is a handful of list copies.

Two aids keep move generation from scanning the table (the random-playout loop spends most of
its time there): `where[seat]`, the tiles where a seat has members and how many (kept by the
rules next to every change of `mem`), and `_geo`, a per-tile table of step targets that depends
only on the tiles and is shared by clones until one of them places a tile. `invalidate()`
rebuilds both after a position was edited by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from boardwright.engine.api import CHANCE, TERMINAL, View
from boardwright.engine.errors import BadRecord

from .actions import thing_json
from .data import (
    ALL_KINDS,
    CARD_IDS,
    CHANCE_PHASES,
    DISTRIBUTE,
    DRAW_TILE,
    FLAG,
    HOLY_PLACES,
    HUTS,
    KIND_NAMES,
    KINDS,
    OFFER0,
    OFFERING_VALUES,
    OVER,
    PHASE_NAMES,
    PICK_CARRIER,
    SCOUT_DRAW,
    SCOUT_PICK,
    STONE,
    TERRAINS,
    TP_DST,
    TP_LIFT,
    TP_MEMBER,
    TP_SIZE,
    VIEW_NAMES_OTHER,
    VIEW_NAMES_OWN,
    VOLCANO_PLACE,
    WOOD,
    WR_DST,
    WR_HUT,
    WR_SIZE,
    Config,
    build_config,
    parse_options,
)

STATE_FORMAT = "mesopotamia-state/2"  # 2: `drawn`, the card drawn this turn (R3.2)


_LISTS = ("tile", "placed", "stack", "boxed_tiles", "wood", "stone", "mem_supply", "hut_owner",
          "hut_off", "holy", "holy_supply", "hut_supply", "mana", "limit", "deck", "discard",
          "boxed_cards", "priest", "done", "added", "scout_drawn", "pending", "draw_queue")
_SPARSE = ("tile", "wood", "stone", "hut_owner", "hut_off", "holy")
_DENSE = tuple(name for name in _LISTS if name not in _SPARSE)
_NESTED = ("mem", "off_supply", "delivered", "hands")
_SCALARS = ("supply_wood", "supply_stone", "phase", "to_move", "turn", "mp", "explores",
            "free_used", "scouts_pending", "twins_pending", "resume", "winner", "capped",
            "drawn")


class MesoTable:
    """Everything on and beside the table, and whose turn it is in which phase (R2–R6).

    The engine's methods are added by `forward.MesoState`, the class every state is made of;
    the table alone is what the rules read and change."""

    __slots__ = ("_legal", "_geo", "cfg", "where", *_LISTS, *_NESTED, *_SCALARS)

    cfg: Config
    tile: list[int]
    placed: list[int]
    stack: list[int]
    boxed_tiles: list[int]
    wood: list[int]
    stone: list[int]
    mem: list[list[int]]
    #: where[seat] = {cell: number of that seat's members there}, the cells of `mem` that are
    #: not empty; kept in step with `mem` by the rules (and rebuilt by `invalidate`), so that
    #: move generation visits a seat's few tiles instead of scanning the table
    where: list[dict[int, int]]
    mem_supply: list[int]
    hut_owner: list[int]
    hut_off: list[int]
    holy: list[int]
    holy_supply: list[int]
    hut_supply: list[int]
    off_supply: list[list[int]]
    delivered: list[list[int]]
    mana: list[int]
    limit: list[int]
    deck: list[int]
    discard: list[int]
    boxed_cards: list[int]
    hands: list[list[int]]
    priest: list[int]
    done: list[int]
    added: list[int]
    scout_drawn: list[int]
    pending: list[int]
    draw_queue: list[int]
    supply_wood: int
    supply_stone: int
    phase: int
    to_move: int
    turn: int
    mp: int
    explores: int
    free_used: int
    scouts_pending: int
    twins_pending: int
    resume: int
    winner: int
    capped: int
    #: R3.2 the card kind the player to move drew this turn (it waits for a later turn), or -1
    drawn: int
    _legal: list[int] | None
    #: `movement.step_table`'s cache: (number of placed tiles, {cell: steps}); tiles are only ever
    #: added, so the count tells whether the table still fits (clones share it until one grows)
    _geo: tuple[int, dict[int, tuple[tuple[int, ...], int, tuple[int, ...]]]] | None

    def current_player(self) -> int:
        """The seat to move, `CHANCE` at a draw (R9.9 carrier picks too), `TERMINAL` once over."""
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return self.to_move

    def clone(self) -> Self:
        s = object.__new__(type(self))
        s.cfg = self.cfg
        s.tile = self.tile[:]
        s.placed = self.placed[:]
        s.stack = self.stack[:]
        s.boxed_tiles = self.boxed_tiles[:]
        s.wood = self.wood[:]
        s.stone = self.stone[:]
        s.mem_supply = self.mem_supply[:]
        s.hut_owner = self.hut_owner[:]
        s.hut_off = self.hut_off[:]
        s.holy = self.holy[:]
        s.holy_supply = self.holy_supply[:]
        s.hut_supply = self.hut_supply[:]
        s.mana = self.mana[:]
        s.limit = self.limit[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.boxed_cards = self.boxed_cards[:]
        s.priest = self.priest[:]
        s.done = self.done[:]
        s.added = self.added[:]
        s.scout_drawn = self.scout_drawn[:]
        s.pending = self.pending[:]
        s.draw_queue = self.draw_queue[:]
        s.mem = [x[:] for x in self.mem]
        s.where = [x.copy() for x in self.where]
        s.off_supply = [x[:] for x in self.off_supply]
        s.delivered = [x[:] for x in self.delivered]
        s.hands = [x[:] for x in self.hands]
        s.supply_wood = self.supply_wood
        s.supply_stone = self.supply_stone
        s.phase = self.phase
        s.to_move = self.to_move
        s.turn = self.turn
        s.mp = self.mp
        s.explores = self.explores
        s.free_used = self.free_used
        s.scouts_pending = self.scouts_pending
        s.twins_pending = self.twins_pending
        s.resume = self.resume
        s.winner = self.winner
        s.capped = self.capped
        s.drawn = self.drawn
        s._legal = self._legal
        s._geo = self._geo
        return s

    def invalidate(self) -> None:
        """Forget every cache and recount `where` (after a position was edited by hand)."""
        self._legal = None
        self._geo = None
        self.where = recount(self)

    # --- counting helpers used by rules, views and renderers ------------------------------

    def members_at(self, seat: int, cell: int) -> int:
        return self.where[seat].get(cell, 0)

    def huts_at(self, cell: int) -> int:
        return (self.hut_owner[2 * cell] >= 0) + (self.hut_owner[2 * cell + 1] >= 0)

    # --- serialisation ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": STATE_FORMAT, "players": self.cfg.players,
                                "options": self.cfg.options.model_dump()}
        for name in _DENSE:
            data[name] = getattr(self, name)[:]
        # sparse lists over the placed tiles only (the rest of the table is empty)
        placed = self.placed
        data["mem"] = [[[c, k, m[c * ALL_KINDS + k]] for c in placed for k in range(ALL_KINDS)
                        if m[c * ALL_KINDS + k]] for m in self.mem]
        for name in ("off_supply", "delivered", "hands"):
            data[name] = [x[:] for x in getattr(self, name)]
        for name in _SCALARS:
            data[name] = getattr(self, name)
        data["tile"] = [[c, self.tile[c]] for c in placed]
        data["wood"] = [[c, self.wood[c]] for c in placed if self.wood[c]]
        data["stone"] = [[c, self.stone[c]] for c in placed if self.stone[c]]
        huts = [i for c in placed for i in (2 * c, 2 * c + 1) if self.hut_owner[i] >= 0]
        data["hut_owner"] = [[i, self.hut_owner[i]] for i in huts]
        data["hut_off"] = [[i, self.hut_off[i]] for i in huts if self.hut_off[i] >= 0]
        data["holy"] = [[c, self.holy[c]] for c in placed if self.holy[c] >= 0]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if data.get("format") != STATE_FORMAT:
            raise BadRecord(f"not a Mesopotamia state (format {data.get('format')!r})")
        try:
            cfg = build_config(int(data["players"]), parse_options(dict(data["options"])))
            s = object.__new__(cls)
            s.cfg = cfg
            n = cfg.ncells
            for name in _LISTS:
                setattr(s, name, [int(x) for x in data[name]] if name not in (
                    "tile", "wood", "stone", "hut_owner", "hut_off", "holy") else [])
            for name, size, fill in (("tile", n, -1), ("wood", n, 0), ("stone", n, 0),
                                     ("hut_owner", 2 * n, -1), ("hut_off", 2 * n, -1),
                                     ("holy", n, -1)):
                arr = [fill] * size
                for i, v in data[name]:
                    arr[int(i)] = int(v)
                setattr(s, name, arr)
            s.mem = []
            for entries in data["mem"]:
                m = [0] * (n * ALL_KINDS)
                for cell, kind, count in entries:
                    m[int(cell) * ALL_KINDS + int(kind)] = int(count)
                s.mem.append(m)
            for name in ("off_supply", "delivered", "hands"):
                setattr(s, name, [[int(v) for v in x] for x in data[name]])
            for name in _SCALARS:
                setattr(s, name, int(data[name]))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadRecord(f"bad Mesopotamia state: {exc!r}") from None
        s.invalidate()
        return s

    def conserved(self) -> dict[str, int]:
        """Tiles, wood, stone, members, huts, holy places, offerings and cards never change."""
        n = self.cfg.players
        out = {
            "tiles": len(self.placed) + sum(self.stack) + sum(self.boxed_tiles)
            + len(self.scout_drawn) + (self.phase == VOLCANO_PLACE),
            "wood": self.supply_wood + sum(self.wood),
            "stone": self.supply_stone + sum(self.stone),
            "cards": sum(self.deck) + sum(self.discard) + sum(self.boxed_cards)
            + sum(sum(h) for h in self.hands),
        }
        hut_off = self.hut_off
        hut_owner = self.hut_owner
        covered = [hut_owner[i] for c in self.placed for i in (2 * c, 2 * c + 1)
                   if hut_off[i] >= 0]
        for p in range(n):
            m = self.mem[p]
            out["wood"] += sum(m[WOOD::ALL_KINDS]) + sum(m[WOOD + FLAG::ALL_KINDS])
            out["stone"] += sum(m[STONE::ALL_KINDS]) + sum(m[STONE + FLAG::ALL_KINDS])
            out[f"members{p}"] = self.mem_supply[p] + sum(m)
            out[f"huts{p}"] = self.hut_supply[p] + hut_owner.count(p)
            out[f"holy{p}"] = self.holy_supply[p] + self.holy.count(p)
            carried = sum(sum(m[k::ALL_KINDS]) for k in (3, 4, 5, 6, 10, 11, 12, 13))
            under = covered.count(p)
            out[f"offerings{p}"] = sum(self.off_supply[p]) + len(self.delivered[p]) + carried \
                + under
        return out

    # --- views --------------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """Everything public, plus the seat's own offerings and hand (R10)."""
        cfg = self.cfg
        lab = cfg.label
        n = cfg.players
        members: list[dict[str, dict[str, int]]] = []
        labels = cfg.labels
        for p in range(n):
            m = self.mem[p]
            names = VIEW_NAMES_OWN if p == seat else VIEW_NAMES_OTHER
            per: dict[str, dict[str, int]] = {}
            for c in self.placed:
                base = c * ALL_KINDS
                row = m[base:base + ALL_KINDS]
                if not any(row):
                    continue
                entry: dict[str, int] = {}
                for k, cnt in enumerate(row):
                    if cnt:
                        name = names[k]
                        entry[name] = entry.get(name, 0) + cnt
                per[labels[c]] = entry
            members.append(per)
        huts = []
        for i in [j for c in self.placed for j in (2 * c, 2 * c + 1)]:
            owner = self.hut_owner[i]
            if owner < 0:
                continue
            hut: dict[str, Any] = {"cell": lab(i // 2), "slot": i % 2, "owner": owner,
                                   "offering": self.hut_off[i] >= 0}
            if owner == seat and self.hut_off[i] >= 0:
                hut["value"] = OFFERING_VALUES[self.hut_off[i]]
            huts.append(hut)
        seats = []
        for p in range(n):
            info: dict[str, Any] = {
                "mana": self.mana[p], "limit": self.limit[p],
                "members_supply": self.mem_supply[p], "huts_supply": self.hut_supply[p],
                "holy_supply": self.holy_supply[p], "offerings_supply": sum(self.off_supply[p]),
                "delivered": [OFFERING_VALUES[o] for o in self.delivered[p]],
                "hand_size": sum(self.hands[p]),
            }
            if p == seat:
                info["offerings"] = [OFFERING_VALUES[o] for o in range(4) if self.off_supply[p][o]]
                info["hand"] = [CARD_IDS[k] for k in range(8) for _ in range(self.hands[p][k])]
                if p == self.to_move and self.drawn >= 0:  # R3.2 the one that must wait
                    info["drawn"] = CARD_IDS[self.drawn]
            seats.append(info)
        pending: dict[str, Any] = {}
        raw_pending = self.pending[:]
        if self.pending:
            pending = pending_json(self)
            raw_pending = masked_pending(self, seat)
        return {
            "game": "mesopotamia", "players": n, "seat": seat, "active": self.to_move,
            "options": cfg.options.model_dump(),
            "phase": PHASE_NAMES[self.phase], "to_move": self.current_player(),
            "turn": self.turn, "round": self.turn // n + 1, "mp": self.mp,
            "explorations": self.explores, "free_used": self.free_used,
            "free_limit": cfg.options.free_actions_per_turn,
            "radius": cfg.radius,
            "tiles": [[*cfg.coords[c], TERRAINS[self.tile[c]]] for c in self.placed],
            "wood": {lab(c): self.wood[c] for c in self.placed if self.wood[c]},
            "stone": {lab(c): self.stone[c] for c in self.placed if self.stone[c]},
            "members": members,
            "huts": huts,
            "holy": {lab(c): self.holy[c] for c in self.placed if self.holy[c] >= 0},
            "stack": dict(zip(TERRAINS[:4], self.stack, strict=True)),
            "boxed_tiles": dict(zip(TERRAINS[:4], self.boxed_tiles, strict=True)),
            "scout_drawn": [TERRAINS[t] for t in self.scout_drawn],
            "supply_wood": self.supply_wood, "supply_stone": self.supply_stone,
            "seats": seats,
            "deck": sum(self.deck),
            "discard": dict(zip(CARD_IDS, self.discard, strict=True)),
            "boxed_cards": dict(zip(CARD_IDS, self.boxed_cards, strict=True)),
            "card_counts": dict(zip(CARD_IDS, self.cfg.card_counts, strict=True)),
            "scouts_pending": self.scouts_pending, "twins_pending": self.twins_pending,
            "priest": [lab(c) for c in self.priest],
            "done": [lab(c) for c in self.done], "added": self.added[:],
            "pending": pending, "raw_pending": raw_pending,
            "resume": PHASE_NAMES[self.resume],
            "draw_queue": self.draw_queue[:],
            # R3.2 whether the player to move drew a card this turn (public; which one is not)
            "drew_card": self.drawn >= 0,
            "winner": self.winner, "capped": bool(self.capped),
            "max_turns": cfg.options.max_turns,
            "limits": {"huts": HUTS, "holy": HOLY_PLACES},
        }

    def __str__(self) -> str:
        return repr(self.view(None))


# --- bookkeeping and reading helpers (the rules keep `where` in step with `mem`) ------------


def count(s: MesoTable, seat: int, cell: int) -> int:
    """How many of `seat`'s members stand on `cell` (R1.2 members)."""
    return s.where[seat].get(cell, 0)


def recount(s: MesoTable) -> list[dict[int, int]]:
    """`where` rebuilt from `mem`: per seat, the cells with members (R1.2) and how many."""
    out = []
    for m in s.mem:
        here: dict[int, int] = {}
        for c in s.placed:
            n = sum(m[c * ALL_KINDS:(c + 1) * ALL_KINDS])
            if n:
                here[c] = n
        out.append(here)
    return out


def enter(s: MesoTable, p: int, c: int, n: int = 1) -> None:
    """Book n of seat p's members (R1.2) arriving at c in `where` (`mem` is changed by the
    caller)."""
    here = s.where[p]
    here[c] = here.get(c, 0) + n


def leave(s: MesoTable, p: int, c: int) -> None:
    """Book one of seat p's members (R1.2) leaving c in `where` (`mem` is changed by the
    caller)."""
    here = s.where[p]
    left = here[c] - 1
    if left:
        here[c] = left
    else:
        del here[c]


def carriers(s: MesoTable, seat: int, cell: int, base_kind: int) -> int:
    """R4.3 `seat`'s members on `cell` carrying `base_kind`, marked (R4.6) or not."""
    m = s.mem[seat]
    i = cell * ALL_KINDS + base_kind
    return m[i] + m[i + FLAG]


def pending_json(s: MesoTable) -> dict[str, Any]:
    """The move under way in words, for views: an exploration (R4.8), wood or stone still to
    hand out (R4.10), a card's thing waiting for its destination (R7.6, R7.7, R9.9)."""
    lab = s.cfg.label
    ph = s.phase
    if ph in (DRAW_TILE, SCOUT_DRAW, VOLCANO_PLACE, SCOUT_PICK):
        src, dst, k = s.pending
        b = k % KINDS
        return {"explore_from": lab(src), "explore_to": lab(dst),
                "load": KIND_NAMES[b] if b < OFFER0 else "offering"}
    if ph == DISTRIBUTE:
        return {"resource": KIND_NAMES[s.pending[0]], "left": s.pending[1],
                "unserved": [lab(c) for c in s.pending[2:]]}
    if ph in (TP_DST, WR_DST, PICK_CARRIER):
        dst = s.pending[2] if ph == PICK_CARRIER else ph
        return {"from": lab(s.pending[0]),
                "thing": thing_json(s.pending[1], TP_SIZE if dst == TP_DST else WR_SIZE)}
    return {}


def masked_pending(s: MesoTable, seat: int | None) -> list[int]:
    """The raw pending list with offering values hidden from all but their owner (R10): an
    explorer's load, and the carrier a card is moving (even from the card's player, R9.9)."""
    out = s.pending[:]
    ph = s.phase
    if ph in (DRAW_TILE, SCOUT_DRAW, VOLCANO_PLACE, SCOUT_PICK):
        k = out[2]
        if k % KINDS >= OFFER0 and s.to_move != seat:
            out[2] = OFFER0 + (FLAG if k >= KINDS else 0)
    elif ph == TP_DST and TP_MEMBER <= out[1] < TP_LIFT:
        o, k = divmod(out[1] - TP_MEMBER, ALL_KINDS)
        if k % KINDS >= OFFER0 and o != seat:
            out[1] = TP_MEMBER + ALL_KINDS * o + OFFER0 + (FLAG if k >= KINDS else 0)
    elif ph == WR_DST and out[1] < WR_HUT:
        o, k = divmod(out[1], KINDS)
        if k >= OFFER0 and o != seat:
            out[1] = KINDS * o + OFFER0
    return out
