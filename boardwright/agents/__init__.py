"""Players that are programs. They see only their seat's view and the legal actions.

`make_agent(name)` builds one by name (`random`; later `greedy`, `ismcts`).
"""

from __future__ import annotations

from boardwright.engine.errors import BadConfig
from boardwright.engine.play import Agent

from .random_agent import RandomAgent

AGENTS: dict[str, type] = {"random": RandomAgent}


def make_agent(name: str) -> Agent:
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise BadConfig(f"unknown agent {name!r}; known agents: {known}") from None
    agent: Agent = factory()
    return agent


__all__ = ["AGENTS", "RandomAgent", "make_agent"]
