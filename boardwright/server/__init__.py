"""The web server: lobby, seats and tokens, per-viewer payloads, storage, server-side bots.

May import the engine and the agents, never a game directly (games come from the registry).
The protocol it speaks is docs/web-protocol.md.
"""

from .app import create_app

__all__ = ["create_app"]
