"""R3.3 rest, R4.2 ties, R8 the dumbest player, R9 apprentices, R11 the end, hidden hands."""

from __future__ import annotations

import random

import pytest
from feinde_helpers import (
    GAME,
    act,
    cell,
    clear_start_monsters,
    kinds,
    new_game,
    put_hero,
    put_token,
)

from boardwright.engine.api import options_for_people
from boardwright.engine.conformance import check_playouts
from boardwright.games.feinde import data, knowledge, turn
from boardwright.games.feinde.data import CARD_INDEX
from boardwright.games.feinde.forward import FeindeState


def test_r2_set_up() -> None:
    st = GAME.new_initial_state(5, {"first_player": 2})
    assert st.knowledge == [4, 5, 1, 2, 3]  # R2.6 the start player on 1, then clockwise
    assert st.chips == [6] * 5 and st.box == 85 - 49 - 30
    assert st.g2 == [*range(5, 24), data.DUMB_TILE] and st.g3 == list(range(24, 49))
    assert sum(st.chip) == 49 and st.storage == 0
    assert [sum(g) for g in st.deck] == [8, 8, 8, 9, 9]
    assert st.conserved() == {"chips": 85, "cards": 42, "tokens": 54}


def test_r3_3_rest_takes_the_chips_on_shaded_spaces_and_slides_the_rest() -> None:
    st = new_game(4)
    assert data.REST not in st.legal_actions()  # the track is empty
    st.storage = 5
    st.box -= 5
    st._legal = None
    act(st, data.REST)
    assert st.chips[0] == 6 + 3  # spaces 1, 3, 5 are shaded
    assert st.storage == 2 and st.to_move == 1  # no apprenticeship without moving (R9.1)


def test_r4_2_equal_knowledge_the_earlier_arrival_is_dumber() -> None:
    st = new_game(4)
    st.dumb_active = 1
    assert knowledge.dumbest(st) == 0
    knowledge.set_knowledge(st, 0, 3)  # now 3, 2, 3, 4
    assert knowledge.dumbest(st) == 1
    knowledge.set_knowledge(st, 1, 3)  # 3, 3, 3, 4: seat 2 reached 3 first (at set-up)
    assert knowledge.dumbest(st) == 2
    knowledge.set_knowledge(st, 2, 9)
    assert knowledge.dumbest(st) == 0  # seat 0 arrived on 3 before seat 1
    for p in range(4):
        st.knowledge[p] = 50
    assert knowledge.dumbest(st) == -1  # R8.1 the tile leaves the game


def _wandering_setup() -> FeindeState:
    st = new_game(4)
    clear_start_monsters(st)
    for r in ("R44", "R45", "R46"):
        put_token(st, r, 0)
    put_token(st, "R44", 5)
    put_token(st, "R30", 9)  # stronger, also on the board
    st.dumb_active = 1
    return st


def test_r8_2_the_dumbest_player_must_move_the_weakest_monster_first() -> None:
    st = _wandering_setup()
    events: list = []
    turn.begin_turn(st, 0, events)
    assert st.phase == data.DUMB and st.dm_token == 5 and "wandering" in kinds(events)
    legal = [st.action_to_text(a) for a in st.legal_actions()]
    assert legal == ["monster R45", "monster S1"]  # no stop before moving one room
    act(st, "monster R45")
    assert "mstop" in [st.action_to_text(a) for a in st.legal_actions()]
    act(st, "mstop")
    assert st.token[cell(st, "R45")] == 5 and st.phase == data.CHOOSE


def test_r8_4_the_monster_carries_a_lone_hero_and_stops_at_another() -> None:
    st = _wandering_setup()
    for p in range(4):
        put_hero(st, p, "S4")
    put_hero(st, 1, "R45")
    put_hero(st, 2, "R46")
    turn.begin_turn(st, 0, [])
    act(st, "monster R45")  # picks up the lone hero 1
    assert st.dm_carry == 1
    act(st, "monster R46")  # carrying into a room with hero 2: both stop
    assert st.phase == data.CHOOSE
    assert st.pos[1] == cell(st, "R46") and st.token[cell(st, "R46")] == 5


def test_r8_4_two_heroes_stop_the_monster() -> None:
    st = _wandering_setup()
    for p in range(4):
        put_hero(st, p, "S4")
    put_hero(st, 1, "R45")
    put_hero(st, 2, "R45")
    turn.begin_turn(st, 0, [])
    act(st, "monster R45")
    assert st.phase == data.CHOOSE and st.token[cell(st, "R45")] == 5
    assert st.pos[1] == st.pos[2] == cell(st, "R45")


def test_r8_4_a_carried_hero_is_left_with_another_monster() -> None:
    st = _wandering_setup()
    for p in range(4):
        put_hero(st, p, "S4")
    put_token(st, "R44", 0)
    put_token(st, "S1", 5)
    put_hero(st, 1, "R44")
    put_token(st, "R45", 7)
    turn.begin_turn(st, 0, [])
    act(st, "monster R44")
    assert st.dm_carry == 1
    events = act(st, "monster R45")  # another monster: the hero is dropped there
    assert "hero_dropped" in kinds(events) and st.pos[1] == cell(st, "R45")
    act(st, "monster R46")
    assert st.token[cell(st, "R46")] == 5 and st.pos[1] == cell(st, "R45")


def _apprentice_setup(**options: str) -> FeindeState:
    """Seat 0 (knowledge 1) on S1, one step south of the corridor space `north`."""
    st = new_game(4, **options)
    clear_start_monsters(st)
    put_token(st, "R44", 0)  # nothing unexplored in sight on the way
    for p in (1, 2, 3):
        put_hero(st, p, "S4")
    return st


def _north_of_s1(st) -> int:
    return st.cfg.board.nb[cell(st, "S1")][0]


@pytest.mark.parametrize(("mode", "gain"), [("master", 3), ("master_minus_1", 2), ("plus_1", 2)])
def test_r9_2_apprentice_gain(mode: str, gain: int) -> None:
    st = _apprentice_setup(apprentice_gain=mode)
    st.pos[2] = _north_of_s1(st)  # seat 2 has knowledge 3
    act(st, data.RUN, data.STEP + 0, data.END)
    assert st.phase == data.APPRENTICE and st.asker == 0
    events = act(st, data.YES)
    assert "apprentice" in kinds(events)
    assert st.knowledge[0] == gain and st.master[0] == 2


def test_r9_2_not_when_only_one_below_and_plus_one_with_several_masters() -> None:
    st = _apprentice_setup()
    st.pos[1] = _north_of_s1(st)  # seat 1 has knowledge 2: only 1 above
    act(st, data.RUN, data.STEP + 0, data.END)
    assert st.to_move == 1 and st.knowledge[0] == 1
    st = _apprentice_setup()
    st.pos[2] = st.pos[3] = _north_of_s1(st)  # two wiser heroes
    act(st, data.RUN, data.STEP + 0, data.END, data.YES)
    assert st.knowledge[0] == 2


def test_r9_3_an_apprentice_follows_the_master_and_gains_one() -> None:
    st = _apprentice_setup()
    st.pos[2] = _north_of_s1(st)
    act(st, data.RUN, data.STEP + 0, data.END, data.YES)  # apprentice of seat 2: 3
    st.knowledge[2] = 8  # the master learned meanwhile
    turn.begin_turn(st, 2, [])
    act(st, data.RUN, data.STEP + 0, data.END)
    assert st.phase == data.FOLLOW and st.asker == 0
    act(st, data.YES)
    assert st.pos[0] == st.pos[2] != _north_of_s1(st) and st.knowledge[0] == 4
    assert st.to_move == 3


def test_r9_4_no_following_a_hero_who_is_not_wiser() -> None:
    st = _apprentice_setup()
    st.pos[2] = st.pos[0]
    st.master[0] = 2
    st.knowledge[0] = 9
    turn.begin_turn(st, 2, [])
    act(st, data.RUN, data.STEP + 0, data.END)
    assert st.phase != data.FOLLOW and st.to_move == 3


def test_r11_1_the_game_ends_at_once_when_49_and_50_are_defeated() -> None:
    st = new_game(4)
    put_token(st, "S1", 49)
    st.knowledge[0] = 49
    st.bosses = 1
    st.gold = [10, 3, 3, 3]
    act(st, data.FIGHT_MOVE, data.FIGHT)
    events = act(st, st.action_from_text("dice 2-2"))
    assert "game_over" in kinds(events) and st.is_terminal()
    assert st.ended_by() == "rule"
    assert st.gold[0] == 17 and not st.hands[0]  # R7.2 no card for 49 and 50
    assert st.winners() == [0]
    assert st.returns() == [17.0, 3.0, 3.0, 3.0]


def test_r11_2_ties_go_to_power_chips_then_are_shared() -> None:
    st = new_game(3)
    st.phase = data.OVER
    st.gold = [5, 5, 2]
    st.chips = [1, 3, 9]
    assert st.winners() == [1]
    st.chips = [3, 3, 9]
    assert st.winners() == [0, 1]


def test_r12_turn_cap_and_stall_end_the_game() -> None:
    st = new_game(3, max_rounds=1)
    events: list = []
    turn.begin_turn(st, 0, events)  # round 2 starts: over the cap
    assert st.is_terminal() and events[-1].data["why"] == "turn_limit"
    assert st.ended_by() == "cap" and st.rounds_played() == 1
    st = new_game(3, stall_rounds=2)
    st.round = 5
    st.last_progress = 2
    turn.begin_turn(st, 0, events)
    assert st.is_terminal() and events[-1].data["why"] == "stalled"
    assert st.ended_by() == "stall"


def test_r12_1_bots_games_have_the_measured_caps_and_people_play_to_the_end() -> None:
    st = new_game(3)
    # RULES.md R12.1: three times greedy's 95th-percentile length and longest wait
    assert (st.cfg.options.max_rounds, st.cfg.options.stall_rounds) == (150, 24)
    people = new_game(3, **options_for_people(GAME, None))
    assert (people.cfg.options.max_rounds, people.cfg.options.stall_rounds) == (0, 0)


def test_hidden_hands_views_equal_for_states_differing_only_in_a_hand() -> None:
    a = new_game(4)
    b = a.clone()
    a.hands[1] = [CARD_INDEX["move2"]]
    b.hands[1] = [CARD_INDEX["power1"]]
    for st in (a, b):
        st.hand_groups[1] = [0]
    a.deck[0][CARD_INDEX["move2"]] -= 1
    b.deck[0][CARD_INDEX["power1"]] -= 1
    for seat in (0, 2, 3, None):
        assert a.view(seat) == b.view(seat)
    assert a.view(1) != b.view(1)
    assert a.view(0)["hand_backs"][1] == [0]
    sampled = GAME.sample_state(a.view(0), 0, random.Random(3))
    assert sampled.view(0) == a.view(0) and sampled.conserved() == a.conserved()


def test_conformance_two_players_as_an_option() -> None:
    report = check_playouts(GAME, 2, range(3), {"allow_two_players": True})
    assert report.games == 3


def test_events_in_words_in_both_languages() -> None:
    st = new_game(4)
    events = act(st, data.FIGHT_MOVE, data.FIGHT, st.action_from_text("dice 2-3"))
    for lang in ("en", "hu"):
        for e in events:
            text = GAME.describe_event(e.for_viewer(None), lang)
            assert text and not text.startswith("event.")
    assert GAME.describe_action(new_game(4), data.FIGHT_MOVE, "hu").startswith("1. akció")
