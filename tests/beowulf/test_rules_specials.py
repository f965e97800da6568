"""Beowulf rule R4 (special tiles) and the options R8.1, R8.2, R8.4, R8.6–R8.11.

Abilities that act during play are driven through real actions on small boards (all tiles dealt,
so a turn plays straight from the hand). Abilities that only matter at scoring are checked on
boards written in notation with `scoring.score_figures` / `score_breakdown`, plus one played game
each to show the act end uses them.
"""

from __future__ import annotations

import pytest
from beowulf_helpers import (
    TINY,
    assert_illegal,
    board_rows,
    boxed,
    cell,
    deal,
    empties,
    events_of,
    hand,
    legal_in,
    legal_texts,
    new_game,
    play,
    result_board,
)

from boardwright.games.beowulf import rules as R
from boardwright.games.beowulf.data import DEFAULT_BOARDS
from boardwright.games.beowulf.notation import parse_board
from boardwright.games.beowulf.scoring import score_breakdown, score_figures, turned_down

BOARD_3X3 = ". . .\n. . .\n. . ."
CELLS_3X3 = {f"{c}{r}" for r in (1, 2, 3) for c in "ABC"}


def _game(tiles: list[str], hands: dict[int, list[str]], board: str = BOARD_3X3, **options):
    s = new_game(2, tiles=[tiles, ["+1"], ["+1"]], boards=[board, TINY, TINY], **options)
    deal(s, hands)
    return s


def scores(text: str, **kw) -> dict[tuple[int, int], int]:
    return score_figures(parse_board(text), **kw)


def terms(text: str, rc: tuple[int, int]) -> tuple[int, ...]:
    return score_breakdown(parse_board(text))[rc].terms


# --- R4.1 Temptation / R4.2 Valour --------------------------------------------------------------


def _temptation_after_valour():
    """Valour on A1, -1 on C3, +2 on C1; seat 1 has just placed Temptation on B2."""
    s = _game(["V", "+2", "E", "-1"], {0: ["V/I", "+2/I"], 1: ["E/I", "-1/I"]})
    play(s, "tile V/I", "put A1", "tile -1/I", "put C3", "tile +2/I", "put C1",
         "tile E/I", "put B2")
    return s


def test_r4_1_temptation_offers_to_remove_a_valour() -> None:
    s = _temptation_after_valour()
    assert (s.phase, s.current_player()) == (R.REMOVE, 1)
    assert legal_texts(s) == {"pick A1", "pass"}


def test_r4_1_temptation_removes_a_valour_to_the_box_and_the_space_is_empty_again() -> None:
    s = _temptation_after_valour()
    events = play(s, "pick A1")
    assert events_of(events, "tile_removed") == [{"seat": 1, "tile": "V/I", "cell": "A1"}]
    assert cell(s, "A1") == "."
    assert cell(s, "B2") == "E/I"
    assert boxed(s, "V/I") == 1
    assert empties(s) == {"A1", "A2", "A3", "B1", "B3", "C2"}
    assert (s.phase, s.current_player()) == (R.TURN, 0)
    assert "fig 1 A1" in legal_texts(s)


def test_r4_1_removing_the_valour_is_optional() -> None:
    s = _temptation_after_valour()
    events = play(s, "pass")
    assert [e.kind for e in events] == ["effect_declined"]
    assert cell(s, "A1") == "V/I"
    assert (s.phase, s.current_player()) == (R.TURN, 0)


def test_r4_1_temptation_cannot_remove_other_tiles_or_do_anything_else() -> None:
    s = _temptation_after_valour()
    assert_illegal(s, "pick C1", "pick C3", "pick B2", "pick A2", "fig 1 A2", "put A2",
                   "tile +2/I")


def test_r4_2_valour_placed_with_no_temptation_on_the_board_has_no_step() -> None:
    s = _game(["V", "+2", "E", "-1"], {0: ["V/I", "+2/I"], 1: ["E/I", "-1/I"]})
    play(s, "tile V/I", "put A1")
    assert (s.phase, s.current_player()) == (R.TURN, 1)


def test_r4_2_valour_removes_a_temptation_and_only_a_temptation() -> None:
    # seat 0 plays Valour (nothing to remove) then Temptation (declines); seat 1's Valour may
    # remove the Temptation on B1 but not the Valour on A1
    s = _game(["V", "E", "V", "-1"], {0: ["V/I", "E/I"], 1: ["V/I", "-1/I"]})
    play(s, "tile V/I", "put A1", "tile -1/I", "put C3", "tile E/I", "put B1")
    assert legal_texts(s) == {"pick A1", "pass"}
    play(s, "pass", "tile V/I", "put B2")
    assert (s.phase, s.current_player()) == (R.REMOVE, 1)
    assert legal_texts(s) == {"pick B1", "pass"}
    assert_illegal(s, "pick A1", "pick B2", "pick C3")
    play(s, "pick B1")
    assert board_rows(s) == ["V/I . .", ". V/I .", ". . -1/I"]
    assert boxed(s, "E/I") == 1


# --- R4.3 Treasure -----------------------------------------------------------------------------


def _treasure_game(board: str = BOARD_3X3):
    return _game(["W+4", "+2", "-1", "+3"], {0: ["W+4/I", "+2/I"], 1: ["-1/I", "+3/I"]}, board)


def test_r4_3_treasure_may_be_placed_or_cashed_in() -> None:
    s = _treasure_game()
    play(s, "tile W+4/I")
    assert legal_texts(s) == {f"put {c}" for c in CELLS_3X3} | {"cash"}


def test_r4_3_cashing_in_a_treasure_gains_its_value_and_boxes_the_tile() -> None:
    s = _treasure_game()
    events = play(s, "tile W+4/I", "cash")
    assert events_of(events, "treasure_cashed") == [{"seat": 0, "tile": "W+4/I", "points": 4}]
    assert s.saga == [54, 50]
    assert hand(s, 0) == ["+2/I"]
    assert empties(s) == CELLS_3X3  # not on the board
    assert boxed(s, "W+4/I") == 1
    assert (s.phase, s.current_player()) == (R.TURN, 1)


def test_r4_3_a_treasure_on_the_board_cannot_be_cashed_in() -> None:
    s = _treasure_game()
    play(s, "tile W+4/I", "put B2")
    assert cell(s, "B2") == "W+4/I"
    assert s.saga == [50, 50]
    assert_illegal(s, "cash")
    play(s, "tile -1/I", "put C3")
    assert_illegal(s, "cash")
    play(s, "tile +2/I")
    assert_illegal(s, "cash")  # only the Treasure being played can be cashed


def test_r4_3_r8_8_a_placed_treasure_scores_its_printed_value_as_a_boon() -> None:
    s = _treasure_game(". . .")
    play(s, "fig 2 A1", "tile -1/I", "put C1", "tile W+4/I", "put B1")
    assert s.act == 1
    assert s.saga == [50 + (4 - 1) * 2, 50]
    assert scores("a1 W+4 -1") == {(0, 0): 3}


def test_r4_3_r8_11_cashing_in_on_the_last_turn_fills_no_space_and_the_act_goes_on() -> None:
    s = _game(["W+4", "+2", "-1", "+3"], {0: ["+2/I", "+3/I"], 1: ["W+4/I", "-1/I"]},
              ". .\n. .")
    play(s, "fig 1 A1", "tile -1/I", "put B1", "tile +2/I", "put A2")
    assert empties(s) == {"B2"}
    play(s, "tile W+4/I", "cash")
    assert (s.act, s.phase, s.current_player()) == (0, R.TURN, 0)
    assert empties(s) == {"B2"}
    play(s, "tile +3/I", "put B2")
    assert s.act == 1
    assert s.saga == [50 + (-1 + 2), 54]


# --- R4.4 Drunkenness / R4.5 Mead ----------------------------------------------------------------


def _drunk_with_mead_on_board():
    """Mead on B2, -1 on C3, +1 on A1; seat 1 is about to play Drunkenness."""
    s = _game(["M+2", "+1", "D-3", "-1"], {0: ["M+2/I", "+1/I"], 1: ["D-3/I", "-1/I"]})
    play(s, "tile M+2/I", "put B2", "tile -1/I", "put C3", "tile +1/I", "put A1",
         "tile D-3/I")
    return s


def test_r4_4_drunkenness_is_placed_as_a_peril_or_onto_a_mead() -> None:
    s = _drunk_with_mead_on_board()
    empties = {"A2", "A3", "B1", "B3", "C1", "C2"}
    assert legal_texts(s) == {f"put {c}" for c in empties} | {"mead B2"}


def test_r4_4_drunkenness_replaces_the_mead_which_leaves_the_game() -> None:
    s = _drunk_with_mead_on_board()
    events = play(s, "mead B2")
    assert events_of(events, "mead_replaced") == [
        {"seat": 1, "tile": "D-3/I", "mead": "M+2/I", "cell": "B2"}]
    assert cell(s, "B2") == "D-3/I"
    assert boxed(s, "M+2/I") == 1
    assert empties(s) == {"A2", "A3", "B1", "B3", "C1", "C2"}  # R8.11 no space filled
    assert hand(s, 1) == []
    assert (s.phase, s.current_player()) == (R.TURN, 0)


def test_r4_4_drunkenness_replaces_only_a_mead() -> None:
    s = _drunk_with_mead_on_board()
    assert_illegal(s, "mead A1", "mead C3", "mead A2", "cash")


def test_r4_4_drunkenness_placed_as_a_peril_scores_its_negative_value() -> None:
    s = _drunk_with_mead_on_board()
    play(s, "put C1")
    assert cell(s, "C1") == "D-3/I"
    assert cell(s, "B2") == "M+2/I"
    assert scores("a1 M+2 D-3") == {(0, 0): -1}


def test_r4_4_without_a_mead_on_the_board_drunkenness_is_only_a_peril() -> None:
    s = _game(["M+2", "+1", "D-3", "-1"], {0: ["M+2/I", "+1/I"], 1: ["D-3/I", "-1/I"]})
    play(s, "tile +1/I", "put A1", "tile D-3/I")
    assert legal_texts(s) == {f"put {c}" for c in CELLS_3X3 - {"A1"}}
    assert_illegal(s, "mead A1")


def test_r4_4_r8_11_drunkenness_on_a_mead_at_the_last_space_does_not_end_the_act() -> None:
    s = _game(["M+2", "+1", "D-3", "-1"], {0: ["M+2/I", "+1/I"], 1: ["D-3/I", "-1/I"]},
              ". .\n. .")
    play(s, "tile M+2/I", "put A1", "tile -1/I", "put B1", "fig 1 A2")
    assert empties(s) == {"B2"}
    play(s, "tile D-3/I", "mead A1")
    assert (s.act, s.current_player()) == (0, 0)
    play(s, "tile +1/I", "put B2")
    assert s.act == 1
    # the Longship on A2 sees +1 (B2) in its row and the Drunkenness (A1) in its column
    assert s.saga == [50 + (1 - 3), 50]


def test_r4_5_mead_has_no_ability_and_scores_as_a_boon() -> None:
    s = _game(["M+2", "M+2", "+1", "-1"], {0: ["M+2/I", "+1/I"], 1: ["M+2/I", "-1/I"]})
    play(s, "tile M+2/I", "put B2")
    assert (s.phase, s.current_player()) == (R.TURN, 1)  # no effect step
    play(s, "tile M+2/I")
    assert legal_texts(s) == {f"put {c}" for c in CELLS_3X3 - {"B2"}}  # Mead replaces nothing
    assert scores("a2 M+2 -1\nM+2 . .") == {(0, 0): (2 - 1 + 2) * 2}


# --- R4.6 Golden Statue ------------------------------------------------------------------------

STATUE_BOARD = ". . X\n. . .\n. . ."


def _statue_placed():
    """+1 on A1, -2 on B3, seat 0's Longship on A2, printed gorge on C1; seat 1 has just placed
    the Golden Statue on C2."""
    s = _game(["+1", "+3", "-2", "-6", "S", "+5"], {0: ["+1/I", "+3/I"], 1: ["-2/I", "-6/I"]},
              STATUE_BOARD)
    play(s, "draw", "deal +5/I", "tile +1/I", "put A1",
         "draw", "deal S/I", "tile -2/I", "put B3",
         "fig 1 A2", "tile S/I", "put C2")
    return s


def test_r4_6_golden_statue_offers_a_swap_of_two_other_tiles() -> None:
    s = _statue_placed()
    assert (s.phase, s.current_player()) == (R.SWAP_FIRST, 1)
    assert legal_texts(s) == {"pick A1", "pick B3", "pass"}
    play(s, "pick A1")
    assert s.phase == R.SWAP_SECOND
    assert legal_texts(s) == {"pick B3"}


def test_r4_6_r8_10_golden_statue_swaps_tiles_across_rows_and_columns() -> None:
    s = _statue_placed()
    events = play(s, "pick A1", "pick B3")
    assert events_of(events, "tiles_swapped") == [{"seat": 1, "a": "A1", "b": "B3"}]
    assert board_rows(s) == ["-2/I . X", "a1 . S/I", ". +1/I ."]
    assert (s.phase, s.current_player()) == (R.TURN, 0)


def test_r4_6_the_swap_is_optional() -> None:
    s = _statue_placed()
    before = board_rows(s)
    events = play(s, "pass")
    assert [e.kind for e in events] == ["effect_declined"]
    assert board_rows(s) == before == ["+1/I . X", "a1 . S/I", ". -2/I ."]
    assert (s.phase, s.current_player()) == (R.TURN, 0)


def test_r4_6_r8_10_statue_never_moves_itself_figures_printed_gorges_or_empty_spaces() -> None:
    s = _statue_placed()
    assert_illegal(s, "pick C2", "pick A2", "pick C1", "pick B1")
    play(s, "pick A1")
    assert_illegal(s, "pick A1", "pick C2", "pick A2", "pick C1", "pick B1", "pass")


def test_r4_6_statue_with_fewer_than_two_other_tiles_has_no_swap() -> None:
    # one other tile and a printed gorge: nothing to swap
    s = _game(["+1", "+3", "S", "-6"], {0: ["+1/I", "+3/I"], 1: ["S/I", "-6/I"]}, STATUE_BOARD)
    play(s, "tile +1/I", "put A1", "tile S/I", "put B2")
    assert (s.phase, s.current_player()) == (R.TURN, 0)
    assert board_rows(s) == ["+1/I . X", ". S/I .", ". . ."]


# --- R4.7 Good Counsel, R8.1, R8.2 -----------------------------------------------------------


def _counsel_game(board: str = BOARD_3X3, **options):
    return _game(["A", "+1", "-1", "+2"], {0: ["A/I", "+1/I"], 1: ["-1/I", "+2/I"]}, board,
                 **options)


def test_r4_7_good_counsel_cannot_be_chosen_without_an_own_figure_that_can_move() -> None:
    s = _counsel_game()
    assert legal_in(s, "tile") == {"tile +1/I"}
    assert_illegal(s, "tile A/I")
    play(s, "tile +1/I", "put A1", "fig 1 C3")  # only seat 1 has a figure
    assert legal_in(s, "tile") == set()
    assert_illegal(s, "tile A/I")


def test_r4_7_good_counsel_moves_an_own_figure_to_an_orthogonal_empty_space() -> None:
    s = _counsel_game()
    play(s, "fig 2 B2", "fig 1 B1", "tile A/I")
    # up is taken by seat 1's Longship, which seat 0 may not move
    assert legal_texts(s) == {"counsel B2 right", "counsel B2 down", "counsel B2 left"}
    events = play(s, "counsel B2 down")
    assert events_of(events, "figure_moved") == [
        {"seat": 0, "tile": "A/I", "from": "B2", "to": "B3"}]
    assert board_rows(s) == [". b1 .", ". A/I .", ". a2 ."]
    assert hand(s, 0) == ["+1/I"]
    assert len(empties(s)) == 6
    assert (s.phase, s.current_player()) == (R.TURN, 1)


def test_r4_7_good_counsel_is_never_placed_as_a_plain_tile_nor_used_on_others() -> None:
    s = _counsel_game()
    play(s, "fig 2 B2", "fig 1 B1", "tile A/I")
    assert_illegal(s, "put C3", "put A1", "counsel B2 up", "counsel B1 left", "counsel B1 right")


def test_r4_7_good_counsel_only_for_a_figure_with_an_empty_neighbour() -> None:
    s = _counsel_game(". . .\n. . .")
    play(s, "fig 2 B1", "tile -1/I", "put A1", "tile +1/I", "put C1", "tile +2/I", "put B2")
    # seat 0's Castle on B1 is hemmed in: the Good Counsel in hand cannot be played
    assert s.current_player() == 0
    assert hand(s, 0) == ["A/I"]
    assert legal_in(s, "tile") == set()
    assert_illegal(s, "tile A/I")
    play(s, "fig 1 A2")
    play(s, "fig 1 C2")  # the last space: the act ends
    assert s.act == 1


def test_r4_7_good_counsel_never_moves_onto_a_printed_gorge_or_off_the_board() -> None:
    s = _counsel_game(". X .\n. . .")
    play(s, "fig 3 A1", "tile -1/I", "put B2", "tile A/I")
    assert legal_texts(s) == {"counsel A1 down"}
    assert_illegal(s, "counsel A1 right", "counsel A1 up", "counsel A1 left")
    play(s, "counsel A1 down")
    assert board_rows(s) == ["A/I X .", "a3 -1/I ."]
    assert s.act == 0


def test_r4_7_r5_1_good_counsel_move_into_the_last_space_ends_the_act() -> None:
    s = _game(["A", "+1", "-1", "+2"], {0: ["A/I", "+1/I"], 1: ["-1/I", "+2/I"]}, ". . .")
    play(s, "fig 3 A1", "tile -1/I", "put C1")
    assert legal_in(s, "tile") == {"tile A/I", "tile +1/I"}
    play(s, "tile A/I", "counsel A1 right")
    assert s.act == 1
    assert result_board(s) == [["A", "a3", "-1"]]
    assert s.saga == [50 + (0 - 1) * 3, 50]


@pytest.mark.parametrize("any_figure", [False, True])
def test_r8_1_good_counsel_any_figure_option(any_figure: bool) -> None:
    s = _counsel_game(good_counsel_any_figure=any_figure)
    play(s, "fig 2 B2", "fig 1 B1", "tile A/I")
    own = {"counsel B2 right", "counsel B2 down", "counsel B2 left"}
    theirs = {"counsel B1 left", "counsel B1 right"}
    assert legal_texts(s) == (own | theirs if any_figure else own)
    if any_figure:
        play(s, "counsel B1 left")
        assert board_rows(s) == ["b1 A/I .", ". a2 .", ". . ."]
    else:
        assert_illegal(s, "counsel B1 left")


@pytest.mark.parametrize("any_figure", [False, True])
def test_r8_1_good_counsel_on_another_players_figure_only_with_the_option(any_figure: bool) -> None:
    s = _counsel_game(good_counsel_any_figure=any_figure)
    play(s, "tile +1/I", "put A1", "fig 1 C3")
    assert legal_in(s, "tile") == ({"tile A/I"} if any_figure else set())


def _only_counsels(**options):
    """Seat 0 holds two Good Counsels and has no figure out; the pool holds a third."""
    s = _game(["A", "A", "+1", "-1", "A"], {0: ["A/I", "A/I"], 1: ["+1/I", "-1/I"]},
              **options)
    play(s, "draw", "deal A/I")
    return s


def test_r8_2_unplayable_hand_end_turn_passes_after_drawing() -> None:
    s = _only_counsels()
    assert s.phase == R.SELECT
    assert legal_texts(s) == {"pass"}
    assert_illegal(s, "tile A/I", "fig 1 A1")
    events = play(s, "pass")
    assert events_of(events, "no_playable_tile") == [{"seat": 0}]
    assert hand(s, 0) == ["A/I", "A/I", "A/I"]
    assert empties(s) == CELLS_3X3
    assert (s.phase, s.current_player(), s.pool_act) == (R.TURN, 1, 0)


def test_r8_2_unplayable_hand_counsel_as_plain_places_it_as_a_zero_tile() -> None:
    s = _only_counsels(unplayable_hand="counsel_as_plain")
    assert legal_texts(s) == {"tile A/I"}
    assert_illegal(s, "pass")
    play(s, "tile A/I")
    assert legal_texts(s) == {f"put {c}" for c in CELLS_3X3}
    play(s, "put B2")
    assert cell(s, "B2") == "A/I"
    assert scores("a1 A -2") == {(0, 0): -2}


def test_r8_2_counsel_as_plain_only_when_no_figure_can_move() -> None:
    s = _counsel_game(unplayable_hand="counsel_as_plain")
    assert legal_in(s, "tile") == {"tile A/I", "tile +1/I"}  # no figure: usable as plain
    play(s, "fig 2 B2", "fig 1 B1", "tile A/I")
    assert legal_texts(s) == {"counsel B2 right", "counsel B2 down", "counsel B2 left"}
    assert_illegal(s, "put C3")


# --- R4.8 Dragon Horn ------------------------------------------------------------------------


def test_r4_8_dragon_horn_in_the_column_multiplies_the_whole_row_and_column_sum() -> None:
    board = "a2 +3 +4\nH  .  .\n-1 .  ."
    assert score_breakdown(parse_board(board))[(0, 0)].horns == 1
    assert scores(board) == {(0, 0): (3 + 4 - 1) * (2 + 1)}


def test_r4_8_dragon_horns_stack() -> None:
    assert scores("a3 H +2\nH  . .\n+1 . .") == {(0, 0): (2 + 1) * (3 + 2)}
    assert scores("b1 H H +5") == {(0, 0): 5 * 3}


def test_r4_8_dragon_horn_adds_diamonds_only_in_its_lines_and_changes_no_value() -> None:
    board = "a1 .  H\n+2 b2 .\n.  -3 ."
    # a1: row has the horn; b2 (B2) sees +2 and -3 but no horn
    assert scores(board) == {(0, 0): 2 * 2, (1, 1): (2 - 3) * 2}
    assert terms(board, (0, 0)) == (2,)  # the value-less horn is a diamond, not a term


def test_r4_8_dragon_horn_scored_at_the_end_of_a_played_act() -> None:
    s = _game(["H", "+3", "-1", "+2"], {0: ["H/I", "+3/I"], 1: ["-1/I", "+2/I"]}, ". .\n. .")
    play(s, "fig 3 A1", "tile -1/I", "put B2", "tile H/I", "put B1", "tile +2/I", "put A2")
    assert s.act == 1
    # A1 sees H (0) in its row and +2 in its column: 2 × (3 + 1)
    assert s.saga == [58, 50]
    assert s.act_results[0]["figures"][0]["horns"] == 1


# --- R4.9 Treachery ---------------------------------------------------------------------------


def test_r4_9_treachery_zeroes_positive_tiles_in_its_segments() -> None:
    board = "a1 +5 T -2\n+3 .  . .\nT  .  . ."
    assert sorted(terms(board, (0, 0))) == [-2, 0, 0, 0, 0]
    assert scores(board) == {(0, 0): -2}
    assert turned_down(parse_board(board)) == {(0, 1), (1, 0)}


def test_r4_9_treachery_leaves_negative_tiles_alone() -> None:
    assert scores("a2 -3 T -1 +4") == {(0, 0): (-3 - 1) * 2}


def test_r4_9_treachery_only_turns_down_tiles_sharing_its_row_or_column() -> None:
    board = "a1 +3\nT  .\n+2 ."
    # +3 (B1) is in neither the row nor the column of the Treachery on A2; +2 (A3) is
    assert turned_down(parse_board(board)) == {(2, 0)}
    assert scores(board) == {(0, 0): 3}


def test_r4_9_r4_10_treachery_reaches_only_its_own_segment() -> None:
    board = "a1 +5 C T +4 b1"
    assert turned_down(parse_board(board)) == {(0, 4)}
    assert scores(board) == {(0, 0): 5, (0, 5): 0}


def test_r4_9_r4_10_treachery_reach_down_a_column_stops_at_a_gorge() -> None:
    board = "T\n+5\nC\n+4\na1"
    assert turned_down(parse_board(board)) == {(1, 0)}
    assert scores(board) == {(4, 0): 4}


def test_r4_9_r8_9_treachery_never_turns_itself_down() -> None:
    assert turned_down(parse_board("a1 T+2 .")) == set()
    assert scores("a1 T+2 .") == {(0, 0): 2}


def test_r4_9_r8_9_treachery_turns_down_another_positive_treachery() -> None:
    assert turned_down(parse_board("a1 T+2 T+3")) == {(0, 1), (0, 2)}
    assert scores("a1 T+2 T+3") == {(0, 0): 0}
    assert scores("T+2 C T+3 a1") == {(0, 3): 3}  # the other is beyond a gorge


def test_r4_9_treachery_turns_down_positive_special_tiles() -> None:
    board = "a1 M+2 W+3 H+1 T -1"
    assert turned_down(parse_board(board)) == {(0, 1), (0, 2), (0, 3)}
    fs = score_breakdown(parse_board(board))[(0, 0)]
    assert (fs.terms, fs.horns, fs.points) == ((0, 0, 0, 0, -1), 1, -2)


def test_r4_9_treachery_turns_tiles_down_at_the_end_of_a_played_act() -> None:
    s = _game(["T", "+5", "-2", "+4"], {0: ["T/I", "+5/I"], 1: ["-2/I", "+4/I"]}, ". . .\n. . .")
    play(s, "fig 2 A1", "tile +4/I", "put C2", "tile +5/I", "put B1", "tile -2/I", "put A2",
         "tile T/I", "put C1")
    assert s.act == 0
    events = play(s, "fig 1 B2")
    assert events_of(events, "tiles_turned_down") == [{"act": 1, "cells": ["B1", "C2"]}]
    # A1: row +5 (down) and T; column -2 → -2 × 2. B2 (seat 1): row -2, +4 (down); column +5
    # (down) → -2 × 1
    assert s.saga == [46, 48]


@pytest.mark.parametrize("keeps, expected", [(True, (47 - 3, 47 - 3)), (False, (47, 47))])
def test_r8_6_face_down_dragon_horn_keeps_its_diamond_option(keeps: bool, expected) -> None:
    board = "a1 H+1 T -3"
    points = {True: -6, False: -3}[keeps]
    assert scores(board, face_down_horn_keeps_ability=keeps) == {(0, 0): points}
    s = _game(["H+1", "T", "-3", "+1"], {0: ["H+1/I", "T/I"], 1: ["-3/I", "+1/I"]},
              ". . . . .", face_down_horn_keeps_ability=keeps)
    play(s, "fig 1 A1", "tile -3/I", "put E1", "tile H+1/I", "put B1", "fig 1 D1",
         "tile T/I", "put C1")
    assert s.act == 1
    assert s.act_results[0]["turned_down"] == ["B1"]
    # both Longships see H+1 (turned down: 0), T (0) and -3; the horn adds a diamond or not
    assert tuple(s.saga) == expected


# --- R4.10 Gorge, R8.4, R8.7 ------------------------------------------------------------------


def test_r4_10_gorge_splits_its_row_and_its_column() -> None:
    board = ".  +6 .  .\n-1 C  +2 b2\n.  -3 .  .\n.  a1 .  ."
    assert scores(board) == {(1, 3): 2 * 2, (3, 1): -3}
    assert scores(board.replace("C ", ". ")) == {(1, 3): (-1 + 2) * 2, (3, 1): 6 - 3}


def test_r4_10_r8_7_the_gorge_cell_belongs_to_neither_part() -> None:
    board = ".  b1 .\na1 C-5 a2\n.  b2 ."
    fs = score_breakdown(parse_board(board))
    assert {rc: f.terms for rc, f in fs.items()} == {
        (0, 1): (), (1, 0): (), (1, 2): (), (2, 1): ()}


def test_r4_10_gorge_limits_dragon_horn_and_treachery() -> None:
    assert scores("H C a1 +3") == {(0, 2): 3}
    board = "T +5 C a1 +3 H"
    assert turned_down(parse_board(board)) == {(0, 1)}
    assert scores(board) == {(0, 3): 3 * 2}


def test_r4_10_printed_gorges_act_like_gorge_tiles() -> None:
    assert scores("a1 X +4") == {(0, 0): 0}
    assert scores("+2 a1 X +4") == {(0, 1): 2}
    board = ".  +6 .  .\n-1 C  +2 b2\n.  -3 .  .\n.  a1 .  ."
    assert scores(board.replace("C ", "X ")) == scores(board)


def test_r4_10_act_ii_board_has_three_printed_gorges_that_take_no_piece() -> None:
    s = new_game(2, tiles=[[], [], []], boards=[". .", DEFAULT_BOARDS[1], TINY])
    play(s, "fig 1 A1", "fig 1 B1")
    assert s.act == 1
    assert board_rows(s) == [
        ". . . . .", ". . . X .", ". . X . .", ". X . . .", ". . . . ."]
    assert len(legal_in(s, "fig")) == 4 * 22
    assert_illegal(s, "fig 1 D2", "fig 4 C3", "fig 2 B4")


def test_r4_10_act_ii_printed_gorge_splits_lines_in_a_played_act() -> None:
    s = new_game(2, tiles=[[], ["+3", "+5", "-1", "-2"], []], boards=[". .", ". X .", TINY])
    play(s, "fig 1 A1", "fig 1 B1")  # Act I; seat 1 ended it, so seat 0 starts Act II
    deal(s, {0: ["+3/II", "+5/II"], 1: ["-1/II", "-2/II"]})
    play(s, "fig 2 A1", "tile -2/II", "put C1")
    assert s.act == 2
    assert s.saga == [50, 50]  # the gorge hides -2 from the Castle


@pytest.mark.parametrize("split, expected", [(False, 3), (True, 0)])
def test_r8_4_holes_split_lines_option(split: bool, expected: int) -> None:
    assert scores("a1 # +3", holes_split=split) == {(0, 0): expected}
    s = _game(["+3", "-1", "+1", "-2"], {0: ["+3/I", "-1/I"], 1: ["+1/I", "-2/I"]},
              ". # .", holes_split_lines=split)
    assert_illegal(s, "fig 1 B1")  # a hole is not a space
    play(s, "fig 2 A1", "tile +1/I", "put C1")
    assert s.act == 1
    assert s.saga == [50 + (0 if split else 1) * 2, 50]
