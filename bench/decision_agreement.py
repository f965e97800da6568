"""How often agents choose the same move on the same positions: a cheap look at search noise.

    PYTHONPATH=. .venv/bin/python bench/decision_agreement.py mesopotamia \
        --agents greedy,ismcts,ismcts:iterations=200/exploration=0.31,ismcts:1000,ismcts:3000

Positions come from greedy self-play (games `--seed`, `--seed` + 1, ...; every `--every`-th
decision with at least three legal moves, until `--positions`). Each agent decides each position
once, from the mover's view, with the rng `random.Random(i)` for position i. The table gives
each agent's CPU ms per decision and, per other agent, on how many positions the two chose the
same move. Two runs of one search that differ only in a setting that hardly matters (an
exploration of 0.30 or 0.31: with the same random seed, the small change sends the tree down
other paths, so its iterations get other random draws) show how much of a search's choice is
noise: where they agree little, more iterations or less noisy leaves decide more than any
weight. Positions where several moves are equally good lower every agreement alike.
A spec may end in `#k`: the agent then decides with the rng `random.Random(100000 * k + i)`, so
`ismcts:halving=1` and `ismcts:halving=1#1` are one search run twice with other random draws
(for a search whose choice no small setting changes).
"""

from __future__ import annotations

import argparse
import random
import time

from boardwright.agents import make_agent
from boardwright.engine.api import CHANCE, TERMINAL, State
from boardwright.engine.play import agent_rng, chance_rng, sample_chance
from boardwright.engine.registry import get


def positions(game_id: str, players: int, count: int, seed: int, every: int
              ) -> list[tuple[State, int]]:
    game = get(game_id)
    out: list[tuple[State, int]] = []
    greedy = make_agent("greedy")
    while len(out) < count:
        state = game.new_initial_state(players)
        chance, rng = chance_rng(seed), agent_rng(seed, 0)
        seen = 0
        while state.current_player() != TERMINAL and len(out) < count:
            mover = state.current_player()
            if mover == CHANCE:
                state.apply(sample_chance(state.chance_outcomes(), chance))
                continue
            legal = state.legal_actions()
            if len(legal) >= 3:
                seen += 1
                if seen % every == 0:
                    out.append((state.clone(), mover))
            state.apply(greedy.choose(game, mover, state.view(mover), legal, rng))
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agents", required=True, help="comma list of agent specs")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args()
    game = get(args.game)
    specs = [s.strip() for s in args.agents.split(",")]
    table = positions(args.game, args.players, args.positions, args.seed, args.every)
    choices: dict[str, list[int]] = {}
    cost: dict[str, float] = {}
    for spec in specs:
        started = time.process_time()
        agent_spec, _, salt = spec.partition("#")
        offset = 100_000 * int(salt or 0)
        choices[spec] = [make_agent(agent_spec).choose(game, mover, state.view(mover),
                                                       state.legal_actions(),
                                                       random.Random(offset + i))
                         for i, (state, mover) in enumerate(table)]
        cost[spec] = time.process_time() - started
    print(f"{args.game}, {args.players} players, {len(table)} positions (seed {args.seed})")
    for spec in specs:
        same = ", ".join(
            f"{other} {sum(a == b for a, b in zip(choices[spec], choices[other], strict=True))}"
            for other in specs if other != spec)
        print(f"{spec}: {1000 * cost[spec] / len(table):.0f} ms a decision; same move as {same}")


if __name__ == "__main__":
    main()
