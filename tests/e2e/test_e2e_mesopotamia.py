"""A person creates a 3-player Mesopotamia match against two random bots in the lobby (with a
short turn cap, so the test ends) and plays it to the end by clicking the hex map and the move
buttons; the final panel names the result."""

from __future__ import annotations

import random
import time
from pathlib import Path

from playwright.sync_api import Page

from .clicks import Tab, create_match, send_move, wait_for_turn_or_end

MAX_STEPS = 300
TURN_CAP = 6  # two turns for each of the three seats

MOVE_NOW = "#board [data-action], #actions [data-action]"
SELECT = "#board [data-select]"


def click_one(page: Page, rng: random.Random) -> str:
    """Select a tile now and then (its moves appear), else click something that sends a move."""
    seq = page.evaluate("document.body.dataset.seq")
    select = page.locator(SELECT)
    if select.count() and rng.random() < 0.5:
        select.nth(rng.randrange(select.count())).click()
    now = page.locator(MOVE_NOW)
    assert now.count(), "it is our turn but no move is offered"
    # ending the movement or the action now and then keeps the turns short
    enders = page.locator("#actions [data-action='end_movement'], "
                          "#actions [data-action='finish_action']")
    target = enders.first if enders.count() and rng.random() < 0.3 else \
        now.nth(rng.randrange(now.count()))
    return send_move(page, target, seq)


def test_play_a_capped_mesopotamia_match_against_two_bots(
        server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    href = create_match(page, server, ["human", "random", "random"], game="mesopotamia",
                        options={"max_turns": str(TURN_CAP)})[0]
    page.goto(href if href.startswith("http") else f"{server}{href}")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .cell")
    # the key under the map: five terrains, the empty hex, hut, holy place, members, what
    # members carry, loose wood and stone
    assert page.locator("#board .meso-legend li").count() == 11
    rng = random.Random(11)
    steps = 0
    while wait_for_turn_or_end(page) == "turn":
        if steps == 0:
            page.screenshot(path=artifacts / "meso-first-turn.png")
        click_one(page, rng)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    final = page.locator("#final-scores")
    final.wait_for(state="visible")
    assert page.locator("#winners").inner_text().strip()
    assert page.locator("#final-scores tbody tr").count() == 3
    assert page.locator("#final-scores tr.winner").count() >= 1
    assert page.locator("#log li").count() > 10
    page.screenshot(path=artifacts / "meso-final.png", full_page=True)
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{steps} clicked moves in {time.monotonic() - started:.1f} s")
