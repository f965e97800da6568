"""A hint table in the browser (issue 25): the lobby makes one (and refuses one that is also
rated, in words), the player asks for a hint on their turn, sees the bot's suggestions in their
language and the suggested moves marked in the move list; the replay says hints were allowed."""

from __future__ import annotations

from pathlib import Path

from .clicks import Tab, create_match, wait_for_turn_or_end
from .screens import check_screen


def test_ask_for_a_hint_at_a_hint_table(server: str, tab: Tab, artifacts: Path) -> None:
    page, errors = tab.page, tab.errors
    # hints and rated together: refused with the reason in the reader's language
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#seat-1-kind", "human")
    page.select_option("#rated", "yes")
    page.select_option("#hints", "yes")
    page.click("#create-button")
    page.wait_for_selector("#lobby-error:not([hidden])")
    assert "rated match cannot allow hints" in page.inner_text("#lobby-error")

    links = create_match(page, server, ["human", "random"], table={"hints": "yes"})
    page.goto(links[0])
    page.wait_for_selector("body[data-connection='online']")
    assert page.locator("#table-hints").is_visible()
    assert wait_for_turn_or_end(page) == "turn"
    assert page.locator("#hint-box").is_visible()
    assert page.locator(".moves .move.hinted").count() == 0
    page.click("#hint-button")
    page.wait_for_selector("#hint-box[data-ready='true']", timeout=60_000)
    suggestions = page.locator("#hint-list li")
    assert 1 <= suggestions.count() <= 3
    assert suggestions.first.inner_text().startswith("1. ")
    assert "estimated lead" in suggestions.first.inner_text()
    marked = page.locator(".moves .move.hinted")
    assert marked.count() == suggestions.count()
    best = page.locator(".moves .move.hinted[data-hint-rank='1']")
    assert best.get_attribute("data-action") == suggestions.first.get_attribute("data-move")
    check_screen(page, "beowulf", "en", artifacts, "match-hint")

    # in Hungarian the same button asks again and the moves are named in Hungarian
    page.select_option("#lang", "hu")
    page.wait_for_function("() => document.getElementById('hint-button').textContent"
                           " === 'Tipp'")
    page.click("#hint-button")
    page.wait_for_selector("#hint-box[data-ready='true']", timeout=60_000)
    assert "becsült előny" in page.locator("#hint-list li").first.inner_text()
    check_screen(page, "beowulf", "hu", artifacts, "match-hint-hu")  # words, no keys

    # playing the suggested move ends the hint: the next position has none until asked
    best = page.locator(".moves .move.hinted[data-hint-rank='1']")
    best.click()
    page.wait_for_function("() => document.body.dataset.myTurn === 'false'"
                           " || document.querySelectorAll('#hint-list li').length === 0")
    assert page.locator("#hint-list li").count() == 0
    assert not errors, f"JavaScript errors: {errors}"
