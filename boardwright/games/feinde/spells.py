"""Spell cards (RULES.md R10): which may be played now, and what each does, including the
targets a red or green card picks and the sight a turned crossing opens (R10.5, A30).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    AMOUNT,
    AMOUNT_BASE,
    CARD_KINDS,
    CHEST0,
    DELTA,
    DELTA_BASE,
    DONE,
    DUMB,
    INVIS_MONSTERS,
    INVISIBLE,
    MOVE,
    PICK,
    PICK_CROSS,
    PICK_ROOM,
    ROT_BASE,
    ROTATE,
    ROTATE_MODE,
    SWAP_MODE,
    THREE_MODE,
    TRAVEL,
    TRAVEL_TO,
    TRAVELS_MODE,
    UNSEEN_BY_HEROES,
    UNSEEN_BY_MONSTERS,
)
from .knowledge import set_knowledge
from .movement import after_arrival, hero_cell
from .sight import any_movable_monster, movable_monsters, trace
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def card_value(k: int) -> int:
    """R10.3 the number a Knowledge or Power card prints (`know3`: 3)."""
    name = CARD_KINDS[k]
    return int(name[4:] if name.startswith("know") else name[5:])


def playable_names(st: FeindeTable) -> set[str]:
    """The names of the cards in hand that were not drawn this turn (R10.1)."""
    p = st.to_move
    return {CARD_KINDS[k] for k in st.hands[p][: len(st.hands[p]) - st.fresh]}


def playable_cards(st: FeindeTable) -> list[int]:
    """R10 the card kinds the player may play now (not the ones drawn this turn)."""
    p = st.to_move
    opts = st.cfg.options
    hand = st.hands[p][: len(st.hands[p]) - st.fresh]
    out: set[int] = set()
    t = st.token[hero_cell(st)]
    # R10.2 "Csata után, amikor a körnek vége van": after a fight that came last, or once the
    # hero's movement after a fight-first kill is over (option `cards_while_stopped`: only once
    # his steps are used up as well, R10.2.1)
    over = st.stopped and (st.budget == 0 or not opts.cards_while_stopped)
    after_battle = st.fought and (not st.fight_first or over)
    for k in set(hand):
        name = CARD_KINDS[k]
        if name.startswith("power"):
            out.add(k)  # R10.2 the only card allowed after the battle
        elif after_battle:
            continue
        elif name.startswith("move"):
            if not st.stopped and st.budget > 0:
                out.add(k)
        elif name.startswith("know"):
            out.add(k)
        elif name in ("monster1", "monster3", "monster4"):
            if st.kind == 1 and not st.fought and 0 < t < CHEST0 and not st.mchange_used:
                out.add(k)
        elif name in ("travel", "invisibility"):
            # R10.3.2 "Mozgás előtt": before the first step, a fight-first kill included
            # (option `movement_cards_after_kill` off: never after a fight)
            unfought = not st.fought or (opts.movement_cards_after_kill and st.fight_first)
            if st.steps == 0 and unfought and not st.stopped and not (
                    name == "invisibility" and st.invisible) and not (
                    name == "travel" and all(c == st.pos[p] for c in st.pos)):
                out.add(k)  # Travel needs another hero on another space to go to
        elif name == "swap":
            if sum(1 for x in st.token if x) >= 2:
                out.add(k)
        elif name == "monster_travels":
            if any_movable_monster(st, 2):
                out.add(k)
        elif name == "three_monsters":
            if any_movable_monster(st, 1):
                out.add(k)
        elif name == "rotate" and any(st.cross_shape[c] >= 0 for c in st.cfg.board.crossings):
            out.add(k)
    return sorted(out)


def pick_actions(st: FeindeTable) -> list[int]:
    """R10.4/R10.5 the targets a red or green card may pick next (and `done` to stop
    early where the card allows it)."""
    b = st.cfg.board
    mode = st.card_mode
    if mode == ROTATE_MODE:
        acts = [PICK_CROSS + i for i, c in enumerate(b.crossings)
                if st.cross_shape[c] >= 0 and c != st.pick_first]
        return acts + ([DONE] if st.picks_left < 2 else [])
    if mode == SWAP_MODE:
        return [PICK_ROOM + i for i, r in enumerate(b.rooms)
                if st.token[r] and r != st.pick_first]
    limit = 2 if mode == TRAVELS_MODE else 1
    moved = tuple(st.picked)
    acts = [PICK_ROOM + b.rooms.index(r) for r in movable_monsters(st, limit, moved)]
    return acts + ([DONE] if mode == THREE_MODE and st.picks_left < 3 else [])


def play(st: FeindeTable, k: int, ev: list[Event]) -> None:
    """R10 play one card from the hand."""
    p = st.to_move
    i = st.hands[p].index(k)
    g = st.hand_groups[p][i]
    del st.hands[p][i]
    del st.hand_groups[p][i]
    st.played.append(k * 8 + g)
    name = CARD_KINDS[k]
    _ev(ev, "card_played", seat=p, card=name)
    if name.startswith("move"):
        st.budget += int(name[4:])
    elif name.startswith(("power", "know")):
        if st.cfg.options.card_full_value or card_value(k) == 1:
            gain(st, k, card_value(k), ev)
        else:
            st.next_token = k  # R10.3.1 the player says how much of it he uses
            st.phase = AMOUNT
    elif name in ("monster1", "monster3", "monster4"):
        st.next_token = k
        st.phase = DELTA
    elif name == "invisibility":
        if st.cfg.options.invisibility_mode == "both":
            st.invisible = UNSEEN_BY_MONSTERS | UNSEEN_BY_HEROES
        else:
            st.phase = INVISIBLE  # R12 A28 the player says which effect
    elif name == "travel":
        st.phase = TRAVEL
    else:
        st.card_mode = {"swap": SWAP_MODE, "monster_travels": TRAVELS_MODE,
                        "three_monsters": THREE_MODE, "rotate": ROTATE_MODE}[name]
        st.picks_left = {SWAP_MODE: 2, TRAVELS_MODE: 1, THREE_MODE: 3, ROTATE_MODE: 2}[
            st.card_mode]
        st.pick_first = -1
        st.picked = []
        st.phase = PICK


def gain(st: FeindeTable, k: int, amount: int, ev: list[Event]) -> None:
    """R10.3 Power +N: chips from the box, as many as it holds (R12 A34); Knowledge +N."""
    p = st.to_move
    if CARD_KINDS[k].startswith("power"):
        got = min(amount, st.box)
        st.box -= got
        st.chips[p] += got
    else:
        set_knowledge(st, p, st.knowledge[p] + amount)
    if not st.cfg.options.card_full_value:
        _ev(ev, "card_amount", seat=p, card=CARD_KINDS[k], amount=amount)


def _amount(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R10.3.1 the amount of a Knowledge or Power card the player uses: "ez a maximumot mutatja,
    lehet kisebb értéket is elhasználni" [seed §A varázskártyák]."""
    k = st.next_token
    st.next_token = 0
    st.phase = MOVE
    gain(st, k, a - AMOUNT_BASE, ev)


def pick_target(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R10.4/R10.5 the targets of a red or green card."""
    b = st.cfg.board
    if a == DONE:
        if st.card_mode == ROTATE_MODE:
            rotation_sight(st)
        else:
            card_done(st)
        return
    if st.card_mode == ROTATE_MODE:
        st.pick_first = b.crossings[a - PICK_CROSS]
        st.phase = ROTATE
        return
    room = b.rooms[a - PICK_ROOM]
    if st.card_mode == SWAP_MODE:
        if st.pick_first < 0:
            st.pick_first = room
            return
        first = st.pick_first
        st.token[first], st.token[room] = st.token[room], st.token[first]
        _ev(ev, "swapped", rooms=[b.labels[first], b.labels[room]])
        card_done(st)
        return
    st.picks_left -= 1
    st.picked.append(st.token[room])
    st.dm_token = st.token[room]
    st.token[room] = 0
    st.dm_cell = st.dm_origin = room
    st.dm_steps = 0
    st.dm_limit = 2 if st.card_mode == TRAVELS_MODE else 1
    st.dm_carry = -1
    st.phase = DUMB
    _ev(ev, "wandering", seat=st.to_move, monster=st.dm_token, room=b.labels[room])


def rotation_sight(st: FeindeTable) -> None:
    """R10.5 (A30) heroes and empty rooms that now look through a turned crossing explore.

    With the seed's sight (R6.2) a crossing's arms do not bound sight, so a turn brings nothing
    into view and nobody explores."""
    if not st.cfg.options.crossing_blocks_sight:
        card_done(st)
        return
    b = st.cfg.board
    turned = set(st.picked)
    candidates = [c for c in st.pos] + [r for r in b.rooms if not st.token[r] and not st.chip[r]]
    for o in sorted(set(candidates)):
        rooms, hidden, seen = trace(st, o)
        if seen & turned and (hidden or any(st.chip[r] for r in rooms)):
            st.origins.append(o)
            if o == st.pos[st.to_move]:
                st.stopped = 1  # R3.6 the mover's view opened: his movement ends
    card_done(st)


def card_done(st: FeindeTable) -> None:
    """R10 a card's effect is over: the hero moves on."""
    st.card_mode = 0
    st.picks_left = 0
    st.pick_first = -1
    st.picked = []
    st.phase = MOVE


def _invisible(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R10.3 (A28) Invisibility: the player says which of its two effects he uses."""
    p = st.to_move
    st.invisible = UNSEEN_BY_MONSTERS if a == INVIS_MONSTERS else UNSEEN_BY_HEROES
    _ev(ev, "invisible", seat=p, towards="monsters" if a == INVIS_MONSTERS else "heroes")
    st.phase = MOVE


def _delta(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R10.4 a red card changes the monster's strength for this fight by the chosen amount."""
    p = st.to_move
    st.mdelta = a - DELTA_BASE - 4
    st.mchange_used = 1
    _ev(ev, "monster_changed", seat=p, delta=st.mdelta)
    st.phase = MOVE


def _rotate(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R10.5 the green card turns the picked crossing; a second one may follow."""
    b = st.cfg.board
    c = st.pick_first
    st.cross_rot[c] = a - ROT_BASE
    st.picked.append(c)
    _ev(ev, "crossing_rotated", crossing=b.labels[c], rotation=st.cross_rot[c])
    st.picks_left -= 1
    st.pick_first = -1
    if st.picks_left and any(st.cross_shape[x] >= 0 and x not in st.picked
                             for x in b.crossings):
        st.phase = PICK
    else:
        rotation_sight(st)


def _travel(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R10.3 Travel: the hero goes to the space of the chosen other hero."""
    b = st.cfg.board
    p = st.to_move
    q = a - TRAVEL_TO
    st.pos[p] = st.pos[q]
    _ev(ev, "travelled", seat=p, to=b.labels[st.pos[p]], hero=q)
    st.phase = MOVE
    after_arrival(st)


#: what an action does in each card phase (`rules.apply_action` dispatches by phase)
APPLY = {AMOUNT: _amount, INVISIBLE: _invisible, DELTA: _delta, PICK: pick_target, ROTATE: _rotate,
         TRAVEL: _travel}
