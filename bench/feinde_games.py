"""Feinde games between bots, one line per game: how it ended, its length, and, for a game the
stall rule (R12 A36) or the round cap ended, what the heroes faced then.

    .venv/bin/python bench/feinde_games.py --players 3 --seed 1000 --games 20 [--agents greedy]
        [--option stall_rounds=0] [--only-unfinished]

The seeds are `simulate`'s (game i uses seed + i), so a line here is the same game as there.
The report names each hero's knowledge, chips, position and the monsters and chests he can walk
to (with the steps), the nearest unexplored area, and the rounds since the last defeat or
knowledge change: what a stall rule would have cut short.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from boardwright.agents import make_agent
from boardwright.arena.stats import endings
from boardwright.cli.main import parse_options
from boardwright.engine.play import play_game
from boardwright.engine.registry import get
from boardwright.games.feinde import paths
from boardwright.games.feinde.forward import FeindeState


def describe(st: FeindeState) -> dict[str, Any]:
    """What the heroes faced at the end: tokens in walking reach, unexplored area, supplies."""
    b = st.cfg.board
    heroes = []
    for p in range(st.cfg.players):
        dist, _, ex = paths.walk(st, st.pos[p])
        reach = [(t, dist[c]) for c, t in enumerate(st.token) if t and dist[c] >= 0]
        heroes.append({"knowledge": st.knowledge[p], "chips": st.chips[p],
                       "cards": len(st.hands[p]), "at": b.labels[st.pos[p]],
                       "reach": sorted(reach), "explore": dist[ex] if ex >= 0 else None})
    return {"board": sorted(t for t in st.token if t), "g2": len(st.g2), "g3": len(st.g3),
            "g4": len(st.g4), "chip_rooms": sum(st.chip[r] for r in b.rooms),
            "storage": st.storage, "box": st.box, "since_progress": st.round - st.last_progress,
            "heroes": heroes}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--agents", default="greedy", help="one spec for all seats, or one per seat")
    ap.add_argument("--option", action="append", default=[], help="key=value (repeatable)")
    ap.add_argument("--only-unfinished", action="store_true",
                    help="print only the games that did not end by the rule (R11.1)")
    args = ap.parse_args()
    game = get("feinde")
    options = parse_options(args.option, None)  # as `boardwright play --option`
    specs = args.agents.split(",")
    specs = specs * args.players if len(specs) == 1 else specs
    agents = [make_agent(s) for s in specs]
    ended: dict[str, int] = {}
    lengths: list[int] = []
    idles: list[int] = []
    decisions = 0
    thinking = 0.0
    for i in range(args.games):
        seed = args.seed + i
        idle = [0, 0]  # the longest wait, the decisions taken

        def watch(st: Any, actor: int, action: int, events: Any, idle: list[int] = idle) -> None:
            # R12 A36 the stall rule looks at each round's start: rounds since the last progress
            idle[0] = max(idle[0], st.round - st.last_progress)
            idle[1] += actor >= 0

        started = time.perf_counter()
        result = play_game(game, args.players, agents, seed=seed, options=options, on_step=watch)
        seconds = time.perf_counter() - started
        st = result.state
        assert isinstance(st, FeindeState)
        why = st.ended_by() or "?"
        ended[why] = ended.get(why, 0) + 1
        lengths.append(result.rounds)
        idles.append(idle[0])
        decisions += idle[1]
        thinking += seconds
        line: dict[str, Any] = {"seed": seed, "ended_by": why, "rounds": result.rounds,
                                "longest_wait": idle[0], "actions": len(result.record.actions),
                                "seconds": round(seconds, 1), "gold": st.gold}
        if why != "rule":
            line["faced"] = describe(st)
        elif args.only_unfinished:
            continue
        print(json.dumps(line), flush=True)
    print(json.dumps({"players": args.players, "agents": specs, "games": args.games,
                      "seed": args.seed, "options": options, "ended_by": ended,
                      "length": endings([], lengths)["length"], "longest_wait": max(idles),
                      "ms_per_decision": round(1000 * thinking / max(1, decisions), 2)}))


if __name__ == "__main__":
    main()
