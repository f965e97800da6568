"""`make bench` measures random games through each adapter next to the native engine."""

from __future__ import annotations

import pytest

from boardwright.bench import adapter_rows
from boardwright.engine import registry


def test_adapter_rows_report_speed_relative_to_native() -> None:
    game = registry.get("beowulf")
    rows = adapter_rows(game, 2, 0.05, native=10_000.0)
    assert [r["adapter"] for r in rows] == ["openspiel", "pettingzoo"]
    for row in rows:
        assert "error" not in row
        assert row["actions_per_second"] > 0
        # both figures are rounded from one unrounded speed, so they agree to the last digit kept
        assert row["of_native"] == pytest.approx(row["actions_per_second"] / 10_000.0, abs=1e-4)
