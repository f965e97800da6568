"""Mesopotamia's rules as small functions on a `MesoState` (numbers refer to RULES.md).

Every compound move is a sequence of atomic actions: a step of one member, a free step (pick up,
drop, swap, steal, take an offering), a card and its targets, one hut or holy place or birth of a
repeated action, and the explorer's placements. Chance draws tiles and cards from public counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event

from .data import (
    ALL_KINDS,
    CARD_IDS,
    DIRECTION_NAMES,
    EMPTY,
    ENDURANCE,
    EXPLORATIONS_PER_TURN,
    FLAG,
    FOCUS_STONE,
    FOREST,
    HOLY_PLACES,
    HUTS,
    KIND_NAMES,
    KINDS,
    LIMIT_CEILING,
    LIMIT_START,
    MANA_START,
    MANA_THEFT,
    MEMBERS,
    MP_PER_TURN,
    NEUTRAL,
    OFFER0,
    OFFERING_VALUES,
    PLAINS,
    PLAINS_REMOVED,
    PRIESTHOOD,
    QUARRY,
    SCOUTS,
    STONE,
    STONE_TOTAL,
    TELEPORT,
    TERRAINS,
    TP_LIFT,
    TP_MEMBER,
    TP_SIZE,
    TWINS,
    VOLCANO,
    WOOD,
    WOOD_TOTAL,
    WR_HUT,
    WR_SIZE,
    WRATH,
    ZIGGURAT,
    Config,
)

if TYPE_CHECKING:
    from .state import MesoState

# --- phases ---------------------------------------------------------------------------------
(MOVE, ACTION, BUILD, HOLY, BREED, TP_DST, WR_DST, VOLCANO_PLACE, DISTRIBUTE, SCOUT_PICK,
 DRAW_TILE, SCOUT_DRAW, DRAW_CARD, OVER, PICK_CARRIER, AFTER_DRAW) = range(16)
PHASE_NAMES = ("movement", "action", "building_huts", "holy_places", "breeding", "teleport_to",
               "wrath_to", "place_volcano", "place_resource", "scout_pick", "draw_tile",
               "scout_draw", "draw_card", "over", "pick_carrier", "after_draw")
CHANCE_PHASES = frozenset((DRAW_TILE, SCOUT_DRAW, DRAW_CARD, PICK_CARRIER))
#: R3.2 the phases of an action being carried out: the book lets cards be played in them too
ACTION_PHASES = (BUILD, HOLY, BREED, AFTER_DRAW)

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
#: a draw-queue entry >= OPENING is variant 6.1's opening draw for seat (entry - OPENING)
OPENING = 10


def setup(s: MesoState, cfg: Config) -> None:
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


def start_turn(s: MesoState) -> None:
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


# --- small queries -----------------------------------------------------------------------

def count(s: MesoState, seat: int, cell: int) -> int:
    return s.where[seat].get(cell, 0)


def recount(s: MesoState) -> list[dict[int, int]]:
    """`where` rebuilt from `mem`: per seat, the cells with members and how many."""
    out = []
    for m in s.mem:
        here: dict[int, int] = {}
        for c in s.placed:
            n = sum(m[c * ALL_KINDS:(c + 1) * ALL_KINDS])
            if n:
                here[c] = n
        out.append(here)
    return out


def _enter(s: MesoState, p: int, c: int, n: int = 1) -> None:
    """Book n of seat p's members arriving at c in `where` (`mem` is changed by the caller)."""
    here = s.where[p]
    here[c] = here.get(c, 0) + n


def _leave(s: MesoState, p: int, c: int) -> None:
    here = s.where[p]
    left = here[c] - 1
    if left:
        here[c] = left
    else:
        del here[c]


def carriers(s: MesoState, seat: int, cell: int, base_kind: int) -> int:
    m = s.mem[seat]
    i = cell * ALL_KINDS + base_kind
    return m[i] + m[i + FLAG]


def stack_has_land(s: MesoState) -> bool:
    st = s.stack
    return st[PLAINS] + st[FOREST] + st[QUARRY] > 0


def can_explore(s: MesoState) -> bool:
    """R4.8 at most 3 non-volcano explorations a turn, and a land tile left to find (R9.7)."""
    return s.explores < EXPLORATIONS_PER_TURN and stack_has_land(s)


def step_cost(s: MesoState, explore: bool) -> int:
    return 1 if (not explore or s.cfg.options.explore_costs_mp) else 0


def can_enter(s: MesoState, seat: int, kind: int, target: int) -> bool:
    """R4.2 no volcano; R4.4 the ziggurat: no wood; an offering only with enough mana."""
    t = s.tile[target]
    if t == VOLCANO:
        return False
    if t == ZIGGURAT:
        b = kind % KINDS
        if b == WOOD:
            return False
        if b >= OFFER0 and s.mana[seat] < OFFERING_VALUES[b - OFFER0]:
            return False
    return True


def free_ok(s: MesoState) -> bool:
    """R4.7/R9.2 free steps "bármikor és bárhányszor"; a bots' game bounds them (0: no bound)."""
    limit = s.cfg.options.free_actions_per_turn
    return not limit or s.free_used < limit


def land_cells(s: MesoState) -> list[int]:
    """Tiles a piece may be put on by a card: placed, not volcano, not ziggurat (R7.6, R7.7)."""
    return [c for c in s.placed if s.tile[c] not in (VOLCANO, ZIGGURAT)]


def within(s: MesoState, src: int, steps: int) -> list[int]:
    """Cells at 1..steps tile-steps from src, stepping over placed non-volcano tiles (R7.7)."""
    nbr = s.cfg.nbr
    seen = {src}
    frontier = [src]
    out: list[int] = []
    for _ in range(steps):
        nxt = []
        for c in frontier:
            for t in nbr[c]:
                if t >= 0 and t not in seen and s.tile[t] >= 0 and s.tile[t] != VOLCANO:
                    seen.add(t)
                    nxt.append(t)
                    out.append(t)
        frontier = nxt
    return out


def hut_room(s: MesoState, cell: int) -> bool:
    """R5.1 a plains holds at most 2 huts and never huts beside a holy place (R9.8)."""
    return s.tile[cell] == PLAINS and s.holy[cell] < 0 and s.huts_at(cell) < 2


def own_huts(s: MesoState, seat: int, cell: int) -> int:
    return (s.hut_owner[2 * cell] == seat) + (s.hut_owner[2 * cell + 1] == seat)


def covered(s: MesoState, cell: int) -> bool:
    """R5.3 a hut on this tile still has an offering under it."""
    return s.hut_off[2 * cell] >= 0 or s.hut_off[2 * cell + 1] >= 0


def times_done(s: MesoState, cell: int) -> int:
    return s.done.count(cell)


def can_build(s: MesoState, p: int, c: int) -> bool:
    """R5.1 build hut: room, 2 own members not yet used this action, one with wood."""
    return (hut_room(s, c) and s.hut_supply[p] > 0 and carriers(s, p, c, WOOD) > 0
            and count(s, p, c) - 2 * times_done(s, c) >= 2)


def can_holy(s: MesoState, p: int, c: int) -> bool:
    """R5.2 holy place: an empty plains (no holy place, hut or other tribe), 2 members, stone."""
    if s.tile[c] != PLAINS or s.holy[c] >= 0 or s.huts_at(c) or s.holy_supply[p] <= 0:
        return False
    if any(count(s, o, c) for o in range(s.cfg.players) if o != p):
        return False
    return carriers(s, p, c, STONE) > 0 and count(s, p, c) >= 2


def can_breed(s: MesoState, p: int, c: int) -> bool:
    """R5.3 breed: own hut + 2 own members per group; no hut here still covers an offering."""
    if s.mem_supply[p] <= 0 or covered(s, c):
        return False
    added = sum(a for d, a in zip(s.done, s.added, strict=True) if d == c)
    groups = min(own_huts(s, p, c), (count(s, p, c) - added) // 2)
    return groups > times_done(s, c)


def can_draw(s: MesoState) -> bool:
    """R5.4 a card can be drawn while the deck or (without variant 6.2) the discard has one."""
    return sum(s.deck) + sum(s.discard) > 0


# --- legal actions ------------------------------------------------------------------------

def legal_actions(s: MesoState) -> list[int]:
    ph = s.phase
    sp = s.cfg.space
    p = s.to_move
    out: list[int] = []
    if ph == MOVE:
        _legal_move(s, p, out)
        _legal_cards(s, p, out)
        out.append(sp.start("end_movement"))
    elif ph == ACTION:
        _legal_action_phase(s, p, out, first=True)
        _legal_cards(s, p, out)
    elif ph in (BUILD, HOLY, BREED):
        _legal_action_phase(s, p, out, first=False)
        if s.cfg.options.card_timing == "any_time":  # R3.2
            _legal_cards(s, p, out)
    elif ph == AFTER_DRAW:  # R3.2 a card drawn: the others may still be played
        _legal_cards(s, p, out)
        out.append(sp.start("finish_action"))
    elif ph == TP_DST:
        src = s.pending[0]
        base = sp.start("to")
        out.extend(base + c for c in land_cells(s) if c != src)
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
    out.sort()
    return out


Steps = tuple[tuple[int, ...], int, tuple[int, ...]]


def step_table(s: MesoState) -> dict[int, Steps]:
    """Per cell, the move-action bases (`move` id of kind 0) of its steps: onto placed land
    (R4.2, no volcano), onto the ziggurat (-1: none; R4.4 checks the load), and off the map
    (R4.8). The table depends on the tiles alone, so it is kept until a tile is added."""
    placed = len(s.placed)
    geo = s._geo
    if geo is None or geo[0] != placed:
        geo = s._geo = (placed, {})
    return geo[1]


def _cell_steps(s: MesoState, c: int) -> Steps:
    mv = s.cfg.starts["move"] + c * 6 * ALL_KINDS
    tile = s.tile
    land: list[int] = []
    zig = -1
    off_map: list[int] = []
    for d, t in enumerate(s.cfg.nbr[c]):
        if t < 0:
            continue
        tt = tile[t]
        if tt < 0:
            off_map.append(mv + d * ALL_KINDS)
        elif tt == ZIGGURAT:
            zig = mv + d * ALL_KINDS
        elif tt != VOLCANO:
            land.append(mv + d * ALL_KINDS)
    return tuple(land), zig, tuple(off_map)


def _legal_move(s: MesoState, p: int, out: list[int]) -> None:
    cfg = s.cfg
    starts = cfg.starts
    m = s.mem[p]
    free = free_ok(s)
    explore = can_explore(s) and s.mp >= step_cost(s, True)
    walk = s.mp >= 1
    mana = s.mana[p]
    n = cfg.players
    wood = s.wood
    stone = s.stone
    hut_owner = s.hut_owner
    hut_off = s.hut_off
    mem = s.mem
    table = step_table(s)
    pick_up = starts["pick_up"]
    drop = starts["drop"]
    swap = starts["swap"]
    take = starts["take_offering"]
    steal = starts["steal"]
    append = out.append
    where = s.where
    here = where[p]
    for c in here:
        base = c * ALL_KINDS
        row = m[base:base + ALL_KINDS]
        steps = table.get(c)
        if steps is None:
            steps = table[c] = _cell_steps(s, c)
        land, zig, off_map = steps
        if not walk:
            land = ()
            zig = -1
        if not explore:
            off_map = ()
        if land or zig >= 0 or off_map:
            for k in range(ALL_KINDS):
                if not row[k]:
                    continue
                for a in land:
                    append(a + k)
                for a in off_map:
                    append(a + k)
                if zig >= 0:
                    b = k % KINDS
                    # R4.4 no wood into the ziggurat; R4.5 an offering only with the mana
                    if b in (EMPTY, STONE) or (
                            b >= OFFER0 and mana >= OFFERING_VALUES[b - OFFER0]):
                        append(zig + k)
        if not free:
            continue
        # flagged members (R4.6 stole this turn) are rare: visit them only when there are some
        for f in ((0, 1) if row[FLAG] or row[FLAG + WOOD] or row[FLAG + STONE] else (0,)):
            fl = FLAG * f
            w = row[WOOD + fl]
            st = row[STONE + fl]
            if row[EMPTY + fl]:
                if wood[c]:
                    append(pick_up + (c * 2 + 0) * 2 + f)
                if stone[c]:
                    append(pick_up + (c * 2 + 1) * 2 + f)
                for i in (2 * c, 2 * c + 1):
                    if hut_owner[i] == p and hut_off[i] >= 0:
                        append(take + (c * 4 + hut_off[i]) * 2 + f)
            if w:
                append(drop + (c * 2 + 0) * 2 + f)
                if stone[c]:
                    append(swap + (c * 2 + 0) * 2 + f)
            if st:
                append(drop + (c * 2 + 1) * 2 + f)
                if wood[c]:
                    append(swap + (c * 2 + 1) * 2 + f)
        if row[EMPTY] and s.tile[c] != ZIGGURAT:  # R4.6 stealing (never on the ziggurat, R9.13)
            mine = here[c]
            for o in range(n):
                if o == p or where[o].get(c, mine) >= mine:
                    continue
                om = mem[o]
                if not (om[base + WOOD] or om[base + STONE]):
                    continue
                for r in (WOOD, STONE):
                    if om[base + r] or om[base + r + FLAG]:
                        append(steal + (c * 4 + o) * 2 + (r - 1))


def playable(s: MesoState, p: int, k: int) -> bool:
    """R3.2 a card in hand may be played, except the one drawn this turn [HU 4.2 D]."""
    return s.hands[p][k] > (1 if k == s.drawn else 0)


def _legal_cards(s: MesoState, p: int, out: list[int]) -> None:
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
    if playable(s, p, PRIESTHOOD):
        out.extend(sp.encode("priesthood", c) for c in s.placed if s.holy[c] >= 0)
    if playable(s, p, MANA_THEFT):
        out.extend(sp.encode("mana_theft", o) for o in range(s.cfg.players)
                   if o != p and s.mana[o] > 0)
    if playable(s, p, TELEPORT):
        _legal_teleport(s, out)
    if playable(s, p, WRATH):
        _legal_wrath(s, p, out)


def teleport_things(s: MesoState, c: int) -> list[int]:
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


def _legal_teleport(s: MesoState, out: list[int]) -> None:
    if len(land_cells(s)) < 2:  # no other tile to send anything to (never after set-up)
        return
    base = s.cfg.starts["teleport"]
    wood = s.wood
    stone = s.stone
    cells = {c for c in s.placed if wood[c] or stone[c]}
    for here in s.where:
        cells.update(here)
    for c in cells:
        out.extend(base + c * TP_SIZE + t for t in teleport_things(s, c))


def wrath_things(s: MesoState, p: int, c: int) -> list[int]:
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


def wrath_reach(s: MesoState, src: int) -> list[int]:
    """R7.7 where a member may be sent: up to 3 tiles away, no volcano, not the ziggurat."""
    return [c for c in within(s, src, 3) if s.tile[c] != ZIGGURAT]


def wrath_targets(s: MesoState, src: int, thing: int) -> list[int]:
    """R7.7 a member anywhere within reach; a hut only to a plains with room."""
    cells = wrath_reach(s, src)
    if thing >= WR_HUT:
        cells = [c for c in cells if hut_room(s, c)]
    return sorted(cells)


def _legal_wrath(s: MesoState, p: int, out: list[int]) -> None:
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


def _legal_action_phase(s: MesoState, p: int, out: list[int], first: bool) -> None:
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


def volcano_cells(s: MesoState) -> list[int]:
    """R4.9 a volcano goes on any empty cell touching the map, not where the explorer steps."""
    nbr = s.cfg.nbr
    target = s.pending[1]
    cells = set()
    for c in s.placed:
        for t in nbr[c]:
            if t >= 0 and s.tile[t] < 0 and t != target:
                cells.add(t)
    return sorted(cells)


def distribute_cells(s: MesoState) -> list[int]:
    """R4.10 where the explorer may put the next wood / stone."""
    terrain = FOREST if s.pending[0] == WOOD else QUARRY
    unserved = s.pending[2:]
    if unserved:
        return sorted(unserved)
    return [c for c in s.placed if s.tile[c] == terrain]


# --- chance -------------------------------------------------------------------------------

def chance_outcomes(s: MesoState) -> list[tuple[int, float]]:
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
        kinds = carrier_kinds(s, _aimed_seat(th, dst), c)
        return [(sp.encode("carrier", k - OFFER0), 1 / len(kinds)) for k in kinds]
    return []


# --- applying -----------------------------------------------------------------------------

def _illegal(s: MesoState, action: Any) -> IllegalAction:
    try:
        text = action_to_text(s.cfg, action)
    except IllegalAction:
        text = repr(action)
    return IllegalAction(f"{text} is not legal now (phase {PHASE_NAMES[s.phase]})",
                         code="not_legal", action=repr(action))


def apply_action(s: MesoState, action: int) -> list[Event]:
    if type(action) is not int:
        raise _illegal(s, action)
    if s.phase in CHANCE_PHASES:
        if action not in {a for a, _ in chance_outcomes(s)}:
            raise _illegal(s, action)
    elif s.phase == OVER or action not in s.legal_actions_cached():
        raise _illegal(s, action)
    block, off = s.cfg.space.decode(action)
    events: list[Event] = []
    s._legal = None
    _APPLY[block](s, off, events)
    s._legal = None  # the step table (`_geo`) stays: it checks the tile count itself
    return events


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def _move(s: MesoState, off: int, ev: list[Event]) -> None:
    cfg = s.cfg
    cd, k = divmod(off, ALL_KINDS)
    c, d = divmod(cd, 6)
    t = cfg.nbr[c][d]
    p = s.to_move
    b = k % KINDS
    load = KIND_NAMES[b] if b < OFFER0 else "offering"
    if s.tile[t] < 0:  # R4.8 exploring
        s.mp -= step_cost(s, True)
        s.pending = [c, t, k]
        ev.append(Event("explore", {"seat": p, "from": cfg.label(c), "to": cfg.label(t),
                                    "load": load}))
        if s.scouts_pending:
            s.scouts_pending -= 1
            s.scout_drawn = []
            s.phase = SCOUT_DRAW
        else:
            s.phase = DRAW_TILE
        return
    s.mp -= 1
    m = s.mem[p]
    m[c * ALL_KINDS + k] -= 1
    _leave(s, p, c)
    data = {"seat": p, "from": cfg.label(c), "to": cfg.label(t), "load": load}
    secret = {p: {"value": OFFERING_VALUES[b - OFFER0]}} if b >= OFFER0 else None
    ev.append(Event("move", data, secret))
    _arrive(s, p, t, k, ev)


def _arrive(s: MesoState, p: int, t: int, k: int, ev: list[Event]) -> None:
    """A member lands on tile t: the ziggurat consumes stone (R4.4) or takes an offering (R4.5)."""
    m = s.mem[p]
    b = k % KINDS
    if s.tile[t] == ZIGGURAT and b == STONE:
        s.supply_stone += 1
        s.limit[p] = min(LIMIT_CEILING, s.limit[p] + 1)
        s.mana[p] = min(s.limit[p], s.mana[p] + 1)
        m[t * ALL_KINDS + k - STONE] += 1
        _enter(s, p, t)
        ev.append(_ev("ziggurat_built", seat=p, mana=s.mana[p], limit=s.limit[p]))
        return
    if s.tile[t] == ZIGGURAT and b >= OFFER0:
        o = b - OFFER0
        s.mana[p] -= OFFERING_VALUES[o]
        s.delivered[p].append(o)
        s.mem_supply[p] += 1
        ev.append(_ev("offering_made", seat=p, value=OFFERING_VALUES[o],
                      count=len(s.delivered[p]), mana=s.mana[p]))
        if len(s.delivered[p]) == 4:  # R8 the game ends at once
            s.winner = p
            s.phase = OVER
            ev.append(_ev("game_over", winners=[p], capped=False))
        return
    m[t * ALL_KINDS + k] += 1
    _enter(s, p, t)


def cell_resource_flag(off: int) -> tuple[int, int, int]:
    """The offset of a pick_up / drop / swap: (cell, WOOD or STONE, 0 or FLAG)."""
    cr, f = divmod(off, 2)
    c, r = divmod(cr, 2)
    return c, WOOD + r, FLAG * f


def _pick_up(s: MesoState, off: int, ev: list[Event]) -> None:
    _carry(s, off, ev, +1, "pick_up")


def _drop(s: MesoState, off: int, ev: list[Event]) -> None:
    _carry(s, off, ev, -1, "drop")


def _carry(s: MesoState, off: int, ev: list[Event], delta: int, kind: str) -> None:
    """An empty-handed member picks up (`delta` +1) one wood or stone from its tile, or a
    carrier drops it (-1); either is one of the turn's free steps."""
    c, res, fl = cell_resource_flag(off)
    p = s.to_move
    m = s.mem[p]
    m[c * ALL_KINDS + EMPTY + fl] -= delta
    m[c * ALL_KINDS + res + fl] += delta
    pile = s.wood if res == WOOD else s.stone
    pile[c] -= delta
    s.free_used += 1
    ev.append(_ev(kind, seat=p, cell=s.cfg.label(c), resource=KIND_NAMES[res]))


def _swap(s: MesoState, off: int, ev: list[Event]) -> None:
    c, res, fl = cell_resource_flag(off)
    p = s.to_move
    m = s.mem[p]
    other = STONE if res == WOOD else WOOD
    m[c * ALL_KINDS + res + fl] -= 1
    m[c * ALL_KINDS + other + fl] += 1
    if res == WOOD:
        s.wood[c] += 1
        s.stone[c] -= 1
    else:
        s.stone[c] += 1
        s.wood[c] -= 1
    s.free_used += 1
    ev.append(_ev("swap", seat=p, cell=s.cfg.label(c), dropped=KIND_NAMES[res],
                  took=KIND_NAMES[other]))


def _take_offering(s: MesoState, off: int, ev: list[Event]) -> None:
    co, f = divmod(off, 2)
    c, o = divmod(co, 4)
    p = s.to_move
    slot = 0 if (s.hut_owner[2 * c] == p and s.hut_off[2 * c] == o) else 1
    s.hut_off[2 * c + slot] = -1
    m = s.mem[p]
    m[c * ALL_KINDS + EMPTY + FLAG * f] -= 1
    m[c * ALL_KINDS + OFFER0 + o + FLAG * f] += 1
    s.free_used += 1
    ev.append(Event("take_offering", {"seat": p, "cell": s.cfg.label(c), "slot": slot},
                    {p: {"value": OFFERING_VALUES[o]}}))


def _steal(s: MesoState, off: int, ev: list[Event]) -> None:
    cv, r = divmod(off, 2)
    c, o = divmod(cv, 4)
    p = s.to_move
    res = WOOD + r
    victim = s.mem[o]
    i = c * ALL_KINDS
    _unload(victim, i, res)
    m = s.mem[p]
    m[i + EMPTY] -= 1
    m[i + res + FLAG] += 1  # R4.6 this member has stolen this turn
    s.free_used += 1
    ev.append(_ev("steal", seat=p, victim=o, cell=s.cfg.label(c), resource=KIND_NAMES[res]))


def _end_movement(s: MesoState, off: int, ev: list[Event]) -> None:
    s.phase = ACTION
    ev.append(_ev("end_movement", seat=s.to_move))


def _unload(members: list[int], i: int, res: int) -> None:
    """One of the members counted at `i` (a tile's slot) gives up its `res`: an unmarked carrier
    if there is one, else one marked as having stolen this turn (it stays marked)."""
    flag = 0 if members[i + res] else FLAG
    members[i + res + flag] -= 1
    members[i + EMPTY + flag] += 1


def _build_hut(s: MesoState, off: int, ev: list[Event]) -> None:
    c, o = divmod(off, 4)
    p = s.to_move
    m = s.mem[p]
    i = c * ALL_KINDS
    _unload(m, i, WOOD)  # the wood goes back to the supply (R5.1)
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


def _holy_place(s: MesoState, off: int, ev: list[Event]) -> None:
    c = off
    p = s.to_move
    m = s.mem[p]
    i = c * ALL_KINDS
    _unload(m, i, STONE)
    s.supply_stone += 1
    s.holy[c] = p
    s.holy_supply[p] -= 1
    s.done.append(c)
    s.added.append(0)
    s.phase = HOLY
    ev.append(_ev("holy_place", seat=p, cell=s.cfg.label(c)))


def _breed(s: MesoState, off: int, ev: list[Event]) -> None:
    c = off
    p = s.to_move
    born = 1
    if s.twins_pending and s.mem_supply[p] >= 2:  # R7.3 Twins
        s.twins_pending -= 1
        born = 2
    s.mem_supply[p] -= born
    s.mem[p][c * ALL_KINDS + EMPTY] += born
    _enter(s, p, c, born)
    s.done.append(c)
    s.added.append(born)
    s.phase = BREED
    ev.append(_ev("breed", seat=p, cell=s.cfg.label(c), born=born))


def _draw_card(s: MesoState, off: int, ev: list[Event]) -> None:
    if not sum(s.deck):  # R7.10 reshuffle the discard pile
        s.deck = s.discard
        s.discard = [0] * 8
        ev.append(_ev("reshuffle"))
    s.draw_queue = [s.to_move]
    s.phase = DRAW_CARD
    ev.append(_ev("draw_card", seat=s.to_move))


def _finish_action(s: MesoState, off: int, ev: list[Event]) -> None:
    ev.append(_ev("finish_action", seat=s.to_move))
    end_turn(s, ev)


def end_turn(s: MesoState, ev: list[Event]) -> None:
    """R6 the mana phase, then the next player's turn (or the turn cap, R9.1)."""
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
        ev.append(_ev("game_over", winners=s.winners(), capped=True))
        return
    start_turn(s)
    ev.append(_ev("turn", seat=s.to_move, mp=s.mp))


def _use_card(s: MesoState, k: int, ev: list[Event], **data: Any) -> None:
    p = s.to_move
    s.hands[p][k] -= 1
    if s.cfg.options.single_use_cards:  # R7.12 variant 6.2
        s.boxed_cards[k] += 1
    else:
        s.discard[k] += 1
    ev.append(_ev("card_played", seat=p, card=CARD_IDS[k], **data))


def _play(s: MesoState, off: int, ev: list[Event]) -> None:
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


def _priesthood(s: MesoState, off: int, ev: list[Event]) -> None:
    _use_card(s, PRIESTHOOD, ev, cell=s.cfg.label(off))
    s.priest.append(off)


def _mana_theft(s: MesoState, off: int, ev: list[Event]) -> None:
    p = s.to_move
    _use_card(s, MANA_THEFT, ev, victim=off)
    s.mana[off] -= 1
    s.mana[p] = min(s.limit[p], s.mana[p] + 1)


def _teleport(s: MesoState, off: int, ev: list[Event]) -> None:
    c, th = divmod(off, TP_SIZE)
    _use_card(s, TELEPORT, ev, cell=s.cfg.label(c), thing=_thing_json(s, th, TP_SIZE))
    s.pending = [c, th]
    s.resume = s.phase
    s.phase = TP_DST
    if TP_MEMBER <= th < TP_LIFT:
        o, k = divmod(th - TP_MEMBER, ALL_KINDS)
        if o != s.to_move and k >= OFFER0:
            _aim_at_carrier(s, o, TP_MEMBER + ALL_KINDS * o)


def _wrath(s: MesoState, off: int, ev: list[Event]) -> None:
    c, th = divmod(off, WR_SIZE)
    _use_card(s, WRATH, ev, cell=s.cfg.label(c), thing=_thing_json(s, th, WR_SIZE))
    s.pending = [c, th]
    s.resume = s.phase
    s.phase = WR_DST
    if th < WR_HUT and th % KINDS >= OFFER0:
        o = th // KINDS
        _aim_at_carrier(s, o, KINDS * o)


def carrier_kinds(s: MesoState, o: int, c: int) -> list[int]:
    """The kinds (OFFER0..) of seat o's offering carriers on c (never marked: not o's turn)."""
    m = s.mem[o]
    i = c * ALL_KINDS
    return [k for k in range(OFFER0, KINDS) if m[i + k]]


def _aimed_seat(th: int, dst: int) -> int:
    """Whose member a pending card thing names (Teleport or Wrath numbering, by `dst`)."""
    return (th - TP_MEMBER) // ALL_KINDS if dst == TP_DST else th // KINDS


def _aim_at_carrier(s: MesoState, o: int, base: int) -> None:
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


def _carrier(s: MesoState, off: int, ev: list[Event]) -> None:
    """R9.9 chance: the carrier pointed at carries offering `off`; the card goes on."""
    c, th, dst = s.pending
    o = _aimed_seat(th, dst)
    s.pending = [c, th + off]
    s.phase = dst
    ev.append(Event("carrier_picked", {"seat": s.to_move, "victim": o, "cell": s.cfg.label(c)},
                    {o: {"value": OFFERING_VALUES[off]}}))


def _thing_json(s: MesoState, th: int, size: int) -> dict[str, Any]:
    if size == TP_SIZE:
        if th < TP_MEMBER:
            return {"loose": KIND_NAMES[WOOD + th]}
        if th < TP_LIFT:
            o, k = divmod(th - TP_MEMBER, ALL_KINDS)
            b = k % KINDS
            return {"member": o, "load": KIND_NAMES[b] if b < OFFER0 else "offering"}
        o, r = divmod(th - TP_LIFT, 2)
        return {"lift": KIND_NAMES[WOOD + r], "from": o}
    if th >= WR_HUT:
        return {"hut": th - WR_HUT}
    o, k = divmod(th, KINDS)
    return {"member": o, "load": KIND_NAMES[k] if k < OFFER0 else "offering"}


def _take_member(s: MesoState, o: int, c: int, k: int) -> None:
    """Lift one of seat o's members of kind k off c (a hidden carrier was resolved, R9.9)."""
    s.mem[o][c * ALL_KINDS + k] -= 1
    _leave(s, o, c)


def _to(s: MesoState, off: int, ev: list[Event]) -> None:
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
            _enter(s, o, dst)
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
            _enter(s, o, dst)
    s.pending = []
    s.phase = s.resume
    s.resume = MOVE
    ev.append(_ev("card_target", seat=p, cell=lab(dst)))


def _place_volcano(s: MesoState, off: int, ev: list[Event]) -> None:
    s.tile[off] = VOLCANO
    s.placed.append(off)
    s.phase = DRAW_TILE
    ev.append(_ev("volcano", seat=s.to_move, cell=s.cfg.label(off)))


def _tile(s: MesoState, off: int, ev: list[Event]) -> None:
    t = off
    s.stack[t] -= 1
    if s.phase == SCOUT_DRAW:  # R7.2 Scouts: draw 4, keep one
        s.scout_drawn.append(t)
        ev.append(_ev("scout_draw", seat=s.to_move, terrain=TERRAINS[t]))
        if len(s.scout_drawn) < 4 and sum(s.stack):
            return
        if any(x != VOLCANO for x in s.scout_drawn):
            s.phase = SCOUT_PICK
            return
        s.stack[VOLCANO] += len(s.scout_drawn) - 1  # R9.10 all volcanoes: one chain, rest back
        s.scout_drawn = []
    if t == VOLCANO:
        ev.append(_ev("draw_tile", seat=s.to_move, terrain=TERRAINS[t]))
        _volcano_drawn(s, ev)
        return
    ev.append(_ev("draw_tile", seat=s.to_move, terrain=TERRAINS[t]))
    _land(s, t, ev)


def _volcano_drawn(s: MesoState, ev: list[Event]) -> None:
    if volcano_cells(s):
        s.phase = VOLCANO_PLACE
    else:  # R9.11 no room on the table: the volcano goes back to the box
        s.boxed_tiles[VOLCANO] += 1
        s.phase = DRAW_TILE


def _scout_pick(s: MesoState, off: int, ev: list[Event]) -> None:
    t = off
    s.scout_drawn.remove(t)
    for x in s.scout_drawn:
        s.stack[x] += 1
    s.scout_drawn = []
    ev.append(_ev("scout_pick", seat=s.to_move, terrain=TERRAINS[t]))
    _land(s, t, ev)


def _land(s: MesoState, t: int, ev: list[Event]) -> None:
    """R4.8 the drawn tile goes where the member stepped, the member onto it; R4.10 resources."""
    src, dst, k = s.pending
    p = s.to_move
    s.tile[dst] = t
    s.placed.append(dst)
    s.explores += 1
    s.mem[p][src * ALL_KINDS + k] -= 1
    s.mem[p][dst * ALL_KINDS + k] += 1
    _leave(s, p, src)
    _enter(s, p, dst)
    s.pending = []
    s.phase = MOVE
    if t in (FOREST, QUARRY):
        res = WOOD if t == FOREST else STONE
        supply = s.supply_wood if res == WOOD else s.supply_stone
        amount = min(s.cfg.players, supply)  # R9.12 only what the supply holds
        if amount <= 0:
            return
        pile = s.wood if res == WOOD else s.stone
        _give(s, res, dst, pile)
        rest = amount - 1
        others = [c for c in s.placed if s.tile[c] == t and c != dst]
        if rest >= len(others):
            for c in others:
                _give(s, res, c, pile)
            rest -= len(others)
            others = []
        if rest > 0:
            s.pending = [res, rest, *others]
            s.phase = DISTRIBUTE
            _auto_distribute(s)


def _give(s: MesoState, res: int, c: int, pile: list[int]) -> None:
    pile[c] += 1
    if res == WOOD:
        s.supply_wood -= 1
    else:
        s.supply_stone -= 1


def _auto_distribute(s: MesoState) -> None:
    """No choice to make when a single tile can take the next one."""
    while s.phase == DISTRIBUTE:
        cells = distribute_cells(s)
        if len(cells) != 1:
            return
        _place_one(s, cells[0])


def _place_one(s: MesoState, c: int) -> None:
    res, rest, *unserved = s.pending
    _give(s, res, c, s.wood if res == WOOD else s.stone)
    if c in unserved:
        unserved.remove(c)
    rest -= 1
    if rest <= 0:
        s.pending = []
        s.phase = MOVE
    else:
        s.pending = [res, rest, *unserved]


def _place_resource(s: MesoState, off: int, ev: list[Event]) -> None:
    res = s.pending[0]
    _place_one(s, off)
    ev.append(_ev("place_resource", seat=s.to_move, cell=s.cfg.label(off),
                  resource=KIND_NAMES[res]))
    _auto_distribute(s)


def _card(s: MesoState, off: int, ev: list[Event]) -> None:
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


_APPLY = {
    "move": _move, "pick_up": _pick_up, "drop": _drop, "swap": _swap,
    "take_offering": _take_offering, "steal": _steal, "end_movement": _end_movement,
    "build_hut": _build_hut, "holy_place": _holy_place, "breed": _breed,
    "draw_card": _draw_card, "finish_action": _finish_action, "play": _play,
    "priesthood": _priesthood, "mana_theft": _mana_theft, "teleport": _teleport,
    "wrath": _wrath, "to": _to, "place_volcano": _place_volcano,
    "place_resource": _place_resource, "scout_pick": _scout_pick, "tile": _tile, "card": _card,
    "carrier": _carrier,
}


def pending_json(s: MesoState) -> dict[str, Any]:
    lab = s.cfg.label
    ph = s.phase
    if ph in (DRAW_TILE, SCOUT_DRAW, VOLCANO_PLACE, SCOUT_PICK):
        src, dst, k = s.pending
        b = k % KINDS
        return {"explore_from": lab(src), "explore_to": lab(dst),
                "load": KIND_NAMES[b] if b < OFFER0 else "offering"}
    if ph == DISTRIBUTE:
        return {"resource": KIND_NAMES[s.pending[0]], "left": s.pending[1],
                "unserved": [lab(c) for c in s.pending[2:]]}
    if ph in (TP_DST, WR_DST, PICK_CARRIER):
        dst = s.pending[2] if ph == PICK_CARRIER else ph
        return {"from": lab(s.pending[0]),
                "thing": _thing_json(s, s.pending[1], TP_SIZE if dst == TP_DST else WR_SIZE)}
    return {}


def masked_pending(s: MesoState, seat: int | None) -> list[int]:
    """The raw pending list with offering values hidden from all but their owner (R10): an
    explorer's load, and the carrier a card is moving (even from the card's player, R9.9)."""
    out = s.pending[:]
    ph = s.phase
    if ph in (DRAW_TILE, SCOUT_DRAW, VOLCANO_PLACE, SCOUT_PICK):
        k = out[2]
        if k % KINDS >= OFFER0 and s.to_move != seat:
            out[2] = OFFER0 + (FLAG if k >= KINDS else 0)
    elif ph == TP_DST and TP_MEMBER <= out[1] < TP_LIFT:
        o, k = divmod(out[1] - TP_MEMBER, ALL_KINDS)
        if k % KINDS >= OFFER0 and o != seat:
            out[1] = TP_MEMBER + ALL_KINDS * o + OFFER0 + (FLAG if k >= KINDS else 0)
    elif ph == WR_DST and out[1] < WR_HUT:
        o, k = divmod(out[1], KINDS)
        if k >= OFFER0 and o != seat:
            out[1] = KINDS * o + OFFER0
    return out


# --- notation -----------------------------------------------------------------------------
# Text: `<word> <params...>`; cells as `q,r`. E.g. `move 1,-1 ne wood`, `build 1,0 6`.

_RES = ("wood", "stone")
_PICK = ("plains", "forest", "quarry")


def _params(cfg: Config, block: str, off: int) -> dict[str, Any]:
    lab = cfg.label
    if block == "move":
        cd, k = divmod(off, ALL_KINDS)
        c, d = divmod(cd, 6)
        return {"cell": lab(c), "dir": DIRECTION_NAMES[d], "load": KIND_NAMES[k % KINDS],
                "stole": k >= KINDS}
    if block in ("pick_up", "drop", "swap"):
        c, res, fl = cell_resource_flag(off)
        return {"cell": lab(c), "resource": KIND_NAMES[res], "stole": bool(fl)}
    if block == "take_offering":
        co, f = divmod(off, 2)
        c, o = divmod(co, 4)
        return {"cell": lab(c), "value": OFFERING_VALUES[o], "stole": bool(f)}
    if block == "steal":
        cv, r = divmod(off, 2)
        c, o = divmod(cv, 4)
        return {"cell": lab(c), "victim": o, "resource": _RES[r]}
    if block == "build_hut":
        c, o = divmod(off, 4)
        return {"cell": lab(c), "value": OFFERING_VALUES[o]}
    if block in ("holy_place", "breed", "priesthood", "to", "place_volcano", "place_resource"):
        return {"cell": lab(off)}
    if block == "play":
        return {"card": CARD_IDS[off]}
    if block == "card":
        return {"card": CARD_IDS[off]}
    if block == "carrier":
        return {"value": OFFERING_VALUES[off]}
    if block == "mana_theft":
        return {"victim": off}
    if block == "teleport":
        c, th = divmod(off, TP_SIZE)
        return {"cell": lab(c), "thing": th}
    if block == "wrath":
        c, th = divmod(off, WR_SIZE)
        return {"cell": lab(c), "thing": th}
    if block == "scout_pick":
        return {"terrain": _PICK[off]}
    if block == "tile":
        return {"terrain": TERRAINS[off]}
    return {}


def action_to_json(cfg: Config, action: int) -> dict[str, Any]:
    block, off = cfg.space.decode(action)
    return {"do": block, **_params(cfg, block, off)}


_ORDER = ("cell", "dir", "load", "resource", "value", "victim", "card", "thing", "terrain",
          "stole")


def action_to_text(cfg: Config, action: int) -> str:
    data = action_to_json(cfg, action)
    parts = [data["do"]]
    for key in _ORDER:
        if key in data:
            v = data[key]
            if key == "stole":
                if v:
                    parts.append("stole")
            else:
                parts.append(str(v))
    return " ".join(parts)


_FIELDS: dict[str, tuple[str, ...]] = {
    "move": ("cell", "dir", "load"), "pick_up": ("cell", "resource"),
    "drop": ("cell", "resource"), "swap": ("cell", "resource"),
    "take_offering": ("cell", "value"), "steal": ("cell", "resource", "victim"),
    "build_hut": ("cell", "value"), "holy_place": ("cell",), "breed": ("cell",),
    "priesthood": ("cell",), "to": ("cell",), "place_volcano": ("cell",),
    "place_resource": ("cell",), "play": ("card",), "card": ("card",), "mana_theft": ("victim",),
    "teleport": ("cell", "thing"), "wrath": ("cell", "thing"), "scout_pick": ("terrain",),
    "tile": ("terrain",), "carrier": ("value",),
}


def action_from_text(cfg: Config, text: str) -> int:
    parts = str(text).split()
    if not parts:
        raise IllegalAction("empty action text", code="unparsable_action", text=text)
    block = parts[0]
    fields = list(_FIELDS.get(block, ()))
    data: dict[str, Any] = {"do": block}
    rest = parts[1:]
    if rest and rest[-1] == "stole":
        data["stole"] = True
        rest = rest[:-1]
    if len(rest) != len(fields):
        raise IllegalAction(f"{text!r} needs {len(fields)} words after {block!r}",
                            code="unparsable_action", text=text)
    for key, value in zip(fields, rest, strict=True):
        data[key] = value
    return action_from_json(cfg, data)


def action_from_json(cfg: Config, data: Mapping[str, Any]) -> int:
    sp = cfg.space
    block = data.get("do")
    names = {b.name for b in sp.blocks()}
    if block not in names:
        raise IllegalAction(f"unknown action {block!r}; one of {sorted(names)}",
                            code="unparsable_action")

    def bad(what: str) -> IllegalAction:
        return IllegalAction(f"bad {what} in {dict(data)!r}", code="unparsable_action")

    def cell() -> int:
        c = cfg.parse_cell(data.get("cell"))
        if c is None:
            raise bad("cell")
        return c

    def pick(key: str, names_: tuple[str, ...]) -> int:
        v = data.get(key)
        if v not in names_:
            raise bad(key)
        return names_.index(v)

    def integer(key: str, lo: int, hi: int) -> int:
        try:
            v = int(data.get(key))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise bad(key) from None
        if not lo <= v < hi:
            raise bad(key)
        return v

    def flag() -> int:
        v = data.get("stole", False)
        return 1 if v in (True, "true", "stole", 1) else 0

    values = tuple(str(v) for v in OFFERING_VALUES)
    if block == "move":
        d = pick("dir", DIRECTION_NAMES)
        k = pick("load", KIND_NAMES) + FLAG * flag()
        return sp.encode(block, (cell() * 6 + d) * ALL_KINDS + k)
    if block in ("pick_up", "drop", "swap"):
        return sp.encode(block, (cell() * 2 + pick("resource", _RES)) * 2 + flag())
    if block == "take_offering":
        data = {**data, "value": str(data.get("value"))}
        return sp.encode(block, (cell() * 4 + pick("value", values)) * 2 + flag())
    if block == "steal":
        return sp.encode(block, (cell() * 4 + integer("victim", 0, 4)) * 2
                         + pick("resource", _RES))
    if block == "build_hut":
        data = {**data, "value": str(data.get("value"))}
        return sp.encode(block, cell() * 4 + pick("value", values))
    if block == "carrier":
        data = {**data, "value": str(data.get("value"))}
        return sp.encode(block, pick("value", values))
    if block in ("holy_place", "breed", "priesthood", "to", "place_volcano", "place_resource"):
        return sp.encode(block, cell())
    if block in ("play", "card"):
        return sp.encode(block, pick("card", CARD_IDS))
    if block == "mana_theft":
        return sp.encode(block, integer("victim", 0, 4))
    if block == "teleport":
        return sp.encode(block, cell() * TP_SIZE + integer("thing", 0, TP_SIZE))
    if block == "wrath":
        return sp.encode(block, cell() * WR_SIZE + integer("thing", 0, WR_SIZE))
    if block == "scout_pick":
        return sp.encode(block, pick("terrain", _PICK))
    if block == "tile":
        return sp.encode(block, pick("terrain", TERRAINS[:4]))
    return sp.encode(block)
