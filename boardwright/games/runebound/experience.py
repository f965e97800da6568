"""Items, limits and experience (RULES.md R5.11, R6.4, R6.6, R8): what a hero may hold, using
and spending items, discarding cards, and buying experience counters with spent counters."""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from . import decks, turn
from .data import MAX_ITEMS, XP_KINDS
from .state import COLOUR_KEYS, REWARD, RuneboundTable


def discards(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R6.4 the hero's market items and hired allies it may discard (never a reward card,
    R6.3 / R5.11)."""
    sp = t.cfg.space
    return [sp.encode("discard_item", i) for i, (k, _) in enumerate(p["items"])
            if k < REWARD] + [sp.encode("discard_ally", a)
                              for a, x in enumerate(p["allies"]) if x[0] < REWARD]


def at_limit(t: RuneboundTable, p: dict[str, Any], key: int) -> bool:
    """Whether `p` is full for the item `key` (R6.4; a reward item is a "magic item"; CHOICE
    R6.4b the engine's bound of `MAX_ITEMS` items in all holds for every kind)."""
    if key < REWARD and t.cfg.content.market[key].kind == "ally":
        return len(p["allies"]) >= 2
    if len(p["items"]) >= MAX_ITEMS:
        return True
    kind = t.item_kind(key)
    if kind == "weapon":
        return sum(1 for k, _ in p["items"] if t.item_kind(k) == "weapon") >= 2
    if kind == "armour":
        return sum(1 for k, _ in p["items"] if t.item_kind(k) == "armour") >= 1
    return len(p["items"]) >= MAX_ITEMS


def discard_choices(t: RuneboundTable, p: dict[str, Any], kind: str) -> list[int]:
    """R5.11 / R6.4 the held cards of a kind the hero may discard to make room (never a
    reward card)."""
    sp = t.cfg.space
    if kind == "ally":
        return [sp.encode("discard_ally", a) for a, x in enumerate(p["allies"])
                if x[0] < REWARD]
    return [sp.encode("discard_item", i) for i, (k, _) in enumerate(p["items"])
            if k < REWARD and t.item_kind(k) == kind]


def spend_item(t: RuneboundTable, p: dict[str, Any], i: int) -> tuple[Any, bool]:
    """R6.6 A once-per-use item in a fight: a discard item goes under the market deck, any
    other turns face down (activated). Returns its effect and whether it was activated."""
    key = p["items"][i][0]
    eff, usage = t.item_effect(key)
    if usage == "discard":
        p["items"].pop(i)
        lose_item(t, key)
        return eff, False
    p["items"][i][1] = 1
    return eff, True


def lose_item(t: RuneboundTable, key: int) -> None:
    """R6.2 a spent market item goes under the market deck; a reward item is a discarded
    adventure card (R5.8, R10.3)."""
    if key < REWARD:
        t.g["mdeck"][1].append(key)  # R6.2 discarded cards go under the market deck
    else:
        decks.discard_adv(t, key - REWARD, [])


def use_item(t: RuneboundTable, p: dict[str, Any], i: int, ev: list[Event]) -> None:
    """R6.6 use item `i` (discarded or activated once a window): an extra movement die
    (R4.2), healing, or extra damage (R7.5)."""
    g = t.g
    key = p["items"][i][0]
    eff, usage = t.item_effect(key)
    # R6.6 the window an activation uses; R6.5a a healing card outside the market uses its
    # phase's own
    window = {"move_choice": "move", "market": "market", "round": "round"}.get(g["phase"],
                                                                              g["phase"])
    if usage == "discard":
        p["items"].pop(i)
        lose_item(t, key)
    elif usage == "activate":
        p["items"][i][1] = 1
        g["act"].append(window)
    ev.append(Event("use_item", {"seat": g["seat"], "card": key}))
    if eff.kind == "extra_move":
        g["extra_dice"] = g.get("extra_dice", 0) + eff.amount
    elif eff.kind == "heal":
        p["wounds"] = max(0, p["wounds"] - eff.amount)
    elif eff.kind == "extra_damage":
        g["combat"]["extra"] = eff.amount


def heal_cards(t: RuneboundTable, p: dict[str, Any]) -> list[int]:
    """R6.5a the hero's healing cards it may play now (wounded; an activated one once a
    window): offered at every decision of its own turn outside a fight's rounds with option
    `heal_when` "any_time" (the market offers them itself)."""
    g = t.g
    if t.cfg.options.heal_when != "any_time" or not p["wounds"]:
        return []
    sp = t.cfg.space
    out = []
    for i, (key, spent) in enumerate(p["items"]):
        eff, usage = t.item_effect(key)
        if eff is not None and eff.kind == "heal" and not spent and \
                (usage != "activate" or g["phase"] not in g["act"]):
            out.append(sp.encode("use_item", i))
    return out


def buy_xp(t: RuneboundTable, p: dict[str, Any], k: int, ev: list[Event]) -> None:
    """R8.1 spend counters (lowest value first) for one experience counter; change kept."""
    g = t.g
    cost = t.cfg.xp_cost
    vals = [t.cfg.content.counters.counters[col][1] for col in COLOUR_KEYS]
    have = p["credit"]
    for ci in sorted(range(4), key=lambda i: vals[i]):
        while have < cost and p["counters"][ci]:
            p["counters"][ci] -= 1
            g["pool"][ci] += 1
            have += vals[ci]
    p["credit"] = have - cost
    p["bonus"][k] += 1
    # "stat", not "kind": a viewer's event dict has the event's own "kind" key
    ev.append(Event("xp", {"seat": g["seat"], "stat": XP_KINDS[k]}))


def discard_item(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R6.4 discard market item `off`: it goes under the market deck (R6.2)."""
    g = t.g
    key = p["items"].pop(off)[0]
    g["mdeck"][1].append(key)
    ev.append(Event("discard", {"seat": g["seat"], "card": key}))
    if g["phase"] == "reward_item":  # CHOICE R6.4b discarded to make room for the kept card
        card = g["enc"]
        g["enc"] = -1
        p["items"].append([REWARD + card, 0])
        turn.after_adventure(t, ev)


def discard_ally(t: RuneboundTable, p: dict[str, Any], off: int, ev: list[Event]) -> None:
    """R6.4 dismiss hired ally `off` (under the market deck); R5.11 in phase `reward_ally` the
    reward ally takes its place."""
    g = t.g
    key = p["allies"].pop(off)[0]
    g["mdeck"][1].append(key)
    cb = g["combat"]
    if cb is not None and not cb.get("pvp"):  # the allies after it move up
        cb["ally_fs"] = [*cb["ally_fs"][:off], *cb["ally_fs"][off + 1:], 0]
    ev.append(Event("discard", {"seat": g["seat"], "card": key}))
    if g["phase"] == "reward_ally":  # R5.11 dismissed to make room for the reward
        card = g["enc"]
        g["enc"] = -1
        p["allies"].append([REWARD + card, 0, 0])
        ev.append(Event("reward_ally", {"seat": g["seat"], "card": card}))
        turn.after_adventure(t, ev)


def legal_xp(t: RuneboundTable, p: dict[str, Any], out: list[int]) -> None:
    """R8.1 an experience counter of each kind when the counters held pay for one; R8.3 at
    most 3 life counters; then the end of the turn."""
    sp = t.cfg.space
    spendable = p["credit"] + sum(
        n * t.cfg.content.counters.counters[col][1]
        for n, col in zip(p["counters"], COLOUR_KEYS, strict=True))
    if spendable >= t.cfg.xp_cost:
        for k in range(len(XP_KINDS)):
            if k == 4 and p["bonus"][4] >= 3:
                continue  # R8.3 at most 3 life counters
            out.append(sp.encode("xp", k))
    out.append(sp.encode("end_turn"))
