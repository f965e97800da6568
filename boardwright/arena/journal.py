"""An arena run's journal: every finished game is appended (and flushed to disk) as it ends, so
a run that is killed or crashes loses nothing, and the same command resumes it.

The file is JSON lines: the run's config first, then one game per line. A last line cut off by
a crash is ignored (that game is played again).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from boardwright.engine.errors import BadConfig

from .runner import ArenaConfig


def _canonical(config: ArenaConfig) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(config.to_json()))
    return data


class Journal:
    def __init__(self, path: Path, config: ArenaConfig) -> None:
        self.path = path
        self.config = config

    def load(self) -> dict[int, dict[str, Any]]:
        """The games already played, by index; writes the config line to a new journal.
        Raises `BadConfig` if the journal belongs to a run with other settings."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._write_line({"config": _canonical(self.config)})
            return {}
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            head = json.loads(lines[0])["config"]
        except (ValueError, KeyError, TypeError, IndexError):
            raise BadConfig(f"{self.path} is not an arena journal") from None
        if head != _canonical(self.config):
            raise BadConfig(f"{self.path} is the journal of another run "
                            f"({head.get('game')}, {', '.join(head.get('agents', []))}, "
                            f"{head.get('games')} games, seed {head.get('seed')}); "
                            "give a new path or the same settings")
        played: dict[int, dict[str, Any]] = {}
        for number, line in enumerate(lines[1:], 2):
            try:
                game = json.loads(line)
            except ValueError:
                if number == len(lines):  # cut off by a crash while it was written
                    self._drop_last_line(lines)
                    break
                raise BadConfig(f"{self.path} line {number} is not JSON") from None
            if 0 <= game.get("index", -1) < self.config.games:
                played[game["index"]] = game
        return played

    def append(self, game: dict[str, Any]) -> None:
        self._write_line(game)

    def _write_line(self, data: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(data, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def _drop_last_line(self, lines: list[str]) -> None:
        self.path.write_text("".join(line + "\n" for line in lines[:-1]), encoding="utf-8")
