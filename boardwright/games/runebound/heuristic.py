"""A greedy evaluation for search agents, shaped like the end of a capped game (R11.4):
runes first, then experience (bought, and counters still to spend), then gold, and health."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import RuneboundState


def score(state: RuneboundState, seat: int) -> float:
    g = state.g
    p = g["players"][seat]
    c = state.cfg.content
    life = state.stat(p, "life")
    xp_held = p["credit"] + sum(n * c.counters.counters[col][1] for n, col in
                                zip(p["counters"], ("green", "yellow", "blue", "red"),
                                    strict=True))
    gear = sum(c.market[k].cost for k, _ in p["items"] if k < 1000) + sum(
        c.market[a[0]].cost if a[0] < 1000 else 4 for a in p["allies"])  # a won ally: ~4 gold
    value = (100.0 * p["runes"] + 12.0 * sum(p["bonus"]) + 3.0 * xp_held / state.cfg.xp_cost * 4
             + 1.0 * p["gold"] + 0.3 * gear - 4.0 * p["wounds"] / max(1, life) - 0.3 * p["exh"])
    cb = g["combat"]
    if cb is not None and g["seat"] == seat and cb["card"] >= 0:  # progress against the card
        a = c.adventures[cb["card"]]
        value += 6.0 * cb["wounds"] / max(1, a.life)
    return value


def evaluate(state: RuneboundState) -> list[float]:
    """Each seat's share of the summed (shifted) scores: a rough win chance in 0..1."""
    n = state.cfg.players
    if state.is_terminal():
        return state.returns()
    if len(state.g["players"]) < n:
        return [1.0 / n] * n
    scores = [score(state, s) for s in range(n)]
    lo = min(scores)
    shifted = [s - lo + 1.0 for s in scores]
    total = sum(shifted)
    return [s / total for s in shifted]
