"""Helpers for Mesopotamia rule tests: build positions by hand and play actions by notation."""

from __future__ import annotations

from typing import Any

from boardwright.games.mesopotamia.data import ALL_KINDS, KIND_NAMES, TERRAINS
from boardwright.games.mesopotamia.forward import MesoState
from boardwright.games.mesopotamia.game import GAME


def new(players: int = 3, **options: Any) -> MesoState:
    """A fresh game. Turns may be passed with `finish_action` at once (R5.5's own tests set
    `action_required`), so that each test plays only the steps its rule needs."""
    return GAME.new_initial_state(players, {"action_required": False, **options})


def cell(s: MesoState, q: int, r: int) -> int:
    return s.cfg.index[(q, r)]


def put(s: MesoState, seat: int, qr: tuple[int, int], load: str = "empty", n: int = 1) -> None:
    """Put n members of `seat` carrying `load` on tile qr (taken from the seat's supply)."""
    k = KIND_NAMES.index(load.rstrip("*")) + (7 if load.endswith("*") else 0)
    s.mem[seat][cell(s, *qr) * ALL_KINDS + k] += n
    s.mem_supply[seat] -= n
    s.invalidate()


def clear(s: MesoState, seat: int, qr: tuple[int, int]) -> None:
    c = cell(s, *qr)
    for k in range(ALL_KINDS):
        s.mem_supply[seat] += s.mem[seat][c * ALL_KINDS + k]
        s.mem[seat][c * ALL_KINDS + k] = 0
    s.invalidate()


def lay(s: MesoState, qr: tuple[int, int], terrain: str) -> None:
    """Lay a tile from the stack on an empty cell."""
    c = cell(s, *qr)
    t = TERRAINS.index(terrain)
    s.stack[t] -= 1
    s.tile[c] = t
    s.placed.append(c)
    s.invalidate()


def at(s: MesoState, seat: int, qr: tuple[int, int], load: str = "empty") -> int:
    k = KIND_NAMES.index(load.rstrip("*")) + (7 if load.endswith("*") else 0)
    return s.mem[seat][cell(s, *qr) * ALL_KINDS + k]


def play(s: MesoState, *texts: str) -> list[Any]:
    events: list[Any] = []
    for text in texts:
        events.extend(s.apply(s.action_from_text(text)))
    return events


def legal_texts(s: MesoState) -> list[str]:
    return [s.action_to_text(a) for a in s.legal_actions()]


def can(s: MesoState, text: str) -> bool:
    return s.action_from_text(text) in s.legal_actions()
