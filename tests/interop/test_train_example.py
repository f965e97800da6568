"""The training example (examples/train_beowulf.py) trains, saves, loads and plays a game.

It needs the optional `train` extra (CPU PyTorch, sb3-contrib); `make test` installs it, so the
test runs in CI and is skipped only where that extra is absent.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the optional extra 'train' is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_beowulf.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_beowulf", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_seat_env_gives_the_learner_only_its_own_turns() -> None:
    example = load_example()
    env = example.SeatEnv()
    for episode in range(2):
        obs, _ = env.reset(seed=episode)
        assert env.me == env.aec.possible_agents[episode % 2]  # seats alternate
        assert obs.shape == env.observation_space.shape
        done = False
        while not done:
            assert env.aec.agent_selection == env.me
            mask = env.action_masks()
            obs, reward, done, _, _ = env.step(np.int64(np.flatnonzero(mask)[0]))
            assert np.isfinite(reward)


def test_train_save_load_and_play(tmp_path: Path) -> None:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    example = load_example()
    model = example.train(seconds=300, steps=2048, seed=1, n_steps=128, envs=4)
    assert model.num_timesteps >= 2048
    path = tmp_path / "beowulf_ppo.zip"
    model.save(path)
    loaded = MaskablePPO.load(path, device="cpu")
    result = example.evaluate(loaded, games=2, seed=3)
    assert result["games"] == 2 and 0.0 <= result["wins"] <= 2.0
    low, high = result["ci95"]
    assert 0.0 <= low <= result["win_rate"] <= high <= 1.0


def test_the_shaped_rewards_of_a_game_add_up_to_its_final_lead_and_result() -> None:
    """The heuristic potential equals the saga points once the game is over, so shaping moves
    reward earlier in the game without changing what a whole game is worth."""
    example = load_example()
    for shaping in example.SHAPINGS:
        env = example.SeatEnv(shaping=shaping)
        env.reset(seed=3)
        total, done, start = 0.0, False, env.lead
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, reward, done, _, _ = env.step(np.int64(legal[len(legal) // 2]))
            total += reward
        scores = env.aec.state.returns()
        seat = env.aec.possible_agents.index(env.me)
        lead = (scores[seat] - max(s for p, s in enumerate(scores) if p != seat)) / 100.0
        result = 2.0 * env.aec.rewards[env.me] - 1.0
        assert total == pytest.approx(lead - start + result)


def test_an_unknown_shaping_is_refused() -> None:
    with pytest.raises(ValueError, match="shaping"):
        load_example().SeatEnv(shaping="score")
