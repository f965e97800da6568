"""What the terminal shows, for every game, player count edge and language: no Python reprs, no
raw keys, no untranslated English in another language, and boards that fit 100 columns.

Positions come from seeded greedy-free random games (mid-game and the end), drawn for a seat and
for a spectator; with them the events' and the legal moves' words a player reads.
"""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache
from importlib import resources

import pytest
from rich.console import Console
from rich.measure import Measurement

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, Game, State
from boardwright.engine.play import sample_chance

FORBIDDEN = re.compile(r"web\.|\.separator|phase\.|\bnull\b|undefined|\[object|\bTrue\b|"
                       r"\bFalse\b|\{'|\bNone\b|\b[a-z_]+=\S|\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_.]+\b")
WIDTH = 100
CASES = [(g, lang) for g in registry.games() for lang in g.info.languages]
IDS = [f"{g.info.id}-{lang}" for g, lang in CASES]


@cache
def english_only(game_id: str, lang: str) -> re.Pattern[str]:
    """English catalogue texts (no fields; single words of 4 letters or more) that the language
    translates otherwise: finding one in that language's text means a missed translation."""
    game = registry.get(game_id)
    package = type(game).__module__.rpartition(".")[0]
    out = set()
    for pkg in (package, "boardwright.engine"):
        folder = resources.files(pkg).joinpath("messages")
        en = json.loads(folder.joinpath("en.json").read_text(encoding="utf-8"))
        own = json.loads(folder.joinpath(f"{lang}.json").read_text(encoding="utf-8"))
        translated = {t.lower() for t in own.values()}
        for key, text in en.items():
            if ("{" in text or text in own.get(key, text) or text.lower() in translated
                    or key.startswith(("option.", "rules.")) or len(text) < 4):
                continue
            out.add(re.escape(text))
    return re.compile(r"\b(" + "|".join(sorted(out, key=len, reverse=True)) + r")\b")


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
    bad = FORBIDDEN.search(text)
    assert bad is None, f"{where}: {bad.group(0)!r} in\n{text}"
    if lang != "en":
        missed = english_only(game.info.id, lang).search(text)
        assert missed is None, f"{where}: untranslated {missed.group(0)!r} in\n{text}"


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
