"""The turn (RULES.md R3.1, R3.3, R3.5, R8.2, R9): choosing the action, resting, escaping,
and the turn's end, where followers, apprentices and knowledge gains are settled before the
next player begins (the dumbest player first moves the weakest monster, R8.2).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import ACTION_KINDS, APPRENTICE, BUDGET, CHOOSE, DUMB, ESCAPE, FOLLOW, JOIN, MOVE, YES
from .endgame import game_over
from .knowledge import apprentice_gain, dumbest, pay, set_knowledge
from .sight import heroes_at, weakest_movable
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def reset_turn(st: FeindeTable) -> None:
    """R3.1 a turn starts with nothing chosen, moved, fought or played yet (R9.5 nobody
    joined or was asked)."""
    st.kind = 0
    st.budget = st.steps = st.fought = st.stopped = st.escaped = st.invisible = 0
    st.mdelta = st.mchange_used = 0
    st.fight_cell = st.fight_case = st.fight_first = -1
    st.next_token = 0
    st.pending_cross = -1
    st.draw_for = -1
    st.dm_token = st.dm_cell = st.dm_origin = st.dm_steps = st.dm_limit = 0
    st.dm_carry = -1
    st.fresh = 0
    st.turn_start_pos = -1
    st.asked = 0
    st.apprentice_yes = -1
    st.card_mode = st.picks_left = 0
    st.pick_first = -1
    st.picked = []
    n = st.cfg.players
    st.pupil = [0] * n  # R9.5 joined the mover this turn: 1 (one wiser hero) or 2 (several)
    st.join_asked = [0] * n  # R9.5 each hero is asked at most once a turn
    st.join_queue = []  # R9.5 heroes still to answer "join the passing hero?"


def begin_turn(st: FeindeTable, p: int, ev: list[Event]) -> None:
    """R3.1/R8.2 a new turn: the dumbest player first moves the weakest monster."""
    reset_turn(st)
    st.to_move = st.asker = p
    st.turn_start_pos = st.pos[p]
    st.follow_queue = []
    if p == st.start_player:
        st.round += 1
        opts = st.cfg.options
        if opts.max_rounds and st.round > opts.max_rounds:
            game_over(st, ev, "turn_limit")
            return
        if opts.stall_rounds and st.round - st.last_progress > opts.stall_rounds:
            game_over(st, ev, "stalled")  # R12 A36
            return
    if dumbest(st) == p:
        room = weakest_movable(st, 3)
        if room >= 0:
            st.phase = DUMB
            st.dm_token = st.token[room]
            st.token[room] = 0
            st.dm_cell = st.dm_origin = room
            st.dm_steps = 0
            st.dm_limit = 3
            st.dm_carry = -1
            _ev(ev, "wandering", seat=p, monster=st.dm_token, room=st.cfg.board.labels[room])
            return
    st.phase = CHOOSE


def choose_action(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R3.1 the action of the turn (1 move and fight, 2 move, 3 rest, R3.3), or R3.5
    escaping first."""
    p = st.to_move
    if a == ESCAPE:
        pay(st, p, 1)  # R3.5
        st.escaped = 1
        _ev(ev, "escaped", seat=p)
        return
    st.kind = ACTION_KINDS[a]
    _ev(ev, "action", seat=p, action=st.kind)
    if st.kind == 3:
        rest(st, ev)
        return
    st.budget = BUDGET[st.kind]
    st.phase = MOVE


def rest(st: FeindeTable, ev: list[Event]) -> None:
    """R3.3 take the chips on shaded spaces, slide the rest down."""
    p = st.to_move
    shaded = st.cfg.tables.shaded
    take = sum(1 for s in range(1, st.storage + 1) if s in shaded)
    st.chips[p] += take
    st.storage -= take
    _ev(ev, "rested", seat=p, chips=take)
    finish_turn(st, ev)


def finish_turn(st: FeindeTable, ev: list[Event]) -> None:
    """R9 followers decide, the mover may become an apprentice, gains apply, next player."""
    p = st.to_move
    if not st.asked:
        if st.pos[p] != st.turn_start_pos:
            st.follow_queue = [
                s for s in range(st.cfg.players)
                if s != p and st.master[s] == p and st.pos[s] == st.turn_start_pos
                and st.knowledge[s] < st.knowledge[p] and not st.pupil[s]]  # R9.3, R9.4
        st.asked = 1  # the followers are asked once a turn
    if st.follow_queue:
        st.phase = FOLLOW
        st.asker = st.follow_queue[0]
        return
    st.asker = p
    wiser = [q for q in heroes_at(st, st.pos[p]) if st.knowledge[q] > st.knowledge[p]]
    if st.apprentice_yes == -1:
        # R9.1 only a hero who ends his movement there (R9.1.1 CHOICE, option
        # `apprentice_needs_move`: who has moved this turn)
        moved = st.pos[p] != st.turn_start_pos or not st.cfg.options.apprentice_needs_move
        if moved and wiser and apprentice_gain(st, p, wiser) > st.knowledge[p]:
            st.phase = APPRENTICE  # R9.1
            return
        st.apprentice_yes = 0
    for s in range(st.cfg.players):
        if st.pupil[s]:
            # R9.5 with R9.2: the gain comes at the end of the turn he joined in, measured
            # against the master's knowledge then (before the master's own R9.1 gain)
            gain = (st.knowledge[s] + 1 if st.pupil[s] == 2
                    else apprentice_gain(st, s, [p]))
            set_knowledge(st, s, gain)
            _ev(ev, "apprentice", seat=s, master=p, knowledge=st.knowledge[s])
    if st.apprentice_yes == 1:
        gain = apprentice_gain(st, p, wiser)
        st.master[p] = max(wiser, key=lambda q: (st.knowledge[q], st.stamp[q]))
        _ev(ev, "apprentice", seat=p, master=st.master[p], knowledge=gain)
        set_knowledge(st, p, gain)
    for s in range(st.cfg.players):
        if st.follow_gain[s]:
            set_knowledge(st, s, st.knowledge[s] + st.follow_gain[s])
            st.follow_gain[s] = 0
    _ev(ev, "turn_end", seat=p)
    st.turn += 1
    begin_turn(st, (p + 1) % st.cfg.players, ev)


def _apprentice(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R9.1 the mover answers whether he becomes the apprentice of a wiser hero here."""
    st.apprentice_yes = 1 if a == YES else 0
    finish_turn(st, ev)


def _follow(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R9.3 an apprentice left behind follows his master (+1 knowledge later) or leaves him."""
    b = st.cfg.board
    p = st.to_move
    s = st.follow_queue.pop(0)
    if a == YES:
        st.pos[s] = st.pos[p]
        st.follow_gain[s] += 1  # R9.3 +1 at the end of the master's turn
        _ev(ev, "follows", seat=s, master=p, to=b.labels[st.pos[p]])
    else:
        st.master[s] = -1
        _ev(ev, "stays", seat=s, master=p)
    finish_turn(st, ev)


def _join(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R9.5 a hero the mover passes answers whether he joins him as an apprentice."""
    b = st.cfg.board
    p = st.to_move
    s = st.join_queue.pop(0)
    if a == YES:
        # R9.5/R9.2 several wiser heroes on the space where he joined: only +1 later
        wiser = [q for q in heroes_at(st, st.pos[s]) if st.knowledge[q] > st.knowledge[s]]
        st.pupil[s] = 2 if len(wiser) > 1 else 1
        st.master[s] = p
        _ev(ev, "joins", seat=s, master=p, at=b.labels[st.pos[s]])
    st.phase = MOVE


#: what an action does in each phase of this module (`rules.apply_action` dispatches by phase)
APPLY = {CHOOSE: choose_action, APPRENTICE: _apprentice, FOLLOW: _follow, JOIN: _join}
