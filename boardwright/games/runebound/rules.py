"""Runebound's legal actions, chance outcomes and the dispatch of an action (RULES.md R1-R11).

The rules themselves live in topic modules along the rulebook: `turn` (R2 set-up, R3 the turn,
R8 / R11.4 the turn's end), `movement` (R4), `adventures` (R5 drawing, events, refill,
encounters, quests), `decks` (R5.8, R10.3 the decks and the doom track), `combat`
(R7.1-R7.12), `damage` (R9 wounds, exhaustion, knock-out), `pvp` (R5.9, R7.14), `trading`
(R5.10), `market` (R6), `experience` (R6.4, R6.6, R8 items, limits, experience), `endgame`
(R10.5-R10.8, R11), `queries` (read-only questions several of them ask). This module lists the
legal actions and chance outcomes and sends an action to the module of its block; every
function takes the table (`state.RuneboundTable`), and `forward.RuneboundState` wires them to
the engine's `State` contract.
"""

from __future__ import annotations

from collections.abc import Callable

from boardwright.engine.events import Event

from . import (
    adventures,
    combat,
    damage,
    decks,
    experience,
    market,
    movement,
    pvp,
    pvp_cards,
    trading,
    turn,
)
from .content import COLOURS, MODES
from .data import MAX_DICE
from .queries import figs, others_here, preventers, slots_here
from .state import DISCARD_PHASES, HIDDEN, REWARD, ROLL_P, RuneboundTable


def chance(t: RuneboundTable) -> list[tuple[int, float]]:
    """R1.3 2d10 rolls, R1.4 movement dice, R2.8 heroes, R2.4 / R6.1 market cards and R5.1
    adventure cards: the chance outcomes pending, with their odds."""
    g = t.g
    sp = t.cfg.space
    if g["phase"] == "setup_hero":
        taken = {p["hero"] for p in g["players"]}
        free = [i for i in range(len(t.cfg.content.heroes)) if i not in taken]
        return [(sp.encode("hero", i), 1 / len(free)) for i in free]
    if g["phase"] == "setup_market":
        return market_outcomes(t)
    kind = g["pending"][0]
    if kind == "die":
        n = len(t.cfg.content.dice.faces)
        return [(sp.encode("die_face", i), 1 / n) for i in range(n)]
    if kind == "roll":
        return [(sp.encode("roll", i), ROLL_P[i]) for i in range(19)]
    if kind == "draw":
        col = g["pending"][1]
        d = g["decks"][col]
        if not decks.from_tail(t, col) or d[1][0] == HIDDEN:
            return [(sp.encode("draw_adv", i), 1 / len(d[0])) for i in d[0]]
        return [(sp.encode("draw_adv", d[1][0]), 1.0)]
    if kind == "mkt":
        return market_outcomes(t)
    raise AssertionError(kind)


def market_outcomes(t: RuneboundTable) -> list[tuple[int, float]]:
    """R2.4 / R6.1 the next market card: uniform over the shuffled part, else the tail's
    head."""
    d = t.g["mdeck"]
    sp = t.cfg.space
    if d[0]:
        return [(sp.encode("draw_mkt", i), 1 / len(d[0])) for i in d[0]]
    return [(sp.encode("draw_mkt", d[1][0]), 1.0)]


def legal_now(t: RuneboundTable) -> list[int]:
    """R3-R10 the legal actions of the phase under way (unsorted)."""
    g = t.g
    sp = t.cfg.space
    p = t.me()
    ph = g["phase"]
    out: list[int] = []
    if ph == "move_choice":
        maxd = MAX_DICE - 1 if t.party_hurt(p) else MAX_DICE  # R4.2
        out += [sp.encode("rest", n) for n in range(maxd + 1)]
        out += [sp.encode("step", d) for d in range(6)
                if t.cfg.content.neighbours[p["pos"]][d] >= 0]
        if "move" not in g["act"]:
            for i, (key, spent) in enumerate(p["items"]):
                eff, _ = t.item_effect(key)
                if eff is not None and eff.kind == "extra_move" and not spent:
                    out.append(sp.encode("use_item", i))
    elif ph == "recover":
        for f, fig in enumerate(figs(t, p)):
            if fig is not None and fig[1]:
                out.append(sp.encode("recover", f))
        out.append(sp.encode("end_move"))
    elif ph == "moving":
        c = t.cfg.content
        for d, face in enumerate(g["dice"]):
            if face < 0:
                continue
            terr = c.face_sets[face]
            for k, n in enumerate(c.neighbours[p["pos"]]):
                if n >= 0 and (c.terrain[n] == "city" or c.terrain[n] in terr):
                    out.append(sp.encode("move", d * 6 + k))  # R4.3 cities are wild
        out.append(sp.encode("end_move"))
    elif ph == "adventure":
        slots = slots_here(t, p)
        if slots:  # FAQ: an undefeated challenge here comes before the hex's counter
            out += [sp.encode("face_slot", k) for k in slots]
        elif g["board"][p["pos"]] >= 0 and not t.forbidden(p, g["board"][p["pos"]]) \
                and t.deck_size(COLOURS[g["board"][p["pos"]]]) > 0:
            out.append(sp.encode("face"))
        others = others_here(t)
        out += [sp.encode("attack_player", o) for o in others]
        if t.cfg.options.trade_offers:  # R5.10 or trade with one of them
            out += [sp.encode("trade_with", o) for o in others]
        out.append(sp.encode("skip"))
    elif ph == "fs":
        out += combat.legal_fs(t, p)
    elif ph in ("escape", "pvp_escape"):
        out += [sp.encode("escape"), sp.encode("stay")]
    elif ph == "pvp_round":
        out += pvp.legal_round(t)
    elif ph == "loot":
        out += pvp.legal_loot(t)
    elif ph == "reward_ally":  # R5.11 dismiss a hired ally for the reward, or forgo it
        out += experience.discard_choices(t, p, "ally")
        out.append(sp.encode("skip"))
    elif ph == "redraw":  # R5.4a "húzhat": draw again, or not
        out += [sp.encode("face"), sp.encode("skip")]
    elif ph == "test_react":  # R9.1a armour against a failed test's wounds
        out += [sp.encode("prevent", i) for i in adventures.test_preventers(t, p)]
        out.append(sp.encode("take"))
    elif ph == "reward_item":  # CHOICE R6.4b at the item bound: discard one, or forgo the card
        out += [sp.encode("discard_item", i) for i, (k, _) in enumerate(p["items"])
                if k < REWARD]
        out.append(sp.encode("skip"))
    elif ph == "pvp_mod":  # R7.14e the defender's card for this phase
        out += pvp.legal_mod(t)
    elif ph == "pvp_react":  # R7.14e the wounded hero's armour
        seat = g["combat"]["pdmg"][0]
        out += [sp.encode("prevent", i) for i in pvp_cards.preventers(t, seat)]
        out.append(sp.encode("take"))
    elif ph == "trade":
        out += trading.legal(t)
    elif ph == "trade_answer":
        out += [sp.encode("trade_accept"), sp.encode("trade_decline")]
    elif ph == "pvp_fs":
        out += pvp.legal_fs(t)
    elif ph == "round":
        cb = g["combat"]
        if not cb["attacked"][0]:
            out.append(sp.encode("attack_hero"))
        for a in range(len(p["allies"])):
            if not cb["attacked"][a + 1]:
                out.append(sp.encode("attack_ally", a))
        out.append(sp.encode("defend"))
        if "round" not in g["act"]:
            for i, (key, spent) in enumerate(p["items"]):
                eff, _ = t.item_effect(key)
                if eff is not None and eff.kind == "extra_damage" and not spent \
                        and eff.mode == MODES[cb["stage"]] and not cb["extra"]:
                    out.append(sp.encode("use_item", i))
    elif ph == "react":
        for i in preventers(t, p):
            out.append(sp.encode("prevent", i))
        out.append(sp.encode("take"))
    elif ph == "market":
        out += market.legal(t, p)
    elif ph == "refill":  # R5.6a the drawer puts the short pool's counters
        ci = COLOURS.index(g["refill"]["cols"][0])
        out += [sp.encode("refill_hex", h) for h in adventures.refillable(t, ci)]
    elif ph == "ko_card":  # R9.4a which of the equally valuable cards is lost
        ko = g["players"][g["ko"]["seat"]]
        out += [sp.encode("lose_" + kind, i) for kind, i in damage.ko_losable(t, ko)]
    elif ph == "ko_city":  # R9.4b which of the equally near cities
        ko = g["players"][g["ko"]["seat"]]
        out += [sp.encode("go_city", k) for k in damage.ko_cities(t, ko)]
    elif ph == "experience":
        experience.legal_xp(t, p, out)
    if ph in DISCARD_PHASES and t.cfg.options.discard_when == "any_time":
        out += experience.discards(t, p)  # R6.4a "bármikor" (the market offers them itself)
    if ph in DISCARD_PHASES:
        out += experience.heal_cards(t, p)  # R6.5a the kept healing card
    return out


def do(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R2-R11 one action or chance outcome, dispatched to the rule of its block (and, where a
    block serves two fights, its phase)."""
    _DO[name](t, name, off, ev)


Handler = Callable[[RuneboundTable, str, int, list[Event]], None]


def _draw_mkt(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R2.4 / R6.1 chance: the market card drawn joins a city's market (at set-up or in the market
    phase)."""
    decks.take_mkt(t, off)
    if t.g["phase"] == "setup_market":
        turn.setup_market_card(t, off)  # R2.4
    else:
        market.market_card(t, t.me(), off, ev)  # R6.1


def _roll(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R1.3 chance: a 2d10 roll (2-20), given to the test or fight that asked for it."""
    g = t.g
    purpose = g["pending"][1]
    g["pending"] = None
    roll_result(t, off + 2, purpose, ev)


def _draw_adv(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R5.1 chance: the adventure card drawn, to be fought, placed or tested (R5.2-R5.5; R10.7 in
    the endgame)."""
    t.g["pending"] = None
    adventures.drawn(t, off, ev)


def _skip(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.14 no loot; R5.11 the reward ally forgone; R5.1 / R5.9 no adventure."""
    g = t.g
    if g["phase"] == "loot":
        pvp.finish(t, ev)
    elif g["phase"] == "pvp_mod":  # R7.14e the defender uses no (more) card
        pvp.to_round(t)
    elif g["phase"] == "reward_item":  # CHOICE R6.4b the kept card forgone
        card = g["enc"]
        g["enc"] = -1
        decks.discard_adv(t, card, ev)
        turn.after_adventure(t, ev)
    elif g["phase"] == "reward_ally":
        card = g["enc"]
        g["enc"] = -1
        combat.decline_ally(t, card, ev)
        turn.after_adventure(t, ev)
    else:
        turn.after_adventure(t, ev)


def _first_strike(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.2 a first strike before combat, or R7.14a one between heroes."""
    if t.g["phase"] == "pvp_fs":  # R7.14a
        pvp.first_strike(t, name, off, ev)
    else:  # R7.2
        combat.first_strike(t, t.me(), name, off, ev)


def _fight(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.3 the first strikes end and the rounds begin; R7.14a between heroes, this side's first
    strikes are over."""
    if t.g["phase"] == "pvp_fs":  # R7.14a this side's first strikes are over
        if pvp.fs_side_done(t):
            pvp.fs_next(t)
    else:  # R7.3
        combat.begin_rounds(t, ev)


def _escape(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.6 / R7.14 an escape is tried: its roll follows."""
    g = t.g  # R7.6 / R7.14f the escape's roll(s)
    if g["phase"] == "pvp_escape":
        pvp.escape(t)
    else:
        g["pending"] = ["roll", "escape"]


def _stay(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.6 / R7.14 no escape: the round goes on to its attack phases."""
    if t.g["phase"] == "pvp_escape":  # R7.14
        pvp.phase(t, ev)
    else:  # R7.6
        combat.stay(t)


def _choose(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.5 / R7.14 the hero or an ally attacks, or the hero defends, in this phase of the round."""
    if t.g["phase"] == "pvp_round":  # R7.14
        pvp.choose(t, name, off)
    else:  # R7.5
        combat.choose(t, name, off, ev)


def _use_item(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R6.6 an item used on one's turn; R7.14e a card in a phase of a fight between heroes."""
    if t.g["phase"] in ("pvp_mod", "pvp_round"):
        pvp.use_item(t, off, ev)
    else:
        experience.use_item(t, t.me(), off, ev)


def _prevent(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R6.6 / R9.1 armour prevents wounds, or they are taken; R7.14e the same between
    heroes, by the wounded hero's seat."""
    if t.g["phase"] == "pvp_react":
        pvp.react(t, name, off, ev)
    elif t.g["phase"] == "test_react":
        adventures.test_react(t, name, off, ev)
    elif name == "prevent":
        combat.prevent(t, t.me(), off, ev)
    else:
        combat.take_damage(t, t.me(), ev)


def _discard(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R6.4 a card discarded; R7.14g the winner of a fight between heroes makes room."""
    if t.g["phase"] == "loot":
        pvp_cards.loot_discard(t, name, off, ev)
    elif name == "discard_item":
        experience.discard_item(t, t.me(), off, ev)
    else:
        experience.discard_ally(t, t.me(), off, ev)


def _end_market(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R6 the market phase ends; the experience phase (R8) follows."""
    t.g["phase"] = "experience"  # R8 the experience phase follows the market


_TRADE = ("trade_with", "trade_give_item", "trade_give_ally", "trade_give_gold",
          "trade_take_item", "trade_take_ally", "trade_take_gold", "trade_propose", "trade_end",
          "trade_accept", "trade_decline")

#: each action block's rule (a dict, not a chain of comparisons: `apply` runs it every action)
_DO: dict[str, Handler] = {
    "hero": lambda t, n, o, ev: turn.draw_hero(t, o, ev),
    "draw_mkt": _draw_mkt,
    "die_face": lambda t, n, o, ev: movement.die_face(t, o, ev),
    "roll": _roll,
    "draw_adv": _draw_adv,
    "rest": lambda t, n, o, ev: movement.rest(t, t.me(), o, ev),
    "step": lambda t, n, o, ev: movement.step(t, t.me(), o, ev),
    "move": lambda t, n, o, ev: movement.move(t, t.me(), o, ev),
    "end_move": lambda t, n, o, ev: movement.end_move(t, ev),
    "recover": lambda t, n, o, ev: movement.recover(t, t.me(), o),
    "face": lambda t, n, o, ev: adventures.face(t, t.me(), ev),
    "face_slot": lambda t, n, o, ev: adventures.face_slot(t, o, ev),
    "skip": _skip,
    "attack_player": lambda t, n, o, ev: pvp.start(t, o, ev),
    **{name: trading.act for name in _TRADE},
    "loot_item": pvp.loot, "loot_ally": pvp.loot, "loot_gold": pvp.loot, "loot_rune": pvp.loot,
    "fs_hero": _first_strike, "fs_ally": _first_strike, "fs_item": _first_strike,
    "fight": _fight,
    "escape": _escape,
    "stay": _stay,
    "attack_hero": _choose, "attack_ally": _choose, "defend": _choose,
    "use_item": _use_item,
    "prevent": _prevent,
    "take": _prevent,
    "buy": lambda t, n, o, ev: market.buy(t, t.me(), o, ev),
    "sell": lambda t, n, o, ev: market.sell(t, t.me(), o, ev),
    "discard_item": _discard,
    "discard_ally": _discard,
    "heal_wound": lambda t, n, o, ev: market.heal(t, t.me(), n, o, ev),
    "heal_exh": lambda t, n, o, ev: market.heal(t, t.me(), n, o, ev),
    "end_market": _end_market,
    "xp": lambda t, n, o, ev: experience.buy_xp(t, t.me(), o, ev),
    "end_turn": lambda t, n, o, ev: turn.end_turn(t, ev),
    "refill_hex": lambda t, n, o, ev: adventures.refill_hex(t, o, ev),
    "lose_item": damage.lose_card, "lose_ally": damage.lose_card,
    "go_city": lambda t, n, o, ev: damage.ko_go(t, o, ev),
}


def roll_result(t: RuneboundTable, roll: int, what: str, ev: list[Event]) -> None:
    """R1.3 a 2d10 roll, given to the test or fight that asked for it (R5.5, R5.12, R7,
    R7.14)."""
    p = t.me()
    if what == "card_test":
        combat.card_test_roll(t, p, roll, ev)
    elif what == "fs":
        combat.first_strike_roll(t, roll, ev)
    elif what == "escape":
        combat.escape_roll(t, p, roll, ev)
    elif what == "combat":
        combat.combat_roll(t, p, roll, ev)
    elif what.startswith("pvp_"):
        pvp.roll(t, what, roll, ev)
    elif what == "encounter":
        adventures.encounter_roll(t, p, roll, ev)
    elif what == "quest":
        adventures.quest_roll(t, p, roll, ev)
