"""Structured observations: a seat's view as named numeric fields of fixed shapes.

A game that wants learners to see more than a hash of its view ships one module,
`boardwright/games/<game>/observation.py`, with a function `observer(players, options)` that
returns an `Observer` for that configuration. `Game.observer` finds it by import, so a game's
`game.py` need not change; the adapters in `boardwright.interop` use it for OpenSpiel's
observation tensors and PettingZoo's observations, and fall back to a hashed encoding of the view
for a game without one.

An observer reads only the view (`State.view(seat)`), the one filter that decides what a seat may
know, so no hidden fact can reach a tensor; `tests/interop/test_observation.py` checks it by
giving states that differ only in hidden facts and comparing the tensors.

Fields are laid out one after another in one flat float32 vector (each field C-ordered), so a
framework sees a single tensor and a reader can take it apart again with `Observer.split`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np
import numpy.typing as npt

#: a seat's view as `State.view` returns it (the same alias as `api.View`; this module is below
#: `api` in the import graph, so it names the shape instead of importing it)
View = dict[str, Any]

Array = npt.NDArray[np.float32]
#: (slot, value) pairs held as arrays, see `Observer.scatter`
Chunk = tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]


@dataclass(frozen=True, slots=True)
class Field:
    """One named part of an observation: its shape, its bounds and what it means."""

    name: str
    shape: tuple[int, ...]
    #: what each entry means, for `docs/interop.md` and a reader of the tensor
    help: str
    #: every entry lies in [low, high] (values outside are clipped), so spaces have true bounds
    low: float = 0.0
    high: float = 1.0
    #: a typical magnitude: dividing by it gives a learner inputs of order one
    scale: float = 1.0

    @property
    def size(self) -> int:
        return prod(self.shape)


class Observer(ABC):
    """Encodes views of one configuration (player count, options) into fixed-shape fields.

    A game's observer appends `(slot, value)` pairs in `fill`; the values at one slot add up
    and every other slot is 0. One `numpy.bincount` then makes the vector: much faster than
    writing numpy elements one by one from Python, which is what a view's few hundred facts
    would otherwise cost.
    """

    #: (slot, value) pairs that are the same in every view of this configuration (a fixed
    #: board's spaces), set by a subclass with `constant_facts`; `encode` adds them as arrays
    #: instead of converting them again for every view
    constant: Chunk | None = None

    def __init__(self, fields: Sequence[Field]) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"field names repeat: {names}")
        self.fields = tuple(fields)
        #: where each field starts in the flat vector (its entries follow in C order)
        self.start: dict[str, int] = {}
        offset = 0
        for f in self.fields:
            self.start[f.name] = offset
            offset += f.size
        #: the length of the flat vector
        self.size = offset
        self.low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields])
        self.high = np.concatenate([np.full(f.size, f.high, np.float32) for f in self.fields])
        #: one entry per slot: the field's `scale` (divide by it to normalise)
        self.scale = np.concatenate([np.full(f.size, f.scale, np.float32) for f in self.fields])

    def split(self, flat: Array) -> dict[str, Array]:
        """The fields of a flat vector, as views shaped like each field."""
        return {f.name: flat[self.start[f.name]:self.start[f.name] + f.size].reshape(f.shape)
                for f in self.fields}

    @abstractmethod
    def fill(self, view: View, seat: int | None, slots: list[int], values: list[float]) -> None:
        """Append a `(slot, value)` pair per fact of `seat`'s `view` (`None`: a spectator's):
        `slots` get indices into the flat vector (`start[field]` + the index within the field
        in C order), `values` the numbers added there; the `constant` facts are left out. The
        seat is given because a game whose views hide nothing need not name it in the view, and
        observations count seats from it.
        """

    def encode(self, view: View, seat: int | None) -> Array:
        """A new float32 vector of length `size` holding `seat`'s `view`."""
        slots: list[int] = []
        values: list[float] = []
        self.fill(view, seat, slots, values)
        constant = () if self.constant is None else (self.constant,)
        return self.clip(self.scatter(slots, values, constant))

    def constant_facts(self, slots: Sequence[int], values: Sequence[float] | None = None
                       ) -> None:
        """Declare facts every view of this configuration has (values default to 1)."""
        self.constant = (np.asarray(slots, np.intp),
                         np.asarray(values if values is not None else [1.0] * len(slots),
                                    np.float64))

    def scatter(self, slots: list[int], values: list[float], chunks: Sequence[Chunk] = ()
                ) -> Array:
        """The vector of `(slot, value)` pairs, plus pairs already held as arrays (`chunks`: an
        observer may keep facts that rarely change, such as a board row, converted once).

        Converting a Python list costs a few hundred instructions per element whatever the
        route; `np.fromiter` with the dtype and length given is the cheapest measured.
        """
        index = np.fromiter(slots, np.intp, len(slots))
        weight = np.fromiter(values, np.float64, len(values))
        if chunks:
            index = np.concatenate([index, *(c[0] for c in chunks)])
            weight = np.concatenate([weight, *(c[1] for c in chunks)])
        return np.bincount(index, weights=weight, minlength=self.size).astype(np.float32)

    def clip(self, flat: Array) -> Array:
        """`flat` with every entry moved into its field's range (in place)."""
        np.minimum(flat, self.high, out=flat)  # two ufuncs cost a fraction of one np.clip
        np.maximum(flat, self.low, out=flat)
        return flat

    def encode_into(self, view: View, seat: int | None, flat: Array) -> None:
        """Encode `seat`'s `view` into a float32 vector of length `size`, overwriting it."""
        flat[:] = self.encode(view, seat)


def find_observer(game: object, players: int, options: Mapping[str, Any] | None
                  ) -> Observer | None:
    """The observer of the module `observation` beside `game`'s own module, if there is one."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.observation"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:  # the game declares none; any other missing module is an error
            return None
        raise
    made = module.observer(players, options)
    if not isinstance(made, Observer):
        raise TypeError(f"{name}.observer returned {type(made).__name__}, not an Observer")
    return made
