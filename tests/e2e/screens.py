"""Screens a person reads: a screenshot at 1280×800 kept in test-artifacts/e2e/, and a check
that the page's visible text holds no raw key, repr or untranslated English (tests/readable.py).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from readable import unreadable


def check_screen(page: Page, game_id: str, lang: str, artifacts: Path, name: str) -> str:
    """Save `name`.png of the viewport and return the visible text, after checking it reads as
    words in `lang` (the lobby, the board, the log, the moves and any open panel)."""
    page.screenshot(path=artifacts / f"{name}.png")
    text = page.inner_text("body")
    bad = unreadable(text, game_id, lang)
    assert bad is None, f"{name}: {bad} on the page:\n{text[:3000]}"
    return text
