"""Beowulf's action ids in words: JSON (`{"do": "place_tile", "cell": "C3"}`) and the short
notation (`put C3`), both ways.

An id's meaning depends only on the configuration (`Config.space`, the board's size, the tile
tokens), never on the position, so these functions take a `Config`: a record's texts can be
written once per game and a text parsed without a state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.errors import IllegalAction

from .data import DIRECTION_NAMES, Config, label
from .notation import parse_label

#: the first word of each action block's notation
TEXT_WORDS: dict[str, str] = {
    "place_figure": "fig", "draw": "draw", "choose_tile": "tile", "place_tile": "put",
    "cash_in": "cash", "replace_mead": "mead", "counsel": "counsel", "target": "pick",
    "pass": "pass", "deal": "deal",
}
WORD_BLOCKS: dict[str, str] = {v: k for k, v in TEXT_WORDS.items()}


def action_to_json(cfg: Config, action: int) -> dict[str, Any]:
    """`{"do": block, ...}` with the figure's diamonds, the tile token, the cell, the direction."""
    block, offset = cfg.space.decode(action)
    ncells = cfg.grid_rows * cfg.grid_cols
    if block == "place_figure":
        d, cell = divmod(offset, ncells)
        return {"do": block, "diamonds": d + 1, "cell": label(cfg, cell)}
    if block in ("choose_tile", "deal"):
        return {"do": block, "tile": cfg.tokens[offset]}
    if block in ("place_tile", "replace_mead", "target"):
        return {"do": block, "cell": label(cfg, offset)}
    if block == "counsel":
        cell, d = divmod(offset, 4)
        return {"do": block, "cell": label(cfg, cell), "direction": DIRECTION_NAMES[d]}
    return {"do": block}


def action_to_text(cfg: Config, action: int) -> str:
    """Short notation: `fig 4 B2`, `draw`, `tile W+1/I`, `put C3`, `cash`, `mead B2`,
    `counsel B2 up`, `pick D4`, `pass`, `deal +3/II`."""
    data = action_to_json(cfg, action)
    parts = [TEXT_WORDS[data["do"]]]
    for key in ("diamonds", "tile", "cell", "direction"):
        if key in data:
            parts.append(str(data[key]))
    return " ".join(parts)


def action_from_text(cfg: Config, text: str) -> int:
    """The id of a notation text; `IllegalAction` (code `unparsable_action`) names what is wrong."""
    parts = text.split()
    if not parts or parts[0].lower() not in WORD_BLOCKS:
        words = ", ".join(sorted(WORD_BLOCKS))
        raise IllegalAction(f"{text!r} is not a Beowulf action (it starts with one of: "
                            f"{words})", code="unparsable_action", text=text)
    block = WORD_BLOCKS[parts[0].lower()]
    data: dict[str, Any] = {"do": block}
    rest = parts[1:]
    try:
        if block == "place_figure":
            data["diamonds"] = int(rest.pop(0))
        if block in ("choose_tile", "deal"):
            data["tile"] = rest.pop(0)
        if block in ("place_figure", "place_tile", "replace_mead", "target", "counsel"):
            data["cell"] = rest.pop(0)
        if block == "counsel":
            data["direction"] = rest.pop(0).lower()
    except (IndexError, ValueError):
        raise IllegalAction(f"{text!r} is incomplete or malformed", code="unparsable_action",
                            text=text) from None
    if rest:
        raise IllegalAction(f"{text!r} has extra words: {' '.join(rest)}",
                            code="unparsable_action", text=text)
    return action_from_json(cfg, data)


def action_from_json(cfg: Config, data: Mapping[str, Any]) -> int:
    """The id of `{"do": block, ...}`; `IllegalAction` names the field that is wrong."""
    block = data.get("do")
    blocks = {b.name for b in cfg.space.blocks()}
    if block not in blocks:
        raise IllegalAction(f"unknown action {block!r}; one of {sorted(blocks)}",
                            code="unparsable_action")
    ncells = cfg.grid_rows * cfg.grid_cols

    def cell() -> int:
        rc = parse_label(str(data.get("cell", "")))
        if rc is None or not (0 <= rc[0] < cfg.grid_rows and 0 <= rc[1] < cfg.grid_cols):
            raise IllegalAction(f"{data.get('cell')!r} is not a space on the board "
                                f"(columns A.., rows 1..)", code="bad_cell")
        return rc[0] * cfg.grid_cols + rc[1]

    if block == "place_figure":
        d = data.get("diamonds")
        if d not in (1, 2, 3, 4):
            raise IllegalAction(f"a figure has 1 to 4 diamonds, not {d!r}", code="bad_figure")
        return cfg.space.encode(block, (d - 1) * ncells + cell())
    if block in ("choose_tile", "deal"):
        token = str(data.get("tile", ""))
        if token in cfg.tokens:
            return cfg.space.encode(block, cfg.tokens.index(token))
        raise IllegalAction(f"{token!r} is not a tile of this game (e.g. +3/I, W+1/II)",
                            code="bad_tile")
    if block in ("place_tile", "replace_mead", "target"):
        return cfg.space.encode(block, cell())
    if block == "counsel":
        direction = data.get("direction")
        if direction not in DIRECTION_NAMES:
            raise IllegalAction(f"direction must be one of {DIRECTION_NAMES}",
                                code="bad_direction")
        return cfg.space.encode(block, cell() * 4 + DIRECTION_NAMES.index(direction))
    return cfg.space.encode(block)
