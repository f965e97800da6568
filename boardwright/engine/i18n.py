"""Message catalogues: every text a player reads comes from here, in English, Hungarian, Czech.

A catalogue is a flat JSON object `key -> template` (Python `str.format` fields). Games keep theirs
in `<game>/messages/<lang>.json`; the engine's own (prompts, errors) are in `engine/messages/`.
Missing keys fall back to English, and a test checks that no language misses a key.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "hu": "Magyar", "cs": "Čeština"}


@cache
def _load(package: str, lang: str) -> dict[str, str]:
    path = resources.files(package).joinpath("messages", f"{lang}.json")
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise ValueError(f"{package} messages/{lang}.json must map keys to strings")
    return {str(k): str(v) for k, v in data.items()}


class Catalogue:
    """Templates for one package in one language, English as the fallback."""

    def __init__(self, package: str, lang: str = DEFAULT_LANGUAGE) -> None:
        self.package = package
        self.lang = lang
        self._own = _load(package, lang)
        self._fallback = _load(package, DEFAULT_LANGUAGE)

    def has(self, key: str) -> bool:
        return key in self._own or key in self._fallback

    def __call__(self, key: str, **params: Any) -> str:
        """The text for `key` filled with `params`; the key itself if no language knows it."""
        template = self._own.get(key) or self._fallback.get(key)
        if template is None:
            return key
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template

    def keys(self) -> set[str]:
        return set(self._own)


def available_languages(package: str) -> list[str]:
    folder = resources.files(package).joinpath("messages")
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def engine_text(lang: str = DEFAULT_LANGUAGE) -> Catalogue:
    return Catalogue("boardwright.engine", lang)
