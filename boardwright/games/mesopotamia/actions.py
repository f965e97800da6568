"""Mesopotamia's action ids in words: JSON (`{"do": "move", "cell": "1,-1", ...}`) and the
notation (`move 1,-1 ne wood`, `build_hut 1,0 6`), both ways.

An id's meaning depends only on the configuration, never on the position, so these functions take
a `Config`. Cells are written `q,r`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.errors import IllegalAction

from .data import (
    ALL_KINDS,
    CARD_IDS,
    DIRECTION_NAMES,
    FLAG,
    KIND_NAMES,
    KINDS,
    OFFER0,
    OFFERING_VALUES,
    TERRAINS,
    TP_LIFT,
    TP_MEMBER,
    TP_SIZE,
    WOOD,
    WR_HUT,
    WR_SIZE,
    Config,
)


def cell_resource_flag(off: int) -> tuple[int, int, int]:
    """The offset of a pick_up / drop / swap: (cell, WOOD or STONE, 0 or FLAG)."""
    cr, f = divmod(off, 2)
    c, r = divmod(cr, 2)
    return c, WOOD + r, FLAG * f


def thing_json(th: int, size: int) -> dict[str, Any]:
    """What a Teleport (R7.6) or Wrath (R7.7) thing id names, as JSON."""
    if size == TP_SIZE:
        if th < TP_MEMBER:
            return {"loose": KIND_NAMES[WOOD + th]}
        if th < TP_LIFT:
            o, k = divmod(th - TP_MEMBER, ALL_KINDS)
            b = k % KINDS
            return {"member": o, "load": KIND_NAMES[b] if b < OFFER0 else "offering"}
        o, r = divmod(th - TP_LIFT, 2)
        return {"lift": KIND_NAMES[WOOD + r], "from": o}
    if th >= WR_HUT:
        return {"hut": th - WR_HUT}
    o, k = divmod(th, KINDS)
    return {"member": o, "load": KIND_NAMES[k] if k < OFFER0 else "offering"}


_RES = ("wood", "stone")
_PICK = ("plains", "forest", "quarry")


def _params(cfg: Config, block: str, off: int) -> dict[str, Any]:
    lab = cfg.label
    if block == "move":
        cd, k = divmod(off, ALL_KINDS)
        c, d = divmod(cd, 6)
        return {"cell": lab(c), "dir": DIRECTION_NAMES[d], "load": KIND_NAMES[k % KINDS],
                "stole": k >= KINDS}
    if block in ("pick_up", "drop", "swap"):
        c, res, fl = cell_resource_flag(off)
        return {"cell": lab(c), "resource": KIND_NAMES[res], "stole": bool(fl)}
    if block == "take_offering":
        co, f = divmod(off, 2)
        c, o = divmod(co, 4)
        return {"cell": lab(c), "value": OFFERING_VALUES[o], "stole": bool(f)}
    if block == "steal":
        cv, r = divmod(off, 2)
        c, o = divmod(cv, 4)
        return {"cell": lab(c), "victim": o, "resource": _RES[r]}
    if block == "build_hut":
        c, o = divmod(off, 4)
        return {"cell": lab(c), "value": OFFERING_VALUES[o]}
    if block in ("holy_place", "breed", "priesthood", "to", "place_volcano", "place_resource"):
        return {"cell": lab(off)}
    if block == "play":
        return {"card": CARD_IDS[off]}
    if block == "card":
        return {"card": CARD_IDS[off]}
    if block == "carrier":
        return {"value": OFFERING_VALUES[off]}
    if block == "mana_theft":
        return {"victim": off}
    if block == "teleport":
        c, th = divmod(off, TP_SIZE)
        return {"cell": lab(c), "thing": th}
    if block == "wrath":
        c, th = divmod(off, WR_SIZE)
        return {"cell": lab(c), "thing": th}
    if block == "scout_pick":
        return {"terrain": _PICK[off]}
    if block == "tile":
        return {"terrain": TERRAINS[off]}
    return {}


def action_to_json(cfg: Config, action: int) -> dict[str, Any]:
    """`{"do": block, ...}` with the block's parameters in words."""
    block, off = cfg.space.decode(action)
    if block == "scout_volcano":  # R7.2 the kept volcano reads as any other pick
        return {"do": "scout_pick", "terrain": "volcano"}
    return {"do": block, **_params(cfg, block, off)}


_ORDER = ("cell", "dir", "load", "resource", "value", "victim", "card", "thing", "terrain",
          "stole")


def action_to_text(cfg: Config, action: int) -> str:
    """The notation: the block, then its parameters (`move 1,-1 ne wood`)."""
    data = action_to_json(cfg, action)
    parts = [data["do"]]
    for key in _ORDER:
        if key in data:
            v = data[key]
            if key == "stole":
                if v:
                    parts.append("stole")
            else:
                parts.append(str(v))
    return " ".join(parts)

_FIELDS: dict[str, tuple[str, ...]] = {
    "move": ("cell", "dir", "load"), "pick_up": ("cell", "resource"),
    "drop": ("cell", "resource"), "swap": ("cell", "resource"),
    "take_offering": ("cell", "value"), "steal": ("cell", "resource", "victim"),
    "build_hut": ("cell", "value"), "holy_place": ("cell",), "breed": ("cell",),
    "priesthood": ("cell",), "to": ("cell",), "place_volcano": ("cell",),
    "place_resource": ("cell",), "play": ("card",), "card": ("card",), "mana_theft": ("victim",),
    "teleport": ("cell", "thing"), "wrath": ("cell", "thing"), "scout_pick": ("terrain",),
    "tile": ("terrain",), "carrier": ("value",),
}


def action_from_text(cfg: Config, text: str) -> int:
    """The id of a notation text; `IllegalAction` (code `unparsable_action`) if malformed."""
    parts = str(text).split()
    if not parts:
        raise IllegalAction("empty action text", code="unparsable_action", text=text)
    block = parts[0]
    fields = list(_FIELDS.get(block, ()))
    data: dict[str, Any] = {"do": block}
    rest = parts[1:]
    if rest and rest[-1] == "stole":
        data["stole"] = True
        rest = rest[:-1]
    if len(rest) != len(fields):
        raise IllegalAction(f"{text!r} needs {len(fields)} words after {block!r}",
                            code="unparsable_action", text=text)
    for key, value in zip(fields, rest, strict=True):
        data[key] = value
    return action_from_json(cfg, data)


def action_from_json(cfg: Config, data: Mapping[str, Any]) -> int:
    """The id of an action's JSON; `IllegalAction` (code `unparsable_action`) names the bad
    field."""
    sp = cfg.space
    block = data.get("do")
    names = {b.name for b in sp.blocks()}
    if block not in names:
        raise IllegalAction(f"unknown action {block!r}; one of {sorted(names)}",
                            code="unparsable_action")

    def bad(what: str) -> IllegalAction:
        return IllegalAction(f"bad {what} in {dict(data)!r}", code="unparsable_action")

    def cell() -> int:
        c = cfg.parse_cell(data.get("cell"))
        if c is None:
            raise bad("cell")
        return c

    def pick(key: str, names_: tuple[str, ...]) -> int:
        v = data.get(key)
        if v not in names_:
            raise bad(key)
        return names_.index(v)

    def integer(key: str, lo: int, hi: int) -> int:
        try:
            v = int(data.get(key))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise bad(key) from None
        if not lo <= v < hi:
            raise bad(key)
        return v

    def flag() -> int:
        v = data.get("stole", False)
        return 1 if v in (True, "true", "stole", 1) else 0

    values = tuple(str(v) for v in OFFERING_VALUES)
    if block == "move":
        d = pick("dir", DIRECTION_NAMES)
        k = pick("load", KIND_NAMES) + FLAG * flag()
        return sp.encode(block, (cell() * 6 + d) * ALL_KINDS + k)
    if block in ("pick_up", "drop", "swap"):
        return sp.encode(block, (cell() * 2 + pick("resource", _RES)) * 2 + flag())
    if block == "take_offering":
        data = {**data, "value": str(data.get("value"))}
        return sp.encode(block, (cell() * 4 + pick("value", values)) * 2 + flag())
    if block == "steal":
        return sp.encode(block, (cell() * 4 + integer("victim", 0, 4)) * 2
                         + pick("resource", _RES))
    if block == "build_hut":
        data = {**data, "value": str(data.get("value"))}
        return sp.encode(block, cell() * 4 + pick("value", values))
    if block == "carrier":
        data = {**data, "value": str(data.get("value"))}
        return sp.encode(block, pick("value", values))
    if block in ("holy_place", "breed", "priesthood", "to", "place_volcano", "place_resource"):
        return sp.encode(block, cell())
    if block in ("play", "card"):
        return sp.encode(block, pick("card", CARD_IDS))
    if block == "mana_theft":
        return sp.encode(block, integer("victim", 0, 4))
    if block == "teleport":
        return sp.encode(block, cell() * TP_SIZE + integer("thing", 0, TP_SIZE))
    if block == "wrath":
        return sp.encode(block, cell() * WR_SIZE + integer("thing", 0, WR_SIZE))
    if block == "scout_pick":
        if data.get("terrain") == "volcano":
            return sp.encode("scout_volcano")
        return sp.encode(block, pick("terrain", _PICK))
    if block == "tile":
        return sp.encode(block, pick("terrain", TERRAINS[:4]))
    return sp.encode(block)
