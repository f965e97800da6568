"""Beowulf in the terminal: a rich rendering of one seat's view (never of a full state).

Only the viewer's own hand shows tile faces; other hands show their size and the acts on the
backs (R7.1). Texts come from the catalogues through `text.py`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from boardwright.engine.errors import BadConfig

from .notation import ROMAN, SEAT_LETTERS, Figure, Space, Tile, TileType, parse_cell, parse_tile
from .text import (
    act_name,
    catalogue,
    figure_name,
    formula,
    join,
    phase_prompt,
    player_name,
    signed,
    tile_name,
)

SEAT_STYLES = ("bold cyan", "bold magenta", "bold blue", "bold bright_white")
CHANCE_PHASES = ("deal", "draw")


def _tile_style(tile: Tile) -> str:
    if tile.type != TileType.PLAIN:
        return "yellow"
    return "green" if tile.value > 0 else "red"


def _cell(token: str, highlight: bool) -> Text:
    token = token.partition("/")[0]  # a tile on the board shows its face, not its act
    try:
        cell = parse_cell(token)
    except BadConfig:
        return Text(token)
    if isinstance(cell, Figure):
        text = Text(f"{SEAT_LETTERS[cell.seat].upper()}◆{cell.diamonds}", SEAT_STYLES[cell.seat])
    elif isinstance(cell, Tile):
        text = Text(token, _tile_style(cell))
    elif cell == Space.EMPTY:
        text = Text("·", "dim")
    elif cell == Space.PRINTED_GORGE:
        text = Text("▓▓", "grey50")
    else:
        text = Text("")
    if highlight:
        text.stylize("reverse")
    return text


def _board(view: Mapping[str, Any], lang: str) -> Table:
    rows: list[list[str]] = view["board"]
    marked = {view.get("effect_cell"), view.get("swap_first")}
    table = Table(title=catalogue(lang)("render.board", act=act_name(view["act"], lang)),
                  box=box.SQUARE, show_lines=False, padding=(0, 1))
    table.add_column("")
    for c in range(len(rows[0]) if rows else 0):
        table.add_column(chr(ord("A") + c), justify="center")
    for r, row in enumerate(rows):
        cells = [_cell(tok, f"{chr(ord('A') + c)}{r + 1}" in marked) for c, tok in enumerate(row)]
        table.add_row(Text(str(r + 1), "dim"), *cells)
    return table


def _status(view: Mapping[str, Any], lang: str) -> Text:
    t = catalogue(lang)
    act = act_name(view["act"], lang)
    later = view.get("later_pools") or []
    if later:
        line = t("render.status.later", act=act, pool=view["pool"],
                 later=join([str(n) for n in later], lang))
    else:
        line = t("render.status", act=act, pool=view["pool"])
    return Text(line, "bold")


def _turn(view: Mapping[str, Any], lang: str) -> Text:
    t = catalogue(lang)
    if view["phase"] == "over":
        winners = list(view.get("winners") or [])
        key = "render.game_over.shared" if len(winners) > 1 else "render.game_over"
        return Text(t(key, winners=join([player_name(w, lang) for w in winners], lang)),
                    "bold yellow")
    prompt = phase_prompt(view, lang)
    mover = view["to_move"]
    if view["phase"] in CHANCE_PHASES or mover is None:
        return Text(prompt, "italic")
    key = "render.your_turn" if mover == view.get("seat") else "render.to_move"
    text = Text(t(key, player=player_name(mover, lang), prompt=prompt), "bold")
    if "effect_cell" in view:
        text.append("\n" + t("render.effect", cell=view["effect_cell"]), "dim")
    return text


def _scores(view: Mapping[str, Any], lang: str) -> Table:
    t = catalogue(lang)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column(t("render.col.player"))
    table.add_column(t("render.col.saga"), justify="right")
    for d in (4, 3, 2, 1):
        table.add_column(f"◆{d}", justify="right")
    table.add_column(t("render.col.hand"))
    winners = set(view.get("winners") or [])
    for p in range(int(view["players"])):
        name = Text(player_name(p, lang), SEAT_STYLES[p])
        if p == view["to_move"] and view["phase"] not in CHANCE_PHASES:
            name = Text("▶ ") + name
        if p in winners:
            name.append(" ★", "yellow")
        if p == view.get("seat"):
            name.append(" " + t("render.you"))
        hand = view["hands"][p]
        acts = join([ROMAN[a - 1] for a in hand["acts"]], lang)
        supply = view["supply"][p]
        table.add_row(name, str(view["saga"][p]), *(str(supply[str(d)]) for d in (4, 3, 2, 1)),
                      f"{hand['count']}" + (f" ({acts})" if acts else ""))
    return table


def _legend(lang: str) -> Text:
    figures = join([f"◆{d} {figure_name(d, lang)}" for d in (4, 3, 2, 1)], lang)
    return Text(catalogue(lang)("render.legend", figures=figures), "dim")


def _hand(view: Mapping[str, Any], lang: str) -> Text:
    t = catalogue(lang)
    seat = view.get("seat")
    if seat is None:
        return Text(t("render.spectator"), "dim")
    tokens: Sequence[str] = view["hands"][seat].get("tiles", [])
    text = Text(t("render.hand") + ": ", "bold")
    if not tokens:
        text.append(t("render.hand.empty"), "dim")
    for i, token in enumerate(tokens):
        if i:
            text.append(t("list.separator"))
        text.append(f"{tile_name(token, lang)} ")
        text.append(f"[{token}]", _tile_style(parse_tile(token.partition("/")[0])))
    if "selected" in view:
        text.append("\n" + t("render.selected", tile=tile_name(view["selected"], lang)), "bold")
    return text


#: the terminal width every line of a view fits (a figure's scoring never breaks inside)
LINE_WIDTH = 100


def _results(view: Mapping[str, Any], lang: str) -> list[RenderableType]:
    results: Sequence[Mapping[str, Any]] = view.get("act_results") or []
    if not results:
        return []
    t = catalogue(lang)
    out: list[RenderableType] = [Text(t("render.results"), "bold underline")]
    for res in results:
        out.append(Text(t("render.results.act", act=act_name(res["act"], lang),
                          player=player_name(res["ender"], lang)), "bold"))
        if res.get("turned_down"):
            out.append(Text("  " + t("render.turned_down", cells=join(res["turned_down"], lang))))
        for p in range(int(view["players"])):
            figs = [f for f in res["figures"] if f["seat"] == p]
            line = Text("  ")
            line.append(t("render.results.seat", player=player_name(p, lang),
                          points=signed(sum(f["points"] for f in figs))), SEAT_STYLES[p])
            for i, f in enumerate(figs):
                piece = Text(f"{f['cell']}◆{f['diamonds']} ")
                piece.append(formula(f["terms"], f["diamonds"], f["horns"], f["points"],
                                     compact=True), "dim")
                if line.cell_len + piece.cell_len + 2 > LINE_WIDTH:  # wrap at a figure
                    out.append(line)
                    line = Text("    ")
                elif i:
                    line.append("; ")
                else:
                    line.append(" ")
                line.append(piece)
            out.append(line)
    return out


def render_view(view: Mapping[str, Any], lang: str = "en") -> Group:
    """The board, the act and turn, the scores, the viewer's hand and the finished acts."""
    return Group(
        _status(view, lang),
        _turn(view, lang),
        _board(view, lang),
        _scores(view, lang),
        _legend(lang),
        _hand(view, lang),
        *_results(view, lang),
    )


def render_text(view: Mapping[str, Any], lang: str = "en") -> str:
    """`render_view` as plain text, 100 columns wide (for tests and logs)."""
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    console.print(render_view(view, lang))
    return console.export_text()
