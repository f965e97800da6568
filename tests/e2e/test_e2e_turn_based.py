"""Time at the table, in the browser (issue 24), each on a server of the test's own whose days
and sweeps last seconds: an open match nobody joins expires from the lobby; a turn-based match
between two accounts survives everyone leaving and a server restart, and the player to move
sees it on My games and in the tab's title; a player who lets the deadline pass loses, or a bot
plays for them until they take the seat back, as the table chose."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from .clicks import Tab, click_one_move, close_scoring, create_match, wait_for_turn_or_end
from .conftest import Server
from .screens import check_screen
from .tables import (
    TINY_BEOWULF,
    can_move,
    finished,
    log_in,
    open_seat,
    play_out,
    seat_of,
    sign_up,
)

#: the open match's life and the sweep's interval: long enough to see it listed
OPEN_SECONDS, SWEEP_SECONDS = 5, 1


def _match_id(page: Page) -> str:
    return (page.get_attribute("#created .spectate-link", "href") or "").rsplit("/", 1)[-1]


def _refresh_until(page: Page, check: Callable[[], bool], seconds: float = 20) -> None:
    """Click the lobby's Refresh until `check()` holds (a sweep runs every second)."""
    for _ in range(int(seconds * 4)):
        if check():
            return
        page.click("#refresh")
        page.wait_for_timeout(250)
    raise AssertionError("the lobby did not change in time")


def test_an_open_match_nobody_joins_expires_from_the_lobby(
        own_server: Callable[..., Server], tab: Tab, artifacts: Path) -> None:
    server = own_server("--open-match-hours", str(OPEN_SECONDS / 3600),
                        "--sweep-seconds", str(SWEEP_SECONDS)).base
    page = tab.page
    links = create_match(page, server, ["human", "human"])
    match_id = _match_id(page)
    listed = page.locator(f"#matches-open li[data-match='{match_id}']")
    listed.wait_for()
    listed.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "expiry-listed.png")
    # nobody opens the links: the match leaves "Waiting for players" and is listed nowhere
    _refresh_until(page, lambda: listed.count() == 0)
    assert page.locator(f"#matches li[data-match='{match_id}']").count() == 0
    page.screenshot(path=artifacts / "expiry-gone.png")
    # a late join link says the match expired; the creator's My games says so too
    open_seat(page, links[1])
    assert page.evaluate("document.body.dataset.status") == "aborted"
    assert "expired" in page.locator("#turn").inner_text()
    assert page.locator("#moves [data-action]").count() == 0
    page.screenshot(path=artifacts / "expiry-match-page.png")
    open_seat(page, f"{server}/m/{match_id}?lang=hu")
    assert page.locator("#turn").inner_text() == (
        "Ez a játszma lejárt: nem nyitotta meg minden játékos időben a linkjét.")
    check_screen(page, "beowulf", "hu", artifacts, "expiry-match-page-hu")
    page.goto(f"{server}/my-games?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    item = page.locator(f"#my-finished li[data-match='{match_id}']")
    assert "expired" in item.inner_text()
    assert not tab.errors, f"JavaScript errors: {tab.errors}"


def _my_game(page: Page, base: str, match_id: str) -> str:
    """This browser's My games line of `match_id` (its badge first)."""
    page.goto(f"{base}/my-games?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    return page.locator(f"li[data-match='{match_id}']").inner_text()


def _whose_turn(pages: dict[int, Page]) -> int:
    for _ in range(300):
        for seat, page in pages.items():
            if can_move(page):
                return seat
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody got the turn")


def test_a_turn_based_match_survives_a_restart_and_tells_whose_turn_it_is(
        own_server: Callable[..., Server], open_tab: Callable[[], Tab], artifacts: Path) -> None:
    running = own_server()
    server = running.base
    tabs = [open_tab(), open_tab()]
    first, second = tabs[0].page, tabs[1].page
    names = ("Slow Kim", "Slow Lou")
    sign_up(first, server, names[0])
    sign_up(second, server, names[1])
    links = create_match(first, server, ["human", "human"], options=TINY_BEOWULF,
                         table={"mode": "turn", "move-days": "1", "on-timeout": "lose"})
    match_id = _match_id(first)
    first.click(".join-link[data-seat='0']")
    first.wait_for_selector("body[data-connection='online']")
    open_seat(second, links[1])
    pages = {0: first, 1: second}
    rng = random.Random(21)
    mover = _whose_turn(pages)
    assert "Your turn" in pages[mover].title()
    assert "Your turn" not in pages[1 - mover].title()
    while _whose_turn(pages) == mover:  # a Beowulf turn may take several steps
        close_scoring(pages[mover])
        click_one_move(pages[mover], rng)
    waiting = 1 - mover  # the one to move now

    # everyone leaves (the tabs close; the browsers keep their logins), the server restarts
    contexts: list[BrowserContext] = [first.context, second.context]
    for page in (first, second):
        page.close()
    running.restart()
    pages = {seat: contexts[seat].new_page() for seat in (0, 1)}
    for tab, page in zip(tabs, pages.values(), strict=True):
        tab.page = page  # a failure's screenshot shows these
        page.on("pageerror", lambda exc, tab=tab: tab.errors.append(str(exc)))
    mine = _my_game(pages[waiting], server, match_id)
    theirs = _my_game(pages[1 - waiting], server, match_id)
    assert mine.startswith("Your turn") and "move by" in mine, mine
    assert theirs.startswith("Others' turn"), theirs
    # the one to move is listed first among the running matches
    assert pages[waiting].locator("#my-playing li").first.get_attribute(
        "data-match") == match_id
    pages[waiting].screenshot(path=artifacts / "turn-based-my-games-your-turn.png")
    pages[waiting].locator(f"li[data-match='{match_id}'] .my-match-link").click()
    pages[waiting].wait_for_selector("body[data-connection='online']")
    assert seat_of(pages[waiting]) == waiting
    pages[waiting].wait_for_selector("body[data-my-turn='true']")
    assert pages[waiting].title() == f"Your turn: {match_id}"
    pages[waiting].screenshot(path=artifacts / "turn-based-after-restart.png")
    # the other comes back too, by logging in again in a fresh browser, and they play it out
    fresh = contexts[1 - waiting].browser.new_context()  # type: ignore[union-attr]
    other = fresh.new_page()
    log_in(other, server, names[1 - waiting])
    open_seat(other, f"{server}/m/{match_id}?lang=en")
    assert seat_of(other) == 1 - waiting
    assert "Your turn" not in other.title()
    play_out([pages[waiting], other], seed=22)
    assert finished(pages[waiting]) and finished(other)
    assert not pages[waiting].title().startswith("Your turn")
    winners = other.evaluate("window.boardwright.snapshot().winners")
    result = _my_game(other, server, match_id)
    assert ("won" if 1 - waiting in winners else "lost") in result
    fresh.close()
    errors = [e for tab in tabs for e in tab.errors]
    assert not errors, f"JavaScript errors: {errors}"


def _turn_match_against_a_bot(page: Page, base: str, on_timeout: str) -> str:
    """A turn-based match (one "day" per move) against a slow bot, so that a stand-in does not
    play the match out before the person is back; the person opens seat A and is to move."""
    create_match(page, base, ["human", "ismcts:iterations=2000"],
                 table={"mode": "turn", "move-days": "1", "on-timeout": on_timeout})
    match_id = _match_id(page)
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    assert wait_for_turn_or_end(page) == "turn"
    return match_id


def test_a_player_who_misses_the_deadline_loses_or_gets_a_stand_in(
        own_server: Callable[..., Server], tab: Tab, artifacts: Path) -> None:
    day = 4  # seconds: time enough for the page to show the turn before it is missed
    server = own_server("--move-day-seconds", str(day), "--sweep-seconds",
                        str(SWEEP_SECONDS)).base
    page = tab.page
    # the table chose "the late player loses": the person does nothing, the match ends
    match_id = _turn_match_against_a_bot(page, server, "lose")
    page.wait_for_selector("body[data-status='aborted']", timeout=(day + 10) * 1000)
    turn = page.locator("#turn").inner_text()
    assert turn.startswith("Player A (Guest ") and turn.endswith(
        ") let the deadline pass and lost; the match is over."), turn
    assert page.locator("#moves [data-action]").count() == 0
    page.screenshot(path=artifacts / "turn-based-lost-on-time.png")
    assert "lost" in _my_game(page, server, match_id)

    # the table chose "a bot plays until the player returns": a stand-in plays; one click on
    # "take my seat back" ends it
    _turn_match_against_a_bot(page, server, "bot")
    page.wait_for_selector("body[data-stand-in='true'] #claim-box:not([hidden])",
                           timeout=(day + 10) * 1000)
    page.screenshot(path=artifacts / "turn-based-stand-in.png")
    page.click("#claim")
    page.wait_for_selector("body[data-stand-in='false']", state="attached", timeout=10_000)
    seats = page.evaluate("window.boardwright.snapshot().seats")
    assert seats[0]["stand_in"] is False
    assert page.evaluate("document.body.dataset.status") == "active"
    assert not tab.errors, f"JavaScript errors: {tab.errors}"
