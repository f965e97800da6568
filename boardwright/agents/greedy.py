"""The greedy player: plays the turn that looks best right now under the game's heuristic.

It samples one world from its view (so it never sees hidden facts), then tries every legal
action. When an action leaves the same player deciding again (a compound move: choose a tile,
then where to put it), it follows the best continuation; a chance event inside the turn is
resolved by one sampled outcome. A turn's value is the player's heuristic lead over the best
opponent. It weighs the actions the game's `search_actions` keeps (all by default), as ISMCTS
does: a game may leave out moves that only look better by the noise of one sample.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardwright.engine.api import CHANCE, Game, State, View
from boardwright.engine.play import sample_chance

from .rewards import margins

#: how many own decisions in a row a turn may take before it is cut short
MAX_TURN_STEPS = 4


class GreedyAgent:
    name = "greedy"

    def choose(
        self, game: Game, seat: int, view: View, legal: Sequence[int], rng: random.Random
    ) -> int:
        if len(legal) == 1:
            return legal[0]
        world = game.determinizer(view, seat)(rng)
        best: list[int] = []
        best_value = float("-inf")
        # a game whose turns are long chains of own steps may ask for a shorter look-ahead
        steps = getattr(game, "greedy_turn_steps", MAX_TURN_STEPS)
        for action in game.search_actions(world, list(legal)) or legal:
            value = turn_value(game, world, action, seat, rng, steps)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)



def turn_value(game: Game, state: State, action: int, seat: int, rng: random.Random,
               steps: int = MAX_TURN_STEPS) -> float:
    """`seat`'s heuristic lead after `action` and the best continuation of its own turn (at most
    `steps` own decisions; a chance event on the way is one sampled outcome)."""
    child = state.clone()
    child.apply(action)
    while child.current_player() == CHANCE and steps > 0:
        child.apply(sample_chance(child.chance_outcomes(), rng))
        steps -= 1
    if child.current_player() != seat or steps <= 1:
        return margins(game.evaluate(child))[seat]
    legal = child.legal_actions()
    return max(turn_value(game, child, a, seat, rng, steps - 1)
               for a in game.search_actions(child, legal) or legal)
