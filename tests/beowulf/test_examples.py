"""The rulebooks' worked scoring examples (R5.2, R4.8, R4.10).

Czech seed (S-CZ), "Act I" example, figures A–G, with the full signed terms. The board is the
one rebuilt in shared/research/beowulf.md §5.1 (seat a = brown, b = green, c = grey):

    a1 b1 W+1 -1 -1        A (0,0)  B (0,1)
    a4 +6 C   +5 H         C (1,0)
    +4 +3 -6  b3 +1        D (2,3)
    -4 a1 c2  -2 +2        E (3,1)  F (3,2)
    -1 +3 S   +5 c3        G (4,4)

The book prints each figure's terms; it leaves out the 0 of a Dragon Horn that counts (G) and
explains the horn separately; the engine lists a value-less horn as a diamond, not a term.
"""

from __future__ import annotations

from collections import Counter

import pytest
from beowulf_helpers import deal, new_game, play

from boardwright.games.beowulf import rules as R
from boardwright.games.beowulf.data import DEFAULT_BOARDS, DEFAULT_TILES
from boardwright.games.beowulf.notation import parse_board
from boardwright.games.beowulf.scoring import FigureScore, score_breakdown, score_figures

CZECH = """
a1 b1 W+1 -1 -1
a4 +6 C   +5 H
+4 +3 -6  b3 +1
-4 a1 c2  -2 +2
-1 +3 S   +5 c3
"""

CZECH_POINTS = {(0, 0): -2, (0, 1): 11, (1, 0): 20, (2, 3): 27, (3, 1): 8, (3, 2): -20,
                (4, 4): 36}

#: the terms as S-CZ prints them, per figure
CZECH_TERMS = {
    (0, 0): (1, -1, -1, 4, -4, -1),
    (0, 1): (1, -1, -1, 6, 3, 3),
    (1, 0): (6, 4, -4, -1),
    (2, 3): (4, 3, -6, 1, -1, 5, -2, 5),
    (3, 1): (6, 3, 3, -4, -2, 2),
    (3, 2): (-4, -2, 2, -6, 0),
    (4, 4): (-1, 3, 0, 5, -1, 1, 2),
}


def _czech(rc: tuple[int, int]) -> FigureScore:
    return score_breakdown(parse_board(CZECH))[rc]


def _check(rc: tuple[int, int], seat: int, diamonds: int, horns: int, total: int) -> None:
    fs = _czech(rc)
    assert (fs.seat, fs.diamonds, fs.horns) == (seat, diamonds, horns)
    assert fs.total == total
    assert fs.points == CZECH_POINTS[rc]
    assert Counter(fs.terms) == Counter(CZECH_TERMS[rc])


def test_r5_2_czech_example_figure_a_longship_scores_minus_2() -> None:
    _check((0, 0), seat=0, diamonds=1, horns=0, total=-2)


def test_r5_2_czech_example_figure_b_longship_scores_11() -> None:
    _check((0, 1), seat=1, diamonds=1, horns=0, total=11)


def test_r5_2_r4_10_czech_example_figure_c_beowulf_scores_20_gorge_hides_plus_5_and_horn(
) -> None:
    _check((1, 0), seat=0, diamonds=4, horns=0, total=5)
    assert 5 not in _czech((1, 0)).terms


def test_r5_2_czech_example_figure_d_thane_scores_27() -> None:
    _check((2, 3), seat=1, diamonds=3, horns=0, total=9)


def test_r5_2_czech_example_figure_e_longship_scores_8() -> None:
    _check((3, 1), seat=0, diamonds=1, horns=0, total=8)


def test_r5_2_r4_10_czech_example_figure_f_castle_scores_minus_20_gorge_hides_treasure(
) -> None:
    _check((3, 2), seat=2, diamonds=2, horns=0, total=-10)
    assert 1 not in _czech((3, 2)).terms


def test_r5_2_r4_8_czech_example_figure_g_thane_scores_36_with_dragon_horn() -> None:
    _check((4, 4), seat=2, diamonds=3, horns=1, total=9)
    assert _czech((4, 4)).multiplier == 4


def test_r5_2_czech_example_whole_board() -> None:
    assert score_figures(parse_board(CZECH)) == CZECH_POINTS


# The example played through the engine: three players, the 18 example tiles as the Act I set.
# Figures go down first (a, b, c in turn); then the tiles in reading order, seats 1, 2, 0, ...;
# the first twelve tile turns draw the tile they play, the last six (two per seat) play the two
# tiles dealt at set-up.
FIGURE_TURNS = ["fig 1 A1", "fig 1 B1", "fig 2 C4", "fig 4 A2", "fig 3 D3", "fig 3 E5",
                "fig 1 B4"]
TILE_TURNS = [("W+1", "C1"), ("-1", "D1"), ("-1", "E1"), ("+6", "B2"), ("C", "C2"),
              ("+5", "D2"), ("H", "E2"), ("+4", "A3"), ("+3", "B3"), ("-6", "C3"),
              ("+1", "E3"), ("-4", "A4"), ("-2", "D4"), ("+2", "E4"), ("-1", "A5"),
              ("+3", "B5"), ("S", "C5"), ("+5", "D5")]


def test_r5_2_r5_3_czech_example_played_through_the_engine() -> None:
    tiles = [[t for t, _c in TILE_TURNS], list(DEFAULT_TILES[1]), list(DEFAULT_TILES[2])]
    s = new_game(3, tiles=tiles, boards=list(DEFAULT_BOARDS))
    from_hand = {i: TILE_TURNS[i][0] + "/I" for i in range(12, 18)}
    deal(s, {0: [from_hand[14], from_hand[17]], 1: [from_hand[12], from_hand[15]],
             2: [from_hand[13], from_hand[16]]})
    play(s, *FIGURE_TURNS)
    for i, (tile, where) in enumerate(TILE_TURNS):
        assert s.current_player() == (1 + i) % 3
        kind = tile + "/I"
        if i < 12:
            play(s, "draw", f"deal {kind}")
        play(s, f"tile {kind}", f"put {where}")
        if i < 17:
            if s.phase == R.SWAP_FIRST:  # the Golden Statue's swap is declined
                play(s, "pass")
            assert s.act == 0
    assert s.act == 1
    result = s.act_results[0]
    assert [row.split() for row in result["board"]] == [
        row.split() for row in CZECH.strip().splitlines()]
    assert {f["cell"]: f["points"] for f in result["figures"]} == {
        "A1": -2, "B1": 11, "A2": 20, "D3": 27, "B4": 8, "C4": -20, "E5": 36}
    assert s.saga == [50 - 2 + 20 + 8, 50 + 11 + 27, 50 - 20 + 36]
    assert s.start_player == 1  # seat 0 filled the last space (R5.7)


# Hungarian seed (S-HU), page 4 "KIÉRTÉKELÉSI PÉLDA". The text extraction lost the minus signs
# and the picture, so only the four explanations survive:
#   - the Thane counts every tile of its row and column, "4 + 1 1 1" = 3, × 3 = 9 points: the
#     only signs that give 3 are 4 + 1 - 1 - 1;
#   - Longship A, -1 point: only the tile in its column counts, the gorge cuts off the one in
#     its row;
#   - Longship B, -2 points: one peril in its row, one in its column;
#   - the Castle, -2 points: only the peril in its row counts, the gorge cuts off the boon in
#     its column.
# The board below is our reconstruction (not the printed picture): one played gorge (C) on C3
# cuts Longship A's row and the Castle's column; the cut-off tiles are +4 and +3. Seats are
# arbitrary. Thane a3 on D5, Longship A b1 on A3, Longship B c1 on A1, Castle a2 on C1.
HUNGARIAN = """
c1 .  a2 -1 .
.  .  .  .  .
b1 .  C  +4 .
.  .  +3 .  .
-1 .  .  a3 +1
"""
THANE, LONGSHIP_A, LONGSHIP_B, CASTLE = (4, 3), (2, 0), (0, 0), (0, 2)


def _hu(rc: tuple[int, int], board: str = HUNGARIAN) -> FigureScore:
    return score_breakdown(parse_board(board))[rc]


def test_r5_2_hungarian_example_thane_scores_9() -> None:
    fs = _hu(THANE)
    assert sorted(fs.terms) == [-1, -1, 1, 4]
    assert (fs.diamonds, fs.total, fs.points) == (3, 3, 9)


def test_r4_10_hungarian_example_longship_a_scores_minus_1_gorge_blocks_its_row() -> None:
    fs = _hu(LONGSHIP_A)
    assert fs.terms == (-1,)  # its column only
    assert fs.points == -1
    assert _hu(LONGSHIP_A, HUNGARIAN.replace("C ", ". ")).points == -1 + 4


def test_r5_2_hungarian_example_longship_b_scores_minus_2() -> None:
    fs = _hu(LONGSHIP_B)
    assert fs.terms == (-1, -1)  # one peril in its row, one in its column
    assert fs.points == -2


def test_r4_10_hungarian_example_castle_scores_minus_2_gorge_blocks_its_column_boon() -> None:
    fs = _hu(CASTLE)
    assert fs.terms == (-1,)  # its row's peril only
    assert fs.points == -2
    assert _hu(CASTLE, HUNGARIAN.replace("C ", ". ")).points == (-1 + 3) * 2


@pytest.mark.parametrize("gorge", ["C ", "X "])
def test_r4_10_hungarian_example_whole_board(gorge: str) -> None:
    board = HUNGARIAN.replace("C ", gorge)
    assert score_figures(parse_board(board)) == {
        THANE: 9, LONGSHIP_A: -1, LONGSHIP_B: -2, CASTLE: -2}
