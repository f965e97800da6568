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
    e = env(game_id, render_mode="ansi")
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
    """Each agent observes the encoding of its own seat's view; only the mover has a mask."""
    e = env(game_id, render_mode="ansi")
    e.reset(seed=1)
    raw = e.unwrapped
    # seeded choices (the action space's own sampler is not seeded by reset): a random Feinde
    # game can end within 30 steps, where no seat moves; these choices reach a mid-game position
    rng = np.random.default_rng(0)
    for _ in range(30):  # into the game, past the deal
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert not e.terminations[e.agent_selection]
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        expected = raw.encoder.encode(raw.state.view(seat))
        assert np.array_equal(obs["observation"], expected)
        moving = agent == e.agent_selection
        assert bool(obs["action_mask"].any()) == moving
        if moving:
            assert np.flatnonzero(obs["action_mask"]).tolist() == raw.state.legal_actions()
    text = e.render()
    assert isinstance(text, str) and text
