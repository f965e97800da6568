"""Why a Beowulf move is refused: the rule that forbids it and the reason, for "why not?".

`why_not` mirrors `rules.legal_actions` phase by phase: it never decides legality itself (an
action among the legal ones is never refused), it names which condition of which rule a
refused action fails. Its texts are `why.<key>` in `messages/<lang>.json`; a refusal's params
are board labels, numbers, tile tokens (`tile`) and seats (`seat`), put in words by
`game.BeowulfGame.refusal_params`.
"""

from __future__ import annotations

from boardwright.engine.api import Refusal

from .actions import action_to_json
from .data import (
    EMPTY,
    FIG,
    PHASE_NAMES,
    PLAY,
    REFILL,
    REMOVE,
    SELECT,
    SWAP_FIRST,
    SWAP_SECOND,
    TURN,
)
from .forward import BeowulfState
from .notation import parse_label
from .rules import (
    T_COUNSEL,
    T_DRUNKENNESS,
    T_MEAD,
    T_TEMPTATION,
    T_TREASURE,
    counsel_moves,
    kind_type,
    playable,
)

#: what the player must do now, per phase: the refusal of any move of another kind
EXPECTED = {
    TURN: ("R3.1", "turn"), SELECT: ("R3.3", "select"), PLAY: ("R3.3", "play"),
    REMOVE: ("R4.1", "remove"), SWAP_FIRST: ("R4.6", "swap_first"),
    SWAP_SECOND: ("R4.6", "swap_second"), REFILL: ("R8.3", "refill"),
}


def refuse(s: BeowulfState, action: int) -> Refusal:
    """Why `action`, not legal for the seat to move, is refused (`Game.why_not` has checked the
    game's end, chance and whose turn it is, citing the game's `info.turn_rules`)."""
    if not 0 <= action < s.cfg.space.size:
        return Refusal("R3.1", "no_such_move", {"phase": PHASE_NAMES[s.phase]})
    data = action_to_json(s.cfg, action)
    do = data["do"]
    found = {TURN: _turn, SELECT: _select, PLAY: _play, REMOVE: _remove,
             SWAP_FIRST: _swap, SWAP_SECOND: _swap}.get(s.phase, _nothing)(s, do, data)
    if found is not None:
        return found
    rule, key = EXPECTED[s.phase]
    return Refusal(rule, f"expected.{key}")


def _nothing(s: BeowulfState, do: str, data: dict[str, object]) -> Refusal | None:
    """R8.3 a refill is answered with `draw` or `pass`: any other move is of another phase."""
    return None


def _cell(s: BeowulfState, name: str) -> int:
    rc = parse_label(name)
    assert rc is not None  # labels come from action_to_json
    return rc[0] * s.cfg.grid_cols + rc[1]


def _space(s: BeowulfState, cell_label: str) -> Refusal | None:
    """R3.2/R3.3 a figure or tile goes on an empty space of this act's board."""
    cell = _cell(s, cell_label)
    if cell not in s.cfg.boards[s.act].spaces:
        return Refusal("R1.4", "not_a_space", {"cell": cell_label, "act": s.act + 1})
    if s.board[cell] != EMPTY:
        return Refusal("R3.2", "occupied", {"cell": cell_label})
    return None


def _figure(s: BeowulfState, data: dict[str, object]) -> Refusal | None:
    diamonds = data["diamonds"]
    assert isinstance(diamonds, int)
    if not s.supply[s.to_move][diamonds]:
        return Refusal("R3.2", "no_figure", {"diamonds": diamonds})
    return _space(s, str(data["cell"]))


def _choice(s: BeowulfState, tile: str) -> Refusal | None:
    """R3.3 the tile must be in hand; R4.7 a Good Counsel needs a figure that can move."""
    kind = s.cfg.tokens.index(tile)
    if kind not in s.hands[s.to_move]:
        return Refusal("R3.3", "not_in_hand", {"tile": tile})
    if not playable(s, s.to_move, kind):
        return Refusal("R4.7", "counsel_stuck", {"tile": tile})
    return None


def _turn(s: BeowulfState, do: str, data: dict[str, object]) -> Refusal | None:
    if do == "place_figure":
        return _figure(s, data)
    if do == "draw":
        return Refusal("R3.5", "pool_empty", {"act": s.act + 1})
    if do == "choose_tile":
        if s.pool_act > 0:
            return Refusal("R3.3", "draw_first")
        return _choice(s, str(data["tile"]))
    return None


def _select(s: BeowulfState, do: str, data: dict[str, object]) -> Refusal | None:
    if do == "place_figure":
        return Refusal("R3.4", "drawn_no_figure")
    if do == "draw":
        return Refusal("R3.3", "drawn_once")
    if do == "choose_tile":
        return _choice(s, str(data["tile"]))
    if do == "pass":
        return Refusal("R8.2", "must_play")
    return None


def _play(s: BeowulfState, do: str, data: dict[str, object]) -> Refusal | None:
    cfg = s.cfg
    kind = s.selected
    tile = cfg.tokens[kind]
    t = kind_type(cfg, kind)
    if do == "place_figure":
        return Refusal("R3.4", "drawn_no_figure")
    if do == "draw":
        return Refusal("R3.3", "drawn_once")
    if do == "choose_tile":
        return Refusal("R3.3", "chosen", {"tile": tile})
    if do == "place_tile":
        if t == T_COUNSEL and counsel_moves(s, s.to_move):
            return Refusal("R4.7", "counsel_not_plain", {"tile": tile})
        return _space(s, str(data["cell"]))
    if do == "cash_in":
        return Refusal("R4.3", "cash_only_treasure", {"tile": tile}) if t != T_TREASURE else None
    if do == "replace_mead":
        if t != T_DRUNKENNESS:
            return Refusal("R4.4", "mead_only_drunkenness", {"tile": tile})
        cell = _cell(s, str(data["cell"]))
        code = s.board[cell]
        if not (0 < code < FIG and kind_type(cfg, code - 1) == T_MEAD):
            return Refusal("R4.4", "no_mead", {"cell": data["cell"]})
        return None
    if do == "counsel":
        if t != T_COUNSEL:
            return Refusal("R4.7", "counsel_only", {"tile": tile})
        return _counsel(s, data)
    return None


def _counsel(s: BeowulfState, data: dict[str, object]) -> Refusal | None:
    """R4.7 (R8.1) an own figure (any figure with the option) moves to an empty neighbour."""
    cell = _cell(s, str(data["cell"]))
    code = s.board[cell]
    if code < FIG:
        return Refusal("R4.7", "no_figure_there", {"cell": data["cell"]})
    if (code - FIG) // 5 != s.to_move and not s.cfg.options.good_counsel_any_figure:
        return Refusal("R8.1", "not_own_figure", {"cell": data["cell"],
                                                  "seat": (code - FIG) // 5})
    return Refusal("R4.7", "no_room", {"cell": data["cell"], "direction": data["direction"]})


def _remove(s: BeowulfState, do: str, data: dict[str, object]) -> Refusal | None:
    """R4.1 a Temptation removes only a Valour, R4.2 a Valour only a Temptation."""
    if do != "target":
        return None
    placed = kind_type(s.cfg, s.board[s.effect_cell] - 1)
    if placed == T_TEMPTATION:
        return Refusal("R4.1", "remove_valour", {"cell": data["cell"]})
    return Refusal("R4.2", "remove_temptation", {"cell": data["cell"]})


def _swap(s: BeowulfState, do: str, data: dict[str, object]) -> Refusal | None:
    if do == "pass" and s.phase == SWAP_SECOND:
        return Refusal("R4.6", "swap_second_tile")
    if do != "target":
        return None
    cell = _cell(s, str(data["cell"]))
    if cell == s.effect_cell:
        return Refusal("R8.10", "swap_not_statue", {"cell": data["cell"]})
    if cell == s.swap_first:
        return Refusal("R4.6", "swap_same", {"cell": data["cell"]})
    return Refusal("R8.10", "swap_tiles_only", {"cell": data["cell"]})
