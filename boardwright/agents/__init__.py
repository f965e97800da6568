"""Players that are programs. They see only their seat's view and the legal actions.

`make_agent(spec)` builds one from a spec: a name (`random`, `greedy`, `ismcts`), optionally
followed by `:` and settings separated by `/`, e.g. `ismcts:iterations=500/seconds=1.5`
(commas separate agents on the command line); `ismcts:500` is short for
`ismcts:iterations=500`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from boardwright.engine.errors import BadConfig
from boardwright.engine.play import Agent

from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
}
#: agents from optional extras, imported only when one is seated (not offered by the server)
OPTIONAL_AGENTS = {"openspiel_ismcts": ("boardwright.interop.agent", "OpenSpielISMCTSAgent")}
#: the first setting of an agent when a spec gives a bare value (`ismcts:500`)
DEFAULT_SETTING = {"ismcts": "iterations", "openspiel_ismcts": "iterations"}
#: agents that take the arena's `--iterations` / `--think` defaults
SEARCH_AGENTS = ("ismcts", "openspiel_ismcts")


def _value(raw: str) -> Any:
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return raw


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.strip().partition(":")
    settings: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.replace(",", "/").split("/"))):
        key, sep, raw = part.partition("=")
        if not sep:
            if name not in DEFAULT_SETTING:
                raise BadConfig(f"agent {name!r} takes key=value settings, not {part!r}")
            key, raw = DEFAULT_SETTING[name], part
        settings[key.strip()] = _value(raw.strip())
    return name, settings


def _optional_agent(name: str) -> Callable[..., Agent]:
    module, attr = OPTIONAL_AGENTS[name]
    try:
        return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]
    except ImportError as exc:
        raise BadConfig(f"agent {name!r} needs an optional extra: {exc}") from None


def make_agent(spec: str, **defaults: Any) -> Agent:
    """An agent from a spec; `defaults` fill settings the spec does not give (if it takes them)."""
    name, settings = parse_spec(spec)
    try:
        factory = AGENTS[name] if name in AGENTS else _optional_agent(name)
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise BadConfig(f"unknown agent {name!r}; known agents: {known}") from None
    if name in SEARCH_AGENTS:
        settings = {**{k: v for k, v in defaults.items() if v is not None}, **settings}
    try:
        agent = factory(**settings)
    except (TypeError, ValueError) as exc:
        raise BadConfig(f"bad settings for agent {name!r}: {exc}") from None
    agent.name = spec.strip() if settings else name
    return agent


__all__ = ["AGENTS", "GreedyAgent", "ISMCTSAgent", "RandomAgent", "make_agent", "parse_spec"]
