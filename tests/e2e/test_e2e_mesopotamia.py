"""A person plays Mesopotamia in the browser by clicking the map as a player of the physical game
would: the hex with their members, then the hex next to it to step there; breeding or a holy
place on its hex; the rest (pick up, drop, build a hut, end the movement) as buttons that name
the tile in words. A 3-player match against two random bots, with a short turn cap so it ends,
is played to its end screen in English; a second match is played in Hungarian. Every screen is
saved at 1280×800 and must read as words (`check_screen`): no coordinates, no ids."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

from playwright.sync_api import Page

from .clicks import Tab, create_match, send_move, snapshot, wait_for_turn_or_end
from .screens import check_screen

MAX_STEPS = 300
TURN_CAP = 6  # two turns for each of the three seats

BOARD_MOVE = "#board [data-action]"
SELECT = "#board [data-select]"
BUTTON_MOVE = "#actions [data-action], #hand [data-action]"
ENDERS = "#actions [data-action='end_movement'], #actions [data-action='finish_action']"
COORDS = re.compile(r"-?\d,-?\d")   # a hex's "q,r" never shows, in text or tooltip


def click_like_a_person(page: Page, rng: random.Random) -> tuple[str, bool]:
    """One move: mostly a highlighted hex, after choosing the members to move when needed; now
    and then a button (ending the movement or the action keeps turns short). Returns the move
    and whether it was clicked on the map."""
    seq = page.evaluate("document.body.dataset.seq")
    enders = page.locator(ENDERS)
    if enders.count() and rng.random() < 0.2:
        return send_move(page, enders.first, seq), False
    board = page.locator(BOARD_MOVE)
    if not board.count() or rng.random() < 0.3:
        select = page.locator(SELECT)
        if select.count():
            select.nth(rng.randrange(select.count())).click()
            board = page.locator(BOARD_MOVE)
    buttons = page.locator(BUTTON_MOVE)
    assert board.count() or buttons.count(), "it is our turn but nothing is highlighted"
    if board.count() and (not buttons.count() or rng.random() < 0.8):
        return send_move(page, board.nth(rng.randrange(board.count())), seq), True
    return send_move(page, buttons.nth(rng.randrange(buttons.count())), seq), False


def check_words(page: Page) -> None:
    """Tooltips and move buttons name tiles in words, never by coordinates."""
    tips = page.evaluate("[...document.querySelectorAll('#board title, #actions [title], "
                         "#hand [title]')].map((e) => e.textContent || e.title)")
    bad = [tip for tip in tips if COORDS.search(tip)]
    assert not bad, f"coordinates in tooltips: {bad[:3]}"
    body = page.inner_text("body")
    assert not COORDS.search(body), f"coordinates on the page: {COORDS.search(body)}"


def play_to_end(page: Page, artifacts: Path, rng: random.Random, lang: str) -> tuple[int, int]:
    steps = on_board = 0
    shown: set[str] = set()
    while wait_for_turn_or_end(page) == "turn":
        view = snapshot(page)["view"]
        if steps == 0:
            assert page.locator("#turn").inner_text().strip()
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-first-turn")
        elif "chosen" not in shown and page.locator("#board .chosen-mark").count() \
                and page.locator(BOARD_MOVE).count():
            # members chosen: the hexes next to them are highlighted, the hint names the tile
            shown.add("chosen")
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-members-chosen")
        elif "last" not in shown and view["turn"] >= 2 and view["phase"] == "movement" \
                and page.locator("#board .last-move-mark").count():
            shown.add("last")
            check_words(page)
            check_screen(page, "mesopotamia", lang, artifacts, f"meso-{lang}-last-move")
        _, board = click_like_a_person(page, rng)
        steps += 1
        on_board += board
        assert steps < MAX_STEPS, "the game did not end"
    return steps, on_board


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
    href = create_match(page, server, ["human", "random", "random"], game="mesopotamia",
                        options={"max_turns": str(TURN_CAP)})[0]
    page.goto(href if href.startswith("http") else f"{server}{href}")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .cell")
    # the key: five terrains, the empty hex, hut, holy place, members, what members carry,
    # loose wood and stone, a hex to click, the last move
    assert page.locator(".meso-legend li").count() == 13
    steps, on_board = play_to_end(page, artifacts, random.Random(11), "en")
    assert on_board >= steps / 3, "a good share of the moves should be chosen on the map"
    assert page.locator("#log li").count() > 10
    check_end(page, artifacts, "en")
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{steps} clicked moves ({on_board} on the map) in {time.monotonic() - started:.1f} s")


def test_a_person_plays_mesopotamia_in_hungarian(server: str, tab: Tab, artifacts: Path) -> None:
    page, errors = tab.page, tab.errors
    href = create_match(page, server, ["human", "random", "random"], game="mesopotamia",
                        options={"max_turns": str(TURN_CAP)})[0]
    page.goto(f"{server}{href}&lang=hu" if href.startswith("/") else f"{href}&lang=hu")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .cell")
    assert page.locator(".meso-legend strong").inner_text() == "Jelmagyarázat"
    _, on_board = play_to_end(page, artifacts, random.Random(5), "hu")
    assert on_board >= 1
    check_end(page, artifacts, "hu")
    assert not errors, f"JavaScript errors: {errors}"
