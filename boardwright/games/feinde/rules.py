"""Fürchterliche Feinde's rules as small functions on a `FeindeState` (RULES.md numbers).

A turn is a chain of atomic decisions: choose the action, step space by space, fight, choose a
free step, accept an apprenticeship. Chance (dice, crossing tiles, token placements, card draws,
the set-up) is its own seat. After every action `advance()` walks the state on to its next
decision point, so every rule that happens "at once" (exploring, the game end) happens there.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event

from .data import (
    CARD_KINDS,
    CORRIDOR,
    CROSSING,
    DIRS,
    GROUPS,
    TELEPORT_PAIRINGS,
    TILE_SHAPES,
    Board,
    Config,
)

if TYPE_CHECKING:
    from .state import FeindeState

# --- phases --------------------------------------------------------------------------------
(SETUP_TELEPORT, SETUP_MONSTER, PLACE_HERO, DUMB, CHOOSE, MOVE, DICE, FREE_STEP, REVEAL, PLACE,
 PLACE4, DRAW, APPRENTICE, FOLLOW, DELTA, TRAVEL, OVER, PICK, ROTATE, JOIN, INVISIBLE) = range(21)
CHANCE_PHASES = frozenset((SETUP_TELEPORT, SETUP_MONSTER, DICE, REVEAL, PLACE, PLACE4, DRAW))

# --- action ids ----------------------------------------------------------------------------
FIGHT_MOVE, RUN, REST, ESCAPE = 0, 1, 2, 3
STEP = 4  # + direction N E S W
TELEPORT, END, FIGHT, YES, NO = 8, 9, 10, 11, 12
HERO_START = 14  # + start room 0..3
PLAY = 20  # + card kind
DELTA_BASE = 50  # + delta + 4
TRAVEL_TO = 60  # + seat
MSTEP = 100  # + index into board.rooms
MSTOP = 160
PAIRING = 200  # + teleport pairing
DICE_BASE = 210  # + (monster die - 2) * 3 + (hero die - 1)
CROSS_BASE = 220  # + shape * 4 + rotation
PLACE_BASE = 240  # + index into board.rooms
TOKEN_BASE = 300  # + token id 1..53
DRAW_BASE = 360  # + card kind
PICK_ROOM = 400  # + index into board.rooms (red cards pick a monster or chest)
PICK_CROSS = 460  # + index into board.crossings (green card)
ROT_BASE = 480  # + new rotation 0..3
DONE = 490  # stop using a card early (second crossing, third monster)
INVIS_MONSTERS, INVIS_HEROES = 491, 492  # R10.3 Invisibility's one effect (choose_one mode)
#: `st.invisible` bits: monsters neither stop nor pin the hero; no apprentice joins him
UNSEEN_BY_MONSTERS, UNSEEN_BY_HEROES = 1, 2
NUM_ACTIONS = 500

DUMB_TILE = 99  # the dumbest-player tile under monster 23 (R1.1)
CHEST0 = 51  # chest tokens are 51, 52, 53
BOSSES = (49, 50)
MAX_K = 50
MONSTER_DIE = {2: 1, 3: 2, 4: 3}  # R5.4 faces 2,3,3,4,4,4
HERO_DIE = {1: 3, 2: 2, 3: 1}  # R5.4 faces 1,1,1,2,2,3
ACTION_KINDS = {FIGHT_MOVE: 1, RUN: 2, REST: 3}
BUDGET = {1: 6, 2: 12}  # R3.1
#: card modes while a red or green card is being used
SWAP_MODE, TRAVELS_MODE, THREE_MODE, ROTATE_MODE = 1, 2, 3, 4


# --- set-up (R2) ---------------------------------------------------------------------------

def setup(st: FeindeState) -> None:
    """R2 set-up: chips on the 49 rooms, groups sorted, knowledge 1..n, 6 chips each."""
    cfg = st.cfg
    n = cfg.players
    b = cfg.board
    first = cfg.options.first_player
    st.start_player = first
    st.phase = SETUP_TELEPORT
    st.to_move = st.asker = first
    st.round = st.turn = st.last_progress = 0
    st.storage = 0
    st.box = 85 - (len(b.rooms) - len(b.starts)) - 6 * n  # R2.3 85 chips in all
    st.teleport = -1
    st.dumb_active = 0
    _reset_turn(st)
    st.pos = [-1] * n
    st.knowledge = [0] * n
    for i in range(n):
        st.knowledge[(first + i) % n] = i + 1  # R2.6 the start player on 1, then clockwise
    st.stamp = [0] * n
    st.arrivals = 0
    st.chips = [6] * n
    st.gold = [0] * n
    st.token = [0] * len(b.kind)
    st.chip = [0] * len(b.kind)
    for r in b.rooms:
        if r not in b.starts:
            st.chip[r] = 1
    st.cross_shape = [-1] * len(b.kind)
    st.cross_rot = [0] * len(b.kind)
    st.tiles_left = list(cfg.tables.tiles)
    st.g1 = [1, 2, 3, 4]
    st.g2 = [*range(5, 24), DUMB_TILE]
    st.g3 = list(range(24, 49))
    st.g4 = [49, 50, CHEST0, CHEST0 + 1, CHEST0 + 2]
    st.origins = []
    st.pending_rooms = []
    st.master = [-1] * n
    st.follow_gain = [0] * n
    st.follow_queue = []
    st.boxed_tokens = []
    st.played = []
    st.trophies = [[] for _ in range(n)]
    st.hands = [[] for _ in range(n)]
    st.hand_groups = [[] for _ in range(n)]
    st.deck = [list(g) for g in cfg.tables.groups]
    st.bosses = 0
    st._legal = None


def _reset_turn(st: FeindeState) -> None:
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


# --- geometry: passage, sight, monster paths (R3, R6) -----------------------------------

def _arm_masks(shape: str, rot: int) -> int:
    mask = 0
    for ch in shape:
        mask |= 1 << ((DIRS.index(ch) + rot) % 4)
    return mask


#: per tile shape and rotation: the open arms as a bit mask (bit d = direction d)
ARM_MASKS = tuple(tuple(_arm_masks(shape, rot) for rot in range(4)) for shape in TILE_SHAPES)


def arms(st: FeindeState, cell: int) -> int:
    """Open arms of a revealed crossing as a bit mask (bit d = direction d), 0 if face down."""
    shape = st.cross_shape[cell]
    if shape < 0:
        return 0
    return ARM_MASKS[shape][st.cross_rot[cell] % 4]


def can_pass(st: FeindeState, a: int, d: int) -> int:
    """R3.2 the space reached from `a` going `d`, or -1 if a wall or a closed arm is in the way."""
    b = st.cfg.board
    c = b.nb[a][d]
    if c < 0:
        return -1
    if b.kind[a] == CROSSING and not arms(st, a) >> d & 1:
        return -1
    if b.kind[c] == CROSSING and not arms(st, c) >> ((d + 2) % 4) & 1:
        return -1
    return c


def sight(st: FeindeState, origin: int) -> tuple[list[int], list[int]]:
    rooms, hidden, _ = trace(st, origin)
    return rooms, hidden


def trace(st: FeindeState, origin: int) -> tuple[list[int], list[int], set[int]]:
    """R6.2 line of sight from `origin`: (rooms seen, face-down crossings on the lines).

    Sight runs along corridors round bends, stops at the first room, goes on through a
    revealed crossing on every side (R6.2, the seed: a crossing does not block sight; with
    the option `crossing_blocks_sight` only through its open arms), and stops at a face-down
    crossing (which the caller reveals before looking again). From a room that holds a token
    nothing is seen.
    """
    b = st.cfg.board
    kind = b.kind
    if kind[origin] != CORRIDOR and kind[origin] != CROSSING and st.token[origin]:
        return [], [], set()
    walls = st.cfg.options.crossing_blocks_sight
    rooms: list[int] = []
    hidden: list[int] = []
    seen = {origin}
    todo = [(origin, d) for d in range(4)]
    while todo:
        cur, d = todo.pop()
        if walls and kind[cur] == CROSSING and not arms(st, cur) >> d & 1:
            continue
        nxt = b.nb[cur][d]
        if nxt < 0 or nxt in seen:
            continue
        k = kind[nxt]
        if (walls and k == CROSSING and st.cross_shape[nxt] >= 0
                and not arms(st, nxt) >> ((d + 2) % 4) & 1):
            continue  # a closed arm: this line of sight ends at the crossing's wall
        seen.add(nxt)
        if k == CROSSING:
            if st.cross_shape[nxt] < 0:
                hidden.append(nxt)
                continue
            todo.extend((nxt, e) for e in range(4) if e != (d + 2) % 4)
        elif k == CORRIDOR:
            todo.extend((nxt, e) for e in range(4) if e != (d + 2) % 4)
        else:
            rooms.append(nxt)
    return rooms, hidden, seen


def sees_unexplored(st: FeindeState, origin: int) -> bool:
    """R3.6 does the space show unexplored area (a face-down crossing or a room with a chip)?"""
    rooms, hidden = sight(st, origin)
    return bool(hidden) or any(st.chip[r] for r in rooms)


#: per board (kept alive here, so that its id is not reused): a getter of its crossings' entries
_CROSSINGS_OF: dict[int, tuple[Board, itemgetter[tuple[int, ...]]]] = {}
#: `room_neighbours` answers per (board, crossing faces, chips): they depend on nothing else
_ROOM_STEPS: dict[tuple[int, tuple[int, ...], tuple[int, ...], bytes], dict[int, list[int]]] = {}


def room_neighbours(st: FeindeState, room: int) -> list[int]:
    """R8.3 rooms a wandering monster reaches in one room-step (revealed ways, no chip rooms).

    The answer depends only on the board, the crossings' faces and the chips, so it is
    remembered per those (the dumbest player's and the red cards' checks ask it very often)."""
    board = st.cfg.board
    hit = _CROSSINGS_OF.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _CROSSINGS_OF[id(board)] = (board, itemgetter(*board.crossings))
    pick = hit[1]
    key = (id(board), pick(st.cross_shape), pick(st.cross_rot), bytes(st.chip))
    known = _ROOM_STEPS.get(key)
    if known is None:
        if len(_ROOM_STEPS) >= 1024:
            _ROOM_STEPS.clear()
        known = _ROOM_STEPS[key] = {}
    out = known.get(room)
    if out is None:
        out = known[room] = _room_neighbours(st, room)
    return out[:]


def _room_neighbours(st: FeindeState, room: int) -> list[int]:
    b = st.cfg.board
    out: list[int] = []
    seen = {room}
    todo = [room]
    while todo:
        cur = todo.pop()
        for d in range(4):
            nxt = can_pass(st, cur, d)
            if nxt < 0 or nxt in seen:
                continue
            seen.add(nxt)
            if b.kind[nxt] in (CORRIDOR, CROSSING):
                todo.append(nxt)
            elif not st.chip[nxt]:
                out.append(nxt)
    return sorted(out)


def _heroes_at(st: FeindeState, cell: int) -> list[int]:
    return [p for p, c in enumerate(st.pos) if c == cell]


def _monster_can_finish(st: FeindeState, room: int, left: int, origin: int,
                        carry: int) -> bool:
    """Can a wandering monster that has just entered `room` end its move legally (R8.3)?"""
    if st.token[room] == 0 and room != origin:
        return True
    if left <= 0:
        return False
    return any(_monster_can_finish(st, r, left - 1, origin, carry)
               for r in room_neighbours(st, room))


def monster_steps(st: FeindeState) -> list[int]:
    """Rooms the wandering monster may enter next."""
    left = st.dm_limit - st.dm_steps
    if left <= 0:
        return []
    return [r for r in room_neighbours(st, st.dm_cell)
            if _monster_can_finish(st, r, left - 1, st.dm_origin, st.dm_carry)]


def weakest_movable(st: FeindeState, limit: int) -> int:
    """R8.2 the room of the weakest monster on the board that can move, or -1."""
    cands = sorted((t, r) for r, t in enumerate(st.token) if 0 < t < CHEST0)
    for _, r in cands:
        if any(_monster_can_finish(st, r2, limit - 1, r, -1) for r2 in room_neighbours(st, r)):
            return r
    return -1


# --- knowledge and the dumbest player (R4.2, R8.1) --------------------------------------

def set_knowledge(st: FeindeState, p: int, value: int) -> None:
    value = min(MAX_K, value)
    if value > st.knowledge[p]:
        st.knowledge[p] = value
        st.arrivals += 1
        st.stamp[p] = st.arrivals  # R4.2 an arriving disc goes on top
        st.last_progress = st.round


def dumbest(st: FeindeState) -> int:
    """R8.1 the holder of the dumbest-player tile, or -1 (not yet drawn / everyone at 50)."""
    if not st.dumb_active or min(st.knowledge) >= MAX_K:
        return -1
    return min(range(st.cfg.players), key=lambda p: (st.knowledge[p], st.stamp[p]))


def pay(st: FeindeState, p: int, amount: int) -> None:
    """R5.3 of one payment exactly one chip goes to the storage track, the rest to the box."""
    if amount <= 0:
        return
    st.chips[p] -= amount
    if st.storage < st.cfg.tables.track_length:
        st.storage += 1
    else:
        st.box += 1
    st.box += amount - 1


def to_storage(st: FeindeState, n: int = 1) -> None:
    for _ in range(n):
        if st.storage < st.cfg.tables.track_length:
            st.storage += 1
        else:
            st.box += 1


# --- legal actions -------------------------------------------------------------------------

def _hero_cell(st: FeindeState) -> int:
    return st.pos[st.to_move]


def _pinned(st: FeindeState) -> bool:
    """R3.4 a hero on a monster's space may not walk away (unless he killed it or escaped)."""
    t = st.token[_hero_cell(st)]
    return 0 < t < CHEST0 and not st.escaped and not st.invisible & UNSEEN_BY_MONSTERS


def _step_dirs(st: FeindeState) -> list[int]:
    here = _hero_cell(st)
    chip = st.chip
    return [d for d in range(4) if (c := can_pass(st, here, d)) >= 0 and not chip[c]]


def _partner(st: FeindeState, cell: int) -> int:
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


def playable_cards(st: FeindeState) -> list[int]:
    """R10 the card kinds the player may play now (not the ones drawn this turn)."""
    p = st.to_move
    hand = st.hands[p][: len(st.hands[p]) - st.fresh]
    out: set[int] = set()
    t = st.token[_hero_cell(st)]
    after_battle = st.fought and (not st.fight_first or (st.stopped and st.budget == 0))
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
            if st.steps == 0 and not st.fought and not st.stopped and not (
                    name == "invisibility" and st.invisible) and not (
                    name == "travel" and all(c == st.pos[p] for c in st.pos)):
                out.add(k)  # Travel needs another hero on another space to go to
        elif name == "swap":
            if sum(1 for x in st.token if x) >= 2:
                out.add(k)
        elif name == "monster_travels":
            if _any_movable_monster(st, 2):
                out.add(k)
        elif name == "three_monsters":
            if _any_movable_monster(st, 1):
                out.add(k)
        elif name == "rotate" and any(st.cross_shape[c] >= 0 for c in st.cfg.board.crossings):
            out.add(k)
    return sorted(out)


def _any_movable_monster(st: FeindeState, limit: int) -> bool:
    """`bool(_movable_monsters(st, limit))`, stopping at the first monster that can move."""
    token = st.token
    return any(0 < token[r] < CHEST0 and any(_monster_can_finish(st, r2, limit - 1, r, -1)
                                             for r2 in room_neighbours(st, r))
               for r in st.cfg.board.rooms)  # tokens lie only in rooms


def _movable_monsters(st: FeindeState, limit: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """Rooms of monsters (not chests) that can make a legal wandering move of <= limit rooms."""
    return [r for r, t in enumerate(st.token) if 0 < t < CHEST0 and t not in exclude
            and any(_monster_can_finish(st, r2, limit - 1, r, -1)
                    for r2 in room_neighbours(st, r))]


def legal_actions(st: FeindeState) -> list[int]:
    ph = st.phase
    if ph in CHANCE_PHASES or ph == OVER:
        return []
    if ph == PLACE_HERO:
        return [HERO_START + i for i in range(len(st.cfg.board.starts))]
    if ph == DUMB:
        acts = [MSTEP + st.cfg.board.rooms.index(r) for r in monster_steps(st)]
        if st.dm_steps and st.token[st.dm_cell] == 0 and st.dm_cell != st.dm_origin:
            acts.append(MSTOP)
        return sorted(acts)
    if ph == CHOOSE:
        p = st.to_move
        acts = [FIGHT_MOVE]
        here = st.pos[p]
        t = st.token[here]
        if not (0 < t < CHEST0) or st.escaped:
            acts.append(RUN)
        if st.storage > 0:
            acts.append(REST)
        if 0 < t < CHEST0 and not st.escaped and t > st.knowledge[p] and st.chips[p] >= 1:
            acts.append(ESCAPE)  # R3.5
        return sorted(acts)
    if ph == MOVE:
        acts: list[int] = []
        if st.budget > 0 and not st.stopped and not _pinned(st):
            acts.extend(STEP + d for d in _step_dirs(st))
            if _partner(st, _hero_cell(st)) >= 0:
                acts.append(TELEPORT)
        acts.append(END)
        t = st.token[_hero_cell(st)]
        if st.kind == 1 and not st.fought and t:
            acts.append(FIGHT)
        acts.extend(PLAY + k for k in playable_cards(st))
        return sorted(acts)
    if ph == FREE_STEP:
        return sorted([STEP + d for d in _step_dirs(st)] + [END])
    if ph in (APPRENTICE, FOLLOW, JOIN):
        return [YES, NO]
    if ph == INVISIBLE:
        return [INVIS_MONSTERS, INVIS_HEROES]
    if ph == DELTA:
        n = int(CARD_KINDS[st.next_token][len("monster"):])
        m = st.token[_hero_cell(st)]
        return [DELTA_BASE + d + 4 for d in range(-n, n + 1) if d and m + d >= 1]
    if ph == PICK:
        return _pick_actions(st)
    if ph == ROTATE:
        c = st.pick_first
        return [ROT_BASE + r for r in range(4) if r != st.cross_rot[c]]
    if ph == TRAVEL:
        me = st.to_move
        return [TRAVEL_TO + p for p in range(st.cfg.players) if p != me and st.pos[p] != st.pos[me]]
    raise AssertionError(f"unknown phase {ph}")


def _pick_actions(st: FeindeState) -> list[int]:
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
    acts = [PICK_ROOM + b.rooms.index(r) for r in _movable_monsters(st, limit, moved)]
    return acts + ([DONE] if mode == THREE_MODE and st.picks_left < 3 else [])


def chance_outcomes(st: FeindeState) -> list[tuple[int, float]]:
    ph = st.phase
    b = st.cfg.board
    if ph == SETUP_TELEPORT:
        return [(PAIRING + i, 1 / 3) for i in range(3)]
    if ph == SETUP_MONSTER:
        return [(TOKEN_BASE + t, 1 / len(st.g1)) for t in sorted(st.g1)]
    if ph == DICE:
        return [(DICE_BASE + (m - 2) * 3 + (h - 1), wm * wh / 36)
                for m, wm in MONSTER_DIE.items() for h, wh in HERO_DIE.items()]
    if ph == REVEAL:
        total = sum(st.tiles_left)
        return [(CROSS_BASE + s * 4 + r, n / total / 4)
                for s, n in enumerate(st.tiles_left) if n for r in range(4)]
    if ph == PLACE:
        rooms = st.pending_rooms
        return [(PLACE_BASE + b.rooms.index(r), 1 / len(rooms)) for r in sorted(rooms)]
    if ph == PLACE4:
        left = sorted(st.g4)
        return [(TOKEN_BASE + t, left.count(t) / len(left)) for t in sorted(set(left))]
    if ph == DRAW:
        g = _top_group(st)
        total = sum(st.deck[g])
        return [(DRAW_BASE + k, n / total) for k, n in enumerate(st.deck[g]) if n]
    return []


def _top_group(st: FeindeState) -> int:
    for g, counts in enumerate(st.deck):
        if sum(counts):
            return g
    return -1


# --- applying actions ----------------------------------------------------------------------

def apply_action(st: FeindeState, action: int) -> list[Event]:
    if st.current_player() < 0 and st.phase not in CHANCE_PHASES:
        raise IllegalAction("the game is over", code="game_over")
    if st.phase in CHANCE_PHASES:
        allowed = [a for a, _ in chance_outcomes(st)]
    else:
        allowed = st.legal_actions()
    if not isinstance(action, int) or action not in allowed:
        raise IllegalAction(f"action {action!r} is not legal now", code="illegal_action",
                            action=str(action))
    st._legal = None
    events: list[Event] = []
    _dispatch(st, action, events)
    advance(st, events)
    st._legal = None
    return events


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def _dispatch(st: FeindeState, a: int, ev: list[Event]) -> None:
    ph = st.phase
    b = st.cfg.board
    p = st.to_move
    if ph == SETUP_TELEPORT:
        st.teleport = a - PAIRING
        _ev(ev, "teleports", pairing=st.teleport)
        st.phase = SETUP_MONSTER
    elif ph == SETUP_MONSTER:
        t = a - TOKEN_BASE
        start = b.starts[4 - len(st.g1)]
        st.g1.remove(t)
        st.token[start] = t
        _ev(ev, "monster_placed", monster=t, room=b.labels[start])
        if not st.g1:
            st.phase = PLACE_HERO
            st.asker = st.to_move = st.start_player
    elif ph == PLACE_HERO:
        start = b.starts[a - HERO_START]
        st.pos[p] = start
        _ev(ev, "hero_placed", seat=p, room=b.labels[start])
        nxt = (p + 1) % st.cfg.players
        if nxt == st.start_player:
            _begin_turn(st, nxt, ev)
        else:
            st.to_move = st.asker = nxt
    elif ph == DUMB:
        _dumb_step(st, a, ev)
    elif ph == CHOOSE:
        _choose(st, a, ev)
    elif ph == MOVE:
        _move(st, a, ev)
    elif ph == FREE_STEP:
        st.phase = MOVE
        st.budget = 0
        st.stopped = 1  # R5.5/R5.8 the free step ends the turn
        if a != END:
            _step(st, a - STEP, ev, free=True)
    elif ph == DICE:
        _resolve_dice(st, a, ev)
    elif ph == REVEAL:
        shape, rot = divmod(a - CROSS_BASE, 4)
        c = st.pending_cross
        st.cross_shape[c] = shape
        st.cross_rot[c] = rot
        st.tiles_left[shape] -= 1
        st.pending_cross = -1
        _ev(ev, "crossing_revealed", crossing=b.labels[c], shape=TILE_SHAPES[shape], rotation=rot)
        st.phase = MOVE  # advance() picks the real next phase
    elif ph == PLACE:
        room = b.rooms[a - PLACE_BASE]
        _put_token(st, room, st.next_token, ev)
    elif ph == PLACE4:
        t = a - TOKEN_BASE
        st.g4.remove(t)
        _put_token(st, min(st.pending_rooms), t, ev)
    elif ph == DRAW:
        k = a - DRAW_BASE
        g = _top_group(st)
        st.deck[g][k] -= 1
        q = st.draw_for
        st.hands[q].append(k)
        st.hand_groups[q].append(g)
        st.fresh += 1  # R7.2 not playable this turn
        st.draw_for = -1
        ev.append(Event("card_drawn", {"seat": q, "group": GROUPS[g]},
                        {q: {"card": CARD_KINDS[k]}}))
        st.phase = MOVE
    elif ph == APPRENTICE:
        st.apprentice_yes = 1 if a == YES else 0
        _finish_turn(st, ev)
    elif ph == FOLLOW:
        s = st.follow_queue.pop(0)
        if a == YES:
            st.pos[s] = st.pos[p]
            st.follow_gain[s] += 1  # R9.3 +1 at the end of the master's turn
            _ev(ev, "follows", seat=s, master=p, to=b.labels[st.pos[p]])
        else:
            st.master[s] = -1
            _ev(ev, "stays", seat=s, master=p)
        _finish_turn(st, ev)
    elif ph == JOIN:
        s = st.join_queue.pop(0)
        if a == YES:
            # R9.5/R9.2 several wiser heroes on the space where he joined: only +1 later
            wiser = [q for q in _heroes_at(st, st.pos[s]) if st.knowledge[q] > st.knowledge[s]]
            st.pupil[s] = 2 if len(wiser) > 1 else 1
            st.master[s] = p
            _ev(ev, "joins", seat=s, master=p, at=b.labels[st.pos[s]])
        st.phase = MOVE
    elif ph == INVISIBLE:
        st.invisible = UNSEEN_BY_MONSTERS if a == INVIS_MONSTERS else UNSEEN_BY_HEROES
        _ev(ev, "invisible", seat=p, towards="monsters" if a == INVIS_MONSTERS else "heroes")
        st.phase = MOVE
    elif ph == DELTA:
        st.mdelta = a - DELTA_BASE - 4
        st.mchange_used = 1
        _ev(ev, "monster_changed", seat=p, delta=st.mdelta)
        st.phase = MOVE
    elif ph == PICK:
        _pick(st, a, ev)
    elif ph == ROTATE:
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
            _rotation_sight(st)
    elif ph == TRAVEL:
        q = a - TRAVEL_TO
        st.pos[p] = st.pos[q]
        _ev(ev, "travelled", seat=p, to=b.labels[st.pos[p]], hero=q)
        st.phase = MOVE
        _after_arrival(st)


def _begin_turn(st: FeindeState, p: int, ev: list[Event]) -> None:
    """R3.1/R8.2 a new turn: the dumbest player first moves the weakest monster."""
    _reset_turn(st)
    st.to_move = st.asker = p
    st.turn_start_pos = st.pos[p]
    st.follow_queue = []
    if p == st.start_player:
        st.round += 1
        opts = st.cfg.options
        if opts.max_rounds and st.round > opts.max_rounds:
            _game_over(st, ev, "turn_limit")
            return
        if opts.stall_rounds and st.round - st.last_progress > opts.stall_rounds:
            _game_over(st, ev, "stalled")  # R12 A36
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


def _dumb_step(st: FeindeState, a: int, ev: list[Event]) -> None:
    """R8.3/R8.4 the wandering monster moves one room, carrying or dropping a hero."""
    b = st.cfg.board
    if a == MSTOP:
        _dumb_end(st, ev)
        return
    room = b.rooms[a - MSTEP]
    st.dm_cell = room
    st.dm_steps += 1
    if st.dm_carry >= 0:
        st.pos[st.dm_carry] = room
    heroes = [h for h in _heroes_at(st, room) if h != st.dm_carry]
    forced = False
    if st.token[room]:
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
        _dumb_end(st, ev)


def _dumb_end(st: FeindeState, ev: list[Event]) -> None:
    st.token[st.dm_cell] = st.dm_token
    st.dm_token = 0
    st.dm_carry = -1
    if not st.card_mode:
        st.phase = CHOOSE
        return
    if st.card_mode == THREE_MODE and st.picks_left and _pick_actions(st) != [DONE]:
        st.phase = PICK  # R10.4 the next of the three monsters
        return
    _card_done(st)


def _card_done(st: FeindeState) -> None:
    st.card_mode = 0
    st.picks_left = 0
    st.pick_first = -1
    st.picked = []
    st.phase = MOVE


def _pick(st: FeindeState, a: int, ev: list[Event]) -> None:
    """R10.4/R10.5 the targets of a red or green card."""
    b = st.cfg.board
    if a == DONE:
        if st.card_mode == ROTATE_MODE:
            _rotation_sight(st)
        else:
            _card_done(st)
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
        _card_done(st)
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


def _rotation_sight(st: FeindeState) -> None:
    """R10.5 (A30) heroes and empty rooms that now look through a turned crossing explore.

    With the seed's sight (R6.2) a crossing's arms do not bound sight, so a turn brings nothing
    into view and nobody explores."""
    if not st.cfg.options.crossing_blocks_sight:
        _card_done(st)
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
    _card_done(st)


def _choose(st: FeindeState, a: int, ev: list[Event]) -> None:
    p = st.to_move
    if a == ESCAPE:
        pay(st, p, 1)  # R3.5
        st.escaped = 1
        _ev(ev, "escaped", seat=p)
        return
    st.kind = ACTION_KINDS[a]
    _ev(ev, "action", seat=p, action=st.kind)
    if st.kind == 3:
        _rest(st, ev)
        return
    st.budget = BUDGET[st.kind]
    st.phase = MOVE


def _rest(st: FeindeState, ev: list[Event]) -> None:
    """R3.3 take the chips on shaded spaces, slide the rest down."""
    p = st.to_move
    shaded = st.cfg.tables.shaded
    take = sum(1 for s in range(1, st.storage + 1) if s in shaded)
    st.chips[p] += take
    st.storage -= take
    _ev(ev, "rested", seat=p, chips=take)
    _finish_turn(st, ev)


def _move(st: FeindeState, a: int, ev: list[Event]) -> None:
    p = st.to_move
    b = st.cfg.board
    if STEP <= a < STEP + 4:
        _step(st, a - STEP, ev)
    elif a == TELEPORT:
        st.pos[p] = _partner(st, st.pos[p])
        st.budget -= 1
        st.steps += 1
        _ev(ev, "teleported", seat=p, to=b.labels[st.pos[p]])
        _after_arrival(st)
    elif a == END:
        _finish_turn(st, ev)
    elif a == FIGHT:
        _fight(st, ev)
    elif PLAY <= a < PLAY + len(CARD_KINDS):
        _play(st, a - PLAY, ev)


def _step(st: FeindeState, d: int, ev: list[Event], free: bool = False) -> None:
    p = st.to_move
    b = st.cfg.board
    st.pos[p] = can_pass(st, st.pos[p], d)
    if not free:
        st.budget -= 1
        st.steps += 1
    _ev(ev, "stepped", seat=p, to=b.labels[st.pos[p]], dir=DIRS[d])
    _after_arrival(st)


def _after_arrival(st: FeindeState) -> None:
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


def pass_through_candidates(st: FeindeState, p: int, cell: int) -> list[int]:
    """R9.5 heroes on `cell` who may become the apprentice of `p` passing through (or, R10.3,
    arriving by Travel); each is marked as asked, so he is asked once a turn."""
    here = _heroes_at(st, cell)
    out: list[int] = []
    for s in here:
        if s == p or st.pupil[s] or st.join_asked[s]:
            continue
        if st.knowledge[s] >= st.knowledge[p]:
            continue  # R9.4 only a wiser hero can be followed
        if st.master[s] == p and cell == st.turn_start_pos:
            continue  # R9.3 his apprentice already waits there; he decides at the turn end
        wiser = [q for q in here if st.knowledge[q] > st.knowledge[s]]
        if _apprentice_gain(st, s, wiser) <= st.knowledge[s]:
            continue  # R9.2 not possible when only 1 below
        st.join_asked[s] = 1
        out.append(s)
    return out


def _fight(st: FeindeState, ev: list[Event]) -> None:
    """R5.1 decide the case before rolling; a chest is opened instead (R7.3)."""
    p = st.to_move
    here = st.pos[p]
    t = st.token[here]
    st.fought = 1
    st.fight_first = 1 if st.steps == 0 else 0
    st.fight_cell = here
    if t >= CHEST0:
        kv, gv = st.cfg.tables.chests[t - CHEST0]
        st.token[here] = 0
        st.trophies[p].append(t)
        set_knowledge(st, p, st.knowledge[p] + kv)  # R7.3 added, not absolute
        if st.cfg.options.chest_gold:
            st.gold[p] += gv
        st.last_progress = st.round
        _ev(ev, "chest_opened", seat=p, chest=t - CHEST0 + 1, knowledge=kv,
            gold=gv if st.cfg.options.chest_gold else 0)
        st.origins.append(here)  # R12 A24 the emptied room is explored
        _after_fight(st, killed=True)
        return
    m = t + st.mdelta
    k = st.knowledge[p]
    bonus = st.cfg.bonus
    if m + bonus <= k:
        st.fight_case = 2  # R5.7 frightened: no roll
        _ev(ev, "frightened", seat=p, monster=t)
        _frightened(st, ev)
        return
    st.fight_case = 1 if k < m else 0  # learning fight / normal fight
    _ev(ev, "fight", seat=p, monster=t, strength=m, knowledge=k,
        case=("normal", "learning")[st.fight_case])
    st.phase = DICE


def battle_cost(case: int, monster_die: int, hero_die: int, heart: int) -> tuple[int, bool]:
    """R5.4-R5.6 chips to pay and whether it is a total victory (+1 gold)."""
    d = monster_die - hero_die
    if case == 1:  # learning fight: -1 counts as 0 (A11)
        return max(0, d) + heart, False
    return max(0, d + heart), d == -1


def _resolve_dice(st: FeindeState, a: int, ev: list[Event]) -> None:
    p = st.to_move
    md, hd = divmod(a - DICE_BASE, 3)
    md += 2
    hd += 1
    here = st.fight_cell
    t = st.token[here]
    heart = st.cfg.tables.heart[t]
    cost, total = battle_cost(st.fight_case, md, hd, heart)
    _ev(ev, "dice", seat=p, monster_die=md, hero_die=hd, cost=cost)
    if cost > st.chips[p]:
        _short(st, ev)
        return
    pay(st, p, cost)
    if st.fight_case == 1:
        set_knowledge(st, p, st.knowledge[p] + 1)  # R5.8
        _ev(ev, "learned", seat=p, paid=cost)
        st.phase = FREE_STEP
        return
    if total:
        st.gold[p] += 1  # R5.4 total victory
    m = t + st.mdelta
    st.token[here] = 0
    st.trophies[p].append(t)
    st.gold[p] += st.cfg.tables.gold[t]
    set_knowledge(st, p, m + st.cfg.bonus)  # R5.9 absolute, capped at 50
    st.last_progress = st.round
    _ev(ev, "killed", seat=p, monster=t, paid=cost, total_victory=total,
        knowledge=st.knowledge[p])
    if t in BOSSES:
        st.bosses += 1
    elif _top_group(st) >= 0:
        st.draw_for = p  # R7.2
    st.origins.append(here)
    _after_fight(st, killed=True)


def _short(st: FeindeState, ev: list[Event]) -> None:
    """R5.5 short of chips: pay all, +1 knowledge, the monster stays, one free step."""
    p = st.to_move
    paid = st.chips[p]
    pay(st, p, paid)
    set_knowledge(st, p, st.knowledge[p] + 1)
    _ev(ev, "short_of_chips", seat=p, paid=paid)
    st.phase = FREE_STEP


def _frightened(st: FeindeState, ev: list[Event]) -> None:
    """R5.7 dies of fright: pay its heart, gold - 1, knowledge unchanged."""
    p = st.to_move
    here = st.fight_cell
    t = st.token[here]
    heart = st.cfg.tables.heart[t]
    if heart > st.chips[p]:
        _short(st, ev)
        return
    pay(st, p, heart)
    st.token[here] = 0
    value = st.cfg.tables.gold[t] - 1
    if value > 0:
        st.trophies[p].append(t)
        st.gold[p] += value
    else:
        st.boxed_tokens.append(t)
    st.last_progress = st.round
    if t in BOSSES:
        st.bosses += 1
    elif st.cfg.options.fright_draws_card and _top_group(st) >= 0:
        st.draw_for = p  # R12 A9
    st.origins.append(here)
    _after_fight(st, killed=True)


def _after_fight(st: FeindeState, killed: bool) -> None:
    """R3.1 fight first: then up to 6 spaces; moved first: the turn ends after the fight."""
    if st.fight_first:
        st.budget = BUDGET[1]
        st.stopped = 0
        st.phase = MOVE
    else:
        st.budget = 0
        st.phase = MOVE


def _play(st: FeindeState, k: int, ev: list[Event]) -> None:
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
    elif name.startswith("power"):
        got = min(int(name[5:]), st.box)  # R12 A34
        st.box -= got
        st.chips[p] += got
    elif name.startswith("know"):
        set_knowledge(st, p, st.knowledge[p] + int(name[4:]))
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


def _finish_turn(st: FeindeState, ev: list[Event]) -> None:
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
    wiser = [q for q in _heroes_at(st, st.pos[p]) if st.knowledge[q] > st.knowledge[p]]
    if st.apprentice_yes == -1:
        # R9.1 only a hero who ends his movement there (CHOICE: who has moved this turn)
        moved = st.pos[p] != st.turn_start_pos
        if moved and wiser and _apprentice_gain(st, p, wiser) > st.knowledge[p]:
            st.phase = APPRENTICE  # R9.1
            return
        st.apprentice_yes = 0
    for s in range(st.cfg.players):
        if st.pupil[s]:
            # R9.5 with R9.2: the gain comes at the end of the turn he joined in, measured
            # against the master's knowledge then (before the master's own R9.1 gain)
            gain = (st.knowledge[s] + 1 if st.pupil[s] == 2
                    else _apprentice_gain(st, s, [p]))
            set_knowledge(st, s, gain)
            _ev(ev, "apprentice", seat=s, master=p, knowledge=st.knowledge[s])
    if st.apprentice_yes == 1:
        gain = _apprentice_gain(st, p, wiser)
        st.master[p] = max(wiser, key=lambda q: (st.knowledge[q], st.stamp[q]))
        _ev(ev, "apprentice", seat=p, master=st.master[p], knowledge=gain)
        set_knowledge(st, p, gain)
    for s in range(st.cfg.players):
        if st.follow_gain[s]:
            set_knowledge(st, s, st.knowledge[s] + st.follow_gain[s])
            st.follow_gain[s] = 0
    _ev(ev, "turn_end", seat=p)
    st.turn += 1
    _begin_turn(st, (p + 1) % st.cfg.players, ev)


def _apprentice_gain(st: FeindeState, p: int, wiser: list[int]) -> int:
    """R9.2 the knowledge an apprentice ends with (A20 option), or his own if none."""
    k = st.knowledge[p]
    if len(wiser) > 1:
        return k + 1
    mk = st.knowledge[wiser[0]]
    if mk - k <= 1:
        return k  # not allowed when only 1 below
    mode = st.cfg.options.apprentice_gain
    if mode == "master":
        return mk
    if mode == "master_minus_1":
        return mk - 1
    return k + 1


def _put_token(st: FeindeState, room: int, t: int, ev: list[Event]) -> None:
    b = st.cfg.board
    st.pending_rooms.remove(room)
    st.token[room] = t
    st.next_token = 0
    name = "chest" if t >= CHEST0 else "monster"
    _ev(ev, "token_placed", room=b.labels[room], token=t, what=name)
    st.phase = MOVE


def _game_over(st: FeindeState, ev: list[Event], why: str) -> None:
    st.phase = OVER
    st.asker = -1
    _ev(ev, "game_over", why=why, gold=st.gold[:], chips=st.chips[:])


def advance(st: FeindeState, ev: list[Event]) -> None:
    """Walk on to the next decision. MOVE is the hub: chance phases that interrupt a turn
    (a card draw, crossing reveals, token placements) return to it, and from it the game end,
    pending draws and exploring happen before the mover decides again."""
    if st.phase == OVER:
        return
    if st.bosses >= 2:
        _game_over(st, ev, "bosses")  # R11.1 at once
        return
    if st.phase != MOVE:
        return
    if st.draw_for >= 0:
        if _top_group(st) < 0:
            st.draw_for = -1  # R7.2 an empty deck gives nothing
        else:
            st.phase = DRAW
            return
    if _explore(st, ev):
        return
    if st.join_queue:
        st.phase = JOIN  # R9.5 a hero passed by answers before the mover goes on
        st.asker = st.join_queue[0]
        return
    st.asker = st.to_move
    if legal_actions(st) == [END]:
        _finish_turn(st, ev)  # nothing left to decide: the turn ends by itself


def _explore(st: FeindeState, ev: list[Event]) -> bool:
    """R6 reveal crossings in sight, then fill the seen chip rooms; True if chance is to move."""
    b = st.cfg.board
    if st.origins:
        hidden: list[int] = []
        rooms: list[int] = []
        for o in st.origins:
            r, h = sight(st, o)
            rooms.extend(r)
            hidden.extend(h)
        if hidden:
            st.pending_cross = min(hidden)
            st.phase = REVEAL
            return True
        for r in sorted(set(rooms)):
            if st.chip[r]:
                st.chip[r] = 0
                to_storage(st)  # R6.3 the chip goes onto the storage track
                st.pending_rooms.append(r)
                _ev(ev, "room_revealed", room=b.labels[r])
        st.origins = []
    if not st.pending_rooms:
        return False
    while st.g2 and st.g2[0] == DUMB_TILE:
        st.g2.pop(0)
        st.dumb_active = 1  # R8.1
        st.boxed_tokens.append(DUMB_TILE)
        _ev(ev, "dumbest_tile", seat=dumbest(st))
    if st.g2 or st.g3:
        group = st.g2 if st.g2 else st.g3
        st.next_token = group.pop(0)
        st.phase = PLACE
        if not st.g2 and not st.g3 and st.cfg.options.group4_all_at_once:
            _bring_group4(st, ev)
        return True
    if st.g4:
        st.phase = PLACE4
        return True
    st.pending_rooms = []  # a board with more rooms than tokens: the rest stay empty
    return False


def _bring_group4(st: FeindeState, ev: list[Event]) -> None:
    """R6.5 (A17) group #3 is empty: every room still holding a chip is revealed at once."""
    b = st.cfg.board
    for r in b.rooms:
        if st.chip[r]:
            st.chip[r] = 0
            to_storage(st)
            st.pending_rooms.append(r)
            _ev(ev, "room_revealed", room=b.labels[r])


# --- notation ------------------------------------------------------------------------------

def action_to_json(cfg: Config, a: int) -> dict[str, Any]:
    return {"a": action_to_text(cfg, a)}


def action_from_json(cfg: Config, data: Mapping[str, Any]) -> int:
    text = data.get("a") if isinstance(data, Mapping) else None
    if not isinstance(text, str):
        raise IllegalAction(f"not a Feinde action: {data!r}", code="bad_action")
    return action_from_text(cfg, text)


_NAMED = {FIGHT_MOVE: "fight-move", RUN: "run", REST: "rest", ESCAPE: "escape",
          TELEPORT: "teleport", END: "end", FIGHT: "fight", YES: "yes", NO: "no", MSTOP: "mstop",
          INVIS_MONSTERS: "unseen monsters", INVIS_HEROES: "unseen heroes"}


def action_to_text(cfg: Config, a: int) -> str:
    b = cfg.board
    if a in _NAMED:
        return _NAMED[a]
    if STEP <= a < STEP + 4:
        return "step " + DIRS[a - STEP]
    if HERO_START <= a < HERO_START + 4:
        return f"start S{a - HERO_START + 1}"
    if PLAY <= a < PLAY + len(CARD_KINDS):
        return "play " + CARD_KINDS[a - PLAY]
    if DELTA_BASE <= a < DELTA_BASE + 9:
        return f"delta {a - DELTA_BASE - 4:+d}"
    if TRAVEL_TO <= a < TRAVEL_TO + 6:
        return f"travel {a - TRAVEL_TO}"
    if MSTEP <= a < MSTEP + len(b.rooms):
        return "monster " + b.labels[b.rooms[a - MSTEP]]
    if PAIRING <= a < PAIRING + 3:
        return f"pairing {a - PAIRING}"
    if DICE_BASE <= a < DICE_BASE + 9:
        m, h = divmod(a - DICE_BASE, 3)
        return f"dice {m + 2}-{h + 1}"
    if CROSS_BASE <= a < CROSS_BASE + 16:
        s, r = divmod(a - CROSS_BASE, 4)
        return f"tile {TILE_SHAPES[s]}/{r}"
    if PLACE_BASE <= a < PLACE_BASE + len(b.rooms):
        return "place " + b.labels[b.rooms[a - PLACE_BASE]]
    if TOKEN_BASE + 1 <= a <= TOKEN_BASE + 53:
        return f"token {a - TOKEN_BASE}"
    if DRAW_BASE <= a < DRAW_BASE + len(CARD_KINDS):
        return "draw " + CARD_KINDS[a - DRAW_BASE]
    if PICK_ROOM <= a < PICK_ROOM + len(b.rooms):
        return "pick " + b.labels[b.rooms[a - PICK_ROOM]]
    if PICK_CROSS <= a < PICK_CROSS + len(b.crossings):
        return "pick " + b.labels[b.crossings[a - PICK_CROSS]]
    if ROT_BASE <= a < ROT_BASE + 4:
        return f"rotate {a - ROT_BASE}"
    if a == DONE:
        return "done"
    return f"#{a}"


def action_from_text(cfg: Config, text: str) -> int:
    table = _text_table(cfg)
    if not isinstance(text, str) or text.strip() not in table:
        raise IllegalAction(f"not a Feinde action: {text!r}", code="bad_action")
    return table[text.strip()]


_TABLES: dict[int, dict[str, int]] = {}


def _text_table(cfg: Config) -> dict[str, int]:
    key = id(cfg.board)
    table = _TABLES.get(key)
    if table is None:
        table = {}
        for a in range(NUM_ACTIONS):
            t = action_to_text(cfg, a)
            if not t.startswith("#"):
                table[t] = a
        _TABLES[key] = table
    return table
