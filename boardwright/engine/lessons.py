"""Guided lessons: a rulebook's worked example played step by step with the book's words.

A lesson is data beside its game (`<game>/lessons/<id>.json`): a configuration, or a start
position in the game's state JSON where the book's example cannot be reached from the set-up in
a few actions, and steps, each a list of actions (chance included, so the example's tiles or
dice come out as printed), the text to read with it per language and, where the book prints
words for it, the book's own words with their section and an English translation. Front ends
show the position after each step; the engine checks every action as it checks a record's, so a
lesson that stopped matching the rules fails its test instead of teaching something false.
The format is described in docs/lessons.md.
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


class BookQuote(BaseModel):
    """The rulebook's words for a step: quoted exactly, under the heading they stand under."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: the seed's section heading the words stand under
    section: str
    #: the words in the book's language, exactly as printed
    hu: str = Field(min_length=1)
    #: their English translation
    en: str = Field(min_length=1)

    def translation(self, lang: str) -> str | None:
        """The English words to show beside the quote: none for a reader of the book's
        language (the seeds are Hungarian), English for everyone else."""
        return None if lang == "hu" else self.en


class LessonStep(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    actions: list[str] = Field(min_length=1)
    #: what this step shows, per language code
    text: dict[str, str]
    book: BookQuote | None = None


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: dict[str, str]
    #: where the example is printed (seed pages, RULES.md section)
    source: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    #: the start position as the game's state JSON (`State.to_json`); absent: the set-up of
    #: `players` and `options`. Checked by `start`.
    state: dict[str, Any] | None = None
    #: the file under the project's shared seeds the steps' `book` words are quoted from
    seed: str | None = None
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


def start(game: Game, one: Lesson) -> State:
    """The lesson's first position: the set-up, or its `state` once that is shown to be a
    position of this game: it loads (the game's own checks), it writes back the same JSON (no
    field ignored or defaulted), it has the lesson's players, is not over, and holds the same
    components as the set-up (`State.conserved`: nothing made up or lost to build it)."""
    setup = game.new_initial_state(one.players, one.options)
    if one.state is None:
        return setup
    where = f"lesson {one.id!r}: its start state"
    state = game.state_from_json(one.state)
    if json.loads(json.dumps(state.to_json())) != one.state:
        raise BadRecord(f"{where} does not round-trip through the game's state JSON",
                        code="bad_lesson")
    if state.num_players != one.players:
        raise BadRecord(f"{where} has {state.num_players} players, the lesson {one.players}",
                        code="bad_lesson")
    if state.is_terminal():
        raise BadRecord(f"{where} is already over", code="bad_lesson")
    if state.conserved() != setup.conserved():
        raise BadRecord(f"{where} holds {state.conserved()}, the set-up {setup.conserved()}",
                        code="bad_lesson")
    return state


def walk(game: Game, one: Lesson) -> Iterator[tuple[int, State, list[Event]]]:
    """The initial state (step 0, no events), then the state after each step with its events;
    one state object, changed in place."""
    state = start(game, one)
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
