"""Fürchterliche Feinde's set-up (RULES.md R2): chips, token groups, knowledge, the deck,
and the chance events and choices that open the game (teleport pairing, group #1, heroes).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    CHEST0,
    DUMB_TILE,
    HERO_START,
    PAIRING,
    PLACE_HERO,
    SETUP_MONSTER,
    SETUP_TELEPORT,
    TOKEN_BASE,
)
from .state import FeindeTable
from .turn import begin_turn, reset_turn


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def setup(st: FeindeTable) -> None:
    """R2 set-up: chips on the 49 rooms, groups sorted, knowledge 1..n, 6 chips each."""
    cfg = st.cfg
    n = cfg.players
    b = cfg.board
    first = cfg.options.first_player
    st.start_player = first
    st.phase = SETUP_TELEPORT
    st.to_move = st.asker = first
    st.round = st.turn = st.last_progress = 0
    st.storage = 0
    st.box = 85 - (len(b.rooms) - len(b.starts)) - 6 * n  # R2.3 85 chips in all
    st.teleport = -1
    st.dumb_active = 0
    reset_turn(st)
    st.pos = [-1] * n
    st.knowledge = [0] * n
    for i in range(n):
        st.knowledge[(first + i) % n] = i + 1  # R2.6 the start player on 1, then clockwise
    st.stamp = [0] * n
    st.arrivals = 0
    st.chips = [6] * n
    st.gold = [0] * n
    st.token = [0] * len(b.kind)
    st.chip = [0] * len(b.kind)
    for r in b.rooms:
        if r not in b.starts:
            st.chip[r] = 1
    st.cross_shape = [-1] * len(b.kind)
    st.cross_rot = [0] * len(b.kind)
    st.tiles_left = list(cfg.tables.tiles)
    st.g1 = [1, 2, 3, 4]
    st.g2 = [*range(5, 24), DUMB_TILE]
    st.g3 = list(range(24, 49))
    st.g4 = [49, 50, CHEST0, CHEST0 + 1, CHEST0 + 2]
    st.origins = []
    st.pending_rooms = []
    st.master = [-1] * n
    st.follow_gain = [0] * n
    st.follow_queue = []
    st.boxed_tokens = []
    st.played = []
    st.trophies = [[] for _ in range(n)]
    st.hands = [[] for _ in range(n)]
    st.hand_groups = [[] for _ in range(n)]
    st.deck = [list(g) for g in cfg.tables.groups]
    st.bosses = 0
    st._legal = None


def _pair_teleports(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R1.3 chance pairs the four teleport fields by colour."""
    st.teleport = a - PAIRING
    _ev(ev, "teleports", pairing=st.teleport)
    st.phase = SETUP_MONSTER


def _place_start_monster(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R2.1 group #1 goes onto the four start rooms, one token each (chance)."""
    b = st.cfg.board
    t = a - TOKEN_BASE
    start = b.starts[4 - len(st.g1)]
    st.g1.remove(t)
    st.token[start] = t
    _ev(ev, "monster_placed", monster=t, room=b.labels[start])
    if not st.g1:
        st.phase = PLACE_HERO
        st.asker = st.to_move = st.start_player


def _place_hero(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R2.7 each player in turn puts his hero on a start room; then the first turn begins."""
    b = st.cfg.board
    p = st.to_move
    start = b.starts[a - HERO_START]
    st.pos[p] = start
    _ev(ev, "hero_placed", seat=p, room=b.labels[start])
    nxt = (p + 1) % st.cfg.players
    if nxt == st.start_player:
        begin_turn(st, nxt, ev)
    else:
        st.to_move = st.asker = nxt


#: what an action does in each set-up phase (`rules.apply_action` dispatches by phase)
APPLY = {SETUP_TELEPORT: _pair_teleports, SETUP_MONSTER: _place_start_monster,
         PLACE_HERO: _place_hero}
