"""Guided lessons: a rulebook's worked example played step by step with the book's words.

A lesson is data beside its game (`<game>/lessons/<id>.json`): a configuration and steps, each
a list of actions (chance included, so the example's tiles or dice come out as printed) and
the text to read with it, per language. Front ends show the position after each step; the
engine checks every action as it checks a record's, so a lesson that stopped matching the
rules fails its test instead of teaching something false.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .api import Game, State
from .errors import BadRecord
from .events import Event
from .record import replay_action


class LessonStep(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    actions: list[str] = Field(min_length=1)
    #: the book's explanation of this step, per language code
    text: dict[str, str]


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: dict[str, str]
    #: where the example is printed (seed pages, RULES.md section)
    source: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    steps: list[LessonStep] = Field(min_length=1)

    def words(self, field: dict[str, str], lang: str) -> str:
        """`field` in `lang`, else in English."""
        return field.get(lang) or field["en"]


def lessons(game: Game) -> list[Lesson]:
    """The game's lessons, in file name order (none when it has no `lessons` folder)."""
    package = type(game).__module__.rpartition(".")[0]
    folder = resources.files(package).joinpath("lessons")
    if not folder.is_dir():
        return []
    found = sorted((f for f in folder.iterdir() if f.name.endswith(".json")),
                   key=lambda f: f.name)
    return [Lesson.model_validate(json.loads(f.read_text(encoding="utf-8"))) for f in found]


def lesson(game: Game, lesson_id: str) -> Lesson:
    for one in lessons(game):
        if one.id == lesson_id:
            return one
    raise BadRecord(f"{game.info.id} has no lesson {lesson_id!r}", code="no_such_lesson")


def walk(game: Game, one: Lesson) -> Iterator[tuple[int, State, list[Event]]]:
    """The initial state (step 0, no events), then the state after each step with its events;
    one state object, changed in place."""
    state = game.new_initial_state(one.players, one.options)
    yield 0, state, []
    index = 0
    for number, step in enumerate(one.steps, start=1):
        events: list[Event] = []
        for text in step.actions:
            events += replay_action(state, index, text)
            index += 1
        yield number, state, events


def at_step(game: Game, one: Lesson, step: int) -> tuple[State, list[Event]]:
    """The position after `step` steps (0: the set-up) and that step's events."""
    if not 0 <= step <= len(one.steps):
        raise BadRecord(f"step must be 0..{len(one.steps)}", code="bad_request")
    for number, state, events in walk(game, one):
        if number == step:
            return state, events
    raise AssertionError("unreachable")
