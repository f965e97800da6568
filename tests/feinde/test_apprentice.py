"""R9.5 (seed rule 38) a wiser hero passing through takes on an apprentice; R10.3 Travel's
apprentice; Invisibility blocking both."""

from __future__ import annotations

import random

import pytest
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

from boardwright.engine.errors import IllegalAction
from boardwright.games.feinde import data, turn
from boardwright.games.feinde.forward import FeindeState
from boardwright.games.feinde.sample import sample_state
from boardwright.games.feinde.text import describe_action, describe_event, place_name


def _north(st: FeindeState, c: int) -> int:
    return st.cfg.board.nb[c][0]


def _passing(knowledge: list[int], **options: object) -> tuple[FeindeState, int, int]:
    """Seat 0 on S1 with seat 1 on the corridor space north of it (n1); n2 is north of n1.

    Seats 2 and 3 wait on S4, far away. Nothing unexplored is in sight on the way."""
    st = new_game(4, **options)
    clear_start_monsters(st)
    put_token(st, "R44", 0)
    for p in (2, 3):
        put_hero(st, p, "S4")
    n1 = _north(st, cell(st, "S1"))
    n2 = _north(st, n1)
    st.pos[1] = n1
    st.knowledge[:] = knowledge
    return st, n1, n2


def _settle(st: FeindeState) -> None:
    """Let chance (exploring after a Travel) happen with its first outcome."""
    while st.is_chance_node():
        st.apply(st.chance_outcomes()[0][0])


def test_r9_5_a_hero_joins_a_wiser_hero_passing_through_and_moves_along() -> None:
    st, _n1, n2 = _passing([10, 2, 3, 4])
    act(st, data.RUN, data.STEP + 0)
    assert st.phase == data.JOIN and st.asker == 1 and st.to_move == 0
    assert st.legal_actions() == [data.YES, data.NO]
    events = act(st, data.YES)
    assert kinds(events) == ["joins"] and st.master[1] == 0
    assert st.asker == 0 and st.phase == data.MOVE
    act(st, data.STEP + 0)
    assert st.pos[1] == st.pos[0] == n2  # R9.5 "he may follow his movement"
    assert st.knowledge[1] == 2  # R9.2 the gain comes at the end of the turn
    events = act(st, data.END)
    assert kinds(events)[:2] == ["apprentice", "turn_end"]
    assert st.knowledge[1] == 10 and st.to_move == 1


def test_r9_5_declining_leaves_the_hero_behind_and_he_is_asked_once_a_turn() -> None:
    st, n1, n2 = _passing([10, 2, 3, 4])
    act(st, data.RUN, data.STEP + 0, data.NO, data.STEP + 0)
    assert st.pos[1] == n1 and st.pos[0] == n2 and st.master[1] == -1
    act(st, data.STEP + 2)  # back through his space: no second question
    assert st.pos[0] == n1 and st.phase == data.MOVE and st.asker == 0
    act(st, data.END)
    assert st.knowledge[1] == 2


@pytest.mark.parametrize("passive", [10, 12])
def test_r9_5_r9_4_no_joining_a_hero_who_is_not_wiser(passive: int) -> None:
    st, _, _ = _passing([10, passive, 3, 4])
    act(st, data.RUN, data.STEP + 0)
    assert st.phase == data.MOVE and st.asker == 0 and st.join_queue == []
    act(st, data.END)
    assert st.knowledge[1] == passive and st.master[1] == -1


def test_r9_5_r9_2_not_when_only_one_below() -> None:
    st, _, _ = _passing([3, 2, 3, 4])
    act(st, data.RUN, data.STEP + 0)
    assert st.phase == data.MOVE and st.asker == 0
    act(st, data.END)
    assert st.knowledge[1] == 2


@pytest.mark.parametrize(("mode", "gain"), [("master", 10), ("master_minus_1", 9),
                                            ("plus_1", 3)])
def test_r9_5_r9_2_the_gain_follows_the_apprentice_gain_option(mode: str, gain: int) -> None:
    st, _, _ = _passing([10, 2, 3, 4], apprentice_gain=mode)
    act(st, data.RUN, data.STEP + 0, data.YES, data.END)
    assert st.knowledge[1] == gain


def test_r9_5_r9_2_several_masters_give_only_plus_one() -> None:
    st, n1, n2 = _passing([10, 2, 6, 4])
    st.pos[2] = n1  # seat 2 (6) already stands with seat 1 (2): two wiser heroes for seat 1
    act(st, data.RUN, data.STEP + 0)
    assert st.phase == data.JOIN and st.join_queue == [1, 2]
    act(st, data.YES)
    assert st.asker == 2  # seat 2 (one wiser hero: the mover) is asked next
    act(st, data.NO, data.STEP + 0, data.END)
    assert st.pos[1] == n2 and st.pos[2] == n1
    assert st.knowledge[1] == 3 and st.knowledge[2] == 6


def test_r9_5_the_gain_is_measured_against_the_master_at_the_turn_end() -> None:
    st, _, _ = _passing([10, 2, 3, 4])
    know = give(st, "know2")
    act(st, data.RUN, data.STEP + 0, data.YES, know, "amount 2", data.END)
    assert st.knowledge[0] == 12 and st.knowledge[1] == 12


def test_r9_5_r9_3_in_the_masters_next_turn_the_apprentice_may_follow_again() -> None:
    st, _, n2 = _passing([10, 2, 3, 4])
    act(st, data.RUN, data.STEP + 0, data.YES, data.STEP + 0, data.END)
    assert st.knowledge[1] == 10 and st.pos[1] == n2
    st.knowledge[0] = 20  # the master learned meanwhile
    turn.begin_turn(st, 0, [])
    act(st, data.RUN, data.STEP + 2, data.END)
    assert st.phase == data.FOLLOW and st.asker == 1  # R9.3, not a second R9.5 join
    act(st, data.YES)
    assert st.pos[1] == st.pos[0] and st.knowledge[1] == 11


def test_r9_5_option_off_keeps_only_the_end_of_move_rule() -> None:
    st, _, _ = _passing([10, 2, 3, 4], pass_through_apprentice=False)
    act(st, data.RUN, data.STEP + 0)
    assert st.phase == data.MOVE and st.asker == 0
    act(st, data.END)
    assert st.knowledge[1] == 2


def test_r10_3_invisibility_no_apprentice_joins_as_you_pass() -> None:
    st, n1, _n2 = _passing([10, 2, 3, 4])
    invisible = give(st, "invisibility")
    act(st, data.RUN, invisible, data.STEP + 0)
    assert st.phase == data.MOVE and st.asker == 0 and st.join_queue == []
    act(st, data.STEP + 0, data.END)
    assert st.pos[1] == n1 and st.knowledge[1] == 2


def test_r10_3_travel_the_visited_hero_may_become_the_apprentice_for_the_rest_of_the_turn() -> None:
    st, n1, n2 = _passing([10, 2, 3, 4])
    put_hero(st, 0, "S4")  # far away; the travel goes to seat 1 on n1
    travel = give(st, "travel")
    act(st, data.RUN, travel)
    assert st.legal_actions() == [st.action_from_text("travel 1")]
    act(st, st.action_from_text("travel 1"))
    assert st.phase == data.JOIN and st.asker == 1
    assert describe_action(st, data.YES) == "Become Player A's apprentice and follow the move"
    assert describe_action(st, data.YES, "hu") == (
        "A játékos tanítványának szegődsz, és követed a mozgását")
    events = act(st, data.YES)
    assert describe_event({"kind": "joins", **events[0].data}) == (
        f"Player B joins Player A as apprentice in {place_name(st.cfg.board.labels[n1])}.")
    act(st, data.STEP + 0)  # the rest of the turn: he moves along
    assert st.pos[1] == st.pos[0] == n2
    act(st, data.END)
    assert st.knowledge[1] == 10 and st.master[1] == 0


def test_r10_3_travel_to_a_wiser_hero_takes_on_no_apprentice() -> None:
    st = new_game(4)
    clear_start_monsters(st)
    put_hero(st, 3, "S4")
    st.knowledge[:] = [10, 4, 3, 12]
    travel = give(st, "travel")
    act(st, data.RUN, travel, st.action_from_text("travel 3"))
    _settle(st)
    assert st.phase != data.JOIN and st.pupil == [0, 0, 0, 0] and st.join_queue == []


def test_r9_5_a_wrong_answer_is_refused_and_changes_nothing() -> None:
    st, _, _ = _passing([10, 2, 3, 4])
    act(st, data.RUN, data.STEP + 0)
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(data.STEP + 0)
    assert st.to_json() == before


def test_r9_5_the_question_is_public_and_determinisation_keeps_it() -> None:
    st, _, _ = _passing([10, 2, 3, 4])
    give(st, "move2", seat=1)
    act(st, data.RUN, data.STEP + 0)
    for seat in range(4):
        view = st.view(seat)
        assert view["join_queue"] == [1] and view["asker"] == 1 and view["phase"] == data.JOIN
        assert sample_state(view, seat, random.Random(seat)).view(seat) == view


def test_r10_3_travel_is_not_playable_when_every_hero_shares_the_movers_space() -> None:
    # an apprentice moving along makes this common; the card would leave no hero to go to
    st = new_game(4)  # every hero on S1
    clear_start_monsters(st)
    travel = give(st, "travel")
    act(st, data.RUN)
    assert travel not in st.legal_actions()
    put_hero(st, 3, "S4")
    assert travel in st.legal_actions()


def test_r10_3_an_invisible_traveller_takes_on_no_apprentice() -> None:
    st, n1, _ = _passing([10, 2, 3, 4])
    put_hero(st, 0, "S4")
    invisible = give(st, "invisibility")
    travel = give(st, "travel")
    act(st, data.RUN, invisible, travel, st.action_from_text("travel 1"))
    assert st.pos[0] == n1 and st.phase == data.MOVE and st.asker == 0
    act(st, data.END)
    assert st.knowledge[1] == 2 and st.master[1] == -1


def test_r12_a28_choose_one_invisibility_towards_the_other_heroes_only() -> None:
    """Option `invisibility_mode=choose_one`: the player picks one effect when playing the card
    ("towards the monsters *or* the other players"); towards the heroes, nobody joins him on the
    way, but monsters still stop him."""
    st, n1, _n2 = _passing([10, 2, 3, 4], invisibility_mode="choose_one")
    invisible = give(st, "invisibility")
    act(st, data.RUN, invisible)
    assert st.phase == data.INVISIBLE and st.asker == 0
    assert st.legal_actions() == [data.INVIS_MONSTERS, data.INVIS_HEROES]
    assert describe_action(st, data.INVIS_HEROES).startswith("Unseen by the other heroes")
    assert st.action_from_text("unseen heroes") == data.INVIS_HEROES
    events = act(st, data.INVIS_HEROES)
    assert describe_event({"kind": "invisible", **events[0].data}) == (
        "Player A is invisible to the other heroes.")
    assert st.invisible == data.UNSEEN_BY_HEROES
    act(st, data.STEP + 0)
    assert st.phase == data.MOVE and st.join_queue == []   # seat 1 was passed unasked
    assert st.pos[1] == n1 and not st.invisible & data.UNSEEN_BY_MONSTERS


def test_r12_a28_choose_one_invisibility_towards_the_monsters_only() -> None:
    st = new_game(4, invisibility_mode="choose_one")  # pinned on S1 by monster 1
    invisible = give(st, "invisibility")
    act(st, data.FIGHT_MOVE)
    assert data.STEP + 0 not in st.legal_actions()
    act(st, invisible, data.INVIS_MONSTERS)
    assert st.invisible == data.UNSEEN_BY_MONSTERS and st.phase == data.MOVE
    assert data.STEP + 0 in st.legal_actions()   # the monster no longer holds him
    with pytest.raises(IllegalAction):
        st.apply(data.INVIS_HEROES)               # not a question any more


def test_r12_a28_invisibility_both_effects_by_default() -> None:
    st, _n1, _n2 = _passing([10, 2, 3, 4])
    act(st, data.RUN, give(st, "invisibility"))
    assert st.phase == data.MOVE
    assert st.invisible == data.UNSEEN_BY_MONSTERS | data.UNSEEN_BY_HEROES



def test_r12_a28_the_open_choice_survives_json_and_sampling() -> None:
    st = new_game(4, invisibility_mode="choose_one")
    act(st, data.FIGHT_MOVE, give(st, "invisibility"))
    assert st.phase == data.INVISIBLE
    again = FeindeState.from_json(st.to_json())
    assert again.legal_actions() == st.legal_actions()
    for seat in range(4):
        world = sample_state(st.view(seat), seat, random.Random(seat))
        assert world.view(seat) == st.view(seat)
        assert world.legal_actions() == st.legal_actions()
