"""Cards (RULES.md R7, R3.2, R9.9): which may be played, their effects and targets.

Teleport and Marduk's Wrath name a thing on a tile and then a destination (phases `teleport_to`,
`wrath_to`); a face-down offering carrier of another seat is picked by chance (R9.9).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .actions import thing_json
from .building import hut_room
from .data import (
    ACTION,
    AFTER_DRAW,
    ALL_KINDS,
    BREED,
    CARD_IDS,
    EMPTY,
    ENDURANCE,
    FLAG,
    FOCUS_STONE,
    KINDS,
    MANA,
    MANA_THEFT,
    MOVE,
    NEUTRAL,
    OFFER0,
    OFFERING_VALUES,
    PICK_CARRIER,
    PRIESTHOOD,
    SCOUTS,
    STONE,
    TELEPORT,
    TP_DST,
    TP_LIFT,
    TP_MEMBER,
    TP_SIZE,
    TWINS,
    VOLCANO,
    WOOD,
    WR_DST,
    WR_HUT,
    WR_SIZE,
    WRATH,
    ZIGGURAT,
)
from .state import MesoTable, carriers, enter, leave
from .turn import OPENING, end_turn, pass_turn


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def land_cells(s: MesoTable) -> list[int]:
    """Tiles a piece may be put on by a card: placed, not volcano, not ziggurat (R7.6, R7.7)."""
    return [c for c in s.placed if s.tile[c] not in (VOLCANO, ZIGGURAT)]


def teleport_cells(s: MesoTable) -> list[int]:
    """R7.6 where Teleport may send a thing: "bármelyik másik területlapka, kivéve arra,
    amelyiken a zikkurat van", a volcano too (option `teleport_onto_volcano` off: not there)."""
    if not s.cfg.options.teleport_onto_volcano:
        return land_cells(s)
    return [c for c in s.placed if s.tile[c] != ZIGGURAT]


def within(s: MesoTable, src: int, steps: int) -> list[int]:
    """Cells at 1..steps tile-steps from src, stepping over placed non-volcano tiles (R7.7; over
    every placed tile with option `wrath_reach=any`, R7.7.1)."""
    nbr = s.cfg.nbr
    over_all = s.cfg.options.wrath_reach == "any"
    seen = {src}
    frontier = [src]
    out: list[int] = []
    for _ in range(steps):
        nxt = []
        for c in frontier:
            for t in nbr[c]:
                if t >= 0 and t not in seen and s.tile[t] >= 0 and (
                        over_all or s.tile[t] != VOLCANO):
                    seen.add(t)
                    nxt.append(t)
                    out.append(t)
        frontier = nxt
    return out


def playable(s: MesoTable, p: int, k: int) -> bool:
    """R3.2 a card in hand may be played, except the one drawn this turn [HU 4.2 D]."""
    return s.hands[p][k] > (1 if k == s.drawn else 0)


def legal_cards(s: MesoTable, p: int, out: list[int]) -> None:
    """R3.2 cards in hand may be played at any time of one's own turn (option `card_timing`:
    or only while moving and before the action); R7 what each card can do then."""
    if not any(s.hands[p]):
        return
    sp = s.cfg.space
    ph = s.phase
    for k in (ENDURANCE, SCOUTS):  # R7.1, R7.2 only while moving
        if ph == MOVE and playable(s, p, k):
            out.append(sp.encode("play", k))
    if ph in (MOVE, ACTION, BREED) and playable(s, p, TWINS):  # R7.3 while breeding can come
        out.append(sp.encode("play", TWINS))
    if playable(s, p, FOCUS_STONE):
        out.append(sp.encode("play", FOCUS_STONE))
    if playable(s, p, PRIESTHOOD) and ph != MANA:  # R7.4 its mana phase has not yet come
        out.extend(sp.encode("priesthood", c) for c in s.placed if s.holy[c] >= 0)
    if playable(s, p, MANA_THEFT):
        out.extend(sp.encode("mana_theft", o) for o in range(s.cfg.players)
                   if o != p and s.mana[o] > 0)
    if playable(s, p, TELEPORT):
        _legal_teleport(s, out)
    if playable(s, p, WRATH):
        _legal_wrath(s, p, out)


def teleport_things(s: MesoTable, c: int) -> list[int]:
    """R7.6 what Teleport can lift at a tile: loose wood or stone, a member, a carried resource.

    Another seat's offering carriers are one thing (their values are hidden, R9.9)."""
    things: list[int] = []
    if s.wood[c]:
        things.append(0)
    if s.stone[c]:
        things.append(1)
    for o in range(s.cfg.players):
        if c not in s.where[o]:
            continue
        m = s.mem[o]
        base = c * ALL_KINDS
        off_listed = False
        for k in range(ALL_KINDS):
            if not m[base + k]:
                continue
            b = k % KINDS
            if b >= OFFER0 and o != s.to_move:
                if not off_listed:
                    things.append(TP_MEMBER + ALL_KINDS * o + OFFER0)
                    off_listed = True
                continue
            things.append(TP_MEMBER + ALL_KINDS * o + k)
        for r in (WOOD, STONE):
            if carriers(s, o, c, r):
                things.append(TP_LIFT + 2 * o + r - 1)
    return sorted(set(things))


def _legal_teleport(s: MesoTable, out: list[int]) -> None:
    """R7.6 Teleport's targets: on every tile, the loose resources, the members and the carried
    resources, while there is another tile to send them to."""
    if len(teleport_cells(s)) < 2:  # no other tile to send anything to (never after set-up)
        return
    base = s.cfg.starts["teleport"]
    wood = s.wood
    stone = s.stone
    cells = {c for c in s.placed if wood[c] or stone[c]}
    for here in s.where:
        cells.update(here)
    for c in cells:
        out.extend(base + c * TP_SIZE + t for t in teleport_things(s, c))


def wrath_things(s: MesoTable, p: int, c: int) -> list[int]:
    """R7.7 what Marduk's Wrath can move from tile c: another seat's member (its offering
    carriers as one thing, their values hidden, R9.9) or hut (a neutral one by option)."""
    things = []
    for o in range(s.cfg.players):
        if o == p or c not in s.where[o]:
            continue
        m = s.mem[o]
        base = c * ALL_KINDS
        if any(m[base + k] for k in range(OFFER0, KINDS)):
            things.append(KINDS * o + OFFER0)
        things.extend(KINDS * o + k for k in range(OFFER0) if m[base + k])
    for slot in (0, 1):
        owner = s.hut_owner[2 * c + slot]
        if owner >= 0 and owner != p and (owner != NEUTRAL
                                          or s.cfg.options.wrath_moves_neutral_huts):
            things.append(WR_HUT + slot)
    return sorted(things)


def wrath_reach(s: MesoTable, src: int) -> list[int]:
    """R7.7 where a member may be sent: up to 3 tiles away, no volcano, not the ziggurat."""
    return [c for c in within(s, src, 3) if s.tile[c] not in (ZIGGURAT, VOLCANO)]


def wrath_targets(s: MesoTable, src: int, thing: int) -> list[int]:
    """R7.7 a member anywhere within reach; a hut only to a plains with room."""
    cells = wrath_reach(s, src)
    if thing >= WR_HUT:
        cells = [c for c in cells if hut_room(s, c)]
    return sorted(cells)


def _legal_wrath(s: MesoTable, p: int, out: list[int]) -> None:
    """R7.7 Marduk's Wrath's targets: another seat's member or hut with somewhere to go within 3
    tiles (a hut only to a plains with room)."""
    base = s.cfg.starts["wrath"]
    hut_owner = s.hut_owner
    cells = {c for c in s.placed if hut_owner[2 * c] >= 0 or hut_owner[2 * c + 1] >= 0}
    for o, here in enumerate(s.where):
        if o != p:
            cells.update(here)
    for c in cells:
        things = wrath_things(s, p, c)
        if not things:
            continue
        near = wrath_reach(s, c)  # wrath_targets, computed once for all things here
        if not near:
            continue
        for th in things:
            if th < WR_HUT or any(hut_room(s, t) for t in near):
                out.append(base + c * WR_SIZE + th)


def _use_card(s: MesoTable, k: int, ev: list[Event], **data: Any) -> None:
    """R7.10 a played card leaves the hand for the discard pile (out of the game with variant 6.2,
    R7.12)."""
    p = s.to_move
    s.hands[p][k] -= 1
    if s.cfg.options.single_use_cards:  # R7.12 variant 6.2
        s.boxed_cards[k] += 1
    else:
        s.discard[k] += 1
    ev.append(_ev("card_played", seat=p, card=CARD_IDS[k], **data))


def _play(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.1 Endurance, R7.2 Scouts, R7.3 Twins or R7.5 Focus Stone: a card without a target."""
    k = off
    p = s.to_move
    _use_card(s, k, ev)
    if k == ENDURANCE:
        s.mp += 3
    elif k == SCOUTS:
        s.scouts_pending += 1
    elif k == TWINS:
        s.twins_pending += 1
    elif k == FOCUS_STONE:
        s.mana[p] = min(s.limit[p], s.mana[p] + 2)


def _priesthood(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.4 Priesthood on holy place c: +1 mana from it in this turn's mana phase."""
    _use_card(s, PRIESTHOOD, ev, cell=s.cfg.label(off))
    s.priest.append(off)


def _mana_theft(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.8 Mana Theft: 1 mana from seat `off`, the gain capped by one's limit."""
    p = s.to_move
    _use_card(s, MANA_THEFT, ev, victim=off)
    s.mana[off] -= 1
    s.mana[p] = min(s.limit[p], s.mana[p] + 1)


def _teleport(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.6 Teleport names the thing to move (another seat's offering carrier by chance, R9.9); its
    destination follows."""
    c, th = divmod(off, TP_SIZE)
    _use_card(s, TELEPORT, ev, cell=s.cfg.label(c), thing=thing_json(th, TP_SIZE))
    s.pending = [c, th]
    s.resume = s.phase
    s.phase = TP_DST
    if TP_MEMBER <= th < TP_LIFT:
        o, k = divmod(th - TP_MEMBER, ALL_KINDS)
        if o != s.to_move and k >= OFFER0:
            _aim_at_carrier(s, o, TP_MEMBER + ALL_KINDS * o)


def _wrath(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.7 Marduk's Wrath names the member or hut to move (another seat's offering carrier by
    chance, R9.9); its destination follows."""
    c, th = divmod(off, WR_SIZE)
    _use_card(s, WRATH, ev, cell=s.cfg.label(c), thing=thing_json(th, WR_SIZE))
    s.pending = [c, th]
    s.resume = s.phase
    s.phase = WR_DST
    if th < WR_HUT and th % KINDS >= OFFER0:
        o = th // KINDS
        _aim_at_carrier(s, o, KINDS * o)


def carrier_kinds(s: MesoTable, o: int, c: int) -> list[int]:
    """R9.9 the kinds (OFFER0..) of seat o's offering carriers on c (never marked: not o's
    turn)."""
    m = s.mem[o]
    i = c * ALL_KINDS
    return [k for k in range(OFFER0, KINDS) if m[i + k]]


def aimed_seat(th: int, dst: int) -> int:
    """R7.6/R7.7 whose member a pending card thing names (Teleport or Wrath numbering, by
    `dst`)."""
    return (th - TP_MEMBER) // ALL_KINDS if dst == TP_DST else th // KINDS


def _aim_at_carrier(s: MesoTable, o: int, base: int) -> None:
    """R9.9 the card names "an offering carrier" of seat o on the tile (values are face down):
    with one carrier it is that one; with several the player points at one, which is any of them
    with equal chance (a chance event, option `carrier_pick_random`) or, with the option off,
    the lowest offering. `base` + kind is the exact thing for the destination phase."""
    c = s.pending[0]
    kinds = carrier_kinds(s, o, c)
    if len(kinds) > 1 and s.cfg.options.carrier_pick_random:
        s.pending = [c, base + OFFER0, s.phase]
        s.phase = PICK_CARRIER
    else:
        s.pending[1] = base + kinds[0]


def _carrier(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R9.9 chance: the carrier pointed at carries offering `off`; the card goes on."""
    c, th, dst = s.pending
    o = aimed_seat(th, dst)
    s.pending = [c, th + off]
    s.phase = dst
    ev.append(Event("carrier_picked", {"seat": s.to_move, "victim": o, "cell": s.cfg.label(c)},
                    {o: {"value": OFFERING_VALUES[off]}}))


def _take_member(s: MesoTable, o: int, c: int, k: int) -> None:
    """Lift one of seat o's members of kind k off c (a hidden carrier was resolved, R9.9)."""
    s.mem[o][c * ALL_KINDS + k] -= 1
    leave(s, o, c)


def _to(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R7.6 / R7.7 the destination of Teleport or Marduk's Wrath: the thing named moves to tile
    `off`."""
    dst = off
    src, th = s.pending
    p = s.to_move
    lab = s.cfg.label
    if s.phase == TP_DST:  # R7.6
        if th < TP_MEMBER:
            pile = s.wood if th == 0 else s.stone
            pile[src] -= 1
            pile[dst] += 1
        elif th < TP_LIFT:
            o, k = divmod(th - TP_MEMBER, ALL_KINDS)
            _take_member(s, o, src, k)
            s.mem[o][dst * ALL_KINDS + k] += 1
            enter(s, o, dst)
        else:
            o, r = divmod(th - TP_LIFT, 2)
            res = WOOD + r
            m = s.mem[o]
            i = src * ALL_KINDS
            f = 0 if m[i + res] else FLAG
            m[i + res + f] -= 1
            m[i + EMPTY + f] += 1
            pile = s.wood if res == WOOD else s.stone
            pile[dst] += 1
    else:  # R7.7 Marduk's Wrath
        if th >= WR_HUT:
            slot = th - WR_HUT
            owner, o_off = s.hut_owner[2 * src + slot], s.hut_off[2 * src + slot]
            s.hut_owner[2 * src + slot] = -1
            s.hut_off[2 * src + slot] = -1
            ds = 0 if s.hut_owner[2 * dst] < 0 else 1
            s.hut_owner[2 * dst + ds] = owner
            s.hut_off[2 * dst + ds] = o_off
        else:
            o, k = divmod(th, KINDS)
            _take_member(s, o, src, k)
            b = k % KINDS
            if b in (WOOD, STONE):  # the resource stays behind
                pile = s.wood if b == WOOD else s.stone
                pile[src] += 1
                k = k - b
            s.mem[o][dst * ALL_KINDS + k] += 1
            enter(s, o, dst)
    s.pending = []
    s.phase = s.resume
    s.resume = MOVE
    ev.append(_ev("card_target", seat=p, cell=lab(dst)))


def _card(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R5.4 chance: the card drawn goes to the drawer's hand (R7.11 the opening cards); then the
    others may still be played (R3.2), or the turn ends."""
    seat = s.draw_queue.pop(0)
    opening = seat >= OPENING
    seat %= OPENING
    s.deck[off] -= 1
    s.hands[seat][off] += 1
    ev.append(Event("card_drawn", {"seat": seat}, {seat: {"card": CARD_IDS[off]}}))
    if s.draw_queue:
        return
    if opening:  # R7.11 the opening draws are over: the first turn begins
        s.phase = MOVE
        return
    if s.cfg.options.card_timing == "any_time":  # R3.2 the other cards may still be played
        s.drawn = off
        s.phase = AFTER_DRAW
        return
    end_turn(s, ev)


def _end_turn(s: MesoTable, off: int, ev: list[Event]) -> None:
    """R3.2.1 the player has played the cards he wanted in the mana phase: the turn is over."""
    pass_turn(s, ev)


#: what each action block of this phase does (`rules.apply_action` dispatches by block)
APPLY = {
    "end_turn": _end_turn,
    "play": _play,
    "priesthood": _priesthood,
    "mana_theft": _mana_theft,
    "teleport": _teleport,
    "wrath": _wrath,
    "to": _to,
    "card": _card,
    "carrier": _carrier,
}
