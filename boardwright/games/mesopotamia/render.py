"""Mesopotamia in the terminal: a readable hex map of one seat's view (never of a full state).

The map draws each placed tile in two short lines (terrain letter and coordinates; huts, holy
place and the tribes present), in columns by axial q, each column half a tile lower than the one
to its left, so every tile touches its six neighbours on screen and the whole table fits 100
columns. Below it, every tile with something on it is listed in words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from .text import LETTERS, catalogue, phase_name, player_name

SEAT_STYLES = ("bold blue", "bold red", "bold yellow", "bold green")
TERRAIN_STYLES = {"plains": "green", "forest": "dark_green", "quarry": "grey70",
                  "volcano": "red", "ziggurat": "bold magenta"}
#: a tile is 2 lines of 6 characters and a gap: 13 columns (the whole table, radius 6) fit in 91
CELL = 7
#: the most the second line shows before it ends in "+" (the tile list below has it all)
SHORT = CELL - 1


def _loads(entry: Mapping[str, int]) -> str:
    """A tribe's members on a tile in short: their number and what they carry (w, s, o2, o)."""
    loads = ""
    for name, cnt in entry.items():
        base = name.rstrip("*")
        code = "" if base == "empty" else ("w" if base == "wood" else "s" if base == "stone"
                                           else "o" + base[len("offering"):])
        loads += (code + ("*" if name.endswith("*") else "")) * cnt
    return f"{sum(entry.values())}{loads}"


def _short(view: Mapping[str, Any], lab: str) -> Text:
    """The second line of a tile: huts (h, h* with an offering), holy place H, then the tribes
    present by letter and number; cut with "+" where it does not fit."""
    out = Text()
    for hut in view["huts"]:
        if hut["cell"] == lab:
            owner = hut["owner"]
            out.append("h*" if hut["offering"] else "h", SEAT_STYLES[owner] if owner < 4 else "dim")
    if lab in view["holy"]:
        out.append("H", SEAT_STYLES[view["holy"][lab]])
    for seat, per in enumerate(view["members"]):
        if lab in per:
            out.append(f"{LETTERS[seat]}{sum(per[lab].values())}", SEAT_STYLES[seat])
    if out.cell_len > SHORT:
        out.truncate(SHORT - 1)
        out.append("+")
    return out


def render_map(view: Mapping[str, Any], lang: str = "en") -> Text:
    """The placed tiles as a hex map: columns by axial q, every column half a tile lower than
    the one to its left, so that each tile touches its six neighbours on screen."""
    t = catalogue(lang)
    tiles = view["tiles"]
    qs = [q for q, _, _ in tiles]
    ys = [2 * r + q for q, r, _ in tiles]
    q0, y0 = min(qs), min(ys)
    rows: list[list[tuple[int, Text]]] = [[] for _ in range(max(ys) - y0 + 2)]
    for q, r, terrain in tiles:
        x, y = (q - q0) * CELL, 2 * r + q - y0
        head = Text(t(f"terrain.{terrain}.letter"), TERRAIN_STYLES[terrain])
        head.append(f"{q},{r}", "dim")
        rows[y].append((x, head))
        rows[y + 1].append((x, _short(view, f"{q},{r}")))
    out = Text(no_wrap=True, overflow="crop")
    for row in rows:
        line = Text()
        for x, piece in sorted(row, key=lambda p: p[0]):
            line.append(" " * max(0, x - line.cell_len))
            line.append_text(piece)
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out


def _load_words(entry: Mapping[str, int], lang: str) -> str:
    t = catalogue(lang)
    carried = []
    for name, cnt in entry.items():
        base = name.rstrip("*")
        if base != "empty":
            what = t(f"ui.load.{base}") if base in ("wood", "stone", "offering") else \
                t("ui.load.offering_value", value=base[len("offering"):])
            carried.extend([what + (t("ui.stole") if name.endswith("*") else "")] * cnt)
    n = sum(entry.values())
    text = t("ui.members", n=n)
    return f"{text} ({', '.join(carried)})" if carried else text


def tile_list(view: Mapping[str, Any], lang: str) -> list[Text]:
    """Every tile with something on it, in words (the map shows only a summary)."""
    t = catalogue(lang)
    out = []
    for q, r, terrain in sorted(view["tiles"]):
        lab = f"{q},{r}"
        parts = []
        for hut in view["huts"]:
            if hut["cell"] == lab:
                under = ("" if not hut["offering"] else
                         t("ui.hut_offering_value", value=hut["value"]) if "value" in hut
                         else t("ui.hut_offering"))
                parts.append((t("ui.hut", owner=player_name(hut["owner"], lang))
                              if hut["owner"] < 4 else t("ui.neutral_hut")) + under)
        if lab in view["holy"]:
            parts.append(t("ui.holy", owner=player_name(view["holy"][lab], lang)))
        if view["wood"].get(lab):
            parts.append(t("ui.loose_wood", n=view["wood"][lab]))
        if view["stone"].get(lab):
            parts.append(t("ui.loose_stone", n=view["stone"][lab]))
        for seat, per in enumerate(view["members"]):
            if lab in per:
                parts.append(f"{player_name(seat, lang)}: {_load_words(per[lab], lang)}")
        if parts:
            line = Text(f"{lab} {t(f'terrain.{terrain}')}: ", TERRAIN_STYLES[terrain])
            line.append("; ".join(parts))
            out.append(line)
    return out


def render_view(view: Mapping[str, Any], lang: str = "en") -> RenderableType:
    t = catalogue(lang)
    parts: list[RenderableType] = [render_map(view, lang), *tile_list(view, lang)]
    active = view["active"]
    parts.append(Text(t("ui.turn", round=view["round"], player=player_name(active, lang),
                        phase=phase_name(view["phase"], lang), mp=view["mp"],
                        explorations=view["explorations"], free=view["free_used"],
                        free_limit=view["free_limit"] or "∞"), "bold"))
    for seat, info in enumerate(view["seats"]):
        line = Text(f"{player_name(seat, lang)} ({t(f'colour.{seat}')}): ", SEAT_STYLES[seat])
        line.append(t("ui.mana", mana=info["mana"], limit=info["limit"]) + "; ")
        offers = info.get("offerings")
        line.append(t("ui.supply", members=info["members_supply"], huts=info["huts_supply"],
                      holy=info["holy_supply"],
                      offerings=(", ".join(map(str, offers)) if offers is not None
                                 else info["offerings_supply"])) + "; ")
        line.append(t("ui.delivered", values=", ".join(map(str, info["delivered"]))
                      or t("ui.none")) + "; ")
        if "hand" in info:
            cards = ", ".join(t(f"card.{c}") for c in info["hand"]) or t("ui.none")
            line.append(t("ui.hand", cards=cards))
        else:
            line.append(t("ui.hand", cards=t("ui.hand_size", n=info["hand_size"])))
        parts.append(line)
    st = view["stack"]
    parts.append(Text(t("ui.stack", plains=st["plains"], forest=st["forest"],
                        quarry=st["quarry"], volcano=st["volcano"], deck=view["deck"],
                        wood=view["supply_wood"], stone=view["supply_stone"]), "dim"))
    parts.append(Text(t("ui.legend"), "dim"))
    return Group(*parts)
