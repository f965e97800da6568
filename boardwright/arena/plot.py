"""A PNG of the arena's ratings: Elo per agent, and win rate with its 95% interval."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot_ratings(table: list[dict[str, Any]], path: str | Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")  # no screen needed
    import matplotlib.pyplot as plt

    names = [row["agent"] for row in table]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    elos = [row["elo"] for row in table]
    left.barh(names, [e - 1500 for e in elos], left=1500, color="#4a7ab5")
    left.axvline(1500, color="grey", linewidth=0.8)
    spread = max(100.0, *(abs(e - 1500) * 1.2 for e in elos))
    left.set_xlim(1500 - spread, 1500 + spread)
    left.set_xlabel("Elo (mean 1500)")
    left.invert_yaxis()
    rates = [row["win_rate"] for row in table]
    low = [r - row["win_rate_ci95"][0] for r, row in zip(rates, table, strict=True)]
    high = [row["win_rate_ci95"][1] - r for r, row in zip(rates, table, strict=True)]
    right.barh(names, rates, xerr=[low, high], color="#b5884a", capsize=4)
    right.set_xlim(0, 1)
    right.set_xlabel("win share per seat-game (95% CI)")
    right.invert_yaxis()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
