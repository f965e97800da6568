"""Fürchterliche Feinde in the terminal: the labyrinth and the table, from one seat's view.

Each map column is drawn two characters wide, so a room can show its monster's strength
(`12`), a chest (`C2`), a power chip still waiting (`**`) or nothing (`[]`). Heroes show as
letters A-F, in bold on the space they stand on. Other players' hands show only card backs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .data import CORRIDOR, CROSSING, DIRS, START, TELEPORT_PAIRINGS, TILE_SHAPES, build_config
from .text import LETTERS, card_name, catalogue, place_name, player_name

SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold red", "bold blue")
#: the box character of a crossing by its open-arms mask (bit 0 N, 1 E, 2 S, 3 W)
ARMS = {15: "┼", 14: "┬", 13: "┤", 11: "┴", 7: "├", 5: "│", 10: "─", 3: "└", 6: "┌",
        12: "┐", 9: "┘", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 0: "■"}
TELEPORT_COLOURS = ("blue", "yellow")


def _arms(shape: int, rot: int) -> int:
    mask = 0
    for ch in TILE_SHAPES[shape]:
        mask |= 1 << ((DIRS.index(ch) + rot) % 4)
    return mask


def render_view(view: Mapping[str, Any], lang: str = "en") -> RenderableType:
    t = catalogue(lang)
    cfg = build_config(int(view["players"]), dict(view["options"]))
    b = cfg.board
    n = cfg.players
    pos = view["pos"]
    heroes_at: dict[int, list[int]] = {}
    for p, c in enumerate(pos):
        if c >= 0:
            heroes_at.setdefault(c, []).append(p)
    colour_of: dict[int, str] = {}
    if view["teleport"] >= 0:
        for colour, (x, y) in zip(TELEPORT_COLOURS, TELEPORT_PAIRINGS[view["teleport"]],
                                  strict=True):
            colour_of[b.teleports[x]] = colour_of[b.teleports[y]] = colour
    index = {rc: i for i, rc in enumerate(b.pos)}
    width = max(len(r) for r in b.rows)
    grid = Text()
    for r in range(len(b.rows)):
        for c in range(width):
            i = index.get((r, c))
            if i is None:
                grid.append("  ")
                continue
            here = heroes_at.get(i, [])
            kind = b.kind[i]
            if here:  # a hero is always drawn; the table says what shares his room
                letters = "".join(LETTERS[p] for p in here)[:2].ljust(2)
                grid.append(letters, style=SEAT_STYLES[here[0]] + " reverse")
                continue
            if kind == CORRIDOR:
                label = b.labels[i]
                if label in "abcd":
                    grid.append(label + " ", style="bold " + colour_of.get(i, "white"))
                else:
                    grid.append("· ", style="dim")
            elif kind == CROSSING:
                if view["cross_shape"][i] < 0:
                    grid.append("? ", style="bold red")
                else:
                    grid.append(ARMS[_arms(view["cross_shape"][i], view["cross_rot"][i])] + " ",
                                style="white")
            else:
                token = view["token"][i]
                style = "bold white on red" if token and token < 51 else "white"
                if token >= 51:
                    cell, style = f"C{token - 50}", "bold black on yellow"
                elif token:
                    cell = f"{token:2d}"
                elif view["chip"][i]:
                    cell, style = "**", "green"
                else:
                    cell = "S " if kind == START else "[]"
                grid.append(cell, style=style)
        grid.append("\n")
    table = Table(box=box.SIMPLE, show_edge=False)
    for col in ("render.players", "render.knowledge", "render.chips", "render.gold",
                "render.hand", "render.trophies", "render.where"):
        table.add_column(t(col))
    seat = view.get("seat")
    dumb = view.get("dumbest", -1)
    for p in range(n):
        backs = view["hand_backs"][p]
        where = place_name(b.labels[pos[p]], lang) if pos[p] >= 0 else "-"
        token = view["token"][pos[p]] if pos[p] >= 0 else 0
        if token:  # the map shows the hero, so the monster or chest sharing the room is here
            where += " " + (t("render.with_chest", n=token - 50) if token >= 51
                            else t("render.with_monster", n=token))
        table.add_row(
            Text(player_name(p, lang), style=SEAT_STYLES[p]),
            str(view["knowledge"][p]), str(view["chips"][p]), str(view["gold"][p]),
            " ".join(["IIII"[:0] + ("I", "II", "III", "IV", "V")[g] for g in backs]) or "-",
            " ".join(str(x) if x < 51 else f"C{x - 50}" for x in view["trophies"][p]) or "-",
            where + (" ☹" if p == dumb else "") + (" ◀" if p == view.get("current") else ""),
        )
    lines: list[RenderableType] = [
        Text(t("render.title"), style="bold"),
        Text(t("proposal"), style="italic yellow") if view.get("proposal_data") else Text(""),
        grid, table]
    nxt = (view["g2"] + view["g3"])[:3]
    deck = "/".join(str(x) for x in view["deck_sizes"])
    lines.append(Text(t("render.storage", n=view["storage"], box=view["box"],
                        round=view["round"])))
    lines.append(Text(t("render.groups", next=", ".join(str(x) for x in nxt if x != 99) or "-",
                        g4=len(view["g4"]), deck=deck)))
    if dumb >= 0:
        lines.append(Text(t("render.dumbest", player=player_name(dumb, lang))))
    if seat is not None and view.get("hand") is not None:
        cards = ", ".join(card_name(k, lang) for k in view["hand"]) or "-"
        lines.append(Text(t("render.your_hand", cards=cards)))
    cur = view.get("current", -1)
    if isinstance(cur, int) and cur >= 0:
        lines.append(Text(t("render.to_move", player=player_name(cur, lang)), style="bold"))
    lines.append(Text(t("render.legend"), style="dim"))
    return Group(*lines)
