"""Terminal play: a person at the keyboard, agents in the other seats, hot-seat for several people.

Only views reach the screen. A person's steps in their own turn can be taken back until they
become final by the engine's policy (`engine/undo.py`): a draw (chance) after them, or the turn
passing to another seat, makes them final, as at a real table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from boardwright.agents import make_agent
from boardwright.engine.api import CHANCE, TERMINAL, Game, State, options_for_people
from boardwright.engine.errors import IllegalAction
from boardwright.engine.i18n import engine_text
from boardwright.engine.play import Agent, agent_rng, chance_rng, sample_chance
from boardwright.engine.record import (
    GameRecord,
    check_record,
    close_record,
    new_record,
    replay_action,
)
from boardwright.engine.undo import Fate, step_fate

SEAT_NAMES = "ABCDEFGH"
LIST_LIMIT = 40
GROUP_LIMIT = 8
GROUP_SHOWN = 3
WHERE_FIELDS = ("cell", "direction")


def player_label(seat: int) -> str:
    return SEAT_NAMES[seat]


@dataclass
class Table:
    """A game in progress at the terminal: the state, its record and each seat's log."""

    game: Game
    state: State
    record: GameRecord
    humans: set[int]
    lang: str
    console: Console
    save: Path | None = None
    logs: dict[int | None, list[str]] = field(default_factory=dict)
    #: (state before the step, record length, log lengths) for each undoable step
    undo_stack: list[tuple[State, int, dict[int | None, int]]] = field(
        default_factory=list)

    def text(self, key: str, **params: Any) -> str:
        return engine_text(self.lang)(key, **params)

    def apply(self, actor: int, action: int) -> None:
        """Play an action, log it for every viewer, and keep it undoable while the engine's
        policy (`engine/undo.py`) says it is provisional: a person's step after which the same
        person is still to move. Any other step makes every earlier one final."""
        before = (self.state.clone(), len(self.record.actions),
                  {k: len(v) for k, v in self.logs.items()})
        self.record.actions.append(self.state.action_to_text(action))
        for event in self.state.apply(action):
            for viewer in [None, *range(self.state.num_players)]:
                line = self.game.describe_event(event.for_viewer(viewer), self.lang)
                self.logs.setdefault(viewer, []).append(line)
        if actor in self.humans and step_fate(self.state, actor) is Fate.PROVISIONAL:
            self.undo_stack.append(before)
        else:
            self.undo_stack.clear()
        if self.save is not None:
            self.record.save(self.save)

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        state, length, marks = self.undo_stack.pop()
        self.state = state
        del self.record.actions[length:]
        for viewer, mark in marks.items():
            del self.logs[viewer][mark:]
        for viewer in list(self.logs):
            if viewer not in marks:
                self.logs[viewer] = []
        if self.save is not None:
            self.record.save(self.save)
        return True


def _list_moves(table: Table, seat: int, legal: Sequence[int], show_all: bool) -> None:
    """Numbered moves in words. A long list is shown by kind (the JSON form without its "where"
    fields, `cell` and `direction`): each kind's first moves, then how many more and their
    numbers."""
    console = table.console
    console.print(f"[bold]{table.text('cli.moves_header', player=player_label(seat))}[/bold]")

    def line(number: int, action: int) -> None:
        words = table.game.describe_action(table.state, action, table.lang)
        note = table.state.action_to_text(action)
        console.print(f"  [cyan]{number:>3}[/cyan]  {words}  [dim]({note})[/dim]")

    if show_all or len(legal) <= LIST_LIMIT:
        for i, action in enumerate(legal, 1):
            line(i, action)
        return
    groups: dict[str, list[tuple[int, int]]] = {}
    for i, action in enumerate(legal, 1):
        data = table.state.action_to_json(action)
        kind = repr(sorted((k, v) for k, v in data.items() if k not in WHERE_FIELDS))
        groups.setdefault(kind, []).append((i, action))
    for members in groups.values():
        shown = members if len(members) <= GROUP_LIMIT else members[:GROUP_SHOWN]
        for i, action in shown:
            line(i, action)
        if len(shown) < len(members):
            console.print("       " + table.text(
                "cli.more_of_kind", count=len(members) - len(shown),
                first=members[len(shown)][0], last=members[-1][0],
                example=table.state.action_to_text(members[-1][1])))


def _show(table: Table, seat: int) -> None:
    view = table.state.view(seat)
    table.console.print(table.game.render(view, table.lang))


def _show_log(table: Table, seat: int | None, last: int = 12) -> None:
    lines = table.logs.get(seat, [])[-last:]
    if lines:
        table.console.print(f"[bold]{table.text('cli.log_header')}[/bold]")
        for line in lines:
            table.console.print(f"  • {line}")


def human_turn(table: Table, seat: int, ask: Callable[[str], str]) -> int | None:
    """Ask the person at `seat` until they give a legal move; None when they quit."""
    console = table.console
    legal = table.state.legal_actions()
    _show(table, seat)
    _list_moves(table, seat, legal, show_all=False)
    while True:
        raw = ask(table.text("cli.prompt")).strip()
        word, _, rest = raw.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return None
        if word in ("help", "?", "h"):
            example = table.state.action_to_text(legal[0])
            console.print(table.text("cli.help", example=example))
        elif word == "moves":
            _list_moves(table, seat, legal, show_all=rest.strip() == "all")
        elif word == "hint":
            from .review import hint_lines

            console.print(table.text("cli.hint.title"))
            for line in hint_lines(table.game, table.state, seat, table.lang):
                console.print("  " + line)
        elif word == "board":
            _show(table, seat)
        elif word == "log":
            _show_log(table, seat, last=40)
        elif word == "undo":
            if table.undo():
                console.print(table.text("cli.undone"))
                return -1
            console.print(table.text("cli.nothing_to_undo"))
        elif word == "save" and rest.strip():
            table.record.save(rest.strip())
            console.print(table.text("cli.saved", path=rest.strip()))
        elif raw.isdigit() and 1 <= int(raw) <= len(legal):
            return legal[int(raw) - 1]
        elif raw:
            try:
                action = table.state.action_from_text(raw)
            except IllegalAction:
                console.print(table.text("cli.unknown_input", text=raw))
                continue
            if action in legal:
                return action
            refusal = table.game.why_not(table.state, action, seat)
            reason = (table.game.describe_refusal(refusal, table.lang) if refusal is not None
                      else raw)
            console.print(table.text("cli.refused", reason=reason))


def run_table(
    game: Game, players: int, seats: Sequence[str], *, seed: int | None, lang: str,
    save: Path | None, options: dict[str, Any], console: Console,
    ask: Callable[[str], str] | None = None, think: float | None = None,
) -> Table:
    """Play one game at the terminal to its end (or until a person quits)."""
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    agents: dict[int, Agent] = {
        # a thinking budget makes search agents anytime: they stop at the time, not a count
        i: make_agent(name, seconds=think, iterations=10**9 if think else None)
        for i, name in enumerate(seats) if name != "human"
    }
    humans = {i for i, name in enumerate(seats) if name == "human"}
    if humans:
        options = options_for_people(game, options)
    state = game.new_initial_state(players, options)
    record = new_record(game, state, options=options, seed=seed, seats=list(seats))
    table = Table(game, state, record, humans, lang, console, save)
    ask = ask or (lambda prompt: console.input(f"[bold]{prompt}[/bold] > "))
    rng_chance = chance_rng(seed)
    rngs = [agent_rng(seed, s) for s in range(players)]
    last_human: int | None = None
    last_decider: int | None = None
    while (actor := table.state.current_player()) != TERMINAL:
        if actor == CHANCE:
            table.apply(actor, sample_chance(table.state.chance_outcomes(), rng_chance))
            continue
        if actor in humans:
            if len(humans) > 1 and actor != last_human:
                ask(table.text("cli.handover", player=player_label(actor)))
            last_human = actor
            _show_log(table, actor)
            choice = human_turn(table, actor, ask)
            if choice is None:
                console.print(table.text("cli.quit"))
                return table
            if choice >= 0:
                table.apply(actor, choice)
            last_decider = actor
            continue
        agent = agents[actor]
        if agent.name != "random" and actor != last_decider:  # once a turn, not every step
            note = table.text("cli.thinking", player=player_label(actor), agent=agent.name)
            console.print(f"[dim]{note}[/dim]")
        last_decider = actor
        action = agent.choose(game, actor, table.state.view(actor),
                              table.state.legal_actions(), rngs[actor])
        table.apply(actor, action)
    close_record(record, table.state)
    if save is not None:
        record.save(save)
    viewer = min(humans) if len(humans) == 1 else None  # hot-seat: the end as a spectator
    table.console.print(game.render(table.state.view(viewer), lang))
    _show_log(table, viewer, last=30)
    print_final(game, table.state, list(seats), lang, console)
    return table


def print_final(game: Game, state: State, seats: Sequence[str], lang: str,
                console: Console) -> None:
    from rich.table import Table as RichTable

    text = engine_text(lang)
    if not state.is_terminal():
        return
    console.print(f"[bold]{text('cli.game_over')}[/bold]")
    ending = state.ending()
    if ending is not None:
        console.print(game.describe_ending(ending, lang))
    out = RichTable(title=text("cli.final_scores"))
    out.add_column(text("cli.seat"))
    out.add_column(text("cli.agent"))
    out.add_column(text("cli.score"), justify="right")
    for seat, score in enumerate(state.returns()):
        who = seats[seat] if seat < len(seats) else ""
        out.add_row(player_label(seat), who, f"{score:g}")
    console.print(out)
    winners = state.winners()
    names = ", ".join(player_label(w) for w in winners)
    key = "cli.winners" if len(winners) == 1 else "cli.shared_win"
    console.print(text(key, players=names))


def print_replay(game: Game, record: GameRecord, seat: int | None, lang: str, board: bool,
                 console: Console) -> State:
    """Print each action's events as `seat` saw them (None: a spectator); return the end state."""
    state = check_record(record, game)
    for index, action_text in enumerate(record.actions):
        actor = state.current_player()
        events = replay_action(state, index, action_text)
        who = "·" if actor == CHANCE else player_label(actor)
        for event in events:
            line = game.describe_event(event.for_viewer(seat), lang)
            console.print(f"[dim]{index + 1:>4} {who}[/dim] {line}")
        if board:
            console.print(game.render(state.view(seat), lang))
    return state
