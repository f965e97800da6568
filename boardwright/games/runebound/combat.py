"""Fighting a challenge (RULES.md R7.1-R7.12): the card's own first strikes, the party's first
strikes, the rounds' escape, ranged, melee and magic phases, prevention, victory and its reward
(R7.11, R5.11 a reward ally)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from . import damage, decks, endgame, experience
from .content import COLOURS, MODES
from .data import MAX_ITEMS
from .queries import preventers
from .state import MODE_ATTR, REWARD, RuneboundTable


def legal_fs(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R7.2 the first strikes left: the hero's and each ally's ability (stamina allowing),
    first-strike items (R6.6 one activated)."""
    g = t.g
    sp = t.cfg.space
    cb = g["combat"]
    out = [sp.encode("fight")]
    ab = t.hero(p).ability
    if ab is not None and ab.kind == "first_strike" and (ab.repeatable or not cb["hero_fs"]) \
            and p["exh"] + ab.exhaustion <= t.stat(p, "stamina"):  # R7.2
        out.append(sp.encode("fs_hero"))
    for a, ally in enumerate(p["allies"]):
        mc = t.ally_card(ally[0])
        ab2 = mc.ability
        if ab2 is not None and ab2.kind == "first_strike" and not cb["ally_fs"][a] \
                and ally[2] + ab2.exhaustion <= mc.stamina:
            out.append(sp.encode("fs_ally", a))
    for i, (key, spent) in enumerate(p["items"]):
        eff, usage = t.item_effect(key)
        if eff is None or eff.kind != "first_strike" or spent:
            continue
        if usage == "activate" and ("before" in g["act"] or cb["item_fs"]):
            continue  # R6.6 one activated first-strike item, one activation before combat
        out.append(sp.encode("fs_item", i))
    return out


def start_combat(t: RuneboundTable, card: int, ev: list[Event], *, from_slot: bool) -> None:
    """R5.2 / R7 a challenge is fought: the combat record, then the card's own first strikes
    (R7.1)."""
    g = t.g
    a = t.cfg.content.adventures[card]
    g["combat"] = {
        "card": card, "wounds": 0, "stage": 0, "attacked": [0, 0, 0], "hero_fs": 0,
        "ally_fs": [0, 0], "item_fs": 0, "window": "before", "who": -1, "extra": 0,
        "queue": [[i] for i in range(len(a.before_combat))], "dmg": 0, "dmg_fig": -1,
        "fs": None, "limit": "", "after_dmg": "", "from_slot": 1 if from_slot else 0,
        "hex": t.me()["pos"],
    }
    ev.append(Event("combat", {"seat": g["seat"], "card": card}))
    card_first_strikes(t, ev)


def card_first_strikes(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.1 the card's own first strike comes before the hero's."""
    g = t.g
    cb = g["combat"]
    a = t.cfg.content.adventures[cb["card"]]
    while cb["queue"]:
        i = cb["queue"].pop(0)[0]
        bc = a.before_combat[i]
        if bc.kind == "skill_test":
            cb["test"] = i
            g["pending"] = ["roll", "card_test"]
            return
        ev.append(Event("card_strike", {"mode": bc.mode, "wounds": bc.wounds}))
        if damage.hurt(t, -1, bc.wounds, "card_fs", ev):
            return
    g["phase"] = "fs"


def enemy(t: RuneboundTable, mode: str) -> tuple[int, int]:
    """R7.5 the challenge's (value, damage) of a kind: ranged Mind, melee Body, magic
    Spirit."""
    a = t.cfg.content.adventures[t.g["combat"]["card"]]
    stat: tuple[int, int] = {"ranged": a.mind, "melee": a.body, "magic": a.spirit}[mode]
    return stat


def first_strike(t: RuneboundTable, p: dict[str, Any], name: str, off: int,
                 ev: list[Event]) -> None:
    """R7.2 a first strike against the card: spend it, then its attack roll."""
    g = t.g
    cb = g["combat"]
    cb["fs"], activated = spend_first_strike(t, p, name, off)
    if name == "fs_hero":
        cb["hero_fs"] = 1
    elif name == "fs_ally":
        cb["ally_fs"][off] = 1
    elif activated:
        g["act"].append("before")
        cb["item_fs"] = 1
    ev.append(Event("first_strike", {"seat": g["seat"], "by": name, "mode": cb["fs"][0]}))
    g["pending"] = ["roll", "fs"]


def spend_first_strike(t: RuneboundTable, p: dict[str, Any], name: str,
                        off: int) -> tuple[list[Any], bool]:
    """R7.2 what a first strike costs (against a card or a hero): the figure's ability
    exhausts it; an item is discarded or activated. Returns the strike (mode, attack value,
    damage, figure) and whether an item was activated."""
    if name == "fs_hero":
        ab = t.hero(p).ability
        damage.exhaust(t, -1, ab.exhaustion, p)
        return [ab.mode, fs_value(t, p, ab.mode),
                hero_damage(t, p, ab.mode), -1], False
    if name == "fs_ally":
        mc = t.ally_card(p["allies"][off][0])
        damage.exhaust(t, off, mc.ability.exhaustion, p)
        mode = mc.ability.mode
        return [mode, attack_value(t, p, off, mode),
                (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][1], off], False
    eff, activated = experience.spend_item(t, p, off)
    return [eff.mode, fs_value(t, p, eff.mode), eff.damage, -1], activated


def fs_value(t: RuneboundTable, p: dict[str, Any], mode: str) -> int:
    """R7.2a the hero's value in a first strike of a kind: its attribute; a permanent roll
    bonus of that kind belongs to the round's phase of that kind (option `fs_roll_bonus`:
    false, the book's phases; true adds it here too)."""
    if t.cfg.options.fs_roll_bonus:
        return attack_value(t, p, -1, mode)
    return t.stat(p, ("mind", "body", "spirit")[MODE_ATTR[mode]])


def attack_value(t: RuneboundTable, p: dict[str, Any], fig: int, mode: str) -> int:
    """R7.5 a figure's attack value of a kind: the hero's attribute and permanent roll
    bonuses, an ally's printed value."""
    if fig < 0:
        attr = ("mind", "body", "spirit")[MODE_ATTR[mode]]
        return t.stat(p, attr) + t.roll_bonus(p, mode)
    mc = t.ally_card(p["allies"][fig][0])
    value: int = (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][0]
    return value


def begin_rounds(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.3 a combat round begins with its escape phase; R6.6 one activation per round."""
    g = t.g
    cb = g["combat"]
    cb["attacked"] = [0, 0, 0]
    cb["extra"] = 0
    cb["window"] = "round"
    if "round" in g["act"]:
        g["act"].remove("round")  # R6.6 one activation per combat round
    ev.append(Event("round", {}))
    g["phase"] = "escape"


def combat_roll(t: RuneboundTable, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
    """R7.5 one phase of a round: attack (hero or one ally) or the hero defends (R7.7-R7.9)."""
    g = t.g
    cb = g["combat"]
    mode = MODES[cb["stage"]]
    target, enemy_dmg = enemy(t, mode)
    who = cb["who"]
    fig = -1 if who < 0 else who
    value = attack_value(t, p, fig, mode)
    total = roll + value
    ok = total >= target
    attack = who != -2
    ev.append(Event("attack" if attack else "defence",
                    {"mode": mode, "roll": roll, "total": total, "target": target, "ok": ok,
                     "fig": fig}))
    if ok:
        if attack:
            if fig < 0:
                h = t.hero(p)
                dmg = (h.mind, h.body, h.spirit)[MODE_ATTR[mode]][1] + cb["extra"]
                cb["extra"] = 0
            else:
                mc = t.ally_card(p["allies"][fig][0])
                dmg = (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][1]
            wound_enemy(t, dmg, ev)
            if g["combat"] is None or g["phase"] == "over":
                return
        elif mode == "magic" and t.cfg.options.magic_defence_strikes:
            # R7.9 (seed) a successful magic defence hurts the enemy by the defender's magic
            wound_enemy(t, t.hero(p).spirit[1], ev)
            if g["combat"] is None or g["phase"] == "over":
                return
        next_stage(t, ev)
    else:
        if enemy_dmg == 0 or not damage.hurt(t, fig, enemy_dmg, "round", ev):
            next_stage(t, ev)


def next_stage(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.3 the round's next phase (ranged, melee, magic), or the next round."""
    g = t.g
    cb = g["combat"]
    if cb is None:
        return
    if cb["stage"] == 2:
        begin_rounds(t, ev)
    else:
        cb["stage"] += 1
        g["phase"] = "round"


def wound_enemy(t: RuneboundTable, dmg: int, ev: list[Event]) -> None:
    """R9.1 wounds on the challenge; as many as its life defeat it (R7.11)."""
    g = t.g
    cb = g["combat"]
    cb["wounds"] += dmg
    a = t.cfg.content.adventures[cb["card"]]
    ev.append(Event("enemy_wounded", {"wounds": dmg, "total": cb["wounds"],
                                      "life": a.life}))
    if cb["wounds"] >= a.life:
        victory(t, ev)


def victory(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.11 a defeated challenge: reward, its counter, the card under its deck."""
    g = t.g
    p = t.me()
    cb = g["combat"]
    card = cb["card"]
    a = t.cfg.content.adventures[card]
    ev.append(Event("victory", {"seat": g["seat"], "card": card, "gold": a.reward.gold}))
    p["gold"] += a.reward.gold
    if not g["endgame"]:
        take_counter(t, p, ev, colour=COLOURS.index(a.colour) if cb["from_slot"] else -1)
    if a.reward.win:
        g["winners"] = [g["seat"]]
        endgame.game_over(t, ev, "margath")
        return
    if a.reward.dragon_rune:
        p["runes"] += 1
        p["trophies"].append(card)
        if p["runes"] >= 3:  # R11.1 three dragon runes win
            g["winners"] = [g["seat"]]
            endgame.game_over(t, ev, "runes")
            return
    elif a.reward.keep is not None:
        if len(p["items"]) >= MAX_ITEMS:  # CHOICE R6.4b the engine's bound: make room first
            g["combat"] = None
            g["phase"] = "reward_item"
            g["enc"] = card
            return
        p["items"].append([REWARD + card, 0])
    elif a.reward.ally is not None:
        if gain_ally(t, card, ev):
            return  # the player first decides which ally to dismiss
    else:
        decks.discard_adv(t, card, ev)
    damage.end_after_combat(t, ev, won=True)


def gain_ally(t: RuneboundTable, card: int, ev: list[Event]) -> bool:
    """R5.11 a card won as an ally joins the party within the 2-ally limit (seed p.6–7: with
    two allies already the hero may take it only after dismissing one of them).

    Option `reward_ally_full`: "choose" (default, the seed) offers dismiss-or-decline;
    "decline" forgoes it at once. A forgone card is discarded. True when the player must
    choose now (phase `reward_ally`)."""
    g = t.g
    p = t.me()
    if len(p["allies"]) < 2:
        p["allies"].append([REWARD + card, 0, 0])
        ev.append(Event("reward_ally", {"seat": g["seat"], "card": card}))
        return False
    if t.cfg.options.reward_ally_full == "choose" and any(
            a[0] < REWARD for a in p["allies"]):
        g["combat"] = None
        g["phase"] = "reward_ally"
        g["enc"] = card
        return True
    decline_ally(t, card, ev)
    return False


def decline_ally(t: RuneboundTable, card: int, ev: list[Event]) -> None:
    """R5.11 a reward ally forgone: the card is discarded (R5.8)."""
    ev.append(Event("reward_ally_declined", {"seat": t.g["seat"], "card": card}))
    decks.discard_adv(t, card, ev)


def take_counter(t: RuneboundTable, p: dict[str, Any], ev: list[Event], colour: int = -1) -> None:
    """R5.5 / R7.11 the hex's counter to the hero (a slot's card only with its own colour,
    R7.12)."""
    g = t.g
    here = g["board"][p["pos"]]
    if here >= 0 and (colour < 0 or colour == here):
        p["counters"][here] += 1
        g["board"][p["pos"]] = -1
        ev.append(Event("counter", {"seat": g["seat"], "colour": COLOURS[here]}))


def prevent(t: RuneboundTable, p: dict[str, Any], i: int, ev: list[Event]) -> None:
    """R6.6 / R9.1 an item prevents wounds in the prevention window; more items may follow."""
    g = t.g
    cb = g["combat"]
    key = p["items"][i][0]
    eff, activated = experience.spend_item(t, p, i)
    if activated:
        g["act"].append(cb["window"])
    cb["dmg"] = max(0, cb["dmg"] - eff.amount)
    ev.append(Event("prevent", {"seat": g["seat"], "card": key, "left": cb["dmg"]}))
    if cb["dmg"] and preventers(t, p):
        return
    take_damage(t, p, ev)


def take_damage(t: RuneboundTable, p: dict[str, Any], ev: list[Event]) -> None:
    """R9.1 the wounds left after prevention; then what they interrupted goes on."""
    g = t.g
    cb = g["combat"]
    n = cb["dmg"]
    cb["dmg"] = 0
    if damage.apply_wounds(t, -1, n, ev):
        return
    after = cb["after_dmg"]
    if after == "card_fs":
        card_first_strikes(t, ev)
    elif after == "escape":
        g["phase"] = "escape"
    else:
        next_stage(t, ev)


def hero_damage(t: RuneboundTable, p: dict[str, Any], mode: str) -> int:
    """R7.5 the hero's damage of a kind (its attribute's second number)."""
    h = t.hero(p)
    dmg: int = (h.mind, h.body, h.spirit)[MODE_ATTR[mode]][1]
    return dmg


def card_test_roll(t: RuneboundTable, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
    """R7.1 a card's test before combat: a failure costs its wounds, then the next of the
    card's own first strikes."""
    cb = t.g["combat"]
    bc = t.cfg.content.adventures[cb["card"]].before_combat[cb["test"]]
    total = roll + t.stat(p, bc.attr) + t.skill_bonus(p, bc.skill)
    ok = total >= bc.target
    ev.append(Event("test", {"roll": roll, "total": total, "target": bc.target,
                             "ok": ok}))
    if ok or not damage.hurt(t, -1, bc.fail_wounds, "card_fs", ev):
        card_first_strikes(t, ev)


def first_strike_roll(t: RuneboundTable, roll: int, ev: list[Event]) -> None:
    """R7.2 a first strike's attack roll: a hit wounds the enemy, a miss has no effect."""
    g = t.g
    cb = g["combat"]
    mode, value, dmg, _fig = cb["fs"]
    target = enemy(t, mode)[0]
    ok = roll + value >= target
    ev.append(Event("attack", {"mode": mode, "roll": roll, "total": roll + value,
                               "target": target, "ok": ok, "first_strike": True}))
    if ok:  # R7.2 a missed first strike has no effect
        wound_enemy(t, dmg, ev)
        if g["combat"] is None or g["phase"] == "over":
            return
    g["phase"] = "fs"


def escape_roll(t: RuneboundTable, p: dict[str, Any], roll: int, ev: list[Event]) -> None:
    """R7.6 an escape: mind against the enemy's ranged value; success steps back and the card
    goes to the undefeated column (R7.12), failure costs a wound and the round goes on."""
    g = t.g
    cb = g["combat"]
    target = enemy(t, "ranged")[0]
    total = roll + t.stat(p, "mind")
    ev.append(Event("escape", {"roll": roll, "total": total, "target": target,
                               "ok": total >= target}))
    if total >= target:  # R7.6 step back, the card to the undefeated column
        if g["endgame"]:
            g["decks"]["red"][1].append(cb["card"])
        else:
            damage.to_column(t, ev)
        p["pos"], p["prev"] = p["prev"], p["pos"]
        damage.end_after_combat(t, ev)
    elif not damage.hurt(t, -1, 1, "escape", ev):
        g["phase"] = "escape"


def stay(t: RuneboundTable) -> None:
    """R7.6 no escape: the round's ranged phase (R7.3) begins."""
    g = t.g
    g["phase"] = "round"
    g["combat"]["stage"] = 0
    g["combat"]["window"] = "round"


def mark_attacker(cb: dict[str, Any], name: str, off: int) -> None:
    """R7.7 / R7.14 who acts this phase (-1 the hero, an ally's index, -2 a defence); each
    figure attacks once a round."""
    cb["who"] = -1 if name == "attack_hero" else off if name == "attack_ally" else -2
    if name == "attack_hero":
        cb["attacked"][0] = 1
    elif name == "attack_ally":
        cb["attacked"][off + 1] = 1


def choose(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.5 the phase's choice: the hero or an ally attacks (each figure once a round, R7.7),
    or the hero defends; a defence against no damage needs no roll."""
    g = t.g
    cb = g["combat"]
    mark_attacker(cb, name, off)
    mode = MODES[cb["stage"]]
    enemy_dmg = enemy(t, mode)[1]
    if name == "defend" and enemy_dmg == 0 and not (
            mode == "magic" and t.cfg.options.magic_defence_strikes):
        ev.append(Event("defend_free", {"mode": mode}))  # nothing to fear (example)
        next_stage(t, ev)
    else:
        g["pending"] = ["roll", "combat"]
