"""The `boardwright` command, driven as a person would (typer's CliRunner feeds the keyboard)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine import registry
from boardwright.engine.record import GameRecord, replay

runner = CliRunner()


def test_list_shows_beowulf_and_its_options() -> None:
    result = runner.invoke(app, ["list", "--options"])
    assert result.exit_code == 0, result.output
    assert "beowulf" in result.output
    assert "good_counsel_any_figure" in result.output


def test_every_command_has_help() -> None:
    for command in ("list", "play", "replay", "simulate", "bench"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, command
        assert "Usage" in result.output


def test_simulate_json_reports_the_required_fields() -> None:
    result = runner.invoke(app, ["simulate", "beowulf", "--players", "3", "--games", "5",
                                 "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    for key in ("game", "players", "games", "finished", "errors", "actions",
                "actions_per_second", "mean_scores", "ended_by", "length"):
        assert key in data
    assert data["ended_by"] == {"rule": 5}
    assert data["finished"] == 5 and data["errors"] == 0
    assert len(data["mean_scores"]) == 3
    again = runner.invoke(app, ["simulate", "beowulf", "--players", "3", "--games", "5",
                                "--seed", "7", "--json"])
    assert json.loads(again.output)["mean_scores"] == data["mean_scores"]


def test_simulate_rejects_bad_input_clearly() -> None:
    result = runner.invoke(app, ["simulate", "beowulf", "--players", "7", "--games", "1"])
    assert result.exit_code == 2
    assert "2 to 4 players" in result.output
    result = runner.invoke(app, ["simulate", "nosuchgame"])
    assert result.exit_code == 2
    assert "known games" in result.output


def test_play_a_whole_game_by_keyboard_then_replay_it(tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    keys = "help\nmoves\nnonsense words\nundo\n" + "1\n" * 3000
    result = runner.invoke(app, ["play", "beowulf", "--seats", "human,random", "--seed", "4",
                                 "--save", str(record_path)], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output
    assert "is not a move or a command" in result.output
    record = GameRecord.load(record_path)
    final = replay(record, registry.get("beowulf"))
    assert final.is_terminal()
    assert record.returns == final.returns()
    shown = runner.invoke(app, ["replay", str(record_path), "--seat", "0"])
    assert shown.exit_code == 0, shown.output[-2000:]
    assert "Game over" in shown.output


def test_undo_takes_back_a_chosen_tile(tmp_path: Path) -> None:
    """Undo returns to the step before; the record never keeps an undone action."""
    record_path = tmp_path / "undo.json"
    keys = "draw\n1\nundo\nquit\n"
    result = runner.invoke(app, ["play", "beowulf", "--seats", "human,random", "--seed", "2",
                                 "--save", str(record_path)], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Taken back" in result.output
    record = GameRecord.load(record_path)
    assert record.actions[-1].startswith("deal")  # the tile choice was undone; the draw is final


def test_a_refused_move_says_which_rule_refuses_it_in_the_players_language() -> None:
    """Why not? After `draw`, placing a figure is refused by R3.4, told in Hungarian."""
    keys = "draw\nfig 4 A1\nquit\n"
    result = runner.invoke(app, ["play", "beowulf", "--seats", "human,random", "--seed", "2",
                                 "--lang", "hu"], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert ("Nem szabályos: lapkát húztál: most lapkát kell kijátszanod, bábut nem rakhatsz le "
            "(R3.4)") in " ".join(result.output.split())


def test_play_rejects_mismatched_seats() -> None:
    result = runner.invoke(app, ["play", "beowulf", "--players", "3", "--seats", "human,random"])
    assert result.exit_code == 2
    assert "--seats" in result.output


def test_replay_of_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "cannot read record" in result.output


def test_play_against_ismcts_with_a_thinking_budget() -> None:
    keys = "draw\n" + "1\n" * 12 + "quit\n"
    result = runner.invoke(app, ["play", "beowulf", "--seats", "human,ismcts", "--seed", "3",
                                 "--think", "0.05"], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert "(ismcts) is thinking" in result.output
    assert "Game stopped" in result.output


def test_every_game_plays_with_its_default_seats() -> None:
    # you against random players, as many as the game needs (Feinde needs 3)
    for game in registry.names():
        result = runner.invoke(app, ["play", game, "--seed", "1"], input="quit\n")
        assert result.exit_code == 0, (game, result.output)
        assert "takes" not in result.output


def test_a_language_the_game_lacks_is_refused_with_the_ones_it_has() -> None:
    result = runner.invoke(app, ["play", "mesopotamia", "--lang", "cs"])
    assert result.exit_code == 2
    assert "no texts in 'cs'" in result.output and "en, hu" in result.output
    assert runner.invoke(app, ["play", "beowulf", "--lang", "cs"], input="quit\n").exit_code == 0


def test_a_bot_thinking_is_announced_once_a_turn_not_at_every_step() -> None:
    # a Feinde turn is a chain of single steps: the note comes once per bot turn
    result = runner.invoke(app, ["play", "feinde", "--seats", "human,greedy,greedy",
                                 "--seed", "3", "--option", "max_rounds=2"],
                           input="1\n" * 200 + "quit\n")
    assert result.exit_code == 0, result.output
    notes = result.output.count("is thinking")
    assert 0 < notes <= 8, result.output[-3000:]  # 2 rounds: placing heroes, then a turn each
