"""Mesopotamia games between bots, one line per game: how it ended, its length, who won, the
round in which each seat offered each of its offerings (R4.5), and the free steps (R4.7) a seat
undid in the same turn: a pick-up of the wood or stone it dropped on that tile this turn, a drop
of what it picked up there, a swap back.

    PYTHONPATH=. .venv/bin/python bench/mesopotamia_games.py --players 2 --seed 3000 --games 10 \
        --agents ismcts,greedy [--rotate] [--option max_turns=0]

The seeds are `simulate`'s (game i uses seed + i). With `--rotate` game i seats the agents
turned i places (seat s plays agent (s + i) % n), so each agent moves first in turn. The summary
(last line) counts `ended_by`, the length in rounds, each agent's wins (a shared win counts its
share) with a 95% Wilson interval, the undone free steps per agent, the turns that used up the
bound on free steps (R9.2 `free_actions_per_turn`) and ms per decision.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from boardwright.agents import make_agent
from boardwright.arena.stats import endings, wilson_interval
from boardwright.cli.main import parse_options
from boardwright.engine.play import play_game
from boardwright.engine.registry import get
from boardwright.games.mesopotamia.actions import cell_resource_flag
from boardwright.games.mesopotamia.forward import MesoState

#: a free step and the step that undoes it
UNDOES = {"pick_up": "drop", "drop": "pick_up", "swap": "swap"}


class Watch:
    """Counts, per seat, free steps that undo one of the same turn, and turns at the bound."""

    def __init__(self, players: int) -> None:
        self.undone = [0] * players
        self.at_bound = [0] * players
        self.decisions = 0
        #: per seat, the round (the board's, from 1) in which each offering reached the ziggurat
        self.offered: list[list[int]] = [[] for _ in range(players)]
        self._turn = -1
        self._steps: list[tuple[str, int, int]] = []  # this turn's (block, cell, resource)

    def __call__(self, st: Any, actor: int, action: int, events: Any) -> None:
        if actor < 0:
            return
        assert isinstance(st, MesoState)
        self.decisions += 1
        while len(self.offered[actor]) < len(st.delivered[actor]):
            self.offered[actor].append(st.turn // st.cfg.players + 1)
        if st.turn != self._turn:
            self._turn = st.turn
            self._steps = []
        block, off = st.cfg.space.decode(action)
        if block not in UNDOES:
            return
        c, res, _ = cell_resource_flag(off)
        if block == "swap":
            # swapping res for the other is undone by swapping the other back
            undo = any(b == "swap" and cc == c and r != res for b, cc, r in self._steps)
        else:
            undo = (UNDOES[block], c, res) in self._steps
        self.undone[actor] += undo
        self._steps.append((block, c, res))
        limit = st.cfg.options.free_actions_per_turn
        if limit and st.free_used == limit:
            self.at_bound[actor] += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--agents", default="greedy", help="one spec for all seats, or one per seat")
    ap.add_argument("--rotate", action="store_true", help="turn the seats one place a game")
    ap.add_argument("--option", action="append", default=[], help="key=value (repeatable)")
    args = ap.parse_args()
    game = get("mesopotamia")
    options = parse_options(args.option, None)  # as `boardwright play --option`
    specs = args.agents.split(",")
    specs = specs * args.players if len(specs) == 1 else specs
    n = args.players
    ended_by: list[str | None] = []
    lengths: list[int] = []
    wins = [0.0] * n  # per agent (index into specs)
    undone = [0] * n
    at_bound = [0] * n
    decisions = 0
    seconds = 0.0
    for i in range(args.games):
        seed = args.seed + i
        turn = i % n if args.rotate else 0
        order = [(s + turn) % n for s in range(n)]  # seat s plays agent order[s]
        agents = [make_agent(specs[order[s]]) for s in range(n)]
        watch = Watch(n)
        started = time.process_time()
        result = play_game(game, n, agents, seed=seed, options=options, on_step=watch)
        spent = time.process_time() - started
        st = result.state
        winners = st.winners()
        for s in winners:
            wins[order[s]] += 1 / len(winners)
        for s in range(n):
            undone[order[s]] += watch.undone[s]
            at_bound[order[s]] += watch.at_bound[s]
        ended_by.append(st.ended_by())
        lengths.append(result.rounds)
        decisions += watch.decisions
        seconds += spent
        print(json.dumps({"seed": seed, "seats": [specs[a] for a in order],
                          "ended_by": st.ended_by(), "rounds": result.rounds,
                          "actions": len(result.record.actions), "winners": winners,
                          "offered_in_round": watch.offered, "undone": watch.undone,
                          "turns_at_bound": watch.at_bound,
                          "cpu_s": round(spent, 1)}), flush=True)
    games = args.games
    print(json.dumps({
        "players": n, "agents": specs, "games": games, "seed": args.seed, "rotate": args.rotate,
        "options": options, **endings(ended_by, lengths),
        "wins": [{"agent": specs[a], "wins": wins[a],
                  "ci95": [round(x, 3) for x in wilson_interval(wins[a], games)]}
                 for a in range(n)],
        "undone": undone, "turns_at_bound": at_bound,
        "cpu_ms_per_decision": round(1000 * seconds / max(1, decisions), 1)}))


if __name__ == "__main__":
    main()
