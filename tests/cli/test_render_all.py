"""What the terminal shows, for every game, player count edge and language: no Python reprs, no
raw keys, no untranslated English in another language, and boards that fit 100 columns.

Positions come from seeded greedy-free random games (mid-game and the end), drawn for a seat and
for a spectator; with them the events' and the legal moves' words a player reads.
"""

from __future__ import annotations

import io
import random

import pytest
from readable import unreadable
from rich.console import Console
from rich.measure import Measurement

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, Game, State
from boardwright.engine.play import sample_chance

WIDTH = 100
CASES = [(g, lang) for g in registry.games() for lang in g.info.languages]
IDS = [f"{g.info.id}-{lang}" for g, lang in CASES]


def positions(game: Game, seed: int) -> list[State]:
    """A seeded random game's state at a third, two thirds and the end."""
    rng = random.Random(seed)
    state = game.new_initial_state(game.info.min_players)
    seen = [state.clone()]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return [seen[len(seen) // 3], seen[2 * len(seen) // 3], seen[-1]]


def rendered(game: Game, state: State, seat: int | None, lang: str) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(game.render(state.view(seat), lang))
    return out.getvalue()


def check(text: str, where: str, game: Game, lang: str) -> None:
    bad = unreadable(text, game.info.id, lang)
    assert bad is None, f"{where}: {bad} in\n{text}"


def narrowest(game: Game, state: State, seat: int | None, lang: str) -> int:
    """The fewest columns the view can be drawn in: prose wraps, a map or a table does not."""
    console = Console(file=io.StringIO(), width=WIDTH)
    return Measurement.get(console, console.options, game.render(state.view(seat), lang)).minimum


@pytest.mark.parametrize(("game", "lang"), CASES, ids=IDS)
def test_terminal_views_read_as_words_and_fit_100_columns(game: Game, lang: str) -> None:
    for state in positions(game, seed=5):
        for seat in (0, None):
            check(rendered(game, state, seat, lang), f"board seat {seat}", game, lang)
            assert narrowest(game, state, seat, lang) <= WIDTH, rendered(game, state, seat, lang)


@pytest.mark.parametrize(("game", "lang"), CASES, ids=IDS)
def test_events_and_moves_read_as_words(game: Game, lang: str) -> None:
    rng = random.Random(9)
    state = game.new_initial_state(game.info.min_players)
    steps = 0
    while not state.is_terminal() and steps < 400:
        if state.current_player() == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            for a in legal[:30]:
                check(game.describe_action(state, a, lang), "move", game, lang)
            action = rng.choice(legal)
        for event in state.apply(action):
            check(game.describe_event(event.for_viewer(0), lang), f"event {event.kind}",
                  game, lang)
        steps += 1
