"""Everything a viewer receives is built here, for ONE viewer, from `view(seat)` and
`Event.for_viewer(seat)` only.

This module is the server's single view filter: it never reads a state's hidden facts, never
sends an action's text notation of someone else's action (a chance action's text names the tile
dealt), and offers legal moves only to the seat to move. `seat=None` is a spectator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boardwright.engine.api import CHANCE, TERMINAL, Game, State
from boardwright.engine.events import Event


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action as the server remembers it: who acted and the full events."""

    seq: int
    actor: int  # a seat, or CHANCE (-1)
    events: tuple[Event, ...]


def to_move(state: State) -> int | None:
    player = state.current_player()
    return None if player in (CHANCE, TERMINAL) else player


def legal_moves(game: Game, state: State, seat: int | None, lang: str) -> list[dict[str, Any]]:
    """The moves `seat` may make now, with labels in `lang`; empty for everyone else."""
    if seat is None or state.current_player() != seat:
        return []
    return [{"id": a, "text": state.action_to_text(a), "json": state.action_to_json(a),
             "label": game.describe_action(state, a, lang)} for a in state.legal_actions()]


def log_lines(game: Game, entries: Iterable[LogEntry], seat: int | None,
              lang: str) -> list[dict[str, Any]]:
    lines = []
    for entry in entries:
        for event in entry.events:
            shown = event.for_viewer(seat)
            data = {k: v for k, v in shown.items() if k != "kind"}
            lines.append({"seq": entry.seq, "actor": entry.actor, "kind": event.kind,
                          "data": data, "text": game.describe_event(shown, lang)})
    return lines


def results(game: Game, state: State, lang: str) -> dict[str, Any]:
    """Winners, final scores and how the game ended once it is over (public by then)."""
    ending = state.ending()
    if ending is None:
        return {}
    return {"winners": state.winners(), "returns": state.returns(),
            "ending": {**ending.to_json(), "text": game.describe_ending(ending, lang)}}


def snapshot(game: Game, state: State, seat: int | None, lang: str, *, match_id: str, seq: int,
             status: str, seats: Sequence[dict[str, Any]], log: Sequence[LogEntry],
             since: int | None = None) -> dict[str, Any]:
    """The full picture for one viewer (`welcome`, `GET .../view`, the answer to a move)."""
    entries = log if since is None else [e for e in log if e.seq > since]
    return {
        "match_id": match_id, "seq": seq, "seat": seat, "status": status,
        "view": state.view(seat), "legal": legal_moves(game, state, seat, lang),
        "log": log_lines(game, entries, seat, lang), "to_move": to_move(state),
        "seats": list(seats), **results(game, state, lang),
    }


def update(game: Game, state: State, seat: int | None, lang: str, *, entry: LogEntry,
           status: str, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One applied action for one viewer: its events as this viewer may see them."""
    return {
        "type": "update", "seq": entry.seq, "actor": entry.actor,
        "events": log_lines(game, [entry], seat, lang), "view": state.view(seat),
        "legal": legal_moves(game, state, seat, lang), "to_move": to_move(state),
        "status": status, "seats": list(seats), **results(game, state, lang),
    }


def chat_line(line: Any) -> dict[str, Any]:
    """One chat line as everyone receives it: its number, the seq it was said at, the speaker's
    seat (None: a spectator) and name, the text as typed (the page shows it as text, never as
    markup) and the time. Nothing from any view: chat is the same for every viewer."""
    return {"n": line.n, "seq": line.seq, "seat": line.seat, "name": line.name,
            "text": line.text, "time": line.time.isoformat()}
