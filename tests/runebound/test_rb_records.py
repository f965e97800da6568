"""Records of earlier rules versions replay (`GameInfo.earlier_rules`): 4-player games of
random players (`max_rounds` 40) recorded under `runebound-2e-0.3` (seed 7, five attacks on
heroes) and `runebound-2e-0.4` (seed 0, two attacks), each played by the code of its version,
replay under the options that restore them and end in the very table that code reached."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from boardwright.engine.errors import BadRecord
from boardwright.engine.record import GameRecord, replay
from boardwright.games.runebound.game import GAME, RULES_VERSION

RECORDS = Path(__file__).with_name("records")
#: record file, and the sha256 (first 20 hex digits) of the final table (`to_json()["g"]`)
#: the code of its version replayed it to
OLD = [("runebound-2e-0.3-4p-seed7.json", "df95a45e4b73237e7f40"),
       ("runebound-2e-0.4-4p-seed0.json", "d785438dea46de45bfcc")]


def _table(state) -> str:
    return hashlib.sha256(json.dumps(state.to_json()["g"], sort_keys=True).encode()
                          ).hexdigest()[:20]


@pytest.mark.parametrize(("name", "table"), OLD)
def test_earlier_rules_an_old_record_replays_to_the_same_table(name: str, table: str) -> None:
    record = GameRecord.loads((RECORDS / name).read_text())
    assert record.rules_version != RULES_VERSION
    state = replay(record, GAME)
    assert _table(state) == table
    assert state.winners() == record.winners


@pytest.mark.parametrize(("name", "table"), OLD)
def test_earlier_rules_an_old_record_needs_its_options(name: str, table: str) -> None:
    """Under today's rules the same actions do not lead to that table (fights between heroes
    and discarded cards ask other questions now): the options of `earlier_rules` restore it."""
    record = GameRecord.loads((RECORDS / name).read_text())
    record = record.model_copy(update={"rules_version": RULES_VERSION})
    try:
        same = _table(replay(record, GAME)) == table
    except BadRecord:
        same = False
    assert not same
