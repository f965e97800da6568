"""Exploring (RULES.md R6): crossings in sight are revealed, chip rooms seen are emptied
onto the storage track and get a token from the current group; group #4 comes in at once
(R6.5), the dumbest-player tile is given out when drawn (R6.6).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    CHEST0,
    CROSS_BASE,
    DUMB_TILE,
    MOVE,
    PLACE,
    PLACE4,
    PLACE_BASE,
    REVEAL,
    TILE_SHAPES,
    TOKEN_BASE,
)
from .knowledge import dumbest, to_storage
from .sight import sight
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def explore(st: FeindeTable, ev: list[Event]) -> bool:
    """R6 reveal crossings in sight, then fill the seen chip rooms; True if chance is to move."""
    b = st.cfg.board
    if st.origins:
        hidden: list[int] = []
        rooms: list[int] = []
        for o in st.origins:
            seen, h = sight(st, o)
            rooms.extend(seen)
            hidden.extend(h)
        if hidden:
            st.pending_cross = min(hidden)
            st.phase = REVEAL
            return True
        for r in sorted(set(rooms)):
            if st.chip[r]:
                st.chip[r] = 0
                to_storage(st)  # R6.3 the chip goes onto the storage track
                st.pending_rooms.append(r)
                _ev(ev, "room_revealed", room=b.labels[r])
        st.origins = []
    if not st.pending_rooms:
        return False
    while st.g2 and st.g2[0] == DUMB_TILE:
        st.g2.pop(0)
        st.dumb_active = 1  # R8.1
        st.boxed_tokens.append(DUMB_TILE)
        _ev(ev, "dumbest_tile", seat=dumbest(st))
    if st.g2 or st.g3:
        group = st.g2 if st.g2 else st.g3
        st.next_token = group.pop(0)
        st.phase = PLACE
        if not st.g2 and not st.g3 and st.cfg.options.group4_all_at_once:
            _bring_group4(st, ev)
        return True
    if st.g4:
        st.phase = PLACE4
        return True
    st.pending_rooms = []  # a board with more rooms than tokens: the rest stay empty
    return False


def _bring_group4(st: FeindeTable, ev: list[Event]) -> None:
    """R6.5 (A17) group #3 is empty: every room still holding a chip is revealed at once."""
    b = st.cfg.board
    for r in b.rooms:
        if st.chip[r]:
            st.chip[r] = 0
            to_storage(st)
            st.pending_rooms.append(r)
            _ev(ev, "room_revealed", room=b.labels[r])


def put_token(st: FeindeTable, room: int, t: int, ev: list[Event]) -> None:
    """R6.4 the drawn token goes face up into a room just seen."""
    b = st.cfg.board
    st.pending_rooms.remove(room)
    st.token[room] = t
    st.next_token = 0
    name = "chest" if t >= CHEST0 else "monster"
    _ev(ev, "token_placed", room=b.labels[room], token=t, what=name)
    st.phase = MOVE


def _reveal(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R2.4/R6.2 chance turns a face-down crossing in sight face up: its shape and rotation."""
    b = st.cfg.board
    shape, rot = divmod(a - CROSS_BASE, 4)
    c = st.pending_cross
    st.cross_shape[c] = shape
    st.cross_rot[c] = rot
    st.tiles_left[shape] -= 1
    st.pending_cross = -1
    _ev(ev, "crossing_revealed", crossing=b.labels[c], shape=TILE_SHAPES[shape], rotation=rot)
    st.phase = MOVE  # advance() picks the real next phase


def _place(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R6.4 chance places the drawn token in one of the rooms just seen."""
    room = st.cfg.board.rooms[a - PLACE_BASE]
    put_token(st, room, st.next_token, ev)


def _place4(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R6.5 chance draws the group #4 token for the next room still waiting for one."""
    t = a - TOKEN_BASE
    st.g4.remove(t)
    put_token(st, min(st.pending_rooms), t, ev)


#: what a chance outcome does in each exploring phase (`rules.apply_action` dispatches by phase)
APPLY = {REVEAL: _reveal, PLACE: _place, PLACE4: _place4}
