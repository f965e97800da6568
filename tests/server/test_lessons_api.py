"""The lessons over HTTP's payload: the rulebook's words for the step just played, with their
English for readers of other languages (server/lessons_api.py)."""

from __future__ import annotations

from boardwright.engine import registry
from boardwright.engine.lessons import lesson
from boardwright.server.lessons_api import lesson_step


def test_the_lesson_api_gives_each_steps_book_words_and_their_translation() -> None:
    assert lesson_step("runebound", "blood-mother", 0, "hu")["book"] is None
    one = lesson(registry.get("runebound"), "blood-mother")
    quote = one.steps[2].book
    assert quote is not None
    hu = lesson_step("runebound", "blood-mother", 3, "hu")["book"]
    en = lesson_step("runebound", "blood-mother", 3, "en")["book"]
    assert hu == {"section": quote.section, "text": quote.hu, "translation": None}
    assert en == {"section": quote.section, "text": quote.hu, "translation": quote.en}
    assert lesson_step("beowulf", "act-one-scoring", 1, "en")["book"] is None
