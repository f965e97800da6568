"""Pydantic models for every body and message that crosses the network (docs/web-protocol.md).

Inputs are strict (`extra="forbid"`, bounded sizes) so a malformed request is refused before it
reaches a match; outputs are plain dicts built in `payloads.py`, because their content is the
viewer's `view` and differs per game.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

#: JSON form of an action (`{"do": "place_tile", "cell": "C3"}`) or its text notation
ActionInput = str | dict[str, Any]
Lang = str


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Strict):
    """One seat of a new match: a person (who gets a token) or a bot (an agent spec)."""

    kind: Literal["human", "bot"]
    agent: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=40)


class CreateMatch(_Strict):
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    lang: str = Field(default="en", max_length=8)
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    clock_seconds: int | None = Field(default=None, ge=1, le=86_400)
    grace_seconds: int | None = Field(default=None, ge=0, le=86_400)
    #: chance and bot seed (random when absent): an addition for reproducible tests and demos
    seed: int | None = Field(default=None, ge=0, le=2**62)


class MoveBody(_Strict):
    action: ActionInput
    expect_seq: int | None = Field(default=None, ge=0)


class WsMove(_Strict):
    type: Literal["move"]
    action: ActionInput
    expect_seq: int | None = Field(default=None, ge=0)


class WsLang(_Strict):
    type: Literal["lang"]
    lang: str = Field(max_length=8)


class WsPing(_Strict):
    type: Literal["ping"]


WsMessage = WsMove | WsLang | WsPing


def error_payload(code: str, message: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one error shape of HTTP bodies and WebSocket messages."""
    return {"type": "error", "code": code, "message": message, "params": params or {}}
