"""Records of earlier rules versions replay (`GameInfo.earlier_rules`): a 4-player game of
random players recorded under `runebound-2e-0.3` (seed 7, `max_rounds` 40, five attacks on
heroes), played by the code of that version, replays under the options that restore it and
ends in the very table that code reached."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from boardwright.engine.errors import BadRecord
from boardwright.engine.record import GameRecord, replay
from boardwright.games.runebound.game import GAME, RULES_VERSION

RECORDS = Path(__file__).with_name("records")
#: sha256 (first 20 hex digits) of the final table (`to_json()["g"]`) replayed by 0.3's code
OLD_TABLE = "df95a45e4b73237e7f40"


def _old() -> GameRecord:
    return GameRecord.loads((RECORDS / "runebound-2e-0.3-4p-seed7.json").read_text())


def test_earlier_rules_a_0_3_record_replays_to_the_same_table() -> None:
    record = _old()
    assert record.rules_version == "runebound-2e-0.3" != RULES_VERSION
    state = replay(record, GAME)
    table = json.dumps(state.to_json()["g"], sort_keys=True).encode()
    assert hashlib.sha256(table).hexdigest()[:20] == OLD_TABLE
    assert state.winners() == record.winners


def test_earlier_rules_the_0_3_record_needs_its_options() -> None:
    """Under today's rules the same actions do not lead to that table (fights between heroes
    ask other questions now): the options of `earlier_rules` are what restore it."""
    record = _old().model_copy(update={"rules_version": RULES_VERSION})
    try:
        table = json.dumps(replay(record, GAME).to_json()["g"], sort_keys=True).encode()
        same = hashlib.sha256(table).hexdigest()[:20] == OLD_TABLE
    except BadRecord:
        same = False
    assert not same
