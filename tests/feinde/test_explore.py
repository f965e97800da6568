"""R3.6 and R6: line of sight, crossings revealed as chance events, new monsters, group #4."""

from __future__ import annotations

from feinde_helpers import act, cell, clear_start_monsters, new_game, put_hero, put_token

from boardwright.games.feinde import data, knowledge, rules, sight
from boardwright.games.feinde.data import TILE_SHAPES

NS, NESW = TILE_SHAPES.index("NS"), TILE_SHAPES.index("NESW")


def _labels(st, cells) -> list[str]:
    return sorted(st.cfg.board.labels[c] for c in cells)


def test_r6_2_sight_stops_at_an_unrevealed_crossing() -> None:
    st = new_game(4)
    rooms, hidden = sight.sight(st, cell(st, "R40"))  # X14 lies east of R40
    assert "X14" in _labels(st, hidden)
    assert "R41" not in _labels(st, rooms)


def test_r6_2_a_revealed_crossing_does_not_block_sight() -> None:
    # the seed: "A kereszteződés nem blokkolja a rálátást!" - closed arms do not bound sight
    st = new_game(4)
    x = cell(st, "X14")
    st.cross_shape[x], st.cross_rot[x] = NS, 0  # open north-south only
    rooms, hidden = sight.sight(st, cell(st, "R40"))
    assert {"R36", "R41", "R46"} <= set(_labels(st, rooms))
    assert "X14" not in _labels(st, hidden)
    st.cross_rot[x] = 1  # a turn changes nothing that is seen
    assert _labels(st, sight.sight(st, cell(st, "R40"))[0]) == _labels(st, rooms)


def test_r6_2_option_crossing_blocks_sight_passes_only_through_open_arms() -> None:
    st = new_game(4, crossing_blocks_sight=True)
    x = cell(st, "X14")
    st.cross_shape[x], st.cross_rot[x] = NS, 0  # open north-south: R40 looks at a wall
    rooms, _ = sight.sight(st, cell(st, "R40"))
    assert not {"R36", "R41", "R46"} & set(_labels(st, rooms))
    st.cross_rot[x] = 1  # turned a quarter: open east-west
    rooms, _ = sight.sight(st, cell(st, "R40"))
    assert "R41" in _labels(st, rooms) and "R36" not in _labels(st, rooms)
    st.cross_shape[x] = NESW
    rooms, _ = sight.sight(st, cell(st, "R40"))
    assert {"R36", "R41", "R46"} <= set(_labels(st, rooms))


def test_r6_2_a_room_with_a_monster_sees_nothing() -> None:
    st = new_game(4)
    put_token(st, "R40", 12)
    assert sight.sight(st, cell(st, "R40")) == ([], [])


def test_r3_2_a_closed_arm_blocks_movement_and_a_face_down_crossing_cannot_be_entered() -> None:
    st = new_game(4)
    x = cell(st, "X14")
    west = st.cfg.board.nb[x][3]
    assert sight.can_pass(st, west, 1) == -1  # face down
    st.cross_shape[x], st.cross_rot[x] = NS, 0
    assert sight.can_pass(st, west, 1) == -1  # west arm closed
    st.cross_rot[x] = 1
    assert sight.can_pass(st, west, 1) == x


def test_r3_6_seeing_a_face_down_crossing_stops_the_hero_and_reveals_it_by_chance() -> None:
    st = new_game(4)
    clear_start_monsters(st)
    put_token(st, "R40", 0)
    x = cell(st, "X14")
    west = st.cfg.board.nb[x][3]
    st.pos[0] = st.cfg.board.nb[west][3]  # two spaces west of X14, facing it along the corridor
    for r in ("R36", "R41", "R46"):
        put_token(st, r, 0)
        st.chip[cell(st, r)] = 1
    act(st, data.RUN)
    act(st, data.STEP + 1)  # east, next to the crossing: it was already in sight
    assert st.phase == data.REVEAL and st.pending_cross == x
    outcomes = st.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) == 16
    act(st, st.action_from_text("tile NESW/0"))
    # through the open crossing R36, R41 and R46 are seen: their chips go to storage
    assert st.phase == data.PLACE
    assert sorted(_labels(st, st.pending_rooms)) == ["R36", "R41", "R46"]
    assert st.storage == 3
    while st.is_chance_node():
        act(st, st.chance_outcomes()[0][0])
    assert sorted(st.token[cell(st, r)] for r in ("R36", "R41", "R46")) == [5, 6, 7]
    assert st.to_move == 1  # action 2 and stopped: the turn has ended


def test_r6_4_tokens_are_placed_at_random_one_room_each() -> None:
    st = new_game(4)
    st.origins = []
    st.pending_rooms = [cell(st, "R36"), cell(st, "R41")]
    for r in st.pending_rooms:
        st.chip[r] = 0
    st.storage += 2
    st.phase = data.MOVE
    st.kind = 2
    rules.advance(st, [])
    assert st.phase == data.PLACE and st.next_token == 5
    assert [p for _, p in st.chance_outcomes()] == [0.5, 0.5]


def test_r6_6_the_dumbest_tile_comes_out_after_monster_23() -> None:
    st = new_game(4)
    st.g2 = [23, data.DUMB_TILE]
    st.pending_rooms = [cell(st, "R36"), cell(st, "R41")]
    for r in st.pending_rooms:
        st.chip[r] = 0
    st.storage += 2
    st.phase, st.kind = data.MOVE, 2
    rules.advance(st, [])
    act(st, st.chance_outcomes()[0][0])  # 23 placed
    assert st.dumb_active == 1 and st.next_token == 24  # the tile, then a replacement
    assert knowledge.dumbest(st) == 0  # knowledge 1 is the least


def test_r6_5_group_4_comes_into_play_when_group_3_runs_out() -> None:
    st = new_game(4)
    st.g2, st.g3 = [], [48]
    chip_rooms = [r for r in st.cfg.board.rooms if st.chip[r]]
    keep = chip_rooms[:6]  # one for monster 48, five for group #4 (53 tokens = 53 rooms)
    for r in chip_rooms[6:]:
        st.chip[r] = 0
        st.box += 1
    st.pending_rooms = [keep[0]]
    st.chip[keep[0]] = 0
    st.storage += 1
    st.phase, st.kind = data.MOVE, 2
    events: list = []
    rules.advance(st, events)
    # 48 is drawn, group #3 is empty: the other 5 chip rooms are revealed at once
    assert st.next_token == 48 and len(st.pending_rooms) == 6
    assert not any(st.chip[r] for r in keep)
    act(st, st.chance_outcomes()[0][0])
    assert st.phase == data.PLACE4
    assert {st.action_to_text(a) for a, _ in st.chance_outcomes()} == {
        "token 49", "token 50", "token 51", "token 52", "token 53"}
    while st.is_chance_node():
        act(st, st.chance_outcomes()[-1][0])
    assert sorted(st.token[r] for r in keep) == [48, 49, 50, 51, 52, 53]
    assert not st.g4 and not st.pending_rooms


def test_r3_8_teleport_to_the_same_colour() -> None:
    st = new_game(4)  # pairing 0: a-b and c-d
    clear_start_monsters(st)
    put_hero(st, 0, "a")
    act(st, data.RUN)
    assert data.TELEPORT in st.legal_actions()
    act(st, data.TELEPORT)
    assert st.cfg.board.labels[st.pos[0]] == "b"


def test_r6_5_option_group4_all_at_once_off_draws_group_4_as_rooms_are_seen() -> None:
    st = new_game(4, group4_all_at_once=False)
    st.g2, st.g3 = [], [48]
    chip_rooms = [r for r in st.cfg.board.rooms if st.chip[r]]
    keep = chip_rooms[:6]
    for r in chip_rooms[6:]:
        st.chip[r] = 0
        st.box += 1
    st.pending_rooms = [keep[0]]
    st.chip[keep[0]] = 0
    st.storage += 1
    st.phase, st.kind = data.MOVE, 2
    events: list = []
    rules.advance(st, events)
    # 48 is drawn and group #3 is empty, but the other chip rooms wait to be seen
    assert st.next_token == 48 and st.pending_rooms == [keep[0]]
    assert all(st.chip[r] for r in keep[1:])
    act(st, st.chance_outcomes()[0][0])
    assert st.token[keep[0]] == 48 and st.g4 and not st.pending_rooms
    # the next room seen takes a token of group #4, drawn at random
    st.chip[keep[1]] = 0
    st.storage += 1
    st.pending_rooms = [keep[1]]
    st.phase = data.MOVE
    rules.advance(st, events)
    assert st.phase == data.PLACE4
    assert {st.action_to_text(a) for a, _ in st.chance_outcomes()} == {
        "token 49", "token 50", "token 51", "token 52", "token 53"}
    act(st, st.chance_outcomes()[0][0])
    assert st.token[keep[1]] == 49 and len(st.g4) == 4
    assert all(st.chip[r] for r in keep[2:])
