"""R7.14 hero against hero, second pass of the book [S p.10]: cards in the rounds (R7.14e),
the escape's target rolled by the other hero (R7.14b), a dragon rune among the spoils, the
winner's discard to make room (R7.14g), and the engine's item bound (R6.4b)."""

from __future__ import annotations

from rb_helpers import act, adv, fight, legal_names, meet, mkt, roll

from boardwright.engine.api import CHANCE
from boardwright.games.runebound.data import MAX_ITEMS
from boardwright.games.runebound.game import GAME


def attack(s) -> None:
    """Seat 0 attacks seat 1 and both pass their first strikes (R7.14a)."""
    act(s, "attack_player", 1)
    while s.g["phase"] == "pvp_fs":
        act(s, "fight")


def to_melee(s) -> None:
    """Stay, then a ranged phase in which the attacker defends successfully."""
    act(s, "stay")
    roll(s, 2)
    act(s, "defend")
    if s.current_player() == CHANCE:
        roll(s, 20)
    while s.g["phase"] == "pvp_react":
        act(s, "take")


def test_r7_14e_armour_prevents_a_wound_in_a_fight_between_heroes() -> None:
    s = meet()
    d = s.g["players"][1]
    d["items"] = [[mkt(s, "i06"), 0]]  # armour: prevents 2
    attack(s)
    act(s, "stay")
    roll(s, 2)
    act(s, "attack_hero")
    roll(s, 20)
    assert s.g["phase"] == "pvp_react" and s.current_player() == 1
    assert legal_names(s) == {"prevent", "take"}
    before = d["wounds"]
    act(s, "prevent", 0)
    assert d["wounds"] == before and d["items"][0][1] == 1  # activated, no wound taken


def test_r7_14e_one_activation_a_combat_round_each() -> None:
    s = meet()
    d = s.g["players"][1]
    d["items"] = [[mkt(s, "i06"), 0], [mkt(s, "i25"), 0]]  # armour; a melee weapon
    attack(s)
    act(s, "stay")
    roll(s, 2)
    act(s, "attack_hero")
    roll(s, 20)
    act(s, "prevent", 0)
    # melee: the defender's weapon would need a second activation this round
    roll(s, 2)
    assert s.g["phase"] == "pvp_round" and s.current_player() == 0


def test_r7_14e_the_attackers_weapon_adds_its_damage() -> None:
    s = meet()
    a, d = s.g["players"]
    a["items"] = [[mkt(s, "i25"), 0]]  # +2 melee damage, activated
    attack(s)
    to_melee(s)
    roll(s, 2)  # the defender's melee target
    assert "use_item" in legal_names(s)
    act(s, "use_item", 0)
    act(s, "attack_hero")
    before = d["wounds"]
    roll(s, 20)
    assert d["wounds"] - before == s.cfg.content.heroes[a["hero"]].body[1] + 2


def test_r7_14e_the_defender_may_use_a_card_after_its_roll() -> None:
    s = meet()
    a, d = s.g["players"]
    d["items"] = [[mkt(s, "i25"), 0]]
    attack(s)
    to_melee(s)
    roll(s, 20)  # the defender's melee target, then its card
    assert s.g["phase"] == "pvp_mod" and s.current_player() == 1
    assert legal_names(s) == {"skip", "use_item"}
    act(s, "use_item", 0)
    assert s.g["phase"] == "pvp_round" and s.current_player() == 0
    act(s, "defend")
    before = a["wounds"]
    roll(s, 2)
    while s.g["phase"] == "pvp_react":
        act(s, "take")
    assert a["wounds"] - before == s.cfg.content.heroes[d["hero"]].body[1] + 2


def test_r7_14e_option_pvp_cards_false_offers_none() -> None:
    s = meet(pvp_cards=False)
    s.g["players"][1]["items"] = [[mkt(s, "i06"), 0]]
    attack(s)
    act(s, "stay")
    roll(s, 2)
    act(s, "attack_hero")
    roll(s, 20)
    assert s.g["phase"] != "pvp_react"


def test_r7_14b_escape_from_a_hero_the_other_hero_rolls_first() -> None:
    s = meet()
    other = s.g["players"][1]
    attack(s)
    act(s, "escape")
    roll(s, 15)  # the other hero's roll
    assert s.g["combat"]["target"] == 15 + s.stat(other, "mind")
    assert s.current_player() == CHANCE and s.g["pending"] == ["roll", "pvp_escape"]


def test_r7_14b_option_pvp_escape_mind_targets_the_bare_mind() -> None:
    s = meet(pvp_escape="mind")
    p = s.g["players"][0]
    p["prev"] = s.cfg.content.tamalir
    attack(s)
    act(s, "escape")
    roll(s, 20)  # no roll of the other hero: straight to the escape roll
    assert p["pos"] == s.cfg.content.tamalir


def win_fight(s) -> None:
    """Seat 0 beats seat 1 (one wound short of its life) in the first ranged phase."""
    lo = s.g["players"][1]
    lo["wounds"] = s.stat(lo, "life") - 1
    attack(s)
    act(s, "stay")
    roll(s, 2)
    act(s, "attack_hero")
    roll(s, 20)
    while s.g["phase"] == "pvp_react":
        act(s, "take")
    assert s.g["phase"] == "loot"


def test_r7_14_the_winner_may_take_a_dragon_rune() -> None:
    s = meet()
    w, lo = s.g["players"]
    lo["runes"], lo["trophies"] = 1, [adv(s, "r03")]
    win_fight(s)
    assert "loot_rune" in legal_names(s)
    act(s, "loot_rune")
    assert (w["runes"], w["trophies"], lo["runes"], lo["trophies"]) == (1, [adv(s, "r03")], 0, [])


def test_r11_1_a_third_rune_taken_from_a_hero_wins() -> None:
    s = meet()
    w, lo = s.g["players"]
    w["runes"], w["trophies"] = 2, [adv(s, "r04"), adv(s, "r05")]
    lo["runes"], lo["trophies"] = 1, [adv(s, "r03")]
    win_fight(s)
    act(s, "loot_rune")
    assert s.is_terminal() and s.winners() == [0] and s.g["end_reason"] == "runes"


def test_r7_14_option_loot_runes_false_offers_no_rune() -> None:
    s = meet(loot_runes=False)
    s.g["players"][1]["runes"] = 1
    s.g["players"][1]["trophies"] = [adv(s, "r03")]
    win_fight(s)
    assert "loot_rune" not in legal_names(s)


def test_r7_14g_at_the_limit_the_winner_may_discard_first() -> None:
    s = meet()
    w, lo = s.g["players"]
    w["items"] = [[mkt(s, "studded_leather"), 0]]
    lo["items"] = [[mkt(s, "i06"), 0]]  # armour: the winner holds one already
    win_fight(s)
    assert "loot_item" not in legal_names(s) and "discard_item" in legal_names(s)
    act(s, "discard_item", 0)
    assert w["items"] == [] and s.g["phase"] == "loot"
    act(s, "loot_item", 0)
    assert w["items"] == [[mkt(s, "i06"), 0]]


def test_r7_14g_option_loot_full_none_offers_no_discard() -> None:
    s = meet(loot_full="none")
    w, lo = s.g["players"]
    w["items"] = [[mkt(s, "studded_leather"), 0]]
    lo["items"] = [[mkt(s, "i06"), 0]]
    win_fight(s)
    assert "discard_item" not in legal_names(s)


def _ten_items(s) -> list[list[int]]:
    """Ten items: one weapon and nine magic items (2 weapons, 1 armour allowed, R6.4)."""
    magic = [i for i, m in enumerate(s.cfg.content.market)
             if m.kind == "item" and m.item_kind == "magic item"]
    return [[mkt(s, "i25"), 0]] + [[k, 0] for k in magic[:MAX_ITEMS - 1]]


def test_r6_4b_a_kept_card_at_the_item_bound_asks_for_room_instead_of_crashing() -> None:
    from rb_helpers import new_game

    s = new_game()
    p = s.g["players"][0]
    p["items"] = _ten_items(s)
    fight(s, "veranya")  # its reward is kept as an item
    roll(s, 20)  # its swimming test passed
    cb = s.g["combat"]
    cb["wounds"] = s.cfg.content.adventures[cb["card"]].life - 1
    act(s, "fight")
    act(s, "stay")
    act(s, "attack_hero")
    roll(s, 20)
    assert s.g["phase"] == "reward_item" and len(p["items"]) == MAX_ITEMS
    assert {"discard_item", "skip"} == legal_names(s)
    act(s, "discard_item", 1)
    assert len(p["items"]) == MAX_ITEMS and p["items"][-1][0] >= 1000
    for _ in range(3):  # the market phase that raised "offset 10 outside block 'use_item'"
        s.legal_actions()
        if s.g["phase"] != "experience":
            break


def test_r6_4b_no_loot_past_the_item_bound() -> None:
    s = meet()
    w, lo = s.g["players"]
    w["items"] = _ten_items(s)
    lo["items"] = [[mkt(s, "i05"), 0]]  # a second weapon would be within 2 weapons
    win_fight(s)
    assert "loot_item" not in legal_names(s)


def test_earlier_rules_0_3_are_restored_by_the_new_options() -> None:
    opts = GAME.info.options_for_rules("runebound-2e-0.3", {})
    assert opts is not None
    assert {k: opts[k] for k in ("pvp_cards", "pvp_escape", "loot_runes", "loot_full",
                                 "doom_encounters")} == {
        "pvp_cards": False, "pvp_escape": "mind", "loot_runes": False, "loot_full": "none",
        "doom_encounters": "deck"}


def test_earlier_rules_0_4_are_restored_by_the_new_options() -> None:
    assert GAME.info.options_for_rules("runebound-2e-0.4", {}) == {
        "redraw": "always", "prevent_tests": False, "heal_when": "market",
        "fs_roll_bonus": True}


# ------------------------------------------------------------------------------- the bots
def test_bots_r7_14e_the_rollout_policy_uses_armour_and_weapons_between_heroes() -> None:
    import random

    from boardwright.games.runebound.policy import rollout_action

    s = meet()
    a, d = s.g["players"]
    a["items"] = [[mkt(s, "i25"), 0]]
    d["items"] = [[mkt(s, "i06"), 0]]
    attack(s)
    to_melee(s)  # the defender's armour: taken there by the helper
    roll(s, 2)
    assert s.cfg.space.decode(rollout_action(s, random.Random(0))) == ("use_item", 0)
    act(s, "use_item", 0)
    act(s, "attack_hero")
    roll(s, 20)
    if s.g["phase"] == "pvp_react":
        assert s.cfg.space.decode(rollout_action(s, random.Random(0)))[0] == "prevent"


def test_bots_r5_9_a_search_attacks_a_hero_only_with_good_odds() -> None:
    from boardwright.games.runebound.policy import ATTACK_ODDS, pvp_odds, search_actions

    s = meet()
    strong, weak = s.g["players"]
    attack_1 = s.cfg.space.encode("attack_player", 1)
    weak["wounds"] = s.stat(weak, "life") - 1
    assert pvp_odds(s, 0, 1) >= ATTACK_ODDS
    assert attack_1 in search_actions(s, s.legal_actions())
    weak["wounds"], strong["wounds"] = 0, s.stat(strong, "life") - 1
    assert pvp_odds(s, 0, 1) < ATTACK_ODDS
    assert attack_1 not in search_actions(s, s.legal_actions())


def test_bots_r11_1_the_winner_takes_the_third_rune() -> None:
    import random

    from boardwright.games.runebound.policy import rollout_action

    s = meet()
    w, lo = s.g["players"]
    w["runes"], w["trophies"] = 2, [adv(s, "r04"), adv(s, "r05")]
    lo["runes"], lo["trophies"], lo["gold"] = 1, [adv(s, "r03")], 30
    win_fight(s)
    assert s.cfg.space.decode(rollout_action(s, random.Random(0)))[0] == "loot_rune"
