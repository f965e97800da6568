"""Games recorded under a game's earlier rules versions (`records/<game>-<version>.json`, each made
by the code of that version) still replay, under the options `GameInfo.earlier_rules` gives that
version, to the recorded result."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardwright.engine import registry
from boardwright.engine.errors import BadRecord
from boardwright.engine.record import GameRecord, replay

RECORDS = sorted(Path(__file__).with_name("records").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_record_of_an_earlier_rules_version_replays_to_its_result(path: Path) -> None:
    record = GameRecord.loads(path.read_text())
    game = registry.get(record.game)
    assert path.stem == f"{record.game}-{record.rules_version.rpartition('-')[2]}"
    assert record.rules_version != game.info.rules_version
    assert record.rules_version in dict(game.info.earlier_rules)
    state = replay(record, game)
    assert state.is_terminal()
    assert (state.returns(), state.winners()) == (record.returns, record.winners)


@pytest.mark.parametrize("game_id", ["feinde", "mesopotamia"])
def test_such_a_record_needs_its_options(game_id: str) -> None:
    """Read as the current version, without the options of its own, the record cannot be
    replayed (a move it made is no longer legal): the earlier options matter."""
    path = next(p for p in RECORDS if p.stem.startswith(game_id + "-"))
    record = GameRecord.loads(path.read_text())
    game = registry.get(game_id)
    current = record.model_copy(update={"rules_version": game.info.rules_version})
    with pytest.raises(BadRecord):
        replay(current, game)


def test_every_game_whose_rules_changed_here_has_an_earlier_record() -> None:
    games = {GameRecord.loads(p.read_text()).game for p in RECORDS}
    assert {"beowulf", "feinde", "mesopotamia"} <= games
