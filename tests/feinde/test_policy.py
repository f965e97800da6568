"""The rollout policy: walk to the best target by a shortest way and fight it (R3.1 action 1),
walk 12 (action 2) towards a far one, rest when the storage track pays more than the turn."""

from __future__ import annotations

import random

from feinde_helpers import GAME, act, cell, clear_start_monsters, new_game, put_hero, put_token

from boardwright.games.feinde import data, paths, policy
from boardwright.games.feinde.forward import FeindeState


def _corridor(monster: int = 5) -> FeindeState:
    """Seat 0 (knowledge 6) on S1 to choose; `monster` on R44, 3 steps north."""
    st = new_game(3)
    clear_start_monsters(st)
    put_token(st, "R44", monster)
    st.knowledge[:] = [6, 2, 3]
    for p in (1, 2):
        put_hero(st, p, "S4")
    return st


def _text(st: FeindeState) -> str:
    return st.action_to_text(policy.rollout_action(st, random.Random(0)))


def test_action_1_walks_to_a_monster_in_reach_and_fights_it() -> None:
    st = _corridor()
    assert _text(st) == "fight-move"
    act(st, "fight-move")
    for _ in range(3):
        assert _text(st) == "step N"
        act(st, "step N")
    assert st.pos[0] == cell(st, "R44")
    assert _text(st) == "fight"


def test_a_hero_walks_past_a_stronger_monster_towards_one_he_can_beat() -> None:
    # R3.7 the stronger monster on R44 stops him for the turn; R45 beyond it holds monster 5
    st = _corridor(monster=30)
    _open_labyrinth(st)
    put_token(st, "R45", 5)
    act(st, "run")
    assert _text(st) == "step N"


def _open_labyrinth(st: FeindeState) -> None:
    """Every room explored (no chips) and every crossing a revealed four-way."""
    b = st.cfg.board
    for r in b.rooms:
        st.chip[r] = 0
    for c in b.crossings:
        st.cross_shape[c] = 0
        st.tiles_left = [0, 0, 0, 0]
    st._legal = None


def test_a_target_beyond_six_steps_is_approached_with_action_2() -> None:
    st = _corridor(monster=0)
    _open_labyrinth(st)
    dist, _, _ = paths.walk(st, st.pos[0])
    far = next(r for r in st.cfg.board.rooms if 8 <= dist[r] <= 12)
    st.token[far] = 5
    assert _text(st) == "run"
    st.token[far] = 0
    near = next(r for r in st.cfg.board.rooms if 4 <= dist[r] <= 6)
    st.token[near] = 5
    assert _text(st) == "fight-move"


def test_the_rollout_policy_always_plays_a_legal_action() -> None:
    rng = random.Random(5)
    st = GAME.new_initial_state(4)
    for _ in range(3000):
        if st.is_terminal():
            break
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            st.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        a = GAME.rollout_action(st, rng)
        assert a in st.legal_actions()
        st.apply(a)


def test_a_pinned_hero_escapes_a_monster_not_worth_fighting() -> None:
    st = _corridor(monster=0)
    put_token(st, "S1", 45)  # R3.4 pinned by a monster 39 above his knowledge
    assert data.ESCAPE in st.legal_actions()
    assert _text(st) == "escape"
