"""The moves a search weighs (`MesoGame.search_actions`): free steps (R4.7) only where they serve a
job, so that a pick-up and the drop that undoes it are never both worth weighing in one turn
(an ISMCTS seat once spent its turns picking up and dropping one stone until the bound of R9.2)."""

from __future__ import annotations

import random

from meso_helpers import new, play, put

from boardwright.engine.play import sample_chance
from boardwright.games.mesopotamia.forward import MesoState
from boardwright.games.mesopotamia.game import GAME

QUARRY = (-1, 1)


def _texts(s: MesoState) -> set[str]:
    return {s.action_to_text(a) for a in GAME.search_actions(s, s.legal_actions())}


def test_r4_7_stone_a_job_needs_is_picked_up_and_not_dropped() -> None:
    s = new(2)
    assert s.limit[0] < 7  # R4.4 the limit is short of the 7 offering: stone has a job
    put(s, 0, QUARRY)
    assert "pick_up -1,1 stone" in _texts(s)
    play(s, "pick_up -1,1 stone")
    assert "drop -1,1 stone" in {s.action_to_text(a) for a in s.legal_actions()}
    assert "drop -1,1 stone" not in _texts(s)


def test_r4_7_stone_no_job_needs_is_dropped_and_not_picked_up() -> None:
    s = new(2)
    s.limit[0] = s.mana[0] = 7  # the limit the offerings need
    s.holy_supply[0] -= 1  # and a holy place built: no job for stone
    put(s, 0, QUARRY, "stone")
    put(s, 0, QUARRY)
    texts = _texts(s)
    assert "drop -1,1 stone" in texts
    assert "pick_up -1,1 stone" not in texts
    assert {s.action_to_text(a) for a in s.legal_actions()} >= {"pick_up -1,1 stone"}


def test_search_actions_are_legal_and_only_ever_leave_out_free_steps() -> None:
    s = new(2)
    put(s, 0, QUARRY)
    legal = s.legal_actions()
    kept = GAME.search_actions(s, legal)
    assert kept and set(kept) <= set(legal)
    blocks = {s.cfg.space.decode(a)[0] for a in set(legal) - set(kept)}
    assert blocks <= {"pick_up", "drop", "swap"}


def _undo(s: MesoState, action: int) -> int:
    """The free step that undoes `action`: a pick-up's drop, a drop's pick-up, a swap back
    (an offset is (cell * 2 + wood 0 / stone 1) * 2 + flag)."""
    starts = s.cfg.starts
    block, off = s.cfg.space.decode(action)
    if block == "swap":
        cr, flag = divmod(off, 2)
        c, r = divmod(cr, 2)
        return starts["swap"] + (c * 2 + 1 - r) * 2 + flag
    return starts["drop" if block == "pick_up" else "pick_up"] + off


def test_no_kept_free_step_is_followed_by_a_kept_step_that_undoes_it() -> None:
    # over the positions of seeded random games, whatever the jobs are at the time
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new_initial_state(2, {"max_turns": 40})
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_chance(s.chance_outcomes(), rng))
                continue
            legal = s.legal_actions()
            for a in GAME.search_actions(s, legal):
                block, _ = s.cfg.space.decode(a)
                if block not in ("pick_up", "drop", "swap"):
                    continue
                child = s.clone()
                child.apply(a)
                back = _undo(s, a)
                if back not in child.legal_actions():
                    continue  # R9.2 the turn's free steps are used up
                assert back not in GAME.search_actions(child, child.legal_actions()), (
                    s.action_to_text(a))
                checked += 1
            s.apply(rng.choice(legal))
    assert checked > 20
