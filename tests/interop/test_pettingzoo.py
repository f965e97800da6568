"""PettingZoo's own checks on every registered game's AEC environment."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from boardwright.engine import registry
from boardwright.interop.pettingzoo import env

CASES = [(g.info.id, n) for g in registry.games() for n in g.info.player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_api_test(game_id: str, players: int) -> None:
    api_test(env(game_id, players=players), num_cycles=1000)


@pytest.mark.parametrize("game_id", registry.names())
def test_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=100)


@pytest.mark.parametrize("game_id", registry.names())
def test_a_full_game_ends_with_the_win_shared(game_id: str) -> None:
    e = env(game_id, players=2, render_mode="ansi")
    e.reset(seed=3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            assert "scores" in info
            e.step(None)
            continue
        assert obs["action_mask"].any()
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    assert sum(total.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", registry.names())
def test_observation_is_the_seat_view_only(game_id: str) -> None:
    """Two seats of one position differ; the mask is set only for the seat to move."""
    e = env(game_id, players=2, render_mode="ansi")
    e.reset(seed=1)
    to_move = e.agent_selection
    other = next(a for a in e.possible_agents if a != to_move)
    assert e.observe(to_move)["action_mask"].any()
    assert not e.observe(other)["action_mask"].any()
    assert not np.array_equal(e.observe(to_move)["observation"], e.observe(other)["observation"])
    text = e.render()
    assert isinstance(text, str) and text
