"""The match manager: creates matches, finds them (in memory or from storage), lists them,
reloads unfinished ones on start, and steps through finished ones for replays.

It also keeps what one client may cost bounded: matches per creator address and in all, the
expiry of open matches nobody joins, and memory: a match with nobody connected and nothing to
do leaves memory at the next sweep and reloads from storage on its next request; replays keep a
few finished matches' states in a small LRU cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import boardwright
from boardwright.agents.analysis import hint_part, review_part
from boardwright.engine import registry
from boardwright.engine.api import options_for_people
from boardwright.engine.errors import BoardwrightError

from . import absence, notices, payloads, ratings
from .bots import BotPool, BotTimeout
from .commits import GroupCommit
from .identity import Identity
from .limits import ClientLimits, Limits
from .loading import (
    REPLAY_CHECKPOINT,
    ReplayTrack,
    RulesChanged,
    build_live,
    build_track,
    rebuild,
    rules_options,
)
from .matches import OVER, LiveMatch, marks
from .schemas import CreateMatch
from .seats import MatchError, Seat, hash_token, new_token
from .store import Commit, MatchRow, Store, now

log = logging.getLogger("boardwright.server")

#: what a match id looks like (`secrets.token_urlsafe(8)`); anything else is no match, unread
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: days per move of a turn-based match that does not say
DEFAULT_MOVE_DAYS = 3


class Lobby:
    """Owns the live matches of one server process."""

    def __init__(self, store: Store, bots: BotPool, limits: Limits | None = None,
                 clients: ClientLimits | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.bots = bots
        self.limits = limits or Limits()
        self.clients = clients or ClientLimits(self.limits, clock)
        self.clock = clock
        #: rated matches and distinct opponents before a player shows on the leaderboard
        self.leaderboard_min = (ratings.LEADERBOARD_MIN_MATCHES,
                                ratings.LEADERBOARD_MIN_OPPONENTS)
        self.writer = GroupCommit(store)
        self.live: dict[str, LiveMatch] = {}
        #: one lock per match id being loaded, removed once loaded (or found missing)
        self._loading: dict[str, asyncio.Lock] = {}
        #: the matches that count against their creator's (and the server's) cap: open ones
        #: and those without people still playing; match id -> creator address
        self.counted: dict[str, str] = {}
        self._replays: OrderedDict[str, ReplayTrack] = OrderedDict()
        self._reviews: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self._sweeper: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        #: matches being caught up after a notice, and those noticed again meanwhile
        self._following: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        #: matches that could not be loaded (id -> why), skipped until the next start
        self.quarantined: dict[str, str] = {}
        #: one rematch made at a time (two players clicking at once get the same one)
        self._rematching = asyncio.Lock()
        #: hints and reviews being computed now (at most `Limits.hints_at_once` and
        #: `Limits.reviews_at_once`), and per asking address (`Limits.bot_asks_per_client`)
        self._hinting = 0
        self._reviewing = 0
        self._asking: dict[str, int] = {}

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> int:
        """Reload every unfinished match by replaying its stored actions, rate the rated
        matches that ended without their ratings (a crash in between); returns how many
        matches were reloaded."""
        for match_id in await asyncio.to_thread(self.store.unrated):
            await self.rate(match_id)
        rows = await asyncio.to_thread(self.store.unfinished)
        for row in rows:
            try:
                match = await self._load_row(row)
            except MatchError as exc:  # ended as `rules_changed` (logged there)
                log.info("match %s not reloaded: %s", row.id, exc.message)
                continue
            except Exception as exc:  # one bad match never stops the server
                self._quarantine(row.id, exc)
                continue
            match.kick()
        if self.store.shared:
            self._listener = asyncio.create_task(notices.listen(
                self.store.url, self.store.process, self.noticed, self._catch_up_all))
        self._sweeper = asyncio.create_task(self._sweep_forever())
        return len(self.live)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # a failed read: the next sweep tries again
                log.exception("sweeping matches failed")

    async def sweep(self) -> dict[str, int]:
        """Expire open matches nobody joined in time; apply the rule of every turn-based match
        whose person to move missed the deadline; let idle matches leave memory; forget the
        counted matches that no longer count. Returns how many of each (for tests)."""
        cutoff = now() - timedelta(seconds=self.limits.open_match_seconds)
        expired = 0
        for match_id in await asyncio.to_thread(self.store.open_before, cutoff):
            match = await self._sweepable(match_id)
            with contextlib.suppress(MatchError):  # joined meanwhile, or already over
                if match is not None and match.status == "open":
                    await match.abort("expired")
                    expired += 1
        timed_out = 0
        for match_id in await asyncio.to_thread(self.store.past_deadline, now()):
            match = await self._sweepable(match_id)
            try:
                if match is not None and await match.time_out():
                    timed_out += 1
            except MatchError:
                pass
            except Exception as exc:  # the others still get their deadlines
                self._quarantine(match_id, exc)
        for match_id in list(self.counted):
            live = self.live.get(match_id)
            if live is None or not self._counts(live):
                del self.counted[match_id]
        idle_since = self.clock() - self.limits.idle_seconds
        evicted = 0
        for match in list(self.live.values()):
            if match.idle() and (match.status in OVER or match.touched <= idle_since):
                self._evict(match)
                evicted += 1
        return {"expired": expired, "evicted": evicted, "timed_out": timed_out}

    async def _sweepable(self, match_id: str) -> LiveMatch | None:
        """The match a sweep acts on, or None: set aside, ended as `rules_changed`, or one that
        fails to load (then set aside: one bad match never stops a sweep)."""
        if match_id in self.quarantined:
            return None
        try:
            return await self.get(match_id)
        except MatchError:
            return None
        except Exception as exc:
            self._quarantine(match_id, exc)
            return None

    def _quarantine(self, match_id: str, exc: BaseException) -> None:
        """Set a match that cannot be loaded aside until the next start: start-up and sweeps
        skip it, and its requests answer `match_unavailable` (503); logged once, with why."""
        if match_id not in self.quarantined:
            log.error("match %s is set aside (match_unavailable): it cannot be loaded",
                      match_id, exc_info=exc)
        self.quarantined[match_id] = f"{type(exc).__name__}: {exc}"[:200]

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        for match in self.live.values():
            match.close()
        self.writer.close()

    def noticed(self, match_id: str) -> None:
        """Another process stored moves or changes of `match_id`: if connections here watch
        it, catch up and push them (one catch-up at a time per match; notices that arrive
        meanwhile make it go once more). A match nobody here watches catches up lazily, at
        its next request, as before."""
        match = self.live.get(match_id)
        if match is None or not match.connections:
            return
        if match_id in self._following:
            self._again.add(match_id)
            return
        self._following.add(match_id)
        self._spawn(self._follow(match))

    async def _follow(self, match: LiveMatch) -> None:
        try:
            while True:
                self._again.discard(match.id)
                await match.sync()
                if match.id not in self._again:
                    return
        except Exception:  # a failed read: the next notice or request catches up
            log.exception("catching up match %s after a notice failed", match.id)
        finally:
            self._following.discard(match.id)

    async def _catch_up_all(self) -> None:
        """After the listener (re)connects: notices sent while it was away are lost."""
        for match_id in list(self.live):
            self.noticed(match_id)

    @staticmethod
    def _counts(match: LiveMatch) -> bool:
        """An open match, or one without people that is still playing."""
        return match.status == "open" or (match.status == "active" and not match.people)

    def _admit(self, client: str) -> None:
        """Refuse a creation over the address's rate or open-match cap, or the server's."""
        wait = self.clients.take(self.clients.creates, client)
        if wait:
            raise MatchError("rate_limited", "too many matches created from this address; "
                             "wait a little", retry_after=round(wait, 1))
        for match_id in [m for m, c in self.counted.items() if c == client]:
            match = self.live.get(match_id)
            if match is None or not self._counts(match):
                del self.counted[match_id]
        mine = sum(1 for c in self.counted.values() if c == client)
        if self.limits.per_client and mine >= self.limits.matches_per_client:
            raise MatchError("too_many_matches", f"this address already has {mine} matches "
                             "waiting for people or playing without them; finish, abort or "
                             "let them expire first", limit=self.limits.matches_per_client)
        if len(self.counted) >= self.limits.max_open_matches:
            raise MatchError("server_busy", "the server has as many open matches as it takes; "
                             "try again later", limit=self.limits.max_open_matches)

    async def create(self, req: CreateMatch, client: str = "unknown",
                     identity: Identity | None = None) -> dict[str, Any]:
        if req.hints and req.rated:
            raise MatchError("hints_rated", "a rated match cannot allow hints: a player helped "
                             "by the bot would be rated for the bot's play; choose one")
        people = any(spec.kind == "human" for spec in req.seats)
        if req.seed is not None and people:
            raise MatchError("seed_not_allowed", "only a match without people may be given a "
                             "seed (a seat could otherwise foresee every draw); leave it out")
        mine = [i for i, spec in enumerate(req.seats) if spec.mine]
        if mine and identity is None:
            raise MatchError("no_identity", "a seat of your own needs an identity: log in, or "
                             "play as a guest first")
        if len(mine) > 1:
            raise MatchError("already_seated", "you can hold one seat of a match", seat=mine[1])
        if any(req.seats[i].kind != "human" for i in mine):
            raise MatchError("bad_request", "only a person's seat can be yours", seat=mine[0])
        self._admit(client)
        try:
            game = registry.get(req.game)
        except BoardwrightError as exc:
            raise MatchError(exc.code, exc.message) from None
        info = game.info
        variant = req.players in {count for count, _ in info.variant_players}
        if not (info.min_players <= req.players <= info.max_players or variant):
            raise MatchError("bad_config", f"{info.title} is for {info.min_players} to "
                             f"{info.max_players} players, not {req.players}")
        local = sorted(o.name for o in info.options if o.local_path and o.name in req.options)
        if local:
            raise MatchError("bad_config", f"option {local[0]!r} names a file on the server "
                             "and can only be used in a terminal game")
        if len(req.seats) != req.players:
            raise MatchError("bad_request", f"{req.players} players need {req.players} seats, "
                             f"got {len(req.seats)}")
        if req.mode == "turn" and (req.clock_seconds or req.grace_seconds):
            raise MatchError("bad_request", "a turn-based match has days per move, not a "
                             "clock or a grace time")
        if req.mode == "live" and req.move_days is not None:
            raise MatchError("bad_request", "days per move are for a turn-based match "
                             "(mode: turn)")
        options = dict(req.options)
        if people:
            options = options_for_people(game, options)
        try:
            game.new_initial_state(req.players, options)
            for spec in req.seats:
                if spec.kind == "bot":
                    self.bots.budget.check(spec.agent or "greedy")
        except BoardwrightError as exc:
            raise MatchError(exc.code, exc.message) from None
        seats = []
        for i, spec in enumerate(req.seats):
            name = spec.name or (spec.agent or "greedy" if spec.kind == "bot"
                                 else f"Player {chr(65 + i)}")
            seat = Seat(kind=spec.kind, name=name,
                        agent=(spec.agent or "greedy") if spec.kind == "bot" else None)
            if spec.mine and identity is not None:
                seat.identity, seat.player = identity.id, identity.name
            seats.append(seat)
        rated = (req.rated if req.rated is not None
                 else not req.hints and ratings.rated_by_default(seats, req.options))
        if rated:
            ratings.check_ratable(seats)
        grace = req.grace_seconds
        if grace is None and people and req.mode == "live":  # every live table has one
            grace = absence.DEFAULT_GRACE_SECONDS
        return await self._new_match(
            game, req.players, options, seats, client, lang=req.lang, seed=req.seed,
            clock_seconds=req.clock_seconds, grace_seconds=grace, rated=rated,
            spectator_chat=req.spectator_chat, creator=identity.id if identity else None,
            hints=req.hints, turn=(req.move_days or DEFAULT_MOVE_DAYS, req.on_timeout)
            if req.mode == "turn" else None, allow_undo=req.allow_undo or req.confirm_turn,
            confirm_turn=req.confirm_turn)

    async def _new_match(self, game: Any, players: int, options: dict[str, Any],
                         seats: list[Seat], client: str, *, lang: str, seed: int | None,
                         clock_seconds: int | None, grace_seconds: int | None, rated: bool,
                         spectator_chat: bool, creator: str | None,
                         rematch_of: str | None = None,
                         turn: tuple[int, str] | None = None,
                         hints: bool = False, allow_undo: bool = False,
                         confirm_turn: bool = False) -> dict[str, Any]:
        """Store and start a match of these seats (each person's seat gets a new token);
        `turn`: (days per move, what a missed deadline does) of a turn-based match."""
        info = game.info
        match_id = secrets.token_urlsafe(8)
        control = new_token()
        tokens: dict[int, str] = {}
        for i, seat in enumerate(seats):
            if seat.kind == "human":
                tokens[i] = new_token()
                seat.token_hash = hash_token(tokens[i])
        stamp = now()
        row = MatchRow(
            id=match_id, game=info.id, players=players, options=options,
            seats=[s.stored() for s in seats],
            status="active" if not tokens else "open",
            seed=seed if seed is not None else secrets.randbits(62), lang=lang,
            clock_seconds=clock_seconds, grace_seconds=grace_seconds,
            engine_version=boardwright.__version__, rules_version=info.rules_version, seq=0,
            returns=None, winners=None, created=stamp, updated=stamp,
            seeded=seed is not None, control_hash=hash_token(control), rated=rated,
            spectator_chat=spectator_chat, creator=creator, rematch_of=rematch_of,
            mode="turn" if turn else "live", move_days=turn[0] if turn else None,
            on_timeout=turn[1] if turn else None, hints=hints, allow_undo=allow_undo,
            confirm_turn=confirm_turn)
        state = game.new_initial_state(players, options)
        if not tokens:
            row.to_move = payloads.to_move(state)
        bound = {i: s.identity for i, s in enumerate(seats) if s.identity is not None}
        await asyncio.to_thread(self.store.create_match, row, bound)
        match = LiveMatch(row, game, state, seats, self.writer, self.bots)
        match.owner = client
        match.on_over = self._over
        match.on_idle = self._evict  # over and unwatched: it goes now, not at the next sweep
        match.move_day = timedelta(seconds=self.limits.move_day_seconds)
        match.touched = self.clock()
        self.live[match_id] = match
        if self._counts(match):
            self.counted[match_id] = client
        match.kick()
        out_seats = []
        for i, seat in enumerate(seats):
            entry: dict[str, Any] = {"seat": i, "kind": seat.kind, "name": seat.name}
            if seat.player is not None:
                entry["player"] = seat.player
            if i in tokens:
                entry["token"] = tokens[i]
                entry["join_url"] = f"/m/{match_id}?seat={i}&token={tokens[i]}"
            out_seats.append(entry)
        return {"match_id": match_id, "seats": out_seats, "spectate_url": f"/m/{match_id}",
                "control_token": control, **marks(row)}

    # ---- what identities see and do ------------------------------------------------------

    async def rematch(self, match_id: str, seat: int | None, client: str) -> dict[str, Any]:
        """The same table again with the seats rotated (seat k's player sits at k + 1): asked
        by a player of a finished match; the first ask makes it, every later one gets the
        same match. Seats bound to identities stay bound (each player finds theirs under My
        games or by opening the match). Each asker gets their own new seat's link and no
        other (nor a control token): a player without an identity gets theirs by asking too."""
        match = await self.get(match_id)
        if seat is None:
            raise MatchError("rematch_not_allowed", "only a player of this match can ask for "
                             "a rematch")
        if match.status != "finished":
            raise MatchError("not_over", "a rematch follows a finished match",
                             status=match.status)
        async with self._rematching:
            await match.sync()
            if match.row.rematch:
                new = await self.get(match.row.rematch)
                mine = (seat + 1) % len(match.seats)
                out = {"match_id": new.id, "seat": mine, "existing": True,
                       "spectate_url": f"/m/{new.id}", **marks(new.row)}
                if new.seats[mine].identity is None and new.status not in OVER:
                    token = await new.reissue(mine)  # theirs alone: only they held seat k
                    link = f"/m/{new.id}?seat={mine}&token={token}"
                    out["seats"] = [{"seat": mine, "kind": "human", "name": new.seats[mine].name,
                                     "token": token, "join_url": link}]
                return out
            self._admit(client)
            n = len(match.seats)
            seats = []
            for new_seat in range(n):
                old = match.seats[(new_seat - 1) % n]
                seats.append(Seat(kind=old.kind, name=old.name, agent=old.agent,
                                  identity=old.identity, player=old.player))
            row = match.row
            created = await self._new_match(
                match.game, n, dict(row.options), seats, client, lang=row.lang, seed=None,
                clock_seconds=row.clock_seconds, grace_seconds=row.grace_seconds,
                rated=row.rated and not row.hints, spectator_chat=row.spectator_chat,
                creator=row.creator, rematch_of=match.id, hints=row.hints,
                allow_undo=row.allow_undo, confirm_turn=row.confirm_turn,
                turn=(row.move_days or DEFAULT_MOVE_DAYS, row.on_timeout or "bot")
                if row.mode == "turn" else None)
            await match.set_rematch(created["match_id"])
        mine = (seat + 1) % n
        created.pop("control_token")
        for entry in created["seats"]:
            if entry["seat"] != mine:
                entry.pop("token", None)
                entry.pop("join_url", None)
        return {**created, "seat": mine, "existing": False}

    async def my_matches(self, identity: Identity) -> dict[str, Any]:
        """The identity's matches: open ones, running ones (those where it is to move first)
        and finished ones (newest first)."""
        found = await asyncio.to_thread(self.store.matches_of, identity.id)
        out: dict[str, list[dict[str, Any]]] = {"open": [], "playing": [], "finished": []}
        for row, seat in found:
            live = self.live.get(row.id)
            summary = live.summary() if live is not None else stored_summary(row)
            status = summary["status"]
            summary["my_seat"] = seat
            summary["your_turn"] = status == "active" and summary.get("to_move") == seat
            key = {"open": "open", "active": "playing"}.get(status, "finished")
            out[key].append(summary)
        out["playing"].sort(key=lambda m: not m["your_turn"])  # stable: newest first within
        return {"identity": identity.public(), **out}

    async def renamed(self, identity: Identity) -> None:
        """A guest became an account: its unfinished matches show the new name."""
        found = await asyncio.to_thread(self.store.matches_of, identity.id, 0)
        for row, _ in found:
            with contextlib.suppress(MatchError, BoardwrightError):
                match = await self.get(row.id)
                await match.rename(identity.id, identity.name)

    async def leaderboard(self, game: str, limit: int = 100) -> dict[str, Any]:
        if game not in registry.names():
            raise MatchError("unknown_game", f"no game {game!r}", game=game[:40])
        rows = await asyncio.to_thread(ratings.leaderboard, self.store, game, limit,
                                       *self.leaderboard_min)
        entries = sorted(((ratings.shown(r.mu, r.sigma), r, name, kind)
                          for r, name, kind in rows), key=lambda e: -e[0])
        return {"game": game, "min_matches": self.leaderboard_min[0],
                "min_opponents": self.leaderboard_min[1], "entries": [
            {"rank": i + 1, "name": name, "kind": kind, "rating": value,
             "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "matches": r.matches}
            for i, (value, r, name, kind) in enumerate(entries)]}

    def _over(self, match: LiveMatch) -> None:
        """A match ended: a rated one is rated (in the background; a crash before it is done
        leaves it for the next start)."""
        if match.row.rated and not match.row.hints and (
                match.status == "finished" or match.row.ended == "timeout"):
            self._spawn(self.rate(match.id))

    def _evict(self, match: LiveMatch) -> None:
        """`match` leaves memory (its next request reloads it from storage): an idle one at a
        sweep, one that is over as soon as its last watcher leaves, so that memory follows the
        matches being played rather than those that ended since the last sweep."""
        if self.live.get(match.id) is match:
            match.close()
            del self.live[match.id]

    async def rate(self, match_id: str) -> bool:
        try:
            return await asyncio.to_thread(self.store.rate_match, match_id, ratings.compute,
                                           ratings.bot_seats)
        except Exception:  # the next start tries again (the match stays unrated-but-due)
            log.exception("rating match %s failed", match_id)
            return False

    async def summary(self, match_id: str) -> dict[str, Any]:
        """A match's summary; a finished match of rules this code cannot play answers from
        its stored row."""
        try:
            return (await self.get(match_id)).summary()
        except MatchError as exc:
            if exc.code != "rules_changed":
                raise
            row = await asyncio.to_thread(self.store.load_match, match_id)
            if row is None:
                raise
            return stored_summary(row)

    async def get(self, match_id: str) -> LiveMatch:
        """The live match, loading a stored one (after a restart, or one that left memory)."""
        match = self.live.get(match_id)
        if match is None:
            match = await self._load(match_id)
        match.touched = self.clock()
        return match

    async def _load(self, match_id: str) -> LiveMatch:
        if not MATCH_ID.fullmatch(match_id):
            raise MatchError("no_such_match", "no such match", match_id=match_id[:40])
        if match_id in self.quarantined:
            raise MatchError("match_unavailable", "this match cannot be loaded on this server "
                             "now; its operator has been told", match_id=match_id)
        lock = self._loading.get(match_id)
        if lock is None:
            lock = self._loading[match_id] = asyncio.Lock()
        try:
            async with lock:
                if match_id in self.live:
                    return self.live[match_id]
                row = await asyncio.to_thread(self.store.load_match, match_id)
                if row is None:
                    raise MatchError("no_such_match", f"no match {match_id!r}",
                                     match_id=match_id)
                try:
                    match = await self._load_row(row)
                except MatchError:
                    raise
                except Exception as exc:
                    self._quarantine(match_id, exc)
                    raise MatchError("match_unavailable", "this match cannot be loaded on "
                                     "this server now; its operator has been told",
                                     match_id=match_id) from None
                match.kick()  # an active match that left memory may have chance or bots due
                return match
        finally:
            if not lock.locked() and self._loading.get(match_id) is lock:
                del self._loading[match_id]

    async def control(self, match_id: str, token: str | None) -> LiveMatch:
        """The match whose creator's control token `token` is (`bad_token` otherwise)."""
        match = await self.get(match_id)
        if (token is None or match.row.control_hash is None
                or not secrets.compare_digest(match.row.control_hash, hash_token(token))):
            raise MatchError("bad_token", "this is not the control token of this match")
        return match

    async def abort(self, match_id: str, token: str | None) -> dict[str, Any]:
        """The creator ends a match nobody has joined yet, or one without people."""
        match = await self.control(match_id, token)
        if match.people and match.status != "open":
            raise MatchError("not_abortable", "a match with people is theirs to finish; only "
                             "an open match or one without people can be aborted")
        await match.abort("aborted")
        return match.summary()

    async def reissue(self, match_id: str, seat: int, token: str | None,
                      identity: str | None = None) -> dict[str, Any]:
        """A new link for a person's seat, given that seat's token (as its identity, once
        bound) or the control token while no identity holds the seat (a bound seat is its
        player's, not the creator's: `seat_bound`); the old link stops working at once."""
        match = await self.get(match_id)
        if not 0 <= seat < len(match.seats) or match.seats[seat].kind != "human":
            raise MatchError("bad_request", f"seat {seat} is not a person's seat", seat=seat)
        if match.seat_of_quietly(token, identity) != seat:
            await self.control(match_id, token)
            if match.seats[seat].identity is not None:
                raise MatchError("seat_bound", "this seat belongs to its player: only they "
                                 "can renew its link", seat=seat)
        new = await match.reissue(seat)
        return {"seat": seat, "token": new, "join_url": f"/m/{match_id}?seat={seat}&token={new}"}

    async def _load_row(self, row: MatchRow) -> LiveMatch:
        """The live match of a stored row, replayed under the rules it was played with
        (loading.py). A match of rules this code cannot play is not loaded (`rules_changed`):
        an unfinished one ends as `rules_changed` first (its summary and replay stay)."""
        game = registry.get(row.game)
        try:
            match: LiveMatch = await asyncio.to_thread(build_live, row, game, self.store,
                                                       self.writer, self.bots)
        except RulesChanged as exc:
            if row.status not in OVER:
                log.warning("match %s ends as rules_changed: %s", row.id, exc)
                await self.writer.commit(Commit(row.id, match_fields={
                    "status": "aborted", "ended": "rules_changed", "to_move": None,
                    "deadline": None}))
                self.counted.pop(row.id, None)
            raise MatchError("rules_changed", f"{exc}; its summary and replay are still "
                             "served", played=exc.played, now=exc.now) from None
        match.on_over = self._over
        match.on_idle = self._evict
        match.move_day = timedelta(seconds=self.limits.move_day_seconds)
        self.live[row.id] = match
        absence.watch_absent(match)  # nobody is connected to a match just loaded
        return match

    async def summaries(self, status: str | None, game: str | None = None,
                        players: int | None = None) -> list[dict[str, Any]]:
        """The newest matches, optionally of one status, one game, one player count."""
        rows = await asyncio.to_thread(self.store.list_matches, status, game=game,
                                       players=players)
        out = []
        for row in rows:
            live = self.live.get(row.id)
            if live is not None:
                if status is None or live.status == status:
                    out.append(live.summary())
                continue
            out.append(stored_summary(row))
        return out

    async def replay(self, match_id: str, step: int | None, lang: str) -> dict[str, Any]:
        """Step K of a finished match as a spectator saw it (public view, public events)."""
        track = await self._track(match_id)
        row, actions = track.row, track.actions
        game = registry.get(row.game)
        k = len(actions) if step is None else step
        if not 0 <= k <= len(actions):
            raise MatchError("bad_request", f"step must be 0..{len(actions)}", steps=len(actions))
        base = min(k, len(actions)) // REPLAY_CHECKPOINT
        state = track.checkpoints[base].clone()
        _, entries = await asyncio.to_thread(rebuild, row, game,
                                             actions[base * REPLAY_CHECKPOINT:k], state)
        said = actions[k - 1].seq if k else 0
        chat = await asyncio.to_thread(self.store.load_chat, match_id)
        return {"match_id": match_id, "steps": len(actions), "step": k,
                "chat": [payloads.chat_line(c) for c in chat if c.seq <= said][-100:],
                "view": state.view(None),
                "events": payloads.log_lines(game, entries[-1:] if k else [], None, lang),
                "seats": [Seat.from_stored(s).public(i) for i, s in enumerate(row.seats)],
                **marks(row), **payloads.results(game, state, lang),
                **({"rules_changed": {"played": track.rules_changed,
                                      "now": game.info.rules_version}}
                   if track.rules_changed else {})}

    @contextlib.contextmanager
    def _asked(self, client: str) -> Any:
        """One hint or review of `client` being computed (`Limits.bot_asks_per_client` at
        once: the next one is refused before it waits for a worker)."""
        if self.limits.per_client and (self._asking.get(client, 0)
                                       >= self.limits.bot_asks_per_client):
            raise MatchError("rate_limited", "this address already waits for the bot; ask "
                             "again once it has answered", retry_after=1,
                             limit=self.limits.bot_asks_per_client)
        self._asking[client] = self._asking.get(client, 0) + 1
        try:
            yield
        finally:
            left = self._asking[client] - 1
            if left:
                self._asking[client] = left
            else:
                del self._asking[client]

    async def review(self, match_id: str, start: int, lang: str,
                     client: str = "unknown") -> dict[str, Any]:
        """The bot's review of a finished match, a part of `Limits.review_part` decisions from
        action `start` on, each judged from its mover's view (agents/analysis.py), in a bot
        worker held to the asking address's share (`BotPool.share`), at most
        `Limits.reviews_at_once` in the server; parts are cached (a finished match never
        changes)."""
        key = (match_id, start, lang)
        cached = self._reviews.get(key)
        if cached is None:
            track = await self._track(match_id)
            row = track.row
            if track.rules_changed:
                raise MatchError("rules_changed", f"match {match_id} was played under rules "
                                 f"{track.rules_changed}, which this server cannot play; its "
                                 "replay shows what the current rules reproduce",
                                 played=track.rules_changed)
            options = rules_options(row, registry.get(row.game))
            texts = [a.action for a in track.actions]
            if not 0 <= start <= len(texts):
                raise MatchError("bad_request", f"start must be 0..{len(texts)}",
                                 steps=len(texts))
            if self._reviewing >= self.limits.reviews_at_once:
                raise MatchError("server_busy", "the bot is busy with other reviews; try "
                                 "again in a moment", retry_after=1,
                                 limit=self.limits.reviews_at_once)
            with self._asked(client):
                self._reviewing += 1
                try:
                    part = await self.bots.run(review_part, row.game, row.players,
                                               options, texts, start,
                                               self.limits.review_part, lang, people=False,
                                               owner=client)
                except BotTimeout:
                    raise MatchError("server_busy",
                                     "the review took too long; try again later") from None
                finally:
                    self._reviewing -= 1
            cached = {"match_id": match_id, "steps": len(texts), "start": start, **part}
            self._reviews[key] = cached
            if len(self._reviews) > self.limits.review_cache:
                self._reviews.popitem(last=False)
        else:
            self._reviews.move_to_end(key)
        return cached

    async def hint(self, match_id: str, seat: int | None, n: int,
                   lang: str, client: str = "unknown") -> dict[str, Any]:
        """The bot's best moves for seat `n` now, asked by that seat's player on their turn at
        a table that allows hints: judged from the seat's view alone in a bot worker (never on
        the event loop), at most `Limits.hint_moves` of them with each one's estimated lead
        over the best opponent; `Limits.hints_per_minute` per seat."""
        match = await self.get(match_id)
        if seat is None or seat != n:
            raise MatchError("bad_token", f"a hint is for the player of seat {n} only: this "
                             "token or identity does not hold it", seat=n)
        if not match.row.hints:
            raise MatchError("hints_off", "this table does not allow hints (a table allows "
                             "them from its creation on, and a rated one never does)")
        await match.sync()
        if match.status in OVER or match.state.is_terminal():
            raise MatchError("match_over", f"the match is over ({match.status})",
                             status=match.status)
        if match.status == "open":
            raise MatchError("not_started", "the match starts when every seat has joined")
        position = match.pending.position(match.state, seat)  # after its own provisional steps
        if position.current_player() != seat:
            raise MatchError("not_your_turn", "a hint is for the seat to move, on its turn",
                             seat=seat, to_move=payloads.to_move(position))
        if self._hinting >= self.limits.hints_at_once:  # refused before it costs a token
            raise MatchError("server_busy", "the bot is busy with other hints; try again in a "
                             "moment", retry_after=1)
        wait = self.clients.hints.take(f"{match.id}/{seat}")
        if wait:
            raise MatchError("rate_limited", "too many hints for this seat; wait a little",
                             retry_after=round(wait, 1))
        seq = match.seq
        legal = position.legal_actions()
        # a seed from what the seat knows (not the match's secret seed): the same view gives
        # the same hint
        seed = zlib.crc32(f"{match.id}/{seq}/{seat}".encode())
        with self._asked(client):
            self._hinting += 1
            try:
                ranked = await self.bots.run(hint_part, match.game.info.id, seat,
                                             position.view(seat), legal, seed,
                                             self.limits.hint_samples, self.limits.hint_moves,
                                             people=False, owner=client, low=False)
            except BotTimeout:
                raise MatchError("server_busy", "the hint took too long; try again "
                                 "later") from None
            finally:
                self._hinting -= 1
        if match.seq != seq or match.pending.position(match.state, seat) is not position:
            # the match moved on (a stand-in, a clock, a step or an undo) while the bot thought
            raise MatchError("stale_seq", "the position changed while the bot thought; ask "
                             "again", seq=match.seq, expect_seq=seq)
        best = ranked[0]["value"] if ranked else 0.0
        state, game = position, match.game
        return {"match_id": match.id, "seat": seat, "seq": seq, "choices": len(legal),
                "moves": [{"rank": i + 1, "id": m["action"],
                           "text": state.action_to_text(m["action"]),
                           "label": game.describe_action(state, m["action"], lang),
                           "lead": round(m["value"], 2),
                           "gap": round(best - m["value"], 2)}
                          for i, m in enumerate(ranked)]}

    async def _track(self, match_id: str) -> ReplayTrack:
        """A finished match's replay track, from the LRU cache or built once from storage."""
        track = self._replays.get(match_id)
        if track is not None:
            self._replays.move_to_end(match_id)
            return track
        if not MATCH_ID.fullmatch(match_id):
            raise MatchError("no_such_match", "no such match", match_id=match_id[:40])
        row = await asyncio.to_thread(self.store.load_match, match_id)
        if row is None:
            raise MatchError("no_such_match", f"no match {match_id!r}", match_id=match_id)
        if row.status not in OVER:
            raise MatchError("match_not_finished", "only a finished match can be replayed")
        game = registry.get(row.game)
        actions = await asyncio.to_thread(self.store.load_actions, match_id)
        track = await asyncio.to_thread(build_track, row, game, actions)
        self._replays[match_id] = track
        if len(self._replays) > self.limits.replay_cache:
            self._replays.popitem(last=False)
        return track


def stored_summary(row: MatchRow) -> dict[str, Any]:
    """The summary of a match not in memory, from its row alone."""
    seats = [Seat.from_stored(s).public(i) for i, s in enumerate(row.seats)]
    summary: dict[str, Any] = {"match_id": row.id, "game": row.game, "players": row.players,
                               "status": row.status, "seats": seats,
                               "created": row.created.isoformat(), "seq": row.seq,
                               "to_move": row.to_move if row.status == "active" else None}
    summary.update(marks(row))
    if row.status == "finished":
        summary.update(winners=row.winners, returns=row.returns)
    return summary
