"""Trading between heroes on one hex (RULES.md R5.10): an offer built part by part, proposed,
answered by the other seat, within both heroes' limits (R6.4)."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from . import turn
from .data import MAX_ITEMS
from .state import REWARD, RuneboundTable


def legal(t: RuneboundTable) -> list[int]:
    """R5.10 build an offer from atomic parts, propose it, or stop trading."""
    g = t.g
    sp = t.cfg.space
    tr = g["trade"]
    out = [sp.encode("trade_end")]
    if tr["offers"] >= t.cfg.options.trade_offers:
        return out
    me = t.me()
    other = g["players"][tr["with"]]
    for side, who, block in ((me, "give", "trade_give"), (other, "take", "trade_take")):
        out += [sp.encode(block + "_item", i) for i, (k, _) in enumerate(side["items"])
                if k < REWARD and i not in tr[who + "_items"]]
        out += [sp.encode(block + "_ally", i) for i, a in enumerate(side["allies"])
                if a[0] < REWARD and i not in tr[who + "_allies"]]
        if tr[who + "_gold"] < side["gold"]:
            out.append(sp.encode(block + "_gold"))
    if offer_ok(t, tr):
        out.append(sp.encode("trade_propose"))
    return out


def offer_ok(t: RuneboundTable, tr: dict[str, Any]) -> bool:
    """A non-empty offer after which both heroes stay within 2 weapons, 1 armour, 2 allies
    (R6.4; the seed p.7 applies the limits to every way of gaining a card)."""
    if not any(tr[k] for k in ("give_items", "give_allies", "give_gold", "take_items",
                              "take_allies", "take_gold")):
        return False
    g = t.g
    me = t.me()
    other = g["players"][tr["with"]]
    for p, q, out_i, in_i, out_a, in_a in (
            (me, other, tr["give_items"], tr["take_items"], tr["give_allies"],
             tr["take_allies"]),
            (other, me, tr["take_items"], tr["give_items"], tr["take_allies"],
             tr["give_allies"])):
        keys = [k for i, (k, _) in enumerate(p["items"]) if i not in out_i]
        keys += [q["items"][i][0] for i in in_i]
        kinds = [t.item_kind(k) for k in keys]
        if kinds.count("weapon") > 2 or kinds.count("armour") > 1 or len(keys) > MAX_ITEMS:
            return False
        if len(p["allies"]) - len(out_a) + len(in_a) > 2:
            return False
    return True


def act(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R5.10 one step of a trade: open it, add a part to the offer, propose, answer, stop."""
    g = t.g
    tr = g["trade"]
    match name:
        case "trade_with":
            g["trade"] = {"with": off, "offers": 0, "give_items": [], "give_allies": [],
                          "give_gold": 0, "take_items": [], "take_allies": [],
                          "take_gold": 0}
            g["phase"] = "trade"
            ev.append(Event("trade", {"seat": g["seat"], "other": off}))
        case "trade_give_item" | "trade_take_item" | "trade_give_ally" | "trade_take_ally":
            side, what = name[6:].split("_")  # e.g. "give", "item"
            tr[f"{side}_{what}s" if what == "item" else f"{side}_allies"].append(off)
        case "trade_give_gold" | "trade_take_gold":
            tr[name[6:]] += 1
        case "trade_propose":  # the other hero answers (its seat decides)
            g["phase"] = "trade_answer"
            g["actor"] = tr["with"]
            ev.append(Event("trade_offer", {"seat": g["seat"], "other": tr["with"]}))
        case "trade_accept" | "trade_decline":
            if name == "trade_accept":
                exchange(t, tr)
            ev.append(Event("trade_" + name[6:], {"seat": tr["with"]}))
            g["actor"] = -1
            g["phase"] = "trade"
            g["trade"] = {"with": tr["with"], "offers": tr["offers"] + 1, "give_items": [],
                          "give_allies": [], "give_gold": 0, "take_items": [],
                          "take_allies": [], "take_gold": 0}
            if g["trade"]["offers"] >= t.cfg.options.trade_offers:
                end(t, ev)
        case "trade_end":
            end(t, ev)


def exchange(t: RuneboundTable, tr: dict[str, Any]) -> None:
    """R5.10 An accepted offer is binding for both (seed p.6): every part changes hands at once;
    activated cards stay face down, allies keep their wounds and exhaustion."""
    g = t.g
    me = t.me()
    other = g["players"][tr["with"]]
    give_i = [me["items"][i] for i in tr["give_items"]]
    take_i = [other["items"][i] for i in tr["take_items"]]
    give_a = [me["allies"][i] for i in tr["give_allies"]]
    take_a = [other["allies"][i] for i in tr["take_allies"]]
    me["items"] = [x for i, x in enumerate(me["items"]) if i not in tr["give_items"]] + take_i
    other["items"] = [x for i, x in enumerate(other["items"])
                      if i not in tr["take_items"]] + give_i
    me["allies"] = [x for i, x in enumerate(me["allies"])
                    if i not in tr["give_allies"]] + take_a
    other["allies"] = [x for i, x in enumerate(other["allies"])
                       if i not in tr["take_allies"]] + give_a
    me["gold"] += tr["take_gold"] - tr["give_gold"]
    other["gold"] += tr["give_gold"] - tr["take_gold"]


def end(t: RuneboundTable, ev: list[Event]) -> None:
    """R5.10 Trading replaces the adventure (seed p.10): the turn goes on to the market."""
    g = t.g
    g["trade"] = None
    g["actor"] = -1
    ev.append(Event("trade_over", {"seat": g["seat"]}))
    turn.after_adventure(t, ev)
