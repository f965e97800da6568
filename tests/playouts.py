"""Seeded positions for tests: a game played some steps in, stopped at a real decision.

Shared by the agent tests and the games' own tests (tests/ is on sys.path through conftest.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from boardwright.engine.api import CHANCE, Game, State
from boardwright.engine.play import sample_chance

#: how a decision is made on the way: (state, rng) -> action
Chooser = Callable[[State, random.Random], int]


def uniform(state: State, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def midgame(game: Game, players: int, seed: int, steps: int, choose: Chooser = uniform
            ) -> State:
    """The state after `steps` actions of a seeded game (chance sampled, decisions by `choose`),
    then moved on to the next decision with at least two legal actions."""
    rng = random.Random(seed)
    state = game.new_initial_state(players)
    for _ in range(steps):
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply(choose(state, rng))
    while state.current_player() == CHANCE or len(state.legal_actions()) < 2:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply(state.legal_actions()[0])
    return state
