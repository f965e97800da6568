"""Every registered game, every player count: seeded random games pass the engine's conformance
checks (boardwright/engine/conformance.py), split into chunks so pytest-xdist spreads them over
the cores.

Games per (game, player count): `BOARDWRIGHT_CONFORMANCE_GAMES_<GAME>` if set, else
`BOARDWRIGHT_CONFORMANCE_GAMES` if set, else the game's entry in `DEFAULT_GAMES` (300 for a game
not listed). Long games play fewer, so that every game costs CI about the same time."""

from __future__ import annotations

import os

import pytest

from boardwright.engine import registry
from boardwright.engine.conformance import ConformanceReport, check_playouts

#: a checked Runebound game costs about six Beowulf games (3 s against 0.5 s at 6 players), a
#: Feinde or Mesopotamia game more (sampled views ~3 ms; Mesopotamia ~375 steps of ~6 ms); a
#: random Feinde game runs to its bots' caps (150 rounds, 15 without progress: about eight times
#: the steps of the old caps 60 and 3), so ten of them check more steps than thirty did
DEFAULT_GAMES = {"runebound": 30, "feinde": 10, "mesopotamia": 30}
#: games per test: about a minute of work for the long games, so the cores finish together
CHUNK = 50
LONG_GAME_CHUNK = 10
#: options of the checked games, for games whose random players seldom reach the printed end and
#: so play to the bots' caps: Runebound's 180 rounds (R11.4), where the first 12 reach fights,
#: markets and experience; Mesopotamia's 400 turns (R9.1, about 3,500 actions a game at 360),
#: where 40 turns reach every phase and card at a tenth of the cost
CONFORMANCE_OPTIONS: dict[str, dict[str, object]] = {"runebound": {"max_rounds": 12},
                                                      "mesopotamia": {"max_turns": 40}}


def chunk_of(game_id: str) -> int:
    return LONG_GAME_CHUNK if game_id in DEFAULT_GAMES else CHUNK


def games_per_pair(game_id: str) -> int:
    specific = os.environ.get(f"BOARDWRIGHT_CONFORMANCE_GAMES_{game_id.upper()}")
    if specific:
        return int(specific)
    common = os.environ.get("BOARDWRIGHT_CONFORMANCE_GAMES")
    return int(common) if common else DEFAULT_GAMES.get(game_id, 300)


PAIRS = [
    (game.info.id, players, start)
    for game in registry.games()
    for players in [*game.info.player_counts, *(n for n, _ in game.info.variant_players)]
    for start in range(0, games_per_pair(game.info.id), chunk_of(game.info.id))
]


@pytest.mark.parametrize(("game_id", "players", "start"), PAIRS)
def test_conformance_random_games(game_id: str, players: int, start: int) -> None:
    game = registry.get(game_id)
    seeds = range(start, min(start + chunk_of(game_id), games_per_pair(game_id)))
    options = {**CONFORMANCE_OPTIONS.get(game_id, {}), **game.info.options_for_players(players)}
    report = check_playouts(game, players, seeds, options)
    assert report.games == len(seeds)
    assert report.max_length <= game.info.max_actions
    assert report.illegal_probes > 0


def test_conformance_samples_really_vary_hidden_facts() -> None:
    """The view-equality check is not vacuous: sampled states differ from the true one."""
    game = registry.get("beowulf")
    report: ConformanceReport = check_playouts(game, 3, range(2))
    assert report.samples > 0
    assert report.samples_differing > report.samples // 2


def test_every_registered_game_is_conformance_tested() -> None:
    assert "beowulf" in registry.names()
    tested = {g for g, _, _ in PAIRS}
    assert tested == set(registry.names())
