"""Read-only questions the rules of several sections ask of the table (RULES.md R4.5, R5.7,
R5.9, R5.12, R6.5, R9.1): who is on the hero's hex, which undefeated slots it may face, which
items can prevent a wound. Nothing here changes the table."""

from __future__ import annotations

from typing import Any

from .content import COLOURS
from .state import RuneboundTable


def figs(t: RuneboundTable, p: dict[str, Any]) -> list[Any]:
    """R4.5 the party's figures as [index, exhaustion] (the hero, then up to two allies;
    None when absent)."""
    figs: list[Any] = [[-1, p["exh"]]]
    for a in range(2):
        figs.append([a, p["allies"][a][2]] if a < len(p["allies"]) else None)
    return figs


def slots_here(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R5.7 / R7.12 the undefeated slots on the hero's hex it may face (R8.3 not a forbidden
    colour)."""
    return [k for k, s in enumerate(t.g["slots"]) if s and s[1] == p["pos"]
            and not t.forbidden(p, COLOURS.index(t.cfg.content.adventures[s[0]].colour))]


def preventers(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R6.6 / R9.1 the hero's items that can prevent a wound now (an activated one once a
    window)."""
    window = t.g["combat"]["window"] if t.g["combat"] else "market"
    out = []
    for i, (key, spent) in enumerate(p["items"]):
        eff, usage = t.item_effect(key)
        if eff is None or eff.kind != "prevent_wound" or spent:
            continue
        if usage == "activate" and window in t.g["act"]:
            continue
        out.append(i)
    return out


def fig_hurts(t: RuneboundTable, p: dict[str, Any]) -> list[tuple[int, int, int]]:
    """R6.5 each figure's (index, wounds, exhaustion) for the healer."""
    out = [(0, p["wounds"], p["exh"])]
    for a, ally in enumerate(p["allies"]):
        out.append((a + 1, ally[1], ally[2]))
    return out


def party_exh(t: RuneboundTable, p: dict[str, Any]) -> bool:
    """R4.5 whether the hero or an ally is exhausted."""
    return bool(p["exh"] or any(a[2] for a in p["allies"]))


def quest_hex(t: RuneboundTable, card: int) -> int:
    """R5.12 the hex of the city where a quest card's test is made."""
    quest = t.cfg.content.adventures[card].quest
    assert quest is not None  # only quest encounters are ever held as quests
    return t.cfg.content.city_hex[quest.city]


def others_here(t: RuneboundTable) -> list[int]:
    """R5.9 other heroes on the hex: one may be attacked instead of any adventure."""
    g = t.g
    if g["endgame"]:
        return []
    pos = g["players"][g["seat"]]["pos"]
    return [o for o, q in enumerate(g["players"]) if o != g["seat"] and q["pos"] == pos]
