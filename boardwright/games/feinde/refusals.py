"""Why a Fürchterliche Feinde move is refused: the rule that forbids it and the reason.

`why_not` never decides legality (a legal action is never refused); it names the rule a refused
action fails: a move of another phase (each phase asks for one kind of answer), the choice of
action (R3.3-R3.5), a step (R3.2, R3.4, R3.7, R3.8), the one fight (R3.1, R5), a spell card
(R10), the dumbest player's monster (R8). Texts are `why.<key>` in `messages/<lang>.json`.
"""

from __future__ import annotations

from boardwright.engine.api import Refusal

from .data import (
    APPRENTICE,
    CARD_KINDS,
    CHEST0,
    CHOOSE,
    DELTA,
    DELTA_BASE,
    DONE,
    DUMB,
    ESCAPE,
    FIGHT,
    FIGHT_MOVE,
    FOLLOW,
    FREE_STEP,
    HERO_START,
    INVISIBLE,
    JOIN,
    MOVE,
    MSTEP,
    MSTOP,
    PICK,
    PICK_CROSS,
    PICK_ROOM,
    PLACE_HERO,
    PLAY,
    REST,
    ROT_BASE,
    ROTATE,
    RUN,
    STEP,
    TELEPORT,
    TRAVEL,
    TRAVEL_TO,
)
from .forward import FeindeState
from .movement import hero_cell, pinned

#: per phase: the rule that asks for its answer and the words for what it asks
EXPECTED = {
    PLACE_HERO: "R2.7", DUMB: "R8.2", CHOOSE: "R3.1", MOVE: "R3.1", FREE_STEP: "R5.5",
    APPRENTICE: "R9.1", FOLLOW: "R9.3", JOIN: "R9.5", INVISIBLE: "R10.3", DELTA: "R10.4",
    PICK: "R10.4", ROTATE: "R10.5", TRAVEL: "R10.3",
}
PHASE_KEYS = {
    PLACE_HERO: "place_hero", DUMB: "dumb", CHOOSE: "choose", MOVE: "move",
    FREE_STEP: "free_step", APPRENTICE: "apprentice", FOLLOW: "follow", JOIN: "join",
    INVISIBLE: "invisible", DELTA: "delta", PICK: "pick", ROTATE: "rotate", TRAVEL: "travel",
}
DIRECTIONS = ("N", "E", "S", "W")  # the catalogue's `dir.*`


def refuse(st: FeindeState, action: int) -> Refusal:
    """Why `action`, not legal for the seat to move, is refused (`Game.why_not` has checked the
    game's end, chance and whose turn it is, citing the game's `info.turn_rules`)."""
    ph = st.phase
    found = _within_phase(st, action)
    if found is not None:
        return found
    return Refusal(EXPECTED.get(ph, "R3.1"), f"expected.{PHASE_KEYS.get(ph, 'move')}")


def _within_phase(st: FeindeState, action: int) -> Refusal | None:
    """The reason for a move of the kind the phase asks for that is still refused."""
    ph = st.phase
    p = st.to_move
    if ph == CHOOSE and action in (FIGHT_MOVE, RUN, REST, ESCAPE):
        return _choice(st, action)
    if ph in (MOVE, FREE_STEP) and STEP <= action < STEP + 4:
        return _step(st, action - STEP)
    if ph == MOVE and action == TELEPORT:
        return Refusal("R3.8", "no_teleport")
    if ph == MOVE and action == FIGHT:
        if st.kind != 1:
            return Refusal("R3.1", "ran_no_fight")
        if st.fought:
            return Refusal("R3.1", "one_fight")
        return Refusal("R5.1", "nothing_to_fight")
    if ph == MOVE and PLAY <= action < PLAY + len(CARD_KINDS):
        kind = action - PLAY
        hand = st.hands[p]
        if kind not in hand:
            return Refusal("R10.1", "card_not_in_hand", {"card": CARD_KINDS[kind]})
        if kind not in hand[: len(hand) - st.fresh]:
            return Refusal("R7.2", "card_fresh", {"card": CARD_KINDS[kind]})
        if st.fought:
            return Refusal("R10.2", "after_battle", {"card": CARD_KINDS[kind]})
        return Refusal("R10.3", "card_not_now", {"card": CARD_KINDS[kind]})
    if ph == DUMB and (MSTEP <= action < MSTOP or action == MSTOP):
        return Refusal("R8.3", "monster_step") if action != MSTOP \
            else Refusal("R8.2", "monster_must_move")
    if ph == DELTA and DELTA_BASE <= action < DELTA_BASE + 9:
        return Refusal("R10.4", "delta_range")
    if ph == TRAVEL and TRAVEL_TO <= action < TRAVEL_TO + st.cfg.players:
        return Refusal("R10.3", "travel_target")
    if ph == ROTATE and ROT_BASE <= action < ROT_BASE + 4:
        return Refusal("R10.5", "same_rotation")
    if ph == PICK and (PICK_ROOM <= action < ROT_BASE or action == DONE):
        return Refusal("R10.4" if action < PICK_CROSS else "R10.5", "pick_target")
    if ph == PLACE_HERO and HERO_START <= action < HERO_START + 4:
        return Refusal("R2.7", "no_start_room")
    return None


def _choice(st: FeindeState, action: int) -> Refusal:
    """R3.3 rest needs chips on the storage track; R3.4 a monster pins; R3.5 escape."""
    p = st.to_move
    t = st.token[hero_cell(st)]
    if action == REST:
        return Refusal("R3.3", "storage_empty")
    if action == RUN:
        return Refusal("R3.4", "pinned", {"monster": t})
    if not 0 < t < CHEST0:
        return Refusal("R3.5", "nothing_to_escape")
    if st.escaped:
        return Refusal("R3.5", "escaped_already", {"monster": t})
    if t <= st.knowledge[p]:
        return Refusal("R3.5", "escape_not_stronger", {"monster": t})
    return Refusal("R5.3", "escape_costs_chip")


def _step(st: FeindeState, direction: int) -> Refusal:
    """R3.1 the steps of the move, R3.7 a monster stops the hero, R3.4 pinned, R3.2 walls."""
    params = {"direction": DIRECTIONS[direction]}
    if st.phase == MOVE:
        if st.stopped:
            return Refusal("R3.7", "stopped")
        if st.budget <= 0:
            return Refusal("R3.1", "no_steps")
        if pinned(st):
            return Refusal("R3.4", "pinned", {"monster": st.token[hero_cell(st)]})
    return Refusal("R3.2", "no_way", params)
