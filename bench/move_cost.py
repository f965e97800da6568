"""Server CPU per move, in process: the move path of `boardwright serve` without the network.

Creates `--matches` two-player Beowulf matches of people on a temporary SQLite file through the
server's own `Lobby`, subscribes one connection per seat, and plays random legal moves to each
match's end by handing each seat's move, as the JSON text a WebSocket would carry, to the
handler the socket uses (`app._handle`: validate, apply, commit, build every seat's update,
encode, queue). Nothing goes over a socket (no WebSocket framing or compression), so the time
measured is the server's own work per move (plus the SQLite commits, grouped as in the
server). `--profile FILE` writes a cProfile of the run.

    PYTHONPATH=$PWD python bench/move_cost.py --matches 20
    PYTHONPATH=$PWD python bench/move_cost.py --matches 20 --profile /tmp/moves.prof
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from boardwright.server.app import SWITCH_INTERVAL, _handle
from boardwright.server.bots import BotPool
from boardwright.server.limits import Limits
from boardwright.server.lobby import Lobby
from boardwright.server.matches import Connection, LiveMatch
from boardwright.server.schemas import CreateMatch
from boardwright.server.store import Store


async def no_chat(text: str) -> None:
    raise AssertionError("the bench sends no chat")


async def seat_loop(match: LiveMatch, conn: Connection, rng: random.Random) -> int:
    """Read this seat's queue; when it is to move, send a random legal move, until the match
    ends. Returns the moves made."""
    moves = 0
    while True:
        while not conn.pending:
            await conn.ready.wait()
            conn.ready.clear()
        text = conn.pending.popleft()
        assert isinstance(text, str), "the bench closes no connection"
        message: dict[str, Any] = json.loads(text)
        if message["type"] not in ("welcome", "update"):
            continue
        if message["status"] == "finished":
            return moves
        if message["to_move"] == conn.seat and message["legal"]:
            raw = json.dumps({"type": "move", "action": rng.choice(message["legal"])["text"],
                              "expect_seq": message["seq"]})
            await _handle(match, conn, raw, no_chat)
            moves += 1


async def play(matches: int, seed: int, db: str) -> tuple[int, float, float]:
    store = Store(db)
    bots = BotPool(1)
    lobby = Lobby(store, bots, Limits(per_client=False))
    rng = random.Random(seed)
    loops = []
    try:
        for _ in range(matches):
            created = await lobby.create(CreateMatch.model_validate(
                {"game": "beowulf", "players": 2,
                 "seats": [{"kind": "human"}, {"kind": "human"}]}))
            match = await lobby.get(created["match_id"])
            for seat in (0, 1):
                conn = Connection(seat, "en")
                await match.subscribe(conn, None)
                loops.append(seat_loop(match, conn, random.Random(rng.random())))
        wall, cpu = time.perf_counter(), time.process_time()
        made = sum(await asyncio.gather(*loops))
        return made, time.perf_counter() - wall, time.process_time() - cpu
    finally:
        await lobby.close()
        bots.shutdown()
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20,
                        help="matches played at once, each to its end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the moves here")
    args = parser.parse_args()
    sys.setswitchinterval(SWITCH_INTERVAL)
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'moves.db'}"
        profiler = cProfile.Profile() if args.profile else None
        if profiler is not None:
            profiler.enable()
        made, wall, cpu = asyncio.run(play(args.matches, args.seed, db))
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
    print(json.dumps({"matches": args.matches, "moves": made, "seconds": round(wall, 2),
                      "moves_per_second": round(made / wall, 1),
                      "cpu_ms_per_move": round(1e3 * cpu / made, 3)}, indent=1))


if __name__ == "__main__":
    main()
