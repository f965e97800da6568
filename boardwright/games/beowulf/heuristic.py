"""A heuristic for Beowulf's search agents: each seat's saga points if the act ended now, plus
what its unused figures and the tiles still to come are likely worth. Only ever applied to
states an agent sampled from its own view, so it cannot leak hidden facts.

Its guesses about the future are the named numbers in `Weights`; callers may pass their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from .data import EMPTY, FIG, GORGE_CODE, NOSPACE, OVER
from .forward import BeowulfState
from .notation import TileType
from .rules import grid_of_act
from .scoring import line_segments, plain_segments, score_grid, segments

GORGE = int(TileType.GORGE)
HORN = int(TileType.HORN)
TREACHERY = int(TileType.TREACHERY)

_T = TypeVar("_T")


def per_faces(fn: Callable[..., _T]) -> Callable[..., _T]:
    """`fn(faces, *rest)` remembered by the identity of `faces`, a game's fixed face table.

    `functools.cache` hashes its key on every call, and hashing 64 pairs costs about 3 µs: a
    tenth of an evaluation. The memo keeps each table alive, so an id is never reused while
    its entry stands; it is emptied when it grows past a few hundred tables (long servers).
    """
    memo: dict[tuple[Any, ...], tuple[object, _T]] = {}

    @wraps(fn)
    def remembered(faces: tuple[tuple[int, int], ...], *rest: Any) -> _T:
        key = (id(faces), *rest)
        hit = memo.get(key)
        if hit is None or hit[0] is not faces:
            if len(memo) >= 256:
                memo.clear()
            hit = memo[key] = (faces, fn(faces, *rest))
        return hit[1]

    return remembered


@dataclass(frozen=True)
class Weights:
    """The heuristic's guesses about the future, as named numbers per act (index 0 = Act I): the
    agents' strength depends on them, the rules do not. A shorter tuple's last number serves
    the later acts. The defaults are the 2-player weights (`DEFAULT_WEIGHTS`).

    `bench/beowulf_fit_weights.py` fits them by least squares to where greedy self-play games
    went; `bench/beowulf_weights.py` duels two sets. The measurements behind the shipped
    numbers: docs/strength.md, "Evidence: 2-player weights", "Evidence: 3- and 4-player
    weights" and "Evidence: hand terms at 0".
    """

    #: saga points an unused figure is worth per diamond, by act: it can still score later this
    #: act or in a later one, and it breaks ties (R6.3)
    unused_diamond: tuple[float, ...] = (3.0, 2.0, 0.5)
    #: share of a figure's empty line spaces counted as filled by an average pool tile: less than
    #: the share tiles fill, since the other players put their perils in one's lines
    tile_fill_share: tuple[float, ...] = (0.3,)
    #: share of a figure's line points left out at the act's start, shrinking in step with the
    #: empty spaces, so that a full board counts them all (they are then what R5.2 scores):
    #: early points are often spoiled. Fitted at 0.5 / 0.3 / 0.55 for 2 players, but the search
    #: played worse against greedy with the fitted 2-player set, so 0 there (docs/strength.md,
    #: "Evidence: 2-player weights")
    line_discount: tuple[float, ...] = (0.0,)
    #: what having the move is worth at the act's start and at its end (in between, in step with
    #: the empty spaces), so that a position judged after one's move compares with one judged
    #: after the answer. Fitted at 2 and 8 / 3.5 / 3.5 for 2 players, but 0 there: with it
    #: the search did 37 points per game worse against a fixed greedy (it tilts the tree toward
    #: the nodes judged where oneself has the move); with 3–4 players it did not hurt
    tempo_start: tuple[float, ...] = (0.0,)
    tempo_end: tuple[float, ...] = (0.0,)
    #: a peril in hand, per point of its value (it can spoil an opponent's line later), and a
    #: special tile in hand (Horn, Treachery, Gorge, ...: no value, an effect to come). Fitted
    #: at 1.8 / 0.3 / 0.5 and 2.6 / 0 / 2.4, but shipped at 0: a searcher judges worlds sampled
    #: from its view, and the other seats' sampled hands then move its judgement of a position
    #: by 1.6 points (sd over worlds; 0.3 without these terms), nearly as much as the choice
    #: between its moves does (sd 2.0): noise the search must average away
    #: (`bench/beowulf_weights.py --noise`)
    hand_peril: tuple[float, ...] = (0.0,)
    hand_special: tuple[float, ...] = (0.0,)

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if not value or any(not isinstance(x, (int, float)) for x in value):
                raise ValueError(f"{name} must be a non-empty tuple of numbers, one per act")

    def in_act(self, act: int) -> dict[str, float]:
        """Every field's number for `act`."""
        return {name: _per_act(value, act) for name, value in vars(self).items()}


def _per_act(values: tuple[float, ...], act: int) -> float:
    """The act's number; a shorter tuple's last number serves the later acts."""
    return values[min(act, len(values) - 1)]


#: 2-player weights, chosen by greedy-against-greedy duels (docs/strength.md, "Evidence: 2-player
#: weights"; preset `duelled` of bench/beowulf_weights.py)
DEFAULT_WEIGHTS = Weights()
#: 3- and 4-player weights, fitted on 200 games at each count: with more opponents a figure's
#: early points and open spaces are spoiled more often, and an unused figure is worth less in
#: Act I (the fitted line discount in Act I, 1.2, is capped at all of the points)
#: (docs/strength.md, "Evidence: 3- and 4-player weights")
CROWDED_WEIGHTS = Weights(unused_diamond=(0.7, 1.8, 1.6), tile_fill_share=(0.1, 0.25, 0.13),
                          line_discount=(1.0, 0.45, 0.5), tempo_start=(0.0, 0.8, 2.4),
                          tempo_end=(6.4, 3.2, 3.6))


def shipped_weights(players: int) -> Weights:
    """The weights the game's agents use at this player count."""
    return DEFAULT_WEIGHTS if players <= 2 else CROWDED_WEIGHTS


def evaluate(state: BeowulfState, weights: Weights | None = None) -> list[float]:
    """Estimated final saga points per seat: `reference_evaluate`'s numbers, computed in one
    pass over the act's flat board (the search calls this at every leaf; the reference builds a
    scoring grid and a score record per figure, about five times slower)."""
    values = [float(x) for x in state.saga]
    if state.phase == OVER:
        return values
    cfg = state.cfg
    if weights is None:
        weights = shipped_weights(cfg.players)
    act = state.act
    ab = cfg.boards[act]
    spaces = len(ab.spaces)
    kept = 1.0 - _per_act(weights.line_discount, act) * state.empty / spaces
    rows, cols, width = ab.rows, ab.cols, cfg.grid_cols
    kinds, worth = _face_tables(cfg.faces)
    holes_split = cfg.options.holes_split_lines
    board = state.board
    n = rows * cols
    codes = (board[:n] if width == cols
             else [board[r * width + c] for r in range(rows) for c in range(cols)])
    dividing = _dividing_codes(cfg.faces, holes_split)
    if dividing.isdisjoint(codes):  # most boards: segments are whole rows and columns
        row_seg, col_seg, size = plain_segments(rows, cols)
    else:
        row_seg, col_seg, size = line_segments([code in dividing for code in codes], rows, cols)
    treacheries = [0] * size
    for i, code in enumerate(codes):
        if 0 < code < FIG and kinds[code] == TREACHERY and row_seg[i] >= 0:
            treacheries[row_seg[i]] += 1
            treacheries[col_seg[i]] += 1
    keeps = cfg.options.face_down_horn_keeps_ability
    sums = [0] * size
    horns = [0] * size
    open_in = [0] * size
    figures: list[int] = []
    for i, code in enumerate(codes):
        rs = row_seg[i]
        if rs < 0:
            continue
        cs = col_seg[i]
        if code >= FIG:
            figures.append(i)
        elif code > 0:
            kind, value = kinds[code], worth[code]
            itself = 1 if kind == TREACHERY else 0  # R8.9 never itself
            down = value > 0 and (treacheries[rs] > itself or treacheries[cs] > itself)
            if kind == HORN and (keeps or not down):
                horns[rs] += 1
                horns[cs] += 1
            if not down:
                sums[rs] += value
                sums[cs] += value
        elif code == EMPTY:
            open_in[rs] += 1
            open_in[cs] += 1
    # the same additions in the same order as the reference, so the floats are identical
    multipliers = []
    for i in figures:
        owner, diamonds = divmod(codes[i] - FIG, 5)
        rs, cs = row_seg[i], col_seg[i]
        multiplier = diamonds + horns[rs] + horns[cs]
        multipliers.append(multiplier)
        values[owner] += (sums[rs] + sums[cs]) * multiplier * kept
    _add_unused_figures(values, state, weights)
    mean = _mean_pool_value(state)
    if mean and state.empty:
        share = _per_act(weights.tile_fill_share, act)
        for i, multiplier in zip(figures, multipliers, strict=True):
            open_cells = open_in[row_seg[i]] + open_in[col_seg[i]]
            values[(codes[i] - FIG) // 5] += share * mean * open_cells * multiplier
    _add_moves_in_hand(values, state, weights, spaces)
    return values


@per_faces
def _dividing_codes(faces: tuple[tuple[int, int], ...], holes_split: bool) -> frozenset[int]:
    """The board codes that cut lines: gorge tiles, printed gorges, holes if holes split."""
    codes = {GORGE_CODE} | {1 + k for k, face in enumerate(faces) if face[0] == GORGE}
    if holes_split:
        codes.add(NOSPACE)
    return frozenset(codes)


@per_faces
def _face_tables(faces: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int]]:
    """Each tile code's kind and value (code = 1 + its face index; index 0 unused)."""
    return [-1] + [f[0] for f in faces], [0] + [f[1] for f in faces]


def reference_evaluate(state: BeowulfState, weights: Weights | None = None) -> list[float]:
    """`evaluate` written with the rules' own scoring (R5.2, R4.8–R4.10): the definition the
    fast version is tested against."""
    values = [float(x) for x in state.saga]
    if state.phase == OVER:
        return values
    cfg = state.cfg
    if weights is None:
        weights = shipped_weights(cfg.players)
    act = state.act
    spaces = len(cfg.boards[act].spaces)
    grid = grid_of_act(state)
    scores, _ = score_grid(grid, cfg.options.face_down_horn_keeps_ability)
    for fs in scores.values():
        # the share of spaces still empty says how likely these points are to be spoiled
        values[fs.seat] += fs.points * (1.0 - _per_act(weights.line_discount, act)
                                        * state.empty / spaces)
    _add_unused_figures(values, state, weights)
    mean = _mean_pool_value(state)
    if mean and state.empty and scores:
        # a figure's open spaces will likely hold tiles worth `mean` on average
        row_seg, col_seg = segments(grid)
        open_in: dict[int, int] = {}
        ab = cfg.boards[state.act]
        board = state.board
        width = cfg.grid_cols
        for i in range(ab.rows * ab.cols):
            r, c = divmod(i, ab.cols)
            if board[r * width + c] == EMPTY:
                open_in[row_seg[i]] = open_in.get(row_seg[i], 0) + 1
                open_in[col_seg[i]] = open_in.get(col_seg[i], 0) + 1
        for i, fs in scores.items():
            open_cells = open_in.get(row_seg[i], 0) + open_in.get(col_seg[i], 0)
            values[fs.seat] += (_per_act(weights.tile_fill_share, act) * mean * open_cells
                                * fs.multiplier)
    _add_moves_in_hand(values, state, weights, spaces)
    return values


def _add_unused_figures(values: list[float], state: BeowulfState, weights: Weights) -> None:
    """Each seat's figures in supply, at the act's worth per diamond (R6.3 tie-break included)."""
    weight = _per_act(weights.unused_diamond, state.act)
    for p, supply in enumerate(state.supply):
        values[p] += weight * (2 * supply[2] + 3 * supply[3] + 4 * supply[4])
        values[p] += weight * 0.5 * supply[1]  # longships come back every act


def _add_moves_in_hand(values: list[float], state: BeowulfState, weights: Weights,
                       spaces: int) -> None:
    """The seat to move, and each seat's perils and special tiles in hand: moves not yet made
    (`spaces`: the act board's number of spaces)."""
    act = state.act
    start, end = _per_act(weights.tempo_start, act), _per_act(weights.tempo_end, act)
    values[state.to_move] += end + (start - end) * state.empty / spaces
    peril, special = _per_act(weights.hand_peril, act), _per_act(weights.hand_special, act)
    if not (peril or special):  # the shipped weights: the hands are not read at every leaf
        return
    faces = state.cfg.faces
    for p, hand in enumerate(state.hands):
        for k in hand:
            value = faces[k][1]
            if value < 0:
                values[p] -= peril * value
            elif value == 0:
                values[p] += special


def _mean_pool_value(state: BeowulfState) -> float:
    cfg = state.cfg
    total = state.pool_act
    if not total:
        return 0.0
    pool = state.pool
    faces = cfg.faces
    return sum(pool[k] * faces[k][1] for k in cfg.act_kinds[state.act]) / total
