"""R6.2 and R6.5 old readings as options: with `crossing_blocks_sight` on (and
`group4_all_at_once` at its default), seeded random games play exactly as they did under rules
version feinde-1.1, whose behaviour hash `tests/engine/behaviour_hashes.json` pinned before the
seed's line of sight became the default."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from boardwright.agents import AGENTS
from boardwright.engine import registry
from boardwright.engine.play import play_game
from boardwright.games.feinde.data import RULES_1_2

#: tests/engine/behaviour_hashes.json "feinde/3" under rules version feinde-1.1
FEINDE_1_1_HASH_3P = "3d6c36b0988e0b616cc3"
#: the options added since 1.1: the readings of 1.2 and 1.3, and 1.3's CHOICEs at their defaults
NEW_OPTIONS = ("crossing_blocks_sight", "group4_all_at_once", *RULES_1_2,
               "apprentice_needs_move", "pinned_invisible_run", "escape_any_monster")


def _legacy_hash(players: int, options: dict[str, Any]) -> str:
    """tests/engine/test_behaviour_hashes.behaviour_hash, with the options added since 1.1 left
    out of the record and the state, and the record's rules version as it was."""
    game = registry.get("feinde")
    digest = hashlib.sha256()
    for seed in range(50):
        agents = [AGENTS["random"]() for _ in range(players)]
        result = play_game(game, players, agents, seed=seed, options=options)
        record = result.record.model_dump(mode="json", exclude={"engine_version"})
        record["rules_version"] = "feinde-1.1"
        for name in NEW_OPTIONS:
            record["options"].pop(name, None)
        state = result.state.to_json()
        for name in NEW_OPTIONS:
            del state["options"][name]
        digest.update(json.dumps(record, sort_keys=True).encode())
        digest.update(json.dumps(state, sort_keys=True).encode())
    return digest.hexdigest()[:20]


def test_r6_2_option_crossing_blocks_sight_replays_the_feinde_1_1_games() -> None:
    options = {"max_rounds": 60, "stall_rounds": 0, "crossing_blocks_sight": True, **RULES_1_2}
    assert _legacy_hash(3, options) == FEINDE_1_1_HASH_3P


def test_r6_2_a_state_saved_before_rules_1_2_keeps_its_sight() -> None:
    game = registry.get("feinde")
    st = game.new_initial_state(3, {})
    data = st.to_json()
    assert data["options"]["crossing_blocks_sight"] is False
    assert not game.state_from_json(data).cfg.options.crossing_blocks_sight
    del data["options"]["crossing_blocks_sight"]
    assert game.state_from_json(data).cfg.options.crossing_blocks_sight
