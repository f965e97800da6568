"""Beowulf's texts and terminal rendering in English, Hungarian and Czech."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from boardwright.engine.api import CHANCE, TERMINAL
from boardwright.engine.play import sample_chance
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf.data import PHASE_NAMES
from boardwright.games.beowulf.render import render_text, render_view
from boardwright.games.beowulf.text import (
    describe_action,
    describe_event,
    figure_name,
    phase_prompt,
    player_name,
    tile_name,
)

LANGS = ("en", "hu", "cs")
#: keys whose text needs no translation (names, symbols, punctuation)
SAME_IN_EVERY_LANGUAGE = {
    "list.separator", "score.entry", "figure.4", "figure.label", "tile.with_value",
    "tile.with_act", "render.results.seat",
}
GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (2, 3, {}), (3, 1, {"refill": "optional"}), (4, 7, {"good_counsel_any_figure": True}),
)


def _messages(lang: str) -> dict[str, str]:
    path = resources.files("boardwright.games.beowulf").joinpath("messages", f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


Step = tuple[BeowulfState, list[Any]]


def _play(players: int, seed: int, options: dict[str, Any]) -> Iterator[Step]:
    """Every decision state of a random game (before its move), then the events of each move."""
    s = GAME.new_initial_state(players, options)
    rng = random.Random(seed)
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            action = sample_chance(s.chance_outcomes(), rng)
        else:
            yield s, []
            action = rng.choice(s.legal_actions())
        yield s, s.apply(action)


def _clean(text: str, prefix: str) -> None:
    assert text and "{" not in text and "}" not in text
    assert not text.startswith(prefix), text  # a missing key comes back as the key


@pytest.mark.parametrize("lang", ["hu", "cs"])
def test_every_language_has_every_key_translated(lang: str) -> None:
    en, other = _messages("en"), _messages(lang)
    assert set(other) == set(en)
    copies = {k for k in en if en[k] == other[k]} - SAME_IN_EVERY_LANGUAGE
    assert not copies, f"{lang} keeps English texts: {sorted(copies)}"


def test_names() -> None:
    assert tile_name("+3") == "boon +3"
    assert tile_name("-2") == "peril −2"
    assert tile_name("W+1/II") == "Treasure +1 (Act II)"
    assert tile_name("T/I", "hu") == "Árulás (I. felvonás)"
    assert tile_name("H", "cs") == "Královský dračí roh"
    assert [figure_name(d) for d in (4, 3, 2, 1)] == [
        "Beowulf", "Thane", "Castle of Heorot", "Longship"]
    assert figure_name(3, "cs") == "Pobočník"
    assert (player_name(0), player_name(1, "hu"), player_name(2, "cs")) == (
        "Player A", "B játékos", "Hráč C")


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_legal_action_is_described(players: int, seed: int, options: dict[str, Any]) -> None:
    seen: set[str] = set()
    for s, events in _play(players, seed, options):
        if events:
            continue
        phase = PHASE_NAMES[s.phase]
        for action in s.legal_actions():
            for lang in LANGS:
                _clean(describe_action(s, action, lang), "action.")
            text = describe_action(s, action)
            if phase == "remove" and s.action_to_json(action)["do"] == "target":
                assert text.startswith(("Remove the Valour", "Remove the Temptation")), text
            if phase == "swap_first" and s.action_to_json(action)["do"] == "pass":
                assert text == "Keep all tiles (no effect)"
        seen.add(phase)
    assert {"turn", "select", "play"} <= seen


def test_phase_specific_passes() -> None:
    s = GAME.new_initial_state(2)
    ids = s.cfg.ids
    s.phase = PHASE_NAMES.index("refill")
    assert describe_action(s, ids.draw) == "Draw a tile"
    assert describe_action(s, ids.pass_) == "Keep your hand"
    s.phase = PHASE_NAMES.index("select")
    assert describe_action(s, ids.pass_) == "No tile can be played: end the turn"
    for lang in LANGS:
        _clean(describe_action(s, ids.pass_, lang), "action.")


def test_every_event_is_described() -> None:
    kinds: set[str] = set()
    for players, seed, options in GAMES:
        for s, events in _play(players, seed, options):
            for event in events:
                kinds.add(event.kind)
                for viewer in [None, *range(s.num_players)]:
                    for lang in LANGS:
                        _clean(describe_event(event.for_viewer(viewer), lang), "event.")
    assert {"tile_dealt", "tile_drawn", "figure_placed", "tile_placed", "figure_scored",
            "act_ended", "act_started", "game_ended"} <= kinds


#: one event of each kind `rules.py` makes, with its data fields
SAMPLE_EVENTS: tuple[dict[str, Any], ...] = (
    {"kind": "tile_dealt", "seat": 0, "act": "I", "tile": "-1/I"},
    {"kind": "tile_dealt", "seat": 0, "act": "I"},
    {"kind": "tile_drawn", "seat": 1, "act": "II"},
    {"kind": "figure_placed", "seat": 0, "diamonds": 4, "cell": "D2"},
    {"kind": "tile_placed", "seat": 0, "tile": "S/I", "cell": "B1"},
    {"kind": "treasure_cashed", "seat": 2, "tile": "W+2/II", "points": 2},
    {"kind": "mead_replaced", "seat": 1, "tile": "D-1/I", "mead": "M+1/I", "cell": "C3"},
    {"kind": "figure_moved", "seat": 0, "tile": "A/I", "from": "F3", "to": "F4"},
    {"kind": "tile_removed", "seat": 2, "tile": "V/II", "cell": "J2"},
    {"kind": "tiles_swapped", "seat": 2, "a": "G5", "b": "C5"},
    {"kind": "effect_declined", "seat": 1},
    {"kind": "no_playable_tile", "seat": 1},
    {"kind": "player_skipped", "seat": 3},
    {"kind": "refill_declined", "seat": 0},
    {"kind": "tiles_turned_down", "act": 3, "cells": ["B1", "D1"]},
    {"kind": "figure_scored", "act": 1, "seat": 1, "diamonds": 3, "horns": 1, "cell": "A1",
     "terms": [4, 1, -1, -1], "sum": 3, "points": 12},
    {"kind": "act_ended", "act": 1, "ender": 0, "saga": [50, 61, 38]},
    {"kind": "act_started", "act": 2, "start_player": 1},
    {"kind": "game_ended", "winners": [2], "saga": [73, 52, 117]},
    {"kind": "game_ended", "winners": [0, 2], "saga": [117, 52, 117]},
)


@pytest.mark.parametrize("event", SAMPLE_EVENTS, ids=lambda e: e["kind"])
def test_every_event_kind_has_a_text(event: dict[str, Any]) -> None:
    for lang in LANGS:
        _clean(describe_event(event, lang), "event.")


def test_scoring_line() -> None:
    text = describe_event(SAMPLE_EVENTS[15])
    assert text == "Scoring, Act I: Player B, Thane (3◆) on A1: (4 + 1 − 1 − 1) × (3 + 1) = +12"


def test_hidden_draw_names_no_tile() -> None:
    event = {"kind": "tile_drawn", "seat": 1, "act": "II"}
    assert describe_event(event) == "Player B drew a tile (Act II)"
    assert describe_event({**event, "tile": "+3/II"}) == "Player B drew the boon +3 (Act II)"


def _mid_game(players: int, seed: int, moves: int) -> BeowulfState:
    state = GAME.new_initial_state(players)
    for n, (s, _events) in enumerate(_play(players, seed, {})):
        state = s
        if n >= moves:
            break
    return state


def test_render_for_every_seat_and_spectator() -> None:
    s = _mid_game(3, 2, 120)
    for lang in LANGS:
        for seat in [None, *range(s.num_players)]:
            text = render_text(s.view(seat), lang)
            assert "{" not in text and "render." not in text
            if seat is not None:
                for token in s.view(seat)["hands"][seat]["tiles"]:
                    assert f"[{token}]" in text
    assert render_view(s.view(None)) is not None
    assert phase_prompt(s.view(s.to_move))


def test_render_hides_other_hands() -> None:
    s = _mid_game(3, 4, 90)
    cfg = s.cfg
    s2 = s.clone()
    s2.hands[1] = sorted(
        next(k for k in cfg.act_kinds[cfg.kinds[own].act] if k != own) for own in s.hands[1])
    assert s2.hands[1] != s.hands[1]
    for lang in LANGS:
        assert render_text(s.view(0), lang) == render_text(s2.view(0), lang)
        assert render_text(s.view(None), lang) == render_text(s2.view(None), lang)
    assert render_text(s.view(1)) != render_text(s2.view(1))


def test_render_finished_game() -> None:
    *_, (s, _events) = _play(2, 11, {})
    assert s.current_player() == TERMINAL
    text = render_text(s.view(None), "en")
    assert "The game is over" in text and "Act III (last move" in text
