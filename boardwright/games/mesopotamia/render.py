"""Mesopotamia in the terminal: a readable hex map of one seat's view (never of a full state).

Hexes are drawn in columns (axial q) with every other column shifted half a cell down, so each
tile touches its six neighbours on screen. A tile is three lines: terrain and coordinates; huts,
holy place and loose wood/stone; the members of each tribe with what they carry.
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
ABBREV = {"plains": "Plains", "forest": "Forest", "quarry": "Quarry", "volcano": "Volcano",
          "ziggurat": "ZIGGURAT"}
WIDTH = 15
LINES = 4  # per tile: three lines and a gap; columns are shifted by half of this


def _members(entry: Mapping[str, int]) -> str:
    n = sum(entry.values())
    loads = ""
    for name, cnt in entry.items():
        base = name.rstrip("*")
        code = "" if base == "empty" else ("w" if base == "wood" else "s" if base == "stone"
                                           else "o" + base[len("offering"):])
        loads += (code + ("*" if name.endswith("*") else "")) * cnt
    return f"{n}{loads}"


def tile_lines(view: Mapping[str, Any], q: int, r: int, terrain: str) -> list[Text]:
    lab = f"{q},{r}"
    first = Text(f"{ABBREV[terrain]} {lab}", TERRAIN_STYLES[terrain])
    second = Text()
    for hut in view["huts"]:
        if hut["cell"] == lab:
            owner = hut["owner"]
            mark = "h" + ("*" if hut["offering"] else "")
            if "value" in hut:
                mark += str(hut["value"])
            second.append(mark, SEAT_STYLES[owner] if owner < 4 else "dim")
            second.append(" ")
    if lab in view["holy"]:
        second.append("H", SEAT_STYLES[view["holy"][lab]])
        second.append(" ")
    if view["wood"].get(lab):
        second.append(f"w{view['wood'][lab]} ", "dark_orange")
    if view["stone"].get(lab):
        second.append(f"s{view['stone'][lab]}", "grey85")
    third = Text()
    for seat, per in enumerate(view["members"]):
        if lab in per:
            third.append(LETTERS[seat] + _members(per[lab]), SEAT_STYLES[seat])
            third.append(" ")
    return [first, second, third]


def render_map(view: Mapping[str, Any]) -> Text:
    tiles = view["tiles"]
    qs = [q for q, _, _ in tiles]
    ys = [2 * r + q for q, r, _ in tiles]
    q0, y0 = min(qs), min(ys)
    width = (max(qs) - q0 + 1) * WIDTH
    height = (max(ys) - y0) * (LINES // 2) + LINES
    grid: list[list[Text]] = [[] for _ in range(height)]
    placed: list[list[tuple[int, Text]]] = [[] for _ in range(height)]
    for q, r, terrain in tiles:
        x = (q - q0) * WIDTH
        y = (2 * r + q - y0) * (LINES // 2)
        for i, line in enumerate(tile_lines(view, q, r, terrain)):
            line.truncate(WIDTH - 1)
            placed[y + i].append((x, line))
    out = Text()
    for row in placed:
        line = Text()
        for x, piece in sorted(row, key=lambda p: p[0]):
            line.append(" " * max(0, x - len(line)))
            line.append_text(piece)
        out.append_text(line)
        out.append("\n")
    del grid, width
    return out


def render_view(view: Mapping[str, Any], lang: str = "en") -> RenderableType:
    t = catalogue(lang)
    parts: list[RenderableType] = [render_map(view)]
    active = view["active"]
    parts.append(Text(t("ui.turn", round=view["round"], player=player_name(active, lang),
                        phase=phase_name(view["phase"], lang), mp=view["mp"],
                        explorations=view["explorations"], free=view["free_used"],
                        free_limit=view["free_limit"]), "bold"))
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
