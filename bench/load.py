"""Load bench of the web server: concurrent matches played over WebSockets on loopback.

Starts a real `boardwright serve` subprocess on a temporary SQLite file (without per-address
limits: every seat is driven from this one address), creates two-player matches whose seats are
people, and drives every seat with a client-side random mover (one WebSocket per seat, all in
this process). It measures each move's round trip (send the move -> receive the update with its
seq) and, in the same run and on the same server, the round trip of a bare WebSocket echo
(`/ws/echo`) sent at the same pace. Reports p50/p99 of both and their ratios (targets: move p99
<= 2x echo p99 and move p50 <= 2x echo p50), and the server's resident memory.

    .venv/bin/python bench/load.py --matches 200 --seconds 60
    .venv/bin/python bench/load.py --matches 200 --seconds 120 --think 1.0   # paced
    .venv/bin/python bench/load.py --matches 20 --profile /tmp/server.txt   # py-spy, collapsed
    .venv/bin/python bench/load.py --soak --matches 200 --total 1000 --seconds 1800

`--soak` keeps `--matches` matches going and starts a new one whenever one ends, until
`--total` have been played to the end (or `--seconds` pass). It samples the server's resident
memory (VmRSS) as matches end, and reports it once `--baseline-after` matches have ended and
at the end, with the growth between the two (target: at most 10%).

Without `--think` a seat moves as soon as it is its turn: every match always has a move
waiting, the server is saturated, and a move's round trip is mostly its wait behind the other
matches' moves (with N matches, about N x the server's CPU per move); the ratio to the echo
then counts the event-loop turns a move needs against the echo's one, not what a move costs.
`--think S` makes each seat wait an exponential time of mean S seconds (drawn from the seeded
generator) before each move, as people do: 200 matches at `--think 1.0` make about 190
moves/s, and the round trip is a move's own cost plus the wait behind the few moves that
arrive with it. Round trips of messages sent in the first `--warmup` seconds (creating every
match and connecting every seat) are left out. The report gives `server_utilisation` (the
server's CPU seconds per second of the run: 1.0 is one core busy; its event loop is one
thread), `server_cpu_ms_per_move` and `bench_utilisation` (this process, on the same cores).

The report also gives the machine's load average (`os.getloadavg`) at the start and the end:
the ratios are meaningful only between figures of the same run on the same machine.
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

import httpx2
from websockets.asyncio.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Samples(list[float]):
    """Round trips in seconds, of the messages sent at `since` (perf_counter) or later: the
    start (creating every match, connecting every seat, their welcomes) is left out."""

    def __init__(self, since: float) -> None:
        super().__init__()
        self.since = since

    def add(self, sent: float) -> None:
        if sent >= self.since:
            self.append(time.perf_counter() - sent)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def seat_player(url: str, seat: int, rng: random.Random, stop: float,
                      rtts: Samples, think: float) -> tuple[int, bool]:
    """Play one seat until the match ends or time is up; returns (moves made, finished).
    With `think` > 0 the seat waits an exponential time of that mean (drawn from `rng`)
    before each move, as a person does; the round trip is timed from the move's sending."""
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
                rtts.add(pending[1])
                pending = None
            if message["status"] == "finished":
                return moves, True
            if message["to_move"] == seat and message["legal"] and pending is None:
                move = rng.choice(message["legal"])
                if think > 0:
                    pause = rng.expovariate(1 / think)
                    if time.monotonic() + pause >= stop:
                        break
                    await asyncio.sleep(pause)
                pending = (message["seq"] + 1, time.perf_counter())
                await ws.send(json.dumps({"type": "move", "action": move["text"],
                                          "expect_seq": message["seq"]}))
                moves += 1
    return moves, False


async def echo_player(url: str, stop: float, rtts: Samples, pause: float,
                      done: asyncio.Event) -> None:
    async with connect(url) as ws:
        await echo_loop(ws, stop, rtts, pause, done)


async def echo_loop(ws: ClientConnection, stop: float, rtts: Samples, pause: float,
                    done: asyncio.Event) -> None:
    payload = json.dumps({"type": "move", "action": "fig 4 B2", "expect_seq": 1})
    while time.monotonic() < stop and not done.is_set():
        start = time.perf_counter()
        await ws.send(payload)
        await ws.recv()
        rtts.add(start)
        await asyncio.sleep(pause)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, all threads) process `pid` has used so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """The resident memory of process `pid` in MB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Tally:
    """Matches started and played to the end, and the server's memory as they end."""

    def __init__(self, server_pid: int, baseline_after: int) -> None:
        self.server_pid = server_pid
        self.baseline_after = baseline_after
        self.started = 0
        self.finished = 0
        self.unfinished = 0
        self.errors = 0  # seats whose socket failed (connect or handshake), their match unfinished
        self.moves = 0
        self.baseline_mb: float | None = None
        self.peak_mb = 0.0
        self.samples: list[tuple[int, float]] = []

    def ended(self, finished: bool, moves: int) -> None:
        self.moves += moves
        if finished:
            self.finished += 1
        else:
            self.unfinished += 1
        if self.finished % 10 == 0 or self.finished == self.baseline_after:
            mb = rss_mb(self.server_pid)
            self.peak_mb = max(self.peak_mb, mb)
            self.samples.append((self.finished, round(mb, 1)))
            if self.baseline_mb is None and self.finished >= self.baseline_after:
                self.baseline_mb = mb


async def play_one(api: httpx2.AsyncClient, ws_base: str, rng: random.Random, stop: float,
                   rtts: Samples, tally: Tally, think: float) -> None:
    r = await api.post("/api/matches", json={
        "game": "beowulf", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    r.raise_for_status()
    created = r.json()
    tally.started += 1
    results = await asyncio.gather(*[
        seat_player(f"{ws_base}/ws/matches/{created['match_id']}?token={s['token']}",
                    s["seat"], random.Random(rng.random()), stop, rtts, think)
        for s in created["seats"]], return_exceptions=True)
    played = [r for r in results if not isinstance(r, BaseException)]
    failures = [r for r in results if isinstance(r, BaseException)]
    for failure in failures:  # e.g. a handshake timed out on a starved machine: counted, said
        if not isinstance(failure, Exception):
            raise failure
        tally.errors += 1
        print(f"  seat failed in match {created['match_id']}: {failure!r}", file=sys.stderr)
    tally.ended(not failures and all(done for _, done in played), sum(m for m, _ in played))


async def lane(api: httpx2.AsyncClient, ws_base: str, rng: random.Random, stop: float,
               rtts: Samples, tally: Tally, total: int, think: float) -> None:
    """One match after another until `total` have started or time is up."""
    while tally.started < total and time.monotonic() < stop:
        await play_one(api, ws_base, random.Random(rng.random()), stop, rtts, tally, think)


async def run(args: argparse.Namespace, base: str, server_pid: int) -> dict[str, Any]:
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(args.seed)
    total = args.total if args.soak else args.matches
    tally = Tally(server_pid, min(args.baseline_after, total))
    start_mb = rss_mb(server_pid)
    since = time.perf_counter() + args.warmup
    move_rtts, echo_rtts = Samples(since), Samples(since)
    limits = httpx2.Limits(max_connections=args.matches + 10)
    async with httpx2.AsyncClient(base_url=base, timeout=60, limits=limits) as api:
        stop = time.monotonic() + args.seconds
        started = time.monotonic()
        server_cpu, bench_cpu = cpu_seconds(server_pid), time.process_time()
        lanes = [asyncio.create_task(lane(api, ws_base, random.Random(rng.random()), stop,
                                          move_rtts, tally, total, args.think))
                 for _ in range(args.matches)]
        done = asyncio.Event()
        echoes = [asyncio.create_task(echo_player(f"{ws_base}/ws/echo", stop, echo_rtts,
                                                  args.echo_pause, done))
                  for _ in range(args.echo_clients)]
        while not all(t.done() for t in lanes):
            await asyncio.sleep(5 if args.soak else 2)
            print(f"  {time.monotonic() - started:6.1f}s: {tally.finished} matches ended, "
                  f"{len(move_rtts)} moves, {len(echo_rtts)} echoes, server "
                  f"{rss_mb(server_pid):.0f} MB", file=sys.stderr)
        for t in lanes:
            t.result()
        done.set()
        await asyncio.gather(*echoes)
    elapsed = time.monotonic() - started
    window = max(1e-9, time.perf_counter() - since)
    server_cpu = cpu_seconds(server_pid) - server_cpu
    bench_cpu = time.process_time() - bench_cpu
    end_mb = rss_mb(server_pid)
    move_p50, move_p99 = percentile(move_rtts, 0.5), percentile(move_rtts, 0.99)
    echo_p50, echo_p99 = percentile(echo_rtts, 0.5), percentile(echo_rtts, 0.99)
    result: dict[str, Any] = {
        "matches": args.matches, "finished": tally.finished, "unfinished": tally.unfinished,
        "seat_errors": tally.errors,
        "moves": tally.moves, "seconds": round(elapsed, 1),
        "moves_per_second": round(tally.moves / elapsed, 1),
        # the round trips are of the moves sent after the warm-up: their rate
        "measured": {"after_seconds": args.warmup, "moves": len(move_rtts),
                     "moves_per_second": round(len(move_rtts) / window, 1),
                     "echoes": len(echo_rtts)},
        "think_seconds": args.think,
        # busy share of one core: the event loop is one thread (the commit thread adds a bit)
        "server_utilisation": round(server_cpu / elapsed, 2),
        "server_cpu_ms_per_move": round(1e3 * server_cpu / tally.moves, 3) if tally.moves
        else None,
        "bench_utilisation": round(bench_cpu / elapsed, 2),
        "move_rtt_ms": {"p50": round(move_p50 * 1e3, 2), "p99": round(move_p99 * 1e3, 2),
                        "mean": round(statistics.fmean(move_rtts) * 1e3, 2) if move_rtts
                        else None},
        "echo_rtt_ms": {"p50": round(echo_p50 * 1e3, 2), "p99": round(echo_p99 * 1e3, 2)},
        "p50_ratio": round(move_p50 / echo_p50, 2) if echo_rtts else None,
        "p99_ratio": round(move_p99 / echo_p99, 2) if echo_rtts else None,
        "server_mb": {"start": round(start_mb, 1), "end": round(end_mb, 1),
                      "peak": round(max(tally.peak_mb, end_mb), 1)},
    }
    if args.soak:
        baseline = tally.baseline_mb
        result["soak"] = {
            "total": total, "baseline_after": tally.baseline_after,
            "baseline_mb": round(baseline, 1) if baseline else None,
            "growth_after_baseline_pct": round(100 * (end_mb - baseline) / baseline, 1)
            if baseline else None,
            "rss_by_matches_ended": tally.samples,
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200,
                        help="matches played at once")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="stop after this long even if matches are unfinished")
    parser.add_argument("--soak", action="store_true",
                        help="start a new match whenever one ends, until --total have ended")
    parser.add_argument("--total", type=int, default=1000,
                        help="--soak: matches to play to the end")
    parser.add_argument("--baseline-after", type=int, default=100,
                        help="--soak: the memory baseline is taken once this many have ended")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean of a seat's exponential think time before each move "
                             "(0: move at once, which saturates the server)")
    parser.add_argument("--echo-clients", type=int, default=4)
    parser.add_argument("--warmup", type=float, default=10.0, metavar="SECONDS",
                        help="round trips of messages sent in the first SECONDS are not "
                             "counted (every match and seat is being set up then)")
    parser.add_argument("--echo-pause", type=float, default=0.01)
    parser.add_argument("--db", help="storage URL (default: a temporary SQLite file)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under py-spy and write its collapsed stacks here")
    args = parser.parse_args()
    port = free_port()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        # every seat comes from this one address: no per-address limits; enough sockets for
        # two seats per match, the echo clients and the API client
        server = subprocess.Popen([sys.executable, "-m", "boardwright.cli.main", "serve",
                                   "--port", str(port), "--db", db, "--bot-workers", "1",
                                   "--no-client-limits", "--echo",
                                   "--max-connections", str(3 * args.matches + 100),
                                   "--max-open-matches", str(2 * args.matches + 100)])
        profiler: subprocess.Popen[bytes] | None = None
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
            print(f"server up on {base}", file=sys.stderr)
            if args.profile:  # attach to the running server for the length of the run
                profiler = subprocess.Popen(
                    [str(Path(sys.executable).with_name("py-spy")), "record", "--pid",
                     str(server.pid), "--format", "raw", "--rate", "200", "--duration",
                     str(int(args.seconds)), "--output", args.profile, "--nonblocking"])
            result = asyncio.run(run(args, base, server.pid))
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
