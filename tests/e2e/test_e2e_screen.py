"""The match page as a phone and a tablet show it (issue 37): a whole Beowulf game at 390×844
tapped on the board, the hand and the status bar only (never the text move list), part of one
at 820×1180, motion of another seat's step, the remembered pace, focus after a choice, and the
long-press tip. Screenshots land in test-artifacts/e2e/."""

from __future__ import annotations

import random
import time
from pathlib import Path

from playwright.sync_api import Browser, Page

from .clicks import create_match, wait_for_turn_or_end
from .touch import PHONE, TABLET, check_fits, touch_context

#: what a person taps: the board, their hand, and the status bar's buttons
TAP_NOW = "#board [data-action], #hand [data-action], #status-bar #actions [data-action]"
TAP_STEP = "#board .legal[data-step], #hand .legal[data-step]"


def _join(browser: Browser, server: str, viewport: dict[str, int], seats: list[str],
          **context: str) -> Page:
    # the lobby on the same device: seat A is bound to the identity that created the match
    page = touch_context(browser, viewport, **context).new_page()
    links = create_match(page, server, seats)
    page.goto(links[0])
    page.wait_for_selector("body[data-connection='online']")
    return page


def _tap_one_move(page: Page, rng: random.Random) -> str:
    """One legal step by tapping: sometimes a figure (or Good Counsel figure) first, then a
    space; otherwise whatever sends a move at once."""
    seq = page.evaluate("document.body.dataset.seq")
    steps, now = page.locator(TAP_STEP), page.locator(TAP_NOW)
    assert steps.count() or now.count(), "our turn, but nothing to tap"
    if steps.count() and (not now.count() or rng.random() < 0.5):
        steps.nth(rng.randrange(steps.count())).tap()
        now = page.locator("#board [data-action]")
        assert now.count(), "a figure was chosen but no space is a target"
    target = now.nth(rng.randrange(now.count()))
    action = target.get_attribute("data-action") or ""
    target.tap()
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq"
                           " || !document.getElementById('error').hidden", arg=seq)
    assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
    return action


def test_a_whole_beowulf_game_on_a_phone_by_tapping(server: str, browser: Browser,
                                                    artifacts: Path) -> None:
    page = _join(browser, server, PHONE, ["human", "random"])
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    rng = random.Random(37)
    moves, deadline = 0, time.monotonic() + 240
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() < deadline and moves < 300, "the game did not end"
        check_fits(page)
        if moves in (0, 12):
            page.screenshot(path=artifacts / f"screen-phone-beowulf-{moves}.png")
        if page.locator("#board .legal").count():
            assert page.locator("#status-bar #turn").text_content(), "no prompt in the status bar"
        _tap_one_move(page, rng)
        moves += 1
    page.screenshot(path=artifacts / "screen-phone-beowulf-end.png", full_page=True)
    assert page.locator("#final-scores").is_visible()
    check_fits(page)
    assert moves > 10 and not errors, errors
    page.context.close()


def test_part_of_a_game_on_a_tablet(server: str, browser: Browser, artifacts: Path) -> None:
    page = _join(browser, server, TABLET, ["human", "random", "random"])
    rng = random.Random(820)
    for move in range(8):
        assert wait_for_turn_or_end(page) == "turn"
        found = check_fits(page)
        assert found["board"] > 700, found   # upright tablet: the board spans the screen
        if move in (0, 6):
            page.screenshot(path=artifacts / f"screen-tablet-beowulf-{move}.png")
        _tap_one_move(page, rng)
    page.context.close()


#: counts the animations a page starts (Element.animate), from its first script on
COUNT_ANIMATIONS = """
window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  return animate.apply(this, args);
};
"""


def _place_a_figure(page: Page) -> None:
    """Our first move, tapped: the 1-diamond figure on the first space offered."""
    wait_for_turn_or_end(page)
    page.locator("#hand [data-key='figure:1']").tap()
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#board [data-action]").first.tap()
    page.wait_for_function("(seq) => document.body.dataset.seq !== seq", arg=seq)


def test_another_seats_step_moves_on_screen_unless_reduced_motion(
        server: str, browser: Browser) -> None:
    for motion, animated in (("no-preference", True), ("reduce", False)):
        page = _join(browser, server, PHONE, ["human", "random"], pace="normal",
                     reduced_motion=motion)
        page.add_init_script(COUNT_ANIMATIONS)
        page.reload()
        page.wait_for_selector("body[data-connection='online']")
        _place_a_figure(page)
        if animated:   # the bot's figure grows in where it lands
            page.wait_for_function("() => document.getAnimations().length > 0", timeout=30_000)
        wait_for_turn_or_end(page)
        count = page.evaluate("window.__animations")
        assert (count > 0) == animated, (motion, count)
        page.context.close()


def test_the_pace_is_remembered(server: str, browser: Browser) -> None:
    page = _join(browser, server, PHONE, ["human", "random"], pace=None)
    page.locator("#settings-button").tap()
    assert page.locator("#pace").input_value() == "normal"   # the default
    page.select_option("#pace", "slow")
    page.reload()
    page.wait_for_selector("body[data-connection='online']")
    page.locator("#settings-button").tap()
    assert page.locator("#pace").input_value() == "slow"
    page.context.close()


def test_focus_goes_to_the_first_target_after_a_choice(server: str, browser: Browser) -> None:
    page = _join(browser, server, PHONE, ["human", "random"])
    wait_for_turn_or_end(page)
    figure = page.locator("#hand [data-key='figure:2']")
    figure.focus()
    page.keyboard.press("Enter")
    focused = page.evaluate("[document.activeElement.dataset.key,"
                            " document.activeElement.classList.contains('legal')]")
    assert focused[0].startswith("cell:") and focused[1], focused
    assert page.locator("#cancel").is_visible()
    page.keyboard.press("Escape")   # drops the choice: no space is a target any more
    assert page.locator("#board .legal").count() == 0 and page.locator("#cancel").is_hidden()
    page.context.close()


def test_a_long_press_shows_what_hover_shows(server: str, browser: Browser) -> None:
    page = _join(browser, server, PHONE, ["human", "random"])
    wait_for_turn_or_end(page)
    cell = page.locator("#board [data-key='cell:C3']")
    box = cell.bounding_box()
    assert box
    at = {"pointerType": "touch", "isPrimary": True, "bubbles": True,
          "clientX": box["x"] + box["width"] / 2, "clientY": box["y"] + box["height"] / 2}
    cell.dispatch_event("pointerdown", at)
    page.wait_for_timeout(700)
    cell.dispatch_event("pointerup", at)
    tip = page.locator("#tip")
    assert tip.is_visible() and "C3" in (tip.text_content() or "")
    page.context.close()
