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
    """Each agent observes the game's observation of its own seat's view; only the mover has a
    mask."""
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
        expected = raw.observer.encode(raw.state.view(seat), seat)
        assert np.array_equal(obs["observation"], expected)
        moving = agent == e.agent_selection
        assert bool(obs["action_mask"].any()) == moving
        if moving:
            assert np.flatnonzero(obs["action_mask"]).tolist() == raw.state.legal_actions()
    text = e.render()
    assert isinstance(text, str) and text


def test_observations_are_made_when_asked_and_kept_for_the_step() -> None:
    e = env("beowulf", players=2)
    e.reset(seed=2)
    raw = e.unwrapped
    assert raw._observed == {}  # nothing is encoded until someone asks
    agent = e.agent_selection
    first = e.observe(agent)
    assert e.observe(agent) is first
    assert list(raw._observed) == [agent]
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    assert raw._observed == {}
    assert e.observe(agent) is not first


def test_the_observation_space_is_the_observer_fields() -> None:
    e = env("beowulf", players=3)
    raw = e.unwrapped
    box = raw.observation_space("player_0")["observation"]
    assert box.shape == (raw.observer.size,)
    assert [f.name for f in raw.observer.fields][:3] == ["act", "phase", "to_move"]
    e.reset(seed=4)
    obs = e.observe(e.agent_selection)["observation"]
    assert box.contains(obs)
    fields = raw.observer.split(obs)
    assert fields["figures"].shape[0] == 3
