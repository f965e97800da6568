"""R5.10 trading between heroes (seed p.6, p.10): instead of an adventure the active hero may
trade with one hero on its hex; an offer is built from atomic parts, the other seat accepts or
declines, an accepted offer changes hands at once within the market limits (R6.4)."""

from __future__ import annotations

import json
import random

import pytest
from rb_helpers import act, legal_names, meet, mkt

from boardwright.engine.errors import IllegalAction
from boardwright.games.runebound.game import GAME
from boardwright.games.runebound.state import REWARD


def items_of(s, kind: str) -> list[int]:
    return [i for i, m in enumerate(s.cfg.content.market) if m.item_kind == kind]


def test_r5_10_trading_is_offered_instead_of_an_adventure_when_heroes_meet() -> None:
    s = meet()
    assert {"trade_with", "attack_player", "skip"} <= legal_names(s)
    assert "trade_with" not in legal_names(meet(trade_offers=0))  # the option turns it off


def test_r5_10_the_other_seat_accepts_and_the_offer_changes_hands_at_once() -> None:
    s = meet()
    a, b = s.g["players"]
    leather = mkt(s, "studded_leather")
    a["items"] = [[leather, 1]]  # activated: it stays face down with its new owner
    a["gold"], b["gold"] = 3, 5
    act(s, "trade_with", 1)
    assert s.g["phase"] == "trade" and s.current_player() == 0
    act(s, "trade_give_item", 0)
    for _ in range(3):
        act(s, "trade_take_gold")
    act(s, "trade_propose")
    assert s.current_player() == 1 and legal_names(s) == {"trade_accept", "trade_decline"}
    act(s, "trade_accept")
    assert a["items"] == [] and b["items"] == [[leather, 1]]
    assert (a["gold"], b["gold"]) == (6, 2)
    assert s.current_player() == 0 and s.g["phase"] == "trade" and s.g["trade"]["offers"] == 1


def test_r5_10_a_declined_offer_changes_nothing_and_offers_are_bounded() -> None:
    s = meet(trade_offers=2)
    before = json.dumps(s.g["players"])
    act(s, "trade_with", 1)
    for _ in range(2):
        act(s, "trade_give_gold")
        act(s, "trade_propose")
        act(s, "trade_decline")
    assert json.dumps(s.g["players"]) == before
    # CHOICE R5.10a after `trade_offers` offers the meeting is over: the turn goes on
    assert s.g["trade"] is None and s.g["phase"] == "experience" and s.current_player() == 0


def test_r5_10_trading_replaces_the_adventure_and_the_attack() -> None:
    s = meet()
    h = s.g["players"][0]["pos"]
    s.g["board"][h] = 0  # a counter here too: the player chose trading instead
    act(s, "trade_with", 1)
    act(s, "trade_end")
    assert s.g["phase"] == "experience" and s.g["board"][h] == 0
    assert "attack_player" not in legal_names(s) and "face" not in legal_names(s)


def test_r5_10_an_offer_must_leave_both_heroes_within_the_market_limits() -> None:
    s = meet()
    a, b = s.g["players"]
    arm = items_of(s, "armour")
    a["items"] = [[arm[0], 0]]
    b["items"] = [[arm[1], 0]]
    act(s, "trade_with", 1)
    act(s, "trade_give_item", 0)
    assert "trade_propose" not in legal_names(s)  # b would hold two armours (R6.4)
    act(s, "trade_take_item", 0)
    assert "trade_propose" in legal_names(s)  # a swap keeps one armour each
    act(s, "trade_propose")
    act(s, "trade_accept")
    assert a["items"] == [[arm[1], 0]] and b["items"] == [[arm[0], 0]]


def test_r5_10_allies_change_hands_with_their_wounds_and_reward_cards_never_do() -> None:
    s = meet()
    a, b = s.g["players"]
    ally = next(i for i, m in enumerate(s.cfg.content.market) if m.kind == "ally")
    b["allies"] = [[ally, 1, 1]]
    a["items"] = [[REWARD + 0, 0]]  # a kept adventure card (R6.3): never traded away
    act(s, "trade_with", 1)
    assert "trade_give_item" not in legal_names(s)
    act(s, "trade_take_ally", 0)
    act(s, "trade_propose")
    act(s, "trade_accept")
    assert a["allies"] == [[ally, 1, 1]] and b["allies"] == []


def test_r5_10_bad_trade_actions_are_refused_and_change_nothing() -> None:
    s = meet()
    s.g["players"][0]["items"] = []
    act(s, "trade_with", 1)
    before = json.dumps(s.to_json(), sort_keys=True)
    # not the other seat's answer yet; an empty offer; an item the hero does not hold
    for name in ("trade_accept", "trade_propose", "trade_give_item"):
        with pytest.raises(IllegalAction):
            act(s, name)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_r5_10_views_round_trip_while_an_offer_waits_for_an_answer() -> None:
    s = meet()
    act(s, "trade_with", 1)
    act(s, "trade_give_gold")
    act(s, "trade_propose")
    for seat in (0, 1, None):
        v = s.view(seat)
        back = GAME.sample_state(v, seat if seat is not None else 0, random.Random(1))
        assert back.view(seat) == v
    assert back.legal_actions() == s.legal_actions()


def test_r5_10_trade_texts_in_both_languages() -> None:
    s = meet()
    act(s, "trade_with", 1)
    act(s, "trade_give_gold")
    act(s, "trade_propose")
    sp = s.cfg.space
    en = GAME.describe_action(s, sp.encode("trade_accept", 0), "en")
    hu = GAME.describe_action(s, sp.encode("trade_accept", 0), "hu")
    assert en == "accept the offer (gives 1 gold; asks for nothing)"
    assert hu == "az ajánlat elfogadása (ad: 1 arany; kér: semmi)"
