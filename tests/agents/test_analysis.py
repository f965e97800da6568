"""Hints and review (issue 25): the bot judges moves from the mover's view only, every decision
of a record is reviewed, and the review's cost per move is reported."""

from __future__ import annotations

import random
from typing import Any

from typer.testing import CliRunner

from boardwright.agents import AGENTS
from boardwright.agents.analysis import rank_moves, timed_review
from boardwright.cli.main import app
from boardwright.engine import registry
from boardwright.engine.api import CHANCE, Game, View
from boardwright.engine.play import play_game, sample_chance
from boardwright.games.beowulf import BeowulfState


def dealt_beowulf(seed: int) -> BeowulfState:
    game = registry.get("beowulf")
    state = game.new_initial_state(2)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state.chance_outcomes(), rng))
    assert isinstance(state, BeowulfState)
    return state


def test_a_hint_reads_only_the_movers_view_a_hidden_tile_changed_changes_nothing() -> None:
    game = registry.get("beowulf")
    state = dealt_beowulf(3)
    seat = state.current_player()
    other = 1 - seat
    twin = state.clone()
    # swap one of the other seat's hidden tiles for a pool tile of the same act
    hidden = twin.hands[other][0]
    act = twin.cfg.kinds[hidden].act
    swap = next(k for k in twin.cfg.act_kinds[act] if twin.pool[k] and k != hidden)
    twin.hands[other][0] = swap
    twin.hands[other].sort()
    twin.pool[swap] -= 1
    twin.pool[hidden] += 1
    assert twin.view(seat) == state.view(seat) and twin.hands != state.hands
    legal = state.legal_actions()
    assert rank_moves(game, seat, state.view(seat), legal) == \
        rank_moves(game, seat, twin.view(seat), legal)


class Spy:
    """A game whose determinizer remembers every view it is given."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.views: list[tuple[View, int]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def determinizer(self, view: View, seat: int) -> Any:
        self.views.append((view, seat))
        return self.game.determinizer(view, seat)


def test_a_review_judges_every_decision_from_its_movers_view_and_reports_its_cost() -> None:
    game = registry.get("beowulf")
    agents = [AGENTS["greedy"](), AGENTS["random"]()]
    record = play_game(game, 2, agents, seed=5).record
    spy = Spy(game)
    moves, ms_per_move = timed_review(record, spy)  # type: ignore[arg-type]
    print(f"review: {len(moves)} decisions, {ms_per_move:.0f} ms per move")
    assert len(moves) == len(spy.views) > 50
    for view, seat in spy.views:  # only the mover's own hand has faces
        assert view["seat"] == seat
        assert all("tiles" not in hand for p, hand in enumerate(view["hands"]) if p != seat)
    assert all(m.loss >= 0 for m in moves)
    assert all((m.best == m.played) == (m.loss == 0) for m in moves)
    assert sum(m.loss for m in moves if m.seat == 1) > sum(m.loss for m in moves if m.seat == 0)


def test_replay_review_and_the_hint_command_in_the_terminal(tmp_path: Any) -> None:
    runner = CliRunner()
    path = tmp_path / "game.json"
    game = registry.get("beowulf")
    play_game(game, 2, [AGENTS["random"](), AGENTS["random"]()], seed=2).record.save(path)
    shown = runner.invoke(app, ["replay", str(path), "--review"])
    assert shown.exit_code == 0, shown.output[-2000:]
    assert "The biggest swings" in shown.output and "Player A:" in shown.output
    played = runner.invoke(app, ["play", "beowulf", "--seats", "human,random", "--seed", "2",
                                 "--lang", "hu"], input="hint\nquit\n")
    assert played.exit_code == 0, played.output[-2000:]
    assert "A bot javaslatai" in played.output and "1. " in played.output
