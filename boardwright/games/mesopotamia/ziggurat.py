"""The ziggurat, the offerings and the end (RULES.md R4.4, R4.5, R8, R9.1).

A member carrying stone builds the ziggurat; one carrying an offering delivers it, and the fourth
offering wins at once. A game stopped by the turn cap ranks the seats on the tie-breaks.
"""

from __future__ import annotations

from typing import Any

from boardwright.engine.events import Event

from .data import ALL_KINDS, KINDS, LIMIT_CEILING, OFFER0, OFFERING_VALUES, OVER, STONE, ZIGGURAT
from .state import MesoTable, enter


def _ev(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def arrive(s: MesoTable, p: int, t: int, k: int, ev: list[Event]) -> None:
    """A member lands on tile t: the ziggurat consumes stone (R4.4) or takes an offering (R4.5)."""
    m = s.mem[p]
    b = k % KINDS
    if s.tile[t] == ZIGGURAT and b == STONE:
        s.supply_stone += 1
        s.limit[p] = min(LIMIT_CEILING, s.limit[p] + 1)
        s.mana[p] = min(s.limit[p], s.mana[p] + 1)
        m[t * ALL_KINDS + k - STONE] += 1
        enter(s, p, t)
        ev.append(_ev("ziggurat_built", seat=p, mana=s.mana[p], limit=s.limit[p]))
        return
    if s.tile[t] == ZIGGURAT and b >= OFFER0:
        o = b - OFFER0
        s.mana[p] -= OFFERING_VALUES[o]
        s.delivered[p].append(o)
        s.mem_supply[p] += 1
        ev.append(_ev("offering_made", seat=p, value=OFFERING_VALUES[o],
                      count=len(s.delivered[p]), mana=s.mana[p]))
        if len(s.delivered[p]) == 4:  # R8 the game ends at once
            s.winner = p
            s.phase = OVER
            ev.append(_ev("game_over", winners=[p], capped=False))
        return
    m[t * ALL_KINDS + k] += 1
    enter(s, p, t)


def tiebreak(s: MesoTable, seat: int) -> tuple[int, int, int]:
    """R9.1 EuropeMasters tie-breaks: offerings made, their values, mana left."""
    made = s.delivered[seat]
    return (len(made), sum(OFFERING_VALUES[o] for o in made), s.mana[seat])


def winners(s: MesoTable) -> list[int]:
    """R8.1 the seat that delivered its fourth offering; R9.1 after the turn cap, the seats best
    on the tie-breaks (none before the end)."""
    if s.phase != OVER:
        return []
    if not s.capped:
        return [s.winner]
    keys = [tiebreak(s, p) for p in range(s.cfg.players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
