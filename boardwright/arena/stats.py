"""Arena statistics: win shares with Wilson intervals, mean scores with normal intervals, and Elo
ratings fitted to every pairwise result (Bradley–Terry, by minorisation–maximisation)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional successes allowed: shared wins)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between the closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def endings(ended_by: Sequence[str | None], rounds: Sequence[int]) -> dict[str, Any]:
    """How a set of games ended and how long they ran: `ended_by` counts per reason ("rule",
    "cap", "stall"; "too_long" for a game stopped at the bound on actions) and `length` in
    rounds (median and 95th percentile)."""
    counts: dict[str, int] = {}
    for reason in ended_by:
        key = reason or "unfinished"
        counts[key] = counts.get(key, 0) + 1
    return {
        "ended_by": dict(sorted(counts.items())),
        "length": {"unit": "rounds", "median": round(percentile(rounds, 50), 1),
                   "p95": round(percentile(rounds, 95), 1), "max": max(rounds, default=0)},
    }


def pairwise_results(games: Sequence[dict[str, Any]]) -> dict[tuple[str, str], float]:
    """Points scored by agent a against agent b over all games: a winner beats a non-winner,
    otherwise the higher final score wins; equal standing is half a point each."""
    points: dict[tuple[str, str], float] = {}
    for g in games:
        names = g["seat_agents"]
        winners = set(g["winners"])
        key = [(s in winners, g["returns"][s]) for s in range(len(names))]
        for i in range(len(names)):
            for j in range(len(names)):
                if i == j or names[i] == names[j]:
                    continue
                score = 1.0 if key[i] > key[j] else 0.5 if key[i] == key[j] else 0.0
                points[(names[i], names[j])] = points.get((names[i], names[j]), 0.0) + score
    return points


def elo_ratings(games: Sequence[dict[str, Any]], iterations: int = 200) -> dict[str, float]:
    """Elo ratings (mean 1500) of the Bradley–Terry strengths that best explain the games."""
    points = pairwise_results(games)
    names = sorted({a for a, _ in points} | {b for _, b in points})
    if len(names) < 2:
        return {n: 1500.0 for n in names}
    strength = {n: 1.0 for n in names}
    prior = 0.5  # one virtual draw against each other agent keeps ratings finite
    for _ in range(iterations):
        new = {}
        for a in names:
            won = prior * (len(names) - 1)
            denom = 0.0
            for b in names:
                if a == b:
                    continue
                played = points.get((a, b), 0.0) + points.get((b, a), 0.0) + 2 * prior
                won += points.get((a, b), 0.0)
                denom += played / (strength[a] + strength[b])
            new[a] = won / denom if denom else strength[a]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {n: v / math.exp(mean_log) for n, v in new.items()}
    return {n: 1500.0 + 400.0 * math.log10(strength[n]) for n in names}


def summarise(games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per distinct agent: seat-games, wins, win rate and CI, mean score and CI, Elo."""
    rows: dict[str, dict[str, Any]] = {}
    for g in games:
        winners = g["winners"]
        for seat, name in enumerate(g["seat_agents"]):
            row = rows.setdefault(name, {"agent": name, "seat_games": 0, "wins": 0.0,
                                         "scores": [], "move_ms": []})
            row["seat_games"] += 1
            if seat in winners:
                row["wins"] += 1.0 / len(winners)
            row["scores"].append(g["returns"][seat])
            if g["move_ms"][seat] is not None:
                row["move_ms"].append(g["move_ms"][seat])
    elo = elo_ratings(games)
    out = []
    for name, row in rows.items():
        low, high = wilson_interval(row["wins"], row["seat_games"])
        mean, mlow, mhigh = mean_interval(row["scores"])
        ms = row["move_ms"]
        out.append({
            "agent": name,
            "seat_games": row["seat_games"],
            "wins": round(row["wins"], 3),
            "win_rate": round(row["wins"] / row["seat_games"], 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(mean, 3),
            "mean_score_ci95": [round(mlow, 3), round(mhigh, 3)],
            "elo": round(elo.get(name, 1500.0), 1),
            "ms_per_move": round(sum(ms) / len(ms), 2) if ms else None,
        })
    out.sort(key=lambda r: -r["elo"])
    return out
