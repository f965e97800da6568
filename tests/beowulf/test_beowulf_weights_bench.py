"""`bench/beowulf_weights.py` duels two sets of heuristic weights and reports the luck."""

from __future__ import annotations

from types import ModuleType

import pytest
from beowulf_helpers import load_bench

from boardwright.games.beowulf.heuristic import Weights


def _script() -> ModuleType:
    return load_bench("beowulf_weights")


def test_a_deal_is_played_from_both_seats_with_each_players_weights() -> None:
    script = _script()
    shipped, earlier = Weights(), Weights(unused_diamond=(2.0, 1.5, 0.5), tile_fill_share=(0.6,))
    results = [script._one((shipped, earlier, 8000, seat, 2)) for seat in (0, 1)]
    # the same weights on both sides would mirror each other; the margins are A's, from A's seat
    for win, margin in results:
        assert win in (0.0, 0.5, 1.0)
        assert (win == 1.0) == (margin > 0) or margin == 0
    mirrored = [script._one((shipped, shipped, 8000, seat, 2)) for seat in (0, 1)]
    assert mirrored[0][1] == -mirrored[1][1]


def test_bad_weights_are_refused_with_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _script().main(["--a", "unused_diamond=three,2,0.5"])
    assert exit_info.value.code == 2
    assert "comma-separated numbers" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        _script().main(["--b", "fill=0.3"])
    assert exit_info.value.code == 2
    assert "tile_fill_share" in capsys.readouterr().err


def test_weights_are_the_shipped_ones_with_the_named_fields_replaced() -> None:
    weights = _script()._weights(["tile_fill_share=0.3", "hand_peril=1,2,3"])
    assert weights.tile_fill_share == (0.3,)
    assert weights.hand_peril == (1.0, 2.0, 3.0)
    assert weights.unused_diamond == Weights().unused_diamond
    earlier = _script()._weights(["original", "unused_diamond=1"])
    assert earlier.tile_fill_share == (0.6,) and earlier.unused_diamond == (1.0,)
    assert earlier.line_discount == earlier.hand_peril == (0.0,)


def test_presets_keep_their_earlier_names() -> None:
    """`fifth` and `fourth` were the presets' first names; commands that use them still run."""
    script = _script()
    assert script._weights(["fifth"], 4) == script._weights(["duelled"], 4) == Weights()
    assert script._weights(["fourth"]) == script._weights(["original"])


def test_hidden_hands_make_the_judgement_vary_across_sampled_worlds() -> None:
    """Priced hands move the judgement across worlds sampled from one view (the other seats'
    hands are sampled); the shipped weights, which leave hands out, barely do."""
    script = _script()
    priced = script._weights(["hand_peril=2", "hand_special=2"])
    (priced_worlds, priced_moves), (shipped_worlds, shipped_moves) = script.noise(
        (priced, Weights()), games=1, worlds=8, seed=1)
    assert priced_worlds > shipped_worlds
    assert shipped_worlds < shipped_moves
    assert priced_moves > 0


def test_with_more_players_a_sits_in_one_seat_and_b_in_the_others() -> None:
    script = _script()
    shipped = script._weights([], 4)
    assert shipped == script._weights(["shipped"], 4) != script._weights([], 2)
    win, margin = script._one((shipped, shipped, 8000, 2, 4))
    # A's margin is over the best of the three other seats (a tie goes to R6.3's diamonds)
    assert win in (0.0, 1 / 3, 0.5, 1.0)
    assert margin < 0 or win > 0 or margin == 0
    assert margin >= 0 or win == 0
