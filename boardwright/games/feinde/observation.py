"""Fürchterliche Feinde's structured observation: a seat's view as per-space planes and counts.

Read only from `FeindeState.view(seat)`. In this game the only hidden fact is the other players'
hands (their card backs show the groups), so the view, and with it this observation, holds the
whole labyrinth: heroes, tokens, power chips, crossings, the face-down token groups as the sets
they are, and the rule engine's scalars. Seats are counted from the observer (0 = the observing
seat, 1 = the next, ...; a spectator's view counts from seat 0).

Spaces are the board's spaces in `Board.labels` order (rooms, corridors, crossings; the
`board_file` option can change their number). Every field is documented in `docs/interop.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine.api import View
from boardwright.engine.observation import Field, Observer

from .data import AMOUNT, CARD_KINDS, DUMB_TILE, GROUPS, TILE_SHAPES, Config, build_config
from .state import SCALARS

PHASES = AMOUNT + 1  # phases are numbered 0 .. AMOUNT, the last (see data.py)
#: token ids: 1..53 for the monsters, chests and bosses, DUMB_TILE (99) for the dumbest-player
#: tile, which takes index 0 here
TOKENS = 54
#: per seat, in this order (see the `seats` field)
SEAT_FACTS = ("knowledge", "stamp", "chips", "gold", "pupil", "join_asked")


def _token(t: int) -> int:
    return 0 if t == DUMB_TILE else t


class FeindeObserver(Observer):
    """The fields of one Feinde configuration (player count and board)."""

    def __init__(self, cfg: Config) -> None:
        n, spaces, cards = cfg.players, len(cfg.board.labels), len(CARD_KINDS)
        super().__init__([
            Field("phase", (PHASES,), "one-hot: the rule engine's phase number (data.py)"),
            Field("to_move", (n,), "one-hot: the seat asked to decide (relative; none at chance)"),
            Field("space_kind", (4, spaces), "one-hot per space: corridor, room, start room, "
                  "crossing (fixed by the board)"),
            Field("heroes", (n, spaces), "1 where each seat's hero stands (relative)"),
            Field("tokens", (spaces,), "the id of the token lying on the space (0: none; 99 "
                  "the dumbest-player tile)", high=99.0, scale=25.0),
            Field("chips", (spaces,), "1 where a power chip lies"),
            Field("crossings", (len(TILE_SHAPES), spaces),
                  "one-hot per space: the shape of the crossing tile there (" +
                  ", ".join(TILE_SHAPES) + "); none while face down"),
            Field("rotation", (spaces,), "the rotation (0-3) of a face-up crossing tile",
                  high=3.0),
            Field("explored", (2, spaces), "[origins, pending rooms]: spaces named by the "
                  "current move's bookkeeping"),
            Field("seats", (n, len(SEAT_FACTS)),
                  "[seat, (" + ", ".join(SEAT_FACTS) + ")] (relative)", high=100.0,
                  scale=10.0),
            Field("masters", (n, n), "[seat, master]: 1 where a seat is the apprentice of "
                  "another (relative both ways)"),
            Field("trophies", (n, TOKENS), "[seat, token id]: tokens each seat has won "
                  "(relative; id 0 the dumbest-player tile)"),
            Field("face_down", (4, TOKENS), "[group 1-4, token id]: the tokens still face down "
                  "in each group"),
            Field("boxed_tokens", (TOKENS,), "tokens back in the box"),
            Field("tiles_left", (len(TILE_SHAPES),), "crossing tiles not yet placed, by shape",
                  high=20.0),
            Field("deck", (len(GROUPS),), "cards left in the deck of each group I-V",
                  high=50.0, scale=5.0),
            Field("hand_backs", (n, len(GROUPS)),
                  "[seat, group]: cards in each hand, by the group on their backs (relative)",
                  high=20.0),
            Field("own_hand", (cards,), "the seat's own cards: " + ", ".join(CARD_KINDS),
                  high=20.0),
            Field("played", (cards,), "cards played so far, by kind", high=50.0),
            Field("queues", (2, n), "[follow queue, join queue]: seats waiting in each "
                  "(relative)", high=float(n)),
            Field("dumbest", (n,), "one-hot: the holder of the dumbest-player tile (relative)"),
            Field("scalars", (len(SCALARS),),
                  "the rule engine's scalars as they are, in the order of `SCALARS` in "
                  "games/feinde/state.py", low=-1.0, high=1000.0, scale=10.0),
        ])
        self.cfg = cfg
        self.spaces = spaces
        kinds = cfg.board.kind
        self.constant_facts([self.start["space_kind"] + k * spaces + s
                             for s, k in enumerate(kinds)])

    def fill(self, view: View, seat: int | None, slots: list[int], values: list[float]
             ) -> None:
        n, spaces = self.cfg.players, self.spaces
        at = self.start
        me = seat if seat is not None else 0
        rel = [(p - me) % n for p in range(n)]

        def add(slot: int, value: float = 1.0) -> None:
            slots.append(slot)
            values.append(value)

        add(at["phase"] + view["phase"])
        if view["current"] >= 0:
            add(at["to_move"] + rel[view["current"]])
        for p, space in enumerate(view["pos"]):
            if space >= 0:
                add(at["heroes"] + rel[p] * spaces + space)
        for space, token in enumerate(view["token"]):
            if token:
                add(at["tokens"] + space, token)
        for space, chip in enumerate(view["chip"]):
            if chip:
                add(at["chips"] + space, chip)
        for space, (shape, rot) in enumerate(zip(view["cross_shape"], view["cross_rot"],
                                                 strict=True)):
            if shape >= 0:
                add(at["crossings"] + shape * spaces + space)
                if rot:
                    add(at["rotation"] + space, rot)
        for row, key in enumerate(("origins", "pending_rooms")):
            for space in view[key]:
                add(at["explored"] + row * spaces + space)
        for p in range(n):
            base = at["seats"] + rel[p] * len(SEAT_FACTS)
            for i, key in enumerate(SEAT_FACTS):
                if view[key][p]:
                    add(base + i, view[key][p])
            master = view["master"][p]
            if master >= 0:
                add(at["masters"] + rel[p] * n + rel[master])
            for token in view["trophies"][p]:
                add(at["trophies"] + rel[p] * TOKENS + _token(token))
            for group in view["hand_backs"][p]:
                add(at["hand_backs"] + rel[p] * len(GROUPS) + group)
        for row, key in enumerate(("g1", "g2", "g3", "g4")):
            for token in view[key]:
                add(at["face_down"] + row * TOKENS + _token(token))
        for token in view["boxed_tokens"]:
            add(at["boxed_tokens"] + _token(token))
        for i, count in enumerate(view["tiles_left"]):
            add(at["tiles_left"] + i, count)
        for i, count in enumerate(view["deck_sizes"]):
            add(at["deck"] + i, count)
        for kind in view["hand"] or ():
            add(at["own_hand"] + CARD_KINDS.index(kind))
        for code in view["played"]:
            add(at["played"] + code // 8)
        for row, key in enumerate(("follow_queue", "join_queue")):
            for p in view[key]:
                add(at["queues"] + row * n + rel[p])
        if view["dumbest"] >= 0:
            add(at["dumbest"] + rel[view["dumbest"]])
        for i, key in enumerate(SCALARS):
            if view[key]:
                add(at["scalars"] + i, view[key])


def observer(players: int, options: Mapping[str, Any] | None = None) -> FeindeObserver:
    """The observer of a Feinde configuration (`Game.observer` finds it here)."""
    return FeindeObserver(build_config(players, dict(options or {})))
