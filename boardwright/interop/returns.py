"""The reward both adapters give: the win, so that it has fixed bounds for every game."""

from __future__ import annotations

from boardwright.engine.api import State


def win_returns(state: State) -> list[float]:
    """1 shared among the winners (everyone when nobody is named), 0 for the others.

    Engine scores have no bound a framework could declare in advance (OpenSpiel's min/max
    utility, a reward range), and the win is what every game's seats play for.
    """
    n = state.num_players
    if not state.is_terminal():
        return [0.0] * n
    winners = state.winners() or list(range(n))
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
