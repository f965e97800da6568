"""Records made under an earlier rules version replay under the options that played it then
(`GameInfo.earlier_rules`); a version the code no longer plays is refused with its code."""

from __future__ import annotations

import dataclasses

import pytest

from boardwright.agents import AGENTS
from boardwright.engine import registry
from boardwright.engine.errors import BadRecord
from boardwright.engine.play import play_game
from boardwright.engine.record import GameRecord, replay


def _record() -> GameRecord:
    game = registry.get("beowulf")
    agents = [AGENTS["random"]() for _ in range(2)]
    return play_game(game, 2, agents, seed=3, options={"refill": "optional"}).record


def test_a_listed_earlier_version_replays_under_its_options(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("beowulf")
    record = _record()
    expected = replay(record, game).to_json()
    old = record.model_copy(update={"rules_version": "beowulf-0.9", "options": {}})
    info = dataclasses.replace(game.info,
                               earlier_rules=(("beowulf-0.9", {"refill": "optional"}),))
    monkeypatch.setattr(type(game), "info", info)
    assert info.options_for_rules("beowulf-0.9", {"x": 1}) == {"refill": "optional", "x": 1}
    assert replay(old, game).to_json() == expected


def test_an_unknown_version_is_refused_with_its_code() -> None:
    game = registry.get("beowulf")
    old = _record().model_copy(update={"rules_version": "beowulf-0.1"})
    assert game.info.options_for_rules("beowulf-0.1") is None
    with pytest.raises(BadRecord) as refused:
        replay(old, game)
    assert refused.value.code == "rules_version_mismatch"
