"""Behaviour unchanged: 50 seeded random games per game and player count, every record and final
state hashed, against hashes committed in `behaviour_hashes.json`.

A refactor (moving rules between modules, a faster legal-move generator, a new cache) must leave
every hash as it was. A rules change alters them on purpose: then bump the game's RULES_VERSION,
regenerate with `BOARDWRIGHT_UPDATE_HASHES=1 pytest tests/engine/test_behaviour_hashes.py` and
say in the commit which rule changed. The options are explicit (each cap set, so that a change of
the bots' default caps does not count as a change of behaviour) and long enough that most games
reach their middle game.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from boardwright.agents import AGENTS
from boardwright.engine import registry
from boardwright.engine.play import play_game

GAMES = 50
HASHES = Path(__file__).with_name("behaviour_hashes.json")
#: every option that bounds a game, set explicitly (random players seldom reach a printed end)
OPTIONS: dict[str, dict[str, Any]] = {
    "beowulf": {},
    "mesopotamia": {"max_turns": 120},
    "feinde": {"max_rounds": 60, "stall_rounds": 0},
    "runebound": {"max_rounds": 40},
}
#: every player count, a variant's too (Feinde's two players)
CASES = [(g, n) for g in registry.names()
         for n in sorted({*registry.get(g).info.player_counts,
                          *(count for count, _ in registry.get(g).info.variant_players)})]


def behaviour_hash(game_id: str, players: int) -> str:
    """sha256 over the canonical record (without the engine's version) and final state of each
    of `GAMES` seeded games with random players."""
    game = registry.get(game_id)
    options = {**OPTIONS.get(game_id, {}), **game.info.options_for_players(players)}
    digest = hashlib.sha256()
    for seed in range(GAMES):
        agents = [AGENTS["random"]() for _ in range(players)]
        result = play_game(game, players, agents, seed=seed, options=options)
        record = result.record.model_dump(mode="json", exclude={"engine_version"})
        digest.update(json.dumps(record, sort_keys=True).encode())
        digest.update(json.dumps(result.state.to_json(), sort_keys=True).encode())
    return digest.hexdigest()[:20]


def test_every_registered_game_and_player_count_has_a_hash() -> None:
    pinned = json.loads(HASHES.read_text())
    assert sorted(pinned) == sorted(f"{g}/{n}" for g, n in CASES)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_seeded_random_games_play_as_they_did(game_id: str, players: int) -> None:
    key = f"{game_id}/{players}"
    found = behaviour_hash(game_id, players)
    if os.environ.get("BOARDWRIGHT_UPDATE_HASHES"):
        pinned = json.loads(HASHES.read_text()) if HASHES.exists() else {}
        pinned[key] = found
        HASHES.write_text(json.dumps(dict(sorted(pinned.items())), indent=1) + "\n")
    pinned = json.loads(HASHES.read_text())
    assert found == pinned.get(key), (
        f"{key}: seeded random games play differently ({found}); if a rule changed on purpose, "
        "bump RULES_VERSION and regenerate (see this module's docstring)")
