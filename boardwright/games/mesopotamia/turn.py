"""Mesopotamia's set-up and the turn around the phases (RULES.md R2, R3, R6).

`setup` lays out the table (R2), `start_turn` hands the next seat its movement points (R3, R4.1),
`end_turn` runs the mana phase (R6) and passes the turn on or stops at the turn cap (R9.1).
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    ALL_KINDS,
    DRAW_CARD,
    EMPTY,
    FLAG,
    FOCUS_STONE,
    FOREST,
    HOLY_PLACES,
    HUTS,
    KINDS,
    LIMIT_START,
    MANA,
    MANA_START,
    MANA_THEFT,
    MEMBERS,
    MOVE,
    MP_PER_TURN,
    NEUTRAL,
    OVER,
    PLAINS,
    PLAINS_REMOVED,
    QUARRY,
    STONE_TOTAL,
    TELEPORT,
    VOLCANO,
    WOOD_TOTAL,
    WRATH,
    ZIGGURAT,
    Config,
)
from .state import MesoTable
from .ziggurat import winners


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


#: R2.1 the starting ring (axial): ziggurat, volcanoes N/S, plains A (NE) and B (SE),
#: forest (NW) and quarry (SW)
START_TILES = (((0, 0), ZIGGURAT), ((0, -1), VOLCANO), ((0, 1), VOLCANO), ((1, -1), PLAINS),
               ((1, 0), PLAINS), ((-1, 0), FOREST), ((-1, 1), QUARRY))
PLAINS_A, PLAINS_B = (1, -1), (1, 0)
#: R2.4 who starts on plains A / B by player count (NEUTRAL: a neutral hut, no members); with
#: 2 players option `two_player_seating`: both on plains A (`shared`) or one on each (`apart`)
SEATING = {4: ((0, 3), (1, 2)), 3: ((0, NEUTRAL), (1, 2)), 2: ((0, 1), (NEUTRAL, NEUTRAL))}
SEATING_2P_APART = ((0, NEUTRAL), (1, NEUTRAL))
START_MEMBERS = 3
#: R3.2.1 the cards that still act once the mana phase has counted the mana
MANA_PHASE_CARDS = (FOCUS_STONE, MANA_THEFT, TELEPORT, WRATH)
#: a draw-queue entry >= OPENING is variant 6.1's opening draw for seat (entry - OPENING)
OPENING = 10


def setup(s: MesoTable, cfg: Config) -> None:
    """R2 set-up: the 7-tile start, huts and members, wood and stone, decks, mana."""
    n = cfg.players
    nc = cfg.ncells
    s.cfg = cfg
    s.tile = [-1] * nc
    s.placed = []
    for (q, r), t in START_TILES:
        c = cfg.index[(q, r)]
        s.tile[c] = t
        s.placed.append(c)
    s.stack = list(cfg.stack_counts)
    s.boxed_tiles = [PLAINS_REMOVED[n], 0, 0, 0]
    s.wood = [0] * nc
    s.stone = [0] * nc
    s.wood[cfg.index[(-1, 0)]] = n  # R2.5
    s.stone[cfg.index[(-1, 1)]] = n
    s.supply_wood = WOOD_TOTAL - n
    s.supply_stone = STONE_TOTAL - n
    s.mem = [[0] * (nc * ALL_KINDS) for _ in range(n)]
    s.where = [{} for _ in range(n)]
    s.mem_supply = [MEMBERS] * n
    s.hut_owner = [-1] * (2 * nc)
    s.hut_off = [-1] * (2 * nc)
    s.hut_supply = [HUTS] * n
    seating = (SEATING_2P_APART if n == 2 and cfg.options.two_player_seating == "apart"
               else SEATING[n])
    if n == 3:  # R2.4.1 the seat alone on plains A, the other two on B
        alone = cfg.options.three_player_alone
        first, second = (p for p in range(3) if p != alone)
        seating = ((alone, NEUTRAL), (first, second))
    for coord, owners in zip((PLAINS_A, PLAINS_B), seating, strict=True):
        c = cfg.index[coord]
        for slot, owner in enumerate(owners):
            s.hut_owner[2 * c + slot] = owner
            if owner != NEUTRAL:
                s.hut_supply[owner] -= 1
                s.mem[owner][c * ALL_KINDS + EMPTY] = START_MEMBERS
                s.where[owner][c] = START_MEMBERS
                s.mem_supply[owner] -= START_MEMBERS
    s.holy = [-1] * nc
    s.holy_supply = [HOLY_PLACES] * n
    s.off_supply = [[1, 1, 1, 1] for _ in range(n)]
    s.delivered = [[] for _ in range(n)]
    s.mana = [MANA_START] * n
    s.limit = [LIMIT_START] * n
    s.deck = list(cfg.card_counts)
    s.discard = [0] * 8
    s.boxed_cards = [c - d for c, d in zip((3, 2, 2, 3, 2, 2, 2, 2), cfg.card_counts,
                                           strict=True)]
    s.hands = [[0] * 8 for _ in range(n)]
    s.priest = []
    s.done = []
    s.added = []
    s.scout_drawn = []
    s.pending = []
    s.draw_queue = []
    s.turn = 0
    s.to_move = 0
    s.resume = MOVE
    s.winner = -1
    s.capped = 0
    s.drawn = -1
    start_turn(s)
    if cfg.options.start_with_card:  # R7.11 variant 6.1
        s.draw_queue = [OPENING + p for p in range(n)]
        s.phase = DRAW_CARD


def start_turn(s: MesoTable) -> None:
    """R3 a turn begins: movement points by round and seat (R4.1)."""
    n = s.cfg.players
    seat = s.turn % n
    s.to_move = seat
    s.mp = s.cfg.first_mp[seat] if s.turn < n else MP_PER_TURN
    s.explores = 0
    s.free_used = 0
    s.scouts_pending = 0
    s.twins_pending = 0
    s.priest = []
    s.done = []
    s.added = []
    s.drawn = -1
    s.phase = MOVE


def end_turn(s: MesoTable, ev: list[Event]) -> None:
    """R6 the mana phase; R3.2.1 its player may then still play cards (phase `mana`, ended by
    `end_turn`); then the next player's turn (or the turn cap, R9.1)."""
    count_mana(s, ev)
    opts = s.cfg.options
    if opts.mana_phase_cards and opts.card_timing == "any_time" and mana_phase_card(s):
        s.phase = MANA
        return
    pass_turn(s, ev)


def mana_phase_card(s: MesoTable) -> bool:
    """R3.2.1 whether the player holds a card that can still do something once the mana is
    counted: Focus Stone, Mana Theft, Teleport or Marduk's Wrath (not the one drawn this turn;
    the targets are checked when it is played)."""
    hand = s.hands[s.to_move]
    return any(hand[k] > (1 if k == s.drawn else 0) for k in MANA_PHASE_CARDS)


def count_mana(s: MesoTable, ev: list[Event]) -> None:
    """R6.1 mana from the holy places (R7.4 Priesthood: +1 per card), capped by the limit."""
    p = s.to_move
    gain = 0
    holy = s.holy
    here = s.where[p]
    for c, mine in here.items():  # only tiles with own members can give mana
        h = holy[c]
        if h >= 0 and (h == p or mine >= 2):
            gain += 1 + s.priest.count(c)  # R7.4 Priesthood: +1 per card
    before = s.mana[p]
    s.mana[p] = min(s.limit[p], before + gain)
    ev.append(_ev("mana", seat=p, gained=s.mana[p] - before, mana=s.mana[p]))


def pass_turn(s: MesoTable, ev: list[Event]) -> None:
    """R3 the turn is over: steal marks end, the next player begins (or the turn cap, R9.1)."""
    p = s.to_move
    here = s.where[p]
    m = s.mem[p]
    for c in here:  # the "stole this turn" marks end with the turn
        i = c * ALL_KINDS
        if not any(m[i + FLAG:i + ALL_KINDS]):
            continue
        for k in range(KINDS):
            if m[i + k + FLAG]:
                m[i + k] += m[i + k + FLAG]
                m[i + k + FLAG] = 0
    s.turn += 1
    cap = s.cfg.options.max_turns
    if cap and s.turn >= cap:
        s.phase = OVER
        s.capped = 1
        ev.append(_ev("game_over", winners=winners(s), capped=True))
        return
    start_turn(s)
    ev.append(_ev("turn", seat=s.to_move, mp=s.mp))
