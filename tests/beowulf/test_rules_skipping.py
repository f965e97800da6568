"""R3.6.1 and R5.7.1: who is skipped, and who starts Acts II and III, as both books say."""

from __future__ import annotations

import pytest
from beowulf_helpers import TINY, deal, events_of, hand, new_game, play

from boardwright.games.beowulf import rules as R

#: Beowulf, Thane, Thane, Castle ×3, Longship ×4
ORDER = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)
BOARD_5X5 = "\n".join([". . . . ."] * 5)
CELLS_5X5 = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]


def _empty_handed_without_figures(**options: object):
    """Act II with an optional refill that seat 1 declines; both place all ten figures, so seat 1
    has no figure and no tile while the pool still holds tiles."""
    s = new_game(2, tiles=[[], ["+1", "+2", "+3", "+4", "+5"], ["+1"]],
                 boards=[". .", BOARD_5X5, TINY], refill="optional", **options)
    play(s, "fig 1 A1", "fig 1 B1")  # seat 1 ends Act I: seat 0 starts Act II
    play(s, "draw", "deal +1/II", "draw", "deal +2/II", "pass")
    assert (hand(s, 0), hand(s, 1)) == (["+1/II", "+2/II"], [])
    for i, d in enumerate(ORDER):
        play(s, f"fig {d} {CELLS_5X5[2 * i]}", f"fig {d} {CELLS_5X5[2 * i + 1]}")
    return s


def test_r3_6_1_a_player_with_no_figure_and_no_tile_is_skipped_though_the_pool_has_tiles() -> None:
    s = _empty_handed_without_figures()
    events = play(s, "draw", "deal +3/II", "tile +3/II", "put A5")
    assert events_of(events, "player_skipped") == [{"seat": 1}]
    assert (s.phase, s.current_player(), s.pool_act) == (R.TURN, 0, 2)


def test_r3_6_1_option_empty_hand_draws_lets_him_draw_from_the_pool() -> None:
    s = _empty_handed_without_figures(empty_hand_draws=True)
    events = play(s, "draw", "deal +3/II", "tile +3/II", "put A5")
    assert events_of(events, "player_skipped") == []
    assert (s.phase, s.current_player()) == (R.TURN, 1)
    play(s, "draw", "deal +4/II", "tile +4/II", "put B5")


def _act_one_ends_with_seat_3_out(**options: object):
    """4 players on 43 spaces, Act I's 6 tiles dealt to seats 0–2: after ten rounds of figures
    seat 3 holds nothing, and seat 2 fills the last space while seat 0 still holds a tile."""
    rows = [" ".join(["."] * 9)] * 4 + [". . . . . . . # #"]
    s = new_game(4, tiles=[["+1", "+2", "+3", "+4", "+5", "+6"], ["+1"] * 8, ["+1"]],
                 boards=["\n".join(rows), ". . .", TINY], **options)
    deal(s, {0: ["+1/I", "+2/I"], 1: ["+3/I", "+4/I"], 2: ["+5/I", "+6/I"]})
    cells = [f"{c}{r}" for r in range(1, 6) for c in "ABCDEFGHI"]
    for i, d in enumerate(ORDER):
        play(s, *[f"fig {d} {cells[4 * i + k]}" for k in range(4)])
    assert s.supply[3] == [0, 0, 0, 0, 0] and hand(s, 3) == []
    play(s, "tile +1/I", "put E5", "tile +3/I", "put F5")
    events = play(s, "tile +5/I", "put G5")
    assert s.act_results[0]["ender"] == 2
    assert events_of(events, "act_ended")
    return s


@pytest.mark.parametrize(("option", "start"), [({}, 3), ({"act_start": "next_to_act"}, 0)])
def test_r5_7_1_act_ii_starts_with_the_left_neighbour_or_with_whose_turn_would_follow(
        option: dict[str, str], start: int) -> None:
    s = _act_one_ends_with_seat_3_out(**option)
    assert s.start_player == start
    assert s.deal_queue[0] == start
