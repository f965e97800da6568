"""Helpers for the Beowulf rule tests: small controlled games driven through real actions.

A position is reached by applying actions in the text notation (`fig 4 B2`, `draw`,
`tile W+1/I`, `put C3`, `cash`, `mead B2`, `counsel B2 up`, `pick D4`, `pass`) and, at chance
nodes, `deal TOKEN` (the tile chance hands out, e.g. `deal +3/I`). Nothing here pokes fields.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from boardwright.engine.api import CHANCE
from boardwright.engine.errors import IllegalAction
from boardwright.engine.events import Event
from boardwright.games.beowulf import GAME, BeowulfState
from boardwright.games.beowulf import rules as R
from boardwright.games.beowulf.notation import parse_label

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str) -> ModuleType:
    """The script `bench/<name>.py` as a module (bench/ is not a package), for its tests."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass in the script looks its module up there
    spec.loader.exec_module(module)
    return module


#: a tiny board for Acts II and III of games that only care about Act I
TINY = ". ."


def new_game(
    players: int = 2,
    tiles: Sequence[Sequence[str]] | None = None,
    boards: Sequence[str] | None = None,
    **options: Any,
) -> BeowulfState:
    """A new game; `tiles` / `boards` give all three acts (each a list of tokens / a board)."""
    opts: dict[str, Any] = dict(options)
    if tiles is not None:
        opts["tiles"] = [list(t) for t in tiles]
    if boards is not None:
        opts["boards"] = list(boards)
    return GAME.new_initial_state(players, opts)


def deal(state: BeowulfState, hands: Mapping[int, Sequence[str]]) -> list[Event]:
    """Deal `hands[seat]` (tile kinds like `+3/I`) through the chance `deal` actions.

    The deal visits seats in `state.deal_queue` order (at set-up: the first player twice, the next
    seat twice, ...), so each seat's tiles are handed out in the order listed. Every listed tile
    must be dealt and dealing must be over afterwards.
    """
    left = {seat: list(tokens) for seat, tokens in hands.items()}
    events: list[Event] = []
    while state.phase == R.DEAL:
        seat = state.deal_queue[0]
        assert left.get(seat), f"no tile listed for seat {seat}; still queued {state.deal_queue}"
        events += play(state, "deal " + left[seat].pop(0))
    assert not any(left.values()), f"tiles not dealt: {left}"
    return events


def play(state: BeowulfState, *texts: str) -> list[Event]:
    """Apply each text action in turn; returns all the events."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.action_from_text(text))
    return events


def legal_texts(state: BeowulfState) -> set[str]:
    """The legal actions (or, at a chance node, the chance outcomes) as texts."""
    if state.current_player() == CHANCE:
        return {state.action_to_text(a) for a, _p in state.chance_outcomes()}
    return {state.action_to_text(a) for a in state.legal_actions()}


def legal_in(state: BeowulfState, word: str) -> set[str]:
    """The legal actions that start with `word` (e.g. `put`, `pick`, `fig`), as texts."""
    return {t for t in legal_texts(state) if t.split()[0] == word}


def assert_illegal(state: BeowulfState, *texts: str) -> None:
    """Each text parses, is refused with `IllegalAction`, and leaves the state unchanged."""
    for text in texts:
        action = state.action_from_text(text)
        assert action not in state.legal_actions(), text
        before = copy.deepcopy(state.to_json())
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before, f"{text!r} changed the state"


def cell(state: BeowulfState, label: str) -> str:
    """The token at a cell label of the current act: `.`, `X`, `+3/I`, `a4`..."""
    rc = parse_label(label)
    assert rc is not None, label
    return str(state.view(None)["board"][rc[0]][rc[1]])


def board_rows(state: BeowulfState) -> list[str]:
    """The current act's board, one string per row, cells by their view tokens."""
    return [" ".join(row) for row in state.view(None)["board"]]


def empties(state: BeowulfState) -> set[str]:
    """The labels of the current act's empty spaces."""
    return {
        f"{chr(ord('A') + c)}{r + 1}"
        for r, row in enumerate(state.view(None)["board"])
        for c, token in enumerate(row)
        if token == "."
    }


def boxed(state: BeowulfState, token: str) -> int:
    """How many tiles of kind `token` (e.g. `V/I`) have left the game."""
    return state.boxed[[k.token() for k in state.cfg.kinds].index(token)]


def result_board(state: BeowulfState, act: int = 0) -> list[list[str]]:
    """The board recorded when act `act` (from 0) was scored, as rows of tokens."""
    return [row.split() for row in state.act_results[act]["board"]]


def hand(state: BeowulfState, seat: int) -> list[str]:
    """A seat's hand as tile kinds, sorted as the state keeps them."""
    return [state.cfg.kinds[k].token() for k in state.hands[seat]]


def pool_left(state: BeowulfState) -> dict[str, int]:
    """The tiles of the current act still in the pool, by kind."""
    cfg = state.cfg
    return {cfg.kinds[k].token(): state.pool[k] for k in cfg.act_kinds[state.act] if state.pool[k]}


def kinds_of(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def events_of(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]
