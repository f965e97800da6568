"""A heuristic for Feinde's search agents: gold now, plus what knowledge, chips and cards are
still worth. Only ever applied to states an agent sampled from its own view.

The weights are plain, named numbers: the agents' strength depends on them, the rules do not.
"""

from __future__ import annotations

from .rules import OVER
from .state import FeindeState

#: gold a point of knowledge is worth: knowledge decides which monsters a hero can still kill
KNOWLEDGE_VALUE = 0.12
#: gold a power chip is worth (it pays for fights and breaks ties, R11.2)
CHIP_VALUE = 0.15
#: gold a spell card in hand is worth
CARD_VALUE = 0.3


def evaluate(state: FeindeState) -> list[float]:
    """Estimated final gold per seat."""
    values = [float(g) for g in state.gold]
    if state.phase == OVER:
        return [v + 0.001 * c for v, c in zip(values, state.chips, strict=True)]
    for p in range(state.cfg.players):
        values[p] += (KNOWLEDGE_VALUE * state.knowledge[p] + CHIP_VALUE * state.chips[p]
                      + CARD_VALUE * len(state.hands[p]))
    return values
