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

The same lock orders everything else that changes a match: a seat bound to an identity, a chat
line (numbered per match; the number is the key another process's line collides on, like a
seq). Each is stored before it is shown.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from boardwright.engine.api import CHANCE, Game, State
from boardwright.engine.play import sample_chance
from boardwright.engine.record import replay_action

from . import absence, payloads, snapshots
from .bots import BotPool, BotTimeout
from .commits import GroupCommit
from .payloads import LogEntry
from .provisional import Pending, UndoCommands, skip_seen
from .seats import MatchError, Seat, hash_token, new_token
from .store import ActionRow, ChatRow, Commit, MatchRow, SeqConflict, now
from .tables import CHAT_SHOWN, marks, parse_action

__all__ = ["CHAT_SHOWN", "LiveMatch", "marks", "parse_action"]

log = logging.getLogger("boardwright.server")

#: a connection whose client reads this far behind is dropped (it reconnects with `since`):
#: this many messages, or this many bytes of them (a few welcomes' worth: a count alone let
#: eight non-reading spectators hold 122 MB)
MAX_QUEUE = 2000
MAX_QUEUE_BYTES = 4 * 1024 * 1024
#: how often a move is tried again after another process moved first or the state was stale
MOVE_ATTEMPTS = 3
#: the order of statuses: a status read from the database never moves a match backwards
STATUS_ORDER = {"open": 0, "active": 1, "finished": 2, "aborted": 2}
#: statuses after which nothing is played any more
OVER = ("finished", "aborted")
#: WebSocket close codes the writer sends: a too slow reader, a revoked seat link
CLOSE_SLOW, CLOSE_REVOKED = 4008, 4403
#: seconds before the driver tries again after the storage refused a write
STORAGE_RETRY_SECONDS = 5.0


#: compact JSON: no spaces after separators (fewer bytes to deflate, send and parse); without
#: the check for cycles (a payload is a fresh tree of dicts and lists), ~15% faster
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text that is sent."""
    return _ENCODER.encode(message)


@dataclass(eq=False)
class Connection:
    """One WebSocket (or test) subscriber: its seat, language and outgoing texts.

    The texts are encoded so that a payload shared by several connections (the same seat and
    language) is encoded once, not once per connection. They are written in order by whoever
    holds `writing`: the socket's pump, or the task that handled this connection's own message
    (its answer then leaves in the same turn of the event loop, not one turn later)."""

    seat: int | None
    lang: str
    #: texts to send, or a close code (an int) after which the writer closes the socket
    pending: deque[str | int] = field(default_factory=deque)
    #: set when `pending` has something for the pump
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    #: held while texts are taken from `pending` and written, so they leave in order
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: the identity the connection acts as (chat names a spectator by it); None: anonymous
    identity: Any = None
    #: a close code has been written: nothing more is sent
    closed: bool = False
    #: characters of the texts in `pending` (bounded by `MAX_QUEUE_BYTES`)
    queued: int = 0
    #: a close code is queued: nothing more is
    closing: bool = False

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed or self.closing:
            return
        text = message if isinstance(message, str) else encode(message)
        if len(self.pending) >= MAX_QUEUE or self.queued + len(text) > MAX_QUEUE_BYTES:
            self.close(CLOSE_SLOW)
            return
        self.pending.append(text)
        self.queued += len(text)
        self.ready.set()

    def take(self) -> str | int:
        """The next text (or close code) to write."""
        message = self.pending.popleft()
        if isinstance(message, str):
            self.queued -= len(message)
        return message

    def close(self, code: int) -> None:
        """Queue the close (after the texts already queued); nothing is queued after it."""
        if self.closing:
            return
        self.closing = True
        self.pending.append(code)
        self.ready.set()


@dataclass
class Step:
    """An applied action waiting to be broadcast: the row stored, the events, the state after."""

    row: ActionRow
    entry: LogEntry
    state: State


class LiveMatch(UndoCommands):
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
        #: a person's steps not final yet (provisional.py)
        self.pending = Pending()
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self._writer = writer
        self._bots = bots
        self._driver: asyncio.Task[None] | None = None
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        #: the running turn clock: (seat, loop time when it runs out), None when none runs
        self._clock: tuple[int, float] | None = None
        #: loop time of the last command or connection (idle matches leave memory)
        self.touched = 0.0
        #: the newest chat lines, and the number of the last one stored
        self.chat: list[ChatRow] = []
        self.chat_n = 0
        #: called (without the lock) once the match is over: ratings, rematch offers
        self.on_over: Callable[[LiveMatch], Any] | None = None
        #: called when the last connection of a match that is over leaves (the lobby lets the
        #: match leave memory then, rather than at its next sweep)
        self.on_idle: Callable[[LiveMatch], Any] | None = None
        #: how long one of a turn-based match's days per move lasts (`Limits.move_day_seconds`)
        self.move_day = timedelta(days=1)
        #: the address whose bot-only match this is: its bots hold at most the pool's share
        #: (a table with people is served first and is nobody's share)
        self.owner = "stored"
        #: log lines described per (seat, language, range of seqs) (snapshots.py)
        self.lines = snapshots.LineCache()

    @property
    def people(self) -> bool:
        """True if a person holds a seat (a match without people runs on bots alone)."""
        return any(s.kind == "human" for s in self.seats)

    def idle(self) -> bool:
        """Nobody watches, nothing runs or waits on a timer: the match may leave memory (it
        reloads from storage on its next request)."""
        return (not self.connections and not self.lock.locked() and not self._timers
                and (self._driver is None or self._driver.done())
                and (self.status in OVER or not self._bots_due()))

    def _bots_due(self) -> bool:
        """Chance or a bot seat is to move in an active match (the driver has work)."""
        if self.status != "active" or self.state.is_terminal():
            return False
        actor = self.state.current_player()
        return actor == CHANCE or self.seats[actor].is_bot_controlled

    # ---- reading -------------------------------------------------------------------------

    def seat_infos(self) -> list[dict[str, Any]]:
        return [s.public(i) for i, s in enumerate(self.seats)]

    def summary(self, lang: str = "en") -> dict[str, Any]:
        return {"match_id": self.id, "game": self.game.info.id, "players": len(self.seats),
                "status": self.status, "seats": self.seat_infos(),
                "created": self.row.created.isoformat(), "seq": self.seq,
                "to_move": payloads.to_move(self.state) if self.status == "active" else None,
                **marks(self.row), **payloads.results(self.game, self.state, lang)}

    def snapshot(self, seat: int | None, lang: str, since: int | None = None) -> dict[str, Any]:
        """A viewer's full picture; its log is the newest entries (snapshots.py)."""
        return self.decorate(snapshots.build(self, seat, lang, since), lang)

    def decorate(self, built: dict[str, Any], lang: str = "en") -> dict[str, Any]:
        """A built snapshot with the viewer's own provisional steps, the table's marks, its
        clock and the newest chat."""
        return {**self.overlay(built, lang), **marks(self.row), **self.clock_field(),
                "chat": [payloads.chat_line(c) for c in self.chat[-CHAT_SHOWN:]]}

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

    def seat_of_quietly(self, token: str | None, identity: str | None = None) -> int | None:
        """The seat `token` acts for, or None for no token and any other token."""
        try:
            return self.seat_of(token, identity)
        except MatchError:
            return None

    def seat_of(self, token: str | None, identity: str | None = None) -> int | None:
        """The seat `token` acts for; None without a token; `bad_token` for any other token;
        `seat_bound` for the token of a seat bound to an identity other than `identity`: a
        bound seat acts for its identity alone, whoever holds a copy of its token."""
        if token is None or token == "":
            return None
        for index, seat in enumerate(self.seats):
            if seat.matches_token(token):
                if seat.identity is not None and seat.identity != identity:
                    raise MatchError("seat_bound", "this seat belongs to another player: it "
                                     "acts for that player's identity only", seat=index)
                return index
        raise MatchError("bad_token", "this token belongs to no seat of this match")

    def seat_for(self, token: str | None, identity: str | None) -> int | None:
        """The seat a request acts for: its token's (`bad_token` for a wrong one), else the
        seat bound to its identity, else None (a spectator). An identity reaches only the
        seat bound to it: never another's, whatever it sends."""
        if token:
            return self.seat_of(token, identity)
        return self.seat_of_identity(identity)

    def seat_of_identity(self, identity: str | None) -> int | None:
        if identity is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat.identity == identity:
                return index
        return None

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
            if not s.joined:
                # stored first: a commit that fails changes nothing in memory either
                stored = [x.stored() for x in self.seats]
                stored[seat]["joined"] = True
                fields: dict[str, Any] = {"seats": stored}
                if self.status == "open" and all(x.joined or i == seat
                                                 for i, x in enumerate(self.seats)
                                                 if x.kind == "human"):
                    fields["status"] = "active"
                    fields["to_move"] = payloads.to_move(self.state)
                    fields.update(self._deadline(fields["to_move"]))
                await self._writer.commit(Commit(self.id, match_fields=fields))
                s.joined = True
                self.row.to_move = fields.get("to_move", self.row.to_move)
                self.row.deadline = fields.get("deadline", self.row.deadline)
                self.status = fields.get("status", self.status)
                if "status" in fields:  # it starts: the grace of those not here runs
                    absence.watch_absent(self, but=seat)
                changed = True
            if s.stand_in:
                s.stand_in = False
                changed = True
            if changed:
                self._schedule_clock()
                self._broadcast_seats()
        self.kick()

    def _deadline(self, mover: int | None) -> dict[str, Any]:
        """A turn-based match's stored deadline for `mover` (the seat to move, None for chance
        or the end): `move_days` from now when a person's turn begins, none for a bot's or
        chance's, unchanged while the same person goes on. Empty for a live match."""
        if self.row.mode != "turn":
            return {}
        if mover is None or self.seats[mover].kind != "human":
            return {"deadline": None}
        if mover != self.row.to_move or self.row.deadline is None:
            return {"deadline": now() + (self.row.move_days or 1) * self.move_day}
        return {}

    async def move(self, seat: int | None, action: str | dict[str, Any],
                   expect_seq: int | None, lang: str = "en") -> None:
        """A person's move: validated, applied, committed, broadcast; or refused unchanged, with
        the rule that refuses it in `lang`."""
        if seat is None:
            raise MatchError("bad_token", "a move needs the token of the seat to move")
        await self.join(seat)
        async with self.lock:
            for attempt in range(MOVE_ATTEMPTS):
                try:
                    await self._move_once(seat, action, expect_seq, lang)
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
                         expect_seq: int | None, lang: str = "en") -> None:
        """Validate and play one move against the current state. Lock held."""
        if self.status in OVER or self.state.is_terminal():
            raise MatchError("match_over", f"the match is over ({self.status})",
                             status=self.status)
        if self.status == "open":
            raise MatchError("not_started", "the match starts when every seat has joined")
        if expect_seq is not None and expect_seq != self.seq:
            raise MatchError("stale_seq", f"the match is at seq {self.seq}, not {expect_seq}",
                             seq=self.seq, expect_seq=expect_seq)
        position = self.pending.position(self.state, seat)  # after its provisional steps
        if position.current_player() != seat:
            raise MatchError("not_your_turn", "it is not this seat's turn", seat=seat,
                             to_move=payloads.to_move(position))
        await self._step(seat, parse_action(self.game, position, action, seat, lang))

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
        row, actions, chat = await asyncio.to_thread(store.load_since, self.id, self.seq,
                                                     self.chat_n)
        if row is None:
            return False
        changed = False
        seats_changed = False
        for stored, seat in zip(row.seats, self.seats, strict=True):
            if stored.get("joined") and not seat.joined:
                seat.joined = seats_changed = True
            seat.token_hash = stored.get("token_hash")  # a link rotated by another process
            if (stored.get("identity"), stored.get("player")) != (seat.identity, seat.player):
                seat.identity, seat.player = stored.get("identity"), stored.get("player")
                seats_changed = True
        for key in ("to_move", "rematch", "deadline", "winners"):
            setattr(self.row, key, getattr(row, key))
        if STATUS_ORDER[row.status] > STATUS_ORDER[self.status]:
            self.status = row.status
            self.row.ended = row.ended  # aborted by another process: say why
            changed = True
        if chat:
            self.chat_n = chat[-1].n
            self._remember(chat)
            for line in chat:
                self._send_all({"type": "chat", "line": payloads.chat_line(line)})
        had = self.pending.seat if actions else None  # its steps were made final elsewhere
        if actions:
            self.pending.clear()
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
        adopted = await self._adopt_stored(store, had)
        if actions:
            self._send(self._payloads(steps, self.status, (had, len(steps))))
        elif seats_changed:
            self._broadcast_seats()
        if changed or seats_changed:
            self.kick()  # chance or a bot may be due here now (the driver waits for the lock)
        return changed or seats_changed or adopted

    async def stand_in(self, seat: int) -> None:
        async with self.lock:
            s = self.seats[seat]
            if s.kind != "human" or s.stand_in or self.status in OVER:
                return
            s.stand_in = True
            if absence.abandoned(self):  # nobody left to play for: it ends unless they return
                absence.end_later(self)
            self._schedule_clock()  # a bot's turn has no clock
            self._broadcast_seats()
        self.kick()

    # ---- identities, chat ------------------------------------------------------------------

    async def bind(self, seat: int, identity: str, player: str) -> str | None:
        """Bind `seat` to `identity` (whose token the caller showed): from now on that
        identity gets the seat back in any browser. Refused if another identity holds it
        (`seat_taken`) or this identity holds another seat here (`already_seated`).

        Binding rotates the seat's token and returns the new one (for the binder alone): every
        other copy of the link (the creator's, a forwarded one) stops working at once, and
        connections opened with it by anyone else are closed (4403). None: bound already."""
        async with self.lock:
            await self._catch_up()
            s = self.seats[seat]
            if s.identity == identity:
                return None
            if s.kind != "human" or s.identity is not None:
                raise MatchError("seat_taken", "another player holds this seat", seat=seat)
            if self.seat_of_identity(identity) is not None:
                raise MatchError("already_seated", "you hold another seat of this match",
                                 seat=self.seat_of_identity(identity))
            token = new_token()
            stored = [x.stored() for x in self.seats]
            stored[seat].update(identity=identity, player=player, token_hash=hash_token(token))
            await self._writer.commit(Commit(self.id, match_fields={"seats": stored},
                                             players={seat: identity}))
            s.identity, s.player, s.token_hash = identity, player, stored[seat]["token_hash"]
            for conn in [c for c in self.connections if c.seat == seat
                         and getattr(c.identity, "id", None) != identity]:
                conn.close(CLOSE_REVOKED)
            self._broadcast_seats()
        return token

    async def rename(self, identity: str, player: str) -> None:
        """A guest who became an account shows under the new name."""
        async with self.lock:
            seat = self.seat_of_identity(identity)
            if seat is None or self.seats[seat].player == player:
                return
            stored = [x.stored() for x in self.seats]
            stored[seat]["player"] = player
            await self._writer.commit(Commit(self.id, match_fields={"seats": stored}))
            self.seats[seat].player = player
            self._broadcast_seats()

    async def time_out(self) -> bool:
        """A turn-based match whose person to move let the deadline pass (as stored: another
        process or a restart may have set it): by the table's rule a bot plays for them until
        they come back (any view, connection or claim of theirs ends it), or the match ends
        with them last (`ended: "timeout"`, the others its winners). True if it did either."""
        async with self.lock:
            await self._catch_up()
            stored = await asyncio.to_thread(self._writer.store.load_match, self.id)
            deadline = stored.deadline if stored else None
            mover = payloads.to_move(self.state)
            if (self.status != "active" or self.row.mode != "turn" or deadline is None
                    or deadline > now() or mover is None
                    or self.seats[mover].is_bot_controlled):
                return False
            if self.row.on_timeout == "lose":
                await self._end("timeout", winners=[i for i in range(len(self.seats))
                                                    if i != mover])
            else:
                self.seats[mover].stand_in = True
                self._broadcast_seats()
        if self.status in OVER:
            asyncio.get_running_loop().call_soon(self._over)
        else:
            self.kick()
        return True

    async def set_rematch(self, match_id: str) -> None:
        """The match that followed this one (told to everyone at the end screen)."""
        async with self.lock:
            await self._writer.commit(Commit(self.id, match_fields={"rematch": match_id}))
            self.row.rematch = match_id
            self._send_all({"type": "rematch", "match_id": match_id})

    async def say(self, seat: int | None, identity: str | None, name: str, text: str) -> None:
        """A chat line from a seat (None: a spectator), stored, then sent to everyone
        watching. It carries what was typed, who said it and when; nothing of any view."""
        async with self.lock:
            if seat is None and not self.row.spectator_chat:
                raise MatchError("chat_muted", "this table does not hear spectators")
            for attempt in range(MOVE_ATTEMPTS):
                line = ChatRow(self.chat_n + 1, self.seq, seat, identity, name, text, now())
                try:
                    await self._writer.commit(Commit(self.id, chat=[line]))
                    break
                except SeqConflict:  # another process numbered a line first: catch up
                    await self._catch_up()
                    if attempt + 1 == MOVE_ATTEMPTS:
                        raise MatchError("stale_seq", "the chat is busy; try again") from None
            self.chat_n = line.n
            self._remember([line])
            self._send_all({"type": "chat", "line": payloads.chat_line(line)})

    def _remember(self, lines: list[ChatRow]) -> None:
        self.chat.extend(lines)
        del self.chat[:-CHAT_SHOWN]

    def _over(self) -> None:
        if self.on_over is not None:
            self.on_over(self)

    async def subscribe(self, conn: Connection, since: int | None) -> None:
        """Add a connection; its welcome is queued before any later update (under the lock)."""
        if conn.seat is not None:
            await self.join(conn.seat)
        async with self.lock:
            await self._catch_up()
            self.connections.add(conn)
            conn.send({"type": "welcome", **self.snapshot(conn.seat, conn.lang, since)})
            if conn.seat is not None:
                self.seats[conn.seat].connections += 1
                if self.seats[conn.seat].connections == 1:  # the seat shows as connected now
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
        self._leave_seat(conn, grace_seconds)
        if self.status in OVER and self.on_idle is not None and self.idle():
            self.on_idle(self)  # the last watcher of a match that is over left: it may go now

    def _leave_seat(self, conn: Connection, grace_seconds: int | None) -> None:
        if conn.seat is None:
            return  # a spectator: nothing anyone else sees changes
        s = self.seats[conn.seat]
        s.connections -= 1
        if s.connections == 0:
            # a turn-based table needs nobody to stay: its deadlines stand in for the grace
            if grace_seconds is not None and self.status not in OVER and self.row.mode != "turn":
                self._later(("grace", conn.seat), grace_seconds,
                            lambda seat=conn.seat: self.stand_in(seat))
            self._broadcast_seats()

    # ---- the driver: chance and bots -----------------------------------------------------

    def kick(self) -> None:
        """Make sure chance and bot seats move when it is their turn."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        try:
            await self._drive_until_waiting()
        except MatchError as exc:
            if exc.code != "storage_unavailable":
                raise
            # the storage refused a write: nothing changed; try again later
            log.error("match %s waits for the storage: %s", self.id, exc.message)
            self._later(("retry", 0), STORAGE_RETRY_SECONDS, self._retry_drive)

    async def _retry_drive(self) -> None:
        self._cancel(("retry", 0))
        self.kick()

    async def _drive_until_waiting(self) -> None:
        while True:
            async with self.lock:
                if self.status != "active" or self.state.is_terminal():
                    return
                if self.seq >= self.game.info.max_actions:
                    # past the game's bound on any game's length: a cap-less game of bots
                    # that does not end (the bound is the game's own, from conformance)
                    await self._end("too_long")
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
                if await self._finalize_for_stand_in():
                    continue
                seq = self.seq
                view = self.state.view(actor)
                legal = self.state.legal_actions()
                spec = seat.agent_spec
            try:
                action = await self._bots.choose(
                    self.game.info.id, actor, view, legal, spec,
                    f"{self.row.seed}/bot/{actor}/{seq}", people=self.people,
                    owner=None if self.people else self.owner)
            except BotTimeout as exc:  # over the deadline: the worker has been replaced
                log.error("bot %s of match %s: %s; playing a random move", spec, self.id, exc)
                action = random.Random(f"{self.row.seed}/fallback/{seq}").choice(legal)
            except Exception:  # a broken worker must not stop the match
                log.exception("bot %s of match %s failed; playing a random move", spec, self.id)
                action = random.Random(f"{self.row.seed}/fallback/{seq}").choice(legal)
            async with self.lock:
                if (self.seq != seq or self.state.current_player() != actor
                        or not self.seats[actor].is_bot_controlled
                        or self.status != "active"):
                    continue  # someone took the seat back, or the match ended, meanwhile
                if action not in legal:
                    log.error("bot %s chose an illegal action in %s", spec, self.id)
                    action = legal[0]
                try:
                    await self._play(actor, action)
                except SeqConflict:  # another process played this seq: take its actions
                    await self._catch_up()

    async def _play(self, actor: int | None, action: int | None, *,
                    finalize: bool = False) -> None:
        """Apply `action` of `actor` (None: none, just the chance that is due) and all chance
        actions after it; commit them; then make them the state and broadcast. Lock held.
        `finalize`: the provisional steps (if any) go first, final now (their mover is told
        `final`), and the stored steps are ended in the same commit: a process that missed a
        change of them another made collides on its number (`SeqConflict`) and catches up."""
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

        mover, carried = self.pending.seat, len(self.pending.actions) if finalize else 0
        for text in self.pending.actions[:carried]:
            apply(state.current_player(), state.action_from_text(text))
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
            fields = {"status": status, "returns": state.returns(), "winners": state.winners(),
                      **absence.final_fields(self)}
        fields["to_move"] = payloads.to_move(state) if status == "active" else None
        fields.update(self._deadline(fields["to_move"]))
        # The payloads are built before the commit is awaited, so that building them overlaps
        # the disk write; none is sent before the commit is durable (commit-before-ack).
        outgoing = self._payloads(steps, status, (mover, carried))
        await self._writer.commit(Commit(self.id, [s.row for s in steps], fields,
                                         provisional=self.final_row() if finalize else None))
        if finalize:
            self.pending.n += 1
            self.pending.clear()
        self.state, self.seq, self.status = state, seq, status
        self.row.to_move = fields["to_move"]
        self.row.deadline = fields.get("deadline", self.row.deadline)
        self.log.extend(s.entry for s in steps)
        self._schedule_clock()
        self._send(outgoing)
        if status == "finished":
            for key in list(self._timers):
                self._cancel(key)
            asyncio.get_running_loop().call_soon(self._over)  # after the lock is let go

    async def abort(self, reason: str) -> None:
        """End the match without a result (`aborted`, with why in `ended`)."""
        async with self.lock:
            if self.status in OVER:
                raise MatchError("match_over", f"the match is over ({self.status})",
                                 status=self.status)
            await self._end(reason)

    async def _end(self, reason: str, winners: list[int] | None = None) -> None:
        """Stored first, then in memory; tells every connection. Lock held. `winners`: those
        of a match lost on time (the others)."""
        fields: dict[str, Any] = {"status": "aborted", "ended": reason, "to_move": None,
                                  "deadline": None}
        if winners is not None:
            fields["winners"] = winners
        await self._writer.commit(Commit(self.id, match_fields=fields))
        self.pending.clear()  # never final, never shown to anyone else
        self.status = "aborted"
        self.row.ended = reason
        self.row.to_move = self.row.deadline = None
        if winners is not None:
            self.row.winners = winners
        for key in list(self._timers):
            self._cancel(key)
        self._clock = None
        message: dict[str, Any] = {"type": "status", "status": "aborted", "ended": reason}
        if winners is not None:
            message["winners"] = winners
        self._send_all(message)

    def _send_all(self, message: dict[str, Any]) -> None:
        text = encode(message)
        for conn in self.connections:
            conn.send(text)

    async def reissue(self, seat: int) -> str:
        """A new link for `seat`: the old token stops working at once (its connections are
        closed with 4403) and the new one is returned, once, to the caller."""
        token = new_token()
        async with self.lock:
            stored = [x.stored() for x in self.seats]
            stored[seat]["token_hash"] = hash_token(token)
            await self._writer.commit(Commit(self.id, match_fields={"seats": stored}))
            self.seats[seat].token_hash = stored[seat]["token_hash"]
            for conn in [c for c in self.connections if c.seat == seat]:
                conn.close(CLOSE_REVOKED)
        return token

    # ---- broadcasting and timers ---------------------------------------------------------

    def _broadcast(self, steps: list[Step]) -> None:
        self._send(self._payloads(steps, self.status))

    def _payloads(self, steps: list[Step], status: str,
                  seen: tuple[int | None, int] = (None, 0)
                  ) -> list[tuple[Connection, list[dict[str, Any]]]]:
        """`seen`: (seat, k) whose connections saw the first k steps as provisional ones: they
        get `final` for them instead (provisional.py)."""
        return skip_seen(snapshots.update_payloads(self, steps, status), steps, seen)

    def _send(self, outgoing: list[tuple[Connection, list[dict[str, Any]]]]) -> None:
        """Add the clock and a turn-based match's deadline (known once the state is current),
        encode each payload once, queue."""
        clock = self.clock_field()
        if self.row.mode == "turn":
            clock["deadline"] = self.row.deadline.isoformat() if self.row.deadline else None
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
            conn.close(CLOSE_SLOW)
