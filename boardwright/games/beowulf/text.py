"""Beowulf in words: actions, events and prompts for a person, from `messages/<lang>.json`.

Only public facts are used: an action's JSON form, the phase and the board. Tile names come from
tile tokens (`+3`, `W+1/II`, `T`), figure names from diamonds, seats are `Player A`..`Player D`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardwright.engine.errors import BadConfig
from boardwright.engine.i18n import Catalogue

from .data import DIRECTION_NAMES, DIRECTIONS, EMPTY, FIG, PHASE_NAMES
from .notation import (
    ROMAN,
    SEAT_LETTERS,
    Tile,
    TileType,
    cell_label,
    parse_cell,
    parse_label,
    parse_tile,
)
from .rules import REMOVES

if TYPE_CHECKING:
    from .forward import BeowulfState

PACKAGE = "boardwright.games.beowulf"
MINUS = "\u2212"


def catalogue(lang: str = "en") -> Catalogue:
    return Catalogue(PACKAGE, lang)


def signed(value: int) -> str:
    """`+3`, `−2` (a true minus sign), `0`."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


def player_name(seat: int, lang: str = "en") -> str:
    return catalogue(lang)("seat", letter=SEAT_LETTERS[seat].upper())


def act_name(act: int | str, lang: str = "en") -> str:
    """`Act II` from 2 or from "II"."""
    roman = act if isinstance(act, str) else ROMAN[act - 1]
    return catalogue(lang)("act", act=roman)


def figure_name(diamonds: int, lang: str = "en", accusative: bool = False) -> str:
    return catalogue(lang)(f"figure.{diamonds}" + (".acc" if accusative else ""))


def figure_label(diamonds: int, lang: str = "en") -> str:
    """`Thane (3◆)`."""
    return catalogue(lang)("figure.label", name=figure_name(diamonds, lang), diamonds=diamonds)


def type_name(tile_type: TileType, lang: str = "en") -> str:
    return catalogue(lang)(f"tile.{tile_type.name.lower()}")


def tile_name(token: str, lang: str = "en") -> str:
    """`boon +3`, `peril −2`, `Treasure +1 (Act II)`, `Treachery`; the token itself if unknown."""
    face, _, act = token.partition("/")
    try:
        tile = parse_tile(face)
    except BadConfig:
        return token
    t = catalogue(lang)
    if tile.type == TileType.PLAIN:
        name = t("tile.boon" if tile.value > 0 else "tile.peril", value=signed(tile.value))
    else:
        name = type_name(tile.type, lang)
        if tile.value:
            name = t("tile.with_value", name=name, value=signed(tile.value))
    if act:
        name = t("tile.with_act", name=name, act=act_name(act, lang))
    return name


def join(items: Sequence[str], lang: str = "en") -> str:
    return catalogue(lang)("list.separator").join(items)


def formula(terms: Sequence[int], diamonds: int, horns: int, points: int,
            compact: bool = False) -> str:
    """`(4 + 1 − 1) × (3 + 1) = +16`: how a figure scored (R5.2); `compact` drops the spaces."""
    sp = "" if compact else " "
    if not terms:
        added = "0"
    else:
        added = str(terms[0]) if terms[0] >= 0 else signed(terms[0])
        for v in terms[1:]:
            added += f"{sp}+{sp}{v}" if v >= 0 else f"{sp}{MINUS}{sp}{-v}"
        if len(terms) > 1:
            added = f"({added})"
    mult = f"({diamonds}{sp}+{sp}{horns})" if horns else str(diamonds)
    return f"{added}{sp}×{sp}{mult}{sp}={sp}{signed(points)}"


# --- actions --------------------------------------------------------------------------------


def _board_token(state: BeowulfState, label: str) -> tuple[str, int, int] | None:
    """(tile token, -1, -1) or ("", seat, diamonds) of the piece at `label`; None if empty."""
    rc = parse_label(label)
    if rc is None:
        return None
    cfg = state.cfg
    code = state.board[rc[0] * cfg.grid_cols + rc[1]]
    if code >= FIG:
        seat, diamonds = divmod(code - FIG, 5)
        return "", seat, diamonds
    if code > EMPTY:
        return cfg.kinds[code - 1].tile.token(), -1, -1
    return None


def _tile_at(state: BeowulfState, label: str, lang: str) -> str:
    piece = _board_token(state, label)
    t = catalogue(lang)
    return tile_name(piece[0], lang) if piece and piece[0] else t("tile.unknown")


def _counsel(state: BeowulfState, data: Mapping[str, Any], lang: str) -> str:
    t = catalogue(lang)
    cell, direction = str(data["cell"]), str(data["direction"])
    rc = parse_label(cell) or (0, 0)
    dr, dc = DIRECTIONS[DIRECTION_NAMES.index(direction)]
    target = cell_label(rc[0] + dr, rc[1] + dc)
    piece = _board_token(state, cell)
    if piece and not piece[0]:
        figure = t("figure.owned", figure=figure_label(piece[2], lang),
                   player=player_name(piece[1], lang))
    else:
        figure = t("figure.some")
    return t("action.counsel", figure=figure, cell=cell, target=target,
             direction=t(f"direction.{direction}"))


def describe_action(state: BeowulfState, action: int, lang: str = "en") -> str:
    """The action in words for the player to move, as the current phase gives it meaning."""
    t = catalogue(lang)
    data = state.action_to_json(action)
    do = data["do"]
    phase = PHASE_NAMES[state.phase]
    if do == "place_figure":
        d = int(data["diamonds"])
        return t("action.place_figure", figure=figure_name(d, lang),
                 figure_acc=figure_name(d, lang, accusative=True), diamonds=d, cell=data["cell"])
    if do == "draw":
        return t("action.draw")
    if do in ("choose_tile", "deal"):
        key = {"turn": "action.play_from_hand", "draw": "action.chance_draw",
               "deal": "action.deal"}.get(phase, "action.choose_tile")
        return t(key, tile=tile_name(data["tile"], lang))
    if do == "place_tile":
        return t("action.place_tile", cell=data["cell"])
    if do == "cash_in":
        return t("action.cash_in")
    if do == "replace_mead":
        return t("action.replace_mead", mead=_tile_at(state, data["cell"], lang),
                 cell=data["cell"])
    if do == "counsel":
        return _counsel(state, data, lang)
    if do == "target":
        key = {"remove": "action.remove", "swap_first": "action.swap_first",
               "swap_second": "action.swap_second"}.get(phase, "action.target")
        return t(key, tile=_tile_at(state, data["cell"], lang), cell=data["cell"])
    passes = {"select": "action.no_playable", "refill": "action.keep_hand",
              "remove": "action.keep_tiles", "swap_first": "action.keep_tiles"}
    return t(passes.get(phase, "action.pass"))


# --- events ---------------------------------------------------------------------------------


def _scores(saga: Sequence[int], lang: str) -> str:
    t = catalogue(lang)
    return join([t("score.entry", player=player_name(p, lang), points=v)
                 for p, v in enumerate(saga)], lang)


def describe_event(event: Mapping[str, Any], lang: str = "en") -> str:
    """One log line for a viewer's event (`Event.for_viewer`); hidden tiles stay unnamed."""
    t = catalogue(lang)
    kind = str(event.get("kind", ""))
    p: dict[str, Any] = {}
    if "seat" in event:
        p["player"] = player_name(int(event["seat"]), lang)
    if "act" in event:
        p["act"] = act_name(event["act"], lang)
    for key in ("cell", "a", "b", "points"):
        if key in event:
            p[key] = event[key]
    if "tile" in event:
        p["tile"] = tile_name(str(event["tile"]), lang)
    elif kind in ("tile_dealt", "tile_drawn"):
        kind += ".hidden"
    if kind == "mead_replaced":
        p["mead"] = tile_name(str(event["mead"]), lang)
    elif kind == "figure_moved":
        p["src"], p["dst"] = event["from"], event["to"]
    elif kind == "tiles_turned_down":
        p["cells"] = join([str(c) for c in event["cells"]], lang)
    elif kind == "figure_scored":
        p["figure"] = figure_name(int(event["diamonds"]), lang)
        p["diamonds"] = event["diamonds"]
        p["formula"] = formula(event["terms"], event["diamonds"], event["horns"], event["points"])
    elif kind == "figure_placed":
        p["figure"] = figure_name(int(event["diamonds"]), lang)
        p["diamonds"] = event["diamonds"]
    elif kind == "act_ended":
        p["player"] = player_name(int(event["ender"]), lang)
        p["scores"] = _scores(event["saga"], lang)
    elif kind == "act_started":
        p["player"] = player_name(int(event["start_player"]), lang)
    elif kind == "game_ended":
        winners = list(event["winners"])
        p["winners"] = join([player_name(w, lang) for w in winners], lang)
        p["scores"] = _scores(event["saga"], lang)
        if len(winners) > 1:
            kind += ".shared"
    return t(f"event.{kind}", **p)


# --- prompts --------------------------------------------------------------------------------


def _view_tile(view: Mapping[str, Any], label: str | None) -> Tile | None:
    rc = parse_label(label or "")
    if rc is None:
        return None
    try:
        cell = parse_cell(str(view["board"][rc[0]][rc[1]]).partition("/")[0])
    except (BadConfig, IndexError):
        return None
    return cell if isinstance(cell, Tile) else None


def _play_prompt(view: Mapping[str, Any], lang: str) -> str:
    t = catalogue(lang)
    token = view.get("selected")
    if not token:
        return t("prompt.play")
    tile = parse_tile(str(token).partition("/")[0])
    special = {TileType.TREASURE: "treasure", TileType.DRUNKENNESS: "drunkenness",
               TileType.COUNSEL: "counsel"}.get(tile.type, "plain")
    return t(f"prompt.play.{special}", tile=tile_name(str(token), lang))


def phase_prompt(view: Mapping[str, Any], lang: str = "en") -> str:
    """What the player to move must do now, e.g. `Place a figure, or draw a tile`."""
    t = catalogue(lang)
    phase = view["phase"]
    if phase == "turn":
        seat = view["to_move"]
        figures = seat is not None and any(int(n) > 0 for n in view["supply"][seat].values())
        tiles = "draw" if view["pool"] > 0 else "play"
        return t(f"prompt.turn.{'figure_or_' if figures else ''}{tiles}")
    if phase == "play":
        return _play_prompt(view, lang)
    if phase == "remove":
        effect = _view_tile(view, view.get("effect_cell"))
        if effect is not None and int(effect.type) in REMOVES:
            removed = TileType(REMOVES[int(effect.type)])
            return t("prompt.remove", tile=type_name(removed, lang))
        return t("prompt.remove.any")
    if phase == "swap_second":
        return t("prompt.swap_second", cell=view.get("swap_first", "?"))
    return t(f"prompt.{phase}")

