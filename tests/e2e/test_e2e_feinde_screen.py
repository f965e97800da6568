"""Fürchterliche Feinde on a phone and a tablet (issue 37): a whole game at 390×844 tapped on the
labyrinth, the spell cards and the status bar only (never the text move list) against two bots,
shortened by the round cap and the stall rule; part of one at 820×1180. Every screen must fit
(touch.check_fits: no sideways scroll, every legal target in sight at least 44×44 CSS px, the
board as wide as the screen), the board is drawn in place (a space keeps its node from one
position to the next) and its draw time is measured. Screenshots land in test-artifacts/e2e/."""

from __future__ import annotations

import random
import time
from pathlib import Path

from playwright.sync_api import Browser, Page

from .clicks import create_match, wait_for_turn_or_end
from .touch import PHONE, TABLET, check_fits, touch_context

#: what a person taps: the board, their cards, and the status bar's buttons
TAP_NOW = "#board [data-action], #hand [data-action], #status-bar #actions [data-action]"
TAP_STEP = "#board .legal[data-step], #hand .legal[data-step]"
FIGHT = "#board .fe-token[data-action]"
#: a short game: three players, five rounds, and the stall rule
SHORT = {"max_rounds": "5", "stall_rounds": "2"}


def _join(browser: Browser, server: str, viewport: dict[str, int], seats: list[str]) -> Page:
    # the match is made and joined in one browser (a join link is bound to who made it)
    page = touch_context(browser, viewport).new_page()
    create_match(page, server, seats, game="feinde", options=SHORT)
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .fe-space")
    return page


def _tap_one_move(page: Page, rng: random.Random) -> str:
    """One legal move by tapping: a monster or chest offered to fight is taken (the game moves
    on), else a space, card or button, sometimes a first step of a longer path."""
    seq = page.evaluate("document.body.dataset.seq")
    steps, now, fight = page.locator(TAP_STEP), page.locator(TAP_NOW), page.locator(FIGHT)
    assert steps.count() or now.count(), "our turn, but nothing to tap"
    if fight.count():
        target = fight.first
    else:
        if steps.count() and (not now.count() or rng.random() < 0.5):
            steps.nth(rng.randrange(steps.count())).tap()
            now = page.locator(TAP_NOW)
        # the board most of the time: the status bar's End or Rest would end the turn at once
        board = page.locator("#board [data-action], #hand [data-action]")
        pool = board if board.count() and rng.random() < 0.85 else now
        target = pool.nth(rng.randrange(pool.count()))
    action = target.get_attribute("data-action") or ""
    target.tap()
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq"
                           " || !document.getElementById('error').hidden", arg=seq)
    assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
    return action


def test_a_whole_feinde_game_on_a_phone_by_tapping(server: str, browser: Browser,
                                                   artifacts: Path) -> None:
    started = time.monotonic()
    page = _join(browser, server, PHONE, ["human", "greedy", "greedy"])
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    rng = random.Random(37)
    moves, on_board, deadline = 0, 0, time.monotonic() + 240
    shots = {0: "first", 6: "move", 20: "later"}
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() < deadline and moves < 400, "the game did not end"
        found = check_fits(page)
        if moves in shots:
            page.screenshot(path=artifacts / f"screen-phone-feinde-{shots[moves]}.png")
        if page.locator("#board .legal").count():
            assert page.locator("#status-bar #turn").text_content(), "no prompt in the status bar"
        if moves == 0:
            # the start rooms are the targets, zoomed in to a tappable size
            assert page.locator("#board [data-action^='start']").count() == 4
            assert found["board"] >= 358
        # a space keeps its node: the board is drawn in place, not rebuilt
        page.evaluate("window.__feindeSpace = document.querySelector("
                      "'#board [data-key=\"space:R01\"]')")
        action = _tap_one_move(page, rng)
        on_board += not action.startswith(("end", "rest", "run", "yes", "no", "fight-move"))
        moves += 1
        assert page.evaluate("document.body.dataset.status === 'finished' || "
                             "window.__feindeSpace === document.querySelector("
                             "'#board [data-key=\"space:R01\"]')"), "the board was rebuilt"
    page.screenshot(path=artifacts / "screen-phone-feinde-end.png", full_page=True)
    assert page.locator("#final-scores").is_visible()
    check_fits(page)
    times = page.evaluate("window.__feindeDrawTimes || []")
    assert times, "no draw was timed"
    assert moves > 5 and not errors, errors
    print(f"\n{moves} tapped moves ({on_board} on the board or cards) in "
          f"{time.monotonic() - started:.1f} s; draw: median "
          f"{sorted(times)[len(times) // 2]:.1f} ms, max {max(times):.1f} ms over {len(times)}")
    page.context.close()


def test_part_of_a_feinde_game_on_a_tablet(server: str, browser: Browser, artifacts: Path) -> None:
    page = _join(browser, server, TABLET, ["human", "greedy", "greedy"])
    rng = random.Random(820)
    for move in range(10):
        if wait_for_turn_or_end(page) != "turn":
            break
        found = check_fits(page)
        assert found["board"] > 700, found   # upright tablet: the board spans the screen
        if move in (0, 5):
            page.screenshot(path=artifacts / f"screen-tablet-feinde-{move}.png")
        _tap_one_move(page, rng)
    page.context.close()
