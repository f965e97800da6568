"""A seat belongs to its player, not to a browser (issue 24): a person signs up, creates a
match holding seat A, closes the browser, logs in from a fresh one and finds the match under
My games with the seat back; the chat carries a line as text; the pages read in Hungarian."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from .clicks import Tab, click_one_move, create_match, wait_for_turn_or_end

NAME, PASSWORD = "Edith", "a long enough password"


def _snapshot_seat(page: object) -> object:
    return page.evaluate("window.boardwright.snapshot().seat")  # type: ignore[attr-defined]


def test_a_fresh_browser_that_logs_in_gets_the_seat_back(
        server: str, open_tab: Callable[[], Tab], artifacts: Path) -> None:
    first = open_tab()
    page = first.page
    page.goto(f"{server}/account?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#signup-name", NAME)
    page.fill("#signup-password", "short")
    page.click("#signup-button")
    error = page.locator("#account-error")
    error.wait_for(state="visible")
    assert "8 to 128 characters" in error.inner_text()
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    page.wait_for_selector("body[data-identity='account']")
    assert page.locator("#nav-account").inner_text() == NAME

    create_match(page, server, ["human", "random"])
    match_id = page.get_attribute("#created .spectate-link", "href").rsplit("/", 1)[-1]
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    assert _snapshot_seat(page) == 0
    assert page.locator("#rematch-box").is_hidden()  # only at the end
    if wait_for_turn_or_end(page) == "turn":
        click_one_move(page, random.Random(5))
    page.fill("#chat-text", "<b>hello</b> from Edith")
    page.click("#chat-send")
    page.wait_for_selector("#chat li .chat-text")
    assert page.locator("#chat li .chat-text").inner_text() == "<b>hello</b> from Edith"
    assert page.locator("#chat b").count() == 0  # text, never markup
    seq = int(page.evaluate("document.body.dataset.seq"))
    page.context.close()  # the browser is gone, and with it the tab's join token

    second = open_tab()
    page = second.page
    page.goto(f"{server}/m/{match_id}?lang=en")  # not logged in: a spectator
    page.wait_for_selector("body[data-connection='online']")
    assert _snapshot_seat(page) is None
    # a spectator's panel lists moves that are not its own, and says so
    assert page.locator("#moves-title").inner_text() == "Moves"

    page.goto(f"{server}/account?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#login-name", NAME.lower())
    page.fill("#login-password", "not the password")
    page.click("#login-button")
    page.locator("#account-error").wait_for(state="visible")
    assert "No account with this name and password" in page.locator("#account-error").inner_text()
    page.fill("#login-password", PASSWORD)
    page.click("#login-button")
    page.wait_for_selector("body[data-identity='account']")

    page.click("#nav-my-games")
    page.wait_for_selector("body[data-ready='true']")
    item = page.locator(f"#my-playing li[data-match='{match_id}']")
    item.wait_for()
    page.screenshot(path=artifacts / "my-games.png")
    item.locator(".my-match-link").click()
    page.wait_for_selector("body[data-connection='online']")
    assert _snapshot_seat(page) == 0
    assert int(page.evaluate("document.body.dataset.seq")) >= seq
    assert "you are" in page.locator("#title").inner_text()
    assert f"({NAME})" in page.locator("#players").inner_text()  # the seat shows its player
    assert page.locator("#chat li .chat-text").first.inner_text() == "<b>hello</b> from Edith"
    page.screenshot(path=artifacts / "seat-back.png")

    page.goto(f"{server}/my-games?lang=hu")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#my-title").inner_text() == "Játszmáim"
    assert page.locator("#nav-leaderboard").inner_text() == "Ranglista"
    page.goto(f"{server}/leaderboard?lang=hu")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#board-title").inner_text() == "Ranglista"
    errors = first.errors + second.errors
    assert not errors, f"JavaScript errors: {errors}"


def test_a_turn_based_match_made_in_hungarian_shows_its_deadline(
        server: str, tab: Tab, artifacts: Path) -> None:
    """The lobby in Hungarian makes a turn-based match (two days per move) for a guest; the
    match page and My games say by when to move."""
    page = tab.page
    page.goto(f"{server}/?lang=hu")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", "beowulf")
    page.select_option("#players", "2")
    page.select_option("#seat-1-kind", "bot")
    page.fill("#seat-1-agent", "random")
    page.select_option("#mode", "turn")
    page.fill("#move-days", "2")
    page.select_option("#on-timeout", "lose")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden]) .join-link")
    assert "(vendég)" in page.locator("#nav-account").inner_text()  # a guest was made
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    assert wait_for_turn_or_end(page) == "turn"
    assert "lépési határidő" in page.locator("#turn").inner_text()
    page.goto(f"{server}/my-games?lang=hu")
    page.wait_for_selector("body[data-ready='true']")
    item = page.locator("#my-playing li").first
    assert "lépési határidő" in item.inner_text() and "Te jössz" in item.inner_text()
    page.screenshot(path=artifacts / "my-games-hu.png")
    assert not tab.errors, f"JavaScript errors: {tab.errors}"
