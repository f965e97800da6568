"""The rules page of a game: its summary in the reader's language, then its whole RULES.md.

RULES.md is written in English for everyone who checks the implementation against the book
(rule numbers, sources, every choice); the summary above it comes from the game's catalogue
(`rules.summary`), so a player who reads Hungarian is not left with English alone. The markdown
is the project's own, rendered with raw HTML switched off all the same.
"""

from __future__ import annotations

import html
from functools import cache
from importlib import resources

from markdown_it import MarkdownIt

from boardwright.engine import registry
from boardwright.engine.i18n import Catalogue, engine_text

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
    full = MarkdownIt("commonmark", {"html": False}).enable("table").render(source)
    return _PAGE.format(lang=html.escape(lang), title=html.escape(game.info.title),
                        how=html.escape(engine_text(lang)("web.rules.title")),
                        summary=summary, full=full)
