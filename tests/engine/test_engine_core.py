"""The engine's own pieces: action spaces, events, catalogues, records, registry, driver."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from boardwright.agents.random_agent import RandomAgent
from boardwright.engine import registry
from boardwright.engine.actions import ActionSpace
from boardwright.engine.errors import BadRecord, IllegalAction, UnknownGame
from boardwright.engine.events import Event
from boardwright.engine.i18n import Catalogue, available_languages
from boardwright.engine.play import play_game, sample_chance
from boardwright.engine.record import GameRecord, replay, replay_steps


def test_action_space_encodes_and_decodes_blocks() -> None:
    space = ActionSpace([("a", 3), ("b", 1), ("c", 2)])
    assert space.size == 6
    assert space.encode("c", 1) == 5
    assert space.decode(5) == ("c", 1)
    assert space.decode(3) == ("b", 0)
    with pytest.raises(IllegalAction):
        space.decode(6)
    with pytest.raises(IllegalAction):
        space.decode(-1)
    with pytest.raises(ValueError):
        space.encode("a", 3)


def test_event_secrets_reach_only_their_seat() -> None:
    event = Event("tile_drawn", {"seat": 1}, {1: {"tile": "+3/I"}})
    assert event.for_viewer(1) == {"kind": "tile_drawn", "seat": 1, "tile": "+3/I"}
    assert event.for_viewer(0) == {"kind": "tile_drawn", "seat": 1}
    assert event.for_viewer(None) == {"kind": "tile_drawn", "seat": 1}


def test_catalogue_falls_back_to_english_and_formats() -> None:
    hu = Catalogue("boardwright.engine", "hu")
    en = Catalogue("boardwright.engine", "en")
    assert en("cli.prompt") != "cli.prompt"
    assert hu("cli.prompt") != en("cli.prompt")
    assert en("no.such.key") == "no.such.key"
    assert set(available_languages("boardwright.engine")) >= {"en", "hu"}


def test_engine_catalogues_have_the_same_keys() -> None:
    en = Catalogue("boardwright.engine", "en").keys()
    for lang in available_languages("boardwright.engine"):
        assert Catalogue("boardwright.engine", lang).keys() == en, lang


def test_sample_chance_follows_probabilities() -> None:
    rng = random.Random(5)
    counts = {1: 0, 2: 0}
    for _ in range(4000):
        counts[sample_chance([(1, 0.25), (2, 0.75)], rng)] += 1
    assert 800 < counts[1] < 1200


def test_registry_knows_beowulf_and_rejects_unknown_games() -> None:
    assert "beowulf" in registry.names()
    with pytest.raises(UnknownGame, match="beowulf"):
        registry.get("chess")


def test_same_seed_same_game_byte_for_byte() -> None:
    game = registry.get("beowulf")
    agents = [RandomAgent(), RandomAgent(), RandomAgent()]
    one = play_game(game, 3, agents, seed=11).record.dumps()
    two = play_game(game, 3, agents, seed=11).record.dumps()
    other = play_game(game, 3, agents, seed=12).record.dumps()
    assert one == two
    assert one != other


def test_record_saves_loads_and_replays(tmp_path: Path) -> None:
    game = registry.get("beowulf")
    result = play_game(game, 2, [RandomAgent(), RandomAgent()], seed=3)
    path = tmp_path / "game.json"
    result.record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == result.record
    assert replay(loaded, game).to_json() == result.state.to_json()
    steps = list(replay_steps(loaded, game))
    assert len(steps) == len(loaded.actions) + 1


def test_bad_records_give_clear_errors(tmp_path: Path) -> None:
    game = registry.get("beowulf")
    with pytest.raises(BadRecord):
        GameRecord.loads("{}")
    with pytest.raises(BadRecord, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")
    record = play_game(game, 2, [RandomAgent(), RandomAgent()], seed=3).record
    broken = record.model_copy(update={"actions": [*record.actions[:5], "fig 9 Z9"]})
    with pytest.raises(BadRecord, match="action 6"):
        replay(broken, game)
    wrong_version = record.model_copy(update={"rules_version": "beowulf-0.0"})
    with pytest.raises(BadRecord, match="rules version"):
        replay(wrong_version, game)


def test_illegal_action_errors_serialise() -> None:
    state = registry.get("beowulf").new_initial_state(2)
    with pytest.raises(IllegalAction) as info:
        state.apply(10**6)
    payload = info.value.to_json()
    assert payload["error"] == "unknown_action"
    json.dumps(payload)
