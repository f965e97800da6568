"""Load bench of the web server: N concurrent matches played over WebSockets on loopback.

Starts a real `boardwright serve` subprocess on a temporary SQLite file, creates N two-player
matches whose seats are people, and drives every seat with a client-side random mover (one
WebSocket per seat, all in this process). It measures each move's round trip (send the move ->
receive the update with its seq) and, in the same run and on the same server, the round trip of
a bare WebSocket echo (`/ws/echo`) sent at the same pace. Reports p50/p99 of both and their ratio
(target: move p99 <= 2x echo p99).

    .venv/bin/python bench/load.py --matches 20 --seconds 20
    .venv/bin/python bench/load.py --matches 20 --profile /tmp/server.txt   # py-spy, collapsed

The report also gives the machine's load average (`os.getloadavg`) at the start and the end:
the ratio is meaningful only between figures of the same run on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


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


async def seat_player(url: str, seat: int, rng: random.Random, stop: float,
                      rtts: list[float]) -> int:
    """Play one seat until the match ends or time is up; returns the moves made."""
    moves = 0
    async with connect(url, max_size=2**24) as ws:
        pending: tuple[int, float] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            message: dict[str, Any] = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                print(f"  error for seat {seat}: {message['code']} {message['message']}",
                      file=sys.stderr)
                pending = None
                continue
            if kind not in ("welcome", "update"):
                continue
            if pending is not None and message["seq"] >= pending[0]:
                rtts.append(time.perf_counter() - pending[1])
                pending = None
            if message["status"] == "finished":
                break
            if message["to_move"] == seat and message["legal"] and pending is None:
                move = rng.choice(message["legal"])
                pending = (message["seq"] + 1, time.perf_counter())
                await ws.send(json.dumps({"type": "move", "action": move["text"],
                                          "expect_seq": message["seq"]}))
                moves += 1
    return moves


async def echo_player(url: str, stop: float, rtts: list[float], pause: float) -> None:
    async with connect(url) as ws:
        await echo_loop(ws, stop, rtts, pause)


async def echo_loop(ws: ClientConnection, stop: float, rtts: list[float], pause: float) -> None:
    payload = json.dumps({"type": "move", "action": "fig 4 B2", "expect_seq": 1})
    while time.monotonic() < stop:
        start = time.perf_counter()
        await ws.send(payload)
        await ws.recv()
        rtts.append(time.perf_counter() - start)
        await asyncio.sleep(pause)


async def run(args: argparse.Namespace, base: str) -> dict[str, Any]:
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(args.seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as api:
        tasks: list[asyncio.Task[int]] = []
        move_rtts: list[float] = []
        echo_rtts: list[float] = []
        created = []
        for _ in range(args.matches):
            r = await api.post("/api/matches", json={
                "game": "beowulf", "players": 2,
                "seats": [{"kind": "human"}, {"kind": "human"}]})
            r.raise_for_status()
            created.append(r.json())
        print(f"created {len(created)} matches", file=sys.stderr)
        stop = time.monotonic() + args.seconds
        for m in created:
            for s in m["seats"]:
                url = f"{ws_base}/ws/matches/{m['match_id']}?token={s['token']}"
                tasks.append(asyncio.create_task(
                    seat_player(url, s["seat"], random.Random(rng.random()), stop, move_rtts)))
        echoes = [asyncio.create_task(echo_player(f"{ws_base}/ws/echo", stop, echo_rtts,
                                                  args.echo_pause))
                  for _ in range(args.echo_clients)]
        started = time.monotonic()
        while not all(t.done() for t in tasks):
            await asyncio.sleep(2)
            print(f"  {time.monotonic() - started:5.1f}s: {len(move_rtts)} moves, "
                  f"{len(echo_rtts)} echoes", file=sys.stderr)
        moves = sum(t.result() for t in tasks)
        await asyncio.gather(*echoes)
        finished = sum(1 for m in (await api.get("/api/matches?status=finished")).json()
                       if m)
    elapsed = time.monotonic() - started
    move_p50, move_p99 = percentile(move_rtts, 0.5), percentile(move_rtts, 0.99)
    echo_p50, echo_p99 = percentile(echo_rtts, 0.5), percentile(echo_rtts, 0.99)
    return {
        "matches": args.matches, "finished": finished, "moves": moves,
        "moves_per_second": round(moves / elapsed, 1),
        "move_rtt_ms": {"p50": round(move_p50 * 1e3, 2), "p99": round(move_p99 * 1e3, 2),
                        "mean": round(statistics.fmean(move_rtts) * 1e3, 2) if move_rtts
                        else None},
        "echo_rtt_ms": {"p50": round(echo_p50 * 1e3, 2), "p99": round(echo_p99 * 1e3, 2)},
        "p99_ratio": round(move_p99 / echo_p99, 2) if echo_rtts else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="stop after this long even if matches are unfinished")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--echo-clients", type=int, default=4)
    parser.add_argument("--echo-pause", type=float, default=0.01)
    parser.add_argument("--db", help="storage URL (default: a temporary SQLite file)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under py-spy and write its collapsed stacks here")
    args = parser.parse_args()
    port = free_port()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        server = subprocess.Popen([sys.executable, "-m", "boardwright.cli.main", "serve",
                                   "--port", str(port), "--db", db, "--bot-workers", "1"])
        profiler: subprocess.Popen[bytes] | None = None
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"{base}/api/games", timeout=1).raise_for_status()
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("server did not start") from None
                    time.sleep(0.2)
            print(f"server up on {base}", file=sys.stderr)
            if args.profile:  # attach to the running server for the length of the run
                profiler = subprocess.Popen(
                    [str(Path(sys.executable).with_name("py-spy")), "record", "--pid",
                     str(server.pid), "--format", "raw", "--rate", "200", "--duration",
                     str(int(args.seconds)), "--output", args.profile, "--nonblocking"])
            result = asyncio.run(run(args, base))
            if profiler is not None:
                profiler.wait(timeout=120)
        finally:
            server.terminate()
            server.wait(timeout=60)
    result["loadavg_1m_before_after"] = [round(load_before[0], 2),
                                         round(os.getloadavg()[0], 2)]
    result["cpus"] = os.cpu_count()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
