"""docs/web-client.md §1: every Runebound action's JSON is `{"do": block, ...named parameters}`,
names its block, carries no id arithmetic for the page, and reads back to the same id."""

from __future__ import annotations

import json
import random

from boardwright.engine.api import CHANCE
from boardwright.games.runebound.game import GAME


def _walk(players: int, seed: int, steps: int = 400) -> int:
    rng = random.Random(seed)
    s = GAME.new_initial_state(players, {"max_rounds": 3})
    seen = 0
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            outcomes = s.chance_outcomes()
            s.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        for a in s.legal_actions():
            js = s.action_to_json(a)
            name, off = s.cfg.space.decode(a)
            assert js["do"] == name, (a, js)
            assert "type" not in js and "arg" not in js, js
            assert s.action_from_json(json.loads(json.dumps(js))) == a, (a, js)
            if name in ("step", "move"):
                assert js["to"] == s.cfg.content.neighbours[s.me()["pos"]][off % 6]
            seen += 1
        s.apply(rng.choice(s.legal_actions()))
    return seen


def test_every_legal_move_names_its_block_and_round_trips() -> None:
    assert sum(_walk(p, seed) for p in (1, 2) for seed in (1, 2)) > 100


def test_every_action_of_the_space_round_trips() -> None:
    s = GAME.new_initial_state(2, {})
    for a in range(s.num_distinct_actions):
        js = s.action_to_json(a)
        assert s.action_from_json(js) == a, (a, js)


def test_named_parameters_replace_the_offset() -> None:
    s = GAME.new_initial_state(2, {})
    space = s.cfg.space
    assert s.action_to_json(space.encode("move", 7))["die"] == 2
    assert s.action_to_json(space.encode("move", 7))["dir"] == "NE"
    assert s.action_to_json(space.encode("sell", 0)) == {"do": "sell", "item": 1}
    assert s.action_to_json(space.encode("end_turn", 0)) == {"do": "end_turn"}
    city = s.action_to_json(space.encode("go_city", 1))
    assert city["hex"] == s.cfg.content.cities[1]


def test_the_older_form_still_reads() -> None:
    s = GAME.new_initial_state(2, {})
    a = s.cfg.space.encode("xp", 2)
    assert s.action_from_json({"type": "xp", "arg": 2}) == a
