"""Fürchterliche Feinde's action ids in words: JSON (`{"a": "step N"}`) and the notation
(`step N`, `fight`, `pick R07`), both ways, from the configuration alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.errors import IllegalAction

from .data import (
    AMOUNT_BASE,
    CARD_KINDS,
    CROSS_BASE,
    DELTA_BASE,
    DICE_BASE,
    DIRS,
    DONE,
    DRAW_BASE,
    END,
    ESCAPE,
    FIGHT,
    FIGHT_MOVE,
    HERO_START,
    INVIS_HEROES,
    INVIS_MONSTERS,
    MSTEP,
    MSTOP,
    NO,
    NUM_ACTIONS,
    PAIRING,
    PICK_CROSS,
    PICK_ROOM,
    PLACE_BASE,
    PLAY,
    REST,
    ROT_BASE,
    RUN,
    STEP,
    TELEPORT,
    TILE_SHAPES,
    TOKEN_BASE,
    TRAVEL_TO,
    YES,
    Config,
)


def action_to_json(cfg: Config, a: int) -> dict[str, Any]:
    return {"a": action_to_text(cfg, a)}


def action_from_json(cfg: Config, data: Mapping[str, Any]) -> int:
    text = data.get("a") if isinstance(data, Mapping) else None
    if not isinstance(text, str):
        raise IllegalAction(f"not a Feinde action: {data!r}", code="bad_action")
    return action_from_text(cfg, text)


_NAMED = {FIGHT_MOVE: "fight-move", RUN: "run", REST: "rest", ESCAPE: "escape",
          TELEPORT: "teleport", END: "end", FIGHT: "fight", YES: "yes", NO: "no", MSTOP: "mstop",
          INVIS_MONSTERS: "unseen monsters", INVIS_HEROES: "unseen heroes"}


def action_to_text(cfg: Config, a: int) -> str:
    b = cfg.board
    if a in _NAMED:
        return _NAMED[a]
    if STEP <= a < STEP + 4:
        return "step " + DIRS[a - STEP]
    if HERO_START <= a < HERO_START + 4:
        return f"start S{a - HERO_START + 1}"
    if PLAY <= a < PLAY + len(CARD_KINDS):
        return "play " + CARD_KINDS[a - PLAY]
    if DELTA_BASE <= a < DELTA_BASE + 9:
        return f"delta {a - DELTA_BASE - 4:+d}"
    if TRAVEL_TO <= a < TRAVEL_TO + 6:
        return f"travel {a - TRAVEL_TO}"
    if MSTEP <= a < MSTEP + len(b.rooms):
        return "monster " + b.labels[b.rooms[a - MSTEP]]
    if PAIRING <= a < PAIRING + 3:
        return f"pairing {a - PAIRING}"
    if DICE_BASE <= a < DICE_BASE + 9:
        m, h = divmod(a - DICE_BASE, 3)
        return f"dice {m + 2}-{h + 1}"
    if CROSS_BASE <= a < CROSS_BASE + 16:
        s, r = divmod(a - CROSS_BASE, 4)
        return f"tile {TILE_SHAPES[s]}/{r}"
    if PLACE_BASE <= a < PLACE_BASE + len(b.rooms):
        return "place " + b.labels[b.rooms[a - PLACE_BASE]]
    if TOKEN_BASE + 1 <= a <= TOKEN_BASE + 53:
        return f"token {a - TOKEN_BASE}"
    if DRAW_BASE <= a < DRAW_BASE + len(CARD_KINDS):
        return "draw " + CARD_KINDS[a - DRAW_BASE]
    if PICK_ROOM <= a < PICK_ROOM + len(b.rooms):
        return "pick " + b.labels[b.rooms[a - PICK_ROOM]]
    if PICK_CROSS <= a < PICK_CROSS + len(b.crossings):
        return "pick " + b.labels[b.crossings[a - PICK_CROSS]]
    if ROT_BASE <= a < ROT_BASE + 4:
        return f"rotate {a - ROT_BASE}"
    if a == DONE:
        return "done"
    if AMOUNT_BASE + 1 <= a <= AMOUNT_BASE + 4:
        return f"amount {a - AMOUNT_BASE}"
    return f"#{a}"


def action_from_text(cfg: Config, text: str) -> int:
    table = _text_table(cfg)
    if not isinstance(text, str) or text.strip() not in table:
        raise IllegalAction(f"not a Feinde action: {text!r}", code="bad_action")
    return table[text.strip()]


_TABLES: dict[int, dict[str, int]] = {}


def _text_table(cfg: Config) -> dict[str, int]:
    key = id(cfg.board)
    table = _TABLES.get(key)
    if table is None:
        table = {}
        for a in range(NUM_ACTIONS):
            t = action_to_text(cfg, a)
            if not t.startswith("#"):
                table[t] = a
        _TABLES[key] = table
    return table
