"""Shared helpers: a game set up with fixed chance, and direct placement of tokens and heroes."""

from __future__ import annotations

from typing import Any

from boardwright.engine import registry
from boardwright.games.feinde import data
from boardwright.games.feinde.data import CARD_INDEX
from boardwright.games.feinde.forward import FeindeState

GAME = registry.get("feinde")


def new_game(players: int = 4, **options: Any) -> FeindeState:
    """Set-up done: pairing 0, monsters 1-4 on S1-S4, every hero on S1; seat 0 to choose."""
    st = GAME.new_initial_state(players, options)
    while st.phase != data.CHOOSE:
        if st.is_chance_node():
            st.apply(st.chance_outcomes()[0][0])
        else:
            st.apply(data.HERO_START)
    return st


def cell(st: FeindeState, label: str) -> int:
    return st.cfg.board.index_of(label)


def put_hero(st: FeindeState, seat: int, label: str) -> None:
    st.pos[seat] = cell(st, label)
    st._legal = None


def put_token(st: FeindeState, label: str, token: int) -> None:
    c = cell(st, label)
    st.chip[c] = 0
    st.token[c] = token
    st._legal = None


def clear_start_monsters(st: FeindeState) -> None:
    """Take monsters 1-4 off the start rooms (to the box) so heroes are not pinned."""
    for s in st.cfg.board.starts:
        if st.token[s]:
            st.boxed_tokens.append(st.token[s])
            st.token[s] = 0
    st._legal = None


def act(st: FeindeState, *actions: int | str) -> list[Any]:
    events = []
    for a in actions:
        aid = st.action_from_text(a) if isinstance(a, str) else a
        events.extend(st.apply(aid))
    return events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def at(st: FeindeState, row: int, col: int) -> int:
    """The space at a map position."""
    return st.cfg.board.pos.index((row, col))


def give(st: FeindeState, name: str, seat: int = 0) -> int:
    """Deal the spell card `name` to `seat` from the deck; returns the action that plays it."""
    k = CARD_INDEX[name]
    g = next(i for i, grp in enumerate(st.deck) if grp[k])
    st.deck[g][k] -= 1
    st.hands[seat].append(k)
    st.hand_groups[seat].append(g)
    st._legal = None
    return data.PLAY + k
