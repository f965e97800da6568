"""Texts and terminal rendering: every action and event reads as words in en and hu."""

from __future__ import annotations

import random

from rb_helpers import new_game

from boardwright.engine.api import CHANCE
from boardwright.games.runebound.game import GAME


def test_actions_and_events_have_words_in_both_languages() -> None:
    s = new_game(3)
    rng = random.Random(4)
    seen = 0
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            a = rng.choice([x for x, _ in s.chance_outcomes()])
        else:
            a = rng.choice(s.legal_actions())
            for lang in ("en", "hu"):
                text = GAME.describe_action(s, a, lang)
                assert text and "{" not in text
        for ev in s.apply(a):
            for lang in ("en", "hu"):
                words = GAME.describe_event(ev.for_viewer(0), lang)
                assert words and "{" not in words
                # results and combat modes are words, not Python values or English codes
                assert "True" not in words and "False" not in words
                if lang == "hu":
                    assert not {"melee", "ranged", "magic"} & set(words.replace(":", " ").split())
            seen += 1
    assert seen > 50


def test_render_shows_board_party_sheet_and_original_content_notice() -> None:
    import io

    from rich.console import Console

    from boardwright.games.runebound.text import msg

    s = new_game(2)
    for lang, words in (("en", ("original content", "3 gold", "Market of")),
                        ("hu", ("eredeti tartalomkészlet", "3 arany", "piaca"))):
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None)
        console.print(GAME.render(s.view(0), lang))
        out = buffer.getvalue()
        assert all(w in out for w in words), out
        assert "Varikas the Dead" in out
        assert "&" in out  # both heroes in Tamalir
        assert msg(lang, "seat", letter="B") in out


def test_heuristic_prefers_runes_then_experience_then_gold() -> None:
    """R11.4's order (runes, experience, gold) is the heuristic's order of worth too."""
    values = []
    for change in (None, ("gold", 9), ("bonus", 1), ("runes", 1)):
        s = new_game(3)
        p = s.g["players"][0]
        if change == ("bonus", 1):
            p["bonus"][3] = 1  # stamina: no change to the hero's odds in a fight
        elif change is not None:
            p[change[0]] += change[1]
        values.append(GAME.evaluate(s)[0])
    assert values[3] > values[2] > values[1] > values[0]


def test_issue7_actions_and_events_have_catalogue_words_in_en_and_hu() -> None:
    from boardwright.games.runebound.text import catalogue

    actions = ["trade_with", "trade_give_item", "trade_give_ally", "trade_give_gold",
               "trade_take_item", "trade_take_ally", "trade_take_gold", "trade_propose",
               "trade_end", "trade_accept", "trade_decline"]
    events = ["trade", "trade_offer", "trade_accept", "trade_decline", "trade_over",
              "event_gold", "event_heal", "quest", "quest_done", "quest_lost",
              "encounter_discarded", "reward_ally", "reward_ally_declined"]
    phases = ["trade", "trade_answer", "pvp_fs", "reward_ally", "quest"]
    s = new_game(2)
    for lang in ("en", "hu"):
        cat = catalogue(lang)
        missing = [f"action.{a}" for a in actions if f"action.{a}" not in cat]
        missing += [f"event.{e}" for e in events if f"event.{e}" not in cat]
        missing += [f"web.runebound.phase.{p}" for p in phases
                    if f"web.runebound.phase.{p}" not in cat]
        assert missing == [], (lang, missing)
    assert {n for n in actions} <= {b.name for b in s.cfg.space.blocks()}


def test_the_hungarian_catalogue_has_every_english_key() -> None:
    from boardwright.games.runebound.text import catalogue

    assert [k for k in catalogue("en") if k not in catalogue("hu")] == []


def test_every_phase_a_game_reaches_has_a_prompt_in_every_language() -> None:
    import random

    from boardwright.engine.play import sample_chance
    from boardwright.games.runebound.text import catalogue

    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_initial_state(3, {"max_rounds": 8, "heroes": None})
        while not s.is_terminal():
            seen.add(s.g["phase"])
            s.apply(sample_chance(s.chance_outcomes(), rng) if s.current_player() < 0
                    else rng.choice(s.legal_actions()))
    assert {"setup_hero", "moving", "market"} <= seen
    for lang in ("en", "hu"):
        missing = sorted(p for p in seen if f"web.runebound.phase.{p}" not in catalogue(lang))
        assert missing == [], (lang, missing)


def test_resting_says_how_much_exhaustion_goes() -> None:
    s = new_game(2)
    words = {s.action_to_text(a): GAME.describe_action(s, a) for a in range(len(s.cfg.texts))
             if s.action_to_text(a).startswith("roll ") and s.action_to_text(a).endswith("dice")}
    assert words["roll 0 dice"] == "rest: roll no dice and remove 4 exhaustion"
    assert words["roll 3 dice"] == "roll 3 movement dice and rest: remove 1 exhaustion"
    assert words["roll 5 dice"] == "roll 5 movement dice"


def test_cities_have_the_hungarian_rulebooks_names_in_hungarian() -> None:
    """R1 (RULES.md's content table): the Hungarian rulebook names Vynelvölgy, Fagykapu and
    Hajnalláp, which the English texts call Vynelvale, Frostgate and Dawnsmoor; Örvénypart and
    Szürkeföveny, known only from the Hungarian book, keep those names in every language.
    Hexes, the market's title and a quest's event all say the name of the player's language."""
    from boardwright.games.runebound.content import load
    from boardwright.games.runebound.text import describe_event, where

    c = load(None)
    hex_of = {c.board.cities[k].name: h for h, k in c.city_of.items()}
    names = {"Vynelvale": "Vynelvölgy", "Frostgate": "Fagykapu", "Dawnsmoor": "Hajnalláp",
             "Örvénypart": "Örvénypart", "Szürkeföveny": "Szürkeföveny", "Tamalir": "Tamalir"}
    for english, hungarian in names.items():
        assert where(hex_of[english], "en", c) == english
        assert where(hex_of[english], "hu", c) == hungarian
    quest = {"kind": "quest", "seat": 0, "card": 0, "city": "Frostgate"}
    assert "Fagykapu" in describe_event(quest, "hu")
    assert "Frostgate" in describe_event(quest, "en")
