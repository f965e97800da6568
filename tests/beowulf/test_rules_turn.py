"""Beowulf rules R1–R3 and R7: components, set-up, the turn, skipping, hidden information.

Positions are reached by playing real actions (see helpers.py); rule numbers follow
docs/beowulf-rule-outline.md.
"""

from __future__ import annotations

import pytest
from beowulf_helpers import (
    TINY,
    assert_illegal,
    board_rows,
    cell,
    deal,
    empties,
    events_of,
    hand,
    legal_in,
    legal_texts,
    new_game,
    play,
    pool_left,
    result_board,
)

from boardwright.engine.api import CHANCE
from boardwright.engine.errors import BadConfig
from boardwright.games.beowulf import GAME
from boardwright.games.beowulf import rules as R

CELLS_3X3 = {f"{c}{r}" for r in (1, 2, 3) for c in "ABC"}
BOARD_3X3 = ". . .\n. . .\n. . ."


# --- R1 components ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5])
def test_r1_1_only_two_to_four_players(players: int) -> None:
    with pytest.raises(BadConfig):
        GAME.new_initial_state(players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r1_1_r1_2_every_player_count_gets_the_same_ten_figures(players: int) -> None:
    s = GAME.new_initial_state(players)
    # supply[seat][diamonds]: 4 Longships, 3 Castles, 2 Thanes, 1 Beowulf
    assert s.supply == [[0, 4, 3, 2, 1]] * players
    assert [s.unused_diamonds(p) for p in range(players)] == [20] * players
    assert len(s.cfg.boards[0].spaces) == 25  # the same Act I board at every count
    assert s.pool_act == 26  # the same Act I tiles at every count


def test_r1_4_default_act_boards_act_ii_printed_gorges_act_iii_twice_the_size() -> None:
    boards = GAME.new_initial_state(2).cfg.boards
    assert [len(b.spaces) for b in boards] == [25, 22, 50]
    assert [len(b.printed_gorges) for b in boards] == [0, 3, 0]


def test_r1_6_one_tile_set_per_act() -> None:
    s = GAME.new_initial_state(2)
    assert s.view(None)["later_pools"] == [26, 52]
    assert {s.cfg.kinds[k].act for k in s.cfg.act_kinds[1]} == {1}


# --- R2 set-up ------------------------------------------------------------------------------


def test_r2_1_the_game_starts_on_an_empty_act_i_board() -> None:
    s = GAME.new_initial_state(3)
    v = s.view(None)
    assert (v["act"], v["act_name"]) == (1, "I")
    assert board_rows(s) == [". . . . ."] * 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_2_each_player_starts_with_50_saga_points(players: int) -> None:
    s = GAME.new_initial_state(players)
    assert s.saga == [50] * players
    assert s.view(None)["saga"] == [50] * players


def test_r2_3_the_pool_is_the_act_i_tiles_and_each_draw_is_a_chance_event() -> None:
    s = GAME.new_initial_state(2)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert sum(p for _a, p in outcomes) == pytest.approx(1.0)
    by_token = {s.action_to_text(a): p for a, p in outcomes}
    # only Act I tiles, weighted by how many copies the pool holds (26 tiles in all)
    assert all(t.endswith("/I") for t in by_token)
    assert len(by_token) == 20
    assert by_token["deal +2/I"] == pytest.approx(2 / 26)
    assert by_token["deal -1/I"] == pytest.approx(3 / 26)
    assert by_token["deal T/I"] == pytest.approx(1 / 26)
    assert s.legal_actions() == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_4_each_player_is_dealt_two_tiles_from_the_act_i_pool(players: int) -> None:
    s = GAME.new_initial_state(players)
    tokens = ["+1/I", "+2/I", "+2/I", "+3/I", "+3/I", "+4/I", "+4/I", "+5/I"]
    deal(s, {p: tokens[2 * p: 2 * p + 2] for p in range(players)})
    assert [len(h) for h in s.hands] == [2] * players
    assert hand(s, players - 1) == tokens[2 * players - 2: 2 * players]
    assert s.pool_act == 26 - 2 * players
    assert s.view(0)["pool"] == 26 - 2 * players
    assert s.phase == R.TURN


def test_r2_4_r2_5_deal_and_play_start_with_the_first_player_then_seat_order() -> None:
    s = GAME.new_initial_state(3, {"first_player": 1})
    assert s.deal_queue == [1, 1, 2, 2, 0, 0]
    events = deal(s, {1: ["+6/I", "-6/I"], 2: ["+1/I", "T/I"], 0: ["H/I", "C/I"]})
    assert [e["seat"] for e in events_of(events, "tile_dealt")] == [1, 1, 2, 2, 0, 0]
    assert (hand(s, 0), hand(s, 1), hand(s, 2)) == (
        ["H/I", "C/I"], ["-6/I", "+6/I"], ["+1/I", "T/I"])
    assert s.current_player() == 1
    play(s, "fig 1 A1")
    assert s.current_player() == 2
    play(s, "fig 1 B1")
    assert s.current_player() == 0
    play(s, "fig 1 C1")
    assert s.current_player() == 1


def test_r2_5_by_default_seat_0_starts() -> None:
    s = GAME.new_initial_state(4)
    deal(s, {0: ["+1/I", "-1/I"], 1: ["+2/I", "-1/I"], 2: ["+3/I", "-1/I"], 3: ["+4/I", "T/I"]})
    assert s.current_player() == 0


def test_r2_5_first_player_must_be_a_seat() -> None:
    with pytest.raises(BadConfig):
        GAME.new_initial_state(2, {"first_player": 2})


# --- R3 the turn --------------------------------------------------------------------------------


def _game_3x3_with_pool():
    """2 players on a 3×3 Act I board; seat 0 holds +3 and -2, seat 1 holds +1 and +2, and the
    pool keeps +5, T and -6."""
    s = new_game(2, tiles=[["+3", "-2", "+1", "+2", "+5", "T", "-6"], ["+1"], ["+1"]],
                 boards=[BOARD_3X3, TINY, TINY])
    deal(s, {0: ["+3/I", "-2/I"], 1: ["+1/I", "+2/I"]})
    return s


def test_r3_1_a_turn_offers_exactly_figure_placement_or_drawing() -> None:
    s = _game_3x3_with_pool()
    legal = legal_texts(s)
    figures = {f"fig {d} {c}" for d in (1, 2, 3, 4) for c in CELLS_3X3}
    assert legal == figures | {"draw"}


def test_r3_1_placing_a_figure_ends_the_turn() -> None:
    s = _game_3x3_with_pool()
    play(s, "fig 2 B2")
    assert (s.phase, s.current_player()) == (R.TURN, 1)
    assert hand(s, 0) == ["-2/I", "+3/I"]
    assert s.pool_act == 3


def test_r3_2_a_figure_goes_from_the_supply_onto_an_empty_space() -> None:
    s = _game_3x3_with_pool()
    play(s, "fig 4 B2")
    assert cell(s, "B2") == "a4"
    assert s.supply[0] == [0, 4, 3, 2, 0]
    assert "fig 4 B2" not in legal_texts(s)
    assert_illegal(s, "fig 1 B2")  # seat 1 cannot place on an occupied space
    play(s, "fig 4 A1")
    assert cell(s, "A1") == "b4"
    # seat 0 has used its only Beowulf
    assert not any(t.startswith("fig 4") for t in legal_texts(s))
    assert_illegal(s, "fig 4 C3")


def test_r3_3_draw_then_play_any_tile_in_hand_not_only_the_drawn_one() -> None:
    s = _game_3x3_with_pool()
    play(s, "draw")
    assert s.current_player() == CHANCE
    assert legal_texts(s) == {"deal +5/I", "deal T/I", "deal -6/I"}
    events = play(s, "deal +5/I")
    assert events_of(events, "tile_drawn") == [{"seat": 0, "act": "I"}]
    assert hand(s, 0) == ["-2/I", "+3/I", "+5/I"]
    assert s.phase == R.SELECT
    assert legal_texts(s) == {"tile -2/I", "tile +3/I", "tile +5/I"}
    play(s, "tile -2/I")
    assert legal_texts(s) == {f"put {c}" for c in CELLS_3X3}
    play(s, "put C3")
    assert cell(s, "C3") == "-2/I"
    assert hand(s, 0) == ["+3/I", "+5/I"]
    assert s.pool_act == 2
    assert (s.phase, s.current_player()) == (R.TURN, 1)


def test_r3_3_a_drawn_tile_is_known_only_to_the_drawer() -> None:
    s = _game_3x3_with_pool()
    (event,) = play(s, "draw", "deal T/I")
    assert event.for_viewer(0)["tile"] == "T/I"
    assert "tile" not in event.for_viewer(1)
    assert "tile" not in event.for_viewer(None)


def test_r3_3_no_tile_from_hand_without_drawing_while_the_pool_has_tiles() -> None:
    s = _game_3x3_with_pool()
    assert_illegal(s, "tile +3/I", "put A1", "pass")


def test_r3_3_a_tile_goes_only_onto_an_empty_space() -> None:
    s = _game_3x3_with_pool()
    play(s, "fig 1 A1", "fig 1 B1", "draw", "deal -6/I", "tile -6/I")
    assert legal_texts(s) == {f"put {c}" for c in CELLS_3X3 - {"A1", "B1"}}
    assert_illegal(s, "put A1", "put B1")


def test_r3_4_after_drawing_no_figure_may_be_placed_and_a_tile_must_be_played() -> None:
    s = _game_3x3_with_pool()
    play(s, "draw", "deal T/I")
    assert_illegal(s, "fig 1 A1", "fig 4 B2", "pass", "draw")
    play(s, "tile T/I")
    assert_illegal(s, "fig 1 A1", "pass", "tile +3/I")
    play(s, "put A1")
    assert cell(s, "A1") == "T/I"


def test_r3_5_with_an_empty_pool_a_tile_is_played_without_drawing() -> None:
    s = _game_3x3_with_pool()
    play(s, "draw", "deal +5/I", "tile +5/I", "put A1",
         "draw", "deal T/I", "tile T/I", "put B1",
         "draw", "deal -6/I", "tile -6/I", "put C1")
    assert s.pool_act == 0
    assert s.current_player() == 1
    legal = legal_texts(s)
    assert "draw" not in legal
    assert legal_in(s, "tile") == {"tile +1/I", "tile +2/I"}
    assert_illegal(s, "draw", "tile +3/I")  # +3 is in seat 0's hand, not seat 1's
    play(s, "tile +2/I", "put A2")
    assert cell(s, "A2") == "+2/I"
    assert hand(s, 1) == ["+1/I"]
    assert s.current_player() == 0


def test_r3_5_an_empty_pool_and_an_empty_hand_leave_only_figures() -> None:
    s = new_game(2, tiles=[["+1", "+2"], ["+1"], ["+1"]], boards=[BOARD_3X3, TINY, TINY])
    deal(s, {0: ["+1/I", "+2/I"]})  # the pool runs dry before seat 1 gets a tile
    assert hand(s, 1) == []
    play(s, "fig 1 A1")
    assert legal_texts(s) == {f"fig {d} {c}" for d in (1, 2, 3, 4) for c in CELLS_3X3 - {"A1"}}


# 25 cells, 10 figures each: seat 0 then seat 1 place Beowulf, Thane, Thane, Castle ×3,
# Longship ×4 row by row from A1, so the first four rows hold the 20 figures.
ORDER = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1)
CELLS_5X5 = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]
BOARD_5X5 = "\n".join([". . . . ."] * 5)


def _run_out_of_figures():
    """Seat 0 holds +1 and +2 (the whole Act I pool), seat 1 nothing; both place all ten
    figures, so after 20 turns seat 0 is the only one who can still act."""
    s = new_game(2, tiles=[["+1", "+2"], ["+1", "+2", "+3", "+4"], ["+1"]],
                 boards=[BOARD_5X5, TINY, TINY])
    deal(s, {0: ["+1/I", "+2/I"]})
    for i, d in enumerate(ORDER):
        play(s, f"fig {d} {CELLS_5X5[2 * i]}", f"fig {d} {CELLS_5X5[2 * i + 1]}")
    return s


def test_r3_6_a_player_who_cannot_act_is_skipped() -> None:
    s = _run_out_of_figures()
    assert s.supply == [[0, 0, 0, 0, 0]] * 2
    assert s.current_player() == 0
    events = play(s, "tile +1/I", "put A5")
    assert events_of(events, "player_skipped") == [{"seat": 1}]
    assert (s.act, s.phase, s.current_player()) == (0, R.TURN, 0)
    assert legal_texts(s) == {"tile +2/I"}


def test_r3_7_the_act_ends_when_nobody_can_act_even_with_empty_spaces() -> None:
    s = _run_out_of_figures()
    play(s, "tile +1/I", "put A5")
    events = play(s, "tile +2/I", "put B5")
    assert events_of(events, "act_ended")[0]["act"] == 1
    assert s.act == 1
    assert result_board(s)[4] == ["+1", "+2", ".", ".", "."]
    assert s.act_results[0]["ender"] == 0
    # scored on the unfinished board: column A (a4, b3, a2, b1) sees +1, column B
    # (b4, a2, b2, a1) sees +2, nobody sees anything else
    assert s.saga == [50 + 4 + 2 + 4 + 2, 50 + 3 + 1 + 8 + 4]


def test_r3_7_an_act_with_no_tiles_ends_when_the_figures_run_out() -> None:
    s = new_game(2, tiles=[[], ["+1"], ["+1"]], boards=[BOARD_5X5, TINY, TINY])
    assert s.phase == R.TURN  # nothing to deal
    for i, d in enumerate(ORDER[:-1]):
        play(s, f"fig {d} {CELLS_5X5[2 * i]}", f"fig {d} {CELLS_5X5[2 * i + 1]}")
    play(s, "fig 1 D4")
    assert s.act == 0
    play(s, "fig 1 E4")
    assert s.act == 1
    assert result_board(s)[4] == ["."] * 5
    assert s.saga == [50, 50]


# --- R7 hidden information -------------------------------------------------------------------


def _dealt(seat1_tiles: list[str]):
    s = GAME.new_initial_state(2)
    deal(s, {0: ["+3/I", "T/I"], 1: seat1_tiles})
    return s


def test_r7_1_a_view_shows_the_own_hand_and_only_the_backs_of_other_hands() -> None:
    s = _dealt(["+1/I", "+2/I"])
    v = s.view(0)
    assert v["hands"][0] == {"count": 2, "acts": [1, 1], "tiles": ["+3/I", "T/I"]}
    assert v["hands"][1] == {"count": 2, "acts": [1, 1]}
    spectator = s.view(None)
    assert all("tiles" not in h for h in spectator["hands"])


def test_r7_2_a_view_shows_the_pool_size_only() -> None:
    s = _dealt(["+1/I", "+2/I"])
    v = s.view(1)
    assert v["pool"] == 22
    assert v["later_pools"] == [26, 52]
    text = repr(v)
    assert "-6/I" not in text and "H/I" not in text  # no pool tile named anywhere


def test_r7_1_r7_2_views_of_states_differing_only_in_another_hand_are_equal() -> None:
    a = _dealt(["+1/I", "+2/I"])
    b = _dealt(["-1/I", "+5/I"])
    assert a.to_json() != b.to_json()
    assert a.view(0) == b.view(0)
    assert a.view(None) == b.view(None)
    assert a.view(1) != b.view(1)
    # also after seat 0 draws and plays: what seat 1 sees still cannot tell them apart
    for s in (a, b):
        play(s, "draw", "deal -6/I", "tile -6/I", "put C3", "draw")
    play(a, "deal H/I")
    play(b, "deal +4/I")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.view(1)["hands"][1]["tiles"] == ["+1/I", "+2/I", "H/I"]
    assert b.view(1)["hands"][1]["tiles"] == ["-1/I", "+4/I", "+5/I"]


def test_r7_2_pool_content_differences_are_invisible() -> None:
    """Seat 1 holds different tiles, so the two pools differ too; neither view shows it."""
    a = _dealt(["+1/I", "+2/I"])
    b = _dealt(["-1/I", "+5/I"])
    assert pool_left(a) != pool_left(b)
    assert a.view(0)["pool"] == b.view(0)["pool"] == 22


def test_r3_3_the_hand_stays_sorted_and_kept_between_turns() -> None:
    s = _game_3x3_with_pool()
    play(s, "fig 1 A1", "draw", "deal -6/I", "tile +1/I", "put B2")
    assert hand(s, 1) == ["-6/I", "+2/I"]
    assert empties(s) == CELLS_3X3 - {"A1", "B2"}
