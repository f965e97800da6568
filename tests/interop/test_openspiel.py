"""OpenSpiel's own checks on every registered game, through `boardwright.interop.openspiel`."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from boardwright.engine import registry
from boardwright.engine.play import sample_chance
from boardwright.interop import openspiel as bw_spiel

CASES = [(g.info.id, n) for g in registry.games() for n in g.info.player_counts]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for game in registry.games():
        assert f"boardwright_{game.info.id}" in names


#: caps for OpenSpiel's random games: it serialises and reloads every state on the way, and
#: random heroes run to the bots' caps (Runebound's 180 rounds: 109 s of CI for one 6-player
#: case); games as long as these still pass every phase random players reach, and
#: `test_conformance.py` plays random games to the full caps
SIM_CAPS: dict[str, dict[str, int]] = {"mesopotamia": {"max_turns": 120},
                                       "feinde": {"max_rounds": 25},
                                       "runebound": {"max_rounds": 40}}


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_sim_test(game_id: str, players: int) -> None:
    game = pyspiel.load_game(f"boardwright_{game_id}",
                             {"players": players, **SIM_CAPS.get(game_id, {})})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _midgame(game_id: str, players: int, steps: int, seed: int = 3) -> tuple[Any, Any]:
    game = bw_spiel.load(game_id, players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("game_id", registry.names())
def test_strings_come_from_the_seat_view(game_id: str) -> None:
    game, state = _midgame(game_id, registry.get(game_id).info.min_players, 40)
    engine = state.engine_state
    for seat in range(game.num_players()):
        obs = state.observation_string(seat)
        assert obs == bw_spiel.view_string(engine.view(seat))
        assert state.information_state_string(seat).startswith(obs)
        assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(seat)) == \
            game.information_state_tensor_size()
    public = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    assert public.tensor.any()
    assert public.string_from(state, 0) == bw_spiel.view_string(engine.view(None))


@pytest.mark.parametrize("game_id", registry.names())
def test_resample_keeps_the_information_state(game_id: str) -> None:
    _, state = _midgame(game_id, registry.get(game_id).info.min_players, 60)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", registry.names())
def test_serialise_and_clone_keep_the_state(game_id: str) -> None:
    game, state = _midgame(game_id, registry.get(game_id).info.min_players, 50)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.history() == state.history()
    copy = state.clone()
    assert str(copy) == str(state)
    if not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[0] if not copy.is_chance_node()
                          else copy.chance_outcomes()[0][0])
        assert str(copy) != str(state)


def test_options_are_game_parameters() -> None:
    engine = registry.get("beowulf")
    flag = next(o for o in engine.info.options if isinstance(o.default, bool))
    game = bw_spiel.load("beowulf", 3, **{flag.name: not flag.default})
    assert game.options == {flag.name: not flag.default}
    assert game.num_players() == 3


#: the bots' caps, short: OpenSpiel's ISMCTS rolls every simulation out to the end with random
#: moves, and a random Mesopotamia game to its 400-turn cap made this one test 14 minutes of CI
SHORT_GAMES: dict[str, dict[str, int]] = {"mesopotamia": {"max_turns": 40},
                                          "feinde": {"max_rounds": 10},
                                          "runebound": {"max_rounds": 10}}


@pytest.mark.parametrize("game_id", registry.names())
def test_ismcts_bot_plays_complete_games(game_id: str) -> None:
    game = bw_spiel.load(game_id, registry.get(game_id).info.min_players,
                         **SHORT_GAMES.get(game_id, {}))
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(int(action))
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert state.scores() == state.engine_state.returns()


@pytest.mark.parametrize("game_id", registry.names())
def test_tensors_are_the_game_observation(game_id: str) -> None:
    game, state = _midgame(game_id, registry.get(game_id).info.min_players, 40)
    engine = state.engine_state
    observer = game.observer
    assert game.observation_tensor_size() == observer.size
    assert game.information_state_tensor_size() == observer.size + game.num_distinct_actions()
    for seat in range(game.num_players()):
        expected = observer.encode(engine.view(seat), seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        info = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(info[:observer.size], expected)
    py_observer = game.make_py_observer()
    py_observer.set_from(state, 0)
    for field in observer.fields:
        assert py_observer.dict[field.name].shape == field.shape


@pytest.mark.parametrize("game_id", registry.names())
def test_python_fast_paths_agree_with_pyspiel(game_id: str) -> None:
    """The loop calls answered in Python give what pyspiel's C++ route gives."""
    game = bw_spiel.load(game_id, registry.get(game_id).info.min_players)
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(300):
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.history() and len(state.history()) == state.move_number()


@pytest.mark.parametrize("game_id", registry.names())
def test_own_actions_read_late_from_the_history_agree_with_those_kept(game_id: str) -> None:
    """A seat's own actions (what its information state adds) are kept only once someone asks
    for them; read then from pyspiel's history, they are the ones kept from the first move, in
    a clone and after serialisation too."""
    game = bw_spiel.load(game_id, registry.get(game_id).info.min_players)
    kept, late = game.new_initial_state(), game.new_initial_state()
    seats = range(game.num_players())
    for seat in seats:
        assert kept.own_actions(seat) == []   # asked at once: kept from here on
    rng = random.Random(3)
    for _ in range(80):
        if kept.is_terminal():
            break
        action = (sample_chance(kept.chance_outcomes(), rng) if kept.is_chance_node()
                  else rng.choice(kept.legal_actions()))
        kept.apply_action(action)
        late.apply_action(action)
    copy = late.clone()
    again = game.deserialize_state(late.serialize())
    assert any(kept.own_actions(seat) for seat in seats)
    for seat in seats:
        want = [step.action for step in kept.full_history() if step.player == seat]
        assert kept.own_actions(seat) == want
        for other in (late, copy, again):
            assert other.own_actions(seat) == want
            assert other.information_state_string(seat) == kept.information_state_string(seat)
