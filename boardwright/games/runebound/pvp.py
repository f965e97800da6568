"""Hero against hero (RULES.md R5.9, R7.14): first strikes between heroes (R7.14a), the rounds
with their escape and three phases (R7.14b, R7.14c, R7.14f), the cards in them (R7.14e, in
`pvp_cards`), the winner's loot and the loser's knock-out (R9.4)."""

from __future__ import annotations

from boardwright.engine.events import Event

from . import combat, damage, endgame, pvp_cards, turn
from .content import MODES
from .experience import at_limit
from .state import MODE_ATTR, RuneboundTable


def start(t: RuneboundTable, other: int, ev: list[Event]) -> None:
    """R5.9 / R7.14 attack hero `other` on this hex: first strikes, the attacked hero's
    first (R7.14a)."""
    g = t.g
    g["combat"] = {
        "card": -1, "pvp": 1, "A": g["seat"], "D": other, "target": 0, "wounds": 0,
        "stage": 0, "attacked": [0, 0, 0], "hero_fs": 0, "ally_fs": [0, 0], "item_fs": 0,
        "window": "round", "who": -1, "extra": 0, "queue": [], "dmg": 0, "dmg_fig": -1,
        "fs": None, "limit": "", "after_dmg": "", "from_slot": 0,
        "hex": g["players"][g["seat"]]["pos"], "winner": -1, "loser": -1,
        **pvp_cards.new_pvp_fields(t.cfg.players),
    }
    ev.append(Event("pvp", {"seat": g["seat"], "other": other}))
    g["combat"]["fs_side"] = other
    g["combat"]["pfs"] = [0, 0, 0, 0]
    fs_next(t)


def fs_next(t: RuneboundTable) -> None:
    """R7.14a (seed p.10) the attacked hero makes all its first strikes first, then the
    attacker; a side with no first strike left is passed over."""
    g = t.g
    cb = g["combat"]
    while True:
        g["phase"] = "pvp_fs"
        g["actor"] = cb["fs_side"]
        if len(legal_fs(t)) > 1:
            return
        if not fs_side_done(t):
            return


def fs_side_done(t: RuneboundTable) -> bool:
    """R7.14a The side striking first is done; True when the attacker's turn to strike follows."""
    g = t.g
    cb = g["combat"]
    if cb["fs_side"] == cb["D"]:
        cb["fs_side"] = cb["A"]
        cb["pfs"] = [0, 0, 0, 0]
        return True
    g["actor"] = -1
    round_start(t)
    return False


def legal_fs(t: RuneboundTable) -> list[int]:
    """R7.2 / R7.14a as against a card: one use of each figure's ability (repeatable ones
    while stamina lasts) and at most one activated first-strike item; discard items free."""
    g = t.g
    sp = t.cfg.space
    cb = g["combat"]
    p = g["players"][cb["fs_side"]]
    used = cb["pfs"]
    out = [sp.encode("fight")]
    ab = t.hero(p).ability
    if ab is not None and ab.kind == "first_strike" and (ab.repeatable or not used[0]) \
            and p["exh"] + ab.exhaustion <= t.stat(p, "stamina"):
        out.append(sp.encode("fs_hero"))
    for a, ally in enumerate(p["allies"]):
        ab2 = t.ally_card(ally[0]).ability
        if ab2 is not None and ab2.kind == "first_strike" and not used[1 + a] \
                and ally[2] + ab2.exhaustion <= t.ally_card(ally[0]).stamina:
            out.append(sp.encode("fs_ally", a))
    for i, (key, spent) in enumerate(p["items"]):
        eff, usage = t.item_effect(key)
        if eff is None or eff.kind != "first_strike" or spent:
            continue
        if usage == "activate" and (used[3] or cb["pact"][cb["fs_side"]]):
            continue
        out.append(sp.encode("fs_item", i))
    return out


def first_strike(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.14a a first strike against a hero: the target hero rolls first (roll + its value
    of that kind is the target, as in every phase of this fight, CHOICE R7.14c); a miss has
    no effect (R7.2), a hit wounds the target hero."""
    g = t.g
    cb = g["combat"]
    seat = cb["fs_side"]
    p = g["players"][seat]
    cb["fs"], activated = combat.spend_first_strike(t, p, name, off)
    if name == "fs_hero":
        cb["pfs"][0] = 1
    elif name == "fs_ally":
        cb["pfs"][1 + off] = 1
    elif activated:
        cb["pfs"][3] = 1
        cb["pact"][seat] = 1  # R7.14e the side's one activation before the first round
    ev.append(Event("first_strike", {"seat": seat, "by": name, "mode": cb["fs"][0]}))
    g["actor"] = -1
    g["pending"] = ["roll", "pvp_fs_target"]


def round_start(t: RuneboundTable) -> None:
    """R7.14 each round opens with an escape phase; only the attacking player may escape."""
    g = t.g
    cb = g["combat"]
    cb["attacked"] = [0, 0, 0]
    cb["stage"] = 0
    cb["pact"] = [0] * t.cfg.players  # R7.14e one activation a combat round each
    g["phase"] = "pvp_escape"
    g["actor"] = g["seat"]


def phase(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.14 in each phase the defending hero rolls first: the total is the target."""
    g = t.g
    cb = g["combat"]
    cb["pbonus"] = cb["pextra"] = cb["dextra"] = 0
    g["actor"] = -1
    g["pending"] = ["roll", "pvp_target"]


def escape(t: RuneboundTable) -> None:
    """R7.14f an escape from a hero: the other hero rolls first, its roll + Mind is the target
    (option `pvp_escape`: "roll", the book's "Minden harci fázisban a védekező dob először";
    "mind", the other hero's bare Mind)."""
    g = t.g
    first = "pvp_escape_target" if t.cfg.options.pvp_escape == "roll" else "pvp_escape"
    g["combat"]["target"] = -1
    g["pending"] = ["roll", first]


def to_round(t: RuneboundTable) -> None:
    """R7.14 the round's attacker chooses; R7.14e first the defender may change the target
    with a suitable card."""
    g = t.g
    cb = g["combat"]
    mode = MODES[cb["stage"]]
    if g["phase"] != "pvp_mod" and pvp_cards.mod_items(t, cb["D"], mode, attacker=False):
        g["phase"] = "pvp_mod"
        g["actor"] = cb["D"]
        return
    cb["dextra"] = cb["pextra"]  # the defender's weapon adds to what it deals this phase
    cb["pextra"] = cb["pbonus"] = 0
    g["phase"] = "pvp_round"
    g["actor"] = cb["A"]


def legal_mod(t: RuneboundTable) -> list[int]:
    """R7.14e the defender's cards for this phase, or none (`skip`)."""
    sp = t.cfg.space
    cb = t.g["combat"]
    items = pvp_cards.mod_items(t, cb["D"], MODES[cb["stage"]], attacker=False)
    return [sp.encode("skip")] + [sp.encode("use_item", i) for i in items]


def use_item(t: RuneboundTable, off: int, ev: list[Event]) -> None:
    """R7.14e a card in a phase: the defender's (then the attacker chooses once it has no
    other) or the attacker's before its choice."""
    g = t.g
    cb = g["combat"]
    if g["phase"] == "pvp_mod":
        pvp_cards.use(t, cb["D"], off, ev)
        if not pvp_cards.mod_items(t, cb["D"], MODES[cb["stage"]], attacker=False):
            to_round(t)
    else:
        pvp_cards.use(t, cb["A"], off, ev)


def legal_round(t: RuneboundTable) -> list[int]:
    """R7.14 the attacker's choice in a phase: the hero or an ally attacks (each once a
    round), or the hero defends."""
    g = t.g
    sp = t.cfg.space
    cb = g["combat"]
    a = g["players"][cb["A"]]
    out = [sp.encode("defend")]
    if not cb["attacked"][0]:
        out.append(sp.encode("attack_hero"))
    out += [sp.encode("attack_ally", i) for i in range(len(a["allies"]))
            if not cb["attacked"][i + 1]]
    out += [sp.encode("use_item", i)  # R7.14e a weapon or a roll bonus before the choice
            for i in pvp_cards.mod_items(t, cb["A"], MODES[cb["stage"]], attacker=True)]
    return out


def choose(t: RuneboundTable, name: str, off: int) -> None:
    """R7.14 the attacker's choice for this phase; the roll follows."""
    g = t.g
    combat.mark_attacker(g["combat"], name, off)
    g["actor"] = -1
    g["pending"] = ["roll", "pvp_combat"]


def roll(t: RuneboundTable, what: str, roll: int, ev: list[Event]) -> None:
    """R7.14, R7.14a-c the rolls of a fight between heroes: first-strike targets and
    attacks, escape, the defender's target, the attacker's attack or defence."""
    g = t.g
    cb = g["combat"]
    if what in ("pvp_fs_target", "pvp_fs"):
        side = cb["fs_side"]
        target_seat = cb["A"] if side == cb["D"] else cb["D"]
        mode, value, dmg, _fig = cb["fs"]
        if what == "pvp_fs_target":
            cb["target"] = roll + combat.fs_value(t, g["players"][target_seat], mode)
            ev.append(Event("pvp_target", {"seat": target_seat, "mode": mode, "roll": roll,
                                           "target": cb["target"]}))
            g["pending"] = ["roll", "pvp_fs"]
            return
        ok = roll + value >= cb["target"]
        ev.append(Event("attack", {"mode": mode, "roll": roll, "total": roll + value,
                                   "target": cb["target"], "ok": ok, "first_strike": True}))
        if ok and wound(t, target_seat, -1, dmg, ev, "fs"):
            return
        fs_next(t)
        return
    mode = MODES[cb["stage"]]
    if what in ("pvp_escape_target", "pvp_escape"):
        escape_roll(t, what, roll, ev)
        return
    a = g["players"][cb["A"]]
    d = g["players"][cb["D"]]
    if what == "pvp_target":
        cb["target"] = roll + combat.attack_value(t, d, -1, mode)
        ev.append(Event("pvp_target", {"seat": cb["D"], "mode": mode, "roll": roll,
                                       "target": cb["target"]}))
        to_round(t)
        return
    who = cb["who"]
    fig = -1 if who < 0 else who
    total = roll + combat.attack_value(t, a, fig, mode) + cb["pbonus"]
    ok = total >= cb["target"]
    attack = who != -2
    ev.append(Event("attack" if attack else "defence",
                    {"mode": mode, "roll": roll, "total": total, "target": cb["target"],
                     "ok": ok, "fig": fig}))
    d_dmg = combat.hero_damage(t, d, mode) + cb["dextra"]
    if attack and ok:
        if fig < 0:
            dmg = combat.hero_damage(t, a, mode) + cb["pextra"]
        else:
            mc = t.ally_card(a["allies"][fig][0])
            dmg = (mc.mind, mc.body, mc.spirit)[MODE_ATTR[mode]][1]
        over = wound(t, cb["D"], -1, dmg, ev, "stage")
    elif attack:
        over = wound(t, cb["A"], fig, d_dmg, ev, "stage")
    elif ok:
        over = mode == "magic" and t.cfg.options.magic_defence_strikes and \
            wound(t, cb["D"], -1, combat.hero_damage(t, a, "magic"), ev, "stage")
    else:
        over = wound(t, cb["A"], -1, d_dmg, ev, "stage")
    if over:
        return
    next_stage(t, ev)


def next_stage(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.14 the round's next phase, or the next round with the roles swapped."""
    cb = t.g["combat"]
    if cb["stage"] < 2:
        cb["stage"] += 1
        phase(t, ev)
    else:  # R7.14 at the end of each round attacker and defender swap
        cb["A"], cb["D"] = cb["D"], cb["A"]
        round_start(t)


def escape_roll(t: RuneboundTable, what: str, roll: int, ev: list[Event]) -> None:
    """R7.14f the escape's rolls: the other hero's target first (option `pvp_escape`), then
    the escaping hero's roll + Mind; success steps back and ends the turn, failure costs a
    wound."""
    g = t.g
    cb = g["combat"]
    other_seat = cb["D"] if cb["A"] == g["seat"] else cb["A"]
    other = g["players"][other_seat]
    if what == "pvp_escape_target":
        cb["target"] = roll + t.stat(other, "mind")
        ev.append(Event("pvp_target", {"seat": other_seat, "mode": "mind", "roll": roll,
                                       "target": cb["target"]}))
        g["pending"] = ["roll", "pvp_escape"]
        return
    me = g["players"][g["seat"]]
    target = cb["target"] if cb["target"] >= 0 else t.stat(other, "mind")
    total = roll + t.stat(me, "mind")
    ev.append(Event("escape", {"roll": roll, "total": total, "target": target,
                               "ok": total >= target}))
    if total >= target:
        me["pos"], me["prev"] = me["prev"], me["pos"]
        g["combat"] = None
        g["actor"] = -1
        turn.end_turn(t, ev)
    elif not wound(t, g["seat"], -1, 1, ev, "escape"):
        after_escape_wound(t)


def after_escape_wound(t: RuneboundTable) -> None:
    """R7.14 a failed escape: escape again or fight on."""
    g = t.g
    g["phase"] = "pvp_escape"
    g["actor"] = g["seat"]


def wound(t: RuneboundTable, seat: int, fig: int, n: int, ev: list[Event],
          after: str = "") -> bool:
    """R7.14 / R9.1 wounds in a fight between heroes; True when the flow stops here: a hero
    is beaten (the fight is over) or, R7.14e, the wounded hero may first prevent some with
    armour (phase `pvp_react`; `after` names what goes on then: "fs", "escape", "stage")."""
    g = t.g
    if n <= 0:
        return False
    if fig < 0 and after and pvp_cards.preventers(t, seat):
        g["combat"]["pdmg"] = [seat, n, after]
        g["phase"] = "pvp_react"
        g["actor"] = seat
        return True
    return apply_wound(t, seat, fig, n, ev)


def react(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.14e the wounded hero prevents with card `off` (`prevent`) or takes the wounds left
    (`take`); then the fight goes on where the wounds came from."""
    g = t.g
    cb = g["combat"]
    seat = cb["pdmg"][0]
    if name == "prevent":
        left = pvp_cards.prevent(t, off, ev)
        if left and pvp_cards.preventers(t, seat):
            return
    seat, n, after = cb["pdmg"]
    cb["pdmg"] = None
    g["actor"] = -1
    if apply_wound(t, seat, -1, n, ev):
        return
    if after == "fs":
        fs_next(t)
    elif after == "escape":
        after_escape_wound(t)
    else:
        next_stage(t, ev)


def apply_wound(t: RuneboundTable, seat: int, fig: int, n: int, ev: list[Event]) -> bool:
    """R9.1 the wounds taken; True when a hero is beaten (the spoils follow, R7.14)."""
    g = t.g
    p = g["players"][seat]
    if n <= 0:
        return False
    if fig >= 0:
        ally = p["allies"][fig]
        ally[1] += n
        ev.append(Event("ally_wounded", {"seat": seat, "card": ally[0], "wounds": n}))
        if ally[1] >= t.ally_card(ally[0]).life:
            p["allies"].pop(fig)
            damage.ally_gone(t, ally[0], ev)
            ev.append(Event("ally_dies", {"seat": seat, "card": ally[0]}))
        return False
    p["wounds"] += n
    ev.append(Event("wounded", {"seat": seat, "wounds": n}))
    if p["wounds"] < t.stat(p, "life"):
        return False
    cb = g["combat"]
    cb["loser"] = seat
    cb["winner"] = cb["D"] if seat == cb["A"] else cb["A"]
    ev.append(Event("pvp_won", {"seat": cb["winner"], "other": seat}))
    g["phase"] = "loot"
    g["actor"] = cb["winner"]
    return True


def legal_loot(t: RuneboundTable) -> list[int]:
    """R7.14 the winner takes one item, one ally, all the gold, or "egy tetszése szerinti
    kalandkártyát" [S p.10]: a reward item or ally, or a dragon rune (option `loot_runes`),
    all kept adventure cards, within the winner's limits; R7.14g at a limit it may first
    discard (option `loot_full`)."""
    g = t.g
    sp = t.cfg.space
    cb = g["combat"]
    w = g["players"][cb["winner"]]
    lo = g["players"][cb["loser"]]
    out = [sp.encode("skip")]
    out += [sp.encode("loot_item", i) for i, (k, _) in enumerate(lo["items"])
            if not at_limit(t, w, k)]
    if len(w["allies"]) < 2:
        out += [sp.encode("loot_ally", i) for i in range(len(lo["allies"]))]
    if lo["gold"] > 0:
        out.append(sp.encode("loot_gold"))
    if lo["runes"] > 0 and t.cfg.options.loot_runes:
        out.append(sp.encode("loot_rune"))
    out += pvp_cards.loot_discards(t)
    return out


def loot(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.14 the winner's loot: one item, one ally, all the gold or a dragon rune (three
    win, R11.1); the loser is then knocked out (R9.4)."""
    g = t.g
    cb = g["combat"]
    w = g["players"][cb["winner"]]
    lo = g["players"][cb["loser"]]
    if name == "loot_item":
        w["items"].append([lo["items"].pop(off)[0], 0])
    elif name == "loot_ally":
        w["allies"].append(lo["allies"].pop(off))  # it keeps its wounds and exhaustion
    elif name == "loot_rune":
        lo["runes"] -= 1
        w["runes"] += 1
        w["trophies"].append(lo["trophies"].pop())
    else:
        w["gold"] += lo["gold"]
        lo["gold"] = 0
    ev.append(Event("loot", {"seat": cb["winner"], "what": name}))
    if name == "loot_rune" and w["runes"] >= 3:  # R11.1 three dragon runes win
        g["winners"] = [cb["winner"]]
        g["combat"] = None
        g["actor"] = -1
        endgame.game_over(t, ev, "runes")
        return
    finish(t, ev)


def finish(t: RuneboundTable, ev: list[Event]) -> None:
    """The loser is knocked out (R9.4); no experience for either; the turn ends."""
    g = t.g
    cb = g["combat"]
    g["combat"] = None
    g["actor"] = -1
    damage.knockout_procedure(t, cb["loser"], ev, "pvp")
