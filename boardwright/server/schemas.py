"""Pydantic models for every body and message that crosses the network (docs/web-protocol.md).

Inputs are strict (`extra="forbid"`, bounded sizes) so a malformed request is refused before it
reaches a match; outputs are plain dicts built in `payloads.py`, because their content is the
viewer's `view` and differs per game.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from boardwright.engine.i18n import LANGUAGE_NAMES

#: bytes of an action's JSON form, and of a match's options (a game bounds each option too)
MAX_ACTION_JSON = 1024
MAX_OPTIONS_JSON = 4096
#: nesting of an action's JSON form or of the options
MAX_JSON_DEPTH = 6
#: characters of one chat line
MAX_CHAT = 300
#: days a turn-based match may give each move
MAX_MOVE_DAYS = 30


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _bounded(limit: int) -> AfterValidator:
    def check(value: dict[str, Any]) -> dict[str, Any]:
        if _depth(value) > MAX_JSON_DEPTH:
            raise ValueError(f"nests deeper than {MAX_JSON_DEPTH} levels")
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
        if size > limit:
            raise ValueError(f"is {size} bytes as JSON; at most {limit}")
        return value

    return AfterValidator(check)


def _plain_name(name: str | None) -> str | None:
    """A name shown to every viewer: no control, format (bidi overrides, zero widths),
    private-use or unassigned characters, no leading or trailing space."""
    if name is None:
        return None
    name = name.strip()
    bad = sorted({f"U+{ord(c):04X}" for c in name if unicodedata.category(c)[0] == "C"})
    if bad:
        raise ValueError(f"a name may not hold the characters {', '.join(bad)}")
    if not name:
        raise ValueError("a name may not be empty")
    return name


def _chat_text(text: str) -> str:
    """A chat line: trimmed, 1 to `MAX_CHAT` characters, none of Unicode category C (control
    characters and newlines, bidi overrides, zero widths, private use, unassigned)."""
    text = text.strip()
    if not text:
        raise ValueError("a chat line may not be empty")
    if len(text) > MAX_CHAT:
        raise ValueError(f"a chat line has at most {MAX_CHAT} characters")
    bad = sorted({f"U+{ord(c):04X}" for c in text if unicodedata.category(c)[0] == "C"})
    if bad:
        raise ValueError(f"a chat line may not hold the characters {', '.join(bad[:5])}")
    return text


def _known_lang(lang: str) -> str:
    if lang not in LANGUAGE_NAMES:
        raise ValueError(f"unknown language; one of {', '.join(LANGUAGE_NAMES)}")
    return lang


#: JSON form of an action (`{"do": "place_tile", "cell": "C3"}`) or its text notation
ActionInput = (Annotated[str, Field(max_length=200)]
               | Annotated[dict[str, Any], _bounded(MAX_ACTION_JSON)])
Lang = Annotated[str, Field(max_length=8), AfterValidator(_known_lang)]
Name = Annotated[str | None, Field(default=None, max_length=40), AfterValidator(_plain_name)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Strict):
    """One seat of a new match: a person (who gets a token) or a bot (an agent spec). A
    person's seat may be the creator's own (`mine`: bound to the creator's identity)."""

    kind: Literal["human", "bot"]
    agent: str | None = Field(default=None, max_length=200)
    name: Name = None
    mine: bool = False


class CreateMatch(_Strict):
    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=16)
    options: Annotated[dict[str, Any], _bounded(MAX_OPTIONS_JSON)] = Field(
        default_factory=dict, max_length=32)
    lang: Lang = "en"
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    clock_seconds: int | None = Field(default=None, ge=1, le=86_400)
    grace_seconds: int | None = Field(default=None, ge=0, le=86_400)
    #: chance and bot seed, for matches without people only (reproducible analysis); the
    #: server draws the seed of every match with a person, which no one can then predict
    seed: int | None = Field(default=None, ge=0, le=2**62)
    #: `live` (people present; the optional clocks above) or `turn` (days per move)
    mode: Literal["live", "turn"] = "live"
    #: turn-based: days the person to move has (default 3)
    move_days: int | None = Field(default=None, ge=1, le=MAX_MOVE_DAYS)
    #: turn-based: a missed deadline makes a bot play for the late player, or loses the match
    on_timeout: Literal["bot", "lose"] = "bot"
    #: None: rated when only people play the printed rules (no bot, no option chosen)
    rated: bool | None = None
    spectator_chat: bool = True
    #: a seated player may ask for the bot's suggestions on their turn; never rated
    hints: bool = False
    #: a person's steps stay provisional (seen by them alone) until final, so they can take
    #: them back; `confirm_turn` (which implies it) holds the turn's last step until confirmed
    allow_undo: bool = False
    confirm_turn: bool = False


class Credentials(_Strict):
    name: str = Field(max_length=200)
    password: str = Field(max_length=512)


class NewPassword(_Strict):
    old_password: str = Field(max_length=512)
    new_password: str = Field(max_length=512)


ChatText = Annotated[str, Field(max_length=MAX_CHAT * 4), AfterValidator(_chat_text)]


class ChatBody(_Strict):
    text: ChatText


class MoveBody(_Strict):
    action: ActionInput
    expect_seq: int | None = Field(default=None, ge=0)


class WsMove(_Strict):
    type: Literal["move"]
    action: ActionInput
    expect_seq: int | None = Field(default=None, ge=0)


class WsLang(_Strict):
    type: Literal["lang"]
    lang: Lang


class WsPing(_Strict):
    type: Literal["ping"]


class WsUndo(_Strict):
    type: Literal["undo"]


class WsConfirm(_Strict):
    type: Literal["confirm"]


class WsChat(_Strict):
    type: Literal["chat"]
    text: ChatText


#: told apart by `type`, so that a bad message is refused for what is wrong in it
WsMessage = Annotated[WsMove | WsLang | WsPing | WsChat | WsUndo | WsConfirm,
                      Field(discriminator="type")]


def error_payload(code: str, message: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one error shape of HTTP bodies and WebSocket messages."""
    return {"type": "error", "code": code, "message": message, "params": params or {}}
