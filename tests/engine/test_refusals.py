""""Why not?": every refused action gets the rule that refuses it (a rule number of the game's
RULES.md) and a reason in each of the game's languages; a legal action is never refused.

Random games probe random action ids at every decision, and the seat that is not to move."""

from __future__ import annotations

import dataclasses
import random
import re
from importlib import resources

import pytest

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, TERMINAL, Game, Refusal, TurnRules
from boardwright.engine.i18n import Catalogue
from boardwright.engine.play import sample_chance
from boardwright.server.rules_page import rules_page

#: every game names its own rules when it refuses a move
REASONED = registry.names()
PROBES = 12
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def rule_numbers(game: Game) -> set[str]:
    """The rule numbers a player can open: those the rules page anchors (`/rules/<game>#R3.4`),
    each a number of the game's RULES.md."""
    package = type(game).__module__.rpartition(".")[0]
    text = resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    numbers = set(re.findall(r"\bR\d+(?:\.\d+)+[a-z]?\b", text))
    anchors = set(re.findall(r'id="(R[^"]+)"', rules_page(game.info.id, "en")))
    return numbers & anchors


def check(game: Game, refusal: Refusal, rules: set[str], seen: set[str]) -> None:
    assert refusal.rule in rules, refusal
    package = type(game).__module__.rpartition(".")[0]
    for lang in game.info.languages:
        assert Catalogue(package, lang).has(f"why.{refusal.key}"), (lang, refusal)
        words = game.describe_refusal(refusal, lang)
        assert words.endswith(f"({refusal.rule})") and not PLACEHOLDER.search(words), words
    seen.add(refusal.key)


@pytest.mark.parametrize("game_id", REASONED)
def test_every_refused_probe_names_its_rule_and_reason(game_id: str) -> None:
    game = registry.get(game_id)
    rules = rule_numbers(game)
    rng = random.Random(7)
    seen: set[str] = set()
    for players in game.info.player_counts:
        for _ in range(4):
            state = game.new_initial_state(players)
            while (actor := state.current_player()) != TERMINAL:
                if actor == CHANCE:
                    check(game, game.why_not(state, 0) or Refusal("", ""), rules, seen)
                    state.apply(sample_chance(state.chance_outcomes(), rng))
                    continue
                legal = state.legal_actions()
                for action in legal:
                    assert game.why_not(state, action) is None, state.action_to_text(action)
                for action in rng.sample(range(state.num_distinct_actions), PROBES):
                    refusal = game.why_not(state, action)
                    assert (refusal is None) == (action in legal)
                    if refusal is not None:
                        check(game, refusal, rules, seen)
                if players > 1:  # a solo game has no other seat to ask
                    other = (actor + 1) % players
                    refusal = game.why_not(state, legal[0], other)
                    assert refusal is not None and refusal.key == "not_your_turn"
                    check(game, refusal, rules, seen)
                state.apply(rng.choice(legal))
        check(game, game.why_not(state, 0) or Refusal("", ""), rules, seen)
    assert len(seen) >= 10, sorted(seen)  # the probes reach many different reasons


def test_a_game_without_reasons_still_says_something_true() -> None:
    """The engine's defaults: the facts it knows, no rule number where a game names none."""
    game = registry.get("beowulf")

    class Plain(type(game)):
        info = dataclasses.replace(game.info, turn_rules=TurnRules())
        refuse = Game.refuse

    plain = Plain()
    rng = random.Random(0)
    state = game.new_initial_state(2)
    assert plain.why_not(state, 0) == Refusal("", "chance")
    assert Game.describe_refusal(game, Refusal("", "chance"), "hu").startswith("most ")
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state.chance_outcomes(), rng))
    illegal = next(a for a in range(state.num_distinct_actions) if a not in state.legal_actions())
    assert plain.why_not(state, illegal) == Refusal("", "not_legal")
    assert plain.why_not(state, illegal, seat=1 - state.current_player()) == Refusal(
        "", "not_your_turn", {"seat": state.current_player()})
    # the game itself cites its rules for the same facts (GameInfo.turn_rules)
    assert game.why_not(state, illegal, seat=1 - state.current_player()).rule == "R3.1"


def test_beowulf_names_the_rule_of_the_books_example() -> None:
    """R3.4: after drawing, a figure may not be placed (the issue's own example)."""
    game = registry.get("beowulf")
    rng = random.Random(1)
    state = game.new_initial_state(2)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state.chance_outcomes(), rng))
    figure = next(a for a in state.legal_actions() if state.action_to_text(a).startswith("fig"))
    state.apply(state.action_from_text("draw"))
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state.chance_outcomes(), rng))
    refusal = game.why_not(state, figure)
    assert refusal == Refusal("R3.4", "drawn_no_figure")
    assert game.describe_refusal(refusal, "en") == (
        "you have drawn a tile: now you must play a tile, not place a figure (R3.4)")
