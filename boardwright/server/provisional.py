"""A person's steps that are not final yet: seen by the mover alone, stored, taken back at will.

The policy is the engine's (`engine/undo.py`): a person's step after which the same person is
still to move is **provisional**; at a table with `confirm_turn` a step that passes the turn
**awaits confirmation**; any other step (chance acts next, another seat moves, the game ends)
is **final** and makes every provisional step before it final with it.

What each viewer sees (docs/web-client.md section 5):
- the match's `state`, `seq` and `log` stay those of its final actions: every other seat, every
  spectator, the lobby's listing, the replay, the review and the chat's numbering see the
  position before the provisional steps, and never a step that was taken back;
- the mover sees `Pending.state`, the position after them, with their log lines, and learns
  how many steps it can take back (`undo`) and whether the turn waits for it (`confirm`);
- once final, the steps are stored as ordinary actions in one commit with whatever made them
  final, and broadcast to everyone else as ordinary updates; the mover, who saw them already,
  is told `final` instead.

Storage: every change is a row of the `provisional` table numbered `n` (store.py), committed
before the mover is told, so a restart (or another server process) finds the steps as they
were. A row whose `seq` is not the match's seq is stale (the steps were made final since) and
means no steps.

`UndoCommands` is mixed into `LiveMatch` (matches.py); it uses the match's lock, state, writer
and connections, and its `_play` to make steps final.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from boardwright.engine.api import Game, State
from boardwright.engine.record import replay_action
from boardwright.engine.undo import Fate, step_fate

from . import payloads
from .commits import GroupCommit
from .payloads import LogEntry
from .seats import MatchError
from .store import Commit, MatchRow, ProvisionalRow, SeqConflict, Store


@dataclass
class Pending:
    """One match's provisional steps: at most one seat's, after the match's final `seq`."""

    seat: int | None = None
    #: the steps' action texts, in order (what is stored)
    actions: list[str] = field(default_factory=list)
    #: the position after them, and their log entries (seq `base + 1`, ...)
    state: State | None = None
    entries: list[LogEntry] = field(default_factory=list)
    #: the number of the latest stored change (the next one is `n + 1`)
    n: int = 0

    def count(self, seat: int | None) -> int:
        """How many steps `seat` can take back now."""
        return len(self.actions) if seat is not None and seat == self.seat else 0

    def position(self, public: State, seat: int | None) -> State:
        """The position `seat` sees: after its own provisional steps, else the public one."""
        if self.state is not None and self.count(seat):
            return self.state
        return public

    def awaiting(self, seat: int | None) -> bool:
        """The last step of `seat` passes the turn and waits for its confirmation."""
        return (self.state is not None and bool(self.count(seat))
                and self.state.current_player() != seat)

    def fields(self, seat: int | None) -> dict[str, Any]:
        """`undo` and `confirm` of a viewer's snapshot (0 and false for everyone else)."""
        return {"undo": self.count(seat), "confirm": self.awaiting(seat)}

    def row(self, seq: int, actions: list[str], seat: int | None) -> ProvisionalRow:
        """The stored form of the steps `actions` of `seat` after `seq`, as the next change."""
        return ProvisionalRow(self.n + 1, seq, -1 if seat is None else seat, actions)

    def clear(self) -> None:
        self.seat, self.actions, self.state, self.entries = None, [], None, []


def replay_steps(public: State, seq: int, actions: Sequence[str]
                 ) -> tuple[State, list[LogEntry]]:
    """The position after `actions` (texts, each by the seat to move) from `public` at `seq`,
    and their log entries; `BadRecord` if one does not replay."""
    state = public.clone()
    entries = []
    for i, text in enumerate(actions):
        actor = state.current_player()
        events = replay_action(state, seq + i, text)
        entries.append(LogEntry(seq + i + 1, actor, tuple(events)))
    return state, entries


def load_pending(store: Store, row: MatchRow, public: State, seq: int) -> Pending:
    """A match's provisional steps as stored (blocking: call from a thread)."""
    stored = store.load_provisional(row.id)
    pending = Pending()
    if stored is None:
        return pending
    adopt(pending, stored, public, seq)
    return pending


def adopt(pending: Pending, stored: ProvisionalRow, public: State, seq: int) -> bool:
    """Take the stored change `stored` as the match's steps; True if they differ from ours."""
    before = (pending.seat, list(pending.actions))
    pending.n = max(pending.n, stored.n)
    if stored.seq != seq or not stored.actions or stored.seat < 0:
        pending.clear()
    else:
        pending.state, pending.entries = replay_steps(public, seq, stored.actions)
        pending.seat, pending.actions = stored.seat, list(stored.actions)
    return before != (pending.seat, pending.actions)


class UndoCommands:
    """The undo and confirm commands of a live match, and the provisional step (a mixin of
    `LiveMatch`, whose attributes and methods these are)."""

    # what LiveMatch provides
    game: Game
    state: State
    seq: int
    status: str
    row: MatchRow
    log: list[LogEntry]
    seats: list[Any]
    connections: set[Any]
    lock: asyncio.Lock
    pending: Pending
    _writer: GroupCommit

    async def _play(self, actor: int | None, action: int | None, *,
                    finalize: bool = False) -> None:
        raise NotImplementedError

    async def _catch_up(self) -> bool:
        raise NotImplementedError

    def snapshot(self, seat: int | None, lang: str, since: int | None = None
                 ) -> dict[str, Any]:
        raise NotImplementedError

    def seat_infos(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def kick(self) -> None:
        raise NotImplementedError

    # ---- the step ---------------------------------------------------------------------------

    async def _step(self, seat: int, action: int) -> None:
        """A person's step from the position they see, by the policy: provisional or awaiting
        confirmation (stored, shown to the mover alone), else final with every step before
        it. Lock held."""
        position = self.pending.position(self.state, seat)
        after = position.clone()
        text = after.action_to_text(action)
        events = after.apply(action)
        person = self.seats[seat].kind == "human" and not self.seats[seat].is_bot_controlled
        fate = (step_fate(after, seat, confirm_turn=self.row.confirm_turn)
                if person and self.row.allow_undo else Fate.FINAL)
        if fate is Fate.FINAL:
            await self._play(seat, action, finalize=self.row.allow_undo)
            return
        actions = [*self.pending.actions[:self.pending.count(seat)], text]
        await self._store(seat, actions)
        self.pending.entries = [*self.pending.entries[:len(actions) - 1],
                                LogEntry(self.seq + len(actions), seat, tuple(events))]
        self.pending.seat, self.pending.actions, self.pending.state = seat, actions, after
        self._tell_mover(seat, self._provisional_update)

    async def _store(self, seat: int | None, actions: list[str]) -> None:
        row = self.pending.row(self.seq, actions, seat)
        await self._writer.commit(Commit(self.row.id, provisional=row))
        self.pending.n = row.n

    def final_row(self) -> ProvisionalRow:
        """The stored change that ends the steps (they are final, committed with it)."""
        return self.pending.row(self.seq + len(self.pending.actions), [], None)

    # ---- commands ---------------------------------------------------------------------------

    async def undo(self, seat: int | None) -> None:
        """Take back the latest provisional step of `seat` (`nothing_to_undo` without one);
        its connections get `undone` with the position before it."""
        async with self.lock:
            await self._catch_up()
            if not self.pending.count(seat) or self.status != "active":
                raise MatchError("nothing_to_undo", "no step of yours can be taken back: it "
                                 "is final once chance acts after it or the turn has passed")
            assert seat is not None
            actions = self.pending.actions[:-1]
            try:
                await self._store(seat, actions)
            except SeqConflict:
                raise _busy() from None
            if actions:
                self.pending.actions = actions
                self.pending.entries = self.pending.entries[:-1]
                self.pending.state, _ = replay_steps(self.state, self.seq, actions)
            else:
                self.pending.clear()
            self._tell_mover(seat, lambda lang: {"type": "undone",
                                                 **self.snapshot(seat, lang)})

    async def confirm(self, seat: int | None) -> None:
        """Make final the turn `seat` ended at a table that confirms turns
        (`nothing_to_confirm` when nothing waits)."""
        async with self.lock:
            await self._catch_up()
            if not self.pending.awaiting(seat) or self.status != "active":
                raise MatchError("nothing_to_confirm", "no turn of yours waits for a "
                                 "confirmation")
            try:
                await self._play(None, None, finalize=True)
            except SeqConflict:
                raise _busy() from None
        self.kick()

    async def _adopt_stored(self, store: Store, had: int | None) -> bool:
        """After catching up with another process: its change of the steps, if any (`had`:
        the seat whose steps we held before, whose connections then get a fresh welcome).
        True if the steps changed."""
        stored = await asyncio.to_thread(store.load_provisional, self.row.id)
        changed = stored is not None and adopt(self.pending, stored, self.state, self.seq)
        for seat in {had, self.pending.seat} - {None} if changed or had is not None else ():
            assert seat is not None
            self._tell_mover(seat, lambda lang, s=seat: {"type": "welcome",
                                                         **self.snapshot(s, lang)})
        return changed

    async def _finalize_for_stand_in(self) -> bool:
        """A seat whose bot now plays for it (a stand-in, a clock) had provisional steps: they
        become final before the bot moves. Lock held; True if there were any."""
        seat = self.pending.seat
        if seat is None or not self.pending.actions or not self.seats[seat].is_bot_controlled:
            return False
        await self._play(None, None, finalize=True)
        return True

    # ---- telling the mover ------------------------------------------------------------------

    def _tell_mover(self, seat: int, build: Any) -> None:
        """Send `build(lang)` to the connections of `seat` alone (one payload per language)."""
        cache: dict[str, dict[str, Any]] = {}
        for conn in self.connections:
            if conn.seat == seat:
                if conn.lang not in cache:
                    cache[conn.lang] = build(conn.lang)
                conn.send(cache[conn.lang])

    def _provisional_update(self, lang: str) -> dict[str, Any]:
        """The mover's `update` of a provisional step: `provisional` true, `seq` still the
        match's (its moves name it as `expect_seq`), the step's own lines."""
        seat = self.pending.seat
        state = self.pending.state
        assert state is not None
        entry = self.pending.entries[-1]
        return {"type": "update", "provisional": True, "seq": self.seq, "actor": seat,
                "events": payloads.log_lines(self.game, [entry], seat, lang),
                "view": state.view(seat),
                "legal": payloads.legal_moves(self.game, state, seat, lang),
                "to_move": payloads.to_move(state), "status": self.status,
                "seats": self.seat_infos(), **self.pending.fields(seat)}

    def overlay(self, built: dict[str, Any], lang: str) -> dict[str, Any]:
        """A snapshot `built` from the final actions, with its viewer's own provisional steps
        on top (the position after them, their lines after the log's; `undo`, `confirm`).
        Their lines are described here, never cached: a step taken back and another made
        have the same seqs."""
        seat = built.get("seat")
        if not self.pending.count(seat) or built.get("seq") != self.seq:
            return {**built, "undo": 0, "confirm": False}
        state = self.pending.state
        assert state is not None
        return {**built, "view": state.view(seat),
                "legal": payloads.legal_moves(self.game, state, seat, lang),
                "to_move": payloads.to_move(state),
                "log": [*built["log"], *payloads.log_lines(self.game, self.pending.entries,
                                                           seat, lang)],
                **self.pending.fields(seat)}


def skip_seen(outgoing: list[tuple[Any, list[dict[str, Any]]]], steps: Sequence[Any],
              seen: tuple[int | None, int]) -> list[tuple[Any, list[dict[str, Any]]]]:
    """Each connection's updates for `steps`, except that the connections of seat `seen[0]`,
    which saw the first `seen[1]` steps as provisional ones, get `final` for them instead."""
    seat, count = seen
    if seat is None or not count:
        return outgoing
    replaced: dict[int, list[dict[str, Any]]] = {}
    out = []
    for conn, messages in outgoing:
        if conn.seat == seat:
            if id(messages) not in replaced:
                replaced[id(messages)] = [{"type": "final", "seq": steps[count - 1].row.seq,
                                           "undo": 0, "confirm": False}, *messages[count:]]
            messages = replaced[id(messages)]
        out.append((conn, messages))
    return out


def _busy() -> MatchError:
    """Another server process changed the match between our catching up and our commit."""
    return MatchError("stale_seq", "the match changed through another server process; "
                      "try again")
