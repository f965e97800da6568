"""What a person reads must be words: no raw message keys, no Python or JavaScript reprs, no
internal identifiers, and no English left in a page or terminal shown in another language.

Shared by the terminal render tests (tests/cli/test_render_all.py) and the browser tests.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from boardwright.engine import registry

#: raw keys (`web.`, `phase.`, a dotted identifier), reprs (`{'`, `None`, `True`), JavaScript's
#: `undefined`/`[object`, `key=value` fallbacks and snake_case identifiers
FORBIDDEN = re.compile(r"web\.|\.separator|phase\.|\bnull\b|undefined|\[object|\bTrue\b|"
                       r"\bFalse\b|\{'|\bNone\b|\b[a-z_]+=\S|\b[a-z]+_[a-z_]+\b|"
                       r"\b[a-z]+\.[a-z_.]+\b")


@cache
def english_only(game_id: str, lang: str) -> re.Pattern[str]:
    """English catalogue texts (no fields; 4 letters or more) that `lang` translates otherwise:
    finding one in a text shown in `lang` means a missed translation."""
    game = registry.get(game_id)
    package = type(game).__module__.rpartition(".")[0]
    out = set()
    for pkg in (package, "boardwright.engine"):
        folder = resources.files(pkg).joinpath("messages")
        en = json.loads(folder.joinpath("en.json").read_text(encoding="utf-8"))
        path = folder.joinpath(f"{lang}.json")
        own = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        translated = {t.lower() for t in own.values()}
        for key, text in en.items():
            if ("{" in text or text in own.get(key, text) or text.lower() in translated
                    or key.startswith(("option.", "rules.")) or len(text) < 4):
                continue
            out.add(re.escape(text))
    return re.compile(r"\b(" + "|".join(sorted(out, key=len, reverse=True)) + r")\b")


def unreadable(text: str, game_id: str, lang: str) -> str | None:
    """The first thing in `text` a person should not have to read, or None."""
    bad = FORBIDDEN.search(text)
    if bad:
        return bad.group(0)
    if lang != "en":
        missed = english_only(game_id, lang).search(text)
        if missed:
            return f"untranslated {missed.group(0)!r}"
    return None
