"""How Runebound games between bots end: by the rules (R10 doom endgame, R11.1) or by the round cap.

Plays seeded games (game i uses seed + i, as `boardwright simulate`) and appends one JSON line
per game to `--out` (a run that is cut off resumes from it). A game that ends by the cap gets a
picture of the board at its end: the doom track, the colours of the counters left, the
undefeated column and the heroes' levels. Every game lists the events drawn (R5.3–R5.6): the
round, the card, whether it came into play or was discarded unplayed (R5.4), and the pool of
spent counters its sun could refill from at that moment. The summary counts rule endings and
the median and 95th percentile of rounds (docs/strength-runebound.md "Ending by the rule").

    python bench/runebound_endings.py --players 4 --games 100 --seed 20000 --out g4.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from boardwright.agents import make_agent
from boardwright.arena.stats import percentile
from boardwright.engine.events import Event
from boardwright.engine.play import play_game
from boardwright.games.runebound.content import COLOURS
from boardwright.games.runebound.forward import RuneboundState
from boardwright.games.runebound.game import GAME


def picture(state: RuneboundState) -> dict[str, Any]:
    """Where a game stands: doom, counters on the board by colour, the undefeated column."""
    g = state.g
    adv = state.cfg.content.adventures
    board = [0, 0, 0, 0]
    for ci in g["board"]:
        if ci >= 0:
            board[ci] += 1
    return {
        "doom_counters": g["doom_counters"], "doom_cards": len(g["doom"]),
        "board": dict(zip(COLOURS, board, strict=True)), "pool": list(g["pool"]),
        "slots": [adv[x[0]].colour for x in g["slots"] if x],
        "levels": [sum(p["bonus"]) + 1 for p in g["players"]],
        "runes": [p["runes"] for p in g["players"]],
    }


class EventLog:
    """The events drawn in one game: [round, card id, "play" or "skip", pool before its sun]."""

    def __init__(self) -> None:
        self.drawn: list[list[Any]] = []
        self.pool: list[int] = []

    def __call__(self, state: Any, _actor: int, _action: int, events: list[Event]) -> None:
        assert isinstance(state, RuneboundState)
        for e in events:
            if e.kind in ("event", "event_discarded"):
                card = state.cfg.content.adventures[int(str(e.data["card"]))]
                self.drawn.append([state.rounds_played(), card.id,
                                   "play" if e.kind == "event" else "skip", self.pool])
        self.pool = list(state.g["pool"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--agents", default="greedy", help="one name for every seat, or one per seat")
    ap.add_argument("--option", action="append", default=[], help="key=value game option")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--dump", type=Path, help="folder for the final state of capped games")
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for kv in args.option:
        k, v = kv.split("=", 1)
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    names = args.agents.split(",")
    names = names * args.players if len(names) == 1 else names
    done: dict[int, dict[str, Any]] = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            kept = json.loads(line)
            done[kept["seed"]] = kept
    for i in range(args.games):
        seed = args.seed + i
        if seed in done:
            continue
        # seats rotate with the game's index, as in `boardwright arena`
        seats = names[i % args.players:] + names[:i % args.players]
        started = time.process_time()
        log = EventLog()
        result = play_game(GAME, args.players, [make_agent(n) for n in seats], seed=seed,
                           options=options, on_step=log)
        state = result.state
        assert isinstance(state, RuneboundState)
        row: dict[str, Any] = {
            "seed": seed, "seats": seats, "ended_by": state.ended_by(),
            "reason": state.g.get("end_reason"), "rounds": result.rounds,
            "winners": state.winners(), "cpu": round(time.process_time() - started, 1),
            "events": log.drawn,
        }
        if row["ended_by"] == "cap":
            row["picture"] = picture(state)
            if args.dump is not None:
                args.dump.mkdir(parents=True, exist_ok=True)
                (args.dump / f"{seed}.json").write_text(json.dumps(state.to_json()))
        done[seed] = row
        with args.out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
    rows = [done[args.seed + i] for i in range(args.games)]
    rule = [r["rounds"] for r in rows if r["ended_by"] == "rule"]
    allr = [r["rounds"] for r in rows]
    wins: dict[str, float] = {}
    for r in rows:
        for w in r["winners"]:
            wins[r["seats"][w]] = wins.get(r["seats"][w], 0.0) + 1 / len(r["winners"])
    print(json.dumps({
        "players": args.players, "games": len(rows), "ended_by_rule": len(rule),
        "median_rounds": percentile(allr, 50), "p95_rounds": percentile(allr, 95),
        "median_rule": percentile(rule, 50) if rule else None,
        "p95_rule": percentile(rule, 95) if rule else None,
        "longest_rule": max(rule, default=None), "wins": wins,
        "reasons": {k: sum(1 for r in rows if r["reason"] == k)
                    for k in {r["reason"] for r in rows}},
    }))


if __name__ == "__main__":
    main()
