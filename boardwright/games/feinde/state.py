"""Fürchterliche Feinde's state: storage, copying, (de)serialisation, views, determinisation.

Every field is an int, a list of ints or a list of int lists, so `clone()` and JSON are plain
copies. Face-down crossings, group #4 and the spell deck are kept as *counts* of what is still
unseen, and chance picks from those counts at the moment a thing is revealed (RULES.md R2.4):
the only fact hidden from a seat is therefore the other players' hands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import CHANCE, TERMINAL, Ending, State, View, ranked_ending
from boardwright.engine.errors import BadRecord
from boardwright.engine.events import Event

from . import rules
from .data import CARD_KINDS, Config, build_config

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


class FeindeState(State):
    """One position; the rules that change it are in `rules.py`."""

    def __init__(self, cfg: Config, *, blank: bool = False) -> None:
        self.cfg = cfg
        self._legal: list[int] | None = None
        if not blank:
            rules.setup(self)

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
        return self.asker

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return rules.chance_outcomes(self)

    def apply(self, action: int) -> list[Event]:
        return rules.apply_action(self, action)

    def action_to_json(self, action: int) -> dict[str, Any]:
        return rules.action_to_json(self.cfg, action)

    def action_to_text(self, action: int) -> str:
        return rules.action_to_text(self.cfg, action)

    def action_from_text(self, text: str) -> int:
        return rules.action_from_text(self.cfg, text)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return rules.action_from_json(self.cfg, data)

    @property
    def num_distinct_actions(self) -> int:
        return rules.NUM_ACTIONS

    def returns(self) -> list[float]:
        """R11.2 gold (bonus gold included) decides."""
        return [float(g) for g in self.gold]

    def winners(self) -> list[int]:
        """R11.2 most gold; a tie goes to more power chips; a further tie is shared."""
        if self.phase != rules.OVER:
            return []
        best = max(zip(self.gold, self.chips, strict=True))
        return [p for p in range(self.num_players) if (self.gold[p], self.chips[p]) == best]

    def ending(self) -> Ending | None:
        """R11.1 the bosses beaten, or a cap or the stall rule; R11.2 ranks gold, then chips."""
        by = self.ended_by()
        if by is None:
            return None
        reason = {"rule": "bosses", "cap": "turn_limit", "stall": "stalled"}[by]
        return ranked_ending(by, reason, ("gold", "chips"),
                             list(zip(self.gold, self.chips, strict=True)), self.winners())

    def ended_by(self) -> str | None:
        """R11.1 both bosses beaten is the rules' ending; the round cap and the stall rule
        (R12 A36) are not (the game-over event names which one ended it)."""
        if self.phase != rules.OVER:
            return None
        if self.bosses >= 2:
            return "rule"
        cap = self.cfg.options.max_rounds
        return "cap" if cap and self.round > cap else "stall"

    def rounds_played(self) -> int:
        # the cap ends the game as the round after it would begin: that one was not played
        cap = self.cfg.options.max_rounds
        return min(self.round, cap) if cap else self.round

    def view(self, seat: int | None) -> View:
        return view_of(self, seat)

    def clone(self) -> FeindeState:
        other = FeindeState.__new__(FeindeState)
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
    def from_json(cls, data: Mapping[str, Any]) -> FeindeState:
        if data.get("format") != STATE_FORMAT:
            raise BadRecord(f"not a Feinde state (format {data.get('format')!r})")
        try:
            cfg = build_config(int(data["players"]), dict(data["options"]))
            st = cls(cfg, blank=True)
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
                  + (1 if self.phase == rules.PLACE else 0))
        return {"chips": chips, "cards": cards, "tokens": tokens}


# --- views and determinisation -------------------------------------------------------------

PUBLIC_SKIP = ("hands", "hand_groups", "deck")
#: `rules`' phases by number, named for front ends (the browser's prompt says what to do)
PHASE_NAMES = ("setup_teleport", "setup_monster", "place_hero", "dumb", "choose", "move", "dice",
               "free_step", "reveal", "place", "place4", "draw", "apprentice", "follow", "delta",
               "travel", "over", "pick", "rotate", "join", "invisible")
#: what a view adds to the state's fields (`sample_state` leaves them out again)
VIEW_ONLY = ("game", "seat", "proposal_data", "current", "deck_sizes", "hand_backs", "hand",
             "bonus", "dumbest", "legal", "map", "labels", "names", "phase_name", "components")


def view_of(st: FeindeState, seat: int | None) -> View:
    """Everything public, plus `seat`'s own hand; others' hands show only their card backs."""
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
    v["dumbest"] = rules.dumbest(st)
    v["legal"] = st.legal_actions() if st.current_player() == seat and seat is not None else []
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


def sample_state(view: View, seat: int, rng: random.Random) -> FeindeState:
    """A full state with `view`'s public facts; others' hands drawn from the unseen cards."""
    base = {k: view[k] for k in view if k not in VIEW_ONLY}
    base["format"] = STATE_FORMAT
    cfg = build_config(int(view["players"]), dict(view["options"]))
    groups = cfg.tables.groups
    unseen = [list(g) for g in groups]
    played = view["played"]
    for code in played:
        kind, grp = divmod(code, 8)
        unseen[grp][kind] -= 1
    own = [CARD_KINDS.index(k) for k in view["hand"]]
    backs = view["hand_backs"]
    for kind, grp in zip(own, backs[seat], strict=True):
        unseen[grp][kind] -= 1
    hands: list[list[int]] = []
    for p in range(cfg.players):
        if p == seat:
            hands.append(own)
            continue
        hand = []
        for grp in backs[p]:
            kind = _weighted(unseen[grp], rng)
            unseen[grp][kind] -= 1
            hand.append(kind)
        hands.append(hand)
    base["hands"] = hands
    base["hand_groups"] = [list(b) for b in backs]
    base["deck"] = unseen
    return FeindeState.from_json(base)


def _weighted(counts: list[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to `counts`."""
    pick = rng.randrange(sum(counts))
    for i, c in enumerate(counts):
        if pick < c:
            return i
        pick -= c
    raise AssertionError("empty pool")
