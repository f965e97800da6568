"""Feinde rules 1.3: the seed's readings of "up to N" cards, the escape, cards after a fight,
chests (no monsters), and fright at knowledge 50; each old reading stays an option."""

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

from boardwright.engine import registry
from boardwright.games.feinde import data, knowledge, sight, turn
from boardwright.games.feinde.forward import FeindeState


def _texts(st: FeindeState) -> list[str]:
    return [st.action_to_text(a) for a in st.legal_actions()]


# --- R10.3.1 "up to N" ----------------------------------------------------------------------


def test_r10_3_1_a_knowledge_card_gives_any_amount_up_to_its_number() -> None:
    st = new_game(4)
    know = give(st, "know3")
    act(st, data.FIGHT_MOVE, know)
    assert st.phase == data.AMOUNT
    assert _texts(st) == ["amount 1", "amount 2", "amount 3"]
    events = act(st, "amount 1")
    assert st.knowledge[0] == 2 and st.phase == data.MOVE
    assert {"seat": 0, "card": "know3", "amount": 1} in [e.data for e in events
                                                         if e.kind == "card_amount"]


def test_r10_3_1_taking_less_keeps_the_dumbest_tile() -> None:
    st = new_game(4)
    st.dumb_active = 1
    knowledge.set_knowledge(st, 1, 5)  # seat 2 (3) is next above seat 0 (1)
    know = give(st, "know3")
    act(st, data.FIGHT_MOVE, know, "amount 1")
    assert st.knowledge[0] == 2 and knowledge.dumbest(st) == 0


def test_r10_3_1_a_power_card_takes_up_to_its_number_of_chips() -> None:
    st = new_game(4)
    power = give(st, "power4")
    act(st, data.FIGHT_MOVE, power)
    assert _texts(st) == ["amount 1", "amount 2", "amount 3", "amount 4"]
    box = st.box
    act(st, "amount 2")
    assert st.chips[0] == 8 and st.box == box - 2


def test_r10_3_1_option_card_full_value_gives_the_whole_number_at_once() -> None:
    st = new_game(4, card_full_value=True)
    know = give(st, "know3")
    act(st, data.FIGHT_MOVE, know)
    assert st.phase == data.MOVE and st.knowledge[0] == 4


def test_r10_3_1_greedy_takes_the_knowledge_it_can_use() -> None:
    import random

    from boardwright.agents.greedy import GreedyAgent

    st = new_game(4)
    st.knowledge[0] = 10
    act(st, data.FIGHT_MOVE, give(st, "know3"))
    game = registry.get("feinde")
    choice = GreedyAgent().choose(game, 0, st.view(0), st.legal_actions(), random.Random(1))
    assert st.action_to_text(choice) == "amount 3"


def test_r10_3_1_the_rollout_policy_wastes_nothing_past_50() -> None:
    import random

    st = new_game(4)
    st.knowledge[0] = 49
    act(st, data.FIGHT_MOVE, give(st, "know3"))
    choice = registry.get("feinde").rollout_action(st, random.Random(1))
    assert st.action_to_text(choice) == "amount 1"


# --- R3.5 after an escape only action 1 or 2 ---------------------------------------------------


def _pinned_by_stronger(**options: object) -> FeindeState:
    st = new_game(4, **options)
    put_token(st, "S1", 3)
    st.storage = 4
    return st


def test_r3_5_after_paying_to_escape_only_action_1_or_2() -> None:
    st = _pinned_by_stronger()
    act(st, data.ESCAPE)
    assert data.REST not in st.legal_actions()
    assert {data.FIGHT_MOVE, data.RUN} <= set(st.legal_actions())


def test_r3_5_option_rest_after_escape_offers_resting() -> None:
    st = _pinned_by_stronger(rest_after_escape=True)
    act(st, data.ESCAPE)
    assert data.REST in st.legal_actions()


def test_r3_5_1_option_escape_any_monster_escapes_a_weaker_one() -> None:
    st = new_game(4)
    assert data.ESCAPE not in st.legal_actions()  # monster 1, knowledge 1
    st = new_game(4, escape_any_monster=True)
    assert data.ESCAPE in st.legal_actions()


def test_r3_4_1_option_pinned_invisible_run_lets_an_invisible_hero_take_action_2() -> None:
    st = new_game(4)
    give(st, "invisibility")
    assert data.RUN not in st.legal_actions()
    st = new_game(4, pinned_invisible_run=True)
    invisible = give(st, "invisibility")
    act(st, data.RUN, invisible)
    assert any(data.STEP <= a < data.STEP + 4 for a in st.legal_actions())


# --- R10.2.1, R10.3.2 cards after a fight-first kill -------------------------------------------


def _killed_first(*cards: str, **options: object) -> tuple[FeindeState, list[int]]:
    st = new_game(4, **options)
    plays = [give(st, c) for c in cards]
    act(st, data.FIGHT_MOVE, data.FIGHT, st.action_from_text("dice 2-2"))
    while st.is_chance_node():
        act(st, st.chance_outcomes()[0][0])
    assert st.phase == data.MOVE and st.budget == 6 and st.steps == 0
    return st, plays


def test_r10_3_2_travel_and_invisibility_after_a_fight_first_kill_before_the_first_step() -> None:
    st, (travel, invisible) = _killed_first("travel", "invisibility")
    put_hero(st, 1, "R44")
    assert {travel, invisible} <= set(st.legal_actions())


def test_r10_3_2_option_off_no_travel_after_a_fight() -> None:
    st, (travel, invisible) = _killed_first("travel", "invisibility",
                                            movement_cards_after_kill=False)
    put_hero(st, 1, "R44")
    assert not {travel, invisible} & set(st.legal_actions())


def _stopped_after_a_kill(**options: object) -> tuple[FeindeState, int, int]:
    st, (know, power) = _killed_first("know1", "power1", **options)
    d = next(d for d in range(4) if data.STEP + d in st.legal_actions())
    nxt = sight.can_pass(st, st.pos[0], d)
    st.token[nxt] = 9  # a monster one step away stops him there (R3.7)
    st.chip[nxt] = 0
    act(st, data.STEP + d)
    assert st.stopped and st.budget == 5
    return st, know, power


def test_r10_2_1_once_a_stopped_hero_s_turn_is_over_only_power_cards_are_played() -> None:
    st, know, power = _stopped_after_a_kill()
    assert power in st.legal_actions() and know not in st.legal_actions()


def test_r10_2_1_option_cards_while_stopped_keeps_knowledge_playable() -> None:
    st, know, power = _stopped_after_a_kill(cards_while_stopped=True)
    assert {know, power} <= set(st.legal_actions())


# --- R6.2.1, R8.4.1 a chest is no monster ------------------------------------------------------


def test_r6_2_1_a_hero_on_a_chest_still_sees() -> None:
    st = new_game(4)
    room = cell(st, "R40")
    seen = sight.sight(st, room)
    st.token[room] = data.CHEST0
    assert sight.sight(st, room) == seen and seen != ([], [])
    st = new_game(4, chest_blocks_sight=True)
    st.token[room] = data.CHEST0
    assert sight.sight(st, room) == ([], [])


def _wandering(**options: object) -> FeindeState:
    st = new_game(4, **options)
    clear_start_monsters(st)
    for r in ("R44", "R45", "R46"):
        put_token(st, r, 0)
    put_token(st, "R44", 5)
    put_token(st, "R30", 9)
    st.dumb_active = 1
    for p in range(4):
        put_hero(st, p, "S4")
    put_hero(st, 1, "R45")
    put_token(st, "R45", data.CHEST0)
    return st


def test_r8_4_1_a_wandering_monster_picks_up_a_hero_standing_on_a_chest() -> None:
    st = _wandering()
    turn.begin_turn(st, 0, [])
    act(st, "monster R45")
    assert st.dm_carry == 1


def test_r8_4_1_option_wandering_chest_is_monster_leaves_him_there() -> None:
    st = _wandering(wandering_chest_is_monster=True)
    turn.begin_turn(st, 0, [])
    act(st, "monster R45")
    assert st.dm_carry == -1


def test_r8_4_1_a_carried_hero_is_not_dropped_on_a_chest() -> None:
    st = _wandering()
    put_hero(st, 1, "S4")
    put_token(st, "R44", 0)
    put_token(st, "S1", 5)
    put_hero(st, 1, "R44")
    turn.begin_turn(st, 0, [])
    act(st, "monster R44")
    events = act(st, "monster R45")
    assert "hero_dropped" not in kinds(events) and st.dm_carry == 1


# --- R9.1.1 ----------------------------------------------------------------------------------


def test_r9_1_1_option_apprentice_needs_move_off_lets_a_hero_who_stayed_become_apprentice() -> None:
    for needs, phase in ((True, data.CHOOSE), (False, data.APPRENTICE)):
        st = new_game(4, apprentice_needs_move=needs)
        clear_start_monsters(st)
        st.knowledge[1] = 20
        put_hero(st, 1, "S1")
        act(st, data.RUN, data.END)
        assert st.phase == phase, needs
