"""The rulebook's worked example (seed p.9): Varikas the Dead against the Brood of the Blood
Mother ("A Véranya ivadékai"), played through with the book's own dice."""

from __future__ import annotations

from rb_helpers import act, adv, fight, legal_names, mkt, new_game, roll

from boardwright.engine.api import CHANCE


def setup_varikas():
    s = new_game(2)
    p = s.g["players"][0]
    assert s.cfg.content.heroes[p["hero"]].name == "Varikas the Dead"
    p["exh"] = 3  # the book: the ability's exhaustion makes four
    p["items"] = [[mkt(s, "studded_leather"), 0], [mkt(s, "dwarven_firebomb"), 0]]
    p["allies"] = [[mkt(s, "initiate_of_the_flame"), 0, 0]]
    s.g["phase"] = "move_choice"
    s._legal = None
    return s


def test_r7_veranya_example_with_the_books_dice() -> None:
    s = setup_varikas()
    p = s.g["players"][0]
    fight(s, "veranya")
    # the card's first strike: a swimming test, target 14; 6 + Body 4 = 10 fails (no swimming)
    ev = roll(s, 6)
    test = next(e for e in ev if e.kind == "test")
    assert (test.data["total"], test.data["ok"]) == (10, False)
    # one wound: Varikas activates the Studded Leather to prevent it
    assert s.g["phase"] == "react"
    act(s, "prevent", 0)
    assert p["wounds"] == 0 and p["items"][0][1] == 1
    assert "before" in s.g["act"]
    # the firebomb is a discard card, so the used activation does not stop it
    assert "fs_item" in legal_names(s)
    act(s, "fs_item", 1)
    ev = roll(s, 11)  # 11 + Mind 1 = 12 < 15: a miss, the bomb is gone
    att = next(e for e in ev if e.kind == "attack")
    assert (att.data["total"], att.data["target"], att.data["ok"]) == (12, 15, False)
    assert len(p["items"]) == 1
    # the hero's ability: one exhaustion (now 4) for a magic first strike: 14 + 4 = 18 >= 14
    act(s, "fs_hero")
    assert p["exh"] == 4
    ev = roll(s, 18 - 4)
    assert s.g["combat"]["wounds"] == 1
    # at 4 exhaustion (stamina 4) the ability cannot be used again
    assert "fs_hero" not in legal_names(s)
    act(s, "fight")
    act(s, "stay")  # escape phase: fight on
    # ranged: Varikas defends; the Blood Mother's ranged damage is 0, so no roll is needed
    ev = act(s, "defend")
    assert s.current_player() == 0 and any(e.kind == "defend_free" for e in ev)
    # melee: Varikas attacks, 5 + 4 = 9 < 11: he takes the card's melee damage, 1 wound
    act(s, "attack_hero")
    roll(s, 5)
    assert p["wounds"] == 1
    # magic: he has attacked, so he defends or his ally attacks; the ally: 15 + 1 = 16 >= 14
    assert "attack_hero" not in legal_names(s)
    act(s, "attack_ally", 0)
    roll(s, 15)
    assert s.g["combat"]["wounds"] == 2  # "only two more wounds"
    # a new round (no more first strikes); Varikas wins it in melee
    assert s.g["phase"] == "escape"
    act(s, "stay")
    act(s, "defend")
    act(s, "attack_hero")
    gold = p["gold"]
    roll(s, 10)  # 10 + 4 = 14 >= 11: two wounds (our Varikas's melee damage) defeat the card
    assert s.g["combat"] is None
    assert p["gold"] == gold + 3  # reward: three gold ...
    assert [k for k, _ in p["items"]][-1] == 1000 + adv(s, "veranya")  # ... and the card kept
    assert p["counters"][1] == 1  # the yellow counter


def test_r7_3_defence_that_needs_a_roll_rolls() -> None:
    s = setup_varikas()
    fight(s, "veranya")
    roll(s, 20)
    act(s, "fight")
    act(s, "stay")
    act(s, "attack_hero")  # ranged attack
    assert s.current_player() == CHANCE
