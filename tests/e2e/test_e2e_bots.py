"""A person creates a 4-player Beowulf match against three random bots in the lobby and plays it
to the final scores by clicking, then steps through its replay."""

from __future__ import annotations

import random
import time
from pathlib import Path

from .clicks import Tab, click_one_move, close_scoring, create_match, wait_for_turn_or_end

MAX_STEPS = 400  # a 4-player game asks one seat for far fewer decisions than this


def test_play_a_whole_match_against_three_bots(server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    links = create_match(page, server, ["human", "random", "random", "random"])
    page.screenshot(path=artifacts / "lobby-created.png")
    assert list(links) == [0]

    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .cell")
    rng = random.Random(7)
    steps = 0
    scoring_seen = False
    while wait_for_turn_or_end(page) == "turn":
        if steps == 0:
            page.screenshot(path=artifacts / "match-first-turn.png")
        if page.locator("#scoring").is_visible():
            # An act was scored: step through it once, look, then close it.
            if not scoring_seen:
                next_step = page.locator("#scoring .scoring-next")
                if next_step.count():
                    next_step.click()
                page.locator("#scoring .scoring-steps li").first.wait_for()
                page.screenshot(path=artifacts / "match-act-scoring.png")
            scoring_seen = True
            close_scoring(page)
        click_one_move(page, rng)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"

    final = page.locator("#final-scores")
    final.wait_for(state="visible")
    assert page.locator("#winners").inner_text().strip()
    assert page.locator("#final-scores tbody tr").count() == 4
    assert page.locator("#final-scores tr.winner").count() >= 1
    # Acts I and II were scored while we played; Act III's scoring shows with the result.
    assert scoring_seen
    show_all = page.locator("#scoring .scoring-all")
    if show_all.count():
        show_all.click()
    assert page.locator("#scoring").is_visible()
    assert page.locator("#log li").count() > 50
    page.screenshot(path=artifacts / "match-final-scores.png", full_page=True)

    # The finished match's replay: first, next, last.
    page.click("#final-scores .replay-link")
    page.wait_for_selector("body[data-status='ready']")
    assert page.evaluate("document.body.dataset.step") == "0"
    page.click("#next")
    page.wait_for_selector("body[data-step='1']")
    page.click("#last")
    page.wait_for_selector("#final-scores:not([hidden])")
    page.screenshot(path=artifacts / "replay-last.png")
    # The bot's review: progress while it works, then the lines and the biggest swings; a swing
    # takes the replay to the position before that move.
    page.click("#review-button")
    page.wait_for_selector("#review[data-ready='true']", timeout=120_000)
    assert page.locator("#review .review-chart polyline").count() == 4  # a line per player
    swings = page.locator("#review .review-worst a.review-step")
    assert swings.count() >= 1
    step = swings.first.inner_text().split()[-1]
    swings.first.click()
    page.wait_for_selector(f"body[data-step='{int(step) - 1}']")
    page.screenshot(path=artifacts / "replay-review.png")
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{steps} clicked moves in {time.monotonic() - started:.1f} s")
