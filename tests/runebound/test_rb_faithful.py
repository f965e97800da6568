"""Second audit of the book [S]: the doom track's encounters (CHOICE R10.3a) and the smaller
readings (R5.4a, R5.13b, R8.1a)."""

from __future__ import annotations

import pytest
from rb_helpers import new_game

from boardwright.games.runebound import decks


def _cards(s, kind: str, colour: str) -> list[int]:
    return [i for i, a in enumerate(s.cfg.content.adventures)
            if a.kind == kind and a.colour == colour]


@pytest.mark.parametrize(("option", "goes_out"), [("out", True), ("deck", False)])
def test_r10_3a_encounters_on_the_doom_track_at_a_doom_counter(option: str,
                                                                goes_out: bool) -> None:
    s = new_game(2, doom_encounters=option)
    enc = _cards(s, "encounter", "yellow")[0]
    fights = _cards(s, "challenge", "yellow")
    decks.discard_adv(s, enc, [])
    decks.discard_adv(s, fights[0], [])
    decks.discard_adv(s, fights[1], [])  # the fourth card: a doom counter
    assert s.g["doom_counters"] == 1
    assert (enc in s.g["out"]) is goes_out
    assert (enc in s.g["decks"]["yellow"][1]) is not goes_out
