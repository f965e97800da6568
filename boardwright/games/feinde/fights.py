"""Battle and rewards (RULES.md R5, R7): the case decided before rolling, the dice, paying,
learning, fright, a chest opened, and the spell card a won fight draws.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import (
    BOSSES,
    BUDGET,
    CARD_KINDS,
    CHEST0,
    DICE,
    DICE_BASE,
    DRAW,
    DRAW_BASE,
    FREE_STEP,
    GROUPS,
    MAX_K,
    MOVE,
)
from .knowledge import pay, set_knowledge
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def fight(st: FeindeTable, ev: list[Event]) -> None:
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
        after_fight(st, killed=True)
        return
    m = t + st.mdelta
    k = st.knowledge[p]
    bonus = st.cfg.bonus
    # R5.1 "annak legyőzésével nem növekedne a jelenlegi tudásértéke": winning would not raise
    # his knowledge, which never passes 50 (R5.1.1; option `fright_uncapped`: m + b <= k only)
    capped = k >= MAX_K and m <= k and not st.cfg.options.fright_uncapped
    if m + bonus <= k or capped:
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


def _resolve_dice(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R5.4 chance: the dice set the payment (with the heart, R5.6); then a learning fight (R5.8),
    short of chips (R5.5), or the monster won (R5.9, R7.2)."""
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
    elif top_group(st) >= 0:
        st.draw_for = p  # R7.2
    st.origins.append(here)
    after_fight(st, killed=True)


def _short(st: FeindeTable, ev: list[Event]) -> None:
    """R5.5 short of chips: pay all, +1 knowledge, the monster stays, one free step."""
    p = st.to_move
    paid = st.chips[p]
    pay(st, p, paid)
    set_knowledge(st, p, st.knowledge[p] + 1)
    _ev(ev, "short_of_chips", seat=p, paid=paid)
    st.phase = FREE_STEP


def _frightened(st: FeindeTable, ev: list[Event]) -> None:
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
    elif st.cfg.options.fright_draws_card and top_group(st) >= 0:
        st.draw_for = p  # R12 A9
    st.origins.append(here)
    after_fight(st, killed=True)


def after_fight(st: FeindeTable, killed: bool) -> None:
    """R3.1 fight first: then up to 6 spaces; moved first: the turn ends after the fight."""
    if st.fight_first:
        st.budget = BUDGET[1]
        st.stopped = 0
        st.phase = MOVE
    else:
        st.budget = 0
        st.phase = MOVE


def top_group(st: FeindeTable) -> int:
    """R2.5/R7.2 the spell deck's top group with a card left, or -1 when it is empty."""
    for g, counts in enumerate(st.deck):
        if sum(counts):
            return g
    return -1


def _draw(st: FeindeTable, a: int, ev: list[Event]) -> None:
    """R7.2 chance draws the top spell card for the winner; it waits for a later turn."""
    k = a - DRAW_BASE
    g = top_group(st)
    st.deck[g][k] -= 1
    q = st.draw_for
    st.hands[q].append(k)
    st.hand_groups[q].append(g)
    st.fresh += 1  # R7.2 not playable this turn
    st.draw_for = -1
    ev.append(Event("card_drawn", {"seat": q, "group": GROUPS[g]},
                    {q: {"card": CARD_KINDS[k]}}))
    st.phase = MOVE


#: what a chance outcome does in each battle phase (`rules.apply_action` dispatches by phase)
APPLY = {DICE: _resolve_dice, DRAW: _draw}
