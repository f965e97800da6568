"""The arena: rotated seats, statistics, both backends giving the same results, CLI output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardwright.arena import ArenaConfig, play_one, run_arena
from boardwright.arena.stats import elo_ratings, mean_interval, summarise, wilson_interval
from boardwright.cli.main import app
from boardwright.engine.errors import BadConfig

SMALL = {"boards": [". . .\n. . .", ". .\n. .", ". . .\n. . ."]}


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(90, 100)
    assert low == pytest.approx(0.8256, abs=1e-3)
    assert high == pytest.approx(0.9448, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    mean, lo, hi = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and lo < 2.0 < hi


def test_elo_orders_agents_by_results_and_is_centred() -> None:
    games = [
        {"seat_agents": ["a", "b"], "winners": [0], "returns": [10.0, 5.0]},
        {"seat_agents": ["b", "a"], "winners": [1], "returns": [3.0, 8.0]},
        {"seat_agents": ["a", "b"], "winners": [1], "returns": [4.0, 9.0]},
    ]
    elo = elo_ratings(games)
    assert elo["a"] > 1500 > elo["b"]
    assert elo["a"] + elo["b"] == pytest.approx(3000)


def test_seats_rotate_and_deals_repeat_across_rotations() -> None:
    config = ArenaConfig("beowulf", ("greedy", "random"), 4, seed=3, options=SMALL)
    first, second = play_one(config, 0), play_one(config, 1)
    assert first["seat_agents"] == ["greedy", "random"]
    assert second["seat_agents"] == ["random", "greedy"]
    assert first["seed"] == second["seed"] == 3
    assert play_one(config, 2)["seed"] == 4


def test_summary_counts_every_seat_game() -> None:
    config = ArenaConfig("beowulf", ("greedy", "random", "random"), 6, seed=1, options=SMALL)
    result = run_arena(config, workers=2)
    rows = {r["agent"]: r for r in result.table}
    assert rows["greedy"]["seat_games"] == 6 and rows["random"]["seat_games"] == 12
    assert sum(r["wins"] for r in result.table) == pytest.approx(6)
    assert result.table == summarise(result.games)


def test_local_workers_do_not_change_results() -> None:
    config = ArenaConfig("beowulf", ("ismcts:30", "greedy"), 4, seed=5, options=SMALL)
    one = run_arena(config, workers=1)
    two = run_arena(config, workers=2)
    strip = [{k: v for k, v in g.items() if k not in ("seconds", "move_ms")} for g in one.games]
    assert strip == [{k: v for k, v in g.items() if k not in ("seconds", "move_ms")}
                     for g in two.games]


def test_ray_backend_gives_the_same_results_as_local() -> None:
    pytest.importorskip("ray", reason="the ray extra is installed by `make test`")
    config = ArenaConfig("beowulf", ("ismcts:30", "greedy", "random"), 6, seed=8, options=SMALL)
    local = run_arena(config, workers=2, backend="local")
    remote = run_arena(config, workers=2, backend="ray")

    def facts(games: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in g.items() if k not in ("seconds", "move_ms")} for g in games]

    assert facts(local.games) == facts(remote.games)
    assert [(r["agent"], r["wins"], r["elo"]) for r in local.table] == [
        (r["agent"], r["wins"], r["elo"]) for r in remote.table]


def test_bad_arena_configs_are_refused() -> None:
    with pytest.raises(BadConfig, match="agents"):
        run_arena(ArenaConfig("beowulf", ("greedy",), 1, players=2))
    with pytest.raises(BadConfig, match="backend"):
        run_arena(ArenaConfig("beowulf", ("greedy", "random"), 1, options=SMALL),
                  backend="cloud")


def test_arena_command_prints_a_table_and_writes_json_and_a_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "arena.json", tmp_path / "elo.png"
    result = CliRunner().invoke(app, [
        "arena", "beowulf", "--agents", "greedy,random", "--games", "4", "--seed", "2",
        "--workers", "2", "--json", str(out), "--plot", str(png),
        "--option", json.dumps(SMALL["boards"]).join(["boards=", ""]),
    ])
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output and "greedy" in result.output
    data = json.loads(out.read_text())
    assert len(data["games"]) == 4 and {r["agent"] for r in data["table"]} == {"greedy", "random"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _arena_args(journal: Path, games: int, seed: int = 2) -> list[str]:
    return ["arena", "beowulf", "--agents", "greedy,random", "--games", str(games),
            "--seed", str(seed), "--journal", str(journal), "--json", str(journal) + ".out",
            "--option", json.dumps(SMALL["boards"]).join(["boards=", ""])]


def test_arena_journal_resumes_a_cut_run_with_identical_results(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    assert CliRunner().invoke(app, _arena_args(whole, 6)).exit_code == 0
    cut = tmp_path / "cut.jsonl"
    # a run killed after three games, in the middle of writing the fourth
    lines = whole.read_text().splitlines()
    cut.write_text("\n".join(lines[:4]) + "\n" + lines[4][:20])
    result = CliRunner().invoke(app, _arena_args(cut, 6))
    assert result.exit_code == 0, result.output
    assert "3 of 6 games already played" in result.output
    assert len(cut.read_text().splitlines()) == 7   # the config line and six games
    resumed = json.loads(Path(str(cut) + ".out").read_text())
    uninterrupted = json.loads(Path(str(whole) + ".out").read_text())
    strip = [{k: v for k, v in g.items() if k not in ("seconds", "move_ms")}
             for g in uninterrupted["games"]]
    assert [{k: v for k, v in g.items() if k not in ("seconds", "move_ms")}
            for g in resumed["games"]] == strip
    assert [r["wins"] for r in resumed["table"]] == [r["wins"] for r in uninterrupted["table"]]


def test_arena_journal_of_another_run_is_refused_untouched(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    assert CliRunner().invoke(app, _arena_args(journal, 2)).exit_code == 0
    before = journal.read_bytes()
    result = CliRunner().invoke(app, _arena_args(journal, 2, seed=9))
    assert result.exit_code != 0 and "journal of another run" in result.output
    assert journal.read_bytes() == before


def test_arena_prints_progress_lines_when_not_on_a_terminal(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, _arena_args(tmp_path / "p.jsonl", 2))
    assert result.exit_code == 0
    assert "beowulf: greedy,random: 2/2 games" in result.output
