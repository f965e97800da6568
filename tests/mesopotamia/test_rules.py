"""Mesopotamia rules R2–R8 (numbers from boardwright/games/mesopotamia/RULES.md).

Positions are built from the real set-up and then arranged by hand (meso_helpers.py); every move
is played through `apply` with the game's notation.
"""

from __future__ import annotations

import pytest
from meso_helpers import GAME, at, can, cell, clear, lay, legal_texts, new, play, put

from boardwright.engine.api import options_for_people
from boardwright.engine.errors import IllegalAction
from boardwright.games.mesopotamia import data
from boardwright.games.mesopotamia.data import NEUTRAL, TERRAINS

ZIG, NV, SV, PA, PB, FOREST, QUARRY = (0, 0), (0, -1), (0, 1), (1, -1), (1, 0), (-1, 0), (-1, 1)


# --- R2 set-up -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_1_starting_ring_of_seven_tiles(players: int) -> None:
    s = new(players)
    tiles = {s.cfg.coords[c]: TERRAINS[s.tile[c]] for c in s.placed}
    assert tiles == {ZIG: "ziggurat", NV: "volcano", SV: "volcano", PA: "plains",
                     PB: "plains", FOREST: "forest", QUARRY: "quarry"}


@pytest.mark.parametrize(("players", "plains"), [(2, 14), (3, 16), (4, 20)])
def test_r2_2_tiles_removed_by_player_count(players: int, plains: int) -> None:
    s = new(players)
    assert s.stack == [plains, 5, 6, 3]
    assert s.conserved()["tiles"] == 41


def test_r2_4_seating_and_neutral_huts() -> None:
    s4, s3, s2 = new(4), new(3), new(2)
    a, b = cell(s4, *PA), cell(s4, *PB)
    assert s4.hut_owner[2 * a:2 * a + 2] == [0, 3] and s4.hut_owner[2 * b:2 * b + 2] == [1, 2]
    assert s3.hut_owner[2 * a:2 * a + 2] == [0, NEUTRAL]
    assert s2.hut_owner[2 * a:2 * a + 2] == [0, 1]
    assert s2.hut_owner[2 * b:2 * b + 2] == [NEUTRAL, NEUTRAL]
    assert at(s4, 3, PA) == 3 and at(s4, 1, PB) == 3 and s4.mem_supply == [5] * 4
    assert s4.hut_supply == [4] * 4 and all(h == -1 for h in s4.hut_off)  # no offering at start


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_5_wood_and_stone_equal_to_player_count(players: int) -> None:
    s = new(players)
    assert s.wood[cell(s, *FOREST)] == players and s.stone[cell(s, *QUARRY)] == players
    assert s.supply_wood == 20 - players


def test_r2_6_mana_starts_at_0_with_limit_3() -> None:
    s = new(4)
    assert s.mana == [0] * 4 and s.limit == [3] * 4


def test_r2_7_two_players_play_without_wrath_and_mana_theft() -> None:
    assert sum(new(2).deck) == 14 and sum(new(3).deck) == 18


# --- R4 movement -----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "mps"), [(2, [2, 5]), (3, [2, 3, 4]), (4, [2, 3, 4, 5])])
def test_r4_1_first_round_movement_points(players: int, mps: list[int]) -> None:
    s = new(players)
    seen = []
    for _ in range(players):
        seen.append(s.mp)
        play(s, "end_movement", "finish_action")
    assert seen == mps
    assert s.mp == 5  # round 2


def test_r4_1_a_step_costs_one_point_and_points_do_not_carry_over() -> None:
    s = new(4)
    play(s, "move 1,-1 s empty")
    assert s.mp == 1 and at(s, 0, PB) == 1
    play(s, "end_movement", "finish_action")
    assert s.mp == 3


def test_r4_2_nobody_enters_a_volcano() -> None:
    s = new(4)
    assert not can(s, "move 1,-1 nw empty")  # (0,-1) is a volcano


def test_r4_3_pick_up_drop_and_swap_are_free() -> None:
    s = new(4)
    put(s, 0, FOREST)
    lay(s, (-2, 1), "plains")
    s.stone[cell(s, *FOREST)] = 1
    s.supply_stone -= 1
    play(s, "pick_up -1,0 wood")
    assert at(s, 0, FOREST, "wood") == 1 and s.wood[cell(s, *FOREST)] == 3 and s.mp == 2
    play(s, "swap -1,0 wood")
    assert at(s, 0, FOREST, "stone") == 1 and s.wood[cell(s, *FOREST)] == 4
    play(s, "drop -1,0 stone")
    assert at(s, 0, FOREST) == 1 and s.mp == 2


def test_r4_3_a_member_carries_one_item() -> None:
    s = new(4)
    put(s, 0, FOREST, "stone")
    assert not can(s, "pick_up -1,0 wood")


def test_r4_4_wood_may_not_enter_the_ziggurat() -> None:
    s = new(4)
    put(s, 0, FOREST, "wood")
    assert not can(s, "move -1,0 se wood")
    put(s, 0, FOREST)
    assert can(s, "move -1,0 se empty")


def test_r4_4_stone_builds_the_ziggurat_for_mana_and_limit() -> None:
    s = new(4)
    put(s, 0, QUARRY, "stone")
    supply = s.supply_stone
    play(s, "move -1,1 ne stone")
    assert (s.mana[0], s.limit[0]) == (1, 4)
    assert at(s, 0, ZIG) == 1 and s.supply_stone == supply + 1 and s.mp == 1
    play(s, "move 0,0 se empty")  # the member may move on, now empty-handed
    assert at(s, 0, PB) == 1


@pytest.mark.parametrize(("before", "after"), [((7, 8), (8, 8)), ((8, 8), (8, 8)),
                                               ((5, 7), (6, 8)), ((2, 8), (3, 8))])
def test_r4_4_stone_at_the_mana_ceiling(before: tuple[int, int], after: tuple[int, int]) -> None:
    s = new(4)
    s.mana[0], s.limit[0] = before
    put(s, 0, QUARRY, "stone")
    play(s, "move -1,1 ne stone")
    assert (s.mana[0], s.limit[0]) == after


def test_r4_5_offering_with_enough_mana_pays_and_the_member_becomes_a_priest() -> None:
    s = new(4)
    s.mana[0], s.limit[0] = 6, 6
    s.off_supply[0][2] = 0
    put(s, 0, PB, "offering6")
    supply = s.mem_supply[0]
    events = play(s, "move 1,0 nw offering6")
    assert s.mana[0] == 0 and s.delivered[0] == [2] and s.mem_supply[0] == supply + 1
    assert at(s, 0, ZIG, "offering6") == 0
    assert any(e.kind == "offering_made" and e.data["value"] == 6 for e in events)


def test_r4_5_offering_without_enough_mana_may_not_enter() -> None:
    s = new(4)
    s.mana[0], s.limit[0] = 5, 6
    s.off_supply[0][2] = 0
    put(s, 0, PB, "offering6")
    assert not can(s, "move 1,0 nw offering6")
    with pytest.raises(IllegalAction):
        play(s, "move 1,0 nw offering6")
    assert at(s, 0, PB, "offering6") == 1 and s.mp == 2


def test_r4_5_offerings_cannot_be_dropped_or_stolen() -> None:
    s = new(4)
    s.off_supply[1][0] = 0
    put(s, 1, PA, "offering2")
    texts = legal_texts(s)
    assert not any(t.startswith("drop") for t in texts)
    assert not any(t.startswith("steal") for t in texts)


def test_r4_5_take_an_own_offering_from_under_a_hut() -> None:
    s = new(4)
    a = cell(s, *PA)
    s.hut_off[2 * a] = 3  # seat 0's hut holds the 7
    s.off_supply[0][3] = 0
    play(s, "take_offering 1,-1 7")
    assert s.hut_off[2 * a] == -1 and at(s, 0, PA, "offering7") == 1 and s.mp == 2


def test_r4_6_seed_example_anita_four_robs_both_of_peters_carriers() -> None:
    """Seed 4.1: Péter has 2 members, Anita 4; Anita may take both carriers' materials."""
    s = new(4)
    clear(s, 0, PA)
    clear(s, 3, PA)
    put(s, 0, PA, n=4)  # Anita (seat 0, to move)
    put(s, 3, PA, "wood")  # Péter (seat 3)
    put(s, 3, PA, "stone")
    play(s, "steal 1,-1 wood 3", "steal 1,-1 stone 3")
    assert at(s, 0, PA, "wood*") == 1 and at(s, 0, PA, "stone*") == 1
    assert at(s, 3, PA) == 2 and s.mp == 2  # stealing is free


def test_r4_6_stealing_needs_a_majority_against_that_player_only() -> None:
    """EM ruling: A with 3 members robs B's 2 even though C has 4 there."""
    s = new(4)
    clear(s, 0, PA)
    clear(s, 3, PA)
    put(s, 0, PA, n=3)
    put(s, 1, PA, "wood", 2)
    put(s, 2, PA, "stone", 4)
    assert can(s, "steal 1,-1 wood 1")
    assert not can(s, "steal 1,-1 stone 2")


def test_r4_6_each_member_steals_once_per_turn_and_only_empty_handed() -> None:
    s = new(4)
    clear(s, 0, PA)
    clear(s, 3, PA)
    put(s, 0, PA, n=4)
    put(s, 3, PA, "wood")
    play(s, "steal 1,-1 wood 3", "drop 1,-1 wood stole")
    assert at(s, 0, PA, "empty*") == 1 and at(s, 0, PA) == 3
    put(s, 3, PA, "stone")
    put(s, 3, PA, "stone")
    # the marked member is empty-handed again but may not steal twice; the other two may
    play(s, "steal 1,-1 stone 3", "steal 1,-1 stone 3")
    assert at(s, 0, PA) == 1 and at(s, 0, PA, "empty*") == 1
    assert not any(t.startswith("steal") for t in legal_texts(s))


def test_r9_13_no_stealing_on_the_ziggurat() -> None:
    s = new(4)
    put(s, 0, ZIG, n=2)
    put(s, 1, ZIG)
    s.mem[1][cell(s, *ZIG) * 14 + 0] -= 1
    s.mem[1][cell(s, *ZIG) * 14 + 1] += 1  # (as if Teleport had put a wood carrier there)
    s.invalidate()
    assert not any(t.startswith("steal") for t in legal_texts(s))


def test_r4_6_marks_end_with_the_turn() -> None:
    s = new(4)
    clear(s, 3, PA)
    put(s, 3, PA, "wood")
    play(s, "steal 1,-1 wood 3", "end_movement", "finish_action")
    assert at(s, 0, PA, "wood") == 1 and at(s, 0, PA, "wood*") == 0


def test_r4_8_exploring_draws_a_tile_under_the_member() -> None:
    s = new(4)
    play(s, "move 1,-1 ne empty")  # (2,-2) is empty: explore
    assert s.phase == data.DRAW_TILE and s.mp == 1
    play(s, "tile plains")
    c = cell(s, 2, -2)
    assert TERRAINS[s.tile[c]] == "plains" and at(s, 0, (2, -2)) == 1 and at(s, 0, PA) == 2
    assert s.explores == 1 and s.hut_owner[2 * c] == -1  # A1: exploring places no hut


def test_r4_8_at_most_three_explorations_a_turn() -> None:
    s = new(4)
    s.mp = 9
    play(s, "move 1,-1 ne empty", "tile plains", "move 2,-2 ne empty", "tile plains",
         "move 3,-3 ne empty", "tile plains")
    assert s.explores == 3
    assert not can(s, "move 4,-4 ne empty")
    assert can(s, "move 4,-4 sw empty")


def test_r4_9_volcano_is_placed_anywhere_and_the_draw_repeats() -> None:
    s = new(4)
    play(s, "move 1,-1 ne empty", "tile volcano")
    assert s.phase == data.VOLCANO_PLACE
    assert not can(s, "place_volcano 2,-2")  # not where the explorer steps
    play(s, "place_volcano -2,0")
    assert s.phase == data.DRAW_TILE and s.explores == 0  # volcanoes do not count
    play(s, "tile forest")
    assert TERRAINS[s.tile[cell(s, -2, 0)]] == "volcano"
    assert TERRAINS[s.tile[cell(s, 2, -2)]] == "forest"


def test_r4_10_forest_gets_one_wood_each_with_the_surplus_chosen() -> None:
    s = new(4)
    forest = cell(s, *FOREST)
    play(s, "move 1,-1 ne empty", "tile forest")
    new_forest = cell(s, 2, -2)
    # 4 wood: one each to the two forests, the explorer places the other two
    assert s.wood[new_forest] == 1 and s.wood[forest] == 5
    assert s.phase == data.DISTRIBUTE
    play(s, "place_resource 2,-2", "place_resource -1,0")
    assert s.wood[new_forest] == 2 and s.wood[forest] == 6 and s.phase == data.MOVE
    assert s.supply_wood == 20 - 4 - 4


def test_r4_10_fewer_wood_than_forests_the_new_one_still_gets_one() -> None:
    s = new(2)
    for qr in [(-2, 0), (-2, 1), (-3, 1)]:
        lay(s, qr, "forest")
    play(s, "move 1,-1 ne empty", "tile forest")
    # 2 wood, 5 forests: the new forest gets one, the explorer picks one other
    assert s.wood[cell(s, 2, -2)] == 1 and s.phase == data.DISTRIBUTE
    assert not can(s, "place_resource 2,-2")
    play(s, "place_resource -3,1")
    assert s.wood[cell(s, -3, 1)] == 1 and s.phase == data.MOVE


# --- R5 actions ------------------------------------------------------------------------------

def test_r5_1_build_hut_with_two_members_and_wood_choosing_the_offering() -> None:
    s = new(4)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "wood")
    put(s, 0, (2, -1), "stone")  # a carrier may be the second member (EM)
    play(s, "end_movement")
    assert can(s, "build_hut 2,-1 6")
    play(s, "build_hut 2,-1 6")
    c = cell(s, 2, -1)
    assert s.hut_owner[2 * c] == 0 and s.hut_off[2 * c] == 2 and s.off_supply[0] == [1, 1, 0, 1]
    assert at(s, 0, (2, -1), "wood") == 0 and s.hut_supply[0] == 3
    assert not can(s, "build_hut 2,-1 2")  # the group is used up
    play(s, "finish_action")
    assert s.to_move == 1


def test_r5_1_every_group_may_build_but_a_plains_holds_two_huts() -> None:
    s = new(4)
    put(s, 0, PB, "wood", 2)  # plains B already has 2 huts
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "wood", 4)
    play(s, "end_movement")
    assert not can(s, "build_hut 1,0 2")
    play(s, "build_hut 2,-1 2", "build_hut 2,-1 4")
    assert not any(t.startswith("build_hut") for t in legal_texts(s))


def test_r5_2_holy_place_only_on_an_empty_plains() -> None:
    s = new(4)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "stone")
    put(s, 0, (2, -1))
    put(s, 1, (2, -1))
    put(s, 0, PA, "stone")
    play(s, "end_movement")
    assert not can(s, "holy_place 2,-1")  # another tribe stands there
    assert not can(s, "holy_place 1,-1")  # huts stand there
    clear(s, 1, (2, -1))
    play(s, "holy_place 2,-1")
    assert s.holy[cell(s, 2, -1)] == 0 and s.holy_supply[0] == 2


def test_r5_3_breed_needs_own_hut_and_two_members() -> None:
    s = new(4)
    play(s, "end_movement", "breed 1,-1")
    assert at(s, 0, PA) == 4 and s.mem_supply[0] == 4


def test_r5_3_breeding_blocked_by_another_players_hut_with_an_offering() -> None:
    s = new(4)
    a = cell(s, *PA)
    s.hut_off[2 * a + 1] = 0  # seat 3's hut on plains A still covers an offering
    s.off_supply[3][0] = 0
    play(s, "end_movement")
    assert not can(s, "breed 1,-1")
    s.hut_off[2 * a + 1] = -1  # now carried instead: no longer blocks
    put(s, 3, PA, "offering2")
    s.invalidate()
    assert can(s, "breed 1,-1")


def test_r5_3_two_own_huts_two_groups() -> None:
    s = new(2)
    b = cell(s, *PB)
    s.hut_owner[2 * b] = s.hut_owner[2 * b + 1] = 0
    clear(s, 0, PA)
    put(s, 0, PB, n=4)
    play(s, "end_movement", "breed 1,0", "breed 1,0")
    assert at(s, 0, PB) == 6 and not can(s, "breed 1,0")


def test_r5_4_draw_exactly_one_card() -> None:
    s = new(4)
    play(s, "end_movement", "draw_card")
    assert s.phase == data.DRAW_CARD
    play(s, "card teleport")
    assert s.hands[0][5] == 1 and s.phase == data.AFTER_DRAW  # R3.2 cards may follow
    play(s, "finish_action")
    assert s.to_move == 1


def test_r5_5_only_one_action() -> None:
    s = new(4)
    play(s, "end_movement", "breed 1,-1")
    assert not any(t.startswith(("draw", "holy", "build")) for t in legal_texts(s))


# --- R6 mana phase ---------------------------------------------------------------------------

def test_r6_mana_from_own_and_other_holy_places_capped_by_limit() -> None:
    s = new(4)
    for qr in [(2, -1), (2, 0), (2, -2)]:
        lay(s, qr, "plains")
    s.holy[cell(s, 2, -1)] = 0
    s.holy[cell(s, 2, 0)] = 1
    s.holy[cell(s, 2, -2)] = 2
    put(s, 0, (2, -1))  # own place, 1 member: +1
    put(s, 0, (2, 0), n=2)  # other's place, 2 members: +1
    put(s, 0, (2, -2))  # other's place, 1 member: nothing
    play(s, "end_movement", "finish_action")
    assert s.mana[0] == 2
    s2 = new(4)
    s2.mana[0] = 3
    lay(s2, (2, -1), "plains")
    s2.holy[cell(s2, 2, -1)] = 0
    put(s2, 0, (2, -1))
    play(s2, "end_movement", "finish_action")
    assert s2.mana[0] == 3  # never above the limit


# --- R7 cards --------------------------------------------------------------------------------

def _with_card(card: int, players: int = 4, **options: object) -> object:
    s = new(players, **options)
    s.deck[card] -= 1
    s.hands[0][card] += 1
    s.invalidate()
    return s


def test_r7_1_endurance_gives_three_movement_points() -> None:
    s = _with_card(0)
    play(s, "play endurance")
    assert s.mp == 5 and s.discard[0] == 1


def test_r7_2_scouts_draws_four_and_keeps_one() -> None:
    s = _with_card(1)
    play(s, "play scouts", "move 1,-1 ne empty", "tile volcano", "tile plains", "tile quarry",
         "tile volcano")
    assert s.phase == data.SCOUT_PICK
    assert legal_texts(s) == ["scout_pick plains", "scout_pick quarry", "scout_pick volcano"]
    play(s, "scout_pick quarry")
    assert TERRAINS[s.tile[cell(s, 2, -2)]] == "quarry"
    assert s.stack == [20 - 1 + 1, 5, 6 - 1, 3]  # the other three went back


def test_r7_2_scouts_may_keep_a_volcano_which_is_attached_and_the_draw_repeats() -> None:
    s = _with_card(1)
    play(s, "play scouts", "move 1,-1 ne empty", "tile volcano", "tile plains", "tile quarry",
         "tile volcano")
    play(s, "scout_pick volcano")
    assert s.phase == data.VOLCANO_PLACE and s.stack == [20, 5, 6, 3 - 1]
    assert not can(s, "place_volcano 2,-2")  # not where the member explores (R4.9)
    play(s, "place_volcano 2,-1")
    assert TERRAINS[s.tile[cell(s, 2, -1)]] == "volcano"
    assert s.phase == data.DRAW_TILE  # one tile now, the Scouts are used
    play(s, "tile forest")
    assert TERRAINS[s.tile[cell(s, 2, -2)]] == "forest"


def test_r7_2_option_scouts_keep_volcano_off_keeps_only_land() -> None:
    s = _with_card(1, scouts_keep_volcano=False)
    play(s, "play scouts", "move 1,-1 ne empty", "tile volcano", "tile plains", "tile quarry",
         "tile volcano")
    assert legal_texts(s) == ["scout_pick plains", "scout_pick quarry"]


def test_r7_2_1_scouts_draw_the_tiles_left_when_fewer_than_four() -> None:
    s = _with_card(1)
    s.stack = [0] * len(TERRAINS)
    s.stack[TERRAINS.index("plains")] = 1
    s.stack[TERRAINS.index("quarry")] = 1
    play(s, "play scouts", "move 1,-1 ne empty", "tile plains", "tile quarry")
    assert s.phase == data.SCOUT_PICK
    assert legal_texts(s) == ["scout_pick plains", "scout_pick quarry"]
    play(s, "scout_pick plains")
    assert s.stack[TERRAINS.index("quarry")] == 1 and sum(s.stack) == 1


def test_r7_3_twins_breed_two() -> None:
    s = _with_card(2)
    play(s, "end_movement", "play twins", "breed 1,-1")
    assert at(s, 0, PA) == 5


def test_r7_4_priesthood_adds_one_per_card() -> None:
    s = _with_card(3)
    s.hands[0][3] += 1
    s.deck[3] -= 1
    s.limit[0] = 8
    lay(s, (2, -1), "plains")
    s.holy[cell(s, 2, -1)] = 0
    put(s, 0, (2, -1))
    play(s, "priesthood 2,-1", "priesthood 2,-1", "end_movement", "finish_action")
    assert s.mana[0] == 3  # EM: 2 cards on one place give 3


def _holy_place_with_a_member(card: int, **options: object) -> object:
    s = _with_card(card, **options)
    s.limit[0] = 8
    lay(s, (2, -1), "plains")
    s.holy[cell(s, 2, -1)] = 0
    put(s, 0, (2, -1))
    return s


def test_r3_2_1_a_card_is_played_in_the_mana_phase_after_the_mana_is_counted() -> None:
    s = _holy_place_with_a_member(5)  # Teleport
    play(s, "end_movement", "finish_action")
    assert s.phase == data.MANA and s.mana[0] == 1 and s.to_move == 0
    assert can(s, "end_turn") and not can(s, "priesthood 2,-1")
    play(s, f"teleport 2,-1 {2 + 14 * 0 + 0}", "to 1,-1")  # the member leaves the holy place
    assert s.phase == data.MANA and at(s, 0, (2, -1)) == 0
    play(s, "end_turn")
    assert s.to_move == 1 and s.phase == data.MOVE and s.mana[0] == 1


def test_r3_2_1_without_a_card_for_the_mana_phase_the_turn_passes_at_once() -> None:
    s = _holy_place_with_a_member(0)  # Endurance: movement only
    play(s, "end_movement", "finish_action")
    assert s.to_move == 1 and s.phase == data.MOVE


def test_r3_2_1_option_mana_phase_cards_off_passes_the_turn_when_the_mana_is_counted() -> None:
    s = _holy_place_with_a_member(5, mana_phase_cards=False)
    play(s, "end_movement", "finish_action")
    assert s.to_move == 1 and s.mana[0] == 1


def test_r3_2_1_the_card_drawn_this_turn_is_not_played_in_the_mana_phase() -> None:
    s = new(4)
    play(s, "end_movement", "draw_card", "card focus_stone", "finish_action")
    assert s.to_move == 1


def test_r7_5_focus_stone_two_mana_not_above_limit() -> None:
    s = _with_card(4)
    s.mana[0] = 2
    play(s, "play focus_stone")
    assert s.mana[0] == 3


def test_r7_6_teleport_a_member_with_its_offering() -> None:
    s = _with_card(5)
    s.off_supply[0][3] = 0
    put(s, 0, FOREST, "offering7")
    c = cell(s, *FOREST)
    th = 2 + 14 * 0 + 6
    play(s, f"teleport -1,0 {th}")
    assert s.phase == data.TP_DST
    assert not can(s, "to 0,0") and can(s, "to 0,-1")  # not the ziggurat; a volcano is a tile
    play(s, "to 1,0")
    assert at(s, 0, PB, "offering7") == 1 and s.mem[0][c * 14 + 6] == 0


def test_r7_6_teleport_onto_a_volcano_and_the_member_steps_off_again() -> None:
    s = _with_card(5)
    put(s, 0, FOREST)
    play(s, f"teleport -1,0 {2 + 14 * 0 + 0}", "to 0,-1")
    assert at(s, 0, (0, -1)) == 1
    assert can(s, "move 0,-1 ne empty")  # leaving a volcano is a step like any other


def test_r7_6_option_teleport_onto_volcano_off() -> None:
    s = _with_card(5, teleport_onto_volcano=False)
    put(s, 0, FOREST)
    play(s, f"teleport -1,0 {2 + 14 * 0 + 0}")
    assert not can(s, "to 0,-1") and can(s, "to 1,0")


def test_r7_6_teleport_lifts_an_opponents_carried_stone() -> None:
    s = _with_card(5)
    put(s, 1, QUARRY, "stone")
    th = 58 + 2 * 1 + 1
    play(s, f"teleport -1,1 {th}", "to 1,-1")
    assert at(s, 1, QUARRY) == 1 and s.stone[cell(s, *PA)] == 1


def test_r7_7_marduks_wrath_moves_a_member_without_its_resource() -> None:
    s = _with_card(6)
    put(s, 1, FOREST, "wood")
    th = 7 * 1 + 1
    play(s, f"wrath -1,0 {th}")
    assert not can(s, "to 0,0")  # not the ziggurat
    assert not can(s, "to 3,-1")  # farther than 3 (and not even a tile)
    play(s, "to 1,0")
    assert at(s, 1, PB, "empty") == 4 and s.wood[cell(s, *FOREST)] == 5


@pytest.mark.parametrize(("reach", "reached"), [("land", False), ("any", True)])
def test_r7_7_1_marduks_wrath_reach_over_land_or_over_every_tile(reach: str, reached: bool) -> None:
    s = _with_card(6, wrath_reach=reach)
    lay(s, (1, -2), "volcano")
    lay(s, (0, -2), "plains")
    lay(s, (-1, -2), "plains")  # 2 steps via the volcanoes, 4 over land (R2.1 ring)
    put(s, 1, (1, -1))
    play(s, f"wrath 1,-1 {7 * 1 + 0}")
    assert can(s, "to 0,-2") is reached
    assert not can(s, "to 0,-1") and not can(s, "to 1,-2")  # never ends on a volcano


def test_r2_4_1_option_three_player_alone_names_the_seat_alone_on_plains_a() -> None:
    s = new(3, three_player_alone=2)
    pa, pb = cell(s, *PA), cell(s, *PB)
    assert sorted(s.hut_owner[2 * pa: 2 * pa + 2]) == sorted([2, NEUTRAL])
    assert sorted(s.hut_owner[2 * pb: 2 * pb + 2]) == [0, 1]


def test_r7_7_marduks_wrath_moves_a_hut_only_to_a_plains_with_room() -> None:
    s = _with_card(6)
    lay(s, (2, -1), "plains")
    lay(s, (2, -2), "plains")
    s.holy[cell(s, 2, -2)] = 2
    play(s, "wrath 1,-1 29")  # seat 3's hut, slot 1 on plains A
    assert can(s, "to 2,-1") and not can(s, "to 2,-2") and not can(s, "to 1,0")
    play(s, "to 2,-1")
    assert s.hut_owner[2 * cell(s, 2, -1)] == 3


def test_r7_8_mana_theft() -> None:
    s = _with_card(7)
    s.mana[2] = 2
    play(s, "mana_theft 2")
    assert s.mana == [1, 0, 1, 0]


def test_r7_9_three_four_player_cards_absent_with_two() -> None:
    s = new(2)
    assert s.deck[6] == 0 and s.deck[7] == 0 and s.boxed_cards[6] == 2


def test_r7_10_discard_is_reshuffled_when_the_deck_runs_out() -> None:
    s = new(4)
    s.discard = s.deck
    s.deck = [0] * 8
    play(s, "end_movement", "draw_card")
    assert sum(s.deck) == 18 and sum(s.discard) == 0


def test_r7_11_variant_start_with_a_card() -> None:
    s = new(3, start_with_card=True)
    assert s.phase == data.DRAW_CARD
    play(s, "card endurance", "card scouts", "card twins")
    assert s.phase == data.MOVE and s.to_move == 0 and s.hands[0][0] == 1
    assert can(s, "play endurance")  # playable in round 1


def test_r7_12_variant_single_use_cards() -> None:
    s = _with_card(4)
    s2 = new(4, single_use_cards=True)
    s2.deck[4] -= 1
    s2.hands[0][4] += 1
    play(s2, "play focus_stone")
    assert s2.boxed_cards[4] == 1 and sum(s2.discard) == 0
    assert s.discard == [0] * 8


def test_r3_2_the_card_drawn_this_turn_cannot_be_played_but_the_others_can() -> None:
    s = new(4)
    s.hands[0][data.TELEPORT] = 1
    play(s, "end_movement", "draw_card", "card focus_stone")
    assert s.phase == data.AFTER_DRAW and s.to_move == 0
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "play focus_stone" not in texts  # "kivéve azt, amit ebben a fordulóban húzott fel"
    assert any(t.startswith("teleport") for t in texts) and "finish_action" in texts
    assert s.view(0)["seats"][0]["drawn"] == "focus_stone" and "drawn" not in s.view(1)["seats"][0]
    s.hands[0][data.FOCUS_STONE] = 2  # one held from before may be played
    s.invalidate()
    assert "play focus_stone" in [s.action_to_text(a) for a in s.legal_actions()]


def test_r3_2_cards_may_be_played_after_the_action() -> None:
    s = new(4)
    s.hands[0][data.FOCUS_STONE] = 1
    s.mana[0], s.limit[0] = 0, 3
    play(s, "end_movement", "breed 1,-1")
    assert s.phase == data.BREED
    play(s, "play focus_stone")  # "amikor rajta van a sor, ezek közül bármennyit kijátszhat"
    assert s.mana[0] == 2 and s.phase == data.BREED
    play(s, "finish_action")
    assert s.to_move == 1


def test_r3_2_option_before_action_keeps_cards_to_movement_and_before_the_action() -> None:
    s = new(4, card_timing="before_action")
    s.hands[0][data.FOCUS_STONE] = 1
    play(s, "end_movement", "breed 1,-1")
    assert [s.action_to_text(a) for a in s.legal_actions()] == ["finish_action"]
    s = new(4, card_timing="before_action")
    play(s, "end_movement", "draw_card", "card focus_stone")
    assert s.to_move == 1  # the turn ended with the draw


def test_r5_5_an_action_must_be_chosen_when_one_can_be() -> None:
    s = new(4, action_required=True)
    play(s, "end_movement")
    texts = legal_texts(s)
    assert "finish_action" not in texts and "draw_card" in texts
    play(s, "breed 1,-1")
    assert "finish_action" in legal_texts(s)  # carried out: the turn may end
    optional = new(4, action_required=False)
    play(optional, "end_movement")
    assert "finish_action" in legal_texts(optional)


def test_r2_4_two_players_share_plains_a_or_start_apart() -> None:
    shared, apart = new(2), new(2, two_player_seating="apart")
    a, b = cell(shared, 1, -1), cell(shared, 1, 0)
    assert shared.hut_owner[2 * a:2 * a + 2] == [0, 1] and at(shared, 1, (1, -1)) == 3
    assert apart.hut_owner[2 * a:2 * a + 2] == [0, NEUTRAL]
    assert apart.hut_owner[2 * b:2 * b + 2] == [1, NEUTRAL] and at(apart, 1, (1, 0)) == 3


def test_r9_2_free_steps_are_unbounded_at_a_table_with_people() -> None:
    assert options_for_people(GAME, None)["free_actions_per_turn"] == 0
    s = new(2, free_actions_per_turn=0)
    put(s, 0, (-1, 0))  # a member in the starting forest, by its wood
    for _ in range(30):  # "bármikor és bárhányszor": pick up and drop, again and again
        play(s, "pick_up -1,0 wood", "drop -1,0 wood")
    assert s.free_used == 60 and can(s, "pick_up -1,0 wood")
    bounded = new(2, free_actions_per_turn=2)
    put(bounded, 0, (-1, 0))
    play(bounded, "pick_up -1,0 wood", "drop -1,0 wood")
    assert not can(bounded, "pick_up -1,0 wood")


# --- R8 end ----------------------------------------------------------------------------------

def test_r8_the_fourth_offering_ends_the_game_at_once() -> None:
    s = new(4)
    s.delivered[0] = [0, 1, 2]
    s.off_supply[0] = [0, 0, 0, 0]
    s.mana[0], s.limit[0] = 7, 8
    put(s, 0, PB, "offering7")
    play(s, "move 1,0 nw offering7")
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1.0, 0.0, 0.0, 0.0]
    assert s.ended_by() == "rule"


def test_r9_1_a_capped_game_has_no_rules_winner_and_says_so() -> None:
    s = new(2, max_turns=2)
    events = play(s, "end_movement", "finish_action", "end_movement", "finish_action")
    assert s.is_terminal() and s.capped
    assert s.ended_by() == "cap" and s.rounds_played() == 1
    assert any(e.kind == "game_over" and e.data["capped"] for e in events)
    assert s.returns() == [0.5, 0.5]  # tied on the tie-breaks


# --- R10 hidden information ------------------------------------------------------------------

def test_r10_views_hide_offering_values_and_hands() -> None:
    a, b = new(4), new(4)
    for s, values in ((a, (0, 3)), (b, (3, 1))):
        pa = cell(s, *PA)
        s.hut_off[2 * pa] = values[0]
        s.off_supply[0][values[0]] = 0
        put(s, 0, PB, ["offering2", "offering4", "offering6", "offering7"][values[1]])
        s.off_supply[0][values[1]] = 0
        s.deck[values[1]] -= 1
        s.hands[0][values[1]] += 1
    for seat in (1, 2, 3, None):
        assert a.view(seat) == b.view(seat)
    assert a.view(0) != b.view(0)
