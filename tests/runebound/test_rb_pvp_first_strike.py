"""R7.14a first strikes in a fight between heroes (seed p.10): the attacked hero makes all its
first strikes first, then the attacker; the target hero's roll sets the target (CHOICE R7.14c);
a miss has no effect; the limits of R7.2 hold for each side."""

from __future__ import annotations

from rb_helpers import act, legal_names, meet, mkt, roll

from boardwright.engine.api import CHANCE


def test_r7_14a_the_attacked_hero_strikes_first_then_the_attacker() -> None:
    s = meet(heroes=["varikas", "bram"])  # Varikas (seat 0): a repeatable magic first strike
    a, d = s.g["players"]
    d["items"] = [[mkt(s, "dwarven_firebomb"), 0]]  # discard: a ranged first strike, damage 2
    act(s, "attack_player", 1)
    assert s.g["phase"] == "pvp_fs" and s.current_player() == 1
    assert legal_names(s) == {"fight", "fs_item"}
    act(s, "fs_item", 0)
    assert d["items"] == []  # a discard item is used up
    assert s.current_player() == CHANCE
    roll(s, 5)  # the target hero (seat 0) rolls first: 5 + its mind is the target
    assert s.g["combat"]["target"] == 5 + s.stat(a, "mind")
    roll(s, 20)
    assert a["wounds"] == 2
    # the defender has nothing left: the attacker's first strikes follow
    assert s.g["phase"] == "pvp_fs" and s.current_player() == 0
    assert legal_names(s) == {"fight", "fs_hero"}
    act(s, "fs_hero")
    assert a["exh"] == 1
    roll(s, 20)  # a high target ...
    roll(s, 2)  # ... and a miss: no effect (R7.2)
    assert d["wounds"] == 0
    act(s, "fight")
    assert s.g["phase"] == "pvp_escape" and s.current_player() == 0


def test_r7_14a_a_side_without_first_strikes_is_passed_over() -> None:
    s = meet(heroes=["bram", "ysolde"])  # neither has a first strike
    act(s, "attack_player", 1)
    assert s.g["phase"] == "pvp_escape" and s.current_player() == 0


def test_r7_14a_a_non_repeatable_ability_strikes_once_and_discard_items_are_free() -> None:
    s = meet(heroes=["bram", "oswin"])  # Oswin: one ranged first strike (not repeatable)
    d = s.g["players"][1]
    bomb = mkt(s, "dwarven_firebomb")
    d["items"] = [[bomb, 0], [bomb, 0]]  # two discard items: never limited (R7.2)
    act(s, "attack_player", 1)
    assert legal_names(s) == {"fight", "fs_hero", "fs_item"}
    act(s, "fs_hero")
    roll(s, 20)
    roll(s, 2)
    assert d["exh"] == 1 and legal_names(s) == {"fight", "fs_item"}
    for _ in range(2):
        act(s, "fs_item", 0)
        roll(s, 20)
        roll(s, 2)
    # nothing left on either side (Bram has no first strike): the rounds begin
    assert s.g["phase"] == "pvp_escape" and s.current_player() == 0


def test_r7_14a_a_first_strike_that_beats_a_hero_ends_the_fight() -> None:
    s = meet(heroes=["varikas", "bram"])
    d = s.g["players"][1]
    d["wounds"] = s.stat(d, "life") - 1
    act(s, "attack_player", 1)  # Bram has no first strike: Varikas strikes
    assert s.current_player() == 0
    act(s, "fs_hero")
    roll(s, 2)
    roll(s, 20)
    assert s.g["phase"] == "loot" and s.g["combat"]["winner"] == 0
