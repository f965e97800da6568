"""R9.9 a card aimed at another player's offering carrier: the player points at a figure on a
tile; the offerings lie face down, so with several carriers there the one pointed at is any of
them with equal chance (a chance event whose outcome only the carriers' owner learns)."""

from __future__ import annotations

import random

from meso_helpers import at, cell, new, play, put

from boardwright.engine.api import CHANCE
from boardwright.games.mesopotamia import data
from boardwright.games.mesopotamia.forward import MesoState
from boardwright.games.mesopotamia.game import GAME
from boardwright.games.mesopotamia.text import phase_name

FOREST = (-1, 0)
#: Teleport's and Wrath's thing numbers for seat 1's (hidden) offering carriers
TP_CARRIER_1 = 2 + 14 * 1 + 3
WR_CARRIER_1 = 7 * 1 + 3


def _two_carriers(card: int, players: int = 4, **options: object) -> MesoState:
    """Seat 0 holds `card`; seat 1 has the 2 and the 7 carried on the forest."""
    s = new(players, **options)
    s.deck[card] -= 1
    s.hands[0][card] += 1
    s.off_supply[1][0] = s.off_supply[1][3] = 0
    put(s, 1, FOREST, "offering2")
    put(s, 1, FOREST, "offering7")
    return s


def test_r9_9_teleport_at_one_of_two_hidden_carriers_is_an_even_draw() -> None:
    s = _two_carriers(5)
    play(s, f"teleport -1,0 {TP_CARRIER_1}")
    assert s.current_player() == CHANCE and s.phase == data.PICK_CARRIER
    assert sorted((s.action_to_text(a), p) for a, p in s.chance_outcomes()) == [
        ("carrier 2", 0.5), ("carrier 7", 0.5)]
    two, seven = s.clone(), s.clone()
    events = play(two, "carrier 2")
    play(seven, "carrier 7")
    assert events[0].kind == "carrier_picked" and "value" not in events[0].for_viewer(0)
    assert events[0].for_viewer(1)["value"] == 2  # only the owner learns which one went
    for seat in (0, 2, 3, None):  # the card's player included
        assert two.view(seat) == seven.view(seat)
    assert two.view(1) != seven.view(1)
    play(two, "to 1,0")
    play(seven, "to 1,0")
    assert at(two, 1, (1, 0), "offering2") == 1 and at(two, 1, FOREST, "offering7") == 1
    assert at(seven, 1, (1, 0), "offering7") == 1 and at(seven, 1, FOREST, "offering2") == 1


def test_r9_9_marduks_wrath_draws_the_carrier_the_same_way() -> None:
    s = _two_carriers(6)
    play(s, f"wrath -1,0 {WR_CARRIER_1}")
    assert s.phase == data.PICK_CARRIER
    play(s, "carrier 7", "to 1,0")
    assert at(s, 1, (1, 0), "offering7") == 1 and at(s, 1, FOREST, "offering2") == 1


def test_r9_9_a_single_hidden_carrier_moves_without_a_draw() -> None:
    s = new(4)
    s.deck[5] -= 1
    s.hands[0][5] += 1
    s.off_supply[1][2] = 0
    put(s, 1, FOREST, "offering6")
    play(s, f"teleport -1,0 {TP_CARRIER_1}")
    assert s.phase == data.TP_DST
    assert s.view(0)["raw_pending"] == [cell(s, *FOREST), TP_CARRIER_1]  # still "an offering"
    play(s, "to 1,0")
    assert at(s, 1, (1, 0), "offering6") == 1


def test_r9_9_option_off_moves_the_lowest_offering() -> None:
    s = _two_carriers(5, carrier_pick_random=False)
    play(s, f"teleport -1,0 {TP_CARRIER_1}")
    assert s.phase == data.TP_DST
    play(s, "to 1,0")
    assert at(s, 1, (1, 0), "offering2") == 1 and at(s, 1, FOREST, "offering7") == 1


def test_r9_9_own_carriers_are_chosen_by_value() -> None:
    s = new(4)
    s.deck[5] -= 1
    s.hands[0][5] += 1
    s.off_supply[0][0] = s.off_supply[0][3] = 0
    put(s, 0, FOREST, "offering2")
    put(s, 0, FOREST, "offering7")
    play(s, f"teleport -1,0 {2 + 6}", "to 1,0")  # seat 0's own 7: no draw
    assert at(s, 0, (1, 0), "offering7") == 1


def test_r9_9_worlds_sampled_while_the_card_waits_match_the_view() -> None:
    s = _two_carriers(5)
    play(s, f"teleport -1,0 {TP_CARRIER_1}", "carrier 7")
    for seat in range(4):
        view = s.view(seat)
        for i in range(5):
            world = GAME.sample_state(view, seat, random.Random(i))
            assert world.view(seat) == view
            world.apply(world.action_from_text("to 1,0"))  # the sampled carrier can move
            assert sum(at(world, 1, (1, 0), f"offering{v}") for v in (2, 4, 6, 7)) == 1


def test_r9_9_the_draw_reads_in_words_in_both_languages() -> None:
    s = _two_carriers(5)
    play(s, f"teleport -1,0 {TP_CARRIER_1}")
    for lang in ("en", "hu"):
        assert phase_name(s.view(0)["phase"], lang) != "phase.pick_carrier"
        outcome = s.chance_outcomes()[0][0]
        words = GAME.describe_action(s, outcome, lang)
        assert "{" not in words and not words.startswith("action.")
        event = s.clone().apply(outcome)[0]
        for seat in (None, 0, 1):
            text = GAME.describe_event(event.for_viewer(seat), lang)
            assert "{" not in text and not text.startswith("event."), text
