"""A wandering monster's move (RULES.md R8.3, R8.4, and the red cards of R10.4): room by
room, carrying or dropping a hero, until it stops in an empty room.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import CHEST0, CHOOSE, DONE, DUMB, MSTEP, MSTOP, PICK, THREE_MODE
from .sight import heroes_at, monster_steps
from .spells import card_done, pick_actions
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def dumb_step(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R8.3/R8.4 the wandering monster moves one room, carrying or dropping a hero."""
    b = st.cfg.board
    if a == MSTOP:
        dumb_end(st, ev)
        return
    room = b.rooms[a - MSTEP]
    st.dm_cell = room
    st.dm_steps += 1
    if st.dm_carry >= 0:
        st.pos[st.dm_carry] = room
    heroes = [h for h in heroes_at(st, room) if h != st.dm_carry]
    forced = False
    t = st.token[room]
    # R8.4 "egy olyan terembe érnek ahol egy másik szörny áll": a monster, not a chest (R8.4.1,
    # option `wandering_chest_is_monster`: a chest too)
    if t and (t < CHEST0 or st.cfg.options.wandering_chest_is_monster):
        if st.dm_carry >= 0:
            _ev(ev, "hero_dropped", seat=st.dm_carry, room=b.labels[room])
            st.dm_carry = -1  # R8.4 left with the other monster
    elif st.dm_carry >= 0 and heroes:
        forced = True  # R8.4 carrying into a room with a hero: both stop
    elif len(heroes) >= 2:
        forced = True  # R8.4 two or more heroes stop it
    elif len(heroes) == 1 and st.dm_carry < 0:
        st.dm_carry = heroes[0]  # R8.4 takes a lone hero along
    _ev(ev, "monster_moved", monster=st.dm_token, room=b.labels[room])
    done = forced or st.dm_steps >= st.dm_limit or not monster_steps(st)
    if done and st.token[room] == 0 and room != st.dm_origin:
        dumb_end(st, ev)


def dumb_end(st: FeindeTable, ev: list[Event]) -> None:
    """R8.3 the wandering monster stops in an empty room; after a red card (R10.4) the next
    monster may be picked."""
    st.token[st.dm_cell] = st.dm_token
    st.dm_token = 0
    st.dm_carry = -1
    if not st.card_mode:
        st.phase = CHOOSE
        return
    if st.card_mode == THREE_MODE and st.picks_left and pick_actions(st) != [DONE]:
        st.phase = PICK  # R10.4 the next of the three monsters
        return
    card_done(st)


#: what an action does while a monster wanders (`rules.apply_action` dispatches by phase)
APPLY = {DUMB: dumb_step}
