"""`make bench` measures each researchers' interface side by side with its yardstick."""

from __future__ import annotations

import pytest

from boardwright.bench import ratio_rows, side_by_side
from boardwright.engine import registry


def test_ratio_rows_report_each_interface_against_its_yardstick() -> None:
    game = registry.get("beowulf")
    rows = ratio_rows(game, 2, 0.08)
    assert [r["interface"] for r in rows] == ["openspiel", "pettingzoo", "simulate"]
    against = {"openspiel": "native", "pettingzoo": "tictactoe", "simulate": "native"}
    for row in rows:
        assert "error" not in row, row
        base = against[row["interface"]]
        unit = "steps" if row["interface"] == "pettingzoo" else "actions"
        assert row[f"{unit}_per_second"] > 0 and row[f"{base}_per_second"] > 0
        # the share is computed before rounding, so it agrees with the rounded speeds closely
        assert row[f"of_{base}"] == pytest.approx(
            row[f"{unit}_per_second"] / row[f"{base}_per_second"], rel=1e-3)


def test_side_by_side_alternates_the_two_loops() -> None:
    calls: list[str] = []

    def loop(name: str, units: int):  # type: ignore[no-untyped-def]
        def run(seconds: float) -> tuple[int, float]:
            calls.append(name)
            return units, 0.5
        return run

    speed, base = side_by_side(loop("a", 10), loop("b", 5), seconds=1.0, rounds=3)
    assert calls == ["a", "b"] * 3
    assert (speed, base) == (20.0, 10.0)
