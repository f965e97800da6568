"""The rollout policy's per-space numbers, computed from segment sums, equal a walk along each
line from the space (gorges cut a line, R4.10; the policy lets holes pass)."""

from __future__ import annotations

import random

import pytest

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf.data import EMPTY, FIG, GORGE_CODE, OVER
from boardwright.games.beowulf.notation import TileType
from boardwright.games.beowulf.policy import _Lines, _weights
from boardwright.games.beowulf.rules import empty_cells


def _walk(state: BeowulfState, cell: int) -> list[int]:
    """The cells seen from `cell` along its row and column, up to a gorge."""
    cfg = state.cfg
    ab = cfg.boards[state.act]
    width = cfg.grid_cols
    cuts = {GORGE_CODE} | {1 + k for k, f in enumerate(cfg.faces) if f[0] == TileType.GORGE}
    r, c = divmod(cell, width)
    out = []
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < ab.rows and 0 <= cc < ab.cols and state.board[rr * width + cc] not in cuts:
            out.append(rr * width + cc)
            rr, cc = rr + dr, cc + dc
    return out


def _reference(state: BeowulfState, seat: int) -> tuple[dict[int, int], dict[int, int]]:
    signed: dict[int, int] = {}
    total: dict[int, int] = {}
    for cell in empty_cells(state):
        for n in _walk(state, cell):
            code = state.board[n]
            if code >= FIG:
                owner, diamonds = divmod(code - FIG, 5)
                signed[cell] = signed.get(cell, 0) + (diamonds if owner == seat else -diamonds)
                total[cell] = total.get(cell, 0) + diamonds
    return signed, total


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_policy_space_weights_and_line_values_match_a_walk_along_the_lines(
        players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, {})
    checked = gorged = 0
    while state.current_player() != TERMINAL:
        actor = state.current_player()
        state.apply(sample_chance(state.chance_outcomes(), rng) if actor == CHANCE
                    else rng.choice(state.legal_actions()))
        if state.phase == OVER:
            continue
        lines = _Lines(state)
        for seat in range(players):
            assert _weights(state, seat) == _reference(state, seat)
        for cell in empty_cells(state):
            faces = state.cfg.faces
            expected = sum(faces[state.board[n] - 1][1] for n in _walk(state, cell)
                           if EMPTY < state.board[n] < FIG)
            assert lines.value(cell) == expected
        checked += 1
        gorged += any(c == GORGE_CODE for c in state.board)
    assert checked > 100 and gorged > 10  # the printed gorges of Act II were met
