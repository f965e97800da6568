"""A seat's view as a canonical string and as a numeric vector, for both adapters.

Everything here starts from `State.view(seat)`, the one filter that decides what a seat may know,
so hidden facts cannot reach a framework through an observation.

The vector is the game's structured observation (`Game.observer`: named fields of fixed shapes,
see `boardwright/engine/observation.py`) wherever the game declares one. For a game that declares
none, `HashedObserver` is the fallback: a hashed encoding (the "hashing trick") of the view's JSON
leaves, the same for every game. Each leaf is named by its path (`hands.1.count`); a number adds
its value at the slot of its path, a string, boolean or null puts 1 at the slot of `path=value`.
Collisions are possible (two facts can share a slot), so a learner cannot rely on a fixed meaning
per slot: it is a stopgap, not an observation to train on.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from boardwright.engine.api import Game
from boardwright.engine.observation import Array, Field, Observer

#: default length of an observation vector
DEFAULT_SIZE = 1024
#: every slot is clipped to [-LIMIT, LIMIT] so observation spaces can have finite bounds
LIMIT = 1000.0


_JSON_CONSTANTS = {None: "null", True: "true", False: "false"}


def view_string(view: Any) -> str:
    """Canonical, compact JSON: equal views give byte-identical strings."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, scalar) for every scalar in a JSON value, in a deterministic order."""
    if isinstance(value, dict):
        for key in sorted(value):
            yield from leaves(value[key], f"{path}.{key}" if path else str(key))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from leaves(item, f"{path}.{i}" if path else str(i))
    else:
        yield path, value


class ViewEncoder:
    """Encodes views into float32 vectors of a fixed `size`."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 2:
            raise ValueError("an observation vector needs at least 2 slots")
        self.size = size
        # crc32 of the same names is computed over and over in a game: remember the slots
        self._slots: dict[str, int] = {}

    def slot(self, name: str) -> int:
        index = self._slots.get(name)
        if index is None:
            index = zlib.crc32(name.encode()) % self.size
            if len(self._slots) < 100_000:
                self._slots[name] = index
        return index

    def encode_into(self, view: Any, out: np.ndarray) -> None:
        slots: list[int] = []
        values: list[float] = []
        self._walk(view, "", slots, values)
        # one bincount instead of an item assignment per leaf: views have a thousand leaves
        out[:] = np.bincount(np.array(slots, np.intp), weights=np.array(values, np.float64),
                             minlength=self.size)
        np.clip(out, -LIMIT, LIMIT, out=out)

    def _walk(self, value: Any, path: str, slots: list[int], values: list[float]) -> None:
        """The same leaves as `leaves()`, appended as (slot, value) without a generator."""
        if isinstance(value, dict):
            prefix = f"{path}." if path else ""
            for key in sorted(value):
                self._walk(value[key], f"{prefix}{key}", slots, values)
        elif isinstance(value, (list, tuple)):
            prefix = f"{path}." if path else ""
            for i, item in enumerate(value):
                self._walk(item, f"{prefix}{i}", slots, values)
        elif value is None or value is True or value is False:
            slots.append(self.slot(f"{path}={_JSON_CONSTANTS[value]}"))
            values.append(1.0)
        elif isinstance(value, str):
            slots.append(self.slot(f"{path}={value}"))
            values.append(1.0)
        else:
            slots.append(self.slot(path))
            values.append(float(value))

    def encode(self, view: Any) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(view, out)
        return out


class HashedObserver(Observer):
    """The fallback observer: one field, `view`, the hashed encoding of the whole view."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.encoder = ViewEncoder(size)
        super().__init__([Field("view", (size,), "the view's JSON leaves hashed into slots "
                                "(see `boardwright/interop/observation.py`)",
                                low=-LIMIT, high=LIMIT)])

    def fill(self, view: Any, seat: int | None, slots: list[int], values: list[float]) -> None:
        self.encoder._walk(view, "", slots, values)

    def encode(self, view: Any, seat: int | None = None) -> Array:
        return self.encoder.encode(view)


def observer_for(game: Game, players: int, options: Mapping[str, Any] | None,
                 hashed_size: int = DEFAULT_SIZE) -> Observer:
    """The game's own structured observer, or the hashed fallback for a game without one."""
    return game.observer(players, options) or HashedObserver(hashed_size)
