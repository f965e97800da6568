"""A greedy evaluation for search agents: runes, experience, counters, gold and health."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import RuneboundState


def score(state: RuneboundState, seat: int) -> float:
    p = state.g["players"][seat]
    life = state.stat(p, "life")
    value = (10.0 * p["runes"] + 3.0 * sum(p["bonus"]) + 1.0 * sum(
        n * (i + 1) for i, n in enumerate(p["counters"])) + 0.3 * p["gold"]
        + 0.5 * len(p["items"]) + 1.0 * len(p["allies"]) - 0.8 * p["wounds"] / max(1, life)
        * 5 - 0.2 * p["exh"])
    return value


def evaluate(state: RuneboundState) -> list[float]:
    """Each seat's chance of winning, read off the scores (0..1)."""
    n = state.cfg.players
    if state.is_terminal():
        return state.returns()
    if not state.g["players"] or len(state.g["players"]) < n:
        return [1.0 / n] * n
    scores = [score(state, s) for s in range(n)]
    lo = min(scores)
    shifted = [s - lo + 1.0 for s in scores]
    total = sum(shifted)
    return [s / total for s in shifted]
