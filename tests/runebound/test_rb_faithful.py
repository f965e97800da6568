"""Second audit of the book [S]: the doom track's encounters (CHOICE R10.3a) and the smaller
readings (R5.4a, R5.13b, R8.1a)."""

from __future__ import annotations

import pytest
from rb_helpers import act, adv, legal_names, mkt, new_game, roll

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


def _face(s, card_id: str) -> None:
    """Seat 0 faces a counter of the card's colour and draws the card (in its adventure)."""
    from rb_helpers import fight

    fight(s, card_id)


def test_r5_4a_after_a_discarded_event_the_player_may_draw_again() -> None:
    s = new_game(2)
    s.g["event"] = adv(s, "b02")  # II in play: I is discarded
    _face(s, "b01")
    assert s.g["phase"] == "redraw" and legal_names(s) == {"face", "skip"}
    act(s, "skip")
    assert s.g["phase"] != "redraw" and s.g["pending"] is None


def test_r5_4a_option_redraw_always_draws_at_once() -> None:
    s = new_game(2, redraw="always")
    s.g["event"] = adv(s, "b02")
    _face(s, "b01")
    assert s.g["pending"] == ["draw", "blue"]


def test_r9_1a_armour_prevents_the_wounds_of_a_failed_encounter_test() -> None:
    s = new_game(2)
    p = s.g["players"][0]
    p["items"] = [[mkt(s, "i06"), 0]]  # armour: prevents 2
    _face(s, "y05")  # an encounter: a failure costs 2 wounds
    roll(s, 2)
    assert s.g["phase"] == "test_react" and legal_names(s) == {"prevent", "take"}
    act(s, "prevent", 0)
    assert p["wounds"] == 0 and p["items"][0][1] == 1


def test_r9_1a_option_prevent_tests_false_takes_the_wounds() -> None:
    s = new_game(2, prevent_tests=False)
    p = s.g["players"][0]
    p["items"] = [[mkt(s, "i06"), 0]]
    _face(s, "y05")
    roll(s, 2)
    assert p["wounds"] == 2


@pytest.mark.parametrize(("option", "offered"), [("any_time", True), ("market", False)])
def test_r6_5a_the_kept_healing_card_outside_a_market(option: str, offered: bool) -> None:
    s = new_game(2, heal_when=option)
    p = s.g["players"][0]
    p["wounds"] = 2
    p["items"] = [[1000 + adv(s, "veranya"), 0]]
    assert s.g["phase"] == "move_choice"
    s._legal = None
    assert ("use_item" in legal_names(s)) is offered
    if offered:
        act(s, "use_item", 0)
        assert p["wounds"] == 0 and p["items"] == []


@pytest.mark.parametrize(("option", "bonus"), [(False, 0), (True, 3)])
def test_r7_2a_a_permanent_roll_bonus_is_not_part_of_a_first_strike(option: bool,
                                                                     bonus: int) -> None:
    s = new_game(2, fs_roll_bonus=option)
    p = s.g["players"][0]
    p["items"] = [[mkt(s, "dwarven_firebomb"), 0], [mkt(s, "i09"), 0]]  # bomb; +3 ranged
    _face(s, "g10" if s.cfg.content.adventures[adv(s, "g10")].kind == "challenge" else "g11")
    while s.g["phase"] != "fs":
        roll(s, 20)
    act(s, "fs_item", 0)
    assert s.g["combat"]["fs"][1] == s.stat(p, "mind") + bonus


@pytest.mark.parametrize(("option", "to_doom"), [("deck", False), ("doom", True)])
def test_r7_12a_the_card_pushed_out_of_a_full_undefeated_column(option: str,
                                                                to_doom: bool) -> None:
    from boardwright.games.runebound import damage

    s = new_game(2, column_full=option)
    fights = _cards(s, "challenge", "green")
    s.g["slots"] = [[fights[k], 0, k + 1] for k in range(6)]
    s.g["slot_seq"] = 6
    s.g["combat"] = {"card": fights[6], "hex": 0}
    damage.to_column(s, [])
    assert (fights[0] in s.g["doom"]) is to_doom
    assert (fights[0] in s.g["decks"]["green"][1]) is not to_doom


def test_r7_14e_a_clone_in_a_fight_between_heroes_shares_no_list() -> None:
    """Search agents play on clones: the fight's new lists are copied (R7.14e)."""
    from rb_helpers import meet

    s = meet()
    s.g["players"][1]["items"] = [[mkt(s, "i06"), 0]]
    act(s, "attack_player", 1)
    while s.g["phase"] == "pvp_fs":
        act(s, "fight")
    act(s, "stay")
    roll(s, 2)
    act(s, "attack_hero")
    roll(s, 20)
    assert s.g["phase"] == "pvp_react"
    c = s.clone()
    act(c, "prevent", 0)
    assert s.g["combat"]["pact"] == [0, 0] and s.g["combat"]["pdmg"][1] > 0
