"""The end (RULES.md R11): both bosses beaten, or a cap or the stall rule (R12 A36), and
the ranking by gold, then power chips.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import OVER
from .state import FeindeTable


def _ev(events: list[Event], kind: str, **data: Any) -> None:
    events.append(Event(kind, data))


def game_over(st: FeindeTable, ev: list[Event], why: str) -> None:
    """R11.1 the game ends (`why`: bosses, or the cap or stall rule of R12 A36)."""
    st.phase = OVER
    st.asker = -1
    _ev(ev, "game_over", why=why, gold=st.gold[:], chips=st.chips[:])


def winners(st: FeindeTable) -> list[int]:
    """R11.2 most gold; a tie goes to more power chips; a further tie is shared."""
    if st.phase != OVER:
        return []
    best = max(zip(st.gold, st.chips, strict=True))
    return [p for p in range(st.cfg.players) if (st.gold[p], st.chips[p]) == best]


def ended_by(st: FeindeTable) -> str | None:
    """R11.1 both bosses beaten is the rules' ending; the round cap and the stall rule
    (R12 A36) are not (the game-over event names which one ended it)."""
    if st.phase != OVER:
        return None
    if st.bosses >= 2:
        return "rule"
    cap = st.cfg.options.max_rounds
    return "cap" if cap and st.round > cap else "stall"
