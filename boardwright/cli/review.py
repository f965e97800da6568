"""`boardwright replay FILE --review` and the `hint` command at a human seat: the bot's opinion
of the moves, from each mover's view only (`agents/analysis.py`), in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from boardwright.agents.analysis import ReviewedMove, rank_moves, review
from boardwright.engine.api import Game, State
from boardwright.engine.i18n import engine_text
from boardwright.engine.record import GameRecord

#: how many of the biggest swings the review lists
WORST = 8


def print_review(game: Game, record: GameRecord, lang: str, console: Console) -> None:
    """Every decision judged, then per seat the total gap to the bot's choices and the biggest
    swings with the bot's preferred move; the evaluation over time as one line per seat."""
    t = engine_text(lang)
    moves: list[ReviewedMove] = []
    decisions = len(record.actions)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(t("cli.review.progress"), total=decisions)
        for move in review(record, game, lang=lang):
            moves.append(move)
            progress.update(task, completed=move.step + 1)
    console.print(f"\n[bold]{t('cli.review.title')}[/bold]")
    for seat in range(record.players):
        own = [m for m in moves if m.seat == seat]
        lost = sum(m.loss for m in own)
        off = sum(1 for m in own if m.loss > 0)
        name = t("seat.name", letter=chr(ord("A") + seat))
        console.print(t("cli.review.seat", player=name, moves=len(own), off=off,
                        loss=f"{lost:.1f}"))
        console.print("  " + _spark([m.played_value for m in own]))
    table = Table(title=t("cli.review.worst"), show_lines=False)
    for column in ("step", "player", "played", "better", "gap"):
        table.add_column(t(f"cli.review.col.{column}"))
    for m in sorted((m for m in moves if m.loss > 0), key=lambda m: -m.loss)[:WORST]:
        table.add_row(str(m.step + 1), t("seat.name", letter=chr(ord("A") + m.seat)),
                      m.played_words, m.best_words, f"{m.loss:.1f}")
    console.print(table)
    console.print(t("cli.review.explain"))


def _spark(values: Sequence[float]) -> str:
    """The values as a line of block characters, low to high."""
    if not values:
        return ""
    blocks = "▁▂▃▄▅▆▇█"
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    return "".join(blocks[int((v - low) / span * (len(blocks) - 1))] for v in values)


def hint_lines(game: Game, state: State, seat: int, lang: str, top: int = 3) -> list[str]:
    """The bot's best moves for `seat` now, from its view, each with its value."""
    t = engine_text(lang)
    ranked = rank_moves(game, seat, state.view(seat), state.legal_actions())
    best = ranked[0].value
    return [t("cli.hint.line", rank=i + 1, move=game.describe_action(state, m.action, lang),
              gap=f"{best - m.value:.1f}")
            for i, m in enumerate(ranked[:top])]
