"""The search agents' heuristic: knowledge, chips and cards, and the reach term that values
walking towards what a hero can take, counted in turns (R3.1) from the mover's remaining steps."""

from __future__ import annotations

import random

import pytest
from feinde_helpers import GAME, act, cell, clear_start_monsters, new_game, put_hero, put_token

from boardwright.agents.rewards import margins
from boardwright.games.feinde import data, heuristic, movement, paths, sight
from boardwright.games.feinde.forward import FeindeState


def _corridor() -> FeindeState:
    """Seat 0 (knowledge 6) on S1 to choose; R44 lies 3 steps north (26.9, 25.9, R44)."""
    st = new_game(3)
    clear_start_monsters(st)
    put_token(st, "R44", 0)
    st.knowledge[:] = [6, 2, 3]
    for p in (1, 2):
        put_hero(st, p, "S4")
    return st


def _reach(st: FeindeState, seat: int = 0) -> float:
    return heuristic.reach_values(st)[seat]


def test_reach_grows_as_the_hero_nears_a_monster_he_can_beat() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    values = []
    for label in ("S1", "26.9", "25.9", "R44"):
        put_hero(st, 0, label)
        values.append(_reach(st))
    assert values == sorted(values) and values[0] < values[-1]


def test_reach_prefers_a_beatable_monster_to_a_too_strong_one() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    beatable = _reach(st)
    put_token(st, "R44", 30)  # 24 learning fights away
    assert heuristic.target_value(st, 0, 30) < heuristic.target_value(st, 0, 5)
    assert _reach(st) < beatable


def test_a_monster_dying_of_fright_is_worth_one_gold_less_than_a_won_fight() -> None:
    st = _corridor()
    st.knowledge[0] = 20  # R5.7 monster 8 (2 gold) dies of fright: 1 gold, no knowledge
    frightened = heuristic.target_value(st, 0, 8)
    st.knowledge[0] = 8  # R5.1 a normal fight: 2 gold and knowledge 8 + 4
    assert frightened < heuristic.target_value(st, 0, 8)


def test_a_chest_is_worth_its_gold_and_knowledge() -> None:
    st = _corridor()
    kv, gv = st.cfg.tables.chests[0]
    w = heuristic.DEFAULT_WEIGHTS
    left = heuristic.gold_left(st)
    assert heuristic.target_value(st, 0, data.CHEST0) == pytest.approx(
        gv + left * w.knowledge * kv)  # R7.3


def test_knowledge_chips_and_cards_count_less_as_the_gold_runs_out() -> None:
    st = _corridor()
    full = heuristic.gold_left(st)
    st.g3 = []  # monsters 24-48 gone
    assert heuristic.gold_left(st) < full
    st.knowledge[0] = 40
    many = heuristic.evaluate(st)[0]
    st.g2, st.g4 = [], []
    for r in st.cfg.board.rooms:
        st.token[r] = 0
    assert heuristic.gold_left(st) == 0
    assert heuristic.evaluate(st)[0] == pytest.approx(st.gold[0])
    assert st.gold[0] < many


def test_choosing_action_1_counts_a_monster_within_six_steps_as_fought_now() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    before = _reach(st)
    act(st, "fight-move")
    assert _reach(st) > before
    assert _reach(st) == pytest.approx(heuristic.target_value(st, 0, 5))


def test_in_a_turn_a_step_towards_the_target_keeps_its_value_and_ending_loses() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    act(st, "fight-move")
    start = margins(heuristic.evaluate(st))[0]
    toward = st.clone()
    act(toward, "step N")
    assert margins(heuristic.evaluate(toward))[0] == pytest.approx(start)
    ended = st.clone()
    act(ended, "end")
    assert margins(heuristic.evaluate(ended))[0] < start


def test_a_fight_is_judged_by_the_mean_over_its_dice() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    put_hero(st, 0, "R44")
    act(st, "fight-move", "fight")
    assert st.phase == data.DICE
    expected = [0.0, 0.0, 0.0]
    for action, prob in st.chance_outcomes():
        child = st.clone()
        child.apply(action)
        for p, v in enumerate(heuristic.evaluate(child)):
            expected[p] += prob * v
    assert heuristic.evaluate(st) == pytest.approx(expected)


def test_another_chance_event_is_judged_the_same_way_every_time() -> None:
    st = GAME.new_initial_state(3)
    assert st.is_chance_node()
    assert heuristic.evaluate(st) == heuristic.evaluate(st.clone())


def test_evaluate_is_the_gold_at_the_end() -> None:
    st = _corridor()
    st.gold[:] = [5, 7, 2]
    st.phase = data.OVER
    assert [round(v) for v in heuristic.evaluate(st)] == [5, 7, 2]


# --- paths: the walking distances the heuristic uses -----------------------------------------

def _played(seed: int, actions: int, **options: object) -> FeindeState:
    rng = random.Random(seed)
    st = GAME.new_initial_state(3, options)
    for _ in range(actions):
        if st.is_terminal():
            break
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            st.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_paths_passages_are_the_rules_steps_and_teleports(seed: int) -> None:
    st = _played(seed, 400)
    table = paths.moves(st)
    for c in range(len(st.cfg.board.kind)):
        steps = [(nxt, data.STEP + d) for d in range(4) if (nxt := sight.can_pass(st, c, d)) >= 0]
        partner = movement.teleport_partner(st, c)
        teleport = [(partner, data.TELEPORT)] if partner >= 0 else []
        assert sorted(table[c]) == sorted(steps + teleport)


@pytest.mark.parametrize("walls", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_paths_sight_stops_are_where_R3_6_sees_unexplored_area(seed: int, walls: bool) -> None:
    # R6.2 either reading: the seed's (a crossing does not block sight) or crossing_blocks_sight
    st = _played(seed, 400, crossing_blocks_sight=walls)
    stops = paths.sight_stops(st)
    b = st.cfg.board
    for c in range(len(b.kind)):
        if st.chip[c] or (b.kind[c] == data.CROSSING and st.cross_shape[c] < 0):
            continue  # no hero stands there
        sees = stops[c] == 1 or (stops[c] == 2 and not st.token[c])
        assert sees == sight.sees_unexplored(st, c), b.labels[c]


def test_a_walk_stops_at_a_monster_for_the_turn_and_never_enters_a_room_with_a_chip() -> None:
    # R3.7 the monster stops the hero; he walks on in his next turn, having fought it (R3.4)
    # or escaped (R3.5): the spaces beyond count a turn's walk more
    st = _corridor()
    put_token(st, "R44", 5)
    r44 = cell(st, "R44")
    dist, first, _ = paths.walk(st, cell(st, "S1"))
    assert dist[r44] == 3
    assert first[r44] == data.STEP + 0  # north
    beyond = [nxt for nxt, _ in paths.moves(st)[r44] if nxt != cell(st, "R44-S1/1")]
    assert beyond
    assert all(dist[c] == 3 + 1 + paths.FRONTIER_STEPS for c in beyond)
    assert all(dist[r] < 0 for r in st.cfg.board.rooms if st.chip[r])


def test_a_walk_goes_on_from_where_unexplored_area_is_seen_a_turn_later() -> None:
    # R3.6 an empty R44 sees rooms with chips: the hero stops there, explores, walks on later
    st = _corridor()
    r44 = cell(st, "R44")
    dist, _, explore = paths.walk(st, cell(st, "S1"))
    assert explore == r44 and dist[r44] == 3
    beyond = [nxt for nxt, _ in paths.moves(st)[r44] if nxt != cell(st, "R44-S1/1")]
    assert beyond and all(dist[c] == 3 + 1 + paths.FRONTIER_STEPS for c in beyond)


def _behind_a_strong_monster(st: FeindeState) -> None:
    """Every room explored, every crossing a four-way; monster 30 on R44 (too strong for seat
    0's knowledge 6), the only way from S1 to R45 and the rest."""
    b = st.cfg.board
    for r in b.rooms:
        st.chip[r] = 0
    for c in b.crossings:
        st.cross_shape[c] = 0
    st.tiles_left = [0, 0, 0, 0]
    put_token(st, "R44", 30)


def test_a_beatable_monster_behind_a_stronger_one_is_worth_walking_to() -> None:
    # the waits of docs/strength-feinde.md: every monster a hero could beat lay behind rooms
    # holding stronger ones, which a walk that ended at a monster never passed
    st = _corridor()
    _behind_a_strong_monster(st)
    assert _reach(st) == 0.0
    put_token(st, "R45", 5)
    dist, _, _ = paths.walk(st, cell(st, "S1"))
    assert dist[cell(st, "R45")] > 3 + paths.FRONTIER_STEPS  # through R44, a turn later
    assert _reach(st) > 0.0
