"""The adventure phase (RULES.md R5): facing a counter or an undefeated slot (R5.1, R5.7),
drawing (R5.2-R5.5), events and their effects (R5.3, R5.4), the sun icon's refill (R5.6),
encounters (R5.5), quests (R5.12, R5.13)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardwright.engine.events import Event

from . import combat, damage, decks, experience, movement, turn
from .content import COLOURS
from .queries import quest_hex
from .state import RuneboundTable


def drawn(t: RuneboundTable, card: int, ev: list[Event]) -> None:
    """R5.2-R5.5 a drawn adventure card: a challenge is fought, an event placed, a quest
    taken, an encounter tested."""
    g = t.g
    decks.take_adv(t, card)
    a = t.cfg.content.adventures[card]
    ev.append(Event("draw", {"seat": g["seat"], "card": card}))
    if a.kind == "challenge":
        combat.start_combat(t, card, ev, from_slot=False)
    elif a.kind == "event":
        event(t, card, ev)
    elif a.quest is not None:
        take_quest(t, card, ev)
    else:
        g["enc"] = card
        g["pending"] = ["roll", "encounter"]


def event(t: RuneboundTable, card: int, ev: list[Event]) -> None:
    """R5.4 an event replaces one of lower or equal number, else is discarded (draw again)."""
    g = t.g
    a = t.cfg.content.adventures[card]
    old = g["event"]
    if old < 0 or a.event_number >= t.cfg.content.adventures[old].event_number:
        if old >= 0:
            decks.discard_adv(t, old, ev)
        g["event"] = card
        ev.append(Event("event", {"card": card}))
        if refill(t, a.refill, ev):
            return  # the drawer first chooses where the short pool's counters go
        event_effects(t, a, ev)
        turn.after_adventure(t, ev)
        return
    ev.append(Event("event_discarded", {"card": card}))
    decks.discard_adv(t, card, ev)
    draw_again(t, ev)


def event_effects(t: RuneboundTable, a: Any, ev: list[Event]) -> None:
    """R5.3b an event's one-time effects, to every hero, when it comes into play. Lasting
    ones (`market_discount`) are read from the event in play (R6.2a)."""
    for e in a.effects:
        if e.kind == "gold":  # gold gained, or lost down to 0 (nobody owes the treasury)
            for p in t.g["players"]:
                p["gold"] = max(0, p["gold"] + e.amount)
            ev.append(Event("event_gold", {"amount": e.amount}))
        elif e.kind == "heal":
            for p in t.g["players"]:
                p["wounds"] = max(0, p["wounds"] - e.amount)
            ev.append(Event("event_heal", {"amount": e.amount}))


def draw_again(t: RuneboundTable, ev: list[Event]) -> None:
    """R5.4 / R5.13 draw again from the hex's colour, or the adventure is over. R5.4a the
    seed's "új kártyát húzhat" (may draw) [S p.6] (option `redraw`): "choose" asks the player
    (phase `redraw`: `face` / `skip`), "always" draws at once."""
    g = t.g
    p = t.me()
    col = COLOURS[g["board"][p["pos"]]] if g["board"][p["pos"]] >= 0 else None
    if col is not None and t.deck_size(col) > 0:
        if t.cfg.options.redraw == "choose":
            g["phase"] = "redraw"
        else:
            g["pending"] = ["draw", col]
    else:
        turn.after_adventure(t, ev)


def refill(t: RuneboundTable, colours: Sequence[str], ev: list[Event]) -> bool:
    """R5.6 the sun icon: empty gem hexes of those colours refilled from the pool only.

    CHOICE R5.6a (option `refill_short`): when the pool holds fewer counters of a colour
    than there are empty hexes, the drawer chooses the hexes ("choose", the book: phase
    `refill`, one `refill_hex` a counter) or they fill in board order ("board_order", the
    data file's order). True when the drawer must choose now."""
    g = t.g
    choose = t.cfg.options.refill_short == "choose"
    for k, col in enumerate(colours):
        ci = COLOURS.index(col)
        empty = refillable(t, ci)
        if choose and 0 < g["pool"][ci] < len(empty):
            g["refill"] = {"cols": list(colours[k:])}
            g["phase"] = "refill"
            return True
        for h in empty[:g["pool"][ci]]:
            g["board"][h] = ci
            g["pool"][ci] -= 1
        ev.append(Event("refill", {"colour": col}))
    g["refill"] = None
    return False


def refillable(t: RuneboundTable, ci: int) -> list[int]:
    """Empty gem hexes of colour `ci` with no undefeated challenge on them (R5.6, R7.12)."""
    g = t.g
    c = t.cfg.content
    occupied = {s[1] for s in g["slots"] if s}
    col = COLOURS[ci]
    return [h for h in range(len(c.coords))
            if c.gem[h] == col and g["board"][h] < 0 and h not in occupied]


def refill_hex(t: RuneboundTable, h: int, ev: list[Event]) -> None:
    """R5.6a one counter of the short colour on the chosen hex; the event's effects and
    the rest of the turn follow once every colour is refilled."""
    g = t.g
    cols = g["refill"]["cols"]
    ci = COLOURS.index(cols[0])
    g["board"][h] = ci
    g["pool"][ci] -= 1
    ev.append(Event("refill_hex", {"seat": g["seat"], "to": h, "colour": cols[0]}))
    if g["pool"][ci] > 0:
        return  # still short: the drawer places the next one
    ev.append(Event("refill", {"colour": cols[0]}))
    if refill(t, cols[1:], ev):
        return
    event_effects(t, t.cfg.content.adventures[g["event"]], ev)
    turn.after_adventure(t, ev)


def take_quest(t: RuneboundTable, card: int, ev: list[Event]) -> None:
    """R5.12 an encounter that spans turns: the hero keeps the card and makes its test on
    ending a later movement in the card's city. CHOICE R5.12a the hex's counter goes with
    the card and is won with it.

    R5.13 (seed p.6) a player who must discard a drawn encounter draws again. CHOICE
    R5.13a a hero holds one quest at a time, so a second quest drawn must be discarded."""
    g = t.g
    p = t.me()
    if p.get("quest") is not None:
        ev.append(Event("encounter_discarded", {"seat": g["seat"], "card": card}))
        decks.discard_adv(t, card, ev)
        draw_again(t, ev)
        return
    here = g["board"][p["pos"]]
    g["board"][p["pos"]] = -1
    p["quest"] = [card, here]
    city = t.cfg.content.city_of[quest_hex(t, card)]
    ev.append(Event("quest", {"seat": g["seat"], "card": card,
                              "city": t.cfg.content.board.cities[city].name}))
    turn.after_adventure(t, ev)


def quest_roll(t: RuneboundTable, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
    """R5.12 the quest's test in its city: success gives the reward and the counter; a
    failure gives the card's wounds and the quest stays for a later turn."""
    card, colour = p["quest"]
    a = t.cfg.content.adventures[card]
    test = a.test
    total = roll + t.stat(p, test.attr) + t.skill_bonus(p, test.skill)
    ok = total >= test.target
    ev.append(Event("test", {"roll": roll, "total": total, "target": test.target, "ok": ok}))
    if ok:
        p["quest"] = None
        p["gold"] += a.success.gold
        ev.append(Event("quest_done", {"seat": t.g["seat"], "card": card,
                                       "gold": a.success.gold}))
        if colour >= 0:
            p["counters"][colour] += 1
            ev.append(Event("counter", {"seat": t.g["seat"], "colour": COLOURS[colour]}))
        if a.success.ally is not None:
            if combat.gain_ally(t, card, ev):
                return
        else:
            decks.discard_adv(t, card, ev)
    elif a.fail_wounds and test_wounds(t, p, a.fail_wounds, "quest", ev):
        return  # knocked out (the turn is over), or armour first
    movement.arrive(t, ev)


def face(t: RuneboundTable, p: dict[str, Any], ev: list[Event]) -> None:
    """R5.1 face the hex's counter: draw the top card of its colour's deck."""
    g = t.g
    col = COLOURS[g["board"][p["pos"]]]
    g["pending"] = ["draw", col]
    g["adv_src"] = -1
    ev.append(Event("face", {"seat": g["seat"], "colour": col}))


def face_slot(t: RuneboundTable, off: int, ev: list[Event]) -> None:
    """R5.7 face the undefeated challenge in slot `off` on this hex (it comes before the
    hex's counter, FAQ)."""
    g = t.g
    slot = g["slots"][off]
    g["slots"][off] = []
    g["adv_src"] = off
    ev.append(Event("face_slot", {"seat": g["seat"], "slot": off + 1}))
    combat.start_combat(t, slot[0], ev, from_slot=True)


def encounter_roll(t: RuneboundTable, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
    """R5.5 an encounter's test (R9.5): success gives its gold, the hex's counter and an ally or
    nothing more (R5.11); a failure gives its wounds (R9.1). The card is discarded (R5.8)."""
    g = t.g
    a = t.cfg.content.adventures[g["enc"]]
    test = a.test
    total = roll + t.stat(p, test.attr) + t.skill_bonus(p, test.skill)
    ok = total >= test.target
    ev.append(Event("test", {"roll": roll, "total": total, "target": test.target, "ok": ok}))
    card = g["enc"]
    g["enc"] = -1
    if ok:
        p["gold"] += a.success.gold
        combat.take_counter(t, p, ev)
        if a.success.ally is not None:
            if combat.gain_ally(t, card, ev):
                return  # the player first decides which ally to dismiss
        else:
            decks.discard_adv(t, card, ev)
    else:
        decks.discard_adv(t, card, ev)
    if not ok and a.fail_wounds and test_wounds(t, p, a.fail_wounds, "encounter", ev):
        return  # knocked out (the turn is over), or armour first
    turn.after_adventure(t, ev)


def test_preventers(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R9.1a the hero's cards that can prevent a failed test's wounds (an activated one once
    a turn in this window, R6.6)."""
    if not t.cfg.options.prevent_tests:
        return []
    out = []
    for i, (key, spent) in enumerate(p["items"]):
        eff, usage = t.item_effect(key)
        if eff is None or eff.kind != "prevent_wound" or spent or usage == "permanent":
            continue
        if usage == "activate" and "test" in t.g["act"]:
            continue
        out.append(i)
    return out


def test_wounds(t: RuneboundTable, p: dict[str, Any], n: int, then: str,
                ev: list[Event]) -> bool:
    """R5.5 / R5.12 / R9.1a a failed test's wounds: armour may prevent them first (option
    `prevent_tests`; phase `test_react`); True when the flow stops here (the choice, or a
    knock-out)."""
    g = t.g
    if test_preventers(t, p):
        g["test_dmg"] = [n, then]
        g["phase"] = "test_react"
        return True
    return damage.hurt_plain(t, p, n, ev)


def test_react(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R9.1a prevent with card `off`, or take the wounds left; then the adventure goes on."""
    g = t.g
    p = t.me()
    n, then = g["test_dmg"]
    if name == "prevent":
        key = p["items"][off][0]
        eff, activated = experience.spend_item(t, p, off)
        if activated:
            g["act"].append("test")
        n = max(0, n - int(eff.amount))
        g["test_dmg"][0] = n
        ev.append(Event("prevent", {"seat": g["seat"], "card": key, "left": n}))
        if n and test_preventers(t, p):
            return
    g["test_dmg"] = None
    if n and damage.hurt_plain(t, p, n, ev):
        return
    if then == "quest":
        movement.arrive(t, ev)
    else:
        turn.after_adventure(t, ev)
