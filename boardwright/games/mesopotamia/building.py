"""The action phase (RULES.md R5): build huts, holy places, breed, draw a card.

An action is repeated group by group (`done` lists the tiles used so far); `finish_action` ends
it and, with it, the turn (R6 in `turn.end_turn`).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    ALL_KINDS,
    BREED,
    BUILD,
    DRAW_CARD,
    EMPTY,
    HOLY,
    OFFERING_VALUES,
    PLAINS,
    STONE,
    WOOD,
)
from .movement import unload
from .state import MesoTable, carriers, count, enter
from .turn import end_turn


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def hut_room(s: MesoTable, cell: int) -> bool:
    """R5.1 a plains holds at most 2 huts and never huts beside a holy place (R9.8)."""
    return s.tile[cell] == PLAINS and s.holy[cell] < 0 and s.huts_at(cell) < 2


def own_huts(s: MesoTable, seat: int, cell: int) -> int:
    """R5.3 how many of the huts on `cell` are `seat`'s (each is a group that may breed)."""
    return (s.hut_owner[2 * cell] == seat) + (s.hut_owner[2 * cell + 1] == seat)


def covered(s: MesoTable, cell: int) -> bool:
    """R5.3 a hut on this tile still has an offering under it."""
    return s.hut_off[2 * cell] >= 0 or s.hut_off[2 * cell + 1] >= 0


def times_done(s: MesoTable, cell: int) -> int:
    """R5.1–R5.3 how often the action under way was carried out on `cell` already."""
    return s.done.count(cell)


def can_build(s: MesoTable, p: int, c: int) -> bool:
    """R5.1 build hut: room, 2 own members not yet used this action, one with wood."""
    return (hut_room(s, c) and s.hut_supply[p] > 0 and carriers(s, p, c, WOOD) > 0
            and count(s, p, c) - 2 * times_done(s, c) >= 2)


def can_holy(s: MesoTable, p: int, c: int) -> bool:
    """R5.2 holy place: an empty plains (no holy place, hut or other tribe), 2 members, stone."""
    if s.tile[c] != PLAINS or s.holy[c] >= 0 or s.huts_at(c) or s.holy_supply[p] <= 0:
        return False
    if any(count(s, o, c) for o in range(s.cfg.players) if o != p):
        return False
    return carriers(s, p, c, STONE) > 0 and count(s, p, c) >= 2


def can_breed(s: MesoTable, p: int, c: int) -> bool:
    """R5.3 breed: own hut + 2 own members per group; no hut here still covers an offering."""
    if s.mem_supply[p] <= 0 or covered(s, c):
        return False
    added = sum(a for d, a in zip(s.done, s.added, strict=True) if d == c)
    groups = min(own_huts(s, p, c), (count(s, p, c) - added) // 2)
    return groups > times_done(s, c)


def can_draw(s: MesoTable) -> bool:
    """R5.4 a card can be drawn while the deck or (without variant 6.2) the discard has one."""
    return sum(s.deck) + sum(s.discard) > 0


def legal_action_phase(s: MesoTable, p: int, out: list[int], first: bool) -> None:
    """R5 the actions A–D seat p may choose (`first`) or repeat with another group;
    R5.5 `finish_action` only once one was carried out or none is possible."""
    sp = s.cfg.space
    ph = s.phase
    before = len(out)
    cells = [c for c, here in s.where[p].items() if here >= 2]
    if first or ph == BUILD:
        for c in cells:
            if can_build(s, p, c):
                out.extend(sp.encode("build_hut", c * 4 + o) for o in range(4)
                           if s.off_supply[p][o])
    if first or ph == HOLY:
        out.extend(sp.encode("holy_place", c) for c in cells if can_holy(s, p, c))
    if first or ph == BREED:
        out.extend(sp.encode("breed", c) for c in cells if can_breed(s, p, c))
    if first and can_draw(s):
        out.append(sp.start("draw_card"))
    # R5.5 "választ egy cselekedetet, és azt végrehajtja": an action must be chosen when one can
    # be (option `action_required`); once it is carried out, the turn may go on
    if not first or len(out) == before or not s.cfg.options.action_required:
        out.append(sp.start("finish_action"))


def _build_hut(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R5.1 a hut goes on plains c with an offering face down under it; the wood goes back to the
    supply."""
    c, o = divmod(off, 4)
    p = s.to_move
    m = s.mem[p]
    i = c * ALL_KINDS
    unload(m, i, WOOD)  # the wood goes back to the supply (R5.1)
    s.supply_wood += 1
    slot = 0 if s.hut_owner[2 * c] < 0 else 1
    s.hut_owner[2 * c + slot] = p
    s.hut_off[2 * c + slot] = o
    s.hut_supply[p] -= 1
    s.off_supply[p][o] = 0
    s.done.append(c)
    s.added.append(0)
    s.phase = BUILD
    ev.append(Event("build_hut", {"seat": p, "cell": s.cfg.label(c)},
                    {p: {"value": OFFERING_VALUES[o]}}))


def _holy_place(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R5.2 a holy place goes on plains c; the stone goes back to the supply."""
    c = off
    p = s.to_move
    m = s.mem[p]
    i = c * ALL_KINDS
    unload(m, i, STONE)
    s.supply_stone += 1
    s.holy[c] = p
    s.holy_supply[p] -= 1
    s.done.append(c)
    s.added.append(0)
    s.phase = HOLY
    ev.append(_ev("holy_place", seat=p, cell=s.cfg.label(c)))


def _breed(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R5.3 one member from the supply joins a hut's group on c (two with Twins, R7.3)."""
    c = off
    p = s.to_move
    born = 1
    if s.twins_pending and s.mem_supply[p] >= 2:  # R7.3 Twins
        s.twins_pending -= 1
        born = 2
    s.mem_supply[p] -= born
    s.mem[p][c * ALL_KINDS + EMPTY] += born
    enter(s, p, c, born)
    s.done.append(c)
    s.added.append(born)
    s.phase = BREED
    ev.append(_ev("breed", seat=p, cell=s.cfg.label(c), born=born))


def _draw_card(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R5.4 draw one card (a chance event), the discard pile shuffled into a new deck when the deck
    is empty."""
    if not sum(s.deck):  # R5.4 reshuffle the discard pile
        s.deck = s.discard
        s.discard = [0] * 8
        ev.append(_ev("reshuffle"))
    s.draw_queue = [s.to_move]
    s.phase = DRAW_CARD
    ev.append(_ev("draw_card", seat=s.to_move))


def _finish_action(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R5.5 the action phase ends (after a card drawn, the time to play the others, R3.2); the
    mana phase (R6) and the next turn follow."""
    ev.append(_ev("finish_action", seat=s.to_move))
    end_turn(s, ev)


#: what each action block of this phase does (`rules.apply_action` dispatches by block)
APPLY = {
    "build_hut": _build_hut,
    "holy_place": _holy_place,
    "breed": _breed,
    "draw_card": _draw_card,
    "finish_action": _finish_action,
}
