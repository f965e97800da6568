"""`GET /api/i18n/{lang}`: the engine's and a game's message catalogues merged into one.

English fills every key a language lacks, so the client can always look a key up. Game keys win
over engine keys of the same name (a game may refine a generic text).
"""

from __future__ import annotations

from functools import cache

from boardwright.engine import registry
from boardwright.engine.i18n import DEFAULT_LANGUAGE, _load


@cache
def merged_catalogue(lang: str, game: str | None = None) -> dict[str, str]:
    packages = ["boardwright.engine"]
    if game is not None:
        packages.append(type(registry.get(game)).__module__.rsplit(".", 1)[0])
    merged: dict[str, str] = {}
    for package in packages:
        merged.update(_load(package, DEFAULT_LANGUAGE))
        merged.update(_load(package, lang))
    return merged
