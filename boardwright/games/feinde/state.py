"""Fürchterliche Feinde's table as data: its fields, copying, (de)serialisation and views.

Nothing here changes the table by a rule: the rules are functions in the topic modules that
`rules.py` dispatches to, `forward.FeindeState` wires them to the engine's `State` contract,
`sample.py` deals the hidden hands, `actions.py` reads and writes action ids.

Every field is an int, a list of ints or a list of int lists, so `clone()` and JSON are plain
copies. Face-down crossings, group #4 and the spell deck are kept as *counts* of what is still
unseen, and chance picks from those counts at the moment a thing is revealed (RULES.md R2.4):
the only fact hidden from a seat is therefore the other players' hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from boardwright.engine.api import CHANCE, TERMINAL, View
from boardwright.engine.errors import BadRecord

from .data import (
    CARD_KINDS,
    CHANCE_PHASES,
    OVER,
    PHASE_NAMES,
    PLACE,
    RULES_1_2,
    Config,
    build_config,
)

STATE_FORMAT = "feinde-state/2"  # 2: pass-through apprentices (pupil, join_*)

SCALARS = (
    "phase", "to_move", "asker", "round", "turn", "last_progress", "storage", "box", "teleport",
    "dumb_active", "kind", "budget", "steps", "fought", "stopped", "escaped", "invisible",
    "mdelta", "mchange_used", "fight_cell", "fight_case", "fight_first", "next_token",
    "pending_cross", "draw_for", "dm_token", "dm_cell", "dm_origin", "dm_steps", "dm_limit",
    "dm_carry", "fresh", "turn_start_pos", "apprentice_yes", "bosses", "arrivals", "start_player",
    "card_mode", "picks_left", "pick_first", "asked",
)
LISTS = (
    "pos", "knowledge", "stamp", "chips", "gold", "token", "chip", "cross_shape", "cross_rot",
    "tiles_left", "g1", "g2", "g3", "g4", "origins", "pending_rooms", "master", "follow_gain",
    "follow_queue", "boxed_tokens", "played", "picked", "pupil", "join_asked", "join_queue",
)
NESTED = ("trophies", "hands", "hand_groups", "deck")


class FeindeTable:
    """Everything on and beside the table, and whose decision it is in which phase (R2–R11).

    The engine's methods are added by `forward.FeindeState`, the class every state is made
    of; the table alone is what the rules read and change. Its fields are plain attributes
    named in `SCALARS`, `LISTS` and `NESTED`."""

    cfg: Config
    _legal: list[int] | None
    # SCALARS
    phase: int
    to_move: int
    asker: int
    round: int
    turn: int
    last_progress: int
    storage: int
    box: int
    teleport: int
    dumb_active: int
    kind: int
    budget: int
    steps: int
    fought: int
    stopped: int
    escaped: int
    invisible: int
    mdelta: int
    mchange_used: int
    fight_cell: int
    fight_case: int
    fight_first: int
    next_token: int
    pending_cross: int
    draw_for: int
    dm_token: int
    dm_cell: int
    dm_origin: int
    dm_steps: int
    dm_limit: int
    dm_carry: int
    fresh: int
    turn_start_pos: int
    apprentice_yes: int
    bosses: int
    arrivals: int
    start_player: int
    card_mode: int
    picks_left: int
    pick_first: int
    asked: int
    # LISTS
    pos: list[int]
    knowledge: list[int]
    stamp: list[int]
    chips: list[int]
    gold: list[int]
    token: list[int]
    chip: list[int]
    cross_shape: list[int]
    cross_rot: list[int]
    tiles_left: list[int]
    g1: list[int]
    g2: list[int]
    g3: list[int]
    g4: list[int]
    origins: list[int]
    pending_rooms: list[int]
    master: list[int]
    follow_gain: list[int]
    follow_queue: list[int]
    boxed_tokens: list[int]
    played: list[int]
    picked: list[int]
    pupil: list[int]
    join_asked: list[int]
    join_queue: list[int]
    # NESTED
    trophies: list[list[int]]
    hands: list[list[int]]
    hand_groups: list[list[int]]
    deck: list[list[int]]

    def __init__(self, cfg: Config) -> None:
        """A table with no fields yet: `setup.setup` (R2) or `from_json` fills them."""
        self.cfg = cfg
        self._legal: list[int] | None = None

    def current_player(self) -> int:
        """The seat that decides, `CHANCE` at a chance phase, `TERMINAL` once over (R11)."""
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return self.asker

    def clone(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        src = self.__dict__
        for k in SCALARS:
            d[k] = src[k]
        for k in LISTS:
            d[k] = src[k][:]
        for k in NESTED:
            d[k] = [x[:] for x in src[k]]
        d["cfg"] = self.cfg
        d["_legal"] = self._legal
        return other

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": STATE_FORMAT, "players": self.cfg.players,
                               "options": self.cfg.options.model_dump()}
        src = self.__dict__
        for k in SCALARS:
            out[k] = src[k]
        for k in LISTS:
            out[k] = src[k][:]
        for k in NESTED:
            out[k] = [x[:] for x in src[k]]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if data.get("format") != STATE_FORMAT:
            raise BadRecord(f"not a Feinde state (format {data.get('format')!r})")
        try:
            options = dict(data["options"])
            # a state saved before rules 1.2 goes on with the sight it was played with (R6.2)
            options.setdefault("crossing_blocks_sight", True)
            # and one saved before rules 1.3 with that version's readings
            if "card_full_value" not in options:
                options = {**RULES_1_2, **options}
            cfg = build_config(int(data["players"]), options)
            st = object.__new__(cls)
            FeindeTable.__init__(st, cfg)
            d = st.__dict__
            for k in SCALARS:
                d[k] = int(data[k])
            # lists are copied as they are (JSON keeps ints ints); a wrong type fails below
            for k in LISTS:
                d[k] = list(data[k])
            for k in NESTED:
                d[k] = [list(row) for row in data[k]]
            if any(set(map(type, d[k])) - {int} for k in LISTS):
                raise TypeError("a list holds something other than integers")
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"bad Feinde state: {exc}") from None
        return st

    def conserved(self) -> dict[str, int]:
        """85 power chips, 42 spell cards and 53 tokens never leave the game's box."""
        chips = sum(self.chips) + sum(self.chip) + self.storage + self.box
        cards = sum(len(h) for h in self.hands) + sum(map(sum, self.deck)) + len(self.played)
        tokens = (sum(1 for t in self.token if t) + sum(len(t) for t in self.trophies)
                  + len(self.boxed_tokens) + len(self.g1) + len(self.g2) + len(self.g3)
                  + len(self.g4) + (1 if self.dm_token else 0)
                  + (1 if self.phase == PLACE else 0))
        return {"chips": chips, "cards": cards, "tokens": tokens}


# --- views ---------------------------------------------------------------------------------

PUBLIC_SKIP = ("hands", "hand_groups", "deck")
#: what a view adds to the state's fields (`sample.sample_state` leaves them out again)
VIEW_ONLY = ("game", "seat", "proposal_data", "current", "deck_sizes", "hand_backs", "hand",
             "bonus", "dumbest", "legal", "map", "labels", "names", "phase_name", "components")


def view_of(st: FeindeTable, seat: int | None, dumbest: int, legal: list[int]) -> View:
    """Everything public, plus `seat`'s own hand; others' hands show only their card backs.

    What the rules derive is passed in: the dumbest player (R8.1) and, for the seat to
    decide, its legal actions."""
    v: dict[str, Any] = {"game": "feinde", "players": st.cfg.players, "seat": seat,
                         "proposal_data": st.cfg.board.proposal or st.cfg.tables.proposal,
                         "current": st.current_player()}
    src = st.__dict__
    v["options"] = st.cfg.options.model_dump()
    for k in SCALARS:
        v[k] = src[k]
    for k in LISTS:
        v[k] = src[k][:]
    v["trophies"] = [x[:] for x in st.trophies]
    v["deck_sizes"] = [sum(g) for g in st.deck]
    v["hand_backs"] = [h[:] for h in st.hand_groups]
    v["hand"] = [CARD_KINDS[k] for k in st.hands[seat]] if seat is not None else None
    v["bonus"] = st.cfg.bonus
    v["dumbest"] = dumbest
    v["legal"] = legal
    v["map"] = list(st.cfg.board.rows)  # the labyrinth, for front ends that draw it
    v["labels"] = list(st.cfg.board.labels)
    v["names"] = dict(st.cfg.board.names)
    v["phase_name"] = PHASE_NAMES[st.phase]
    v["components"] = public_components(st.cfg)
    return v


def public_components(cfg: Config) -> dict[str, Any]:
    """What is printed on the pieces, for front ends: each monster's gold and green hearts (by
    strength, index 0 unused), the bosses' names, each chest's knowledge and gold, the storage
    track's length and shaded spaces."""
    tables = cfg.tables
    return {"gold": list(tables.gold), "hearts": list(tables.heart),
            "monster_names": {str(k): v for k, v in tables.monster_names.items()},
            "chests": [list(c) for c in tables.chests], "track_length": tables.track_length,
            "shaded": sorted(tables.shaded)}
