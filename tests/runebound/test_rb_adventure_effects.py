"""Adventure cards beyond challenges: R5.3b event effects, R5.11 allies won from adventure
cards, R5.12 encounters that span several turns (quests) and R5.13 a drawn encounter that must
be discarded (draw again)."""

from __future__ import annotations

import pytest
from rb_helpers import act, adv, fight, gem_hex, legal_names, mkt, new_game, roll

from boardwright.games.runebound import combat, damage, movement
from boardwright.games.runebound.state import REWARD


def on_gem(s, colour: str) -> dict:
    """Seat 0 stands on a gem hex of `colour` with its counter, in the adventure phase."""
    p = s.g["players"][s.g["seat"]]
    h = gem_hex(s, colour)
    p["pos"] = p["prev"] = h
    s.g["board"][h] = ("green", "yellow", "blue", "red").index(colour)
    s.g["phase"] = "adventure"
    s._legal = None
    return p


def draw(s, card_id: str) -> dict:
    a = s.cfg.content.adventures[adv(s, card_id)]
    p = on_gem(s, a.colour)
    act(s, "face")
    act(s, "draw_adv", adv(s, card_id))
    return p


# ---------------------------------------------------------------- R5.3b event effects
def test_r5_3b_a_gold_event_pays_every_hero_and_a_loss_stops_at_zero() -> None:
    s = new_game(3, doom=False)
    gains = [p["gold"] for p in s.g["players"]]
    draw(s, "g04")  # Bountiful Harvest: +2 gold each
    assert [p["gold"] for p in s.g["players"]] == [g + 2 for g in gains]
    s.g["players"][1]["gold"] = 1
    s.g["event"] = -1
    draw(s, "b02")  # Tax Collectors: -3 gold each, never below 0
    assert s.g["players"][1]["gold"] == 0
    assert s.g["players"][2]["gold"] == gains[2] + 2 - 3


def test_r5_3b_a_healing_event_removes_wounds_from_every_hero() -> None:
    s = new_game(2, doom=False)
    s.g["players"][0]["wounds"] = 1
    s.g["players"][1]["wounds"] = 5
    draw(s, "y03")  # Healing Rains: up to 2 wounds off each hero
    assert [p["wounds"] for p in s.g["players"]] == [0, 3]


def test_r5_3b_r6_2a_a_market_discount_lasts_while_its_event_is_in_play() -> None:
    s = new_game(2, doom=False)
    c = s.cfg.content
    tam = c.city_of[c.tamalir]
    forge = c.city_of[c.city_hex["Forge"]]
    item = next(i for i, m in enumerate(c.market) if m.kind == "item" and m.cost >= 4)
    cost = c.market[item].cost
    assert s.price(item, tam) == cost
    s.g["event"] = adv(s, "g03")  # Market Festival: 2 off in Tamalir, Vynelvale, Frostgate
    assert s.price(item, tam) == cost - 2 and s.price(item, forge) == cost
    p = s.g["players"][0]
    p["pos"] = c.tamalir
    p["gold"] = cost - 2
    s.g["markets"][tam] = [item]
    s.g["phase"] = "market"
    s._legal = None
    act(s, "buy", item)
    assert p["gold"] == 0 and p["items"][-1][0] == item
    s.g["event"] = adv(s, "g04")  # replaced: the discount is gone
    assert s.price(item, tam) == cost


# ---------------------------------------------------------------- R5.12 quests
def test_r5_12_a_quest_is_kept_with_the_hexes_counter_and_the_turn_goes_on() -> None:
    s = new_game(2, doom=False)
    total = s.conserved()["counters"]
    p = draw(s, "g08")  # Letter for Frostgate
    assert p["quest"] == [adv(s, "g08"), 0]
    assert s.g["board"][p["pos"]] == -1 and s.conserved()["counters"] == total
    assert s.g["phase"] == "experience" and s.g["pending"] is None


def test_r5_12_the_quest_test_is_made_on_ending_a_later_movement_in_its_city() -> None:
    s = new_game(2, doom=False)
    c = s.cfg.content
    card = adv(s, "g08")
    p = s.g["players"][0]
    p["quest"] = [card, 0]
    p["pos"] = c.city_hex["Frostgate"]
    gold = p["gold"]
    movement.arrive(s, [])
    assert s.g["phase"] == "quest" and s.g["pending"] == ["roll", "quest"]
    roll(s, 20)
    assert p["quest"] is None and p["counters"][0] == 1
    assert p["gold"] == gold + c.adventures[card].success.gold
    assert card in s.g["out"]  # a finished encounter leaves the game (R5.5)
    assert s.g["phase"] == "market"  # then the city's market as usual


def test_r5_12_a_failed_quest_wounds_and_stays_for_a_later_turn() -> None:
    s = new_game(2, doom=False)
    c = s.cfg.content
    card = adv(s, "g08")
    p = s.g["players"][0]
    p["quest"] = [card, 0]
    p["pos"] = c.city_hex["Frostgate"]
    movement.arrive(s, [])
    roll(s, 2)
    assert p["quest"] == [card, 0] and p["wounds"] == c.adventures[card].fail_wounds
    assert s.g["phase"] == "market"
    movement.arrive(s, [])  # once a turn only
    assert s.g["phase"] == "market" and s.g["pending"] != ["roll", "quest"]


def test_r5_12b_a_knocked_out_hero_abandons_the_quest() -> None:
    s = new_game(2, doom=False)
    p = s.g["players"][0]
    total = s.conserved()["counters"]
    p["quest"] = [adv(s, "g08"), 0]
    s.g["pool"][0] -= 1  # the counter it carries came from the pool's count
    assert s.conserved()["counters"] == total
    damage.knockout_procedure(s, 0, [])
    assert p["quest"] is None and s.conserved()["counters"] == total
    assert adv(s, "g08") in s.g["out"]


def test_r5_13_a_second_quest_must_be_discarded_and_the_player_draws_again() -> None:
    s = new_game(2, doom=False)
    p = s.g["players"][0]
    p["quest"] = [adv(s, "g09"), -1]
    draw(s, "g08")
    assert p["quest"] == [adv(s, "g09"), -1]
    assert adv(s, "g08") in s.g["out"]  # a discarded encounter leaves the game
    assert s.g["phase"] == "redraw"  # R5.4a ... and a new card may be drawn
    act(s, "face")
    assert s.g["pending"] == ["draw", "green"]


# ---------------------------------------------------------------- R5.11 allies as rewards
def win(s, card_id: str) -> dict:
    fight(s, card_id)
    p = s.g["players"][0]
    combat.wound_enemy(s, s.cfg.content.adventures[adv(s, card_id)].life, [])
    return p


def test_r5_11_a_challenge_card_won_as_an_ally_fights_with_its_own_values() -> None:
    s = new_game(2, doom=False)
    p = win(s, "y21")  # Bandit Camp: the freed prisoner joins
    key = REWARD + adv(s, "y21")
    assert p["allies"] == [[key, 0, 0]]
    assert combat.attack_value(s, p, 0, "ranged") == 3
    p["pos"] = s.cfg.content.tamalir
    s.g["pending"] = None
    s.g["phase"] = "market"
    s._legal = None
    assert "discard_ally" not in legal_names(s)  # never dismissed (seed p.8)


def test_r5_11_with_two_allies_the_hero_dismisses_one_first_or_forgoes_it() -> None:
    s = new_game(2, doom=False)
    allies = [i for i, m in enumerate(s.cfg.content.market) if m.kind == "ally"][:2]
    p = s.g["players"][0]
    p["allies"] = [[allies[0], 0, 0], [allies[1], 0, 0]]
    win(s, "y21")
    assert s.g["phase"] == "reward_ally" and legal_names(s) == {"discard_ally", "skip"}
    act(s, "discard_ally", 0)
    assert p["allies"] == [[allies[1], 0, 0], [REWARD + adv(s, "y21"), 0, 0]]
    assert allies[0] in s.g["mdeck"][1]


@pytest.mark.parametrize("how", ["skip", "option"])
def test_r5_11_a_forgone_reward_ally_is_discarded(how: str) -> None:
    s = new_game(2, doom=False, **({"reward_ally_full": "decline"} if how == "option" else {}))
    allies = [i for i, m in enumerate(s.cfg.content.market) if m.kind == "ally"][:2]
    p = s.g["players"][0]
    p["allies"] = [[allies[0], 0, 0], [allies[1], 0, 0]]
    win(s, "y21")
    if how == "skip":
        act(s, "skip")
    assert [a[0] for a in p["allies"]] == allies
    assert adv(s, "y21") in s.g["decks"]["yellow"][1]  # under its deck, like a defeated card
    assert s.g["phase"] == "experience"


def test_r5_11_an_encounter_can_give_an_ally_a_matter_of_honour() -> None:
    s = new_game(2, doom=False)
    p = draw(s, "y06")  # the seed's "Becsületbeli ügy" (p.6–7)
    roll(s, 20)
    assert p["allies"] == [[REWARD + adv(s, "y06"), 0, 0]]


def test_r5_11a_a_reward_ally_is_not_lost_on_knock_out_and_discarded_when_it_dies() -> None:
    s = new_game(2, doom=False)
    p = s.g["players"][0]
    hired = mkt(s, "initiate_of_the_flame")
    key = REWARD + adv(s, "y21")
    p["allies"] = [[key, 0, 0], [hired, 0, 0]]
    damage.knockout_procedure(s, 0, [])
    assert p["allies"] == [[key, 0, 0]]  # the hired ally was the most valuable card to lose
    damage.apply_wounds(s, 0, 9, [])
    assert p["allies"] == [] and adv(s, "y21") in s.g["decks"]["yellow"][1]
