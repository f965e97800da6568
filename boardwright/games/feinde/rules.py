"""Fürchterliche Feinde's legal actions, chance events and their effects, by phase (RULES.md).

The rules live in topic modules along the rulebook: `setup` (R2), `turn` (R3.1, R3.3, R9),
`movement` (R3.2–R3.8), `sight` (R3.2, R6.2, R8.3), `knowledge` (R4, R5.3, R8.1, R9.2),
`fights` (R5, R7), `exploring` (R6), `wandering` (R8.3, R8.4), `spells` (R10), `endgame` (R11).
This module dispatches between them. A turn is a chain of atomic decisions; after every action
`advance()` walks the table on to its next decision point, so every rule that happens "at once"
(exploring, the game end) happens there. Every function takes the table (`state.FeindeTable`,
data only); `forward.FeindeState` wires them to the engine.
"""

from __future__ import annotations

from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event

from . import exploring, fights, movement, setup, spells, turn, wandering
from .data import (
    AMOUNT,
    AMOUNT_BASE,
    APPRENTICE,
    CARD_KINDS,
    CHANCE_PHASES,
    CHEST0,
    CHOOSE,
    CROSS_BASE,
    DELTA,
    DELTA_BASE,
    DICE,
    DICE_BASE,
    DRAW,
    DRAW_BASE,
    DUMB,
    END,
    ESCAPE,
    FIGHT,
    FIGHT_MOVE,
    FOLLOW,
    FREE_STEP,
    HERO_DIE,
    HERO_START,
    INVIS_HEROES,
    INVIS_MONSTERS,
    INVISIBLE,
    JOIN,
    MONSTER_DIE,
    MOVE,
    MSTEP,
    MSTOP,
    NO,
    OVER,
    PAIRING,
    PICK,
    PLACE,
    PLACE4,
    PLACE_BASE,
    PLACE_HERO,
    PLAY,
    REST,
    REVEAL,
    ROT_BASE,
    ROTATE,
    RUN,
    SETUP_MONSTER,
    SETUP_TELEPORT,
    STEP,
    TELEPORT,
    TOKEN_BASE,
    TRAVEL,
    TRAVEL_TO,
    YES,
)
from .endgame import game_over
from .exploring import explore
from .fights import fight, top_group
from .movement import hero_cell, pinned, step, step_dirs, teleport, teleport_partner
from .sight import monster_steps
from .spells import card_value, pick_actions, play, playable_cards, playable_names
from .state import FeindeTable
from .turn import finish_turn


def legal_actions(st: FeindeTable) -> list[int]:
    """The legal actions of the phase under way, sorted: R2.7 a start room, R8.3 the
    wandering monster's rooms, R3.1 the action, R3.2–R3.8 steps, R5 the fight, R10 cards and
    their targets, R9 yes or no."""
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
        return _choices(st)
    if ph == MOVE:
        acts = []
        if st.budget > 0 and not st.stopped and not pinned(st):
            acts.extend(STEP + d for d in step_dirs(st))
            if teleport_partner(st, hero_cell(st)) >= 0:
                acts.append(TELEPORT)
        acts.append(END)
        t = st.token[hero_cell(st)]
        if st.kind == 1 and not st.fought and t:
            acts.append(FIGHT)
        acts.extend(PLAY + k for k in playable_cards(st))
        return sorted(acts)
    if ph == FREE_STEP:
        return sorted([STEP + d for d in step_dirs(st)] + [END])
    if ph in (APPRENTICE, FOLLOW, JOIN):
        return [YES, NO]
    if ph == INVISIBLE:
        return [INVIS_MONSTERS, INVIS_HEROES]
    if ph == AMOUNT:  # R10.3.1 "lehet kisebb értéket is elhasználni"
        return [AMOUNT_BASE + v for v in range(1, card_value(st.next_token) + 1)]
    if ph == DELTA:
        n = int(CARD_KINDS[st.next_token][len("monster"):])
        m = st.token[hero_cell(st)]
        return [DELTA_BASE + d + 4 for d in range(-n, n + 1) if d and m + d >= 1]
    if ph == PICK:
        return pick_actions(st)
    if ph == ROTATE:
        c = st.pick_first
        return [ROT_BASE + r for r in range(4) if r != st.cross_rot[c]]
    if ph == TRAVEL:
        me = st.to_move
        return [TRAVEL_TO + p for p in range(st.cfg.players) if p != me and st.pos[p] != st.pos[me]]
    raise AssertionError(f"unknown phase {ph}")


def _choices(st: FeindeTable) -> list[int]:
    """R3.1 the action of the turn; R3.4 a hero pinned by a monster fights first (action 1) or
    escapes (R3.5, from a stronger monster, option `escape_any_monster`: from any) and then takes
    action 1 or 2 (option `rest_after_escape`: or rests); option `pinned_invisible_run`: a
    pinned hero holding Invisibility may take action 2 too (R3.4.1)."""
    p = st.to_move
    opts = st.cfg.options
    acts = [FIGHT_MOVE]
    t = st.token[st.pos[p]]
    monster = 0 < t < CHEST0
    if not monster or st.escaped or (opts.pinned_invisible_run
                                     and "invisibility" in playable_names(st)):
        acts.append(RUN)
    if st.storage > 0 and (not st.escaped or opts.rest_after_escape):
        acts.append(REST)
    if (monster and not st.escaped and st.chips[p] >= 1
            and (t > st.knowledge[p] or opts.escape_any_monster)):
        acts.append(ESCAPE)  # R3.5
    return sorted(acts)


def legal_actions_cached(st: FeindeTable) -> list[int]:
    """R3 `legal_actions`, kept on the table until an action changes it."""
    if st._legal is None:
        st._legal = legal_actions(st)
    return st._legal


def chance_outcomes(st: FeindeTable) -> list[tuple[int, float]]:
    """The chance events: R1.3 the teleport pairing, R2.1 group #1, R5.4 the dice,
    R2.4 a crossing's face, R6.4/R6.5 a token's room, R7.2 a spell card."""
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
        g = top_group(st)
        total = sum(st.deck[g])
        return [(DRAW_BASE + k, n / total) for k, n in enumerate(st.deck[g]) if n]
    return []


def apply_action(st: FeindeTable, action: int) -> list[Event]:
    """One action or chance outcome by the rule of its phase, then `advance`;
    `IllegalAction` if it is not legal now (R11 none once the game is over)."""
    if st.current_player() < 0 and st.phase not in CHANCE_PHASES:
        raise IllegalAction("the game is over", code="game_over")
    if st.phase in CHANCE_PHASES:
        allowed = [a for a, _ in chance_outcomes(st)]
    else:
        allowed = legal_actions_cached(st)
    if not isinstance(action, int) or action not in allowed:
        raise IllegalAction(f"action {action!r} is not legal now", code="illegal_action",
                            action=str(action))
    st._legal = None
    events: list[Event] = []
    _dispatch(st, action, events)
    advance(st, events)
    st._legal = None
    return events


def _dispatch(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """Send an action or chance outcome to the rule of the phase under way (R2–R10)."""
    _APPLY[st.phase](st, a, ev)


def _move(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R3.1 a decision while moving: a step (R3.2), a teleport (R3.8), the end of the move, the
    fight of action 1 (R5) or a card (R10)."""
    if STEP <= a < STEP + 4:
        step(st, a - STEP, ev)
    elif a == TELEPORT:
        teleport(st, ev)
    elif a == END:
        finish_turn(st, ev)
    elif a == FIGHT:
        fight(st, ev)
    elif PLAY <= a < PLAY + len(CARD_KINDS):
        play(st, a - PLAY, ev)


def advance(st: FeindeTable, ev: list[Event]) -> None:
    """R11.1/R7.2/R6/R9.5 walk on to the next decision. MOVE is the hub: chance phases that
    interrupt a turn (a card draw, crossing reveals, token placements) return to it, and from it
    the game end, pending draws and exploring happen before the mover decides again."""
    if st.phase == OVER:
        return
    if st.bosses >= 2:
        game_over(st, ev, "bosses")  # R11.1 at once
        return
    if st.phase != MOVE:
        return
    if st.draw_for >= 0:
        if top_group(st) < 0:
            st.draw_for = -1  # R7.2 an empty deck gives nothing
        else:
            st.phase = DRAW
            return
    if explore(st, ev):
        return
    if st.join_queue:
        st.phase = JOIN  # R9.5 a hero passed by answers before the mover goes on
        st.asker = st.join_queue[0]
        return
    st.asker = st.to_move
    if legal_actions(st) == [END]:
        finish_turn(st, ev)  # nothing left to decide: the turn ends by itself


#: what an action or chance outcome does in each phase
_APPLY = {**setup.APPLY, **wandering.APPLY, **turn.APPLY, MOVE: _move, **movement.APPLY,
          **fights.APPLY, **exploring.APPLY, **spells.APPLY}
