"""Rule tests, named after RULES.md's numbers."""

from __future__ import annotations

import pytest
from rb_helpers import act, adv, fight, gem_hex, legal_names, mkt, new_game, plain_hex, roll

from boardwright.engine.api import CHANCE
from boardwright.engine.errors import IllegalAction
from boardwright.games.runebound import adventures, combat, damage, decks, movement, turn
from boardwright.games.runebound.content import COLOURS
from boardwright.games.runebound.game import GAME


def at(s, hexno: int, phase: str = "move_choice") -> dict:
    p = s.g["players"][s.g["seat"]]
    p["pos"] = p["prev"] = hexno
    s.g["phase"] = phase
    s._legal = None
    return p


# ---------------------------------------------------------------- R1 / R2 components, set-up
def test_r1_1_deck_sizes_and_colour_split() -> None:
    c = new_game().cfg.content
    per = {col: sum(1 for a in c.adventures if a.colour == col) for col in COLOURS}
    assert per == {"green": 35, "yellow": 25, "blue": 16, "red": 8}
    assert sum(1 for m in c.market if m.kind == "ally") == 29
    assert sum(1 for m in c.market if m.kind == "item") == 55
    assert len(c.heroes) == 12


def test_r1_2_counters_and_gem_hexes() -> None:
    s = new_game()
    c = s.cfg.content
    on_board = [sum(1 for b in s.g["board"] if b == i) for i in range(4)]
    assert on_board == [18, 10, 7, 5]
    assert [on_board[i] + s.g["pool"][i] for i in range(4)] == [20, 12, 9, 7]
    counts = {t: c.terrain.count(t) for t in set(c.terrain)}
    assert counts == {"forest": 40, "plains": 36, "swamp": 4, "river": 30, "city": 8,
                      "hills": 32, "road": 15, "mountain": 17}


def test_r1_3_two_d10_odds() -> None:
    s = new_game()
    s.g["pending"] = ["roll", "escape"]
    out = dict(s.chance_outcomes())
    enc = s.cfg.space.encode
    assert out[enc("roll", 0)] == pytest.approx(0.01)  # 2: both ones
    assert out[enc("roll", 9)] == pytest.approx(0.10)  # 11 is likeliest
    assert out[enc("roll", 18)] == pytest.approx(0.01)  # 20: two zeros count as ten
    assert sum(out.values()) == pytest.approx(1.0)


def test_r1_4_movement_die_matches_published_odds() -> None:
    c = new_game().cfg.content
    faces = c.dice.faces
    odds = {t: sum(t in f for f in faces) for t in ("forest", "plains", "swamp", "hills",
                                                       "road", "mountain")}
    assert odds == {"forest": 1, "plains": 3, "swamp": 1, "hills": 2, "road": 4, "mountain": 1}
    assert all(len(f) >= 2 for f in faces)


def test_r2_1_heroes_start_in_tamalir_with_3_gold() -> None:
    s = new_game(4)
    for p in s.g["players"]:
        assert p["pos"] == s.cfg.content.tamalir and p["gold"] == 3


def test_r2_4_every_city_but_tamalir_gets_a_market_card() -> None:
    s = new_game(3)
    c = s.cfg.content
    for k, m in enumerate(s.g["markets"]):
        assert len(m) == (0 if c.cities[k] == c.tamalir else 1)


def test_r2_8_heroes_drawn_at_random_by_chance() -> None:
    s = GAME.new_initial_state(3)
    assert s.current_player() == CHANCE
    assert len(s.chance_outcomes()) == 12


# ---------------------------------------------------------------- R3 refresh, R4 movement
def test_r3_refresh_turns_activated_cards_up() -> None:
    s = new_game()
    s.g["players"][1]["items"] = [[mkt(s, "studded_leather"), 1]]
    p0 = at(s, plain_hex(s), "experience")
    del p0
    act(s, "end_turn")
    assert s.g["players"][1]["items"][0][1] == 0


def test_r4_2_five_dice_or_four_when_hurt() -> None:
    s = new_game()
    p = at(s, plain_hex(s))
    assert s.cfg.space.encode("rest", 5) in s.legal_actions()
    p["exh"] = 1
    s._legal = None
    assert s.cfg.space.encode("rest", 5) not in s.legal_actions()
    assert s.cfg.space.encode("rest", 4) in s.legal_actions()


def test_r4_3_each_die_one_step_onto_a_shown_terrain_cities_wild() -> None:
    s = new_game()
    c = s.cfg.content
    at(s, c.tamalir)
    act(s, "rest", 1)
    face = next(i for i, f in enumerate(c.dice.faces) if f == ["swamp", "river"])
    act(s, "die_face", face)
    allowed = {s.cfg.space.decode(a)[1] % 6 for a in s.legal_actions()
               if s.cfg.space.decode(a)[0] == "move"}
    for d in range(6):
        n = c.neighbours[c.tamalir][d]
        ok = n >= 0 and (c.terrain[n] in ("swamp", "river", "city"))
        assert (d in allowed) == ok


def test_r4_4_unused_dice_are_lost() -> None:
    s = new_game()
    at(s, plain_hex(s))
    act(s, "rest", 2)
    act(s, "die_face", 0)
    act(s, "die_face", 0)
    act(s, "end_move")
    assert s.g["dice"] == []


def test_r4_5_resting_removes_exhaustion_per_die_not_rolled() -> None:
    s = new_game()
    p = at(s, plain_hex(s))
    p["exh"] = 3
    act(s, "rest", 1)  # 3 dice not rolled (of 4)
    assert s.g["phase"] == "recover"
    act(s, "recover", 0)
    act(s, "recover", 0)
    act(s, "recover", 0)
    assert p["exh"] == 0 and s.current_player() == CHANCE  # then the one die is rolled


def test_r4_5_no_move_at_all_removes_four() -> None:
    s = new_game()
    p = at(s, plain_hex(s))
    p["exh"] = 4
    s.g["players"][0]["allies"] = []
    act(s, "rest", 0)
    for _ in range(4):
        act(s, "recover", 0)
    assert p["exh"] == 0 and s.g["phase"] == "experience"


def test_r4_6_one_step_instead_of_rolling() -> None:
    s = new_game()
    c = s.cfg.content
    start = plain_hex(s)
    p = at(s, start)
    d = next(k for k in range(6) if c.neighbours[start][k] >= 0)
    act(s, "step", d)
    assert p["pos"] == c.neighbours[start][d]


def test_r2_2_off_board_is_never_a_move() -> None:
    s = new_game()
    c = s.cfg.content
    edge = next(h for h in range(len(c.coords)) if -1 in c.neighbours[h])
    at(s, edge)
    d = c.neighbours[edge].index(-1)
    with pytest.raises(IllegalAction):
        act(s, "step", d)


def test_r4_7_no_counter_no_city_skips_adventure_and_market() -> None:
    s = new_game()
    c = s.cfg.content
    h = plain_hex(s)
    n = next(x for x in c.neighbours[h] if x >= 0 and c.gem[x] is None
             and c.terrain[x] != "city")
    at(s, n)
    act(s, "step", c.neighbours[n].index(h))
    assert s.g["phase"] == "experience"


# ---------------------------------------------------------------- R5 adventures
def test_r5_1_the_counter_colour_decides_the_deck() -> None:
    s = new_game()
    h = gem_hex(s, "blue")
    at(s, h, "adventure")
    s.g["board"][h] = 2
    act(s, "face")
    assert s.g["pending"] == ["draw", "blue"]
    assert all(s.cfg.content.adventures[s.cfg.space.decode(a)[1]].colour == "blue"
               for a, _ in s.chance_outcomes())


def events_of(s, colour):
    return [i for i, a in enumerate(s.cfg.content.adventures)
            if a.colour == colour and a.kind == "event"]


def low_and_high_events(s):
    """The pack's lowest- and highest-numbered events (R5.3d: the designed pack numbers every
    green event III, so they may be of different colours)."""
    cards = s.cfg.content.adventures
    evs = sorted((i for i, a in enumerate(cards) if a.kind == "event"),
                 key=lambda i: cards[i].event_number)
    low, high = evs[0], evs[-1]
    assert cards[low].event_number < cards[high].event_number
    return low, high


def test_r5_3_event_replaces_one_of_lower_or_equal_number() -> None:
    s = new_game(doom=False)
    low, high = low_and_high_events(s)
    cards = s.cfg.content.adventures
    decks.take_adv(s, low)  # in play, so out of its deck
    s.g["event"] = low
    h = gem_hex(s, cards[high].colour)
    at(s, h, "adventure")
    s.g["board"][h] = COLOURS.index(cards[high].colour)
    act(s, "face")
    act(s, "draw_adv", high)
    assert s.g["event"] == high
    assert low in s.g["decks"][cards[low].colour][1]  # the old event under its deck


def test_r5_3_event_replaces_one_of_equal_number() -> None:
    s = new_game(doom=False)
    cards = s.cfg.content.adventures
    first, second = [i for i, a in enumerate(cards)
                     if a.kind == "event" and a.colour == "green"
                     and a.event_number == cards[low_and_high_events(s)[1]].event_number][:2]
    decks.take_adv(s, first)
    s.g["event"] = first
    h = gem_hex(s, "green")
    at(s, h, "adventure")
    s.g["board"][h] = 0
    act(s, "face")
    act(s, "draw_adv", second)
    assert s.g["event"] == second
    assert first in s.g["decks"]["green"][1]


def test_r5_4_lower_event_is_discarded_and_the_player_draws_again() -> None:
    s = new_game(doom=False)
    low, high = low_and_high_events(s)
    cards = s.cfg.content.adventures
    colour = cards[low].colour
    decks.take_adv(s, high)
    s.g["event"] = high
    h = gem_hex(s, colour)
    at(s, h, "adventure")
    s.g["board"][h] = COLOURS.index(colour)
    act(s, "face")
    act(s, "draw_adv", low)
    assert s.g["event"] == high
    assert s.g["decks"][colour][1][-1] == low
    assert s.g["phase"] == "redraw"  # R5.4a the player may draw again
    act(s, "face")
    assert s.g["pending"] == ["draw", colour]  # draw again


def test_r5_6_sun_icon_refills_only_from_the_pool() -> None:
    s = new_game(doom=False)
    c = s.cfg.content
    ev = next(i for i in events_of(s, "green") if "green" in c.adventures[i].refill)
    empty = [h for h in range(len(c.coords)) if c.gem[h] == "green"][:3]
    for h in empty:
        s.g["board"][h] = -1
    s.g["players"][1]["counters"][0] = 3
    s.g["pool"][0] = 1  # the two spare green counters: one here, ...
    s.g["players"][1]["counters"][0] += 1  # ... one held
    decks.take_adv(s, ev)
    adventures.event(s, ev, [])
    act(s, "refill_hex", empty[1])  # R5.6a the pool is short: the drawer chooses the hex
    assert sum(1 for h in empty if s.g["board"][h] == 0) == 1
    assert s.g["pool"][0] == 0


def test_r5_5_encounter_leaves_the_game_when_discarded() -> None:
    s = new_game(doom=False)
    c = s.cfg.content
    enc = next(i for i, a in enumerate(c.adventures) if a.kind == "encounter"
               and a.colour == "green")
    h = gem_hex(s, "green")
    p = at(s, h, "adventure")
    s.g["board"][h] = 0
    act(s, "face")
    act(s, "draw_adv", enc)
    gold = p["gold"]
    roll(s, 20)  # a certain success
    assert enc in s.g["out"]
    assert p["gold"] == gold + c.adventures[enc].success.gold
    assert p["counters"][0] == 1


def test_r5_7_undefeated_challenge_must_be_faced_first() -> None:
    s = new_game()
    h = gem_hex(s, "green")
    green = next(i for i, a in enumerate(s.cfg.content.adventures)
                 if a.colour == "yellow" and a.kind == "challenge")
    s.g["slots"][2] = [green, h, 1]
    at(s, h, "adventure")
    s.g["board"][h] = 0
    names = legal_names(s)
    assert "face_slot" in names and "face" not in names
    act(s, "face_slot", 2)
    assert s.g["combat"]["card"] == green and s.g["slots"][2] == []


# ---------------------------------------------------------------- R6 market
def city_state(s):
    c = s.cfg.content
    city = c.cities[1]
    p = at(s, city, "market")
    return p, c.city_of[city]


def test_r6_1_arriving_in_a_city_adds_a_market_card_first() -> None:
    s = new_game()
    c = s.cfg.content
    city = c.cities[1]
    n = next(x for x in c.neighbours[city] if x >= 0)
    at(s, n)
    s.g["board"][city] = -1
    before = len(s.g["markets"][c.city_of[city]])
    act(s, "step", c.neighbours[n].index(city))
    assert s.current_player() == CHANCE and s.g["pending"] == ["mkt"]
    act(s, "draw_mkt", s.chance_outcomes()[0][0] - s.cfg.space.start("draw_mkt"))
    assert len(s.g["markets"][c.city_of[city]]) == before + 1


def test_r6_3_sell_at_half_rounded_down_never_allies_never_1_cost() -> None:
    s = new_game()
    p, city = city_state(s)
    c = s.cfg.content
    three = next(i for i, m in enumerate(c.market) if m.kind == "item" and m.cost == 3)
    one = next(i for i, m in enumerate(c.market) if m.kind == "item" and m.cost == 1)
    p["items"] = [[three, 0], [one, 0]]
    p["allies"] = [[mkt(s, "initiate_of_the_flame"), 0, 0]]
    assert s.cfg.space.encode("sell", 1) not in s.legal_actions()
    assert "sell" in legal_names(s)
    gold = p["gold"]
    act(s, "sell", 0)
    assert p["gold"] == gold + 1 and three in s.g["markets"][city]
    # FAQ: what was sold this turn cannot be bought back
    p["gold"] = 10
    s._legal = None
    assert s.cfg.space.encode("buy", three) not in s.legal_actions()


def test_r6_4_two_weapons_one_armour_two_allies() -> None:
    s = new_game()
    p, city = city_state(s)
    c = s.cfg.content
    weapons = [i for i, m in enumerate(c.market) if m.item_kind == "weapon"]
    armour = [i for i, m in enumerate(c.market) if m.item_kind == "armour"]
    allies = [i for i, m in enumerate(c.market) if m.kind == "ally"]
    p["gold"] = 99
    p["items"] = [[weapons[0], 0], [weapons[1], 0], [armour[0], 0]]
    p["allies"] = [[allies[0], 0, 0], [allies[1], 0, 0]]
    s.g["markets"][city] = [weapons[2], armour[1], allies[2]]
    s._legal = None
    assert "buy" not in legal_names(s)
    act(s, "discard_item", 0)  # sell or discard first
    assert s.cfg.space.encode("buy", weapons[2]) in s.legal_actions()
    assert s.cfg.space.encode("buy", armour[1]) not in s.legal_actions()


def test_r6_5_healer_one_gold_a_wound_or_all_exhaustion() -> None:
    s = new_game()
    p, _ = city_state(s)
    p["wounds"], p["exh"], p["gold"] = 2, 3, 2
    s._legal = None
    act(s, "heal_exh", 0)
    act(s, "heal_wound", 0)
    assert (p["wounds"], p["exh"], p["gold"]) == (1, 0, 0)
    assert "heal_wound" not in legal_names(s)


# ---------------------------------------------------------------- R7 combat
def plain_challenge(s, colour="green"):
    return next(i for i, a in enumerate(s.cfg.content.adventures) if a.colour == colour
                and a.kind == "challenge" and not a.before_combat)


def start_fight(s, card):
    fight(s, s.cfg.content.adventures[card].id)
    act(s, "fight")
    act(s, "stay")


def test_r7_4_one_activation_per_round_and_before_combat() -> None:
    s = new_game()
    p = s.g["players"][0]
    leather = mkt(s, "studded_leather")
    other = next(i for i, m in enumerate(s.cfg.content.market) if m.item_kind == "armour"
                 and m.usage == "activate" and i != leather)
    p["items"] = [[leather, 0], [other, 0]]
    card = plain_challenge(s, "yellow")
    start_fight(s, card)
    a = s.cfg.content.adventures[card]
    # attack in the phase where the card hurts, miss, prevent with one armour
    mode = next(k for k, st in enumerate((a.mind, a.body, a.spirit)) if st[1] > 0)
    for _ in range(mode):
        act(s, "defend")
        if s.current_player() == CHANCE:
            roll(s, 20)
    act(s, "attack_hero")
    roll(s, 2)
    assert s.g["phase"] == "react"
    act(s, "prevent", 0)
    # the other armour may not be activated in the same round
    s.g["phase"] = "react"
    s.g["combat"]["dmg"] = 1
    s._legal = None
    assert s.cfg.space.encode("prevent", 1) not in s.legal_actions()


def test_r7_7_one_attack_per_character_per_round_allies_never_defend() -> None:
    s = new_game()
    p = s.g["players"][0]
    p["allies"] = [[mkt(s, "initiate_of_the_flame"), 0, 0]]
    start_fight(s, plain_challenge(s, "green"))
    act(s, "attack_hero")
    roll(s, 2)
    if s.g["phase"] == "react":
        act(s, "take")
    if s.g["combat"] is None:
        return
    names = legal_names(s)
    assert "attack_hero" not in names and "attack_ally" in names and "defend" in names
    act(s, "attack_ally", 0)
    roll(s, 20)
    if s.g["combat"] is not None and s.g["phase"] == "round":
        assert legal_names(s) <= {"defend", "use_item"}


def test_r7_6_escape_success_goes_back_a_hex_and_to_the_column() -> None:
    s = new_game()
    p = s.g["players"][0]
    card = plain_challenge(s)
    fight(s, s.cfg.content.adventures[card].id)
    came_from = p["prev"]
    here = p["pos"]
    act(s, "fight")
    act(s, "escape")
    roll(s, 20)
    assert p["pos"] == came_from
    assert s.g["slots"][0][:2] == [card, here]
    assert s.g["board"][here] >= 0  # the counter stays beside it
    assert s.g["seat"] == 1  # the turn ended


def test_r7_6_failed_escape_costs_a_wound() -> None:
    s = new_game()
    p = s.g["players"][0]
    fight(s, s.cfg.content.adventures[plain_challenge(s)].id)
    act(s, "fight")
    act(s, "escape")
    roll(s, 2)
    assert p["wounds"] == 1 and s.g["phase"] == "escape"


def test_r7_9_successful_magic_defence_wounds_the_enemy_seed_quirk() -> None:
    for strikes in (True, False):
        s = new_game(magic_defence_strikes=strikes)
        start_fight(s, plain_challenge(s, "green"))
        s.g["combat"]["stage"] = 2
        act(s, "defend")
        roll(s, 20)
        w = s.g["combat"]["wounds"] if s.g["combat"] else 99
        assert (w > 0) == strikes


def test_r7_10_an_ally_dies_and_goes_under_the_market_deck() -> None:
    s = new_game()
    p = s.g["players"][0]
    ini = mkt(s, "initiate_of_the_flame")
    p["allies"] = [[ini, 1, 0]]
    card = plain_challenge(s, "blue")
    start_fight(s, card)
    a = s.cfg.content.adventures[card]
    mode = next(k for k, st in enumerate((a.mind, a.body, a.spirit)) if st[1] > 0)
    s.g["combat"]["stage"] = mode
    act(s, "attack_ally", 0)
    roll(s, 2)
    assert p["allies"] == [] and s.g["mdeck"][1][-1] == ini


def test_r7_12_undefeated_column_overflow_replaces_the_oldest() -> None:
    s = new_game(doom=False)
    cards = [i for i, a in enumerate(s.cfg.content.adventures) if a.kind == "challenge"
             and a.colour == "green"]
    for k in range(6):
        s.g["slots"][k] = [cards[k], k, 10 + k]
    s.g["slots"][3][2] = 1  # slot 4 is the oldest
    s.g["slot_seq"] = 20
    s.g["combat"] = {"card": cards[7], "hex": 99}
    damage.to_column(s, [])
    assert s.g["slots"][3] == [cards[7], 99, 21]
    assert s.g["decks"]["green"][1][-1] == cards[3]


def test_r7_13_knockout_loses_gold_counters_best_card_to_nearest_city() -> None:
    s = new_game()
    p = s.g["players"][0]
    c = s.cfg.content
    cheap = next(i for i, m in enumerate(c.market) if m.kind == "item" and m.cost == 1)
    dear = max(range(len(c.market)), key=lambda i: c.market[i].cost)
    p["items"] = [[cheap, 0], [dear, 0]] if c.market[dear].kind == "item" else [[cheap, 0]]
    if c.market[dear].kind == "ally":
        p["allies"] = [[dear, 0, 0]]
    p["counters"] = [2, 1, 0, 0]
    p["gold"] = 9
    card = plain_challenge(s, "red") if False else plain_challenge(s, "blue")
    start_fight(s, card)
    p["wounds"] = s.stat(p, "life") - 1
    p["exh"] = 2
    s.g["combat"]["stage"] = 0
    a = c.adventures[card]
    mode = next(k for k, st in enumerate((a.mind, a.body, a.spirit)) if st[1] > 0)
    s.g["combat"]["stage"] = mode
    here = p["pos"]
    act(s, "attack_hero")
    roll(s, 2)
    if s.g["phase"] == "react":
        act(s, "take")
    assert (p["wounds"], p["exh"], p["gold"], p["counters"]) == (0, 0, 0, [0, 0, 0, 0])
    if s.g["phase"] == "ko_city":  # R9.4b equally near cities: the player chooses one
        act(s, "go_city", damage.ko_cities(s, p)[-1])
    assert dear in s.g["mdeck"][1]
    d = c.city_dist[here]
    assert c.city_dist[p["pos"]] and p["pos"] in c.cities
    assert d[c.cities.index(p["pos"])] == min(d)
    assert s.g["slots"][0][0] == card


def test_r9_2_excess_exhaustion_becomes_wounds() -> None:
    s = new_game()
    p = s.g["players"][0]
    p["exh"] = s.stat(p, "stamina")
    damage.exhaust(s, -1, 2)
    assert p["exh"] == s.stat(p, "stamina") and p["wounds"] == 2


# ---------------------------------------------------------------- R8 experience
def test_r8_1_counters_buy_experience_with_change_kept() -> None:
    s = new_game(4)
    assert s.cfg.xp_cost == 4  # the seed's 4-player example
    p = at(s, plain_hex(s), "experience")
    p["counters"] = [1, 0, 1, 0]  # 1 + 3 = 4 XP
    s._legal = None
    act(s, "xp", 1)
    assert p["bonus"][1] == 1 and p["counters"] == [0, 0, 0, 0] and p["credit"] == 0
    assert s.stat(p, "body") == s.cfg.content.heroes[p["hero"]].body[0] + 2


def test_r8_3_life_forbids_the_easiest_colour_at_most_three() -> None:
    s = new_game()
    p = s.g["players"][0]
    p["bonus"][4] = 1
    h = gem_hex(s, "green")
    at(s, h)
    s.g["board"][h] = 0
    movement.arrive(s, [])
    assert s.g["phase"] != "adventure"
    p["bonus"][4] = 3
    p["counters"] = [0, 0, 0, 5]
    at(s, plain_hex(s), "experience")
    assert s.cfg.space.encode("xp", 4) not in s.legal_actions()


# ---------------------------------------------------------------- R10 doom, R11 victory
@pytest.mark.parametrize(("players", "needed"), [(2, 4), (3, 6), (4, 8), (5, 8), (6, 8)])
def test_r10_3_doom_counter_at_each_player_count(players: int, needed: int) -> None:
    s = new_game(players)
    assert s.g["doom"] == [-1]  # the unseen green card beside the first crest
    cards = [i for i, a in enumerate(s.cfg.content.adventures) if a.kind == "challenge"
             and a.colour == "yellow"]
    for k in range(needed - 2):
        decks.discard_adv(s, cards[k], [])
    assert s.g["doom_counters"] == 0
    decks.discard_adv(s, cards[needed - 2], [])
    assert s.g["doom_counters"] == 1
    assert s.g["doom"] == [cards[needed - 2]]  # the last card moves to the first crest
    assert -1 in s.g["decks"]["green"][1]  # the others go back to their decks


def test_r10_5_eighth_doom_counter_starts_the_endgame() -> None:
    s = new_game(2)
    s.g["doom_counters"] = 7
    cards = [i for i, a in enumerate(s.cfg.content.adventures) if a.kind == "challenge"
             and a.colour == "yellow"]
    s.g["doom"] = [cards[0]]
    for k in range(1, 4):
        decks.discard_adv(s, cards[k], [])
    assert s.g["doom_counters"] == 8
    s.g["players"][1]["bonus"] = [1, 1, 0, 0, 0]  # seat 1 has the higher level
    at(s, plain_hex(s), "experience")
    act(s, "end_turn")
    assert s.g["endgame"] and s.g["end_order"] == [1, 0]
    red = [s.cfg.content.adventures[i] for i in s.g["decks"]["red"][0]]
    assert red and all(a.kind == "challenge" for a in red)
    assert s.g["seat"] == 1 and s.g["pending"] == ["draw", "red"]


def test_r11_1_three_dragon_runes_win() -> None:
    s = new_game()
    p = s.g["players"][0]
    runes = [i for i, a in enumerate(s.cfg.content.adventures) if a.reward.dragon_rune]
    p["runes"] = 2
    fight(s, s.cfg.content.adventures[runes[0]].id)
    s.g["combat"]["wounds"] = 99
    combat.wound_enemy(s, 0, [])
    assert s.winners() == [0] and s.is_terminal() and s.ended_by() == "rule"


def test_r11_1_defeating_margath_wins() -> None:
    s = new_game()
    fight(s, "margath")
    combat.wound_enemy(s, 99, [])
    assert s.winners() == [0]
    assert adv(s, "margath") >= 0


def test_r11_4_turn_cap_ends_by_score() -> None:
    s = new_game(2, max_rounds=1)
    s.g["players"][1]["runes"] = 1
    at(s, plain_hex(s), "experience")
    act(s, "end_turn")
    at(s, plain_hex(s), "experience")
    act(s, "end_turn")
    assert s.winners() == [1]
    assert s.ended_by() == "cap" and s.rounds_played() == 1


def test_r11_4_the_round_cap_counts_the_endgame_rounds() -> None:
    """R10.7 heroes who escape every red card (R7.6) could go round the order for ever; the
    rounds of the endgame are rounds (every hero in the order has had a turn), so the cap of a
    bots' game still ends it (by score, R11.4)."""
    s = new_game(2, max_rounds=3)
    s.g["round"] = 3
    s.g["doom_counters"] = 8
    s.g["start_endgame"] = True
    at(s, plain_hex(s), "experience")
    act(s, "end_turn")
    assert s.g["endgame"] and s.g["round"] == 3
    for _ in range(2):  # each hero in the order escapes its card: a turn without an end
        assert not s.is_terminal()
        s.g["pending"] = None
        s.g["combat"] = None
        turn.end_turn(s, [])
    assert s.is_terminal() and s.ended_by() == "cap" and s.rounds_played() == 3


def test_hidden_information_none_deck_orders_are_chance() -> None:
    """No deck order is stored: two games that differ only in what chance will draw next are
    the same state, and every seat's view equals the full state."""
    s = new_game(3)
    t = s.clone()
    assert s.view(0) == t.view(0) == s.view(None)
    drawn = GAME.sample_state(s.view(1), 1, __import__("random").Random(1))
    assert drawn.to_json() == s.to_json()


def test_r10_2_the_unseen_doom_card_returns_as_an_unknown_card_under_the_deck() -> None:
    s = new_game(2)
    green = s.g["decks"]["green"]
    assert s.deck_size("green") == 34 and len(green[0]) == 35  # one unseen on the track
    cards = [i for i, a in enumerate(s.cfg.content.adventures) if a.kind == "challenge"
             and a.colour == "yellow"]
    for k in range(3):
        decks.discard_adv(s, cards[k], [])
    assert green[1] == [-1] and s.deck_size("green") == 35
    # draw the whole shuffled part: then the unknown card under the deck comes up, and it is
    # any card nobody has seen
    for i in list(green[0])[:34]:
        s.g["pending"] = ["draw", "green"]
        assert len(s.chance_outcomes()) == len(green[0])
        decks.take_adv(s, i)
    s.g["pending"] = ["draw", "green"]
    (last, p), = s.chance_outcomes()
    assert p == 1.0
    decks.take_adv(s, s.cfg.space.decode(last)[1])
    assert s.deck_size("green") == 0 and green == [[], []] and s.g["hidden_green"] == 0


def test_r5_5_an_encounter_that_knocks_out_ends_the_turn() -> None:
    s = new_game(doom=False)
    c = s.cfg.content
    enc = next(i for i, a in enumerate(c.adventures) if a.kind == "encounter"
               and a.fail_wounds > 0 and a.colour == "green")
    h = gem_hex(s, "green")
    p = at(s, h, "adventure")
    p["wounds"] = s.stat(p, "life") - 1
    s.g["board"][h] = 0
    act(s, "face")
    act(s, "draw_adv", enc)
    roll(s, 2)
    assert p["wounds"] == 0 and p["pos"] in c.cities
    assert s.g["seat"] == 1 and s.g["phase"] == "move_choice"
