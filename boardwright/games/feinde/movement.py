"""Moving the hero (RULES.md R3.2–R3.8): the open steps, being pinned, teleports, and what
happens on arrival (a monster stops him, unexplored area in sight stops him, apprentices
follow, heroes here may join).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    CHEST0,
    DIRS,
    END,
    FREE_STEP,
    MOVE,
    STEP,
    TELEPORT_PAIRINGS,
    UNSEEN_BY_HEROES,
    UNSEEN_BY_MONSTERS,
)
from .knowledge import pass_through_candidates
from .sight import can_pass, sees_unexplored
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def hero_cell(st: FeindeTable) -> int:
    """R3.2 the space of the hero to move."""
    return st.pos[st.to_move]


def pinned(st: FeindeTable) -> bool:
    """R3.4 a hero on a monster's space may not walk away (unless he killed it or escaped)."""
    t = st.token[hero_cell(st)]
    return 0 < t < CHEST0 and not st.escaped and not st.invisible & UNSEEN_BY_MONSTERS


def step_dirs(st: FeindeTable) -> list[int]:
    """R3.2 the directions the hero can step in: an open way, not into a room with a chip."""
    here = hero_cell(st)
    chip = st.chip
    return [d for d in range(4) if (c := can_pass(st, here, d)) >= 0 and not chip[c]]


def teleport_partner(st: FeindeTable, cell: int) -> int:
    """R3.8 the partner field of a teleport space (same colour), or -1."""
    b = st.cfg.board
    if st.teleport < 0 or cell not in b.teleports:
        return -1
    i = b.teleports.index(cell)
    for x, y in TELEPORT_PAIRINGS[st.teleport]:
        if i == x:
            return b.teleports[y]
        if i == y:
            return b.teleports[x]
    return -1


def step(st: FeindeTable, d: int, ev: list[Event], free: bool = False) -> None:
    """R3.1/R3.2 one step (one of the action's moves, or the free step of R5.5/R5.8)."""
    p = st.to_move
    b = st.cfg.board
    st.pos[p] = can_pass(st, st.pos[p], d)
    if not free:
        st.budget -= 1
        st.steps += 1
    _ev(ev, "stepped", seat=p, to=b.labels[st.pos[p]], dir=DIRS[d])
    after_arrival(st)


def after_arrival(st: FeindeTable) -> None:
    """R3.7 a monster stops the hero; R3.6 unexplored area in sight stops him and is explored;
    R9.5 apprentices who joined on the way move along, and heroes here may join."""
    p = st.to_move
    here = st.pos[p]
    for s, joined in enumerate(st.pupil):
        if joined:
            st.pos[s] = here  # R9.5 "he may follow his movement"
    if st.cfg.options.pass_through_apprentice and not st.invisible & UNSEEN_BY_HEROES:
        st.join_queue.extend(pass_through_candidates(st, p, here))
    t = st.token[here]
    if 0 < t < CHEST0 and not st.invisible & UNSEEN_BY_MONSTERS:
        st.stopped = 1
    if sees_unexplored(st, here):
        st.stopped = 1
        st.origins.append(here)


def teleport(st: FeindeTable, ev: list[Event]) -> None:
    """R3.8 one step from a teleport space to the partner field of the same colour."""
    p = st.to_move
    b = st.cfg.board
    st.pos[p] = teleport_partner(st, st.pos[p])
    st.budget -= 1
    st.steps += 1
    _ev(ev, "teleported", seat=p, to=b.labels[st.pos[p]])
    after_arrival(st)


def _free_step(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R5.5/R5.8 one free step (or none) after a learning fight or a short purse."""
    st.phase = MOVE
    st.budget = 0
    st.stopped = 1  # R5.5/R5.8 the free step ends the turn
    if a != END:
        step(st, a - STEP, ev, free=True)


#: what an action does in the free-step phase (`rules.apply_action` dispatches by phase)
APPLY = {FREE_STEP: _free_step}
