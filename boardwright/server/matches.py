"""Live matches: one command queue per match, durable actions, push to every connection.

Every change of a match's state goes through `LiveMatch._play` while the match's `asyncio.Lock`
is held: the action (plus the chance actions that follow it) is applied to a clone, committed to
the database, and only then made the match's state and broadcast. So moves of one match are
applied one at a time in arrival order, a failed commit changes nothing, and every acknowledged
move is on disk. Different matches never wait for each other (except for a shared group commit).

Several server processes may share one PostgreSQL database (see `store.py`): the lock orders
moves within one process, the (match_id, seq) key orders them between processes. A process whose
commit loses (`SeqConflict`) stored nothing; it catches up (`_catch_up`) and tries again against
the new state, so a move is applied once or refused, never applied twice.

Chance is drawn from `Random(f"{seed}/chance/{seq}")` and bots from `f"{seed}/bot/{seat}/{seq}"`:
nothing depends on process memory, so a restarted server continues exactly.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardwright.engine.api import CHANCE, Game, State
from boardwright.engine.errors import BoardwrightError
from boardwright.engine.play import sample_chance
from boardwright.engine.record import replay_action

from . import payloads
from .bots import BotPool
from .payloads import LogEntry
from .seats import MatchError, Seat
from .store import ActionRow, Commit, GroupCommit, MatchRow, SeqConflict, Store

log = logging.getLogger("boardwright.server")

#: a connection whose client reads this far behind is dropped (it reconnects with `since`)
MAX_QUEUE = 2000
#: how often a move is tried again after another process moved first or the state was stale
MOVE_ATTEMPTS = 3
#: the order of statuses: a status read from the database never moves a match backwards
STATUS_ORDER = {"open": 0, "active": 1, "finished": 2}


def encode(message: dict[str, Any]) -> str:
    """Compact JSON: no spaces after separators (fewer bytes to deflate, send and parse)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


@dataclass(eq=False)
class Connection:
    """One WebSocket (or test) subscriber: its seat, language and outgoing queue of JSON texts.

    The queue holds encoded text so that a payload shared by several connections (the same
    seat and language) is encoded once, not once per connection."""

    seat: int | None
    lang: str
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    def send(self, message: dict[str, Any] | str) -> None:
        if self.queue.qsize() >= MAX_QUEUE:
            self.queue.put_nowait(None)  # the writer closes the socket
            return
        self.queue.put_nowait(message if isinstance(message, str) else encode(message))


@dataclass
class Step:
    """An applied action waiting to be broadcast: the row stored, the events, the state after."""

    row: ActionRow
    entry: LogEntry
    state: State


class LiveMatch:
    """A match in memory: its state, its log and everyone watching it."""

    def __init__(self, row: MatchRow, game: Game, state: State, seats: list[Seat],
                 writer: GroupCommit, bots: BotPool) -> None:
        self.row = row
        self.id = row.id
        self.game = game
        self.state = state
        self.seq = row.seq
        self.seats = seats
        self.status = row.status
        self.log: list[LogEntry] = []
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self._writer = writer
        self._bots = bots
        self._driver: asyncio.Task[None] | None = None
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        #: the running turn clock: (seat, loop time when it runs out), None when none runs
        self._clock: tuple[int, float] | None = None

    # ---- reading -------------------------------------------------------------------------

    def seat_infos(self) -> list[dict[str, Any]]:
        return [s.public(i) for i, s in enumerate(self.seats)]

    def summary(self, lang: str = "en") -> dict[str, Any]:
        return {"match_id": self.id, "game": self.game.info.id, "players": len(self.seats),
                "status": self.status, "seats": self.seat_infos(),
                "created": self.row.created.isoformat(), "seq": self.seq,
                **payloads.results(self.game, self.state, lang)}

    def snapshot(self, seat: int | None, lang: str, since: int | None = None) -> dict[str, Any]:
        return {**payloads.snapshot(self.game, self.state, seat, lang, match_id=self.id,
                                    seq=self.seq, status=self.status, seats=self.seat_infos(),
                                    log=self.log, since=since), **self.clock_field()}

    def clock_field(self) -> dict[str, Any]:
        """`{"clock": ...}` for a match with a turn clock (public: everyone sees the clock)."""
        if self.row.clock_seconds is None:
            return {}
        if self._clock is None:
            return {"clock": None}
        seat, ends = self._clock
        remaining = max(0.0, ends - asyncio.get_running_loop().time())
        return {"clock": {"seat": seat, "seconds": self.row.clock_seconds,
                          "remaining": round(remaining, 1)}}

    def seat_of(self, token: str | None) -> int | None:
        """The seat `token` acts for; None without a token; `bad_token` for any other token."""
        if token is None or token == "":
            return None
        for index, seat in enumerate(self.seats):
            if seat.matches_token(token):
                return index
        raise MatchError("bad_token", "this token belongs to no seat of this match")

    # ---- commands (each takes the lock) --------------------------------------------------

    async def join(self, seat: int | None) -> None:
        """A seat's owner showed up (view, connection, move or claim): mark it, end a stand-in."""
        if seat is None:
            return
        async with self.lock:
            s = self.seats[seat]
            self._cancel(("grace", seat))
            if not s.joined:  # another process may have joined other seats meanwhile
                await self._catch_up()
            changed = False
            if s.stand_in:
                s.stand_in = False
                changed = True
            if not s.joined:
                s.joined = True
                fields: dict[str, Any] = {"seats": [x.stored() for x in self.seats]}
                if self.status == "open" and all(x.joined for x in self.seats
                                                 if x.kind == "human"):
                    self.status = "active"
                    fields["status"] = "active"
                await self._writer.commit(Commit(self.id, match_fields=fields))
                changed = True
            if changed:
                self._schedule_clock()
                self._broadcast_seats()
        self.kick()

    async def move(self, seat: int | None, action: str | dict[str, Any],
                   expect_seq: int | None) -> None:
        """A person's move: validated, applied, committed, broadcast; or refused unchanged."""
        if seat is None:
            raise MatchError("bad_token", "a move needs the token of the seat to move")
        await self.join(seat)
        async with self.lock:
            for attempt in range(MOVE_ATTEMPTS):
                try:
                    await self._move_once(seat, action, expect_seq)
                    break
                except (MatchError, SeqConflict) as exc:
                    # A refusal or a lost race may come from a stale state: another process may
                    # have moved. Catch up; if that changed nothing, the refusal stands.
                    caught_up = await self._catch_up()
                    if attempt + 1 < MOVE_ATTEMPTS and caught_up:
                        continue
                    if isinstance(exc, SeqConflict):
                        raise MatchError("stale_seq", "another server process moved first",
                                         seq=self.seq, expect_seq=expect_seq) from None
                    raise
        self.kick()

    async def _move_once(self, seat: int, action: str | dict[str, Any],
                         expect_seq: int | None) -> None:
        """Validate and play one move against the current state. Lock held."""
        if self.status == "finished" or self.state.is_terminal():
            raise MatchError("match_over", "the match is over")
        if self.status == "open":
            raise MatchError("not_started", "the match starts when every seat has joined")
        if expect_seq is not None and expect_seq != self.seq:
            raise MatchError("stale_seq", f"the match is at seq {self.seq}, not {expect_seq}",
                             seq=self.seq, expect_seq=expect_seq)
        if self.state.current_player() != seat:
            raise MatchError("not_your_turn", "it is not this seat's turn", seat=seat,
                             to_move=payloads.to_move(self.state))
        await self._play(seat, parse_action(self.state, action))

    async def sync(self) -> None:
        """Catch up with what other server processes stored (before a view or a welcome)."""
        async with self.lock:
            await self._catch_up()

    async def _catch_up(self) -> bool:
        """Apply the actions other processes committed after our seq, adopt their status and
        joined seats, broadcast what changed; True if anything did. Lock held. A no-op (False)
        on storage that only this process writes."""
        store = self._writer.store
        if not store.shared:
            return False
        row, actions = await asyncio.to_thread(store.load_since, self.id, self.seq)
        if row is None:
            return False
        changed = False
        seats_changed = False
        for stored, seat in zip(row.seats, self.seats, strict=True):
            if stored.get("joined") and not seat.joined:
                seat.joined = seats_changed = True
        if STATUS_ORDER[row.status] > STATUS_ORDER[self.status]:
            self.status = row.status
            changed = True
        if actions:
            state = self.state.clone()
            steps = []
            for a in actions:
                events = replay_action(state, a.seq - 1, a.action)
                steps.append(Step(a, LogEntry(a.seq, a.actor, tuple(events)), state.clone()))
            self.state, self.seq = state, actions[-1].seq
            if state.is_terminal():
                self.status = "finished"
            self.log.extend(s.entry for s in steps)
        if changed or seats_changed or actions:
            self._schedule_clock()  # the clock sent with the updates is the new turn's
        if actions:
            self._broadcast(steps)
        elif seats_changed:
            self._broadcast_seats()
        if changed or seats_changed:
            self.kick()  # chance or a bot may be due here now (the driver waits for the lock)
        return changed or seats_changed

    async def stand_in(self, seat: int) -> None:
        async with self.lock:
            s = self.seats[seat]
            if s.kind != "human" or s.stand_in or self.status == "finished":
                return
            s.stand_in = True
            self._schedule_clock()  # a bot's turn has no clock
            self._broadcast_seats()
        self.kick()

    async def subscribe(self, conn: Connection, since: int | None) -> None:
        """Add a connection; its welcome is queued before any later update (under the lock)."""
        if conn.seat is not None:
            await self.join(conn.seat)
        async with self.lock:
            await self._catch_up()
            if conn.seat is not None:
                self.seats[conn.seat].connections += 1
            self.connections.add(conn)
            conn.send({"type": "welcome", **self.snapshot(conn.seat, conn.lang, since)})
            self._broadcast_seats()

    async def welcome_again(self, conn: Connection) -> None:
        async with self.lock:
            await self._catch_up()
            conn.send({"type": "welcome", **self.snapshot(conn.seat, conn.lang)})

    def unsubscribe(self, conn: Connection, grace_seconds: int | None) -> None:
        """Remove a connection. Synchronous on purpose (nothing to await, so atomic on the loop):
        it must also run when the socket's task is being cancelled."""
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.connections -= 1
            if s.connections == 0 and grace_seconds is not None and self.status != "finished":
                self._later(("grace", conn.seat), grace_seconds,
                            lambda seat=conn.seat: self.stand_in(seat))
        self._broadcast_seats()

    # ---- the driver: chance and bots -----------------------------------------------------

    def kick(self) -> None:
        """Make sure chance and bot seats move when it is their turn."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        while True:
            async with self.lock:
                if self.status != "active" or self.state.is_terminal():
                    return
                actor = self.state.current_player()
                if actor == CHANCE:
                    try:
                        await self._play(None, None)
                    except SeqConflict:  # the same draw, stored by another process first
                        await self._catch_up()
                    continue
                seat = self.seats[actor]
                if not seat.is_bot_controlled:
                    return
                seq = self.seq
                view = self.state.view(actor)
                legal = self.state.legal_actions()
                spec = seat.agent_spec
            try:
                action = await self._bots.choose(self.game.info.id, actor, view, legal, spec,
                                                 f"{self.row.seed}/bot/{actor}/{seq}")
            except Exception:  # a broken worker must not stop the match
                log.exception("bot %s of match %s failed; playing a random move", spec, self.id)
                action = random.Random(f"{self.row.seed}/fallback/{seq}").choice(legal)
            async with self.lock:
                if (self.seq != seq or self.state.current_player() != actor
                        or not self.seats[actor].is_bot_controlled):
                    continue  # someone took the seat back meanwhile
                if action not in legal:
                    log.error("bot %s chose an illegal action in %s", spec, self.id)
                    action = legal[0]
                try:
                    await self._play(actor, action)
                except SeqConflict:  # another process played this seq: take its actions
                    await self._catch_up()

    async def _play(self, actor: int | None, action: int | None) -> None:
        """Apply `action` of `actor` (None: none, just the chance that is due) and all chance
        actions after it; commit them; then make them the state and broadcast. Lock held."""
        state = self.state.clone()
        seq = self.seq
        steps: list[Step] = []

        def apply(who: int, act: int) -> None:
            nonlocal seq
            text = state.action_to_text(act)
            events = state.apply(act)
            seq += 1
            steps.append(Step(ActionRow(seq, who, text), LogEntry(seq, who, tuple(events)),
                              state.clone()))

        if actor is not None and action is not None:
            apply(actor, action)
        while state.current_player() == CHANCE:
            rng = random.Random(f"{self.row.seed}/chance/{seq}")
            apply(CHANCE, sample_chance(state.chance_outcomes(), rng))
        if not steps:
            return
        fields: dict[str, Any] = {}
        status = self.status
        if state.is_terminal():
            status = "finished"
            fields = {"status": status, "returns": state.returns(), "winners": state.winners()}
        # The payloads are built before the commit is awaited, so that building them overlaps
        # the disk write; none is sent before the commit is durable (commit-before-ack).
        outgoing = self._payloads(steps, status)
        await self._writer.commit(Commit(self.id, [s.row for s in steps], fields))
        self.state, self.seq, self.status = state, seq, status
        self.log.extend(s.entry for s in steps)
        self._schedule_clock()
        self._send(outgoing)
        if status == "finished":
            for key in list(self._timers):
                self._cancel(key)

    # ---- broadcasting and timers ---------------------------------------------------------

    def _broadcast(self, steps: list[Step]) -> None:
        self._send(self._payloads(steps, self.status))

    def _payloads(self, steps: list[Step], status: str) -> list[tuple[Connection, list[
            dict[str, Any]]]]:
        """Each connection's update messages for `steps`, each distinct (seat, language)
        payload built once and shared (views differ per seat, never per connection)."""
        seats = self.seat_infos()
        cache: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
        out = []
        for conn in self.connections:
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = [payloads.update(self.game, step.state, conn.seat, conn.lang,
                                              entry=step.entry, seats=seats,
                                              status=status if i == len(steps) - 1
                                              else "active")
                              for i, step in enumerate(steps)]
            out.append((conn, cache[key]))
        return out

    def _send(self, outgoing: list[tuple[Connection, list[dict[str, Any]]]]) -> None:
        """Add the clock (known once the state is current), encode each payload once, queue."""
        clock = self.clock_field()
        encoded: dict[int, str] = {}
        for conn, messages in outgoing:
            if conn not in self.connections:  # it left while the commit was on its way
                continue
            for message in messages:
                text = encoded.get(id(message))
                if text is None:
                    text = encoded[id(message)] = encode({**message, **clock})
                conn.send(text)

    def _broadcast_seats(self) -> None:
        message = {"type": "seats", "seats": self.seat_infos(), **self.clock_field()}
        for conn in self.connections:
            conn.send(message)

    def _schedule_clock(self) -> None:
        clock = self.row.clock_seconds
        if clock is None:
            return
        for key in [k for k in self._timers if k[0] == "clock"]:
            self._cancel(key)
        self._clock = None
        mover = payloads.to_move(self.state)
        if self.status != "active" or mover is None or self.seats[mover].is_bot_controlled:
            return
        seq = self.seq
        self._clock = (mover, asyncio.get_running_loop().time() + clock)

        async def expire(seat: int = mover) -> None:
            if self.seq == seq:
                await self.stand_in(seat)

        self._later(("clock", mover), clock + (self.row.grace_seconds or 0), expire)

    def _later(self, key: tuple[str, int], seconds: float,
               make: Callable[[], Any]) -> None:
        self._cancel(key)
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(seconds, lambda: asyncio.ensure_future(make()))

    def _cancel(self, key: tuple[str, int]) -> None:
        handle = self._timers.pop(key, None)
        if handle is not None:
            handle.cancel()

    def close(self) -> None:
        for key in list(self._timers):
            self._cancel(key)
        if self._driver is not None:
            self._driver.cancel()
        for conn in self.connections:
            conn.queue.put_nowait(None)


def parse_action(state: State, action: str | dict[str, Any]) -> int:
    """An action id that is legal now, or `MatchError` with the engine's code."""
    try:
        action_id = (state.action_from_text(action) if isinstance(action, str)
                     else state.action_from_json(action))
    except BoardwrightError as exc:
        raise MatchError(exc.code, exc.message, **_plain(exc.params)) from None
    except Exception as exc:  # a JSON form the game's parser did not expect at all
        raise MatchError("unparsable_action", f"not an action: {exc}") from None
    if action_id not in state.legal_actions():
        raise MatchError("illegal_action", f"{state.action_to_text(action_id)!r} is not legal now",
                         action=state.action_to_text(action_id))
    return action_id


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, str | int | float | bool | None) else str(v)
            for k, v in params.items()}


def rebuild(row: MatchRow, game: Game, actions: list[ActionRow]) -> tuple[State, list[LogEntry]]:
    """A match's state and log from its stored actions (`BadRecord` if one does not replay)."""
    state = game.new_initial_state(row.players, row.options)
    entries = []
    for index, a in enumerate(actions):
        events = replay_action(state, index, a.action)
        entries.append(LogEntry(a.seq, a.actor, tuple(events)))
    return state, entries


def build_live(row: MatchRow, game: Game, store: Store, writer: GroupCommit,
               bots: BotPool) -> LiveMatch:
    """Blocking (reads and replays): call from a thread."""
    state, entries = rebuild(row, game, store.load_actions(row.id))
    match = LiveMatch(row, game, state, [Seat.from_stored(s) for s in row.seats], writer, bots)
    match.seq = entries[-1].seq if entries else 0
    match.log = entries
    return match
