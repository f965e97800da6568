"""`bench/beowulf_fit_weights.py` fits the heuristic's weights by least squares on self-play."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from beowulf_helpers import load_bench

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf.data import OVER
from boardwright.games.beowulf.heuristic import evaluate, shipped_weights


def _script() -> ModuleType:
    return load_bench("beowulf_fit_weights")


def _positions(players: int, seed: int) -> list[BeowulfState]:
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, {})
    out = []
    while state.current_player() != TERMINAL:
        actor = state.current_player()
        state.apply(sample_chance(state.chance_outcomes(), rng) if actor == CHANCE
                    else rng.choice(state.legal_actions()))
        if state.phase != OVER:
            out.append(state.clone())
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_terms_rebuild_the_evaluation_with_the_shipped_weights(players: int) -> None:
    """The fit's columns are what the weights multiply: saga + line points + Σ weight × term
    is the heuristic's value, so fitted numbers mean what the `Weights` fields mean."""
    script = _script()
    for state in _positions(players, 1)[::7]:
        lines, per_field = script.terms(state)
        weights = shipped_weights(players).in_act(state.act)
        for seat in range(players):
            rebuilt = state.saga[seat] + lines[seat] + sum(
                weights[name] * per_field[name][seat] for name in script.FIELDS)
            assert rebuilt == pytest.approx(evaluate(state)[seat])


def test_the_fit_recovers_weights_that_made_the_gains() -> None:
    """Gains made exactly by known weights give those weights back, step 1 and step 2 alike."""
    script = _script()
    rng = random.Random(7)
    true = {name: rng.uniform(-3, 3) for name in script.FIELDS}
    table = script.Table()
    rows = [[rng.uniform(-5, 5) for _ in script.FIELDS] for _ in range(200)]
    table.x[0] = rows
    table.act_gain[0] = [sum(true[n] * r[script.FIELDS.index(n)] for n in script.ACT_FIELDS)
                         for r in rows]
    table.game_gain[0] = [sum(true[n] * r[k] for k, n in enumerate(script.FIELDS)) for r in rows]
    fitted = script.fit(table, 0)
    for name in script.FIELDS:
        assert fitted[name] == pytest.approx(true[name], abs=1e-9)
    assert script.explained(table, 0, fitted) == pytest.approx(1.0)


def test_self_play_records_every_act_and_the_final_scores() -> None:
    positions, final = _script().self_play((2, 100000, 0.05))
    assert {act for act, *_ in positions} == {0, 1, 2}
    assert len(final) == 2
    ends = _script()._saga_at_act_ends(positions, final)
    assert ends[2] == final and set(ends) == {0, 1, 2}


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _script().main(["--games", "2"])
    assert exit_info.value.code == 2
    assert "at least 4" in capsys.readouterr().err
