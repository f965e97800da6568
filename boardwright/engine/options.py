"""A game's options described from its pydantic options model: defaults, choices and bounds.

Each game keeps its options as a pydantic model (`BeowulfOptions`, ...), which validates them. The
same model says what a front end needs to offer them: the choices of a `Literal` field (or of a
`pattern` such as `^(a|b)$`), the bounds of a `ge`/`le` field. Reading them here keeps the lobby,
`boardwright list --options` and the validation from drifting apart.

Labels and plain-language help for people come from each game's message catalogue
(`option.<name>`, `option.<name>.help`, `option.<name>.<choice>`): see `Game.option_texts`.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Collection, Mapping
from typing import Any

from pydantic import BaseModel

from .api import OptionInfo

_CHOICES_PATTERN = re.compile(r"^\^\(([\w|]+)\)\$$")


def _choices(annotation: Any, metadata: list[Any]) -> tuple[str, ...]:
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    for item in metadata:
        pattern = getattr(item, "pattern", None)
        match = _CHOICES_PATTERN.match(pattern) if isinstance(pattern, str) else None
        if match:
            return tuple(match.group(1).split("|"))
    return ()


def _bound(metadata: list[Any], *names: str) -> int | None:
    for item in metadata:
        for name in names:
            value = getattr(item, name, None)
            if isinstance(value, int | float) and not isinstance(value, bool):
                return int(value) if name in ("ge", "le") else int(value) + (
                    1 if name == "gt" else -1)
    return None


def describe_options(model: type[BaseModel], helps: Mapping[str, str], *,
                     local_paths: Collection[str] = (), caps: Collection[str] = ()
                     ) -> tuple[OptionInfo, ...]:
    """One `OptionInfo` per field of `model`, in its order: default, `helps[name]` (the
    rules-level help, with rule numbers), choices and bounds read from the field itself."""
    defaults = model()
    out = []
    for name, field in model.model_fields.items():
        metadata = list(field.metadata)
        out.append(OptionInfo(
            name, getattr(defaults, name), helps[name],
            local_path=name in local_paths, cap=name in caps,
            choices=_choices(field.annotation, metadata),
            minimum=_bound(metadata, "ge", "gt"), maximum=_bound(metadata, "le", "lt"),
        ))
    return tuple(out)
