"""A ceiling for inference: how much better does a player do that sees the other hands?

A fair agent samples the other players' hands from what it may know. Here one seat's agent is
handed the true state instead (its determinizer returns the state itself), so it knows every
hand. The pool's order it cannot know: no state holds it, each draw is a chance event. The
other seats are greedy. Game `i` is the arena's game `i` (same deal, same seat rotation, same
random streams), so a journal from here pairs with one from `boardwright arena … --journal`,
played by the same agent without the extra knowledge:

    .venv/bin/python bench/beowulf_sees_hands.py --games 100 --seed 5000 --journal seeing.jsonl \
        --pair fair.jsonl
    .venv/bin/boardwright arena beowulf --agents ismcts,greedy --games 100 --seed 5000 \
        --journal fair.jsonl

If seeing the hands gains little, better guesses about them (inference from the moves seen)
cannot gain more, and the search's strength must come from elsewhere.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from boardwright.agents import make_agent
from boardwright.arena.stats import wilson_interval
from boardwright.engine.api import Game, State, View
from boardwright.engine.play import Agent, play_game
from boardwright.engine.registry import get


class Recorder:
    """The game, remembering the state it made last (the one `play_game` plays)."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.state: State | None = None

    def new_initial_state(self, players: int, options: Any = None) -> State:
        self.state = self._game.new_initial_state(players, options)
        return self.state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


class Seeing:
    """The game as the seeing agent meets it: every world it samples is the true state."""

    def __init__(self, recorder: Recorder) -> None:
        self._recorder = recorder

    def determinizer(self, view: View, seat: int) -> Callable[[random.Random], State]:
        state = self._recorder.state
        assert state is not None
        return lambda rng: state.clone()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._recorder, name)


class SeeingAgent:
    """An agent that is given the true state wherever it would sample one."""

    def __init__(self, inner: Agent, recorder: Recorder) -> None:
        self._inner = inner
        self._seeing = Seeing(recorder)
        self.name = f"seeing:{inner.name}"

    def choose(self, game: Game, seat: int, view: View, legal: Any,
               rng: random.Random) -> int:
        return self._inner.choose(self._seeing, seat, view, legal, rng)  # type: ignore[arg-type]


def play_one(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """Arena game `index` with `spec` (seeing) against greedy players."""
    spec, players, seed, index = job
    recorder = Recorder(get("beowulf"))
    rotation = index % players
    names = [spec if (s + rotation) % players == 0 else "greedy" for s in range(players)]
    agents: list[Agent] = [SeeingAgent(make_agent(n), recorder) if n == spec else
                           make_agent(n) for n in names]
    result = play_game(recorder, players, agents,  # type: ignore[arg-type]
                       seed=seed + index // players)
    return {"index": index, "seat_agents": [("seeing:" + n if n == spec else n) for n in names],
            "returns": result.state.returns(), "winners": result.state.winners()}


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    if path.exists():
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if "index" in record:
                yield record


def outcomes(path: Path) -> dict[int, tuple[float, float]]:
    """Per game index: the non-greedy seat's win share and its margin over the best other."""
    out = {}
    for record in _lines(path):
        seat = next(s for s, a in enumerate(record["seat_agents"]) if a != "greedy")
        returns, winners = record["returns"], record["winners"]
        best_other = max(r for s, r in enumerate(returns) if s != seat)
        out[record["index"]] = ((seat in winners) / len(winners), returns[seat] - best_other)
    return out


def report(name: str, results: dict[int, tuple[float, float]], games: list[int]) -> None:
    wins = sum(results[i][0] for i in games)
    low, high = wilson_interval(wins, len(games))
    margins = [results[i][1] for i in games]
    print(f"{name}: {wins:g} wins of {len(games)} ({low:.1%}–{high:.1%}), mean margin "
          f"{statistics.fmean(margins):+.1f} (σ {statistics.pstdev(margins):.1f})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="ismcts", help="the seeing agent's spec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--journal", type=Path, required=True,
                        help="JSON lines, one per game; a run resumes where it stopped")
    parser.add_argument("--pair", type=Path, help="an arena journal of the same games, played "
                        "by the agent without seeing, to compare game by game")
    args = parser.parse_args(argv)
    done = set(outcomes(args.journal))
    jobs = [(args.agent, args.players, args.seed, i) for i in range(args.games) if i not in done]
    with Pool(args.workers) as pool, args.journal.open("a") as journal:
        for n, record in enumerate(pool.imap_unordered(play_one, jobs), 1):
            journal.write(json.dumps(record) + "\n")
            journal.flush()
            print(f"\r{len(done) + n}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    seeing = outcomes(args.journal)
    games = sorted(i for i in seeing if i < args.games)
    report("seeing the hands", seeing, games)
    if args.pair:
        fair = outcomes(args.pair)
        common = [i for i in games if i in fair]
        report("same games, seeing", seeing, common)
        report("same games, fair  ", fair, common)
        diffs = [seeing[i][1] - fair[i][1] for i in common]
        if len(diffs) > 1:
            print(f"margin gained by seeing: {statistics.fmean(diffs):+.1f} per game "
                  f"(standard error {statistics.stdev(diffs) / len(diffs) ** 0.5:.1f})")


if __name__ == "__main__":
    main()
