"""Damage and the knock-out (RULES.md R7.6, R7.10, R7.12, R7.13, R9): exhaustion and wounds on
the hero and its allies, the undefeated column, the end of a fight, and the knock-out with its
choices (R9.4a, R9.4b)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from . import decks, endgame, turn
from .data import UNDEFEATED_SLOTS
from .queries import preventers
from .state import REWARD, RuneboundTable


def to_column(t: RuneboundTable, ev: list[Event]) -> None:
    """R7.12 the card goes beside the next free undefeated slot (the oldest when full)."""
    g = t.g
    cb = g["combat"]
    free = [k for k, s in enumerate(g["slots"]) if not s]
    if free:
        k = free[0]
    else:
        k = min(range(UNDEFEATED_SLOTS), key=lambda i: g["slots"][i][2])
        old = g["slots"][k][0]
        if t.cfg.options.column_full == "doom":  # CHOICE R7.12a: a discarded card (R10.3)
            decks.discard_adv(t, old, ev)
        else:
            g["decks"][t.cfg.content.adventures[old].colour][1].append(old)
        ev.append(Event("column_replaced", {"slot": k + 1, "card": old}))
    g["slot_seq"] += 1
    g["slots"][k] = [cb["card"], cb["hex"], g["slot_seq"]]
    ev.append(Event("undefeated", {"slot": k + 1, "card": cb["card"]}))


def end_after_combat(t: RuneboundTable, ev: list[Event], won: bool = False) -> None:
    """R7.6 / R7.13 a fight over: a win goes on to the market, an escape or knock-out ends
    the turn (R10.7 in the endgame every fight does)."""
    g = t.g
    g["combat"] = None
    if g["endgame"]:
        turn.end_turn(t, ev)
        return
    if won:
        turn.after_adventure(t, ev)
    else:
        turn.end_turn(t, ev)  # R7.6 / R7.13 the turn ends at once


def exhaust(t: RuneboundTable, fig: int, n: int, p: dict[str, Any] | None = None) -> None:
    """R9.2 exhaustion beyond stamina turns into wounds at once."""
    if p is None:
        p = t.me()
    if fig < 0:
        p["exh"] += n
        over = p["exh"] - t.stat(p, "stamina")
        if over > 0:
            p["exh"] -= over
            p["wounds"] += over
    else:
        ally = p["allies"][fig]
        ally[2] += n
        over = ally[2] - t.ally_card(ally[0]).stamina
        if over > 0:
            ally[2] -= over
            ally[1] += over


def hurt(t: RuneboundTable, fig: int, n: int, after: str, ev: list[Event]) -> bool:
    """R9.1 Deal n wounds; True when the flow stops here (a prevent choice, a knock-out)."""
    g = t.g
    p = t.me()
    cb = g["combat"]
    if fig < 0 and n > 0 and preventers(t, p):
        cb["dmg"] = n
        cb["dmg_fig"] = -1
        cb["after_dmg"] = after
        g["phase"] = "react"
        return True
    return apply_wounds(t, fig, n, ev)


def apply_wounds(t: RuneboundTable, fig: int, n: int, ev: list[Event]) -> bool:
    """R9.1 wounds on the hero (its life knocks it out, R9.4) or an ally (its life kills it,
    R7.10)."""
    g = t.g
    p = t.me()
    if n <= 0:
        return False
    if fig < 0:
        p["wounds"] += n
        ev.append(Event("wounded", {"seat": g["seat"], "wounds": n}))
        if p["wounds"] >= t.stat(p, "life"):
            knockout(t, ev)
            return True
        return False
    ally = p["allies"][fig]
    ally[1] += n
    mc = t.ally_card(ally[0])
    ev.append(Event("ally_wounded", {"seat": g["seat"], "card": ally[0], "wounds": n}))
    if ally[1] >= mc.life:  # R7.10 a dead ally goes under the market deck
        p["allies"].pop(fig)
        ally_gone(t, ally[0], ev)
        ev.append(Event("ally_dies", {"seat": g["seat"], "card": ally[0]}))
    return False


def ally_gone(t: RuneboundTable, key: int, ev: list[Event]) -> None:
    """A dead ally's card: under the market deck. CHOICE R5.11a a reward ally (an adventure
    card) that dies is discarded like any used adventure card (its deck or the doom track)."""
    if key >= REWARD:
        decks.discard_adv(t, key - REWARD, ev)
    else:
        t.g["mdeck"][1].append(key)


def hurt_plain(t: RuneboundTable, p: dict[str, Any], n: int, ev: list[Event]) -> bool:
    """R5.5 / R9.1 Wounds outside combat (an encounter's failure): no prevention window.

    True when they knock the hero out (and so end the turn)."""
    p["wounds"] += n
    ev.append(Event("wounded", {"seat": t.g["seat"], "wounds": n}))
    if p["wounds"] >= t.stat(p, "life"):
        knockout(t, ev)
        return True
    return False


def knockout(t: RuneboundTable, ev: list[Event]) -> None:
    """R9.4 knock-out of the active hero in an adventure: the card goes to the undefeated
    column, the hero's losses and choices follow (`knockout_procedure`), the turn ends."""
    g = t.g
    cb = g["combat"]
    if cb is not None:
        if g["endgame"]:
            g["decks"]["red"][1].append(cb["card"])
        else:
            to_column(t, ev)
    g["combat"] = None  # the fight is over while the player chooses
    knockout_procedure(t, g["seat"], ev, "adventure")


def knockout_adventure_done(t: RuneboundTable, ev: list[Event]) -> None:
    """R9.4 after the knock-out's choices the turn ends; CHOICE R10.8 in the endgame the
    hero has fallen."""
    g = t.g
    if g["endgame"]:
        # CHOICE R10.8 a hero knocked out in the endgame has fallen: out of the order
        g["end_order"].pop(g["end_idx"])
        g["end_idx"] -= 1
        ev.append(Event("fallen", {"seat": g["seat"]}))
        if not g["end_order"]:
            endgame.finish_by_score(t, ev, "all_fallen")
            return
    end_after_combat(t, ev)


def knockout_procedure(t: RuneboundTable, seat: int, ev: list[Event], then: str = "") -> None:
    """R9.4 knock-out: heal, lose counters, gold and the most valuable card; nearest city.

    `then` names what follows once the player has made the knock-out's choices
    ("adventure": `knockout_adventure_done`, "pvp": the fight between heroes ends, the
    turn with it; "": nothing, the procedure alone)."""
    g = t.g
    p = g["players"][seat]
    p["wounds"] = p["exh"] = 0
    for ci in range(4):
        g["pool"][ci] += p["counters"][ci]
        p["counters"][ci] = 0
    p["credit"] = 0
    p["gold"] = 0
    q = p.get("quest")
    if q is not None:  # CHOICE R5.12b a knocked-out hero abandons the quest
        p["quest"] = None
        if q[1] >= 0:
            g["pool"][q[1]] += 1
        ev.append(Event("quest_lost", {"seat": seat, "card": q[0]}))
        decks.discard_adv(t, q[0], ev)
    g["ko"] = {"seat": seat, "then": then, "stage": 0}
    ko_next(t, ev)


def ko_next(t: RuneboundTable, ev: list[Event]) -> None:
    """The knock-out's choices, each only when the rule leaves one. CHOICE R9.4a/b (option
    `knockout_ties`): among equally valuable cards and equally near cities the player
    chooses ("choose", the book: phases `ko_card`, `ko_city`) or the first in order is
    taken ("first": the first item held, then the first ally; the data file's city order).
    """
    g = t.g
    ko = g["ko"]
    p = g["players"][ko["seat"]]
    choose = t.cfg.options.knockout_ties == "choose"
    if ko["stage"] == 0:
        cards = ko_losable(t, p)
        if choose and len(cards) > 1:
            g["phase"] = "ko_card"
            g["actor"] = ko["seat"]
            return
        ko["stage"] = 1
        if cards:
            ko_lose(t, p, *cards[0], ev)
    cities = ko_cities(t, p)
    if choose and len(cities) > 1:
        g["phase"] = "ko_city"
        g["actor"] = ko["seat"]
        return
    ko_go(t, cities[0], ev)


def ko_losable(t: RuneboundTable, p: dict[str, Any]) -> list[tuple[str, int]]:
    """R9.4 the most valuable item or ally held (never a reward card): all those of the
    highest cost, items before allies, each in the order held."""
    c = t.cfg.content
    cands = [(c.market[k].cost, "item", i) for i, (k, _) in enumerate(p["items"])
             if k < REWARD]
    cands += [(c.market[a[0]].cost, "ally", i) for i, a in enumerate(p["allies"])
              if a[0] < REWARD]
    if not cands:
        return []
    best = max(x[0] for x in cands)
    return [(kind, i) for cost, kind, i in cands if cost == best]


def ko_lose(t: RuneboundTable, p: dict[str, Any], kind: str, i: int, ev: list[Event]) -> None:
    """R9.4 the knocked-out hero's card goes under the market deck."""
    key = p["items"].pop(i)[0] if kind == "item" else p["allies"].pop(i)[0]
    t.g["mdeck"][1].append(key)
    ev.append(Event("lost_card", {"seat": t.g["ko"]["seat"], "card": key}))


def ko_cities(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R9.4 the cities nearest the hero's hex, in the data file's order."""
    c = t.cfg.content
    d = c.city_dist[p["pos"]]
    dist = [d[k] if d[k] >= 0 else 999 for k in range(len(c.cities))]
    return [k for k in range(len(c.cities)) if dist[k] == min(dist)]


def ko_go(t: RuneboundTable, city: int, ev: list[Event]) -> None:
    """R9.4 The knocked-out hero moves to the city; what the knock-out interrupted goes on."""
    g = t.g
    ko = g["ko"]
    p = g["players"][ko["seat"]]
    ev.append(Event("knockout", {"seat": ko["seat"], "city": city}))
    p["pos"] = p["prev"] = t.cfg.content.cities[city]
    g["ko"] = None
    g["actor"] = -1
    if ko["then"] == "pvp":
        turn.end_turn(t, ev)
    elif ko["then"] == "adventure":
        knockout_adventure_done(t, ev)


def lose_card(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R9.4a the knocked-out hero's choice of the equally valuable card it loses."""
    g = t.g
    g["ko"]["stage"] = 1
    ko_lose(t, g["players"][g["ko"]["seat"]], name[5:], off, ev)
    ko_next(t, ev)
