"""Integer action ids laid out as named blocks.

A game's atomic actions are integers so that agents, records and OpenSpiel share one encoding.
`ActionSpace` names the blocks ("place_figure", "draw", ...) and turns an id back into its block
and offset. The layout depends only on the game's configuration, so an id means the same thing
in every phase.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    start: int
    size: int


class ActionSpace:
    """Consecutive blocks of ids: `encode(name, offset)` and `decode(id) -> (name, offset)`."""

    __slots__ = ("_blocks", "_by_name", "_owner", "size")

    def __init__(self, blocks: Iterable[tuple[str, int]]) -> None:
        start = 0
        made: list[Block] = []
        for name, size in blocks:
            if size < 0:
                raise ValueError(f"block {name!r} has negative size {size}")
            made.append(Block(name, start, size))
            start += size
        self._blocks = tuple(made)
        self._by_name = {b.name: b for b in made}
        if len(self._by_name) != len(made):
            raise ValueError("block names must be unique")
        self.size = start
        owner: list[Block] = []
        for b in made:
            owner.extend([b] * b.size)
        self._owner = owner

    def start(self, name: str) -> int:
        """The first id of block `name`."""
        return self._by_name[name].start

    def encode(self, name: str, offset: int = 0) -> int:
        block = self._by_name[name]
        if not 0 <= offset < block.size:
            raise ValueError(f"offset {offset} outside block {name!r} of size {block.size}")
        return block.start + offset

    def decode(self, action: int) -> tuple[str, int]:
        """Block name and offset of `action`; `IllegalAction` for an id outside the space."""
        if type(action) is not int or not 0 <= action < self.size:
            raise IllegalAction(
                f"{action!r} is not an action id of this game (ids are 0..{self.size - 1})",
                code="unknown_action",
                action=repr(action),
            )
        block = self._owner[action]
        return block.name, action - block.start

    def blocks(self) -> tuple[Block, ...]:
        return self._blocks
