"""OpenSpiel's `ISMCTSBot` seated as a boardwright agent (spec `openspiel_ismcts`).

Like every agent it gets only its seat's view: it draws a world from the game's determinizer,
wraps it as an OpenSpiel state (`openspiel.py`) and lets the bot search, resampling worlds from
the same determinizer with the agent's own generator, so a seed gives the same game. The bot is
OpenSpiel's as published: UCT over information-state nodes, leaves valued by random rollouts to
the end of the game (the win, 1 shared among the winners), the most visited action chosen.

Settings: `iterations` (simulations per move, default 200), `uct_c` (default 2.0), `rollouts`
(per leaf, default 1), `policy` (`max_visit_count`, `max_value` or `normalized_visited_count`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from boardwright.engine.api import Game, State, View

from .openspiel import BoardwrightGame, BoardwrightState, game_class

POLICIES = {p.name.lower(): p for p in ismcts.ISMCTSFinalPolicyType}


class OpenSpielISMCTSAgent:
    name = "openspiel_ismcts"

    def __init__(self, iterations: int = 200, uct_c: float = 2.0, rollouts: int = 1,
                 policy: str = "max_visit_count", seconds: float | None = None) -> None:
        if seconds is not None:
            raise ValueError("OpenSpiel's ISMCTSBot has no time budget; give iterations")
        if iterations < 1 or rollouts < 1:
            raise ValueError("iterations and rollouts must be at least 1")
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
        self.iterations = int(iterations)
        self.uct_c = float(uct_c)
        self.rollouts = int(rollouts)
        self.policy = POLICIES[policy]
        self._games: dict[tuple[str, int, int], BoardwrightGame] = {}

    def _spiel_game(self, game: Game, state: State) -> BoardwrightGame:
        """One OpenSpiel game per configuration size, kept across moves."""
        key = (game.info.id, state.num_players, state.num_distinct_actions)
        if key not in self._games:
            self._games[key] = game_class(game).from_state(game, state)
        return self._games[key]

    def choose(self, game: Game, seat: int, view: View, legal: Sequence[int],
               rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        draw = game.determinizer(view, seat)
        spiel_game = self._spiel_game(game, draw(rng))

        def resample(state: BoardwrightState, player: int) -> BoardwrightState:
            return spiel_game.state_from_engine(draw(rng))

        np_rng = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts, random_state=np_rng)
        bot = ismcts.ISMCTSBot(spiel_game, evaluator, self.uct_c, self.iterations,
                               random_state=np_rng, final_policy_type=self.policy)
        bot.set_resampler(resample)
        action = int(bot.step(spiel_game.state_from_engine(draw(rng))))
        if action not in legal:
            raise RuntimeError(f"ISMCTSBot chose {action}, not a legal action")
        return action
