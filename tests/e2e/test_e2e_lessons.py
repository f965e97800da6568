"""A newcomer opens the rules page, follows a lesson (the rulebook's worked example) step by
step to its end in Hungarian and in English, and reads the book's outcome: Beowulf's scores,
and for every other game its example with the book's own words beside each step."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardwright.engine import registry
from boardwright.engine.lessons import lesson

from .clicks import Tab
from .screens import check_screen


def test_a_lesson_from_the_rules_page_to_its_end(server: str, tab: Tab,
                                                 artifacts: Path) -> None:
    page = tab.page
    page.goto(f"{server}/rules/beowulf?lang=hu")
    page.click("a.lesson-link")
    page.wait_for_selector("body[data-status='ready'][data-step='0']")
    assert page.locator("#lesson-next").inner_text().startswith("Következik: A szabálykönyv")
    check_screen(page, "beowulf", "hu", artifacts, "lesson-hu-start")
    steps = int(page.locator("#position").inner_text().split("/")[-1])
    for step in range(1, steps + 1):
        page.click("#next")
        page.wait_for_selector(f"body[data-step='{step}']")
        assert page.locator("#lesson-done").inner_text()
        if step == 4:
            check_screen(page, "beowulf", "hu", artifacts, "lesson-hu-tiles")
    assert page.locator("#lesson-next").inner_text() == "A lecke véget ért."
    assert "G 36" in page.locator("#lesson-done").inner_text()
    log = page.locator("#log").inner_text()
    assert "+36" in log and "−20" in log
    check_screen(page, "beowulf", "hu", artifacts, "lesson-hu-end")
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function(
        "() => document.querySelector('#lesson-next').innerText === 'The end of the lesson.'")
    check_screen(page, "beowulf", "en", artifacts, "lesson-en-end")
    page.click("#first")
    page.wait_for_selector("body[data-step='0']")
    assert not tab.errors, f"JavaScript errors: {tab.errors}"


#: one lesson per game besides Beowulf's, and what its last step's log says in Hungarian and
#: in English (the book's stated outcome)
BOOK_LESSONS = [
    ("mesopotamia", "robbery", "mana 1, maximum 4", "mana 1, limit 4"),
    ("runebound", "blood-mother", "3 aranyat kap", "gains 3 gold"),
    ("feinde", "three-fights", "+1 tudás", "+1 knowledge"),
]


@pytest.mark.parametrize(("game_id", "lesson_id", "hu_end", "en_end"), BOOK_LESSONS)
def test_a_rulebook_example_step_by_step_with_the_books_words(
        server: str, tab: Tab, artifacts: Path, game_id: str, lesson_id: str, hu_end: str,
        en_end: str) -> None:
    """From the rules page to the lesson's end in Hungarian: each step shows the book's own
    words (the seed's Hungarian, no translation); in English the same words with their
    translation beside them."""
    one = lesson(registry.get(game_id), lesson_id)
    page = tab.page
    page.goto(f"{server}/rules/{game_id}?lang=hu")
    page.click(f"a.lesson-link[href*='/{game_id}/{lesson_id}?']")
    page.wait_for_selector("body[data-status='ready'][data-step='0']")
    assert page.locator("#lesson-book").is_hidden()  # the start: nothing played yet
    check_screen(page, game_id, "hu", artifacts, f"lesson-{game_id}-hu-start")
    assert page.locator("#position").inner_text().endswith(f"/ {len(one.steps)}")
    for number, step in enumerate(one.steps, start=1):
        page.click("#next")
        page.wait_for_selector(f"body[data-step='{number}']")
        assert page.locator("#lesson-done").inner_text() == step.text["hu"]
        assert step.book is not None
        assert page.locator("#lesson-book-text").inner_text() == step.book.hu
        assert step.book.section in page.locator("#lesson-book-section").inner_text()
        assert page.locator("#lesson-book-translation").is_hidden()
    assert page.locator("#lesson-next").inner_text() == "A lecke véget ért."
    assert hu_end in page.locator("#log").inner_text()
    check_screen(page, game_id, "hu", artifacts, f"lesson-{game_id}-hu-end")
    page.select_option("#lang", "en")
    page.wait_for_function(
        "() => document.querySelector('#lesson-next').innerText === 'The end of the lesson.'")
    last = one.steps[-1].book
    assert last is not None
    assert page.locator("#lesson-book-text").inner_text() == last.hu
    assert page.locator("#lesson-book-translation").inner_text() == f"In English: {last.en}"
    assert en_end in page.locator("#log").inner_text()
    check_screen(page, game_id, "en", artifacts, f"lesson-{game_id}-en-end")
    assert not tab.errors, f"JavaScript errors: {tab.errors}"
