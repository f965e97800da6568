"""The market phase (RULES.md R6): the card that joins the city's market (R6.1), buying
(R6.2, R6.2a), selling (R6.3), the healer (R6.5)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .experience import at_limit
from .queries import fig_hurts
from .state import REWARD, RuneboundTable


def legal(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R6 the market's actions: buy (R6.2, R6.2a, within R6.4's limits), sell (R6.3),
    discard (R6.4), heal by item or healer (R6.5), end."""
    g = t.g
    sp = t.cfg.space
    c = t.cfg.content
    city = c.city_of[p["pos"]]
    out = [sp.encode("end_market")]
    for key in g["markets"][city]:
        if t.price(key, city) > p["gold"] or key in g["bought"]:
            continue
        if at_limit(t, p, key):
            continue  # R6.4 sell or discard first
        out.append(sp.encode("buy", key))
    for i, (key, spent) in enumerate(p["items"]):
        if key < REWARD and c.market[key].cost >= 2 and key not in g["bought"]:
            out.append(sp.encode("sell", i))  # R6.3 half, rounded down; 1-cost unsellable
        if key < REWARD:
            out.append(sp.encode("discard_item", i))
        eff, usage = t.item_effect(key)
        if eff is not None and eff.kind == "heal" and not spent and p["wounds"] and \
                (usage != "activate" or "market" not in g["act"]):
            out.append(sp.encode("use_item", i))
    for a, ally in enumerate(p["allies"]):
        if ally[0] < REWARD:  # a reward ally is never dismissed (seed p.8)
            out.append(sp.encode("discard_ally", a))
    if p["gold"] >= 1:  # R6.5 healer
        for f, w, e in fig_hurts(t, p):
            if w:
                out.append(sp.encode("heal_wound", f))
            if e:
                out.append(sp.encode("heal_exh", f))
    return out


def market_card(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R6.1 the card drawn joins this city's market."""
    g = t.g
    g["pending"] = None
    g["markets"][t.cfg.content.city_of[p["pos"]]].append(off)
    ev.append(Event("market_card", {"card": off}))


def buy(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R6.2 buy market card `off` at its price here (R6.2a); an ally joins the party."""
    g = t.g
    m = t.cfg.content.market[off]
    city = t.cfg.content.city_of[p["pos"]]
    cost = t.price(off, city)
    g["markets"][city].remove(off)
    p["gold"] -= cost
    g["bought"].append(off)
    if m.kind == "ally":
        p["allies"].append([off, 0, 0])
    else:
        p["items"].append([off, 0])
    ev.append(Event("buy", {"seat": g["seat"], "card": off, "cost": cost}))


def sell(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R6.3 sell item `off` for half its cost, rounded down; it joins this city's market."""
    g = t.g
    key = p["items"].pop(off)[0]
    gain = t.cfg.content.market[key].cost // 2
    p["gold"] += gain
    g["markets"][t.cfg.content.city_of[p["pos"]]].append(key)
    g["bought"].append(key)
    ev.append(Event("sell", {"seat": g["seat"], "card": key, "gold": gain}))


def heal(t: RuneboundTable, p: dict[str, Any], name: str, off: int, ev: list[Event]) -> None:
    """R6.5 the healer: 1 gold heals one wound of, or all exhaustion from, figure `off`."""
    g = t.g
    p["gold"] -= 1
    if off == 0:
        if name == "heal_wound":
            p["wounds"] -= 1
        else:
            p["exh"] = 0
    else:
        ally = p["allies"][off - 1]
        if name == "heal_wound":
            ally[1] -= 1
        else:
            ally[2] = 0
    ev.append(Event("healer", {"seat": g["seat"], "what": name, "fig": off}))
