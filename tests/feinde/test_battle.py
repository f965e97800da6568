"""R5 battle: the three cases with fixed dice, payments, hearts, fright and learning."""

from __future__ import annotations

from fractions import Fraction

from feinde_helpers import act, kinds, new_game, put_token

from boardwright.games.feinde import data, fights, knowledge


def _dice(st, monster: int, hero: int) -> int:
    return st.action_from_text(f"dice {monster}-{hero}")


def test_r5_4_dice_distribution_matches_the_book() -> None:
    """res §4: D = -1, 0, 1, 2, 3 in 1, 4, 10, 12, 9 ways out of 36."""
    st = new_game(4)
    act(st, data.FIGHT_MOVE, data.FIGHT)
    assert st.phase == data.DICE
    ways: dict[int, Fraction] = {}
    for a, p in st.chance_outcomes():
        m, h = st.action_to_text(a).split()[1].split("-")
        d = int(m) - int(h)
        ways[d] = ways.get(d, Fraction(0)) + Fraction(p).limit_denominator(36)
    assert {d: w * 36 for d, w in ways.items()} == {-1: 1, 0: 4, 1: 10, 2: 12, 3: 9}


def test_r5_1_normal_fight_won_pays_d_and_sets_knowledge_to_m_plus_b() -> None:
    st = new_game(4)  # seat 0: knowledge 1 on S1 with monster 1; b = 5
    events = act(st, data.FIGHT_MOVE, data.FIGHT)
    assert events[-1].data["case"] == "normal"
    box = st.box
    act(st, _dice(st, 3, 1))  # D = 2
    assert st.chips[0] == 4
    assert st.storage == 1  # R5.3 one chip of the payment
    assert st.box == box + 1
    assert st.knowledge[0] == 1 + 5  # R5.9 m + b
    assert st.gold[0] == 1 and st.trophies[0] == [1]
    assert st.phase == data.DRAW  # R7.2 a spell card is drawn (group I on top)
    act(st, st.chance_outcomes()[0][0])
    assert len(st.hands[0]) == 1 and st.hand_groups[0] == [0]
    # R6.3 exploring from the emptied S1: R44's chip goes to storage, monster 5 is placed there
    assert st.storage == 2
    assert st.phase == data.PLACE and st.next_token == 5
    assert [st.action_to_text(a) for a, _ in st.chance_outcomes()] == ["place R44"]
    act(st, st.chance_outcomes()[0][0])
    assert st.token[st.cfg.board.index_of("R44")] == 5
    assert st.phase == data.MOVE and st.budget == 6  # fought first: now up to 6 steps


def test_r5_4_total_victory_gives_one_gold_and_costs_nothing() -> None:
    st = new_game(4)
    act(st, data.FIGHT_MOVE, data.FIGHT, _dice(st, 2, 3))
    assert st.chips[0] == 6
    assert st.gold[0] == 1 + 1


def test_r5_6_green_heart_adds_to_every_payment() -> None:
    st = new_game(4)
    put_token(st, "S1", 6)  # monster 6 has heart 1
    st.knowledge[0] = 6
    act(st, data.FIGHT_MOVE, data.FIGHT, _dice(st, 2, 3))  # D = -1: pay h - 1 = 0, +1 gold
    assert st.chips[0] == 6 and st.gold[0] == 1 + 1
    st2 = new_game(4)
    put_token(st2, "S1", 6)
    st2.knowledge[0] = 6
    act(st2, data.FIGHT_MOVE, data.FIGHT, _dice(st2, 3, 1))  # D = 2: pay 3
    assert st2.chips[0] == 3
    assert fights.battle_cost(0, 4, 1, 2) == (5, False)
    assert fights.battle_cost(0, 2, 3, 2) == (1, True)


def test_r5_3_only_one_chip_of_a_payment_goes_to_storage() -> None:
    st = new_game(4)
    before = (st.storage, st.box)
    knowledge.pay(st, 0, 3)
    assert (st.storage, st.box) == (before[0] + 1, before[1] + 2)
    knowledge.pay(st, 0, 0)
    assert (st.storage, st.box) == (before[0] + 1, before[1] + 2)


def test_r5_8_learning_fight_gives_one_knowledge_and_a_free_step() -> None:
    st = new_game(4)
    put_token(st, "S1", 3)  # k = 1 < m = 3
    events = act(st, data.FIGHT_MOVE, data.FIGHT)
    assert events[-1].data["case"] == "learning"
    act(st, _dice(st, 2, 3))  # D = -1 counts as 0: no gold, pays 0
    assert st.chips[0] == 6 and st.gold[0] == 0
    assert st.knowledge[0] == 2
    assert st.token[st.pos[0]] == 3  # the monster stays
    assert st.phase == data.FREE_STEP
    assert data.STEP + 0 in st.legal_actions() and data.END in st.legal_actions()
    act(st, data.STEP + 0)  # one free step north: R44 comes into sight (R3.6)
    assert st.phase == data.PLACE
    act(st, st.chance_outcomes()[0][0])
    assert st.to_move == 1 and st.phase == data.CHOOSE  # the turn has ended


def test_r5_5_short_of_chips_pays_all_and_learns() -> None:
    st = new_game(4)
    st.chips[0] = 1
    st.box += 5
    act(st, data.FIGHT_MOVE, data.FIGHT)
    events = act(st, _dice(st, 4, 1))  # D = 3 > 1 chip
    assert "short_of_chips" in kinds(events)
    assert st.chips[0] == 0 and st.knowledge[0] == 2
    assert st.token[st.pos[0]] == 1 and st.gold[0] == 0
    assert st.phase == data.FREE_STEP


def test_r5_7_frightened_monster_gives_one_gold_less_and_no_knowledge() -> None:
    st = new_game(4)
    put_token(st, "S1", 8)  # gold 2
    st.knowledge[0] = 13  # 8 + 5 <= 13
    events = act(st, data.FIGHT_MOVE, data.FIGHT)
    assert "frightened" in kinds(events) and "dice" not in kinds(events)
    assert st.gold[0] == 1 and st.knowledge[0] == 13 and st.chips[0] == 6
    assert st.phase == data.DRAW  # A9: a card all the same


def test_r5_7_frightened_one_gold_monster_goes_to_the_box() -> None:
    st = new_game(4)
    st.knowledge[0] = 6  # 1 + 5 <= 6
    act(st, data.FIGHT_MOVE, data.FIGHT)
    assert st.gold[0] == 0 and st.trophies[0] == [] and 1 in st.boxed_tokens


def test_r5_7_frightened_heart_monster_still_costs_its_heart() -> None:
    st = new_game(4)
    put_token(st, "S1", 10)  # heart 1, gold 2
    st.knowledge[0] = 20
    act(st, data.FIGHT_MOVE, data.FIGHT)
    assert st.chips[0] == 5 and st.gold[0] == 1


def test_r5_1_knowledge_caps_at_50() -> None:
    st = new_game(4)
    put_token(st, "S1", 48)
    st.knowledge[0] = 48
    act(st, data.FIGHT_MOVE, data.FIGHT, _dice(st, 2, 2))
    assert st.knowledge[0] == 50


def test_r5_1_1_at_knowledge_50_every_monster_up_to_50_dies_of_fright() -> None:
    for token in (46, 49, 50):
        st = new_game(4)
        put_token(st, "S1", token)
        st.knowledge[0] = 50
        events = act(st, data.FIGHT_MOVE, data.FIGHT)
        assert "frightened" in kinds(events), token  # winning would not raise 50 (R5.1)


def test_r5_1_1_option_fright_uncapped_fights_the_bosses_at_50() -> None:
    st = new_game(4, fright_uncapped=True)
    put_token(st, "S1", 49)
    st.knowledge[0] = 50
    events = act(st, data.FIGHT_MOVE, data.FIGHT)
    assert events[-1].data["case"] == "normal"  # A8: 49 + 5 > 50, no fright


def test_r5_9_fight_first_then_move_up_to_six() -> None:
    st = new_game(4)
    act(st, data.FIGHT_MOVE, data.FIGHT, _dice(st, 2, 2))
    while st.is_chance_node():
        act(st, st.chance_outcomes()[0][0])
    assert st.phase == data.MOVE and st.budget == 6 and st.to_move == 0
    assert data.FIGHT not in st.legal_actions()


def test_r3_5_escape_only_from_a_stronger_monster() -> None:
    st = new_game(4)
    assert data.ESCAPE not in st.legal_actions()  # monster 1, knowledge 1
    put_token(st, "S1", 3)
    assert data.ESCAPE in st.legal_actions()
    assert data.RUN not in st.legal_actions()  # R3.4 pinned
    storage = st.storage
    act(st, data.ESCAPE)
    assert st.chips[0] == 5 and st.storage == storage + 1
    assert data.RUN in st.legal_actions()
    act(st, data.RUN)
    assert data.STEP + 0 in st.legal_actions()
