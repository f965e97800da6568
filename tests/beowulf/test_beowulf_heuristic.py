"""The search heuristic's fast evaluation gives exactly the numbers of its reference, which is
written with the rules' own scoring (R5.2, R4.8 Dragon Horn, R4.9 Treachery, R4.10 Gorge)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf.data import FIG, OVER
from boardwright.games.beowulf.heuristic import (
    CROWDED_WEIGHTS,
    DEFAULT_WEIGHTS,
    Weights,
    evaluate,
    reference_evaluate,
    shipped_weights,
)
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



#: every guess about the future switched off: the evaluation is the saga points plus the act's
#: provisional R5.2 scores
NOTHING = Weights(unused_diamond=(0.0,), tile_fill_share=(0.0,), line_discount=(0.0,),
                  tempo_start=(0.0,), tempo_end=(0.0,), hand_peril=(0.0,), hand_special=(0.0,))


def _with(**changes: tuple[float, ...]) -> Weights:
    return dataclasses.replace(NOTHING, **changes)


def _mid_act_positions() -> list[BeowulfState]:
    """Positions in the middle of an act with figures on the board and tiles in hands."""
    return [s for seed in range(3) for s in _random_positions(2, seed)
            if s.empty and s.phase != OVER and any(code >= FIG for code in s.board)
            and any(s.hands)]


def test_weights_price_unused_figures_and_open_spaces_as_given() -> None:
    """The heuristic's guesses are data: a caller's `Weights` replace the shipped ones, in the
    fast evaluation and its reference alike."""
    state = GAME.new_initial_state(2, {})
    # at the start every figure is unused: 1×4 + 2×3 + 3×2 diamonds, and 4 longships at half
    two_each = _with(unused_diamond=(2.0, 0.0, 0.0))
    assert evaluate(state, NOTHING) == [50.0, 50.0]
    assert evaluate(state, two_each) == reference_evaluate(state, two_each) == [86.0, 86.0]
    # the open-space share counts only where a figure stands in an open line
    mid = _mid_act_positions()[0]
    low, high = _with(tile_fill_share=(0.0,)), _with(tile_fill_share=(1.0,))
    assert evaluate(mid, low) != evaluate(mid, high)
    assert evaluate(mid, high) == reference_evaluate(mid, high)


def test_weights_discount_line_points_by_the_share_of_spaces_still_empty() -> None:
    """A figure's R5.2 points count in full on a full board; at the act's start they count
    `1 - line_discount` of themselves, and in between in step with the empty spaces."""
    mid = next(s for s in _mid_act_positions() if evaluate(s, NOTHING) != s.saga)
    points = [v - saga for v, saga in zip(evaluate(mid, NOTHING), mid.saga, strict=True)]
    empty_share = mid.empty / len(mid.cfg.boards[mid.act].spaces)
    discounted = evaluate(mid, _with(line_discount=(0.5,)))
    for seat in range(2):
        assert discounted[seat] == pytest.approx(mid.saga[seat]
                                                 + points[seat] * (1 - 0.5 * empty_share))


def test_weights_give_the_seat_to_move_its_tempo_and_price_tiles_in_hand() -> None:
    state = GAME.new_initial_state(2, {})
    # at the start every space is empty, so the tempo is its start value
    tempo = _with(tempo_start=(5.0,), tempo_end=(1.0,))
    first = state.to_move
    assert evaluate(state, tempo)[first] == 55.0
    assert evaluate(state, tempo)[1 - first] == 50.0
    mid = _mid_act_positions()[0]
    empty_share = mid.empty / len(mid.cfg.boards[mid.act].spaces)
    assert evaluate(mid, tempo)[mid.to_move] == pytest.approx(
        evaluate(mid, NOTHING)[mid.to_move] + 1.0 + 4.0 * empty_share)
    # a peril counts per point of its value, a special tile (value 0) as one, a boon not at all
    faces = mid.cfg.faces
    for seat, hand in enumerate(mid.hands):
        perils = sum(-faces[k][1] for k in hand if faces[k][1] < 0)
        specials = sum(1 for k in hand if faces[k][1] == 0)
        priced = evaluate(mid, _with(hand_peril=(1.5,), hand_special=(2.0,)))
        assert priced[seat] == pytest.approx(evaluate(mid, NOTHING)[seat]
                                             + 1.5 * perils + 2.0 * specials)


def test_fast_evaluation_equals_the_reference_under_every_weight() -> None:
    weights = Weights(unused_diamond=(1.0, 2.0, 3.0), tile_fill_share=(0.7, 0.2),
                      line_discount=(0.9, 0.1, 0.4), tempo_start=(1.0, 3.0),
                      tempo_end=(7.0, 2.0, 5.0), hand_peril=(0.3, 1.1), hand_special=(4.0,))
    for state in _mid_act_positions():
        assert evaluate(state, weights) == reference_evaluate(state, weights)


def test_weights_are_chosen_by_player_count() -> None:
    assert shipped_weights(2) is DEFAULT_WEIGHTS
    assert shipped_weights(3) is shipped_weights(4) is CROWDED_WEIGHTS
    state = GAME.new_initial_state(4, {})
    assert evaluate(state) == evaluate(state, CROWDED_WEIGHTS)


def test_weights_refuse_a_field_without_numbers() -> None:
    with pytest.raises(ValueError, match="hand_peril"):
        Weights(hand_peril=())
