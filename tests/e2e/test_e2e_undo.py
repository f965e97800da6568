"""Undo in the browser (docs/web-client.md section 5): at a table that allows it, a person
plays a Beowulf step that is not final (the drawn tile chosen), the Undo button appears, a
click takes the step back and the board is as it was; the other player's page never shows the
step. The draw before it is final: no Undo after it. A table made in the lobby to confirm each
turn holds the turn's last step until the Confirm button is pressed."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from .clicks import Tab, create_match, wait_for_turn_or_end


def _create(base: str) -> list[str]:
    body = {"game": "beowulf", "players": 2, "allow_undo": True,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    request = urllib.request.Request(f"{base}/api/matches", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        created = json.load(answer)
    return [f"{base}{seat['join_url']}" for seat in created["seats"]]


def _board(page: Page) -> str:
    return str(page.inner_html("#board"))


def _click_move(page: Page, prefix: str) -> str:
    """Click the first legal move whose text starts with `prefix` (from the move list)."""
    move = page.locator(f"#moves .move[data-action^='{prefix}']").first
    action = move.get_attribute("data-action") or ""
    move.dispatch_event("click")  # the move list may sit in a closed tab on a narrow screen
    return action


def test_a_step_is_taken_back_in_the_browser_and_the_board_returns(
        server: str, open_tab: Callable[[], Tab], artifacts: Path) -> None:
    tabs = [open_tab(), open_tab()]
    for tab, link in zip(tabs, _create(server), strict=True):
        tab.page.goto(link)
    for tab in tabs:
        tab.page.wait_for_selector("body[data-connection='online']")
    mover_tab = next(t for t in tabs if wait_for_turn_or_end(t.page) == "turn")
    mover = mover_tab.page
    other = next(t for t in tabs if t is not mover_tab).page
    seq = mover.evaluate("document.body.dataset.seq")
    _click_move(mover, "draw")
    mover.wait_for_function("(seq) => document.body.dataset.seq !== seq"
                            " && document.body.dataset.busy === 'false'", arg=seq)
    assert mover.locator("#undo").is_hidden()  # the draw is final
    drawn, theirs = _board(mover), _board(other)
    seq = mover.evaluate("document.body.dataset.seq")
    other_seq = other.evaluate("document.body.dataset.seq")
    _click_move(mover, "tile")
    mover.wait_for_selector("#undo:not([hidden])")
    assert mover.evaluate("document.body.dataset.undo") == "1"
    assert _board(mover) != drawn  # the chosen tile waits for its place
    assert mover.evaluate("document.body.dataset.seq") == seq  # nothing stored yet
    mover.screenshot(path=artifacts / "undo-provisional.png")
    # the other page saw nothing of it
    assert other.evaluate("document.body.dataset.seq") == other_seq
    assert _board(other) == theirs
    mover.click("#undo")
    mover.wait_for_selector("#undo[hidden]", state="attached")
    mover.wait_for_function("() => document.body.dataset.busy === 'false'")
    assert _board(mover) == drawn
    assert mover.evaluate("document.body.dataset.undo") == "0"
    assert _board(other) == theirs
    assert not mover_tab.errors and not tabs[0].errors and not tabs[1].errors



def test_a_confirm_turn_table_waits_for_the_confirm_button(server: str, tab: Tab) -> None:
    page = tab.page
    links = create_match(page, server, ["human", "random"], table={"undo-mode": "confirm"})
    page.goto(links[0])
    page.wait_for_selector("body[data-connection='online']")
    assert wait_for_turn_or_end(page) == "turn"
    seq = page.evaluate("document.body.dataset.seq")
    _click_move(page, "fig")  # a figure placed: the turn would pass to the bot
    page.wait_for_selector("#confirm:not([hidden])")
    assert page.evaluate("document.body.dataset.undo") == "1"
    page.wait_for_timeout(500)
    assert page.evaluate("document.body.dataset.seq") == seq  # the bot waits for us
    page.click("#confirm")
    page.wait_for_selector("#confirm[hidden]", state="attached")
    page.wait_for_function("(seq) => Number(document.body.dataset.seq) > Number(seq)", arg=seq)
    assert page.evaluate("document.body.dataset.undo") == "0"
    assert not tab.errors, f"JavaScript errors: {tab.errors}"
