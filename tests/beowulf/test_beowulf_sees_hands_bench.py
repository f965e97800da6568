"""`bench/beowulf_sees_hands.py`: one agent is given the true state, and game `i` is the arena's."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from beowulf_helpers import load_bench

from boardwright.arena.runner import ArenaConfig
from boardwright.arena.runner import play_one as arena_game
from boardwright.engine.api import Game, View


def _script() -> ModuleType:
    return load_bench("beowulf_sees_hands")


def test_game_i_is_the_arenas_game_i() -> None:
    # `random` never samples a world, so with it both harnesses must play identical games
    ours = _script().play_one(("random", 2, 7, 3))
    theirs = arena_game(ArenaConfig("beowulf", ("random", "greedy"), games=4, seed=7), 3)
    assert ours["returns"] == theirs["returns"]
    assert ours["seat_agents"] == ["greedy", "seeing:random"] == [
        "greedy", "seeing:" + theirs["seat_agents"][1]]


def test_the_seeing_agent_samples_the_true_state_and_others_do_not() -> None:
    script = _script()
    recorder = script.Recorder(script.get("beowulf"))
    seen: list[tuple[int, bool, bool]] = []

    class Spy:
        name = "spy"

        def choose(self, game: Game, seat: int, view: View, legal: Any,
                   rng: random.Random) -> int:
            world = game.determinizer(view, seat)(rng)
            true = recorder.state
            other = 1 - seat
            seen.append((seat, world.to_json() == true.to_json(),  # type: ignore[attr-defined]
                         world.hands[other] == true.hands[other]))  # type: ignore[attr-defined]
            return int(legal[0])

    script.play_game(recorder, 2, [script.SeeingAgent(Spy(), recorder), Spy()], seed=11)
    seeing = [same for seat, same, _ in seen if seat == 0]
    fair = [hands for seat, _, hands in seen if seat == 1]
    assert len(seeing) > 20 and all(seeing)
    # the fair spy (seat 1) guesses seat 0's hand, and sometimes guesses wrong
    assert len(fair) > 20 and not all(fair)
