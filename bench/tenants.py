"""Multi-tenant load bench: one address attacks within every documented limit while other
tables play; their bots' and moves' p99, without and with the attacker, in one run.

Starts a real `boardwright serve` subprocess with the public server's per-address limits (the
defaults of docs/web-protocol.md, "Limits") and `--bot-workers 2`. Each victim table is a
person against a bot (`--victim-bot`), created and played from an address of its own
(127.0.0.10, .11, ...): the person moves over a WebSocket after an exponential think time.
Two measures per table: the move's round trip (send the move -> the update with its seq) and
the bot's answer (the update that makes the bot's seat the one to move -> the update of its
action). The first phase runs the victims alone; in the second, the attacker (127.0.0.2) adds,
each at the most its limits allow:
- as many bot-only matches as one address may run (`--matches-per-client` 5), each bot an
  `ismcts:iterations=5000` (the budget's most), created within the creation rate;
- reviews of a finished match, a different part each time (no cache), one at a time;
- a hint table of its own whose seat to move asks for hints at the per-seat rate;
- full views of its bot-only matches, taking what the snapshot bucket leaves;
- spectator sockets that never read, up to its socket cap;
- the match list at what the request rate leaves.
Samples of the first `--ramp` seconds of each phase are left out. The verdict: each p99 under
attack at most 2x the same p99 without it (`--limit`). The report gives the machine's load
average: the ratio is meaningful only between the two phases of one run.

    .venv/bin/python bench/tenants.py --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

ATTACKER = "127.0.0.2"
HEAVY = "ismcts:iterations=5000"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Phase:
    """The samples of one phase, kept from `since` (perf_counter) on."""

    def __init__(self) -> None:
        self.since = float("inf")
        self.until = float("inf")
        self.moves: list[float] = []
        self.bots: list[float] = []

    def add(self, kind: str, started: float) -> None:
        if self.since <= started < self.until:
            getattr(self, kind).append(time.perf_counter() - started)


class Phases:
    def __init__(self) -> None:
        self.alone, self.attacked = Phase(), Phase()
        self.current = self.alone

    def add(self, kind: str, started: float) -> None:
        for phase in (self.alone, self.attacked):
            phase.add(kind, started)


def api(base: str, address: str) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(base_url=base, timeout=30,
                              transport=httpx2.AsyncHTTPTransport(local_address=address))


async def victim(base: str, address: str, bot: str, think: float, seed: int,
                 phases: Phases, stop: float) -> int:
    """A person at a table with a bot, from `address`, playing match after match until
    `stop`; returns the moves made."""
    rng = random.Random(seed)
    moves = 0
    ws_base = base.replace("http", "ws", 1)
    async with api(base, address) as client:
        while time.monotonic() < stop:
            created = await client.post("/api/matches", json={
                "game": "beowulf", "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": bot}]})
            if created.status_code != 201:
                await asyncio.sleep(1)
                continue
            body = created.json()
            token = body["seats"][0]["token"]
            url = f"{ws_base}/ws/matches/{body['match_id']}?token={token}"
            async with connect(url, max_size=2**24, local_addr=(address, 0)) as ws:
                moves += await _play(ws, rng, think, phases, stop)
    return moves


async def _play(ws: Any, rng: random.Random, think: float, phases: Phases,
                stop: float) -> int:
    pending: tuple[int, float] | None = None
    bot_since: float | None = None
    moves = 0
    while time.monotonic() < stop:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
        except TimeoutError:
            break
        message: dict[str, Any] = json.loads(raw)
        if message["type"] not in ("welcome", "update"):
            continue
        if pending is not None and message["seq"] >= pending[0]:
            phases.add("moves", pending[1])
            pending = None
        if message["type"] == "update" and message["actor"] == 1 and bot_since is not None:
            phases.add("bots", bot_since)
            bot_since = None
        if message["status"] == "finished":
            return moves
        if message["to_move"] == 1 and bot_since is None:
            bot_since = time.perf_counter()
        if message["to_move"] == 0 and message["legal"] and pending is None:
            await asyncio.sleep(rng.expovariate(1 / think))
            move = rng.choice(message["legal"])
            pending = (message["seq"] + 1, time.perf_counter())
            await ws.send(json.dumps({"type": "move", "action": move["text"],
                                      "expect_seq": message["seq"]}))
            moves += 1
    return moves


class Attacker:
    """One address, every limit used up to what it allows (counted in `self.done`)."""

    def __init__(self, base: str, stop: float) -> None:
        self.base, self.stop = base, stop
        self.done: dict[str, int] = {"bot_only_matches": 0, "reviews": 0, "hints": 0,
                                     "views": 0, "lists": 0, "spectator_sockets": 0,
                                     "refused": 0, "gave_up": 0}
        self.heavy: list[str] = []

    async def run(self) -> dict[str, int]:
        async with api(self.base, ATTACKER) as client:
            # a finished match to review, played before the bot-only matches take the share
            reviews = asyncio.create_task(self._reviews(client, await self._finished_match(
                client)))
            hint_body = await self._create(client, {
                "game": "beowulf", "players": 2, "hints": True, "rated": False,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            for token in [s["token"] for s in hint_body["seats"]]:  # joined: it counts no more
                await client.get(f"/api/matches/{hint_body['match_id']}/view",
                                 headers={"Authorization": f"Bearer {token}"})
            loops = [asyncio.create_task(c) for c in (self._hints(client, hint_body),
                                                       self._views(client),
                                                       self._lists(client))]
            sockets: list[asyncio.Task[None]] = []
            for _ in range(5):
                created = await self._create(client, {
                    "game": "beowulf", "players": 2,
                    "seats": [{"kind": "bot", "agent": HEAVY}] * 2})
                self.heavy.append(created["match_id"])
                self.done["bot_only_matches"] += 1
                sockets += [asyncio.create_task(self._silent_spectator(created["match_id"]))
                            for _ in range(6)]
            await asyncio.gather(reviews, *loops)
            for task in sockets:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.gather(*sockets)
        return self.done

    def _count(self, answer: Any, kind: str) -> None:
        self.done[kind if answer.status_code < 400 else "refused"] += 1

    async def _create(self, client: httpx2.AsyncClient, body: dict[str, Any]) -> Any:
        """A match, created as soon as the creation rate allows."""
        while True:
            created = await client.post("/api/matches", json=body)
            if created.status_code == 201:
                return created.json()
            self.done["refused"] += 1
            wait = created.json().get("params", {}).get("retry_after", 1.0)
            await asyncio.sleep(min(float(wait), 15.0))

    async def _finished_match(self, client: httpx2.AsyncClient) -> str:
        created = await self._create(client, {
            "game": "beowulf", "players": 2, "seed": 1,
            "seats": [{"kind": "bot", "agent": "random"}] * 2})
        match_id: str = created["match_id"]
        while (await client.get(f"/api/matches/{match_id}")).json()["status"] != "finished":
            await asyncio.sleep(0.2)
        return match_id

    async def _reviews(self, client: httpx2.AsyncClient, match_id: str) -> None:
        steps = (await client.get(f"/api/matches/{match_id}")).json()["seq"]
        start = 0
        while time.monotonic() < self.stop:
            try:
                answer = await client.get(f"/api/matches/{match_id}/review?start={start}")
            except httpx2.TimeoutException:
                self.done["gave_up"] += 1
                continue
            self._count(answer, "reviews")
            start = (start + 7) % max(1, steps)  # a part not asked before: no cache
            if answer.status_code >= 400:
                await asyncio.sleep(0.5)

    async def _hints(self, client: httpx2.AsyncClient, body: dict[str, Any]) -> None:
        match_id = body["match_id"]
        tokens = [s["token"] for s in body["seats"]]
        while time.monotonic() < self.stop:
            view = (await client.get(f"/api/matches/{match_id}/view",
                                     headers={"Authorization": f"Bearer {tokens[0]}"})).json()
            seat = view.get("to_move")
            if seat is None:
                await asyncio.sleep(0.5)
                continue
            try:
                answer = await client.post(f"/api/matches/{match_id}/seats/{seat}/hint",
                                           headers={"Authorization": f"Bearer {tokens[seat]}"})
                self._count(answer, "hints")
            except httpx2.TimeoutException:  # it waited in its own address's share; it gives up
                self.done["gave_up"] += 1
            await asyncio.sleep(10.0)  # 6 a minute per seat

    async def _views(self, client: httpx2.AsyncClient) -> None:
        while time.monotonic() < self.stop:
            for match_id in self.heavy:
                self._count(await client.get(f"/api/matches/{match_id}/view"), "views")
            await asyncio.sleep(1.0)

    async def _lists(self, client: httpx2.AsyncClient) -> None:
        while time.monotonic() < self.stop:
            self._count(await client.get("/api/matches"), "lists")
            await asyncio.sleep(0.1)

    async def _silent_spectator(self, match_id: str) -> None:
        """A socket that never reads what the server sends it."""
        url = self.base.replace("http", "ws", 1) + f"/ws/matches/{match_id}"
        with contextlib.suppress(Exception):
            async with connect(url, max_size=2**24, max_queue=1,
                               local_addr=(ATTACKER, 0)):
                self.done["spectator_sockets"] += 1
                await asyncio.sleep(self.stop - time.monotonic())


def summary(phase: Phase) -> dict[str, Any]:
    return {"moves": len(phase.moves), "bot_answers": len(phase.bots),
            "move_p50_ms": round(1000 * percentile(phase.moves, 0.5), 1),
            "move_p99_ms": round(1000 * percentile(phase.moves, 0.99), 1),
            "bot_p50_ms": round(1000 * percentile(phase.bots, 0.5), 1),
            "bot_p99_ms": round(1000 * percentile(phase.bots, 0.99), 1)}


async def run(args: argparse.Namespace, base: str) -> dict[str, Any]:
    phases = Phases()
    start = time.perf_counter()
    t0 = time.monotonic()
    stop = t0 + 2 * args.seconds
    phases.alone.since = start + args.ramp
    phases.alone.until = start + args.seconds
    phases.attacked.since = start + args.seconds + args.ramp
    phases.attacked.until = start + 2 * args.seconds
    victims = [asyncio.create_task(victim(base, f"127.0.0.{10 + i}", args.victim_bot,
                                          args.think, i, phases, stop))
               for i in range(args.tables)]
    await asyncio.sleep(args.seconds)
    attacker = Attacker(base, stop)
    attacked = await attacker.run()
    await asyncio.gather(*victims)
    alone, under = summary(phases.alone), summary(phases.attacked)
    ratios = {"move_p99": round(under["move_p99_ms"] / max(alone["move_p99_ms"], 1e-9), 2),
              "bot_p99": round(under["bot_p99_ms"] / max(alone["bot_p99_ms"], 1e-9), 2)}
    return {"tables": args.tables, "victim_bot": args.victim_bot, "think_s": args.think,
            "seconds_per_phase": args.seconds, "ramp_s": args.ramp,
            "without_attacker": alone, "with_attacker": under, "p99_ratio": ratios,
            "attacker": attacked, "limit": args.limit,
            "met": all(r <= args.limit for r in ratios.values())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds per phase")
    parser.add_argument("--ramp", type=float, default=20.0,
                        help="seconds at each phase's start whose samples are left out")
    parser.add_argument("--tables", type=int, default=6, help="victim tables")
    parser.add_argument("--victim-bot", default="ismcts:iterations=200")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a victim person thinks before a move")
    parser.add_argument("--bot-workers", type=int, default=2)
    parser.add_argument("--limit", type=float, default=2.0,
                        help="the largest p99 ratio (with / without the attacker) that passes")
    args = parser.parse_args()
    port = free_port()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "boardwright.cli.main", "serve", "--port", str(port),
             "--db", f"sqlite:///{Path(tmp) / 'tenants.db'}",
             "--bot-workers", str(args.bot_workers)], stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx2.get(f"{base}/api/games", timeout=1).raise_for_status()
                    break
                except httpx2.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("server did not start") from None
                    time.sleep(0.2)
            result = asyncio.run(run(args, base))
        finally:
            server.terminate()
            server.wait(timeout=60)
    result["loadavg_1m_before_after"] = [round(load_before[0], 2),
                                         round(os.getloadavg()[0], 2)]
    result["cpus"] = os.cpu_count()
    alone, under = result["without_attacker"], result["with_attacker"]
    print(f"{'':<22}{'without attacker':>18}{'with attacker':>16}{'p99 ratio':>11}")
    for label, key, ratio in (("move round trip p99", "move_p99_ms", "move_p99"),
                              ("bot answer p99", "bot_p99_ms", "bot_p99")):
        print(f"{label:<22}{alone[key]:>15.1f} ms{under[key]:>13.1f} ms"
              f"{result['p99_ratio'][ratio]:>10.2f}x")
    print(json.dumps(result, indent=1))
    return 0 if result["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
