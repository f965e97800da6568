"""The lessons over HTTP: a game's lessons, and one lesson's position after step K with the
lesson's words for it and for the next step, and the rulebook's own words for it where the lesson
quotes them (`engine/lessons.py`). Lessons are the project's own data and public; a step is
replayed from the start (a lesson has a few dozen actions)."""

from __future__ import annotations

from typing import Any

from boardwright.engine import registry
from boardwright.engine.errors import BoardwrightError
from boardwright.engine.lessons import Lesson, at_step, lesson, lessons

from . import payloads
from .payloads import LogEntry
from .seats import MatchError


def lesson_list(game_id: str, lang: str) -> list[dict[str, Any]]:
    game = _game(game_id)
    return [{"id": one.id, "title": one.words(one.title, lang), "source": one.source,
             "steps": len(one.steps)} for one in lessons(game)]


def lesson_step(game_id: str, lesson_id: str, step: int, lang: str) -> dict[str, Any]:
    game = _game(game_id)
    try:
        one: Lesson = lesson(game, lesson_id)
        state, events = at_step(game, one, step)
    except BoardwrightError as exc:
        raise MatchError(exc.code if exc.code != "bad_record" else "no_such_lesson",
                         exc.message) from None
    entries = [LogEntry(step, -1, tuple(events))] if events else []
    quote = one.steps[step - 1].book if step else None
    book = {"section": quote.section, "text": quote.hu,
            "translation": quote.translation(lang)} if quote else None
    return {"game": game_id, "lesson": one.id, "title": one.words(one.title, lang),
            "source": one.source, "players": one.players, "steps": len(one.steps),
            "step": step, "view": state.view(None),
            "text": one.words(one.steps[step - 1].text, lang) if step else "",
            "next_text": one.words(one.steps[step].text, lang) if step < len(one.steps) else "",
            "book": book,
            "events": payloads.log_lines(game, entries, None, lang)}


def _game(game_id: str) -> Any:
    if game_id not in registry.names():
        raise MatchError("unknown_game", f"no game {game_id!r}", game=game_id)
    return registry.get(game_id)
