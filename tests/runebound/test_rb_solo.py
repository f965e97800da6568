"""R11.5: Runebound takes one to six players; a solo hero wins only by R11.1 (Margath or three
runes), any other end is a loss."""

from __future__ import annotations

import pytest

from boardwright.agents import AGENTS
from boardwright.engine.errors import BadConfig
from boardwright.engine.play import play_game
from boardwright.games.runebound.game import GAME


def test_r11_5_one_to_six_players() -> None:
    assert list(GAME.info.player_counts) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(BadConfig, match="1 to 6 players"):
        GAME.new_initial_state(7)


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_r11_5_a_solo_game_plays_and_the_cap_is_a_loss(agent: str) -> None:
    result = play_game(GAME, 1, [AGENTS[agent]()], seed=3, options={"max_rounds": 10})
    ending = result.state.ending()
    assert ending is not None and ending.by == "cap"
    assert result.state.winners() == [] and result.state.returns() == [0.0]
    assert result.record.winners == []


def test_r11_5_ismcts_plays_a_solo_game_whose_end_has_no_winner() -> None:
    result = play_game(GAME, 1, [AGENTS["ismcts"](iterations=10)], seed=4,
                       options={"max_rounds": 3})
    assert result.state.is_terminal() and result.state.winners() == []
