"""Shortcuts in the rules that must answer exactly what the plain definitions answer."""

from __future__ import annotations

import random

import pytest
from feinde_helpers import GAME

from boardwright.games.feinde import sight
from boardwright.games.feinde.data import DIRS, TILE_SHAPES


def test_R3_2_the_arm_table_is_each_tile_shape_turned_clockwise() -> None:
    for s, shape in enumerate(TILE_SHAPES):
        for rot in range(4):
            turned = {(DIRS.index(ch) + rot) % 4 for ch in shape}
            assert sight.ARM_MASKS[s][rot] == sum(1 << d for d in turned)


@pytest.mark.parametrize("seed", [4, 5])
def test_R10_4_a_monster_card_is_playable_exactly_when_some_monster_can_move(seed: int) -> None:
    rng = random.Random(seed)
    st = GAME.new_initial_state(4)
    checked = 0
    for _ in range(2500):
        if st.is_terminal():
            break
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            st.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        for limit in (1, 2):
            assert sight.any_movable_monster(st, limit) == bool(sight.movable_monsters(st, limit))
            checked += 1
        st.apply(rng.choice(st.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize("seed", [6, 7])
def test_R8_3_remembered_room_steps_are_the_walked_ones(seed: int) -> None:
    rng = random.Random(seed)
    st = GAME.new_initial_state(3)
    for step in range(2000):
        if st.is_terminal():
            break
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            st.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        if step % 50 == 0:
            for room in st.cfg.board.rooms:
                assert sight.room_neighbours(st, room) == sight._room_neighbours(st, room)
        st.apply(rng.choice(st.legal_actions()))
