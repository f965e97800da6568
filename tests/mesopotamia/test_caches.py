"""The speed-ups keep the rules exact: `where` (a seat's occupied tiles) always agrees with the
members on the table, and the step table and legal-action cache agree with a state rebuilt from
scratch, at every step of random games with every card in play."""

from __future__ import annotations

import hashlib
import random

import pytest

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.mesopotamia import state as table
from boardwright.games.mesopotamia.forward import MesoState
from boardwright.games.mesopotamia.game import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_where_and_step_table_agree_with_a_fresh_state(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for _ in range(3):
        s = GAME.new_initial_state(players, {"start_with_card": True, "max_turns": 30})
        while (actor := s.current_player()) != TERMINAL:
            assert s.where == table.recount(s)
            if actor == CHANCE:
                action = sample_chance(s.chance_outcomes(), rng)
            else:
                legal = s.legal_actions()
                fresh = MesoState.from_json(s.to_json())  # no caches at all
                assert fresh.legal_actions() == legal
                checked += 1
                # prefer cards, so that Teleport and Wrath move members around often
                cards = [a for a in legal if s.action_to_json(a)["do"] in ("teleport", "wrath")]
                action = rng.choice(cards if cards and rng.random() < 0.5 else legal)
            s.apply(action)
    assert checked > 300


def test_a_clone_keeps_its_own_where() -> None:
    s = GAME.new_initial_state(2)
    twin = s.clone()
    s.apply(s.action_from_text("move 1,-1 sw empty"))  # seat 0: plains A to the ziggurat
    assert s.where != twin.where and twin.where == table.recount(twin)


#: the options that play as rules version mesopotamia-1.1 did (`GameInfo.earlier_rules`)
RULES_1_1 = dict(dict(GAME.info.earlier_rules)["mesopotamia-1.1"])


@pytest.mark.parametrize(("options", "expected"), [
    # the engine's readings before R3.2 and R5.5 followed the seed
    ({"card_timing": "before_action", "action_required": False, **RULES_1_1},
     "9ca7330bd12f9b2f"),
    # rules 1.1: cards after the action too, an action whenever one can be chosen
    (RULES_1_1, "d4afbd394651b9c4"),
    # rules 1.2: cards in the mana phase (R3.2.1), Scouts keep a volcano (R7.2), Teleport onto
    # a volcano (R7.6)
    ({}, "dc4dde680a4286f8"),
])
def test_seeded_random_games_are_the_same_as_before_the_speed_ups(options: dict[str, object],
                                                                  expected: str) -> None:
    """Three seeded random games (2, 3, 4 players, 24 turns), every action and the result,
    hashed. The first value was computed with the engine before `where` and the step table
    existed (commit 5aae5db) and again after; it changes only when a rule changes what is legal.
    `card_timing=before_action` with `action_required=false` reproduces it byte for byte: the
    options are the old readings."""
    digest = hashlib.sha256()
    for players in (2, 3, 4):
        rng = random.Random(players)
        s = GAME.new_initial_state(players, {"max_turns": 24, **options})
        while (actor := s.current_player()) != TERMINAL:
            action = (sample_chance(s.chance_outcomes(), rng) if actor == CHANCE
                      else rng.choice(s.legal_actions()))
            digest.update(f"{action},".encode())
            s.apply(action)
        digest.update(repr(s.returns()).encode())
    assert digest.hexdigest()[:16] == expected
