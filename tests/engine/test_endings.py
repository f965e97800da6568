"""Every game plays to its printed end at a table with people; every ending is named.

A cap or stall rule (`OptionInfo.cap`) is a safety valve for bots' games: `Game.table_options`
turn each off for people. `State.ended_by` tells the printed ending from a cap, and the driver,
`simulate` and the arena report it with the game's length.
"""

from __future__ import annotations

import pytest

from boardwright.agents import make_agent
from boardwright.arena.runner import ArenaConfig, run_arena
from boardwright.arena.stats import endings, percentile
from boardwright.cli.simulate import run_simulation
from boardwright.engine import registry
from boardwright.engine.api import ENDED_BY, Ending, options_for_people, ranked_ending
from boardwright.engine.play import play_game

GAMES = registry.games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_tables_with_people_start_with_every_cap_off(game) -> None:
    people = options_for_people(game, None)
    for option in game.info.options:
        if option.cap:
            assert people.get(option.name) == 0, option.name


def test_the_games_with_caps_declare_them() -> None:
    caps = {g.info.id: sorted(o.name for o in g.info.options if o.cap) for g in GAMES}
    assert caps == {"beowulf": [], "feinde": ["max_rounds", "stall_rounds"],
                    "mesopotamia": ["max_turns"], "runebound": ["max_rounds"]}


def test_a_chosen_cap_is_kept_at_a_table_with_people() -> None:
    game = registry.get("runebound")
    assert options_for_people(game, {"max_rounds": 5})["max_rounds"] == 5


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_ended_by_is_none_before_the_end(game) -> None:
    state = game.new_initial_state(game.info.min_players)
    assert state.ended_by() is None


def test_a_capped_game_reports_cap_and_its_length() -> None:
    game = registry.get("runebound")
    result = play_game(game, 2, [make_agent("random")] * 2, seed=3, options={"max_rounds": 2})
    assert result.state.ended_by() == "cap"
    assert result.record.ending == {"by": "cap", "reason": "turn_cap",
                                    "ranking": ["runes", "level", "gold"],
                                    "decided_by": result.state.ending().decided_by}
    assert result.rounds == 2


def test_a_game_ended_by_the_rules_reports_rule() -> None:
    game = registry.get("beowulf")
    result = play_game(game, 2, [make_agent("random")] * 2, seed=3)
    assert result.state.ended_by() == result.record.ending["by"] == "rule"
    assert result.rounds == -(-result.turns // 2) > 0


def test_simulate_counts_endings_and_lengths() -> None:
    summary = run_simulation(registry.get("runebound"), 2, 3, 0, ["random"],
                             options={"max_rounds": 4})
    assert summary["ended_by"] == {"cap": 3}
    assert summary["length"] == {"unit": "rounds", "median": 4.0, "p95": 4.0, "max": 4}


def test_arena_json_counts_endings() -> None:
    result = run_arena(ArenaConfig("beowulf", ("random", "random"), games=2, seed=1))
    data = result.to_json()
    assert data["ended_by"] == {"rule": 2}
    assert data["length"]["median"] > 0
    assert all(g["ended_by"] == "rule" for g in data["games"])


def test_arena_counts_a_game_past_its_bound_on_actions_as_too_long_and_goes_on() -> None:
    config = ArenaConfig("beowulf", ("greedy", "random"), games=2, seed=1, max_actions=5)
    data = run_arena(config).to_json()
    assert data["ended_by"] == {"too_long": 2}
    assert all(g["winners"] == [] and g["actions"] == 5 for g in data["games"])
    assert [row["wins"] for row in data["table"]] == [0, 0]


def test_an_arena_journal_without_a_bound_keeps_its_config() -> None:
    assert "max_actions" not in ArenaConfig("beowulf", ("random", "random"), games=2).to_json()
    bounded = ArenaConfig("beowulf", ("random", "random"), games=2, max_actions=9).to_json()
    assert bounded["max_actions"] == 9


def test_simulate_counts_a_game_past_its_bound_on_actions_as_too_long() -> None:
    summary = run_simulation(registry.get("runebound"), 2, 2, 0, ["random"], max_actions=30)
    assert summary["ended_by"] == {"too_long": 2}
    assert summary["finished"] == summary["errors"] == 0
    assert summary["length"]["max"] >= 1
    assert "did not end within 30 actions" in summary["error_messages"][0]


def test_endings_summary() -> None:
    out = endings(["rule", "cap", "rule", None], [10, 20, 30, 40])
    assert out["ended_by"] == {"cap": 1, "rule": 2, "unfinished": 1}
    assert out["length"]["median"] == 25.0 and out["length"]["max"] == 40
    assert percentile([1, 2, 3, 4, 5], 95) == pytest.approx(4.8)
    assert set(ENDED_BY) == {"rule", "cap", "stall"}


def test_ranked_ending_names_the_first_criterion_that_set_the_winners_apart() -> None:
    ranking = ("gold", "chips")
    assert ranked_ending("rule", "x", ranking, [(5, 1), (3, 9)], [0]).decided_by == "gold"
    assert ranked_ending("rule", "x", ranking, [(5, 4), (5, 2), (1, 9)], [0]).decided_by == "chips"
    assert ranked_ending("rule", "x", ranking, [(5, 4), (5, 4)], [0, 1]).decided_by is None
    assert ranked_ending("rule", "x", ranking, [(5, 4), (5, 4), (2, 0)],
                         [0, 1]).decided_by == "gold"


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_every_ending_a_game_reports_has_words(game, lang: str) -> None:
    # a seeded random game of each (capped where the game has caps) and its ending in words
    result = play_game(game, game.info.min_players, [make_agent("random")] * game.info.min_players,
                       seed=1)
    ending = result.state.ending()
    assert ending is not None and ending.by == result.state.ended_by()
    words = game.describe_ending(ending, lang)
    assert words and "end." not in words and "ending." not in words
    if ending.decided_by:
        assert len(words.split(". ")) >= 2


def test_an_ending_without_its_own_words_falls_back_to_the_engines() -> None:
    game = registry.get("feinde")
    words = game.describe_ending(Ending("cap", "no_such_reason"), "en")
    assert words == "The game ended at the agreed cap, before its printed end."
