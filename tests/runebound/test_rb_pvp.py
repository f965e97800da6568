"""R7.14 hero against hero: instead of an adventure, the defender's roll sets the target, roles
swap each round, only the attacker may escape, the winner takes spoils, the loser is knocked
out, nobody gains experience."""

from __future__ import annotations

from rb_helpers import act, legal_names, meet, mkt, roll

from boardwright.engine.api import CHANCE


def attack(s) -> None:
    """Seat 0 attacks seat 1 and both pass their first strikes (R7.14a)."""
    act(s, "attack_player", 1)
    while s.g["phase"] == "pvp_fs":
        act(s, "fight")


def test_r7_14_attack_another_hero_instead_of_an_adventure() -> None:
    s = meet()
    assert s.g["phase"] == "adventure" and "attack_player" in legal_names(s)
    attack(s)
    assert s.g["phase"] == "pvp_escape" and s.current_player() == 0
    act(s, "stay")
    # the defender rolls first: the total is the attacker's target
    assert s.current_player() == CHANCE
    d = s.g["players"][1]
    roll(s, 10)
    assert s.g["combat"]["target"] == 10 + s.stat(d, "mind")
    assert s.current_player() == 0 and legal_names(s) == {"attack_hero", "defend"}


def test_r7_14_roles_swap_each_round_and_only_the_attacker_escapes() -> None:
    s = meet()
    attack(s)
    act(s, "stay")
    for _ in range(3):  # three phases: high defender rolls, the attacker defends and fails
        roll(s, 2)
        act(s, "defend")
        roll(s, 2)
        s.g["players"][0]["wounds"] = 0  # keep the attacker standing
    cb = s.g["combat"]
    assert (cb["A"], cb["D"]) == (1, 0)
    # the escape phase still belongs to the player whose turn it is
    assert s.g["phase"] == "pvp_escape" and s.current_player() == 0
    act(s, "stay")
    roll(s, 2)
    assert s.current_player() == 1  # now the other hero attacks or defends


def test_r7_14_winner_takes_spoils_loser_knocked_out_no_xp() -> None:
    s = meet()
    w, lo = s.g["players"]
    lo["gold"] = 7
    lo["items"] = [[mkt(s, "studded_leather"), 0]]
    lo["wounds"] = s.stat(lo, "life") - 1
    attack(s)
    act(s, "stay")
    roll(s, 2)  # a low target
    act(s, "attack_hero")
    roll(s, 20)
    # R7.14e the loser's armour may prevent a wound first; it takes them
    assert s.g["phase"] == "pvp_react" and s.current_player() == 1
    act(s, "take")
    assert s.g["phase"] == "loot" and s.current_player() == 0
    assert {"loot_gold", "loot_item", "skip"} <= legal_names(s)
    gold = w["gold"]
    act(s, "loot_gold")
    assert w["gold"] == gold + 7 and w["counters"] == [0, 0, 0, 0] and sum(w["bonus"]) == 0
    assert lo["wounds"] == 0 and lo["items"] == [] and lo["pos"] in s.cfg.content.cities
    assert s.g["seat"] == 1  # the turn is over


def test_r7_14_attacker_escape_steps_back_and_ends_the_turn() -> None:
    s = meet()
    p = s.g["players"][0]
    p["prev"] = s.cfg.content.tamalir
    attack(s)
    act(s, "escape")
    roll(s, 2)  # R7.14b the other hero rolls first: a low target
    roll(s, 20)
    assert p["pos"] == s.cfg.content.tamalir and s.g["seat"] == 1


def test_r7_14_winner_may_take_a_reward_card_an_adventure_card_of_his_choice() -> None:
    """Seed p.10: "egy tetszése szerinti kalandkártyát" — reward cards are adventure cards, so
    the winner may take one; their "never lost" speaks of the knock-out that follows."""
    from rb_helpers import adv

    from boardwright.games.runebound.state import REWARD

    s = meet()
    w, lo = s.g["players"]
    item, ally = REWARD + adv(s, "veranya"), REWARD + adv(s, "y21")
    lo["items"] = [[item, 0]]
    lo["allies"] = [[ally, 1, 0]]
    lo["wounds"] = s.stat(lo, "life") - 1
    attack(s)
    act(s, "stay")
    roll(s, 2)
    act(s, "attack_hero")
    roll(s, 20)
    assert s.g["phase"] == "loot"
    assert {"loot_item", "loot_ally"} <= legal_names(s)
    act(s, "loot_ally")
    assert w["allies"] == [[ally, 1, 0]] and lo["allies"] == []
    assert lo["items"] == [[item, 0]]  # the knock-out takes no reward card (seed p.8)
