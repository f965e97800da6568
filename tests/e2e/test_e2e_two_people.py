"""Two people in two browsers: one creates a 2-player match in the lobby, the other opens the
second seat's join link, and they take turns by clicking. Each sees the other's moves in the
log and never the faces of the other's tiles."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from .clicks import Tab, click_one_move, create_match, snapshot

TURNS_EACH = 3
PLACEMENTS = ("figure_placed", "tile_placed", "treasure_cashed", "mead_replaced", "figure_moved")
HIDDEN_DRAWS = ("tile_drawn", "tile_dealt")


def _can_move(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn === 'true'"
                              " && document.body.dataset.busy === 'false'"))


def _whose_turn(pages: dict[int, Page], timeout: float = 30.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for seat, page in pages.items():
            if _can_move(page):
                return seat
        time.sleep(0.05)
    raise AssertionError("neither player could move for 30 s")


def _log(page: Page) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = page.evaluate("window.boardwright.log()")
    return lines


def _assert_no_foreign_faces(page: Page, seat: int, other: int) -> None:
    """What `seat`'s page holds and shows about `other`'s hand: a count and acts, no faces."""
    view = snapshot(page)["view"]
    assert "tiles" not in view["hands"][other], "the other hand's faces reached the browser"
    assert len(view["hands"][seat]["tiles"]) == view["hands"][seat]["count"]
    assert page.locator(f"#players li[data-seat='{other}'] [data-tile]").count() == 0
    for line in _log(page):
        if line["kind"] in HIDDEN_DRAWS and line["data"].get("seat") == other:
            assert "tile" not in line["data"], f"the log names the other's tile: {line}"


def _drop_and_reconnect(page: Page) -> None:
    """The socket drops (as on a flaky network): the page reconnects with `since` and its log
    stays whole, each line once."""
    before = _log(page)
    page.evaluate("window.boardwright.connection.socket.close()")
    page.wait_for_selector("body[data-connection='offline']", state="attached")
    page.wait_for_selector("body[data-connection='online']", state="attached")
    after = _log(page)
    assert after[:len(before)] == before
    # A gap in seq (an update lost on the way) makes the page reconnect from what it has.
    page.evaluate("(c => c.receive({type: 'update', seq: c.seq + 2}))"
                  "(window.boardwright.connection)")
    page.wait_for_selector("body[data-connection='online']", state="attached")
    page.wait_for_function("(n) => window.boardwright.log().length >= n", arg=len(after))
    after = _log(page)
    keys = [(line["seq"], line["kind"], line["text"]) for line in after]
    assert len(keys) == len(set(keys)), "a log line came twice after the reconnect"


def _watch(context: Any, url: str, artifacts: Path) -> None:
    """A spectator (no token, no identity: a fresh context, since the creator's own browser
    holds seat A by its identity) sees the board and the log, and no tile face in any hand."""
    page = context.browser.new_context().new_page()
    page.goto(url)
    page.wait_for_selector("body[data-connection='online']", state="attached")
    page.wait_for_selector("#board svg .cell")
    view = snapshot(page)["view"]
    assert snapshot(page)["seat"] is None and snapshot(page)["legal"] == []
    assert all("tiles" not in hand for hand in view["hands"])
    assert page.locator("[data-tile], #moves [data-action]").count() == 0
    assert any(line["kind"] in PLACEMENTS for line in _log(page))
    page.screenshot(path=artifacts / "spectator.png")
    page.context.close()


def _switch_language(page: Page) -> None:
    """Magyar: the page's strings and the server's log lines change language."""
    english = [line["text"] for line in _log(page)]
    page.select_option("#lang", "hu")
    page.wait_for_function("() => document.documentElement.lang === 'hu'")
    page.wait_for_function(
        "(first) => window.boardwright.log().length && window.boardwright.log()[0].text !== first",
        arg=english[0])
    assert page.locator("#log-title").inner_text() == "Játéknapló"
    assert len(_log(page)) == len(english)


def _why_not(page: Page) -> None:
    """A move the server refuses (sent past the page's own list of legal moves) shows why, with
    the rule's number linking to that rule on the game's rules page."""
    page.evaluate("window.boardwright.connection.move('cash')")
    error = page.locator("#error")
    error.locator("a.rule-link").wait_for()
    text = error.inner_text()
    rule = re.search(r"\((R\d+(?:\.\d+)+)\)", text)
    assert rule, text
    link = error.locator("a.rule-link")
    assert link.get_attribute("href").endswith(f"#{rule.group(1)}")
    rules = page.context.new_page()
    rules.goto(link.evaluate("a => a.href"))  # the absolute address
    assert rules.locator(f"[id='{rule.group(1)}']").is_visible()
    rules.close()


def test_two_people_play_each_other(server: str, open_tab: Callable[[], Tab],
                                    artifacts: Path) -> None:
    tabs = [open_tab(), open_tab()]
    pages = {0: tabs[0].page, 1: tabs[1].page}
    links = create_match(pages[0], server, ["human", "human"])
    assert sorted(links) == [0, 1]
    spectate = pages[0].get_attribute("#created .spectate-link", "href")
    pages[0].click(".join-link[data-seat='0']")
    pages[0].wait_for_selector("body[data-status='open']")   # nothing happens until...
    assert "Waiting for every player" in pages[0].locator("#turn").inner_text()
    pages[1].goto(links[1])   # ...the second person opens the link the first one sent
    for page in pages.values():
        page.wait_for_selector("body[data-connection='online']")
    assert snapshot(pages[0])["seat"] == 0
    assert snapshot(pages[1])["seat"] == 1
    # the token left the address bar; the tab keeps the seat across a reload
    assert "token=" not in pages[1].url
    pages[1].reload()
    pages[1].wait_for_selector("body[data-connection='online']")
    assert snapshot(pages[1])["seat"] == 1

    rng = random.Random(3)
    turns = {0: 0, 1: 0}
    mover = _whose_turn(pages)
    while min(turns.values()) < TURNS_EACH:
        click_one_move(pages[mover], rng)
        for seat in (0, 1):
            _assert_no_foreign_faces(pages[seat], seat, 1 - seat)
        now = _whose_turn(pages)
        if now != mover:
            turns[mover] += 1
            mover = now
            if turns == {0: 1, 1: 1}:
                _drop_and_reconnect(pages[0])
    _why_not(pages[mover])
    _watch(pages[0].context, spectate, artifacts)
    _switch_language(pages[1])
    for seat, page in pages.items():
        page.screenshot(path=artifacts / f"two-people-seat-{seat}.png")

    # Each one's placements (as their own log tells them) are in the other's log too.
    # (Seat 1 reads Hungarian now, so compare what both logs say in one language.)
    pages[1].select_option("#lang", "en")
    pages[1].wait_for_function("() => document.documentElement.lang === 'en'")
    pages[1].wait_for_function(
        "() => window.boardwright.log()[0].text.startsWith('Player')")
    for seat in (0, 1):
        own = [line["text"] for line in _log(pages[seat])
               if line["kind"] in PLACEMENTS and line["actor"] == seat]
        seen = {line["text"] for line in _log(pages[1 - seat])}
        assert len(own) >= TURNS_EACH - 1, f"seat {seat} placed too little: {own}"
        missing = [text for text in own if text not in seen]
        assert not missing, f"seat {1 - seat} did not see: {missing}"
    shown = pages[0].locator("#log li").all_inner_texts()   # still English
    assert any(line["text"] in shown for line in _log(pages[0])
               if line["kind"] in PLACEMENTS and line["actor"] == 1)
    errors = tabs[0].errors + tabs[1].errors
    assert not errors, f"JavaScript errors: {errors}"
