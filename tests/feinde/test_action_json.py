"""Moves are read by name (docs/web-client.md §1): every Feinde action's JSON is
`{"do": block, ...named parameters}`, names its block, and comes back to the same id; the ids and
the notation that records hold are unchanged."""

from __future__ import annotations

import random

import pytest
from feinde_helpers import GAME, new_game

from boardwright.engine.errors import IllegalAction
from boardwright.engine.play import sample_chance
from boardwright.games.feinde import data
from boardwright.games.feinde.actions import action_from_json, action_to_json, action_to_text
from boardwright.games.feinde.forward import FeindeState


def _check(st: FeindeState, a: int) -> None:
    js = st.action_to_json(a)
    assert isinstance(js.get("do"), str) and js["do"], js
    assert "a" not in js
    assert st.action_from_json(js) == a
    # the notation is the first word (the block) and the parameters, as before
    assert st.action_to_text(a).split(" ")[0].replace("-", "_") == js["do"]


def test_every_legal_moves_json_names_its_block_and_round_trips() -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    for players in (3, 4):
        st = GAME.new_initial_state(players, {})
        for _ in range(1500):
            if st.is_terminal():
                break
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                for a, _p in outcomes:
                    _check(st, a)
                st.apply(sample_chance(outcomes, rng))
                continue
            legal = st.legal_actions()
            for a in legal:
                _check(st, a)
                seen.add(st.action_to_json(a)["do"])
            st.apply(rng.choice(legal))
    assert {"step", "start", "end"} <= seen, seen


def test_every_named_action_id_round_trips_through_its_json() -> None:
    st = new_game(4)
    for a in range(data.NUM_ACTIONS):
        if action_to_text(st.cfg, a).startswith("#"):
            continue
        js = action_to_json(st.cfg, a)
        assert action_from_json(st.cfg, js) == a, (a, js)


def test_the_json_names_the_parameters() -> None:
    cfg = new_game(4).cfg
    text = {action_to_text(cfg, a): a for a in range(data.NUM_ACTIONS)}
    assert action_to_json(cfg, data.STEP + 0) == {"do": "step", "dir": "N"}
    assert action_to_json(cfg, text["pick R07"]) == {"do": "pick", "space": "R07"}
    assert action_to_json(cfg, text["travel 2"]) == {"do": "travel", "seat": 2}
    assert action_to_json(cfg, text["delta -3"]) == {"do": "delta", "delta": -3}
    assert action_to_json(cfg, text["dice 3-2"]) == {"do": "dice", "monster": 3, "hero": 2}
    assert action_to_json(cfg, data.FIGHT_MOVE) == {"do": "fight_move"}
    assert action_to_json(cfg, data.INVIS_HEROES) == {"do": "unseen", "who": "heroes"}


@pytest.mark.parametrize("bad", [{"a": "step N"}, {"do": "step"}, {"do": 3}, {"do": "dice",
                                                                             "monster": "x"}])
def test_a_json_action_that_is_not_one_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(IllegalAction):
        action_from_json(new_game(4).cfg, bad)
