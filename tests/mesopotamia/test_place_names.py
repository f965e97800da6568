"""Hexes are named in words by where they lie from the ziggurat (text.place_name): every hex of
the table gets its own name, in both languages, and no move or log line shows coordinates."""

from __future__ import annotations

import random
import re

import pytest

from boardwright.engine import registry
from boardwright.engine.api import CHANCE
from boardwright.engine.play import sample_chance
from boardwright.games.mesopotamia.data import build_config
from boardwright.games.mesopotamia.text import place_name, place_steps

GAME = registry.get("mesopotamia")
COORDS = re.compile(r"-?\d,-?\d")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_hex_of_the_table_has_its_own_name(lang: str) -> None:
    cfg = build_config(3, {})
    names = [place_name(label, lang) for label in cfg.labels]
    assert len(set(names)) == len(names)
    assert not [name for name in names if COORDS.search(name)]


def test_the_walk_from_the_ziggurat_leads_to_the_hex() -> None:
    assert place_steps("0,0") == ()
    assert place_steps("1,-1") == (("ne", 1),)
    assert place_steps("0,-2") == (("n", 2),)
    assert place_steps("1,-2") == (("n", 1), ("ne", 1))
    assert place_name("1,-1", "en", "forest") == "the forest north-east of the ziggurat"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_moves_and_log_lines_show_no_coordinates(lang: str) -> None:
    rng = random.Random(5)
    state = GAME.new_initial_state(3, {"start_with_card": True})
    for _ in range(300):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            for a in state.legal_actions():
                words = GAME.describe_action(state, a, lang)
                assert not COORDS.search(words), words
            action = rng.choice(state.legal_actions())
        for event in state.apply(action):
            text = GAME.describe_event(event.for_viewer(0), lang)
            assert not COORDS.search(text), text
