"""A person plays Mesopotamia in the browser by clicking the map as a player of the physical game
would: the hex with their members, then the hex next to it to step there; breeding or a holy
place on its hex; what is done on a chosen hex (pick up, drop, build a hut) as choices under the
map that name it in words; ending the movement in the status bar. A 3-player match against
two random bots, with a short turn cap so it ends, is played to its end screen in English; a
second match is played in Hungarian. Every screen is saved at 1280×800 and must read as words
(`check_screen`): no coordinates, no ids."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from .clicks import Tab, create_match, send_move, snapshot, wait_for_turn_or_end
from .screens import check_screen

MAX_STEPS = 300
TURN_CAP = 6  # two turns for each of the three seats

BOARD_MOVE = "#board [data-action]"
SELECT = "#board .legal[data-step]"
HAND_STEP = "#hand .legal[data-step]"   # what chosen members carry, before where they go
BUTTON_MOVE = "#actions [data-action], #hand [data-action]"
CARD = "#hand .meso-card.legal"
ENDERS = "#actions [data-action='end_movement'], #actions [data-action='finish_action']"
COORDS = re.compile(r"-?\d,-?\d")   # a hex's "q,r" never shows, in text or tooltip


def click_like_a_person(page: Page, rng: random.Random,
                        on_card: Callable[[], None] | None = None,
                        card_now: bool = False) -> tuple[str, bool]:
    """One move: mostly a highlighted hex, after choosing the members to move when needed; now
    and then a button (ending the movement or the action keeps turns short); a legal card in
    the hand half the time, or always with `card_now`. Returns the move and whether it was
    clicked on the map."""
    seq = page.evaluate("document.body.dataset.seq")
    card = page.locator(CARD)
    if card.count() and (card_now or rng.random() < 0.5):
        if card.first.get_attribute("data-action"):   # a card that needs no target
            return send_move(page, card.first, seq), False
        card.first.click()   # then what it acts on: a hex below, or a player as a button
        assert page.locator(".meso-card.chosen").count() == 1
        if on_card:
            on_card()
    enders = page.locator(ENDERS)
    if enders.count() and rng.random() < 0.1:
        return send_move(page, enders.first, seq), False
    board = page.locator(BOARD_MOVE)
    if not board.count() or rng.random() < 0.3:
        select = page.locator(SELECT)
        if select.count():
            select.nth(rng.randrange(select.count())).click()
            board = page.locator(BOARD_MOVE)
    buttons = page.locator(BUTTON_MOVE)
    if not board.count() and not buttons.count() and page.locator(HAND_STEP).count():
        page.locator(HAND_STEP).first.click()
        board, buttons = page.locator(BOARD_MOVE), page.locator(BUTTON_MOVE)
    assert board.count() or buttons.count(), "it is our turn but nothing is highlighted"
    if board.count() and (not buttons.count() or rng.random() < 0.8):
        return send_move(page, board.nth(rng.randrange(board.count())), seq), True
    return send_move(page, buttons.nth(rng.randrange(buttons.count())), seq), False


def check_words(page: Page) -> None:
    """Tooltips and move buttons name tiles in words, never by coordinates. Scrolls the play
    area to its top first (a click lower down may have scrolled it): what a person sees first."""
    page.evaluate("document.querySelector('.play-area').scrollTop = 0")
    tips = page.evaluate("[...document.querySelectorAll('#board title, #actions [title], "
                         "#hand [title]')].map((e) => e.textContent || e.title)")
    bad = [tip for tip in tips if COORDS.search(tip)]
    assert not bad, f"coordinates in tooltips: {bad[:3]}"
    body = page.inner_text("body")
    assert not COORDS.search(body), f"coordinates on the page: {COORDS.search(body)}"


def play_to_end(page: Page, artifacts: Path, rng: random.Random, lang: str,
                card_first: bool = False) -> list[tuple[str, bool]]:
    """Clicks until the turn cap ends the match; returns each move and whether it was on the map.
    With `card_first` the first move plays a card from the hand."""
    steps = 0
    moves: list[tuple[str, bool]] = []
    shown: set[str] = set()

    def card_screen(shown: set[str]) -> None:
        """A card clicked in the hand: the hexes it may act on are highlighted."""
        if "card" not in shown:
            shown.add("card")
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-card-chosen")
    while wait_for_turn_or_end(page) == "turn":
        view = snapshot(page)["view"]
        if steps == 0:
            assert page.locator("#turn").inner_text().strip()
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-first-turn")
        elif "chosen" not in shown and page.locator("#board .meso-map .meso-hex.chosen").count() \
                and page.locator(BOARD_MOVE).count():
            # members chosen: the hexes next to them are highlighted, the hint names the tile
            shown.add("chosen")
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-members-chosen")
        elif "last" not in shown and view["turn"] >= 2 and view["phase"] == "movement" \
                and page.locator("#board .meso-map .meso-hex.last-move").count():
            shown.add("last")
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-last-move")
            # a reloaded page outlines the same last turn (it reads the whole log)
            marks = page.locator("#board .meso-map .meso-hex.last-move").count()
            page.reload()
            page.wait_for_selector("body[data-connection='online']")
            wait_for_turn_or_end(page)
            assert page.locator("#board .meso-map .meso-hex.last-move").count() == marks
        moves.append(click_like_a_person(page, rng, lambda: card_screen(shown),
                                         card_now=card_first and steps == 0))
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    return moves


def check_end(page: Page, artifacts: Path, lang: str) -> None:
    final = page.locator("#final-scores")
    final.wait_for(state="visible")
    assert page.locator("#winners").inner_text().strip()
    assert page.locator("#ending").inner_text().strip()   # why: the tie-breaks or a 4th offering
    assert final.locator("tbody tr").count() == 3
    assert final.locator("tr.winner").count() >= 1
    snap = snapshot(page)
    # the values column adds up the offerings each player delivered
    for row in final.locator("tbody tr").all():
        seat = int(row.get_attribute("data-seat") or "0")
        delivered = snap["view"]["seats"][seat]["delivered"]
        cells = row.locator("td").all_inner_texts()
        if delivered:
            assert cells[1].endswith(f"= {sum(delivered)}")
        assert cells[2] == str(snap["view"]["seats"][seat]["mana"])
    if snap["ending"].get("decided_by"):
        assert final.locator("thead th.meso-decided").count() == 1
    check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-final")


def test_a_person_plays_mesopotamia_on_the_map_to_the_end(
        server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    # everyone starts with a card (a variant), so the person plays one from the hand. The server
    # chooses the seed: a match whose first card cannot be played yet (Mana Theft while nobody
    # has mana, Priesthood before a holy place) is set aside for a fresh one.
    for _ in range(12):
        href = create_match(page, server, ["human", "random", "random"], game="mesopotamia",
                            options={"max_turns": str(TURN_CAP), "start_with_card": "true"})[0]
        page.goto(href if href.startswith("http") else f"{server}{href}")
        page.wait_for_selector("body[data-connection='online']")
        page.wait_for_selector("#board svg .cell")
        if wait_for_turn_or_end(page) == "turn" and page.locator(CARD).count():
            break
    else:
        raise AssertionError("no match in 12 offered a card the person could play at once")
    # the key: five terrains, the empty hex, hut, holy place, members, what members carry,
    # loose wood and stone, a hex to click, the chosen hex, the last turn
    assert page.locator(".meso-legend li").count() == 14
    moves = play_to_end(page, artifacts, random.Random(11), "en", card_first=True)
    # the action phase's draw and finish are buttons; a step is a click on the map
    assert any(move.startswith("move ") for move, on_map in moves if on_map)
    assert all(on_map for move, on_map in moves if move.startswith("move "))
    log = page.locator("#log li").all_inner_texts()
    assert len(log) > 10
    assert any(line.startswith("Player A plays ") for line in log), "no card was played"
    check_end(page, artifacts, "en")
    # the replay draws the same map, the key under it, and marks each step's hexes
    page.click("#final-scores .replay-link")
    page.wait_for_selector("body[data-status='ready']")
    page.wait_for_selector("#board svg .cell")
    for _ in range(12):
        page.click("#next")
    page.wait_for_selector("body[data-step='12']")
    assert page.locator("#board .meso-legend").count() == 1
    check_words(page)
    check_screen(page, "mesopotamia", "en", artifacts, "meso-en-replay")
    assert not errors, f"JavaScript errors: {errors}"
    on_map = sum(on for _, on in moves)
    print(f"\n{len(moves)} clicked moves ({on_map} on the map) in "
          f"{time.monotonic() - started:.1f} s")


def test_a_person_plays_mesopotamia_in_hungarian(server: str, tab: Tab, artifacts: Path) -> None:
    page, errors = tab.page, tab.errors
    href = create_match(page, server, ["human", "random", "random"], game="mesopotamia",
                        options={"max_turns": str(TURN_CAP)})[0]
    page.goto(f"{server}{href}&lang=hu" if href.startswith("/") else f"{href}&lang=hu")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .cell")
    assert page.locator(".meso-legend-box summary").inner_text() == "Jelmagyarázat"
    moves = play_to_end(page, artifacts, random.Random(5), "hu")
    assert any(on_map for _, on_map in moves)
    check_end(page, artifacts, "hu")
    assert not errors, f"JavaScript errors: {errors}"
