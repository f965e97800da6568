"""The decisions the book leaves to the player (issue 19), each named after its RULES.md CHOICE:
the book's reading is the default, and each option value keeps the engine's older automatic
reading (R5.6a `refill_short`, R9.4a/b `knockout_ties`, R6.4a `discard_when`)."""

from __future__ import annotations

import random

from rb_helpers import act, adv, fight, gem_hex, legal_names, meet, mkt, new_game

from boardwright.agents.greedy import GreedyAgent
from boardwright.agents.ismcts import ISMCTSAgent
from boardwright.engine.api import Refusal
from boardwright.engine.play import sample_chance
from boardwright.games.runebound import adventures, damage, decks, pvp
from boardwright.games.runebound.content import COLOURS
from boardwright.games.runebound.forward import RuneboundState
from boardwright.games.runebound.game import GAME
from boardwright.games.runebound.heuristic import distances
from boardwright.games.runebound.policy import rollout_action
from boardwright.games.runebound.state import REWARD


def _short_green_pool(s: RuneboundState) -> tuple[int, list[int]]:
    """Seat 0 on a green gem hex, about to draw a green event with a green sun icon; three other
    green gem hexes empty and one green counter in the pool. Returns (event, empty hexes)."""
    c = s.cfg.content
    ev = next(i for i, a in enumerate(c.adventures)
              if a.colour == "green" and a.kind == "event" and "green" in a.refill)
    here = gem_hex(s, "green")
    empty = [h for h in range(len(c.coords)) if c.gem[h] == "green" and h != here][:3]
    for h in empty:
        s.g["board"][h] = -1
    s.g["pool"][0] = 1
    p = s.g["players"][0]
    p["pos"] = p["prev"] = here
    s.g["board"][here] = 0
    s.g["phase"] = "adventure"
    s._legal = None
    act(s, "face")
    act(s, "draw_adv", ev)
    return ev, empty


def test_r5_6a_a_short_pool_lets_the_drawer_choose_the_hexes() -> None:
    s = new_game(doom=False)
    _, empty = _short_green_pool(s)
    assert s.g["phase"] == "refill" and s.current_player() == 0
    assert sorted(s.legal_actions()) == sorted(s.cfg.space.encode("refill_hex", h)
                                               for h in empty)
    act(s, "refill_hex", empty[2])  # not the first in board order
    assert [s.g["board"][h] for h in empty] == [-1, -1, 0] and s.g["pool"][0] == 0
    assert s.g["phase"] in ("market", "experience")  # the event's turn goes on
    s.g["phase"] = "refill"  # asked again about a hex now full: refused by R5.6
    s.g["refill"] = {"cols": ["green"]}
    s._legal = None
    refused = GAME.why_not(s, s.cfg.space.encode("refill_hex", empty[2]))
    assert refused == Refusal("R5.6", "refill_not_empty")
    # the words of the choice, in both languages
    s2 = new_game(doom=False)
    _short_green_pool(s2)
    a = s2.legal_actions()[0]
    assert GAME.describe_action(s2, a, "en").startswith("put a green counter on ")
    assert "zöld" in GAME.describe_action(s2, a, "hu")


def test_r5_6a_option_board_order_keeps_the_automatic_fill() -> None:
    s = new_game(doom=False, refill_short="board_order")
    _, empty = _short_green_pool(s)
    assert s.g["phase"] != "refill"
    assert [s.g["board"][h] for h in empty] == [0, -1, -1] and s.g["pool"][0] == 0


def test_r5_6a_a_pool_that_fills_every_hex_asks_nothing() -> None:
    s = new_game(doom=False)
    c = s.cfg.content
    ev = next(i for i, a in enumerate(c.adventures)
              if a.colour == "green" and a.kind == "event" and "green" in a.refill)
    empty = [h for h in range(len(c.coords)) if c.gem[h] == "green"][:2]
    for h in empty:
        s.g["board"][h] = -1
    s.g["pool"][0] = 5
    decks.take_adv(s, ev)
    adventures.event(s, ev, [])
    assert s.g["phase"] != "refill" and all(s.g["board"][h] == 0 for h in empty)


def _two_tied_items(s: RuneboundState) -> tuple[int, int]:
    """A melee weapon (+3) and a swimming charm, both costing 7."""
    return mkt(s, "i04"), mkt(s, "i15")


def _knock_out(s: RuneboundState) -> None:
    """Seat 0, adventuring, fails an encounter's wounds past its life (R9.4)."""
    p = s.g["players"][0]
    s.g["phase"] = "adventure"
    damage.hurt_plain(s, p, s.stat(p, "life"), [])
    s._legal = None


def test_r9_4a_the_knocked_out_player_chooses_among_equally_valuable_cards() -> None:
    s = new_game()
    p = s.g["players"][0]
    weapon, charm = _two_tied_items(s)
    cheap = mkt(s, "i03")
    p["items"] = [[weapon, 0], [cheap, 0], [charm, 0]]
    _knock_out(s)
    assert s.g["phase"] == "ko_card" and s.current_player() == 0
    sp = s.cfg.space
    assert sorted(s.legal_actions()) == [sp.encode("lose_item", 0), sp.encode("lose_item", 2)]
    refused = GAME.why_not(s, sp.encode("lose_item", 1))
    assert refused == Refusal("R9.4", "ko_not_most_valuable")
    assert GAME.describe_action(s, sp.encode("lose_item", 2), "en").startswith("lose ")
    act(s, "lose_item", 2)  # the second of the tied cards, not the first held
    assert [k for k, _ in p["items"]] == [weapon, cheap] and charm in s.g["mdeck"][1]
    assert s.g["seat"] == 1 and s.g["phase"] == "move_choice"  # the turn ended (Tamalir)


def test_r9_4a_option_first_loses_the_first_tied_card() -> None:
    s = new_game(knockout_ties="first")
    p = s.g["players"][0]
    weapon, charm = _two_tied_items(s)
    p["items"] = [[weapon, 0], [charm, 0]]
    _knock_out(s)
    assert [k for k, _ in p["items"]] == [charm] and s.g["seat"] == 1


def _tied_city_hex(s: RuneboundState) -> tuple[int, list[int]]:
    """A plain hex with two or more equally near cities."""
    c = s.cfg.content
    p = s.g["players"][0]
    for h in range(len(c.coords)):
        if h in c.city_of:
            continue
        p["pos"] = h
        near = damage.ko_cities(s, p)
        if len(near) > 1:
            return h, near
    raise AssertionError("no hex with equally near cities")


def test_r9_4b_the_knocked_out_player_chooses_among_equally_near_cities() -> None:
    s = new_game()
    h, near = _tied_city_hex(s)
    p = s.g["players"][0]
    p["pos"] = p["prev"] = h
    _knock_out(s)
    assert s.g["phase"] == "ko_city" and s.current_player() == 0
    sp = s.cfg.space
    assert sorted(s.legal_actions()) == sorted(sp.encode("go_city", k) for k in near)
    far = next(k for k in range(len(s.cfg.content.cities)) if k not in near)
    assert GAME.why_not(s, sp.encode("go_city", far)) == Refusal("R9.4", "ko_not_nearest")
    name = s.cfg.content.board.cities[near[-1]].name
    assert GAME.describe_action(s, sp.encode("go_city", near[-1]), "en") == f"go to {name}"
    act(s, "go_city", near[-1])
    assert p["pos"] == s.cfg.content.cities[near[-1]] and s.g["seat"] == 1


def test_r9_4b_option_first_takes_the_first_city_in_order() -> None:
    s = new_game(knockout_ties="first")
    h, near = _tied_city_hex(s)
    p = s.g["players"][0]
    p["pos"] = p["prev"] = h
    _knock_out(s)
    assert p["pos"] == s.cfg.content.cities[near[0]] and s.g["seat"] == 1


def test_r9_4_a_hero_beaten_by_another_hero_makes_its_own_choices() -> None:
    """R7.14: the loser of a fight between heroes is knocked out; its seat chooses, out of turn."""
    s = meet()
    loser = s.g["players"][1]
    weapon, charm = _two_tied_items(s)
    loser["items"] = [[weapon, 0], [charm, 0]]
    s.g["combat"] = {"pvp": 1, "A": 0, "D": 1, "winner": 0, "loser": 1, "card": -1}
    s.g["phase"] = "loot"
    s.g["actor"] = 0
    pvp.finish(s, [])
    s._legal = None
    assert s.g["phase"] == "ko_card" and s.current_player() == 1 and s.g["seat"] == 0
    act(s, "lose_item", 0)
    if s.g["phase"] == "ko_city":
        act(s, "go_city", damage.ko_cities(s, loser)[-1])
    assert [k for k, _ in loser["items"]] == [charm]
    assert s.g["seat"] == 1 and s.g["actor"] == -1 and s.g["phase"] == "move_choice"


def _holding(s: RuneboundState) -> dict:
    p = s.g["players"][0]
    p["items"] = [[mkt(s, "i03"), 0]]
    p["allies"] = [[mkt(s, "a06"), 0, 0]]
    return p


def test_r6_4a_items_and_allies_may_be_discarded_in_every_decision_of_ones_turn() -> None:
    s = new_game()
    p = _holding(s)
    assert {"discard_item", "discard_ally"} <= legal_names(s)  # movement (R4)
    act(s, "discard_item", 0)
    assert p["items"] == [] and mkt(s, "i03") in s.g["mdeck"][1]
    assert s.g["phase"] == "move_choice"  # discarding takes no step of the turn
    # before combat (R7.2's first-strike phase) an ally dismissed lets the next move up
    p["allies"] = [[mkt(s, "a06"), 0, 0], [mkt(s, "a01"), 0, 0]]
    card = next(a.id for a in s.cfg.content.adventures
                if a.colour == "green" and a.kind == "challenge" and not a.before_combat)
    fight(s, card)
    assert s.g["phase"] == "fs" and "discard_ally" in legal_names(s)
    s.g["combat"]["ally_fs"] = [0, 1]
    act(s, "discard_ally", 0)
    assert p["allies"] == [[mkt(s, "a01"), 0, 0]] and s.g["combat"]["ally_fs"] == [1, 0]
    # not inside a fight's rounds
    act(s, "fight")
    act(s, "stay")
    assert s.g["phase"] == "round" and "discard_ally" not in legal_names(s)
    refused = GAME.why_not(s, s.cfg.space.encode("discard_ally", 0))
    assert refused == Refusal("R6.4", "discard_not_now")


def test_r6_4a_option_market_keeps_discarding_to_the_market_phase() -> None:
    s = new_game(discard_when="market")
    _holding(s)
    assert not {"discard_item", "discard_ally"} & legal_names(s)
    refused = GAME.why_not(s, s.cfg.space.encode("discard_item", 0))
    assert refused == Refusal("R6.4", "discard_market_only")
    tamalir = s.cfg.content.tamalir
    s.g["phase"] = "market"
    s.g["players"][0]["pos"] = tamalir
    s._legal = None
    assert {"discard_item", "discard_ally"} <= legal_names(s)


def test_r6_4a_a_reward_card_is_never_discarded() -> None:
    s = new_game()
    p = s.g["players"][0]
    p["items"] = [[REWARD + adv(s, "y21"), 0]]
    s._legal = None
    assert "discard_item" not in legal_names(s)
    refused = GAME.why_not(s, s.cfg.space.encode("discard_item", 0))
    assert refused == Refusal("R6.4", "discard_reward")


# ------------------------------------------------------------------------------ the bots


def test_r6_4a_the_rollout_policy_never_spends_a_step_on_a_discard() -> None:
    rng = random.Random(3)
    s = new_game()
    _holding(s)
    names: set[str] = set()
    offered = 0
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() < 0:
            s.apply(sample_chance(s.chance_outcomes(), rng))
            continue
        offered += bool(legal_names(s) & {"discard_item", "discard_ally"})
        a = rollout_action(s, rng)
        names.add(s.cfg.space.decode(a)[0])
        s.apply(a)
    assert offered > 20 and not names & {"discard_item", "discard_ally"}


def test_r9_4a_the_bots_lose_the_least_useful_tied_card() -> None:
    """Varikas fights in melee: of a +3 melee weapon and a swimming charm at the same cost, the
    charm goes (rollout policy, greedy and ISMCTS)."""
    s = new_game()
    p = s.g["players"][0]
    weapon, charm = _two_tied_items(s)
    p["items"] = [[charm, 0], [weapon, 0]]
    _knock_out(s)
    a = rollout_action(s, random.Random(0))
    assert a == s.cfg.space.encode("lose_item", 0)
    view = s.view(0)
    assert GreedyAgent().choose(GAME, 0, view, s.legal_actions(), random.Random(0)) == a
    assert ISMCTSAgent().choose(GAME, 0, view, s.legal_actions(), random.Random(0)) == a


def test_r9_4b_the_bots_go_to_the_city_nearest_their_goal() -> None:
    """With the only adventure left next to one of the equally near cities, the knocked-out
    hero goes there, whichever comes first in order (rollout policy and greedy)."""
    for pick in (0, -1):
        s = new_game()
        h, near = _tied_city_hex(s)
        c = s.cfg.content
        goal_city = c.cities[near[pick]]
        s.g["board"] = [-1] * len(c.coords)
        s.g["slots"] = [[] for _ in s.g["slots"]]
        d = distances(c)
        others = [c.cities[k] for k in near if c.cities[k] != goal_city]
        nxt = max((n for n in c.neighbours[goal_city] if n >= 0 and n not in c.city_of),
                  key=lambda n: min(d[o][n] for o in others))  # far from the other cities
        s.g["board"][nxt] = COLOURS.index("green")
        p = s.g["players"][0]
        p["pos"] = p["prev"] = h
        _knock_out(s)
        assert s.g["phase"] == "ko_city"
        goal = s.cfg.space.encode("go_city", near[pick])
        assert rollout_action(s, random.Random(0)) == goal
        assert GreedyAgent().choose(GAME, 0, s.view(0), s.legal_actions(),
                                    random.Random(0)) == goal


def test_r5_6a_the_rollout_policy_refills_next_to_the_hero() -> None:
    s = new_game(doom=False)
    _, empty = _short_green_pool(s)
    d = distances(s.cfg.content)[s.g["players"][0]["pos"]]
    chosen = s.cfg.space.decode(rollout_action(s, random.Random(0)))[1]
    assert d[chosen] == min(d[h] for h in empty)


def test_the_new_phases_have_words_in_every_language() -> None:
    from boardwright.games.runebound.text import catalogue

    for lang in ("en", "hu"):
        cat = catalogue(lang)
        for phase in ("refill", "ko_card", "ko_city"):
            assert f"web.runebound.phase.{phase}" in cat and f"web.runebound.now.{phase}" in cat
            assert f"why.expected.{phase}" in cat
        for name in ("refill_hex", "lose_item", "lose_ally", "go_city"):
            assert f"action.{name}" in cat
        for option in ("refill_short", "knockout_ties", "discard_when"):
            assert f"option.{option}.help" in cat


def test_r6_4a_the_bots_search_weighs_discards_only_in_the_market() -> None:
    """Greedy and ISMCTS weigh `search_actions`: a discard outside the market only looks better
    by the noise of a sampled card after it, so the search leaves it out; in the market a discard
    may make room for a purchase (R6.4) and stays."""
    s = new_game()
    _holding(s)
    legal = s.legal_actions()
    kept = GAME.search_actions(s, legal)
    assert {"discard_item", "discard_ally"} <= {s.cfg.space.decode(a)[0] for a in legal}
    assert not {"discard_item", "discard_ally"} & {s.cfg.space.decode(a)[0] for a in kept}
    assert kept and set(kept) <= set(legal)
    s.g["phase"] = "market"
    s.g["players"][0]["pos"] = s.cfg.content.tamalir
    s._legal = None
    assert GAME.search_actions(s, s.legal_actions()) == s.legal_actions()


def test_r6_4a_greedy_plays_a_game_stretch_without_a_discard_outside_the_market() -> None:
    rng = random.Random(5)
    s = new_game()
    _holding(s)
    greedy = GreedyAgent()
    outside = 0
    for _ in range(150):
        if s.is_terminal():
            break
        seat = s.current_player()
        if seat < 0:
            s.apply(sample_chance(s.chance_outcomes(), rng))
            continue
        legal = s.legal_actions()
        action = greedy.choose(GAME, seat, s.view(seat), legal, rng)
        name = s.cfg.space.decode(action)[0]
        if s.g["phase"] != "market" and name in ("discard_item", "discard_ally"):
            outside += 1
        s.apply(action)
    assert outside == 0
