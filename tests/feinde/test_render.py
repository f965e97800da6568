"""The terminal rendering: the labyrinth a person can follow, from a view (never a state)."""

from __future__ import annotations

from feinde_helpers import GAME, new_game
from rich.console import Console


def _text(view: dict, lang: str = "en") -> str:  # type: ignore[type-arg]
    console = Console(width=120, record=True, color_system=None)
    console.print(GAME.render(view, lang))
    return console.export_text()


def test_render_shows_the_labyrinth_heroes_and_proposal_flag() -> None:
    st = new_game(4)
    text = _text(st.view(0))
    assert "PROPOSAL DATA" in text
    assert text.count("**") == 49 + 1  # every room's power chip, and the legend's key
    assert text.count("? ") >= 15  # the face-down crossings
    assert " 1" in text and " 4" in text  # start monsters by strength
    assert "To move: Player A" in text
    hu = _text(st.view(None), "hu")
    assert "JAVASLAT" in hu and "Tudás" in hu


def test_render_shows_only_the_viewers_own_cards() -> None:
    st = new_game(4)
    st.hands[1] = [0]
    st.hand_groups[1] = [0]
    st.deck[0][0] -= 1
    assert "Movement +2" in _text(st.view(1))
    assert "Movement +2" not in _text(st.view(0))


def test_a_hero_is_drawn_in_a_room_he_shares_with_a_monster() -> None:
    st = new_game(3)
    room = st.cfg.board.labels.index("S1")
    st.pos = [room, -1, -1]  # a start room, guarded by a monster of group 1
    assert st.token[room]
    text = _text(st.view(0))
    grid = text.split("Player")[0]
    assert "A " in grid and f"{st.token[room]:2d}" not in grid  # the hero, drawn over it
    assert f"S1 with monster {st.token[room]}" in text
