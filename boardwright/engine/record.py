"""Game records: the configuration plus every action (chance included), as JSON; and replay.

Actions are stored in the game's text notation, so a record is readable by a person and replays
byte for byte. A record holds hidden facts (the tiles chance dealt): it is a server-side or
after-the-game document, never something sent to a seat during play.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

import boardwright

from .api import Game, State
from .errors import BadRecord, BoardwrightError
from .events import Event

RECORD_FORMAT: Literal["boardwright-record/1"] = "boardwright-record/1"


class GameRecord(BaseModel):
    """Everything needed to replay a game exactly."""

    format: Literal["boardwright-record/1"] = RECORD_FORMAT
    game: str
    rules_version: str
    engine_version: str = boardwright.__version__
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    seats: list[str] = Field(default_factory=list)
    actions: list[str] = Field(default_factory=list)
    returns: list[float] | None = None
    winners: list[int] | None = None
    #: how the game ended and why its winners won (`State.ending`); None while unfinished
    ending: dict[str, Any] | None = None

    def dumps(self) -> str:
        """Canonical JSON text (sorted keys), identical for identical games."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, indent=1) + "\n"

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            return cls.model_validate_json(text)
        except ValidationError as exc:
            raise BadRecord(f"not a boardwright game record: {exc.errors()[0]['msg']}") from exc

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write never leaves half a record behind."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(target)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise BadRecord(f"cannot read record {path}: {exc.strerror}") from exc
        return cls.loads(text)


def new_record(game: Game, state: State, *, options: dict[str, Any] | None = None,
               seed: int | None = None, seats: list[str] | None = None) -> GameRecord:
    return GameRecord(
        game=game.info.id,
        rules_version=game.info.rules_version,
        players=state.num_players,
        options=dict(options or {}),
        seed=seed,
        seats=list(seats or []),
    )


def close_record(record: GameRecord, state: State) -> None:
    """Write a finished game's outcome into its record: scores, winners, how it ended."""
    record.returns = state.returns()
    record.winners = state.winners()
    ending = state.ending()
    record.ending = None if ending is None else ending.to_json()


def replay_steps(record: GameRecord, game: Game) -> Iterator[tuple[State, str | None]]:
    """Yield the initial state, then the state after each action with that action's text.

    The same state object is yielded each time (mutated in place); clone it to keep a step.
    """
    state = check_record(record, game)
    yield state, None
    for index, text in enumerate(record.actions):
        replay_action(state, index, text)
        yield state, text


def check_record(record: GameRecord, game: Game) -> State:
    """The record's initial state, after checking it belongs to this game and rules version."""
    if record.game != game.info.id:
        raise BadRecord(f"record is for {record.game!r}, not {game.info.id!r}")
    options = game.info.options_for_rules(record.rules_version, record.options)
    if options is None:
        raise BadRecord(
            f"record was made with rules version {record.rules_version}, this is "
            f"{game.info.rules_version}; replay it with that version",
            code="rules_version_mismatch",
        )
    return game.new_initial_state(record.players, options)


def replay_action(state: State, index: int, text: str) -> list[Event]:
    """Apply the record's action number `index` (text form); `BadRecord` if it does not fit."""
    try:
        return state.apply(state.action_from_text(text))
    except BoardwrightError as exc:
        raise BadRecord(f"action {index + 1} ({text!r}) cannot be replayed: {exc.message}",
                        code="bad_replay", index=index) from exc


def replay(record: GameRecord, game: Game) -> State:
    """The state after every action of `record`."""
    state = check_record(record, game)
    for index, text in enumerate(record.actions):
        replay_action(state, index, text)
    return state
