"""A person creates a 4-player Fürchterliche Feinde match against three random bots in the lobby
and plays it to the end by clicking the labyrinth's highlighted spaces and the move buttons."""

from __future__ import annotations

import random
import time
from pathlib import Path

from .clicks import Tab, click_one_move, create_match, wait_for_turn_or_end

MAX_STEPS = 1500  # random play ends by the stall rule (R12 A36) or the turn cap long before


def test_play_a_whole_feinde_match_against_three_bots(
        server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    # random clicks never beat 49 and 50: the table chooses the early-end variant (a stall rule)
    create_match(page, server, ["human", "random", "random", "random"], game="feinde",
                 options={"stall_rounds": "3"})
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .cell")
    assert "PROPOSAL" in page.locator("#actions").inner_text()
    rng = random.Random(11)
    steps = 0
    clicked_board = 0
    while wait_for_turn_or_end(page) == "turn":
        if steps == 0:
            page.screenshot(path=artifacts / "feinde-first-turn.png")
            # the start rooms are clickable spaces on the labyrinth
            assert page.locator("#board [data-action^='start']").count() == 4
        action = click_one_move(page, rng)
        if action.startswith(("step", "start", "fight", "monster", "pick")):
            clicked_board += 1
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    page.wait_for_selector("#final-title")
    assert page.locator("#log li").count() > 10
    assert clicked_board > 0
    page.screenshot(path=artifacts / "feinde-final.png", full_page=True)
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{steps} clicked moves in {time.monotonic() - started:.1f} s")
