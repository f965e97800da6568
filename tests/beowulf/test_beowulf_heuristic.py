"""The search heuristic's fast evaluation gives exactly the numbers of its reference, which is
written with the rules' own scoring (R5.2, R4.8 Dragon Horn, R4.9 Treachery, R4.10 Gorge)."""

from __future__ import annotations

import random

import pytest

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf.data import FIG
from boardwright.games.beowulf.heuristic import Weights, evaluate, reference_evaluate
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



def test_weights_price_unused_figures_and_open_spaces_as_given() -> None:
    """The heuristic's guesses are data: a caller's `Weights` replace the shipped ones, in the
    fast evaluation and its reference alike."""
    state = GAME.new_initial_state(2, {})
    # at the start every figure is unused: 1×4 + 2×3 + 3×2 diamonds, and 4 longships at half
    nothing = Weights(unused_diamond=(0.0, 0.0, 0.0), tile_fill_share=0.0)
    two_each = Weights(unused_diamond=(2.0, 0.0, 0.0), tile_fill_share=0.0)
    assert evaluate(state, nothing) == [50.0, 50.0]
    assert evaluate(state, two_each) == reference_evaluate(state, two_each) == [86.0, 86.0]
    shipped = Weights().unused_diamond[0]
    assert evaluate(state) == [50.0 + 18 * shipped] * 2
    # the open-space share counts only where a figure stands in an open line
    mid = next(s for s in _random_positions(2, 3) if s.act == 0 and s.empty
               and any(code >= FIG for code in s.board))
    low = Weights(tile_fill_share=0.0)
    high = Weights(tile_fill_share=1.0)
    assert evaluate(mid, low) != evaluate(mid, high)
    assert evaluate(mid, high) == reference_evaluate(mid, high)
