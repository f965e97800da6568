"""The JSON form of an action (docs/web-client.md §1): `{"do": block, ...named parameters}`.

The block is the action space's block name; the parameters name what the offset stands for
(a die and a direction, a figure, an item's place, a card's id, a hex), so the page reads a move
by name and never does arithmetic on ids. Ids and the text notation are unchanged (records stay
valid). A block this module does not know yet gets `{"do": name, "index": off}`, so a block added
to the space still round-trips.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import Content
from .data import DIR_NAMES, XP_KINDS, Config

FIGURES = ("hero", "ally1", "ally2")

_FIGURE = {"recover", "heal_wound", "heal_exh"}
_ALLY = {"fs_ally", "attack_ally", "discard_ally", "loot_ally", "trade_give_ally",
         "trade_take_ally", "lose_ally"}
_ITEM = {"fs_item", "prevent", "use_item", "sell", "discard_item", "trade_give_item",
         "trade_take_item", "loot_item", "lose_item"}
_SEAT = {"attack_player", "trade_with"}


def params(content: Content, name: str, off: int, size: int) -> dict[str, Any]:
    """The named parameters that identify offset `off` of block `name` (state-independent)."""
    if name == "hero":
        return {"hero": content.heroes[off].id}
    if name == "die_face":
        return {"faces": list(content.dice.faces[off])}
    if name == "roll":
        return {"total": off + 2}
    if name in ("draw_adv",):
        return {"card": content.adventures[off].id}
    if name in ("draw_mkt", "buy"):
        return {"card": content.market[off].id}
    if name == "rest":
        return {"dice": off}
    if name == "step":
        return {"dir": DIR_NAMES[off]}
    if name == "move":
        return {"die": off // 6 + 1, "dir": DIR_NAMES[off % 6]}
    if name in _FIGURE:
        return {"figure": FIGURES[off]}
    if name == "face_slot":
        return {"slot": off + 1}
    if name in _ALLY:
        return {"ally": off + 1}
    if name in _ITEM:
        return {"item": off + 1}
    if name in _SEAT:
        return {"seat": off}
    if name == "xp":
        return {"kind": XP_KINDS[off]}
    if name == "refill_hex":
        return {"hex": off}
    if name == "go_city":
        return {"city": content.board.cities[off].name, "hex": content.cities[off]}
    return {} if size == 1 else {"index": off}


def to_json(cfg: Config, action: int, pos: int | None) -> dict[str, Any]:
    """`action` as `{"do", ...}`; a step or a die's move also names the hex it reaches (`to`)
    when the hero to move stands at `pos`, and a card its place in the view's card list (both
    conveniences for the page, not part of the identity)."""
    name, off = cfg.space.decode(action)
    block = next(b for b in cfg.space.blocks() if b.name == name)
    out: dict[str, Any] = {"do": name, **params(cfg.content, name, off, block.size)}
    if name in ("draw_adv", "draw_mkt", "buy"):
        out["index"] = off  # the card's place in the view's card list (`view.map`)
    if name in ("step", "move") and pos is not None and pos >= 0:
        to = cfg.content.neighbours[pos][off % 6]
        if to >= 0:
            out["to"] = to
    return out


def from_json(cfg: Config, data: Mapping[str, Any]) -> int:
    """The id `to_json` gave (extra keys such as `to` are ignored); the older form
    `{"type", "arg"}` is read too. `KeyError`/`ValueError` for anything else."""
    if "do" not in data:
        return cfg.space.encode(str(data["type"]), int(data["arg"]))
    name = str(data["do"])
    block = next((b for b in cfg.space.blocks() if b.name == name), None)
    if block is None:
        raise KeyError(name)
    for off in range(block.size):
        want = params(cfg.content, name, off, block.size)
        if all(data.get(k) == v for k, v in want.items()):
            return block.start + off
    raise ValueError(f"no {name} action with {dict(data)!r}")
