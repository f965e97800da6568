"""The undo policy (`engine/undo.py`) and the premise it rests on, for every game.

The premise: a step that is not chance reveals nothing to its mover. Checked the way it is
stated: at decisions of seeded random games, worlds the mover cannot tell apart are drawn with
the game's own determinizer (its `sample_state` where it has no determinizer of its own); the
same step is made in each, and the mover's view after it must be the same in every world. If a
game had a step that showed its mover a hidden fact (a card turned over by a move, not by a
draw), the views would differ by that fact, and taking the step back would let the mover peek.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardwright.engine import registry
from boardwright.engine.api import CHANCE, TERMINAL, Game, State
from boardwright.engine.play import sample_chance
from boardwright.engine.record import GameRecord
from boardwright.engine.undo import Fate, step_fate

#: per game: (player counts, seeded games, worlds drawn per checked step, every how many
#: decisions a step is checked, decisions per game at most); the long games check fewer steps
#: so that each game costs a few seconds
PLAN: dict[str, tuple[tuple[int, ...], int, int, int, int]] = {
    "beowulf": ((2, 4), 4, 4, 1, 400),
    "mesopotamia": ((2, 4), 3, 3, 3, 300),
    "feinde": ((3, 5), 2, 3, 3, 300),
    "runebound": ((1, 3), 6, 3, 1, 400),
}
#: games whose states hide nothing (Runebound stores no deck order: every draw is chance), so
#: every world is the real position and the premise holds by construction
NOTHING_HIDDEN = {"runebound"}
#: options that keep the long games' random playouts short (they still reach fights, markets)
OPTIONS = {"runebound": {"max_rounds": 12}, "mesopotamia": {"max_turns": 20}}


def _worlds(game: Game, state: State, seat: int, count: int, seed: int) -> list[State]:
    draw = game.determinizer(state.view(seat), seat)
    return [draw(random.Random(f"{seed}/world/{i}")) for i in range(count)]


def check_premise(game: Game, players: int, seed: int, worlds: int, every: int,
                  decisions: int) -> tuple[int, int]:
    """Play one seeded random game; at every `every`-th decision make the step chosen in
    `worlds` worlds the mover cannot tell apart and compare the mover's views after it.
    Returns how many steps were checked, and in how many of them a world differed from the
    real position (else the comparison would prove nothing)."""
    rng = random.Random(f"{seed}/undo-premise")
    state = game.new_initial_state(players, OPTIONS.get(game.info.id))
    checked = decided = differing = 0
    while state.current_player() != TERMINAL and decided < decisions:
        actor = state.current_player()
        if actor == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        action = rng.choice(state.legal_actions())
        if decided % every == 0:
            before = state.view(actor)
            real = state.to_json()
            found = _worlds(game, state, actor, worlds, seed * 1000 + decided)
            differing += any(world.to_json() != real for world in found)
            for world in found:
                assert world.view(actor) == before, "the determinizer broke its contract"
                assert action in world.legal_actions(), (
                    f"{game.info.id}: {state.action_to_text(action)} is legal in one world "
                    "the mover cannot tell from another and not in the other")
                twin = state.clone()
                twin.apply(action)
                world.apply(action)
                assert world.view(actor) == twin.view(actor), (
                    f"{game.info.id} seed {seed}: the step {state.action_to_text(action)} "
                    f"shows its mover (seat {actor}) something the view before it did not")
            checked += 1
        state.apply(action)
        decided += 1
    return checked, differing


@pytest.mark.parametrize("game_id", sorted(PLAN))
def test_a_step_that_is_not_chance_reveals_nothing_to_its_mover(game_id: str) -> None:
    game = registry.get(game_id)
    counts, games, worlds, every, decisions = PLAN[game_id]
    checked = differing = 0
    for players in counts:
        options = game.info.options_for_players(players)
        assert not options, "a variant player count: add its option here"
        for seed in range(games):
            steps, hidden = check_premise(game, players, seed, worlds, every, decisions)
            checked += steps
            differing += hidden
    assert checked >= 150, f"only {checked} steps checked"
    if game_id in NOTHING_HIDDEN:
        assert differing == 0
    else:
        assert differing >= checked // 5, (
            f"only {differing} of {checked} steps had worlds that differ from the real position")


# ---- the policy's cases -------------------------------------------------------------------


class _Turn(State):
    """A stand-in position: only `current_player` matters to the policy."""

    def __init__(self, to_move: int) -> None:
        self.to_move = to_move

    num_players = 3  # type: ignore[assignment]

    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply(self, action: int) -> list:  # type: ignore[type-arg]
        return []

    def action_to_json(self, action: int) -> dict[str, object]:
        return {}

    def action_to_text(self, action: int) -> str:
        return ""

    def action_from_text(self, text: str) -> int:
        return 0

    def action_from_json(self, data: object) -> int:  # type: ignore[override]
        return 0

    num_distinct_actions = 0  # type: ignore[assignment]

    def returns(self) -> list[float]:
        return []

    def winners(self) -> list[int]:
        return []

    def view(self, seat: int | None) -> dict[str, object]:
        return {}

    def clone(self) -> State:
        return _Turn(self.to_move)

    def to_json(self) -> dict[str, object]:
        return {}


def test_a_step_after_which_the_mover_moves_again_is_provisional() -> None:
    assert step_fate(_Turn(1), 1) is Fate.PROVISIONAL
    assert step_fate(_Turn(1), 1, confirm_turn=True) is Fate.PROVISIONAL


def test_a_step_after_which_chance_acts_is_final_even_at_a_confirming_table() -> None:
    """A draw or a roll reveals something: it happens at once and is never taken back."""
    assert step_fate(_Turn(CHANCE), 1) is Fate.FINAL
    assert step_fate(_Turn(CHANCE), 1, confirm_turn=True) is Fate.FINAL


def test_a_step_that_passes_the_turn_is_final_unless_the_table_confirms_turns() -> None:
    assert step_fate(_Turn(2), 1) is Fate.FINAL
    assert step_fate(_Turn(2), 1, confirm_turn=True) is Fate.AWAITS_CONFIRM


def test_the_step_that_ends_the_game_is_final() -> None:
    assert step_fate(_Turn(TERMINAL), 1) is Fate.FINAL
    assert step_fate(_Turn(TERMINAL), 1, confirm_turn=True) is Fate.FINAL


def test_the_policy_on_real_beowulf_steps() -> None:
    """Beowulf: drawing a tile is final (chance deals next); choosing the drawn tile's place
    keeps the mover to move, so it is provisional."""
    game = registry.get("beowulf")
    rng = random.Random(2)
    state = game.new_initial_state(2)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state.chance_outcomes(), rng))
    mover = state.current_player()
    fates = set()
    for _ in range(200):
        actor = state.current_player()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng))
            continue
        state.apply(rng.choice(state.legal_actions()))
        fate = step_fate(state, actor)
        fates.add(fate)
        nxt = state.current_player()
        assert (fate is Fate.PROVISIONAL) == (nxt == actor)
    assert fates == {Fate.PROVISIONAL, Fate.FINAL}, (mover, fates)


# ---- the terminal follows the policy ------------------------------------------------------


def test_the_terminal_refuses_to_take_back_a_step_that_passed_the_turn(tmp_path: Path) -> None:
    """Hot-seat Beowulf: A places a figure (the turn passes to B); B's `undo` must not take A's
    step back (it is final once another seat is to move)."""
    from typer.testing import CliRunner

    from boardwright.cli.main import app

    record_path = tmp_path / "hot-seat.json"
    keys = "\nfig 1 A1\n\nundo\nquit\n"  # Enter at each handover
    result = CliRunner().invoke(app, ["play", "beowulf", "--seats", "human,human", "--seed",
                                      "2", "--save", str(record_path)], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Nothing to take back" in result.output
    assert GameRecord.load(record_path).actions[-1] == "fig 1 A1"


def test_the_terminal_takes_back_steps_of_the_turn_until_the_draw() -> None:
    """Beowulf: after a draw, the drawn tile's play is undoable, the draw is not."""
    from typer.testing import CliRunner

    from boardwright.cli.main import app

    keys = "draw\n1\nundo\nundo\nquit\n"
    result = CliRunner().invoke(app, ["play", "beowulf", "--seats", "human,random", "--seed",
                                      "2"], input=keys)
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.count("Taken back") == 1
    assert "Nothing to take back" in result.output
