"""Events: what happened, as data. The text a person reads is made from a message catalogue.

An event may hold facts that only some seats may know (the tile a player drew). Those facts live
in `secret`, keyed by seat, and `for_viewer` is the only way an event leaves the engine, so a log,
a replay or a network message cannot leak them by accident.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

JSON = Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: `kind` names the catalogue entry, `data` its public facts."""

    kind: str
    data: dict[str, JSON] = field(default_factory=dict)
    secret: dict[int, dict[str, JSON]] | None = None

    def for_viewer(self, seat: int | None) -> dict[str, JSON]:
        """The event as `seat` may see it (`None`: a spectator, who sees public facts only)."""
        out: dict[str, JSON] = {"kind": self.kind, **self.data}
        if self.secret and seat is not None and seat in self.secret:
            out.update(self.secret[seat])
        return out

    def to_json(self) -> dict[str, JSON]:
        """The full event, secrets included: for server-side storage only, never for a viewer."""
        out: dict[str, JSON] = {"kind": self.kind, "data": self.data}
        if self.secret:
            out["secret"] = {str(k): v for k, v in self.secret.items()}
        return out
