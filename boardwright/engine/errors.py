"""Errors every front end can show to a person and every program can match on.

Each error carries a machine-readable `code` and the `params` the message was made from, so a
front end can translate it through a message catalogue instead of showing the English text.
"""

from __future__ import annotations

from typing import Any


class BoardwrightError(Exception):
    """Base class: a clear English message plus a code and parameters for translation."""

    code = "error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params = params

    def to_json(self) -> dict[str, Any]:
        """The error as a JSON-safe payload (for the server and `--json` output)."""
        return {"error": self.code, "message": self.message, "params": self.params}


class IllegalAction(BoardwrightError):
    """An action that is not legal now. The state it was applied to is left exactly as it was."""

    code = "illegal_action"


class BadConfig(BoardwrightError):
    """A player count, option or data file that the game cannot accept."""

    code = "bad_config"


class BadRecord(BoardwrightError):
    """A game record or serialised state that cannot be read or replayed."""

    code = "bad_record"


class UnknownGame(BoardwrightError):
    """A game name that is not registered."""

    code = "unknown_game"
