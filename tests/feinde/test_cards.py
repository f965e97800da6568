"""R10 spell cards: each card, and the timing rules."""

from __future__ import annotations

from feinde_helpers import (
    act,
    cell,
    clear_start_monsters,
    give,
    kinds,
    new_game,
    put_hero,
    put_token,
)

from boardwright.games.feinde import data, knowledge
from boardwright.games.feinde.data import CARD_INDEX, TILE_SHAPES


def test_r10_1_no_card_before_choosing_action_1_or_2_nor_the_turn_it_is_drawn() -> None:
    st = new_game(4)
    play = give(st, "know1")
    assert play not in st.legal_actions()  # still choosing the action
    act(st, data.FIGHT_MOVE)
    assert play in st.legal_actions()
    st.fresh = 1  # drawn this turn
    st._legal = None
    assert play not in st.legal_actions()


def test_r10_3_movement_adds_steps() -> None:
    st = new_game(4)
    clear_start_monsters(st)
    play = give(st, "move5")
    act(st, data.RUN, play)
    assert st.budget == 12 + 5 and not st.hands[0]
    assert st.played == [CARD_INDEX["move5"] * 8 + 1]  # public, with its group


def test_r10_2_power_takes_from_the_box_even_after_the_battle() -> None:
    st = new_game(4)
    play = give(st, "power3")
    know = give(st, "know1")
    put_token(st, "S1", 3)
    act(st, data.FIGHT_MOVE, data.FIGHT, st.action_from_text("dice 2-2"))  # learning fight
    act(st, data.END)  # no free step: the battle is over
    assert st.to_move == 0 and sorted(st.legal_actions()) == [data.END, play]
    assert know not in st.legal_actions()
    st.box = 2
    act(st, play, "amount 3")  # A34 take what is there
    assert st.chips[0] == 8 and st.box == 0
    assert st.to_move == 1  # nothing left to decide: the turn ended


def test_r10_3_knowledge_may_pass_on_the_dumbest_tile() -> None:
    st = new_game(4)
    st.dumb_active = 1
    play = give(st, "know3")
    act(st, data.FIGHT_MOVE, play, "amount 3")
    assert st.knowledge[0] == 4 and knowledge.dumbest(st) == 1


def test_r10_4_monster_change_counts_for_the_fight_and_the_new_knowledge() -> None:
    st = new_game(4)
    play = give(st, "monster3")
    act(st, data.FIGHT_MOVE, play)
    assert st.phase == data.DELTA
    assert [st.action_to_text(a) for a in st.legal_actions()] == ["delta +1", "delta +2",
                                                                  "delta +3"]
    act(st, st.action_from_text("delta +2"))  # monster 1 fights as 3: a learning fight
    events = act(st, data.FIGHT)
    assert events[-1].data["case"] == "learning" and events[-1].data["strength"] == 3
    st = new_game(4)
    put_token(st, "S1", 4)
    st.knowledge[0] = 4
    play = give(st, "monster1")
    act(st, data.FIGHT_MOVE, play, st.action_from_text("delta -1"))
    assert data.PLAY + CARD_INDEX["monster1"] not in st.legal_actions()
    act(st, data.FIGHT, st.action_from_text("dice 2-2"))
    assert st.knowledge[0] == 3 + 5 and st.trophies[0] == [4]


def test_r10_3_travel_jumps_to_another_hero() -> None:
    st = new_game(4)
    clear_start_monsters(st)
    put_hero(st, 2, "S3")
    play = give(st, "travel")
    act(st, data.RUN, play)
    assert st.phase == data.TRAVEL
    assert [st.action_to_text(a) for a in st.legal_actions()] == ["travel 2"]
    act(st, st.action_from_text("travel 2"))
    assert st.pos[0] == cell(st, "S3")


def test_r10_3_invisibility_lets_the_hero_pass_monsters() -> None:
    st = new_game(4)  # pinned on S1 by monster 1
    play = give(st, "invisibility")
    act(st, data.FIGHT_MOVE)
    assert data.STEP + 0 not in st.legal_actions()
    act(st, play)
    assert data.STEP + 0 in st.legal_actions()


def test_r10_4_a_monster_travels_two_rooms() -> None:
    st = new_game(4)
    clear_start_monsters(st)
    for r in ("R44", "R45", "R46"):
        put_token(st, r, 0)
    put_token(st, "R44", 12)
    for p in range(4):
        put_hero(st, p, "S4")
    play = give(st, "monster_travels")
    act(st, data.RUN, play)
    assert st.phase == data.PICK
    assert [st.action_to_text(a) for a in st.legal_actions()] == ["pick R44"]
    act(st, "pick R44", "monster R45", "monster R46")
    assert st.token[cell(st, "R46")] == 12 and st.phase == data.MOVE


def test_r10_4_three_monsters_move_one_room_each() -> None:
    st = new_game(4)
    clear_start_monsters(st)
    for r in ("R44", "R45", "R46"):
        put_token(st, r, 0)
    put_token(st, "R44", 12)
    put_token(st, "R46", 13)
    for p in range(4):
        put_hero(st, p, "S4")
    play = give(st, "three_monsters")
    act(st, data.RUN, play, "pick R44", "monster S1")
    assert st.phase == data.PICK
    assert "pick R44" not in [st.action_to_text(a) for a in st.legal_actions()]  # moved already
    act(st, "pick R46", "monster R45")
    assert st.phase == data.MOVE  # no third monster can move
    assert st.token[cell(st, "S1")] == 12 and st.token[cell(st, "R45")] == 13


def test_r10_4_swap_two_tokens_even_with_heroes_there() -> None:
    st = new_game(4)
    play = give(st, "swap")
    act(st, data.FIGHT_MOVE, play, "pick S1", "pick S3")
    assert st.token[cell(st, "S1")] == 3 and st.token[cell(st, "S3")] == 1
    assert st.pos[0] == cell(st, "S1")  # heroes stay


def test_r10_5_option_crossing_blocks_sight_rotate_a_crossing_and_explore_what_comes_into_view(
        ) -> None:
    st = new_game(4, crossing_blocks_sight=True)
    clear_start_monsters(st)
    x = cell(st, "X14")
    st.cross_shape[x], st.cross_rot[x] = TILE_SHAPES.index("NS"), 0
    st.tiles_left[2] -= 1
    for r in ("R40", "R36", "R46"):
        put_token(st, r, 0)
    st.chip[cell(st, "R41")] = 1
    put_token(st, "R41", 0)
    st.chip[cell(st, "R41")] = 1
    st.box -= 1
    put_hero(st, 1, "R40")  # looks at X14's closed west arm
    play = give(st, "rotate")
    act(st, data.RUN, play, "pick X14")
    assert st.phase == data.ROTATE
    events = act(st, "rotate 1")  # now open east-west: R40 sees R41, which holds a chip
    assert "crossing_rotated" in kinds(events)
    # no second revealed crossing to turn: the card is done and R40's new view is explored
    assert st.origins == [cell(st, "R40")]
    while st.phase == data.REVEAL:  # first the face-down X13 west of R40 (also in view)
        act(st, st.chance_outcomes()[0][0])
    assert st.phase == data.PLACE and cell(st, "R41") in st.pending_rooms
    assert st.chip[cell(st, "R41")] == 0


def test_r10_5_with_the_seeds_sight_a_rotation_brings_nothing_into_view() -> None:
    st = new_game(4)  # R6.2: a crossing does not block sight, so its arms never bound a view
    clear_start_monsters(st)
    x = cell(st, "X14")
    st.cross_shape[x], st.cross_rot[x] = TILE_SHAPES.index("NS"), 0
    st.tiles_left[2] -= 1
    put_hero(st, 1, "R40")
    play = give(st, "rotate")
    act(st, data.RUN, play, "pick X14")
    events = act(st, "rotate 1")
    assert "crossing_rotated" in kinds(events)
    assert st.origins == [] and st.phase == data.MOVE
