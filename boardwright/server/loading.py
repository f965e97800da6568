"""Stored matches back into memory: replayed under the rules they were played with.

A server upgrade may change a game's `RULES_VERSION`. A match stored under an earlier version
is replayed under the options that played that version as it was, when the game declares them
(`GameInfo.earlier_rules`, `GameInfo.options_for_rules`, the same path `check_record` takes
for a record file), its own options on top. A version the game does not declare cannot be
replayed faithfully: an unfinished match of it ends as `rules_changed` (its summary stays, from
the stored row), and a finished one's replay goes as far as the current rules reproduce it
(`ReplayTrack.rules_changed` says so). Nothing here may stop a server from starting: the lobby
catches what one match raises and sets that match aside (`Lobby.quarantined`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardwright.engine.api import Game, State
from boardwright.engine.record import replay_action

from .bots import BotPool
from .commits import GroupCommit
from .payloads import LogEntry
from .provisional import load_pending
from .seats import Seat
from .store import ActionRow, MatchRow, Store
from .tables import CHAT_SHOWN

#: a replay keeps the state after every this many actions, and replays at most this many
REPLAY_CHECKPOINT = 50


class RulesChanged(Exception):
    """A stored match of a rules version this code cannot play (not the current one and not
    one the game declares in `earlier_rules`)."""

    def __init__(self, row: MatchRow, game: Game) -> None:
        super().__init__(f"match {row.id} was played under rules {row.rules_version}; this "
                         f"server has {game.info.rules_version}, which does not declare it")
        self.played = row.rules_version
        self.now = game.info.rules_version


def rules_options(row: MatchRow, game: Game) -> dict[str, Any]:
    """The options that replay `row` as it was played; `RulesChanged` for a version the game
    cannot play."""
    options = game.info.options_for_rules(row.rules_version, row.options)
    if options is None:
        raise RulesChanged(row, game)
    return options


def rebuild(row: MatchRow, game: Game, actions: list[ActionRow],
            state: State | None = None) -> tuple[State, list[LogEntry]]:
    """A match's state and log from its stored actions (`BadRecord` if one does not replay,
    `RulesChanged` for rules this code cannot play); with `state`, the actions go on from it
    (it is changed in place)."""
    if state is None:
        state = game.new_initial_state(row.players, rules_options(row, game))
    entries = []
    for a in actions:
        events = replay_action(state, a.seq - 1, a.action)
        entries.append(LogEntry(a.seq, a.actor, tuple(events)))
    return state, entries


def build_live(row: MatchRow, game: Game, store: Store, writer: GroupCommit,
               bots: BotPool) -> Any:
    """Blocking (reads and replays): call from a thread. The `LiveMatch` of a stored row."""
    from .matches import LiveMatch

    state, entries = rebuild(row, game, store.load_actions(row.id))
    match = LiveMatch(row, game, state, [Seat.from_stored(s) for s in row.seats], writer, bots)
    match.seq = entries[-1].seq if entries else 0
    match.log = entries
    if row.status == "active":
        match.pending = load_pending(store, row, state, match.seq)
    match.chat = store.load_chat(row.id, limit=CHAT_SHOWN)
    match.chat_n = match.chat[-1].n if match.chat else 0
    return match


@dataclass
class ReplayTrack:
    """A finished match's actions and its state every `REPLAY_CHECKPOINT` actions. For a match
    of rules this code cannot play (`rules_changed`: the version it was played under), only
    the actions the current rules reproduce."""

    row: MatchRow
    actions: list[ActionRow]
    checkpoints: list[Any]
    rules_changed: str | None = None


def build_track(row: MatchRow, game: Game, actions: list[ActionRow]) -> ReplayTrack:
    """Blocking: replays the actions once, keeping a state every `REPLAY_CHECKPOINT`."""
    changed: str | None = None
    try:
        options = rules_options(row, game)
    except RulesChanged:
        changed, options = row.rules_version, dict(row.options)
    state = game.new_initial_state(row.players, options)
    checkpoints = [state.clone()]
    for start in range(0, len(actions), REPLAY_CHECKPOINT):
        part = actions[start:start + REPLAY_CHECKPOINT]
        if changed is None:
            rebuild(row, game, part, state)
        else:
            for i, a in enumerate(part):
                try:
                    replay_action(state, a.seq - 1, a.action)
                except Exception:  # the current rules part from the stored game here
                    return ReplayTrack(row, actions[:start + i], checkpoints, changed)
        if start + REPLAY_CHECKPOINT <= len(actions):
            checkpoints.append(state.clone())
    return ReplayTrack(row, actions, checkpoints, changed)
