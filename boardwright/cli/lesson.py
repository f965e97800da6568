"""`boardwright lesson GAME [ID]`: a rulebook's worked example, step by step, in the terminal:
the book's words for each step, what happened, and the board after it."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from boardwright.engine.api import Game
from boardwright.engine.i18n import engine_text
from boardwright.engine.lessons import Lesson, lessons, walk


def list_lessons(game: Game, lang: str, console: Console) -> None:
    t = engine_text(lang)
    found = lessons(game)
    if not found:
        console.print(t("cli.lesson.none", game=game.info.title))
        return
    console.print(t("cli.lesson.list", game=game.info.title))
    for one in found:
        console.print(f"  [bold]{one.id}[/bold] — {one.words(one.title, lang)}")


def run_lesson(game: Game, one: Lesson, lang: str, console: Console,
               ask: Callable[[str], str] | None = None) -> None:
    """Each step: its text, Enter plays it, then its events and the board (q stops)."""
    t = engine_text(lang)
    ask = ask or (lambda prompt: console.input(f"[bold]{prompt}[/bold] "))
    console.print(Panel(one.words(one.title, lang), subtitle=one.source))
    steps = len(one.steps)
    for number, state, events in walk(game, one):
        for event in events:
            console.print("  " + game.describe_event(event.for_viewer(None), lang))
        # step 0 too: a lesson may start from a position of the book's, not the set-up
        console.print(game.render(state.view(None), lang))
        if number == steps:
            break
        step = one.steps[number]
        console.print(Panel(one.words(step.text, lang),
                            title=t("cli.lesson.step", step=number + 1, steps=steps)))
        if step.book:
            # the book's words as printed, and what they say for a reader of another language
            words = Text(step.book.hu, style="italic")
            translated = step.book.translation(lang)
            if translated:
                words.append("\n\n" + translated, style="none")
            console.print(Panel(words, title=t("cli.lesson.book", section=step.book.section),
                                border_style="dim"))
        if ask(t("cli.lesson.prompt")).strip().lower() in ("q", "quit"):
            return
    console.print(t("cli.lesson.done"))
