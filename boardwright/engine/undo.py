"""When a person's step may still be taken back: the one undo policy of every front end.

A person may take back their own steps of a turn until a step is **final**. A step is final
once chance acts after it (a draw, a roll: it reveals something the mover did not know), once
another seat is to move (the turn passed: someone else may act on it), once the game is over,
or once the mover confirms it. Before that it is **provisional**: nothing has been revealed
to anyone, so taking it back changes nothing anybody may know.

The premise is checked per game (tests/engine/test_undo.py): a step that is not chance
reveals nothing to its mover, i.e. the mover's view after it is the same in every world the
mover's view before it allows. Were it false for some step, taking that step back would let
the mover peek at a hidden fact and choose again.

A table may ask to confirm a turn (`confirm_turn`, as on Board Game Arena): the step that
would pass the turn is then held (`AWAITS_CONFIRM`) until the mover confirms it, so even the
turn's last step can be taken back. A step after which chance acts is never held: the draw
must happen at once, and once drawn it must not be taken back.

The terminal (`cli/human.py`) and the server (`server/provisional.py`) both ask `step_fate`.
"""

from __future__ import annotations

from enum import Enum

from .api import CHANCE, TERMINAL, State


class Fate(Enum):
    """What becomes of a person's step right after it is made."""

    #: the mover is still to move: the step may be taken back
    PROVISIONAL = "provisional"
    #: the step passes the turn at a table that confirms turns: held until confirmed (or taken
    #: back); nobody else sees it meanwhile
    AWAITS_CONFIRM = "awaits_confirm"
    #: chance acts next, another seat is to move or the game is over: the step, and every
    #: provisional step before it, can no longer be taken back
    FINAL = "final"


def step_fate(after: State, mover: int, *, confirm_turn: bool = False) -> Fate:
    """The fate of a step `mover` has just made, judged from the state `after` it.

    `confirm_turn`: the table holds a step that passes the turn until the mover confirms it.
    A confirmed step is final whatever this says (the caller records the confirmation).
    """
    nxt = after.current_player()
    if nxt == mover:
        return Fate.PROVISIONAL
    if nxt in (CHANCE, TERMINAL):
        return Fate.FINAL
    return Fate.AWAITS_CONFIRM if confirm_turn else Fate.FINAL
