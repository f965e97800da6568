"""The search agents' heuristic: the reach term values walking towards what a hero can take."""

from __future__ import annotations

from feinde_helpers import cell, clear_start_monsters, new_game, put_hero, put_token

from boardwright.games.feinde import heuristic
from boardwright.games.feinde.state import FeindeState


def _corridor() -> FeindeState:
    """Seat 0 (knowledge 6) on S1; R44 lies 3 steps north (26.9, 25.9, R44)."""
    st = new_game(3)
    clear_start_monsters(st)
    put_token(st, "R44", 0)
    st.knowledge[:] = [6, 2, 3]
    for p in (1, 2):
        put_hero(st, p, "S4")
    return st


def test_reach_grows_as_the_hero_nears_a_monster_he_can_beat() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    values = []
    for label in ("S1", "26.9", "25.9", "R44"):
        put_hero(st, 0, label)
        values.append(heuristic.reach(st, 0))
    assert values == sorted(values) and values[0] < values[-1]
    assert values[-1] >= heuristic.REACH_WEIGHT * heuristic.target_value(st, 0, 5)  # + explore


def test_reach_prefers_a_beatable_monster_to_a_too_strong_one() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    beatable = heuristic.reach(st, 0)
    put_token(st, "R44", 30)  # a learning fight only
    assert heuristic.target_value(st, 0, 30) < 0 < heuristic.target_value(st, 0, 5)
    assert heuristic.reach(st, 0) < beatable


def test_evaluate_counts_the_reach_term() -> None:
    st = _corridor()
    put_token(st, "R44", 5)
    far = heuristic.evaluate(st)[0]
    put_hero(st, 0, "25.9")
    assert heuristic.evaluate(st)[0] > far
    assert st.pos[0] == cell(st, "25.9")
