"""Spaces by names a player finds on the board (issue 20): the log, the move list, the terminal
and the browser call a corridor space after the two labelled rooms or crossings it joins, and a
view carries what front ends draw (phase names, the printed token values)."""

from __future__ import annotations

import re

from feinde_helpers import GAME, cell, new_game, put_hero

from boardwright.games.feinde import data
from boardwright.games.feinde.data import CORRIDOR, PHASE_NAMES, load_board
from boardwright.games.feinde.text import describe_action, describe_event, place_name


def test_every_corridor_space_is_named_after_the_ends_of_its_corridor() -> None:
    b = load_board()
    corridor = re.compile(r"^([RSX]\d+)-([RSX]\d+)/(\d+)$")
    names = [b.labels[i] for i, k in enumerate(b.kind) if k == CORRIDOR]
    assert len(set(b.labels)) == len(b.labels)  # every space has its own label
    for label in names:
        if label in "abcd":
            continue
        m = corridor.match(label)
        assert m, label
        assert m[1] in b.labels and m[2] in b.labels
    # R44 and S1 are joined by a straight corridor of three spaces (the map's column 9)
    assert [b.labels[b.index_of(f"{r}.9")] for r in (25, 26)] == ["R44-S1/1", "R44-S1/2"]


def test_a_map_position_still_names_a_space() -> None:
    b = load_board()
    assert b.index_of("26.9") == b.index_of("R44-S1/2")


def test_the_log_and_the_moves_say_corridor_between_two_labelled_ends() -> None:
    st = new_game(4)
    put_hero(st, 0, "S1")
    st.token[cell(st, "S1")] = 0
    st.apply(data.RUN)
    step = data.STEP + 0  # north, into the corridor towards R44
    assert describe_action(st, step) == "Step north to corridor R44–S1"
    assert describe_action(st, step, "hu") == "Lépés észak felé: R44–S1 folyosó"
    events = st.apply(step)
    moved = next(e for e in events if e.kind == "stepped")
    assert describe_event({"kind": "stepped", **moved.data}) == (
        "Player A moves north to corridor R44–S1.")
    assert place_name("X03") == "crossing X03" and place_name("a", "hu") == "a teleport"
    assert place_name("R12") == "R12"


def test_teleport_pairs_and_revealed_crossings_are_told_in_words() -> None:
    assert describe_event({"kind": "teleports", "pairing": 1}) == (
        "The teleports are linked in pairs: a–c blue, b–d yellow.")
    assert describe_event({"kind": "crossing_revealed", "crossing": "X05", "shape": "ESW",
                           "rotation": 1}) == (
        "Crossing X05 is turned face up: open to the north, south and west.")
    assert describe_event({"kind": "teleported", "seat": 1, "to": "b"}, "hu") == (
        "B játékos átlép a teleporton ide: b mező.")


def test_the_terminal_table_names_a_corridor_space_as_the_log_does() -> None:
    from rich.console import Console

    st = new_game(3)
    put_hero(st, 0, "R44-S1/2")
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(st.view(0), "en"))
    assert "corridor R44–S1" in console.export_text()


def test_a_view_names_its_phase_and_the_printed_token_values() -> None:
    assert len(PHASE_NAMES) == data.AMOUNT + 1
    assert PHASE_NAMES[data.CHOOSE] == "choose" and PHASE_NAMES[data.OVER] == "over"
    st = new_game(4)
    view = st.view(0)
    assert view["phase_name"] == "choose"
    comp = view["components"]
    assert comp["gold"][49] == 7 and comp["hearts"][6] == 1
    assert comp["chests"][0] == [3, 3] and comp["track_length"] == 60
    assert comp["shaded"][:3] == [1, 3, 5]
    # the added fields are not state: a sampled world is still a state
    import random

    assert GAME.sample_state(view, 0, random.Random(1)).phase == st.phase
