"""Seats, seat tokens and the server's error type.

A token is `secrets.token_urlsafe(24)`, handed out once (in `MatchCreated`) and stored only as
its SHA-256 hash, so a copy of the database cannot act for anybody. A token identifies exactly
one seat of one match. A seat may also be bound to an identity (`identity.py`): then that
identity acts for it from any browser where it is logged in, without the token; an identity
holds at most one seat of a match.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from .bots import STAND_IN_AGENT

#: HTTP status of each server error code; engine codes (illegal_action, ...) are 400
STATUS = {
    "bad_token": 403,
    "seat_bound": 403,
    "no_such_match": 404,
    "no_such_lesson": 404,
    "bad_request": 422,
    "seed_not_allowed": 422,
    "not_your_turn": 409,
    "stale_seq": 409,
    "match_over": 409,
    "not_started": 409,
    "not_abortable": 409,
    "seat_taken": 409,
    "already_seated": 409,
    "not_over": 409,
    "nothing_to_undo": 409,
    "nothing_to_confirm": 409,
    "name_taken": 409,
    "no_account": 409,
    "rematch_not_allowed": 403,
    "hints_off": 403,
    "hints_rated": 422,
    "bad_login": 401,
    "bad_origin": 403,
    "no_identity": 403,
    "chat_muted": 403,
    "chat_full": 409,
    "bad_name": 422,
    "confusable_name": 422,
    "reserved_name": 422,
    "not_ratable": 422,
    "bad_password": 422,
    "unknown_game": 400,
    "bad_config": 400,
    "too_large": 413,
    "rate_limited": 429,
    "too_many_matches": 429,
    "server_busy": 503,
    "match_unavailable": 503,
    "rules_changed": 409,
    "storage_unavailable": 503,
}


class MatchError(Exception):
    """A refused request: a machine-readable code, an English message and its parameters."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """One seat of a live match. `connections` and `stand_in` live in memory only."""

    kind: str  # "human" | "bot"
    name: str
    agent: str | None = None
    token_hash: str | None = None
    joined: bool = False
    stand_in: bool = False
    connections: int = 0
    #: the identity that holds this seat, and its name
    identity: str | None = None
    player: str | None = None
    #: a stand-in was playing for this person when the match ended (absence.py)
    absent: bool = False

    @property
    def is_bot_controlled(self) -> bool:
        return self.kind == "bot" or self.stand_in

    @property
    def agent_spec(self) -> str:
        return self.agent if self.kind == "bot" and self.agent else STAND_IN_AGENT

    def matches_token(self, token: str) -> bool:
        return self.token_hash is not None and hmac.compare_digest(self.token_hash,
                                                                   hash_token(token))

    def stored(self) -> dict[str, Any]:
        data = {"kind": self.kind, "name": self.name, "agent": self.agent,
                "token_hash": self.token_hash, "joined": self.joined}
        if self.identity is not None:
            data.update(identity=self.identity, player=self.player)
        if self.absent:
            data["absent"] = True
        return data

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=data["kind"], name=data["name"], agent=data.get("agent"),
                   token_hash=data.get("token_hash"), joined=bool(data.get("joined")),
                   identity=data.get("identity"), player=data.get("player"),
                   absent=bool(data.get("absent")))

    def public(self, index: int) -> dict[str, Any]:
        """What every viewer may know of a seat: never its token hash or identity id; the
        player's name when an identity holds it."""
        out = {"seat": index, "kind": self.kind, "name": self.name,
               "connected": self.kind == "bot" or self.connections > 0,
               "stand_in": self.stand_in}
        if self.player is not None and self.kind == "human":
            out["player"] = self.player
            out["joined"] = self.joined
        return out
