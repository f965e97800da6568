"""Runebound in words (English and Hungarian), from the message catalogues."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .content import COLOURS, Content, load
from .data import DIR_NAMES, XP_KINDS

if TYPE_CHECKING:
    from .forward import RuneboundState

MESSAGES = Path(__file__).with_name("messages")


@cache
def catalogue(lang: str) -> dict[str, str]:
    path = MESSAGES / f"{lang}.json"
    if not path.is_file():
        path = MESSAGES / "en.json"
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def msg(lang: str, key: str, **kw: Any) -> str:
    cat = catalogue(lang)
    text = cat.get(key) or catalogue("en").get(key) or key
    try:
        return text.format(**kw)
    except (KeyError, IndexError):
        return text


def city(name: str, lang: str = "en") -> str:
    """A city's name in `lang`: the Hungarian rulebook's own names (Vynelvölgy, Fagykapu,
    Hajnalláp) in Hungarian; the content's name wherever a language has none (RULES.md R1)."""
    return catalogue(lang).get(f"city.{name}") or name


def describe_action(state: RuneboundState, action: int, lang: str = "en") -> str:
    name, off = state.cfg.space.decode(action)
    c = state.cfg.content
    args: dict[str, Any] = {"n": off, "k": off + 1, "text": state.cfg.texts[action]}
    if name == "buy" or name == "draw_mkt":
        args["card"] = c.market[off].name
        args["cost"] = c.market[off].cost
    if name == "draw_adv":
        args["card"] = c.adventures[off].name
    if name == "hero":
        args["card"] = c.heroes[off].name
    if name in ("sell", "fs_item", "prevent", "use_item", "discard_item"):
        p = state.actor() if state.g["players"] else None
        if p is not None and off < len(p["items"]):
            args["card"] = state.card(p["items"][off][0]).name
        else:
            args["card"] = f"#{off + 1}"
    if name in ("loot_item", "loot_ally") and state.g["combat"] is not None \
            and state.g["combat"].get("loser", -1) >= 0:
        lo = state.g["players"][state.g["combat"]["loser"]]
        pile = lo["items"] if name == "loot_item" else lo["allies"]
        args["card"] = state.card(pile[off][0]).name if off < len(pile) else f"#{off + 1}"
    if name in ("fs_ally", "attack_ally", "discard_ally"):
        p = state.actor() if state.g["players"] else None
        if p is not None and off < len(p["allies"]):
            args["card"] = state.card(p["allies"][off][0]).name
        else:
            args["card"] = f"#{off + 1}"
    if name in ("trade_with", "attack_player"):
        args["player"] = msg(lang, "seat", letter=chr(65 + off))
    trade = state.g.get("trade")
    if name.startswith(("trade_give_", "trade_take_")) and trade is not None:
        owner = state.me() if name.startswith("trade_give_") else state.g["players"][trade["with"]]
        pile = owner["items"] if name.endswith("_item") else owner["allies"]
        args["card"] = state.card(pile[off][0]).name if off < len(pile) else f"#{off + 1}"
    if name in ("trade_accept", "trade_decline") and trade is not None:
        args["offer"] = offer_text(state, lang)
    if name in ("move", "step"):  # a die's move or a step: which way, and onto what
        d, k = divmod(off, 6) if name == "move" else (0, off)
        args["die"] = d + 1
        args["dir"] = msg(lang, f"dir.{DIR_NAMES[k]}")
        p = state.me() if state.g["players"] else None
        to = c.neighbours[p["pos"]][k] if p is not None else -1
        args["where"] = where(to, lang, c) if to >= 0 else "?"
    if name == "xp":
        args["kind"] = msg(lang, f"xp.{XP_KINDS[off]}")
    if name == "refill_hex":  # R5.6a where a counter of the short colour goes
        refill = state.g.get("refill")
        colour = refill["cols"][0] if refill else "?"
        args["colour"] = msg(lang, f"colour.{colour}")
        args["where"] = where(off, lang, c) if off < len(c.coords) else "?"
        dist = c.city_dist[off] if off < len(c.coords) else ()
        # which of several hexes of one terrain: by its nearest city
        near = min(range(len(dist)), key=lambda k: (dist[k] < 0, dist[k])) if dist else -1
        args["city"] = city(c.board.cities[near].name, lang) if near >= 0 else "?"
        args["dist"] = dist[near] if near >= 0 else "?"
    if name in ("lose_item", "lose_ally"):  # R9.4a the knocked-out hero's tied cards
        ko = state.g.get("ko")
        p = state.g["players"][ko["seat"]] if ko else None
        pile = (p["items"] if name == "lose_item" else p["allies"]) if p is not None else []
        args["card"] = state.card(pile[off][0]).name if off < len(pile) else f"#{off + 1}"
    if name == "go_city":  # R9.4b one of the equally near cities
        args["city"] = city(c.board.cities[off].name, lang)
    if name in ("recover", "heal_wound", "heal_exh"):  # the hero (0) or an ally (1, 2)
        p = state.me() if state.g["players"] else None
        if p is None:
            args["fig"] = args["text"]
        elif off == 0:
            args["fig"] = c.heroes[p["hero"]].name
        else:
            args["fig"] = (state.card(p["allies"][off - 1][0]).name if off - 1 < len(p["allies"])
                           else f"#{off}")
    if name == "rest":  # R4.5 fewer than 4 dice: each die not rolled removes one exhaustion
        name = "roll_move" if off >= 4 else "rest_all" if off == 0 else "rest"
        args["rest"] = 4 - off
    key = f"action.{name}"
    if key not in catalogue("en"):
        return state.cfg.texts[action]
    return msg(lang, key, **args)


def offer_text(state: RuneboundState, lang: str = "en") -> str:
    """The offer on the table (R5.10) in words: what the active hero gives and asks for."""
    t = state.g["trade"]
    me = state.me()
    other = state.g["players"][t["with"]]

    def part(p: dict[str, Any], side: str) -> str:
        names = [state.card(p["items"][i][0]).name for i in t[side + "_items"]]
        names += [state.card(p["allies"][i][0]).name for i in t[side + "_allies"]]
        if t[side + "_gold"]:
            names.append(msg(lang, "trade.gold", n=t[side + "_gold"]))
        return ", ".join(names) or msg(lang, "trade.nothing")

    return msg(lang, "trade.offer", give=part(me, "give"), take=part(other, "take"))


def where(hex_: int, lang: str = "en", content: Content | None = None) -> str:
    """A hex in words: its city, else its terrain ("a forest hex")."""
    c = content or load(None)
    if hex_ in c.city_of:
        return city(c.board.cities[c.city_of[hex_]].name, lang)
    return msg(lang, "where.terrain", terrain=msg(lang, f"web.runebound.terrain.{c.terrain[hex_]}"))


def describe_event(event: Mapping[str, Any], lang: str = "en") -> str:
    kind = str(event.get("kind"))
    c = load(None)
    kw: dict[str, Any] = {k: v for k, v in event.items() if k != "kind"}
    if "card" in kw and isinstance(kw["card"], int):
        if kind in ("draw", "combat", "victory", "event", "event_discarded", "undefeated",
                    "column_replaced", "face_slot", "reward_ally", "reward_ally_declined",
                    "quest", "quest_done", "quest_lost", "encounter_discarded") \
                and kw["card"] < len(c.adventures):
            kw["card"] = c.adventures[kw["card"]].name
        elif 1000 <= kw["card"] < 1000 + len(c.adventures):  # a kept adventure card
            kw["card"] = c.adventures[kw["card"] - 1000].name
        elif kw["card"] < len(c.market):
            kw["card"] = c.market[kw["card"]].name
    if kind == "hero" and isinstance(kw.get("hero"), int) and kw["hero"] < len(c.heroes):
        kw["hero"] = c.heroes[kw["hero"]].name
    if kind == "dice":
        kw["faces"] = ", ".join("/".join(msg(lang, f"web.runebound.terrain.{t}")
                                         for t in c.dice.faces[f]) for f in kw.get("faces", []))
    if isinstance(kw.get("to"), int):  # a hex: its city, else its terrain
        kw["to"] = where(kw["to"], lang)
    if isinstance(kw.get("city"), str):
        kw["city"] = city(kw["city"], lang)
    if "colour" in kw:
        colour = kw["colour"]
        name = COLOURS[colour] if isinstance(colour, int) else str(colour)
        kw["colour"] = msg(lang, f"colour.{name}")
    if "by" in kw:  # a first strike: the hero's own, an ally's or an item's
        kw["by"] = msg(lang, f"first_strike.{kw['by']}")
    if kind == "xp" and isinstance(kw.get("stat"), str):  # what the experience counter bought
        kw["stat"] = msg(lang, f"xp.{kw['stat']}")
    if kind == "game_over" and "reason" in kw:
        kw["reason"] = msg(lang, f"end.{kw['reason']}")
    if isinstance(kw.get("ok"), bool):
        kw["ok"] = msg(lang, "result.ok" if kw["ok"] else "result.failed")
    if isinstance(kw.get("mode"), str) and f"mode.{kw['mode']}" in catalogue("en"):
        kw["mode"] = msg(lang, f"mode.{kw['mode']}")
    if "seat" in kw:
        kw["player"] = msg(lang, "seat", letter=chr(65 + int(kw["seat"])))
    if "other" in kw:
        kw["other"] = msg(lang, "seat", letter=chr(65 + int(kw["other"])))
    if isinstance(kw.get("winners"), list):
        kw["winners"] = ", ".join(msg(lang, "seat", letter=chr(65 + int(w)))
                                  for w in kw["winners"])
    key = f"event.{kind}"
    if key not in catalogue("en"):
        return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in kw.items())
    return msg(lang, key, **kw)
