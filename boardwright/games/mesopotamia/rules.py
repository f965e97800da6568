"""Mesopotamia's legal actions, chance events and their effects (RULES.md R2–R8), by phase.

The rules themselves live in topic modules along the rulebook: `turn` (R2 set-up, R3 the turn,
R6 mana), `movement` (R4.1–R4.7), `exploration` (R4.8–R4.10), `ziggurat` (R4.4, R4.5, R8),
`building` (R5 actions), `cards` (R7). This module dispatches between them; every function takes
the table (`state.MesoTable`, data only), and `forward.MesoState` wires them to the engine.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event

from . import building, cards, exploration, movement
from .actions import action_to_text
from .building import legal_action_phase
from .cards import aimed_seat, carrier_kinds, legal_cards, teleport_cells, wrath_targets
from .data import (
    ACTION,
    AFTER_DRAW,
    BREED,
    BUILD,
    CHANCE_PHASES,
    DISTRIBUTE,
    DRAW_CARD,
    DRAW_TILE,
    HOLY,
    MANA,
    MOVE,
    OFFER0,
    OVER,
    PHASE_NAMES,
    PICK_CARRIER,
    SCOUT_DRAW,
    SCOUT_PICK,
    TP_DST,
    VOLCANO,
    VOLCANO_PLACE,
    WR_DST,
)
from .exploration import distribute_cells, volcano_cells
from .movement import legal_moves
from .state import MesoTable


def legal_actions(s: MesoTable) -> list[int]:
    """R3 the legal actions of the phase under way, sorted: movement (R4), the action
    (R5), a card's target (R7), the explorer's placements (R4.9, R4.10, R7.2)."""
    ph = s.phase
    sp = s.cfg.space
    p = s.to_move
    out: list[int] = []
    if ph == MOVE:
        legal_moves(s, p, out)
        legal_cards(s, p, out)
        out.append(sp.start("end_movement"))
    elif ph == ACTION:
        legal_action_phase(s, p, out, first=True)
        legal_cards(s, p, out)
    elif ph in (BUILD, HOLY, BREED):
        legal_action_phase(s, p, out, first=False)
        if s.cfg.options.card_timing == "any_time":  # R3.2
            legal_cards(s, p, out)
    elif ph == AFTER_DRAW:  # R3.2 a card drawn: the others may still be played
        legal_cards(s, p, out)
        out.append(sp.start("finish_action"))
    elif ph == MANA:  # R3.2.1 the mana is counted: cards, then the turn is over
        legal_cards(s, p, out)
        out.append(sp.start("end_turn"))
    elif ph == TP_DST:
        src = s.pending[0]
        base = sp.start("to")
        out.extend(base + c for c in teleport_cells(s) if c != src)
    elif ph == WR_DST:
        base = sp.start("to")
        out.extend(base + c for c in wrath_targets(s, s.pending[0], s.pending[1]))
    elif ph == VOLCANO_PLACE:
        base = sp.start("place_volcano")
        out.extend(base + c for c in volcano_cells(s))
    elif ph == DISTRIBUTE:
        base = sp.start("place_resource")
        out.extend(base + c for c in distribute_cells(s))
    elif ph == SCOUT_PICK:
        base = sp.start("scout_pick")
        out.extend(base + t for t in sorted({t for t in s.scout_drawn if t != VOLCANO}))
        if VOLCANO in s.scout_drawn and s.cfg.options.scouts_keep_volcano:
            out.append(sp.start("scout_volcano"))  # R7.2 "Válassz ki közülük egyet"
    out.sort()
    return out


def legal_actions_cached(s: MesoTable) -> list[int]:
    """`legal_actions`, kept on the table until an action changes it (R3 the turn)."""
    legal = s._legal
    if legal is None:
        legal = s._legal = legal_actions(s)
    return legal


def chance_outcomes(s: MesoTable) -> list[tuple[int, float]]:
    """R4.8 a tile from the stack's counts, R5.4 a card from the deck's, R9.9 which of
    several face-down offering carriers a card hits."""
    ph = s.phase
    sp = s.cfg.space
    if ph in (DRAW_TILE, SCOUT_DRAW):
        total = sum(s.stack)
        return [(sp.encode("tile", t), c / total) for t, c in enumerate(s.stack) if c]
    if ph == DRAW_CARD:
        total = sum(s.deck)
        return [(sp.encode("card", k), c / total) for k, c in enumerate(s.deck) if c]
    if ph == PICK_CARRIER:  # R9.9 each of the carriers is as likely to be the one pointed at
        c, th, dst = s.pending
        kinds = carrier_kinds(s, aimed_seat(th, dst), c)
        return [(sp.encode("carrier", k - OFFER0), 1 / len(kinds)) for k in kinds]
    return []


def _illegal(s: MesoTable, action: Any) -> IllegalAction:
    """R3 the refusal of an action that is not legal in the phase under way."""
    try:
        text = action_to_text(s.cfg, action)
    except IllegalAction:
        text = repr(action)
    return IllegalAction(f"{text} is not legal now (phase {PHASE_NAMES[s.phase]})",
                         code="not_legal", action=repr(action))


def apply_action(s: MesoTable, action: int) -> list[Event]:
    """R3 one atomic action or chance outcome: `IllegalAction` if it is not legal now,
    else the table changes by the rule its block names and the events come back."""
    if type(action) is not int:
        raise _illegal(s, action)
    if s.phase in CHANCE_PHASES:
        if action not in {a for a, _ in chance_outcomes(s)}:
            raise _illegal(s, action)
    elif s.phase == OVER or action not in legal_actions_cached(s):
        raise _illegal(s, action)
    block, off = s.cfg.space.decode(action)
    events: list[Event] = []
    s._legal = None
    _APPLY[block](s, off, events)
    s._legal = None  # the step table (`_geo`) stays: it checks the tile count itself
    return events


_APPLY = {**movement.APPLY, **building.APPLY, **cards.APPLY, **exploration.APPLY}
