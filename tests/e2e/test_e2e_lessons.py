"""A newcomer opens the rules page, follows a lesson (the rulebook's worked example) step by
step to its end in Hungarian and in English, and reads the book's scores on the board."""

from __future__ import annotations

from pathlib import Path

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
