"""OpenSpiel's ISMCTSBot seated through the agents' spec `openspiel_ismcts`."""

from __future__ import annotations

import sys

import pytest

from boardwright.agents import make_agent
from boardwright.arena.runner import ArenaConfig, play_one, run_arena
from boardwright.engine.errors import BadConfig
from boardwright.interop.agent import OpenSpielISMCTSAgent


def test_spec_makes_the_openspiel_bot() -> None:
    agent = make_agent("openspiel_ismcts:7")
    assert isinstance(agent, OpenSpielISMCTSAgent) and agent.iterations == 7
    assert make_agent("openspiel_ismcts", iterations=11).iterations == 11  # type: ignore[attr-defined]
    with pytest.raises(BadConfig):
        make_agent("openspiel_ismcts", seconds=1.0)
    with pytest.raises(BadConfig):
        make_agent("openspiel_ismcts:policy=best")


def test_the_agents_package_does_not_import_pyspiel_for_its_own_agents() -> None:
    import subprocess

    code = ("import sys, boardwright.agents as a; a.make_agent('ismcts:5'); "
            "print('pyspiel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_arena_seats_the_openspiel_bot_for_a_complete_game() -> None:
    config = ArenaConfig(game="beowulf", agents=("openspiel_ismcts", "ismcts"), games=1,
                         seed=4, iterations=2)
    result = run_arena(config)
    (game,) = result.games
    assert game["winners"]
    assert all(ms is not None for ms in game["move_ms"])
    # the bot draws only from the agent's seeded generator: the same seed, the same game
    assert play_one(config, 0)["returns"] == game["returns"]
