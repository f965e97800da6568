"""Structured observations: fixed shapes, true bounds, and nothing but the seat's view.

Every registered game is covered: a game with its own `observation.py` through its observer, a
game without one through the hashed fallback (`interop/observation.py`).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from boardwright.engine import registry
from boardwright.engine.api import Game, State
from boardwright.engine.play import sample_chance
from boardwright.interop.observation import HashedObserver, observer_for

CASES = [(g.info.id, n) for g in registry.games() for n in g.info.player_counts]
#: Runebound hides nothing (its view is the whole state): no two worlds look alike to a seat
HIDES_NOTHING = {"runebound"}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def positions(game: Game, players: int, seed: int, every: int = 7) -> list[State]:
    """Copies of the state at every `every`-th decision of a seeded random game."""
    rng = random.Random(seed)
    state = game.new_initial_state(players)
    kept = []
    steps = 0
    while not state.is_terminal() and steps < 3000:
        if state.is_chance_node():
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        if steps % every == 0:
            kept.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    kept.append(state)
    return kept


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_view_fits_the_fields(game_id: str, players: int) -> None:
    game = registry.get(game_id)
    observer = observer_for(game, players, None)
    for state in positions(game, players, seed=players):
        for seat in [*range(players), None]:
            flat = observer.encode(state.view(seat), seat)
            assert flat.shape == (observer.size,) and flat.dtype == np.float32
            assert (flat >= observer.low).all() and (flat <= observer.high).all()
            parts = observer.split(flat)
            assert [p.shape for p in parts.values()] == [f.shape for f in observer.fields]


@pytest.mark.parametrize("game_id", registry.names())
def test_states_that_differ_only_in_hidden_facts_give_equal_tensors(game_id: str) -> None:
    """Worlds the seat cannot tell apart (drawn by the game's determinizer) encode alike, so no
    field reads anything but the view."""
    game = registry.get(game_id)
    players = game.info.min_players
    observer = observer_for(game, players, None)
    rng = random.Random(9)
    differed = 0
    for state in positions(game, players, seed=11, every=5)[1:-1]:
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.view(seat)
        mine = observer.encode(view, seat)
        draw = game.determinizer(view, seat)
        for _ in range(3):
            other = draw(rng)
            differed += other.to_json() != state.to_json()
            assert np.array_equal(observer.encode(other.view(seat), seat), mine)
    if game_id in HIDES_NOTHING:
        assert not differed, f"{game_id} hides nothing, yet a sampled world differed"
    else:
        assert differed, "no sampled world differed in a hidden fact: the test proved nothing"


@pytest.mark.parametrize("game_id", registry.names())
def test_the_observation_tells_seats_and_positions_apart(game_id: str) -> None:
    game = registry.get(game_id)
    players = max(2, game.info.min_players)  # two seats to tell apart
    observer = observer_for(game, players, None)
    states = positions(game, players, seed=5, every=3)
    tensors = {observer.encode(s.view(0), 0).tobytes() for s in states}
    assert len(tensors) > len(states) // 2
    middle = states[len(states) // 2]
    assert not np.array_equal(observer.encode(middle.view(0), 0),
                              observer.encode(middle.view(1), 1))


def test_a_game_without_an_observer_gets_the_hashed_view() -> None:
    game = registry.get("beowulf")

    class Plain(type(game)):  # type: ignore[misc]
        """The same rules from a module that has no `observation` beside it."""

    Plain.__module__ = "tests.interop"
    plain = Plain()
    assert plain.observer(2) is None
    fallback = observer_for(plain, 2, None, hashed_size=64)
    assert isinstance(fallback, HashedObserver) and fallback.size == 64
    assert [f.name for f in fallback.fields] == ["view"]


@pytest.mark.parametrize("game_id", registry.names())
def test_every_field_is_documented(game_id: str) -> None:
    """docs/interop.md has a table row for each field of each game's observation."""
    game = registry.get(game_id)
    observer = game.observer(game.info.min_players)
    if observer is None:
        pytest.fail(f"{game_id} declares no structured observation")
    text = DOCS.read_text(encoding="utf-8")
    section = re.search(rf"^### {game_id}\b.*?(?=^### |\Z)", text, re.M | re.S)
    assert section, f"docs/interop.md has no '### {game_id}' section"
    for field in observer.fields:
        assert f"| `{field.name}` |" in section.group(0), f"{game_id}: {field.name} undocumented"
