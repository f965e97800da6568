"""The search heuristic's fast evaluation gives exactly the numbers of its reference, which is
written with the rules' own scoring (R5.2, R4.8 Dragon Horn, R4.9 Treachery, R4.10 Gorge)."""

from __future__ import annotations

import random

import pytest

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf.heuristic import evaluate, reference_evaluate
from boardwright.games.beowulf.notation import TileType


def _random_positions(players: int, seed: int, **options: object) -> list[BeowulfState]:
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, dict(options))
    positions = []
    while state.current_player() != TERMINAL:
        actor = state.current_player()
        state.apply(sample_chance(state.chance_outcomes(), rng) if actor == CHANCE
                    else rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


@pytest.mark.parametrize("options", [{}, {"holes_split_lines": True},
                                     {"face_down_horn_keeps_ability": False}])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r5_2_fast_evaluation_equals_the_rules_scoring(players: int,
                                                       options: dict[str, object]) -> None:
    positions = [s for seed in range(6) for s in _random_positions(players, seed, **options)]
    cfg = positions[0].cfg
    kinds = {cfg.faces[s.board[i] - 1][0] for s in positions for i in range(len(s.board))
             if 0 < s.board[i] < 1000}
    # the positions cover what changes the lines: gorges, treachery and horns on the board
    assert {int(TileType.GORGE), int(TileType.TREACHERY), int(TileType.HORN)} <= kinds
    assert {s.act for s in positions} == {0, 1, 2}
    for state in positions:
        assert evaluate(state) == reference_evaluate(state)

