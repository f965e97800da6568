"""`make bench` measures random games through each adapter next to the native engine."""

from __future__ import annotations

from boardwright.bench import adapter_rows
from boardwright.engine import registry


def test_adapter_rows_report_speed_relative_to_native() -> None:
    game = registry.get("beowulf")
    rows = adapter_rows(game, 2, 0.05, native=10_000.0)
    assert [r["adapter"] for r in rows] == ["openspiel", "pettingzoo"]
    for row in rows:
        assert "error" not in row
        assert row["actions_per_second"] > 0
        assert row["of_native"] == round(row["actions_per_second"] / 10_000.0, 4)
