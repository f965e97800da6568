"""The play driver builds views only for agents that read them and keeps records exact."""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardwright.agents import RandomAgent
from boardwright.engine import registry
from boardwright.engine.api import Game, View
from boardwright.engine.play import NO_VIEW, play_game, reads_view
from boardwright.engine.record import replay


class Watcher:
    """Uniform like `random`, but it reads its view (and notes what it was given)."""

    name = "watcher"

    def __init__(self) -> None:
        self.views: list[View] = []

    def choose(self, game: Game, seat: int, view: View, legal: Sequence[int],
               rng: random.Random) -> int:
        self.views.append(view)
        return rng.choice(list(legal))


class Blind(Watcher):
    reads_view = False


def test_only_agents_that_read_views_get_them() -> None:
    game = registry.get("beowulf")
    watcher, blind = Watcher(), Blind()
    assert reads_view(watcher) and not reads_view(blind) and not reads_view(RandomAgent())
    play_game(game, 2, [watcher, blind], seed=4)
    assert watcher.views and all(v.get("seat") == 0 for v in watcher.views)
    assert blind.views and all(v is NO_VIEW for v in blind.views)


def test_skipping_views_changes_no_game() -> None:
    """The same seeds give the same records whether or not the agents read views."""
    for game in registry.games():
        players = game.info.min_players
        seen = play_game(game, players, [Watcher() for _ in range(players)], seed=2)
        blind = play_game(game, players, [Blind() for _ in range(players)], seed=2)
        assert seen.record.actions == blind.record.actions
        assert seen.turns == blind.turns
        assert replay(blind.record, game).to_json() == blind.state.to_json()


def test_a_shared_text_cache_gives_the_same_records() -> None:
    game = registry.get("mesopotamia")
    texts: dict[int, str] = {}
    agents = [RandomAgent(), RandomAgent()]
    for seed in range(3):
        alone = play_game(game, 2, agents, seed=seed).record
        shared = play_game(game, 2, agents, seed=seed, texts=texts).record
        assert alone.dumps() == shared.dumps()
    assert texts
