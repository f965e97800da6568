"""What a search is rewarded with: each seat's heuristic lead over its best opponent.

Shared by ISMCTS (its rewards), sequential halving and greedy (a turn's value is the lead).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardwright.engine.api import State


def margins(values: Sequence[float]) -> list[float]:
    """Each seat's value minus its best opponent's: what winning depends on (a solo player's
    value itself: there is no opponent to beat, only the game)."""
    out = []
    for i, v in enumerate(values):
        out.append(v - max((x for j, x in enumerate(values) if j != i), default=0.0))
    return out


def margin_rewards(values: Sequence[float], scale: float,
                   baseline: Sequence[float] | None = None) -> list[float]:
    """Each seat's lead over its best opponent, relative to `baseline` (its lead where the search
    started), squashed into (0, 1): 0.5 means no change.

    Measuring the change rather than the lead keeps the search sensitive when one seat is far
    ahead, where a win probability (or a squashed lead) would be flat for every move.
    """
    leads = margins(values)
    if baseline is not None:
        leads = [m - b for m, b in zip(leads, baseline, strict=True)]
    return [0.5 + 0.5 * math.tanh(m / scale) for m in leads]


def terminal_rewards(state: State, scale: float,
                     baseline: Sequence[float] | None = None) -> list[float]:
    """At the end: half for the win (shared wins split it), half for the margin."""
    winners = state.winners()
    squashed = margin_rewards(state.returns(), scale, baseline)
    share = 0.5 / len(winners) if winners else 0.0  # nobody won: a solo hero beaten (R11.5)
    return [share * (p in winners) + 0.5 * m for p, m in enumerate(squashed)]
