"""Beowulf's legal actions and their effects (RULES.md R2–R5). Rule numbers mark the lines.

These functions read and change a table (`state.BeowulfTable`, data only); `forward.BeowulfState`
wires them to the engine's contract.
A turn is a chain of atomic decisions: place a figure, or draw (a chance event), choose a tile,
play it, then answer the tile's optional effect. `end_turn` checks the act end (R5.1).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event

from . import actions
from .data import (
    CHANCE_PHASES,
    DEAL,
    DIRECTIONS,
    DRAW,
    EMPTY,
    FIG,
    GORGE_CODE,
    HAND_SIZE,
    NOSPACE,
    OVER,
    PHASE_NAMES,
    PLAY,
    REFILL,
    REMOVE,
    SELECT,
    SWAP_FIRST,
    SWAP_SECOND,
    TURN,
    Config,
    code_to_cell,
    figure_code,
    label,
)
from .notation import ROMAN, Board, TileType, cell_label, cell_token
from .scoring import FigureScore, Grid, score_grid

if TYPE_CHECKING:
    from .state import BeowulfTable as BeowulfState


T_TEMPTATION = int(TileType.TEMPTATION)
T_VALOUR = int(TileType.VALOUR)
T_TREASURE = int(TileType.TREASURE)
T_DRUNKENNESS = int(TileType.DRUNKENNESS)
T_MEAD = int(TileType.MEAD)
T_STATUE = int(TileType.STATUE)
T_COUNSEL = int(TileType.COUNSEL)
GORGE = int(TileType.GORGE)
#: R4.1/R4.2: what each tile may remove when placed
REMOVES = {T_TEMPTATION: T_VALOUR, T_VALOUR: T_TEMPTATION}


def kind_type(cfg: Config, kind: int) -> int:
    """A tile kind's type, which decides a special tile's ability (R1.5, R4.1–R4.10)."""
    return int(cfg.kinds[kind].tile.type)


# --- what may be played ---------------------------------------------------------------------


def counsel_moves(s: BeowulfState, seat: int) -> list[int]:
    """R4.7 Good Counsel: (cell * 4 + direction) for each figure with an empty neighbour;
    any player's figure under R8.1."""
    cfg = s.cfg
    board = s.board
    any_figure = cfg.options.good_counsel_any_figure
    neighbours = cfg.boards[s.act].neighbours
    own_low, own_high = FIG + 5 * seat, FIG + 5 * seat + 4
    out = []
    for c in cfg.boards[s.act].spaces:
        code = board[c]
        if code >= FIG and (any_figure or own_low < code <= own_high):
            for d, n in neighbours[c]:
                if board[n] == EMPTY:
                    out.append(c * 4 + d)
    return out


def playable(s: BeowulfState, seat: int, kind: int) -> bool:
    """A tile can be played if it has at least one legal way to be played (R4.7, R8.2)."""
    if kind_type(s.cfg, kind) != T_COUNSEL:
        return True  # an empty space always exists while the act runs
    if s.cfg.options.unplayable_hand == "counsel_as_plain":
        return True
    return bool(counsel_moves(s, seat))


def playable_kinds(s: BeowulfState, seat: int) -> list[int]:
    """The kinds in the seat's hand that can be played, once each (R3.3, R3.5, R8.2)."""
    hand = s.hands[seat]
    out: list[int] = []
    last = -1
    for k in hand:  # hands are sorted
        if k != last:
            last = k
            if playable(s, seat, k):
                out.append(k)
    return out


def has_figure_or_tile(s: BeowulfState, seat: int) -> bool:
    """R3.6 the books' test for being skipped: no figure and no tile in hand; with option
    `empty_hand_draws` a tile left in the pool counts as one in hand (R3.6.1)."""
    supply = s.supply[seat]
    if supply[1] or supply[2] or supply[3] or supply[4] or s.hands[seat]:
        return True
    return s.pool_act > 0 and s.cfg.options.empty_hand_draws


def can_act(s: BeowulfState, seat: int) -> bool:
    """R3.6/R3.6.1 a player with no figure and no tile in hand is skipped, and so is one with
    no legal action (no figure, an empty pool and no playable tile, R8.2)."""
    if not has_figure_or_tile(s, seat):
        return False
    supply = s.supply[seat]
    if supply[1] or supply[2] or supply[3] or supply[4] or s.pool_act > 0:
        return True
    return bool(playable_kinds(s, seat))


def empty_cells(s: BeowulfState) -> list[int]:
    """The current act's empty spaces, where a figure or a tile may go (R3.2, R3.3)."""
    board = s.board
    return [c for c in s.cfg.boards[s.act].spaces if board[c] == EMPTY]


def tile_cells(s: BeowulfState, exclude: tuple[int, ...] = ()) -> list[int]:
    """The tiles on the board, less `exclude`, that a Golden Statue may swap (R4.6, R8.10)."""
    board = s.board
    return [
        c for c in s.cfg.boards[s.act].spaces if 0 < board[c] < FIG and c not in exclude
    ]


def cells_of_type(s: BeowulfState, tile_type: int) -> list[int]:
    """Cells holding a tile of one type: what R4.1/R4.2 may remove or R4.4 may replace."""
    cfg = s.cfg
    board = s.board
    return [
        c
        for c in cfg.boards[s.act].spaces
        if 0 < board[c] < FIG and kind_type(cfg, board[c] - 1) == tile_type
    ]


def legal_actions_cached(s: BeowulfState) -> list[int]:
    """`legal_actions` (R3), kept on the table until an action changes it (never mutated
    in place)."""
    legal = s._legal
    if legal is None:
        legal = s._legal = legal_actions(s)
    return legal


def legal_actions(s: BeowulfState) -> list[int]:
    """The sorted legal action ids for the player to move, by the turn's phase (R3.1–R3.5,
    R4.1–R4.7, R8.2, R8.3); empty at chance and at the end."""
    ph = s.phase
    cfg = s.cfg
    ids = cfg.ids
    seat = s.to_move
    if ph == TURN:  # R3.1
        empties = empty_cells(s)
        out: list[int] = []
        supply = s.supply[seat]
        ncells = cfg.grid_rows * cfg.grid_cols
        for d in (1, 2, 3, 4):  # R3.2 place a figure
            if supply[d]:
                base = ids.fig + (d - 1) * ncells
                out.extend([base + c for c in empties])
        if s.pool_act > 0:  # R3.3 draw, then play
            out.append(ids.draw)
        else:  # R3.5 empty pool: play from hand without drawing
            out.extend([ids.choose + k for k in playable_kinds(s, seat)])
        return out
    if ph == SELECT:  # R3.3/R3.4 after drawing, a tile must be played
        kinds = playable_kinds(s, seat)
        if kinds:
            return [ids.choose + k for k in kinds]
        return [ids.pass_]  # R8.2 nothing in hand can be played
    if ph == PLAY:
        return _play_actions(s)
    if ph == REMOVE:  # R4.1/R4.2 optional removal
        removed = REMOVES[kind_type(cfg, s.board[s.effect_cell] - 1)]
        return [ids.target + c for c in cells_of_type(s, removed)] + [ids.pass_]
    if ph == SWAP_FIRST:  # R4.6 optional swap of two other tiles
        return [ids.target + c for c in tile_cells(s, (s.effect_cell,))] + [ids.pass_]
    if ph == SWAP_SECOND:
        return [ids.target + c for c in tile_cells(s, (s.effect_cell, s.swap_first))]
    if ph == REFILL:  # R8.3 optional refill between acts
        return [ids.draw, ids.pass_]
    return []


def _play_actions(s: BeowulfState) -> list[int]:
    """The ways to play the chosen tile: on an empty space (R3.3) or as R4.3, R4.4, R4.7 allow."""
    cfg = s.cfg
    ids = cfg.ids
    kind = s.selected
    t = kind_type(cfg, kind)
    if t == T_COUNSEL:  # R4.7 Good Counsel is never placed as a plain tile...
        moves = counsel_moves(s, s.to_move)
        if moves:
            return [ids.counsel + m for m in moves]
        # ...unless R8.2's "counsel_as_plain" option allows it when no figure can move
    out = [ids.put + c for c in empty_cells(s)]
    if t == T_TREASURE:  # R4.3 cash in instead
        out.append(ids.cash)
    elif t == T_DRUNKENNESS:  # R4.4 replace a Mead instead
        out.extend([ids.mead + c for c in cells_of_type(s, T_MEAD)])
    return out


def chance_outcomes(s: BeowulfState) -> list[tuple[int, float]]:
    """R2.3 draws come from the shuffled pool: each remaining tile is equally likely."""
    if s.phase not in CHANCE_PHASES:
        return []
    pool = s.pool
    total = s.pool_act
    base = s.cfg.ids.deal
    return [(base + k, pool[k] / total) for k in s.cfg.act_kinds[s.act] if pool[k]]


# --- applying actions ---------------------------------------------------------------------


def apply_action(s: BeowulfState, action: int) -> list[Event]:
    """Validate `action` fully, then play it: a turn step (R3), an ability's follow-up
    (R4.1, R4.2, R4.6) or a refill answer (R8.3.2). Nothing changes when it is illegal."""
    cfg = s.cfg
    ph = s.phase
    if ph in CHANCE_PHASES:
        if type(action) is not int:
            raise _illegal(s, action)
        kind = action - cfg.ids.deal
        if not (0 <= kind < len(cfg.kinds) and kind in cfg.act_kinds[s.act] and s.pool[kind] > 0):
            raise _illegal(s, action)
        return _apply_chance(s, kind)
    if type(action) is not int or action not in legal_actions_cached(s):
        raise _illegal(s, action)
    s.invalidate()
    block, offset = cfg.space.decode(action)
    events: list[Event] = []
    seat = s.to_move
    if ph == TURN:
        s.last_actor = seat
        if block == "place_figure":
            _place_figure(s, seat, offset, events)
            end_turn(s, events)
        elif block == "draw":
            s.phase = DRAW
        else:
            s.selected = offset
            s.phase = PLAY
    elif ph == SELECT:
        if block == "pass":
            events.append(Event("no_playable_tile", {"seat": seat}))
            end_turn(s, events)
        else:
            s.selected = offset
            s.phase = PLAY
    elif ph == PLAY:
        _play_tile(s, seat, block, offset, events)
    elif ph == REMOVE:
        if block == "pass":
            events.append(Event("effect_declined", {"seat": seat}))
        else:
            removed = s.board[offset] - 1
            s.board[offset] = EMPTY
            s.empty += 1
            s.boxed[removed] += 1
            events.append(Event("tile_removed", {
                "seat": seat, "tile": cfg.tokens[removed], "cell": label(cfg, offset)}))
        end_turn(s, events)
    elif ph == SWAP_FIRST:
        if block == "pass":
            events.append(Event("effect_declined", {"seat": seat}))
            end_turn(s, events)
        else:
            s.swap_first = offset
            s.phase = SWAP_SECOND
    elif ph == SWAP_SECOND:
        first = s.swap_first
        board = s.board
        board[first], board[offset] = board[offset], board[first]
        events.append(Event("tiles_swapped", {
            "seat": seat, "a": label(cfg, first), "b": label(cfg, offset)}))
        end_turn(s, events)
    elif ph == REFILL:
        if block == "draw":
            s.phase = DEAL
        else:
            s.deal_queue = [p for p in s.deal_queue if p != seat]
            events.append(Event("refill_declined", {"seat": seat}))
            _continue_dealing(s, events)
    return events


def _illegal(s: BeowulfState, action: object) -> IllegalAction:
    """The error for an action the turn's phase does not allow (R3.1), naming who is to move."""
    try:
        text = actions.action_to_text(s.cfg, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc
    phase = PHASE_NAMES[s.phase]
    who = "chance" if s.phase in CHANCE_PHASES else f"seat {s.to_move}"
    return IllegalAction(
        f"{text!r} is not legal now: {who} is to move in phase {phase!r}",
        code="not_legal_now", action=text, phase=phase,
    )


def _apply_chance(s: BeowulfState, kind: int) -> list[Event]:
    """A tile leaves the pool (R2.3) for the drawer's hand (R3.3) or a dealt hand (R2.4, R5.6)."""
    s.invalidate()
    cfg = s.cfg
    s.pool[kind] -= 1
    s.pool_act -= 1
    token = cfg.tokens[kind]
    act = ROMAN[cfg.kinds[kind].act]
    if s.phase == DRAW:  # R3.3 the drawn tile goes to the mover's hand
        seat = s.to_move
        insort(s.hands[seat], kind)
        s.phase = SELECT
        return [Event("tile_drawn", {"seat": seat, "act": act}, {seat: {"tile": token}})]
    seat = s.deal_queue.pop(0)  # R2.4 / R5.6 dealing to two tiles
    insort(s.hands[seat], kind)
    events = [Event("tile_dealt", {"seat": seat, "act": act}, {seat: {"tile": token}})]
    _continue_dealing(s, events)
    return events


def _continue_dealing(s: BeowulfState, events: list[Event]) -> None:
    """Deal on in seat order until the queue or pool runs out (R2.4.1, R8.3.1, R8.3.2)."""
    if s.pool_act == 0:
        s.deal_queue = []
    if s.deal_queue:
        s.to_move = s.deal_queue[0]
        s.phase = REFILL if s.deal_decides else DEAL
    else:
        begin_turns(s, s.start_player, events)


def _place_figure(s: BeowulfState, seat: int, offset: int, events: list[Event]) -> None:
    """Put a figure from the seat's supply on an empty space (R3.2)."""
    cfg = s.cfg
    index, cell = divmod(offset, cfg.grid_rows * cfg.grid_cols)
    diamonds = index + 1
    s.board[cell] = figure_code(seat, diamonds)
    s.supply[seat][diamonds] -= 1
    s.empty -= 1
    events.append(Event("figure_placed", {
        "seat": seat, "diamonds": diamonds, "cell": label(cfg, cell)}))


def _take_from_hand(s: BeowulfState, seat: int, kind: int) -> None:
    """Take the chosen tile from the hand and count it as revealed, for R7.2's deduction."""
    s.hands[seat].remove(kind)
    s.revealed[kind] += 1
    s.selected = -1


def _play_tile(s: BeowulfState, seat: int, block: str, offset: int, events: list[Event]) -> None:
    """Play the chosen tile (R3.3, R4.3, R4.4, R4.7), then offer its ability (R4.1, R4.2, R4.6)."""
    cfg = s.cfg
    kind = s.selected
    token = cfg.tokens[kind]
    board = s.board
    if block == "cash_in":  # R4.3 Treasure cashed in: points now, tile to the box
        _take_from_hand(s, seat, kind)
        points = cfg.kinds[kind].tile.value
        s.saga[seat] += points
        s.boxed[kind] += 1
        events.append(Event("treasure_cashed", {"seat": seat, "tile": token, "points": points}))
        end_turn(s, events)
        return
    if block == "replace_mead":  # R4.4 Drunkenness replaces a Mead, which leaves the game
        _take_from_hand(s, seat, kind)
        mead = board[offset] - 1
        s.boxed[mead] += 1
        board[offset] = kind + 1
        events.append(Event("mead_replaced", {
            "seat": seat, "tile": token, "mead": cfg.tokens[mead],
            "cell": label(cfg, offset)}))
        end_turn(s, events)
        return
    if block == "counsel":  # R4.7 move a figure one space; the tile takes its place
        cell, d = divmod(offset, 4)
        dr, dc = DIRECTIONS[d]
        target = cell + dr * cfg.grid_cols + dc
        _take_from_hand(s, seat, kind)
        board[target] = board[cell]
        board[cell] = kind + 1
        s.empty -= 1
        events.append(Event("figure_moved", {
            "seat": seat, "tile": token, "from": label(cfg, cell), "to": label(cfg, target)}))
        end_turn(s, events)
        return
    # place_tile: R3.3 the tile goes on an empty space
    _take_from_hand(s, seat, kind)
    board[offset] = kind + 1
    s.empty -= 1
    events.append(Event("tile_placed", {"seat": seat, "tile": token, "cell": label(cfg, offset)}))
    if s.empty == 0 and cfg.options.last_space == "act_ends_at_once":
        end_turn(s, events)  # R8.5 variant: the act ends before the ability
        return
    t = kind_type(cfg, kind)
    if t in REMOVES and cells_of_type(s, REMOVES[t]):
        s.effect_cell = offset
        s.phase = REMOVE
        return
    if t == T_STATUE and len(tile_cells(s, (offset,))) >= 2:
        s.effect_cell = offset
        s.phase = SWAP_FIRST
        return
    end_turn(s, events)


# --- turn and act flow ---------------------------------------------------------------------


def end_turn(s: BeowulfState, events: list[Event]) -> None:
    """R5.1 the act ends as soon as the last space is filled; else the next player who can act
    (R3.6), and if nobody can, the act ends (R3.7)."""
    s.selected = -1
    s.effect_cell = -1
    s.swap_first = -1
    if s.empty == 0:
        end_act(s, s.to_move, events)
        return
    n = s.cfg.players
    for i in range(1, n + 1):
        p = (s.to_move + i) % n
        if can_act(s, p):
            for skipped in range(1, i):
                events.append(Event("player_skipped", {"seat": (s.to_move + skipped) % n}))
            s.to_move = p
            s.phase = TURN
            return
    end_act(s, s.last_actor, events)  # R3.7 nobody can act: the act ends


def begin_turns(s: BeowulfState, start: int, events: list[Event]) -> None:
    """The act's first turn goes to the first seat from `start` who can act (R2.5, R5.7, R8.12)."""
    n = s.cfg.players
    for i in range(n):
        p = (start + i) % n
        if can_act(s, p):
            s.to_move = p
            s.phase = TURN
            return
        events.append(Event("player_skipped", {"seat": p}))
    end_act(s, (start - 1) % n, events)


def board_of_act(s: BeowulfState) -> Board:
    """The current act's board (R1.4) as notation cells (for display and records)."""
    cfg = s.cfg
    ab = cfg.boards[s.act]
    cells = tuple(
        tuple(code_to_cell(s.board[r * cfg.grid_cols + c], cfg) for c in range(ab.cols))
        for r in range(ab.rows)
    )
    return Board(cells)


def grid_of_act(s: BeowulfState) -> Grid:
    """The current act's board as a scoring grid for R5.2 (cell = row × the act's columns +
    column); gorges divide lines (R4.10), and holes too under R8.4."""
    cfg = s.cfg
    ab = cfg.boards[s.act]
    width = cfg.grid_cols
    faces = cfg.faces
    holes_split = cfg.options.holes_split_lines
    tiles: list[tuple[int, int] | None] = []
    figures: list[tuple[int, int] | None] = []
    dividers: list[bool] = []
    for r in range(ab.rows):
        for code in s.board[r * width: r * width + ab.cols]:
            if code >= FIG:
                tiles.append(None)
                figures.append(divmod(code - FIG, 5))
                dividers.append(False)
            elif code > 0:
                face = faces[code - 1]
                tiles.append(face)
                figures.append(None)
                dividers.append(face[0] == GORGE)
            else:
                tiles.append(None)
                figures.append(None)
                dividers.append(code == GORGE_CODE or (holes_split and code == NOSPACE))
    return Grid(ab.rows, ab.cols, tiles, figures, dividers)


def act_scores(s: BeowulfState) -> tuple[dict[int, FigureScore], set[int]]:
    """Each figure's score if the act ended now (R5.2, keyed by grid cell), and the cells
    turned down (R4.9)."""
    return score_grid(grid_of_act(s), s.cfg.options.face_down_horn_keeps_ability)


def end_act(s: BeowulfState, ender: int, events: list[Event]) -> None:
    """R5.2–R5.7: score every figure, clear the board, start the next act or end the game
    (R6.1)."""
    cfg = s.cfg
    opts = cfg.options
    act = s.act
    cols = cfg.boards[act].cols
    n = cfg.players
    follower = (ender + 1) % n  # R5.7 the ender's left neighbour
    if opts.act_start == "next_to_act":  # R5.7.1 S-CZ: whose turn would have followed
        follower = next((p for p in ((ender + i) % n for i in range(1, n + 1))
                         if has_figure_or_tile(s, p)), follower)
    scores, turned = act_scores(s)
    down = [cell_label(*divmod(i, cols)) for i in sorted(turned)]
    if down:  # R4.9 Treachery turns positive tiles face down before scoring
        events.append(Event("tiles_turned_down", {"act": act + 1, "cells": down}))
    figures = []
    for i, fs in sorted(scores.items()):
        s.saga[fs.seat] += fs.points  # R5.3 negative results are paid back
        entry = {
            "seat": fs.seat, "diamonds": fs.diamonds, "horns": fs.horns,
            "cell": cell_label(*divmod(i, cols)), "terms": list(fs.terms), "sum": fs.total,
            "points": fs.points,
        }
        figures.append(entry)
        events.append(Event("figure_scored", {"act": act + 1, **entry}))
    for cell in cfg.boards[act].spaces:  # R5.4 longships return; R5.5 tiles leave the game
        code = s.board[cell]
        if code >= FIG:
            seat, diamonds = divmod(code - FIG, 5)
            if diamonds == 1:
                s.supply[seat][1] += 1
            else:
                s.boxed_figs[seat] += 1
        elif code > 0:
            s.boxed[code - 1] += 1
    for k in cfg.act_kinds[act]:  # R5.5 the undrawn pool leaves the game too
        s.boxed[k] += s.pool[k]
        s.pool[k] = 0
    s.pool_act = 0
    s.act_results.append({
        "act": act + 1, "ender": ender,
        "board": [" ".join(cell_token(cell) for cell in row) for row in board_of_act(s).cells],
        "turned_down": down, "figures": figures,
        "saga": list(s.saga),
    })
    events.append(Event("act_ended", {"act": act + 1, "ender": ender, "saga": list(s.saga)}))
    if act == len(cfg.boards) - 1:  # R6.1 the game ends after Act III
        s.phase = OVER
        s.to_move = -1
        s.board = cfg.empty_board(act)
        s.empty = len(cfg.boards[act].spaces)
        events.append(Event("game_ended", {"winners": s.winners(), "saga": list(s.saga)}))
        return
    # R5.6 the next act: its board, its pool, hands refilled to two
    s.act = act + 1
    s.board = cfg.empty_board(s.act)
    s.empty = len(cfg.boards[s.act].spaces)
    s.pool_act = sum(s.pool[k] for k in cfg.act_kinds[s.act])
    s.start_player = follower  # R5.7 the player after the one who ended the act
    queue: list[int] = []
    for i in range(n):
        p = (s.start_player + i) % n
        queue.extend([p] * max(0, HAND_SIZE - len(s.hands[p])))
    s.deal_queue = queue
    s.deal_decides = opts.refill == "optional"
    events.append(Event("act_started", {"act": s.act + 1, "start_player": s.start_player}))
    _continue_dealing(s, events)
