"""Guided lessons: every lesson of every game replays through the engine step by step, has the
book's words in each of its game's languages, and Beowulf's lesson ends on the book's scores."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine import registry
from boardwright.engine.lessons import at_step, lesson, lessons, walk

ALL = [(g, one.id) for g in registry.names() for one in lessons(registry.get(g))]


@pytest.mark.parametrize(("game_id", "lesson_id"), ALL)
def test_every_lesson_replays_and_speaks_every_language_of_its_game(
        game_id: str, lesson_id: str) -> None:
    game = registry.get(game_id)
    one = lesson(game, lesson_id)
    steps = [number for number, _state, _events in walk(game, one)]
    assert steps == list(range(len(one.steps) + 1))
    for lang in ("en", "hu"):
        assert lang in one.title
        assert all(step.text.get(lang) for step in one.steps), lang


def test_the_beowulf_lesson_ends_on_the_books_act_one_scores() -> None:
    """R5.2 the Czech example's figures A-G, as RULES.md's worked example prints them."""
    game = registry.get("beowulf")
    one = lesson(game, "act-one-scoring")
    _state, events = at_step(game, one, len(one.steps))
    scored = {e.data["cell"]: e.data["points"] for e in events if e.kind == "figure_scored"}
    assert scored == {"A1": -2, "B1": 11, "A2": 20, "D3": 27, "B4": 8, "C4": -20, "E5": 36}


def test_the_lesson_command_walks_a_lesson_in_the_terminal() -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["lesson", "beowulf"])
    assert listed.exit_code == 0 and "act-one-scoring" in listed.output
    walked = runner.invoke(app, ["lesson", "beowulf", "act-one-scoring", "--lang", "hu"],
                           input="\n" * 20)
    assert walked.exit_code == 0, walked.output[-2000:]
    assert "A lecke véget ért." in walked.output and "+36" in walked.output
    missing = runner.invoke(app, ["lesson", "beowulf", "nothing"])
    assert missing.exit_code != 0 and "no lesson" in missing.output
