"""A person creates a 2-player Runebound match against a random bot in the lobby (a 3-round cap
so it ends soon) and plays it to the end by clicking highlighted hexes and move buttons."""

from __future__ import annotations

import random
import time
from pathlib import Path

from .clicks import Tab, click_one_move, create_match, wait_for_turn_or_end

MAX_STEPS = 400


def test_play_a_whole_runebound_match_against_a_bot(server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    create_match(page, server, ["human", "random"], game="runebound",
                 options={"max_rounds": "3"})
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg.runebound-map .hex")
    assert "ORIGINAL" in page.locator("#board").inner_text()
    rng = random.Random(5)
    steps = 0
    hex_clicks = 0
    while wait_for_turn_or_end(page) == "turn":
        if steps == 0:
            page.screenshot(path=artifacts / "runebound-first-turn.png")
        if page.locator("#board .hex.legal").count() and rng.random() < 0.8:
            seq = page.evaluate("document.body.dataset.seq")
            hexes = page.locator("#board .hex.legal")
            hexes.nth(rng.randrange(hexes.count())).click()
            page.wait_for_function(
                "(seq) => document.body.dataset.seq !== seq"
                " || !document.getElementById('error').hidden", arg=seq, timeout=30_000)
            assert page.locator("#error").is_hidden()
            hex_clicks += 1
        else:
            click_one_move(page, rng)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    page.locator("#final-scores").wait_for(state="visible")
    assert page.locator("#final-scores .winners").inner_text().strip()
    assert page.locator("#log li").count() > 10
    assert hex_clicks > 0
    page.screenshot(path=artifacts / "runebound-final.png", full_page=True)
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{steps} clicked moves ({hex_clicks} on the map) in "
          f"{time.monotonic() - started:.1f} s")
