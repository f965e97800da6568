"""Cards in a fight between heroes (RULES.md R7.14e): the round's defending hero may change
the target its roll sets with suitable cards, the attacker may add a weapon's damage, and a
wounded hero may prevent wounds with armour; each player activates at most one card a combat
round (discard cards are never limited, R6.6). Also the winner's discard to make room for the
loser's card (R7.14g).

Seed p.10: "Jogosult továbbá az arra alkalmas lapokat eldobva vagy aktiválva módosítani
dobásának értékét … Ám mindkét játékosnak tartania kell magát ahhoz a szabályhoz, miszerint
harci körönként csak egy kártyát aktiválhat."
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from . import experience
from .data import MAX_ITEMS
from .state import REWARD, RuneboundTable


def on(t: RuneboundTable) -> bool:
    """Option `pvp_cards` (R7.14e): true the book, false no cards between heroes."""
    return bool(t.cfg.options.pvp_cards)


def may_activate(t: RuneboundTable, seat: int) -> bool:
    """R7.14e one activated card a combat round for each player (first strikes count as the
    window before the first round, as against a card, R6.6)."""
    return not t.g["combat"]["pact"][seat]


def _usable(t: RuneboundTable, seat: int, key: int, spent: int, kinds: tuple[str, ...],
            mode: str | None) -> bool:
    """R7.14e / R6.6 whether a held card of one of `kinds` can be used now (not permanent,
    not spent, of the phase's kind; an activated one only if `seat` has not activated one
    this round)."""
    eff, usage = t.item_effect(key)
    if eff is None or spent or eff.kind not in kinds or usage == "permanent":
        return False
    if mode is not None and eff.mode not in (None, mode):
        return False
    return usage != "activate" or may_activate(t, seat)


def mod_items(t: RuneboundTable, seat: int, mode: str, attacker: bool) -> list[int]:
    """R7.14e the cards `seat` may use in this phase: a roll bonus of the phase's kind
    (the defender's changes the target, the attacker's its total) or a weapon's extra damage
    of that kind (the attacker's adds to a hit, the defender's to the wounds a failed attack or
    defence takes); one of each a phase."""
    cb = t.g["combat"]
    p = t.g["players"][seat]
    kinds: list[str] = []
    if not cb["pbonus"]:
        kinds.append("roll_bonus")
    if not cb["pextra"]:
        kinds.append("extra_damage")
    if not on(t) or not kinds:
        return []
    if attacker and cb["attacked"][0]:
        kinds = [k for k in kinds if k == "roll_bonus"]
    return [i for i, (key, spent) in enumerate(p["items"])
            if _usable(t, seat, key, spent, tuple(kinds), mode)]


def use(t: RuneboundTable, seat: int, i: int, ev: list[Event]) -> None:
    """R7.14e use card `i`: spend it (discarded or activated), then its effect for this
    phase."""
    g = t.g
    cb = g["combat"]
    p = g["players"][seat]
    key = p["items"][i][0]
    eff, activated = experience.spend_item(t, p, i)
    if activated:
        cb["pact"][seat] = 1
    if eff.kind == "roll_bonus":
        cb["pbonus"] = eff.amount
        if seat == cb["D"]:
            cb["target"] += eff.amount
    else:
        cb["pextra"] = eff.amount
    ev.append(Event("use_item", {"seat": seat, "card": key}))


def preventers(t: RuneboundTable, seat: int) -> list[int]:
    """R7.14e the wounded hero's cards that can prevent a wound now."""
    if not on(t):
        return []
    p = t.g["players"][seat]
    return [i for i, (key, spent) in enumerate(p["items"])
            if _usable(t, seat, key, spent, ("prevent_wound",), None)]


def prevent(t: RuneboundTable, i: int, ev: list[Event]) -> int:
    """R7.14e armour prevents wounds of the pending damage; the wounds left."""
    g = t.g
    cb = g["combat"]
    seat, n, _after = cb["pdmg"]
    p = g["players"][seat]
    key = p["items"][i][0]
    eff, activated = experience.spend_item(t, p, i)
    if activated:
        cb["pact"][seat] = 1
    n = max(0, int(n) - int(eff.amount))
    cb["pdmg"][1] = n
    ev.append(Event("prevent", {"seat": seat, "card": key, "left": n}))
    return n


def loot_discards(t: RuneboundTable) -> list[int]:
    """R7.14g (option `loot_full`): at a limit the winner may first discard ("bármikor",
    R6.4) a card of the kind it is full for, where the loser holds one it could then take."""
    g = t.g
    if t.cfg.options.loot_full != "discard":
        return []
    sp = t.cfg.space
    cb = g["combat"]
    w = g["players"][cb["winner"]]
    lo = g["players"][cb["loser"]]
    out: list[int] = []
    if len(w["allies"]) >= 2 and lo["allies"]:
        out += experience.discard_choices(t, w, "ally")
    full = {t.item_kind(k) for k, _ in lo["items"] if experience.at_limit(t, w, k)}
    for kind in sorted(full):
        if kind in ("weapon", "armour"):
            out += experience.discard_choices(t, w, kind)
    if full and len(w["items"]) >= MAX_ITEMS:  # the engine bound (R6.4b)
        out += [sp.encode("discard_item", i) for i, (k, _) in enumerate(w["items"])
                if k < REWARD]
    return sorted(set(out))


def loot_discard(t: RuneboundTable, name: str, off: int, ev: list[Event]) -> None:
    """R7.14g the winner discards one of its own cards to make room (under the market deck)."""
    g = t.g
    w = g["players"][g["combat"]["winner"]]
    pile = w["items"] if name == "discard_item" else w["allies"]
    key = pile.pop(off)[0]
    g["mdeck"][1].append(key)
    ev.append(Event("discard", {"seat": g["combat"]["winner"], "card": key}))


def new_pvp_fields(players: int) -> dict[str, Any]:
    """The fields of a fight's record that R7.14e adds."""
    return {"pact": [0] * players, "pbonus": 0, "pextra": 0, "dextra": 0, "pdmg": None}
