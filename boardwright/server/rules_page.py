"""The rules page of a game: its summary in the reader's language, then its whole RULES.md.

RULES.md is written in English for everyone who checks the implementation against the book
(rule numbers, sources, every choice); the summary above it comes from the game's catalogue
(`rules.summary`), so a player who reads Hungarian is not left with English alone. The markdown
is the project's own, rendered with raw HTML switched off all the same.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources
from typing import Any

from markdown_it import MarkdownIt

from boardwright.engine import registry
from boardwright.engine.i18n import Catalogue, engine_text
from boardwright.engine.lessons import lessons

_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body class="rules-page">
  <header class="topbar"><h1><a href="/">boardwright</a></h1></header>
  <main class="rules">
    <h2>{title}</h2>
    <section class="rules-summary" aria-label="{how}"><h3>{how}</h3>{summary}</section>
    {lessons}
    <article class="rules-full">{full}</article>
  </main>
</body>
</html>
"""


@cache
def rules_page(game_id: str, lang: str) -> str:
    """The page as HTML (built once per game and language: it depends on nothing else)."""
    game = registry.get(game_id)
    package = type(game).__module__.rpartition(".")[0]
    words = Catalogue(package, lang)
    summary = "".join(f"<p>{html.escape(line)}</p>"
                      for line in words("rules.summary").splitlines() if line.strip())
    source = resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    full = _anchor_rules(MarkdownIt("commonmark", {"html": False}).enable("table").render(source))
    return _PAGE.format(lang=html.escape(lang), title=html.escape(game.info.title),
                        how=html.escape(engine_text(lang)("web.rules.title")),
                        summary=summary, lessons=_lessons(game, game_id, lang), full=full)


def _lessons(game: Any, game_id: str, lang: str) -> str:
    """Links to the game's lessons (its rulebook's worked examples), if it has any."""
    found = lessons(game)
    if not found:
        return ""
    items = "".join(
        f'<li><a class="lesson-link" href="/lesson/{html.escape(game_id)}/'
        f'{html.escape(one.id)}?lang={html.escape(lang)}">'
        f"{html.escape(one.words(one.title, lang))}</a></li>" for one in found)
    heading = html.escape(engine_text(lang)("web.lesson.list"))
    return f'<section class="rules-lessons"><h3>{heading}</h3><ul>{items}</ul></section>'



_RULE_START = re.compile(r"<(li|h2|h3)>(<p>)?(<strong>)?(R\d+(?:\.\d+)*[a-z]?)\b")


def _anchor_rules(rendered: str) -> str:
    """Each numbered rule (`R3.4` at the start of an item or heading) gets `id="R3.4"`, so a
    refused move's "why not?" can link to `/rules/<game>#R3.4`; the first of a number wins."""
    seen: set[str] = set()

    def anchor(match: re.Match[str]) -> str:
        tag, para, strong, number = match.groups()
        attribute = "" if number in seen else f' id="{number}"'
        seen.add(number)
        return f"<{tag}{attribute}>{para or ''}{strong or ''}{number}"

    return _RULE_START.sub(anchor, rendered)
