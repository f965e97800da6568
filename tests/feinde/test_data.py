"""R1: the board and components are replaceable data, checked with clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from feinde_helpers import GAME, cell, new_game

from boardwright.engine.errors import BadConfig
from boardwright.games.feinde import sight
from boardwright.games.feinde.data import _packaged, load_board, load_tables, parse_board


def test_r1_2_proposal_board_has_the_confirmed_counts_and_is_flagged() -> None:
    b = load_board()
    assert b.proposal is True
    assert len(b.rooms) == 53 and len(b.starts) == 4
    assert len(b.crossings) == 15 and len(b.teleports) == 4
    assert sum(1 for k in b.kind if k == 0) == 315 + 0  # 315 corridor spaces (res §7.1)


def test_r1_2_each_start_room_leads_to_one_room() -> None:
    """res §7.1 worked numbers: S1-S4 connect to R44, R46, R47 and R48."""
    st = new_game(4)
    found = []
    for s, want in zip(st.cfg.board.starts, ("R44", "R46", "R47", "R48"), strict=True):
        st.token[s] = 0
        rooms, hidden = sight.sight(st, s)
        assert not hidden
        found.append([st.cfg.board.labels[r] for r in rooms])
        assert found[-1] == [want]


def _board_text() -> str:
    return _packaged("board_proposal.txt")


def test_r1_2_unknown_room_id_is_rejected_with_its_line() -> None:
    text = _board_text() + "R77 = Nowhere\n"
    line = len(text.splitlines())
    with pytest.raises(BadConfig) as err:
        parse_board(text, "my_board.txt")
    assert f"my_board.txt, line {line}: unknown room id 'R77'" in err.value.message


def test_r1_2_dangling_corridor_is_rejected_with_its_line() -> None:
    lines = _board_text().splitlines()
    start = lines.index("[map]") + 1
    # a corridor space hanging off the right end of the map's first row
    lines[start] = lines[start] + " ."
    lines[start + 1] = lines[start + 1] + "  ."
    text = "\n".join(lines) + "\n"
    with pytest.raises(BadConfig) as err:
        parse_board(text, "my_board.txt")
    assert f"line {start + 1}:" in err.value.message
    assert "dangling corridor" in err.value.message


def test_r1_2_unknown_map_character_and_counts_are_rejected() -> None:
    text = _board_text().replace("R.a...R", "R.a...Q", 1)
    with pytest.raises(BadConfig, match=r"line \d+: unknown map character 'Q'"):
        parse_board(text)
    text = _board_text().replace("S     S     S     S", "S     S     S     R", 1)
    with pytest.raises(BadConfig, match="the map has 3 start rooms"):
        parse_board(text)


def test_r1_2_a_replacement_board_file_is_used(tmp_path: Path) -> None:
    text = _board_text().replace("proposal = yes", "proposal = no")
    path = tmp_path / "board.txt"
    path.write_text(text, encoding="utf-8")
    st = GAME.new_initial_state(3, {"board_file": str(path)})
    assert st.cfg.board.proposal is False
    assert st.view(0)["proposal_data"] is True  # the components are still the proposal
    bad = tmp_path / "bad.txt"
    bad.write_text(text + "X99 = wrong\n", encoding="utf-8")
    with pytest.raises(BadConfig, match="unknown room id 'X99'"):
        GAME.new_initial_state(3, {"board_file": str(bad)})


def test_r1_4_components_file_errors_name_the_problem(tmp_path: Path) -> None:
    good = _packaged("components_proposal.json")
    path = tmp_path / "c.json"
    path.write_text(good.replace('"move2", "move3",', '"move2", "teleport",', 1), "utf-8")
    with pytest.raises(BadConfig, match="unknown card 'teleport'"):
        GAME.new_initial_state(3, {"components_file": str(path)})
    path.write_text(good.replace('"proposal": true,', '"proposal": true,,'), "utf-8")
    with pytest.raises(BadConfig, match=r"line 2: not valid JSON"):
        GAME.new_initial_state(3, {"components_file": str(path)})


def test_r1_4_proposal_components_match_the_research_tables() -> None:
    t = load_tables()
    assert t.proposal is True
    assert sum(t.gold[1:]) == 193  # res §7.6
    assert sum(1 for h in t.heart if h) == 11
    assert t.heart[38] == 2 and t.heart[49] == 0 and t.gold[50] == 7
    assert t.bonus == {2: 3, 3: 4, 4: 5, 5: 6, 6: 7}
    assert sum(map(sum, t.groups)) == 42
    assert t.tiles == (2, 6, 4, 3)


def test_r12_player_counts() -> None:
    with pytest.raises(BadConfig, match="3-6 players"):
        GAME.new_initial_state(2)
    assert GAME.new_initial_state(2, {"allow_two_players": True}).num_players == 2
    with pytest.raises(BadConfig):
        GAME.new_initial_state(7)
    assert cell(new_game(3), "S1") >= 0
