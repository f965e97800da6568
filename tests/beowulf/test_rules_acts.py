"""Beowulf rules R5 (end of an act), R6 (end of the game) and the options R8.3, R8.5, R8.12,
R8.13, all driven through real actions on small boards."""

from __future__ import annotations

import pytest
from beowulf_helpers import (
    TINY,
    assert_illegal,
    boxed,
    deal,
    events_of,
    hand,
    kinds_of,
    legal_texts,
    new_game,
    play,
    result_board,
)

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.errors import IllegalAction
from boardwright.games.beowulf import rules as R


def _two_by_three(act_ii_tiles=("+1", "+2", "+3", "+4")):
    """Seat 0's Thane on A1 and seat 1's Longship on C2; seat 0 holds +1 and -4, seat 1 holds -1
    and +6; the pool is empty. Five turns later one space (B2) is left, seat 1 to move."""
    s = new_game(2, tiles=[["+1", "-4", "-1", "+6"], list(act_ii_tiles), ["+1"]],
                 boards=[". . .\n. . .", ". . .", TINY])
    deal(s, {0: ["+1/I", "-4/I"], 1: ["-1/I", "+6/I"]})
    play(s, "fig 3 A1", "fig 1 C2", "tile +1/I", "put B1", "tile -1/I", "put A2",
         "tile -4/I", "put C1", "tile +6/I")
    return s


# --- R5.1 ----------------------------------------------------------------------------------


def test_r5_1_the_act_ends_at_once_when_a_tile_fills_the_last_space() -> None:
    s = _two_by_three()
    assert (s.act, s.phase) == (0, R.PLAY)
    events = play(s, "put B2")
    assert kinds_of(events)[:4] == ["tile_placed", "figure_scored", "figure_scored", "act_ended"]
    assert events_of(events, "act_ended") == [{"act": 1, "ender": 1, "saga": [38, 51]}]
    assert s.act == 1
    assert result_board(s) == [["a3", "+1", "-4"], ["-1", "+6", "b1"]]


def test_r5_1_the_act_ends_at_once_when_a_figure_fills_the_last_space() -> None:
    s = new_game(2, tiles=[[], [], []], boards=[". . .", TINY, TINY])
    play(s, "fig 1 A1", "fig 2 B1")
    assert s.act == 0
    events = play(s, "fig 4 C1")
    assert "act_ended" in kinds_of(events)
    assert s.act == 1


# --- R5.2, R5.3 ----------------------------------------------------------------------------


def test_r5_2_each_figure_scores_its_row_and_column_sum_times_its_diamonds() -> None:
    s = _two_by_three()
    events = play(s, "put B2")
    scored = events_of(events, "figure_scored")
    assert scored == [
        {"act": 1, "seat": 0, "diamonds": 3, "horns": 0, "cell": "A1",
         "terms": [1, -4, -1], "sum": -4, "points": -12},
        {"act": 1, "seat": 1, "diamonds": 1, "horns": 0, "cell": "C2",
         "terms": [-1, 6, -4], "sum": 1, "points": 1},
    ]


def test_r5_3_owners_gain_positive_results_and_pay_negative_ones() -> None:
    s = _two_by_three()
    play(s, "put B2")
    assert s.saga == [50 - 12, 50 + 1]
    assert s.act_results[0]["saga"] == [38, 51]
    assert s.returns() == [38.0, 51.0]


def test_r5_3_r1_3_saga_totals_may_go_below_zero() -> None:
    s = new_game(2, tiles=[["-6", "-6", "-4", "-5"], ["+1"], ["+1"]],
                 boards=[". . . . .", TINY, TINY])
    deal(s, {0: ["-6/I", "-6/I"], 1: ["-4/I", "-5/I"]})
    play(s, "fig 4 A1", "tile -4/I", "put B1", "tile -6/I", "put C1", "tile -5/I", "put D1",
         "tile -6/I", "put E1")
    assert s.act == 1
    assert s.saga == [50 + (-4 - 6 - 5 - 6) * 4, 50]
    assert s.saga[0] == -34


# --- R5.4, R5.5 ----------------------------------------------------------------------------


def test_r5_4_longships_return_to_their_owner_and_other_figures_leave_the_game() -> None:
    s = new_game(2, tiles=[[], [], []], boards=[". . . .\n. . . .", TINY, TINY])
    before = s.conserved()
    play(s, "fig 4 A1", "fig 1 B1", "fig 3 C1", "fig 1 D1",
         "fig 2 A2", "fig 2 B2", "fig 1 C2", "fig 3 D2")
    assert s.act == 1
    assert s.supply[0] == [0, 4, 2, 1, 0]  # Beowulf, a Thane and a Castle gone
    assert s.supply[1] == [0, 4, 2, 1, 1]  # a Thane and a Castle gone, both Longships back
    assert s.boxed_figs == [3, 2]
    assert s.conserved() == before
    assert s.unused_diamonds(0) == 20 - 4 - 3 - 2
    assert s.view(None)["supply"][1] == {"4": 1, "3": 1, "2": 2, "1": 4}


def _pool_left_over():
    """Act I on one row of three; seat 0 ends it holding +2 and +5, seat 1 holds +3 and +4, the
    pool still holds +6."""
    s = new_game(2, tiles=[["+1", "+2", "+3", "+4", "+5", "+6"], ["-1", "-2", "+1"], ["+1"]],
                 boards=[". . .", ". . .", TINY])
    deal(s, {0: ["+1/I", "+2/I"], 1: ["+3/I", "+4/I"]})
    play(s, "fig 1 A1", "fig 1 C1", "draw", "deal +5/I", "tile +1/I", "put B1")
    return s


def test_r5_5_tiles_on_the_board_and_in_the_pool_leave_the_game_hands_are_kept() -> None:
    s = _pool_left_over()
    assert s.act == 1
    assert s.saga == [51, 51]
    assert boxed(s, "+1/I") == 1  # from the board
    assert boxed(s, "+6/I") == 1  # from the pool
    assert all(s.pool[k] == 0 for k in s.cfg.act_kinds[0])
    assert hand(s, 0) == ["+2/I", "+5/I"]
    assert hand(s, 1) == ["+3/I", "+4/I"]
    assert s.view(None)["board"] == [[".", ".", "."]]
    assert s.supply[0][1] == s.supply[1][1] == 4


def test_r5_5_r7_1_tiles_kept_from_an_earlier_act_are_playable_and_their_backs_public() -> None:
    s = _pool_left_over()
    # both hands are full, so nothing is dealt; seat 1 starts Act II (R5.7)
    assert (s.phase, s.current_player(), s.pool_act) == (R.TURN, 1, 3)
    assert s.view(0)["hands"][1] == {"count": 2, "acts": [1, 1]}
    play(s, "draw", "deal -1/II")
    assert s.view(0)["hands"][1] == {"count": 3, "acts": [1, 1, 2]}
    assert legal_texts(s) == {"tile +3/I", "tile +4/I", "tile -1/II"}
    play(s, "tile +3/I", "put B1")
    assert s.view(None)["board"] == [[".", "+3/I", "."]]
    assert hand(s, 1) == ["+4/I", "-1/II"]


# --- R5.6, R5.7, R8.3 -----------------------------------------------------------------------


def _three_player_act_end():
    """3 players on one row of seven; seat 0 fills the last space holding no tile, seat 1 keeps
    one tile (+4/I), seat 2 none."""
    s = new_game(3, tiles=[["+1", "+2", "+3", "+4", "+5", "+6"],
                           ["+1", "+2", "+3", "+4", "+5", "+6"], ["+1"]],
                 boards=[". . . . . . .", ". . .", TINY])
    deal(s, {0: ["+1/I", "+2/I"], 1: ["+3/I", "+4/I"], 2: ["+5/I", "+6/I"]})
    play(s, "tile +1/I", "put A1", "tile +3/I", "put B1", "tile +5/I", "put C1",
         "fig 1 D1", "fig 1 E1", "tile +6/I", "put F1", "tile +2/I", "put G1")
    return s


def test_r5_6_r5_7_hands_are_refilled_to_two_from_the_new_start_player_in_seat_order() -> None:
    s = _three_player_act_end()
    assert s.act == 1
    assert s.saga == [50 + 17, 50 + 17, 50]
    assert s.act_results[0]["ender"] == 0
    assert s.start_player == 1
    assert s.current_player() == CHANCE
    assert s.deal_queue == [1, 2, 2, 0, 0]
    assert s.pool_act == 6
    events = deal(s, {1: ["+1/II"], 2: ["+2/II", "+3/II"], 0: ["+4/II", "+5/II"]})
    assert [e["seat"] for e in events_of(events, "tile_dealt")] == [1, 2, 2, 0, 0]
    assert hand(s, 0) == ["+4/II", "+5/II"]
    assert hand(s, 1) == ["+4/I", "+1/II"]
    assert hand(s, 2) == ["+2/II", "+3/II"]
    assert s.pool_act == 1
    assert (s.phase, s.current_player()) == (R.TURN, 1)


def test_r5_6_the_refill_stops_when_the_new_pool_runs_dry() -> None:
    s = _two_by_three(act_ii_tiles=("+1",))
    play(s, "put B2")
    assert s.deal_queue == [0, 0, 1, 1]
    deal(s, {0: ["+1/II"]})
    assert (hand(s, 0), hand(s, 1)) == (["+1/II"], [])
    assert (s.phase, s.current_player(), s.pool_act) == (R.TURN, 0, 0)


@pytest.mark.parametrize("board, ender, start", [
    (". .", 1, 2), (". . .", 2, 0), (". . . .", 0, 1)])
def test_r5_7_the_next_act_starts_with_the_player_after_the_one_who_ended_the_act(
    board: str, ender: int, start: int,
) -> None:
    s = new_game(3, tiles=[[], [], []], boards=[board, ". . .", TINY])
    cells = ["A1", "B1", "C1", "D1"]
    play(s, *[f"fig 1 {c}" for c in cells[: len(board.split())]])
    assert s.act == 1
    assert s.act_results[0]["ender"] == ender
    assert (s.start_player, s.current_player()) == (start, start)


def test_r8_3_refill_automatic_by_default() -> None:
    s = _two_by_three()
    play(s, "put B2")
    assert s.current_player() == CHANCE
    assert s.phase == R.DEAL
    assert s.deal_queue == [0, 0, 1, 1]


def test_r8_3_refill_optional_lets_each_player_draw_or_decline() -> None:
    s = new_game(2, tiles=[[], ["+1", "+2", "+3", "+4", "+5"], ["+1"]],
                 boards=[". .", ". . .", TINY], refill="optional")
    play(s, "fig 1 A1", "fig 1 B1")  # seat 1 ends Act I; seat 0 starts Act II
    assert (s.act, s.phase, s.current_player()) == (1, R.REFILL, 0)
    assert legal_texts(s) == {"draw", "pass"}
    play(s, "draw")
    assert s.current_player() == CHANCE
    play(s, "deal +1/II")
    assert (s.phase, s.current_player()) == (R.REFILL, 0)
    events = play(s, "pass")
    assert events_of(events, "refill_declined") == [{"seat": 0}]
    assert (s.phase, s.current_player()) == (R.REFILL, 1)
    assert_illegal(s, "fig 1 A1", "deal +2/II")
    play(s, "draw", "deal +2/II", "draw", "deal +3/II")
    assert (hand(s, 0), hand(s, 1)) == (["+1/II"], ["+2/II", "+3/II"])
    assert (s.phase, s.current_player(), s.pool_act) == (R.TURN, 0, 2)


# --- R8.5 ---------------------------------------------------------------------------------


def _temptation_on_last_space(**options):
    """2×2: Valour A1, -1 B1, seat 0's Castle A2; seat 1 puts Temptation on B2, the last space."""
    s = new_game(2, tiles=[["V", "E", "+1", "-1"], ["+1"], ["+1"]],
                 boards=[". .\n. .", TINY, TINY], **options)
    deal(s, {0: ["V/I", "+1/I"], 1: ["E/I", "-1/I"]})
    play(s, "tile V/I", "put A1", "tile -1/I", "put B1", "fig 2 A2", "tile E/I", "put B2")
    return s


def test_r8_5_last_space_resolve_effect_first_removal_reopens_a_space() -> None:
    s = _temptation_on_last_space()
    assert (s.act, s.phase) == (0, R.REMOVE)
    assert legal_texts(s) == {"pick A1", "pass"}
    play(s, "pick A1")
    assert (s.act, s.phase, s.current_player()) == (0, R.TURN, 0)
    play(s, "tile +1/I", "put A1")
    assert s.act == 1
    assert result_board(s) == [["+1", "-1"], ["a2", "E"]]
    assert s.saga == [50 + (0 + 1) * 2, 50]


def test_r8_5_last_space_resolve_effect_first_then_the_act_ends_on_pass() -> None:
    s = _temptation_on_last_space()
    play(s, "pass")
    assert s.act == 1
    assert result_board(s) == [["V", "-1"], ["a2", "E"]]
    assert s.saga == [50, 50]


def test_r8_5_last_space_act_ends_at_once_skips_the_ability() -> None:
    s = _temptation_on_last_space(last_space="act_ends_at_once")
    assert s.act == 1
    assert s.phase != R.REMOVE
    assert result_board(s) == [["V", "-1"], ["a2", "E"]]


def _statue_on_last_space(**options):
    """2×3: seat 0's Castle on A1 sees B1 -3, C1 -1 and A2 +1; +5 sits unseen on C2; seat 1
    puts the Golden Statue on B2, the last space."""
    s = new_game(2, tiles=[["S", "-3", "+5", "+1", "-1"], ["+1"], ["+1"]],
                 boards=[". . .\n. . .", TINY, TINY], **options)
    deal(s, {0: ["-3/I", "+1/I"], 1: ["+5/I", "-1/I"]})
    play(s, "fig 2 A1", "draw", "deal S/I", "tile +5/I", "put C2", "tile -3/I", "put B1",
         "tile -1/I", "put C1", "tile +1/I", "put A2", "tile S/I", "put B2")
    return s


def test_r8_5_statue_on_the_last_space_swaps_before_scoring() -> None:
    s = _statue_on_last_space()
    assert (s.act, s.phase) == (0, R.SWAP_FIRST)
    assert legal_texts(s) == {"pick B1", "pick C1", "pick A2", "pick C2", "pass"}
    play(s, "pick B1", "pick C2")
    assert s.act == 1
    assert result_board(s) == [["a2", "+5", "-1"], ["+1", "S", "-3"]]
    assert s.saga == [50 + (5 - 1 + 1) * 2, 50]


def test_r8_5_statue_on_the_last_space_act_ends_at_once_scores_unswapped() -> None:
    s = _statue_on_last_space(last_space="act_ends_at_once")
    assert s.act == 1
    assert s.saga == [50 + (-3 - 1 + 1) * 2, 50]


# --- R8.12 ---------------------------------------------------------------------------------

ORDER = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)
CELLS_5X5 = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]


def test_r8_12_after_nobody_could_act_the_next_act_starts_after_the_last_player_who_acted(
) -> None:
    s = new_game(2, tiles=[["+1", "+2"], [], []],
                 boards=["\n".join([". . . . ."] * 5), ". . .", TINY])
    deal(s, {0: ["+1/I", "+2/I"]})
    for i, d in enumerate(ORDER):
        play(s, f"fig {d} {CELLS_5X5[2 * i]}", f"fig {d} {CELLS_5X5[2 * i + 1]}")
    play(s, "tile +1/I", "put A5")  # seat 1 has nothing left and is skipped
    events = play(s, "tile +2/I", "put B5")
    assert events_of(events, "act_ended")[0]["ender"] == 0
    assert events_of(events, "act_started") == [{"act": 2, "start_player": 1}]
    assert (s.act, s.current_player()) == (1, 1)


# --- R6 ------------------------------------------------------------------------------------


def _three_short_acts(acts: list[list[str]], tiles=None, boards=None):
    """Play three acts; `acts[i]` is the list of text actions of act i (deals included)."""
    s = new_game(2, tiles=tiles or [[], [], []], boards=boards or [". .", ". .", ". ."])
    for i, texts in enumerate(acts):
        assert s.act == i
        play(s, *texts)
    return s


def test_r6_1_r6_2_the_game_ends_after_act_iii_and_most_saga_points_win() -> None:
    s = _three_short_acts(
        [["deal +3/I", "fig 2 A1", "fig 1 C1", "tile +3/I", "put B1"],  # seat 0 ends Act I
         ["fig 1 A1", "fig 1 B1"],  # seat 1 starts, seat 0 ends Act II
         ["fig 1 A1"]],
        tiles=[["+3"], [], []], boards=[". . .", ". .", ". ."])
    assert s.saga == [56, 53]
    assert (s.act, s.current_player()) == (2, 0)
    events = play(s, "fig 1 B1")
    assert events_of(events, "game_ended") == [{"winners": [0], "saga": [56, 53]}]
    assert s.current_player() == TERMINAL
    assert s.is_terminal()
    assert s.legal_actions() == []
    assert s.winners() == [0]
    assert s.returns() == [56.0, 53.0]
    assert s.view(1)["winners"] == [0]
    assert len(s.act_results) == 3
    with pytest.raises(IllegalAction):
        s.apply(s.action_from_text("fig 1 A1"))


def test_r6_2_no_winner_before_the_game_ends() -> None:
    s = _three_short_acts([["fig 1 A1", "fig 1 B1"], ["fig 1 A1", "fig 1 B1"], ["fig 1 A1"]])
    assert s.winners() == []


def test_r6_3_a_saga_tie_goes_to_the_most_diamonds_on_unused_figures() -> None:
    s = _three_short_acts([["fig 4 A1", "fig 1 B1"], ["fig 1 A1", "fig 1 B1"],
                           ["fig 1 A1", "fig 1 B1"]])
    assert s.saga == [50, 50]
    assert (s.unused_diamonds(0), s.unused_diamonds(1)) == (16, 20)
    assert s.winners() == [1]


def test_r6_4_still_tied_is_a_shared_win() -> None:
    s = _three_short_acts([["fig 2 A1", "fig 2 B1"], ["fig 1 A1", "fig 3 B1"],
                           ["fig 3 A1", "fig 1 B1"]])
    assert s.saga == [50, 50]
    assert (s.unused_diamonds(0), s.unused_diamonds(1)) == (15, 15)
    assert s.winners() == [0, 1]


def test_r8_13_the_tie_break_counts_longships_returned_after_act_iii() -> None:
    # seat 1 spends a Castle in Act I; in Act III seat 0 places three Longships while seat 1
    # plays 0-valued Temptations. Counting the returned Longships, seat 0 has 20 diamonds and
    # seat 1 18; without them seat 0 would have 17.
    s = _three_short_acts(
        [["fig 1 A1", "fig 2 B1"], ["fig 1 A1", "fig 1 B1"],
         ["deal E/III", "deal E/III", "deal E/III", "deal E/III",
          "fig 1 A1", "tile E/III", "put B1", "fig 1 C1", "tile E/III", "put D1", "fig 1 E1"]],
        tiles=[[], [], ["E", "E", "E", "E"]], boards=[". .", ". .", ". . . . ."])
    assert s.is_terminal()
    assert s.saga == [50, 50]
    assert s.supply == [[0, 4, 3, 2, 1], [0, 4, 2, 2, 1]]
    assert s.winners() == [0]
