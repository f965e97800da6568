"""Mesopotamia with the rest of the platform: agents, determinisation, texts, terminal, CLI."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest
from playouts import midgame
from rich.console import Console
from typer.testing import CliRunner

from boardwright.agents import GreedyAgent, ISMCTSAgent, RandomAgent
from boardwright.cli.human import run_table
from boardwright.cli.main import app
from boardwright.engine import registry
from boardwright.engine.api import CHANCE, State
from boardwright.engine.play import play_game, sample_chance
from boardwright.engine.record import GameRecord, replay

GAME = registry.get("mesopotamia")


def _midgame(players: int, seed: int, steps: int) -> State:
    return midgame(GAME, players, seed, steps, choose=GAME.rollout_action)


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), ISMCTSAgent(iterations=30)],
                         ids=lambda a: a.name)
def test_r10_agents_decide_from_the_view_alone(agent: object) -> None:
    state = _midgame(3, seed=5, steps=150)
    seat = state.current_player()
    view = state.view(seat)
    twin = GAME.sample_state(view, seat, random.Random(99))
    assert twin.view(seat) == view
    legal = state.legal_actions()
    assert twin.legal_actions() == legal
    one = agent.choose(GAME, seat, state.view(seat), legal, random.Random(7))  # type: ignore[attr-defined]
    two = agent.choose(GAME, seat, twin.view(seat), legal, random.Random(7))  # type: ignore[attr-defined]
    assert one == two and one in legal


def test_r10_samples_vary_the_hidden_offerings() -> None:
    state = _midgame(4, seed=2, steps=120)
    seat = state.current_player()
    view = state.view(seat)
    samples = [GAME.sample_state(view, seat, random.Random(i)).to_json() for i in range(8)]
    assert all(GAME.sample_state(view, seat, random.Random(i)).view(seat) == view
               for i in range(3))
    assert len({json.dumps(s, sort_keys=True) for s in samples}) > 1


def test_greedy_and_ismcts_play_whole_capped_games() -> None:
    result = play_game(GAME, 3, [GreedyAgent(), ISMCTSAgent(iterations=10), RandomAgent()],
                       seed=1, options={"max_turns": 6})
    assert result.state.is_terminal()


def test_texts_every_key_in_both_languages() -> None:
    folder = resources.files("boardwright.games.mesopotamia").joinpath("messages")
    en = json.loads(folder.joinpath("en.json").read_text(encoding="utf-8"))
    hu = json.loads(folder.joinpath("hu.json").read_text(encoding="utf-8"))
    assert set(en) == set(hu)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_move_and_event_reads_in_words(lang: str) -> None:
    rng = random.Random(3)
    state = GAME.new_initial_state(4, {"start_with_card": True})
    console = Console(width=200, file=open("/dev/null", "w"))  # noqa: SIM115
    for step in range(600):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            for a in state.legal_actions():
                words = GAME.describe_action(state, a, lang)
                assert words and "{" not in words and not words.startswith("action.")
            action = rng.choice(state.legal_actions())
        for event in state.apply(action):
            for seat in (None, 0):
                text = GAME.describe_event(event.for_viewer(seat), lang)
                assert "{" not in text and not text.startswith("event."), text
        if step % 50 == 0:
            console.print(GAME.render(state.view(step % 4), lang))


def test_a_person_plays_three_players_to_the_end_in_the_terminal(tmp_path: Path) -> None:
    record_path = tmp_path / "meso.json"
    keys = "help\nmoves\n" + "1\n" * 4000
    result = CliRunner().invoke(app, ["play", "mesopotamia", "--players", "3", "--seats",
                                      "human,random,random", "--seed", "3", "--option",
                                      "max_turns=9", "--save", str(record_path),
                                      # always "1" would pick up and drop for ever unbounded
                                      "--option", "free_actions_per_turn=12"], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output
    assert "End your movement" in result.output  # the help lists moves in words
    final = replay(GameRecord.load(record_path), GAME)
    assert final.is_terminal()


def test_r9_1_a_terminal_table_with_a_person_has_no_turn_cap() -> None:
    console = Console(width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    quit_at_once = lambda prompt: "quit"  # noqa: E731
    table = run_table(GAME, 2, ["human", "random"], seed=1, lang="en", save=None, options={},
                      console=console, ask=quit_at_once)
    assert table.state.cfg.options.max_turns == 0
    # so the record replays the same game
    assert table.record.options == {"max_turns": 0, "free_actions_per_turn": 0}
    capped = run_table(GAME, 2, ["human", "random"], seed=1, lang="en", save=None,
                       options={"max_turns": 9}, console=console, ask=quit_at_once)
    assert capped.state.cfg.options.max_turns == 9
    bots = run_table(GAME, 2, ["random", "random"], seed=1, lang="en", save=None,
                     options={"max_turns": 3}, console=console, ask=quit_at_once)
    assert bots.state.cfg.options.max_turns == 3 and bots.state.is_terminal()
