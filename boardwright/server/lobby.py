"""The match manager: creates matches, finds them (in memory or from storage), lists them,
reloads unfinished ones on start, and steps through finished ones for replays."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import boardwright
from boardwright.engine import registry
from boardwright.engine.api import options_for_people
from boardwright.engine.errors import BoardwrightError

from . import notices, payloads
from .bots import BotPool
from .matches import LiveMatch, build_live, rebuild
from .schemas import CreateMatch
from .seats import MatchError, Seat, hash_token, new_token
from .store import GroupCommit, MatchRow, Store, now

log = logging.getLogger("boardwright.server")


class Lobby:
    """Owns the live matches of one server process."""

    def __init__(self, store: Store, bots: BotPool) -> None:
        self.store = store
        self.bots = bots
        self.writer = GroupCommit(store)
        self.live: dict[str, LiveMatch] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._listener: asyncio.Task[None] | None = None
        #: matches being caught up after a notice, and those noticed again meanwhile
        self._following: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        """Reload every unfinished match by replaying its stored actions; returns how many."""
        rows = await asyncio.to_thread(self.store.unfinished)
        for row in rows:
            try:
                match = await self._load_row(row)
            except BoardwrightError as exc:
                log.error("match %s cannot be reloaded: %s", row.id, exc.message)
                continue
            match.kick()
        if self.store.shared:
            self._listener = asyncio.create_task(notices.listen(
                self.store.url, self.store.process, self.noticed, self._catch_up_all))
        return len(self.live)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        for match in self.live.values():
            match.close()

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
        task = asyncio.create_task(self._follow(match))
        self._tasks.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._tasks.discard)

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

    async def create(self, req: CreateMatch) -> dict[str, Any]:
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
        options = dict(req.options)
        if any(spec.kind == "human" for spec in req.seats):
            options = options_for_people(game, options)
        try:
            game.new_initial_state(req.players, options)
            for spec in req.seats:
                if spec.kind == "bot":
                    self.bots.budget.check(spec.agent or "greedy")
        except BoardwrightError as exc:
            raise MatchError(exc.code, exc.message) from None
        match_id = secrets.token_urlsafe(8)
        tokens: dict[int, str] = {}
        seats = []
        for i, spec in enumerate(req.seats):
            name = spec.name or (spec.agent or "greedy" if spec.kind == "bot"
                                 else f"Player {chr(65 + i)}")
            seat = Seat(kind=spec.kind, name=name,
                        agent=(spec.agent or "greedy") if spec.kind == "bot" else None)
            if spec.kind == "human":
                tokens[i] = new_token()
                seat.token_hash = hash_token(tokens[i])
            seats.append(seat)
        stamp = now()
        row = MatchRow(
            id=match_id, game=info.id, players=req.players, options=options,
            seats=[s.stored() for s in seats],
            status="active" if not tokens else "open",
            seed=req.seed if req.seed is not None else secrets.randbits(62), lang=req.lang,
            clock_seconds=req.clock_seconds, grace_seconds=req.grace_seconds,
            engine_version=boardwright.__version__, rules_version=info.rules_version, seq=0,
            returns=None, winners=None, created=stamp, updated=stamp)
        await asyncio.to_thread(self.store.create_match, row)
        match = LiveMatch(row, game, game.new_initial_state(req.players, options), seats,
                          self.writer, self.bots)
        self.live[match_id] = match
        match.kick()
        out_seats = []
        for i, seat in enumerate(seats):
            entry: dict[str, Any] = {"seat": i, "kind": seat.kind, "name": seat.name}
            if i in tokens:
                entry["token"] = tokens[i]
                entry["join_url"] = f"/m/{match_id}?seat={i}&token={tokens[i]}"
            out_seats.append(entry)
        return {"match_id": match_id, "seats": out_seats, "spectate_url": f"/m/{match_id}"}

    async def get(self, match_id: str) -> LiveMatch:
        """The live match, loading a stored one (a finished match after a restart) on demand."""
        match = self.live.get(match_id)
        if match is not None:
            return match
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            if match_id in self.live:
                return self.live[match_id]
            row = await asyncio.to_thread(self.store.load_match, match_id)
            if row is None:
                raise MatchError("no_such_match", f"no match {match_id!r}", match_id=match_id)
            return await self._load_row(row)

    async def _load_row(self, row: MatchRow) -> LiveMatch:
        game = registry.get(row.game)
        if row.rules_version != game.info.rules_version:
            raise MatchError("rules_version_mismatch", f"match {row.id} was played with rules "
                             f"{row.rules_version}; this server has {game.info.rules_version}")
        match = await asyncio.to_thread(build_live, row, game, self.store, self.writer,
                                        self.bots)
        self.live[row.id] = match
        return match

    async def summaries(self, status: str | None) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(self.store.list_matches, status)
        out = []
        for row in rows:
            live = self.live.get(row.id)
            if live is not None:
                if status is None or live.status == status:
                    out.append(live.summary())
                continue
            seats = [Seat.from_stored(s).public(i) for i, s in enumerate(row.seats)]
            summary: dict[str, Any] = {"match_id": row.id, "game": row.game,
                                       "players": row.players, "status": row.status,
                                       "seats": seats, "created": row.created.isoformat(),
                                       "seq": row.seq}
            if row.status == "finished":
                summary.update(winners=row.winners, returns=row.returns)
            out.append(summary)
        return out

    async def replay(self, match_id: str, step: int | None, lang: str) -> dict[str, Any]:
        """Step K of a finished match as a spectator saw it (public view, public events)."""
        row = await asyncio.to_thread(self.store.load_match, match_id)
        if row is None:
            raise MatchError("no_such_match", f"no match {match_id!r}", match_id=match_id)
        if row.status != "finished":
            raise MatchError("match_not_finished", "only a finished match can be replayed")
        game = registry.get(row.game)
        actions = await asyncio.to_thread(self.store.load_actions, match_id)
        k = len(actions) if step is None else step
        if not 0 <= k <= len(actions):
            raise MatchError("bad_request", f"step must be 0..{len(actions)}", steps=len(actions))
        state, entries = await asyncio.to_thread(rebuild, row, game, actions[:k])
        return {"match_id": match_id, "steps": len(actions), "step": k,
                "view": state.view(None),
                "events": payloads.log_lines(game, entries[k - 1:] if k else [], None, lang),
                "seats": [Seat.from_stored(s).public(i) for i, s in enumerate(row.seats)],
                **payloads.results(game, state, lang)}
