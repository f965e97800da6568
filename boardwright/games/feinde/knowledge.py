"""Knowledge and chips (RULES.md R4, R5.3, R6.3, R8.1, R9.2, R9.4, R9.5): raising a
disc, the dumbest player, payments to the storage track, what an apprentice gains and who may
join a passing hero.
"""

from __future__ import annotations

from .data import MAX_K
from .sight import heroes_at
from .state import FeindeTable


def set_knowledge(st: FeindeTable, p: int, value: int) -> None:
    """R4.1 knowledge never falls and never exceeds 50; R4.2 an arriving disc goes on
    top (it counts as more knowledgeable than the discs already there)."""
    value = min(MAX_K, value)
    if value > st.knowledge[p]:
        st.knowledge[p] = value
        st.arrivals += 1
        st.stamp[p] = st.arrivals  # R4.2 an arriving disc goes on top
        st.last_progress = st.round


def dumbest(st: FeindeTable) -> int:
    """R8.1 the holder of the dumbest-player tile, or -1 (not yet drawn / everyone at 50)."""
    if not st.dumb_active or min(st.knowledge) >= MAX_K:
        return -1
    return min(range(st.cfg.players), key=lambda p: (st.knowledge[p], st.stamp[p]))


def pay(st: FeindeTable, p: int, amount: int) -> None:
    """R5.3 of one payment exactly one chip goes to the storage track, the rest to the box."""
    if amount <= 0:
        return
    st.chips[p] -= amount
    if st.storage < st.cfg.tables.track_length:
        st.storage += 1
    else:
        st.box += 1
    st.box += amount - 1


def to_storage(st: FeindeTable, n: int = 1) -> None:
    """R5.3/R6.3 n chips onto the next storage spaces (to the box when the track is full)."""
    for _ in range(n):
        if st.storage < st.cfg.tables.track_length:
            st.storage += 1
        else:
            st.box += 1


def apprentice_gain(st: FeindeTable, p: int, wiser: list[int]) -> int:
    """R9.2 the knowledge an apprentice ends with (A20 option), or his own if none."""
    k = st.knowledge[p]
    if len(wiser) > 1:
        return k + 1
    mk = st.knowledge[wiser[0]]
    if mk - k <= 1:
        return k  # not allowed when only 1 below
    mode = st.cfg.options.apprentice_gain
    if mode == "master":
        return mk
    if mode == "master_minus_1":
        return mk - 1
    return k + 1


def pass_through_candidates(st: FeindeTable, p: int, cell: int) -> list[int]:
    """R9.5 heroes on `cell` who may become the apprentice of `p` passing through (or, R10.3,
    arriving by Travel); each is marked as asked, so he is asked once a turn."""
    here = heroes_at(st, cell)
    out: list[int] = []
    for s in here:
        if s == p or st.pupil[s] or st.join_asked[s]:
            continue
        if st.knowledge[s] >= st.knowledge[p]:
            continue  # R9.4 only a wiser hero can be followed
        if st.master[s] == p and cell == st.turn_start_pos:
            continue  # R9.3 his apprentice already waits there; he decides at the turn end
        wiser = [q for q in here if st.knowledge[q] > st.knowledge[s]]
        if apprentice_gain(st, s, wiser) <= st.knowledge[s]:
            continue  # R9.2 not possible when only 1 below
        st.join_asked[s] = 1
        out.append(s)
    return out
