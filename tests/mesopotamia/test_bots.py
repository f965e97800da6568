"""The bots' evaluation and rollout policy value progress toward the printed win (RULES.md R8):
every useful single step shows in the heuristic, and the policy takes the steps that matter."""

from __future__ import annotations

import random

import pytest
from meso_helpers import at, cell, clear, lay, new, play, put

from boardwright.agents import GreedyAgent
from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.mesopotamia import data, policy
from boardwright.games.mesopotamia.forward import MesoState
from boardwright.games.mesopotamia.game import GAME
from boardwright.games.mesopotamia.heuristic import evaluate, geometry
from boardwright.games.mesopotamia.policy import rollout_action

QUARRY = (-1, 1)
FOREST = (-1, 0)
PLAINS_A = (1, -1)


def _lead(s: MesoState, seat: int = 0) -> float:
    values = evaluate(s)
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)


def _after(s: MesoState, *texts: str) -> MesoState:
    twin = s.clone()
    play(twin, *texts)
    return twin


def test_distances_never_pass_a_load_through_the_ziggurat() -> None:
    s = new(2)
    geo = geometry(s)
    zig = cell(s, 0, 0)
    to_forest_empty = geo.dist((cell(s, *FOREST),), False)
    to_forest_loaded = geo.dist((cell(s, *FOREST),), True)
    a = cell(s, *PLAINS_A)
    assert to_forest_empty[a] == 2  # plains A - ziggurat - forest
    assert to_forest_loaded[a] > 2  # R4.4 a load cannot cross the ziggurat
    assert geo.dist((zig,), True)[a] == 1


def test_r4_4_a_stone_carrier_gains_by_each_step_to_the_ziggurat_and_by_entering() -> None:
    s = new(2)
    play(s, "move 1,-1 sw empty", "move 0,0 sw empty")  # seat 0: plains A, ziggurat, quarry
    carrying = _after(s, "pick_up -1,1 stone")
    assert _lead(carrying) > _lead(s)
    built = _after(carrying, "end_movement", "finish_action", "end_movement", "finish_action")
    play(built, "move -1,1 ne stone")  # R4.4 into the ziggurat: limit and mana +1
    assert built.limit[0] == 4 and _lead(built) > _lead(carrying)


def test_r5_1_a_wood_carrier_is_worth_more_on_a_plains_with_room_beside_a_second_member() -> None:
    s = new(2)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "wood")  # a wood carrier alone on the new plains
    alone = _lead(s)
    put(s, 0, (2, -1))
    assert _lead(s) > alone + 2.0  # more than a member: the action can be taken


def test_r5_1_building_a_hut_and_r4_5_taking_and_offering_are_each_progress() -> None:
    s = new(2)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "wood")
    put(s, 0, (2, -1))
    s.mana[0] = 2
    play(s, "end_movement")
    hut = _after(s, "build_hut 2,-1 2")
    assert _lead(hut) > _lead(s)
    taken = _after(hut, "finish_action", "end_movement", "finish_action", "take_offering 2,-1 2")
    assert taken.to_move == 0 and _lead(taken) > _lead(_after(hut, "finish_action",
                                                              "end_movement", "finish_action"))
    walked = _after(taken, "move 2,-1 nw offering2")  # onto plains A, next to the ziggurat
    assert _lead(walked) > _lead(taken)
    offered = _after(walked, "move 1,-1 sw offering2")
    assert offered.delivered[0] == [0] and _lead(offered) > _lead(walked)


def test_r5_2_a_holy_place_with_its_keeper_is_worth_its_stone() -> None:
    s = new(2)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "stone")
    put(s, 0, (2, -1))
    play(s, "end_movement")
    assert _lead(_after(s, "holy_place 2,-1")) > _lead(s)


def test_the_policy_offers_an_offering_it_can_pay_for() -> None:
    s = new(2)
    put(s, 0, PLAINS_A, "offering2")
    s.off_supply[0][0] = 0
    s.mana[0] = 2
    offer = s.action_from_text("move 1,-1 sw offering2")
    rng = random.Random(0)
    chosen = [rollout_action(s, rng) for _ in range(50)]
    assert chosen.count(offer) >= 40  # all but the policy's share of random moves


def test_the_policy_builds_the_cheapest_offering_first() -> None:
    s = new(2)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "wood")
    put(s, 0, (2, -1))
    play(s, "end_movement")
    rng = random.Random(1)
    chosen = {s.action_to_text(rollout_action(s, rng)) for _ in range(20)}
    assert "build_hut 2,-1 2" in chosen


def test_greedy_builds_a_hut_when_it_can() -> None:
    s = new(2)
    lay(s, (2, -1), "plains")
    put(s, 0, (2, -1), "wood")
    put(s, 0, (2, -1))
    play(s, "end_movement")
    action = GreedyAgent().choose(GAME, 0, s.view(0), s.legal_actions(), random.Random(2))
    assert s.action_to_json(action)["do"] == "build_hut"


def test_the_policy_plays_legal_moves_to_the_end() -> None:
    rng = random.Random(4)
    s = GAME.new_initial_state(3, {"max_turns": 30, "start_with_card": True})
    while (actor := s.current_player()) != TERMINAL:
        if actor == CHANCE:
            s.apply(sample_chance(s.chance_outcomes(), rng))
        else:
            action = GAME.rollout_action(s, rng)
            assert action in s.legal_actions()
            s.apply(action)
    assert s.phase == data.OVER



def test_r3_2_after_a_drawn_card_the_policy_ends_the_turn_without_teleport_or_wrath() -> None:
    s = GAME.new_initial_state(4)  # the book's options: cards any time, an action required
    s.hands[0][data.TELEPORT] = 1
    s.hands[0][data.WRATH] = 1
    play(s, "end_movement", "draw_card", "card twins")
    assert s.phase == data.AFTER_DRAW
    for seed in range(20):
        text = s.action_to_text(rollout_action(s, random.Random(seed)))
        assert text == "finish_action"


def test_r5_5_the_policy_takes_an_action_and_book_games_play_to_the_end() -> None:
    rng = random.Random(7)
    s = GAME.new_initial_state(2, {"max_turns": 40})  # action_required, card_timing any_time
    play(s, "end_movement")
    assert "finish_action" not in [s.action_to_text(a) for a in s.legal_actions()]
    assert s.action_to_text(rollout_action(s, rng)) != "finish_action"
    phases = set()
    while (actor := s.current_player()) != TERMINAL:
        if actor == CHANCE:
            s.apply(sample_chance(s.chance_outcomes(), rng))
        else:
            phases.add(s.phase)
            action = GAME.rollout_action(s, rng)
            assert action in s.legal_actions()
            s.apply(action)
    assert s.phase == data.OVER and data.AFTER_DRAW in phases


def test_two_members_beside_one_stone_make_one_errand_so_picking_it_up_is_progress() -> None:
    """A limit one short of the 7 offering (R4.4) and a single stone left: the member on it
    picks it up although a second member waits beside it (a stall of earlier heuristics)."""
    s = new(2)
    s.limit[0] = s.mana[0] = 6
    s.stone[cell(s, *QUARRY)] = 1
    put(s, 0, QUARRY)
    put(s, 0, FOREST)
    assert _lead(_after(s, "pick_up -1,1 stone")) > _lead(s)


def test_r5_1_a_lone_wood_carrier_on_its_site_draws_the_empty_member_to_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two members left: one with wood on a plains with room, the other empty on another such
    plains two steps away. The hut needs both on one tile (R5.1), so the empty member's step
    toward the carrier is progress, for the heuristic and the rollout policy (a stall of
    earlier heuristics, which sent it to any plains with room: it was there already)."""
    s = new(2)
    for qr in {qr for qr, c in s.cfg.index.items() if c in s.where[0]}:
        clear(s, 0, qr)
    for qr in ((2, -1), (3, -1), (4, -1)):
        lay(s, qr, "plains")
    put(s, 0, (4, -1), "wood")
    put(s, 0, (2, -1))
    toward = "move 2,-1 se empty"
    assert at(_after(s, toward), 0, (3, -1)) == 1
    assert _lead(_after(s, toward)) > _lead(s)
    monkeypatch.setattr(policy, "EPSILON", 0.0)
    assert s.action_to_text(rollout_action(s, random.Random(1))) == toward


def test_r5_1_the_second_member_heads_for_where_the_wood_carrier_will_build() -> None:
    """A wood carrier a step from the nearest plains with room, its partner on a farther one:
    the carrier's arrival and the partner's walk toward that plains are each progress (an
    errand that pointed at the carrier only once it stood there made the arrival a loss)."""
    s = new(2)
    for qr in {qr for qr, c in s.cfg.index.items() if c in s.where[0]}:
        clear(s, 0, qr)
    lay(s, (2, -1), "plains")
    lay(s, (3, -1), "forest")
    lay(s, (4, -1), "forest")
    lay(s, (5, -1), "plains")
    put(s, 0, (4, -1), "wood")
    put(s, 0, (2, -1))
    arrived = _after(s, "move 4,-1 se wood")
    assert at(arrived, 0, (5, -1), "wood") == 1
    assert _lead(arrived) > _lead(s)
    walked = _after(s, "move 2,-1 se empty")
    assert at(walked, 0, (3, -1)) == 1
    assert _lead(walked) > _lead(s)


def test_r4_10_a_second_holy_place_waits_until_the_limit_is_what_the_offerings_need() -> None:
    s = new(2)
    lay(s, (2, -1), "plains")
    lay(s, (2, -2), "plains")
    s.holy[cell(s, 2, -2)] = 0
    s.holy_supply[0] -= 1
    put(s, 0, (2, -2))
    put(s, 0, (2, -1), "stone")
    put(s, 0, (2, -1))
    play(s, "end_movement")
    assert _lead(_after(s, "holy_place 2,-1")) < _lead(s)  # the stone is worth a limit point
    s.limit[0] = 7
    assert _lead(_after(s, "holy_place 2,-1")) > _lead(s)


def _offering_with_members(on_table: int) -> tuple[MesoState, MesoState]:
    """Seat 0 has delivered two offerings, carries its third beside the ziggurat with
    `on_table` - 1 more members on the table, and its fourth is still in supply: the position
    before and after the third is offered."""
    s = new(2)
    start = {qr for qr, c in s.cfg.index.items() if c in s.where[0]}
    for qr in start:
        clear(s, 0, qr)
    lay(s, (2, -1), "plains")
    s.delivered[0] = [0, 1]
    s.off_supply[0] = [0, 0, 0, 1]
    s.mana[0] = s.limit[0] = 6
    put(s, 0, (1, -1), "offering6")
    if on_table > 1:
        put(s, 0, (2, -1), n=on_table - 1)
    return s, _after(s, "move 1,-1 sw offering6")


def test_r5_1_a_priest_leaving_fewer_than_two_members_with_an_offering_in_supply_loses() -> None:
    """R4.5 the member who offers becomes a priest and leaves the table; R5.1 a hut (the only way
    for the last offering into play) and R5.3 breeding both need two own members on one tile.
    Offering with one other member left strands the seat; with two others it is progress."""
    stranded_before, stranded_after = _offering_with_members(2)
    assert stranded_after.delivered[0] == [0, 1, 2]
    assert _lead(stranded_after) < _lead(stranded_before)
    safe_before, safe_after = _offering_with_members(3)
    assert _lead(safe_after) > _lead(safe_before)
