"""A person plays Fürchterliche Feinde in the browser, choosing moves on the labyrinth as a player
of the physical game would: a start room, the next space, the monster to fight, the room a
wandering monster goes to. An English match against three bots is played into the middle game
and to its end screen, then read again in Hungarian; a second match is begun in Hungarian. Every
screen is saved at 1280×800 and must read as words (`check_screen`), and the board must fit
beside the side panel, name its rooms as the log does, and never hide a hero under a monster."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from .clicks import Tab, create_match, send_move, snapshot, wait_for_turn_or_end
from .screens import check_screen

MAX_STEPS = 1500
MID_ROUND = 6      # the middle game: the first own turn from this round on
# Random clicks never beat monsters 49 and 50: the table chooses the early-end variant (the
# stall rule, R12 A36). The greedy bots explore and fight, so the board fills as in a real game;
# as they rarely stall, a round cap ends the match soon after the middle game.
STALL = {"stall_rounds": "3"}
EARLY_END = {**STALL, "max_rounds": "12"}
BOTS = ["greedy", "greedy", "greedy"]
BOARD_MOVE = "#board [data-action]"
OTHER_MOVE = "#actions [data-action], #hand [data-action]"


def click_like_a_person(page: Page, rng: random.Random) -> tuple[str, bool]:
    """One move, chosen on the board most of the time (a monster or chest offered to fight is
    always taken, so the game moves on); returns the move and whether it was on the board."""
    seq = page.evaluate("document.body.dataset.seq")
    fight = page.locator("#board .fe-token[data-action]")
    board = page.locator(BOARD_MOVE)
    other = page.locator(OTHER_MOVE)
    n_board, n_other = board.count(), other.count()
    assert n_board or n_other, "it is our turn but nothing is highlighted"
    if fight.count():
        target, on_board = fight.first, True
    elif n_board and (not n_other or rng.random() < 0.8):
        target, on_board = board.nth(rng.randrange(n_board)), True
    else:
        target, on_board = other.nth(rng.randrange(n_other)), False
    return send_move(page, target, seq), on_board


def top(page: Page) -> None:
    """What a person sees first: the play area scrolled to its top (clicks may scroll it)."""
    page.evaluate("""() => { for (const el of [document.scrollingElement,
      document.querySelector('.play-area'), document.querySelector('.board-viewport')]) {
      if (el) el.scrollTop = 0; } }""")


def check_board(page: Page) -> dict[str, Any]:
    """The board fits 1280×800 beside the side panel; rooms carry the labels the log uses; no
    hero stands under a monster; every piece has a tooltip. Returns the page's snapshot."""
    # the whole board, as the zoom's reset shows it (a zoom to small targets may be on)
    reset = page.locator(".zoom-controls:not([hidden]) .zoom-button:last-child")
    if reset.count():
        reset.click()
    # "since your last move" folded, as a person does once read: the board under it fits
    page.evaluate("() => { const since = document.getElementById('since'); "
                  "if (since) since.open = false; }")
    top(page)
    board = page.locator("#board svg").bounding_box()
    side = page.locator(".side").bounding_box()
    assert board and side
    # the whole labyrinth fits under the page's header; the status bar above it holds this
    # position's buttons (up to three rows), so its foot may lie below the fold until scrolled
    assert board["y"] >= 0 and board["height"] <= 800 - 60, board
    assert board["x"] >= 0 and board["x"] + board["width"] <= side["x"], (board, side)
    labels = set(page.eval_on_selector_all("#board [data-label]",
                                           "els => els.map(e => e.dataset.label)"))
    assert {"R01", "S1", "X01", "a"} <= labels
    # every room and crossing named in the log (corridors by their two ends) is on the board
    for line in page.locator("#log li").all_inner_texts():
        for name in re.findall(r"\b([RSX]\d+)\b", line):
            assert name in labels, f"{name!r} of {line!r} is not on the board"
    # a hero beside a monster, never under it
    hidden = page.evaluate("""() => {
      const centre = (el) => { const c = el.querySelector('circle:not(.fe-pawn-halo)');
        return [Number(c.getAttribute('cx')), Number(c.getAttribute('cy')),
                Number(c.getAttribute('r'))]; };
      const monsters = [...document.querySelectorAll('#board .fe-token')]
        .filter((el) => el.querySelector('circle.fe-monster')).map(centre);
      const out = [];
      for (const pawn of document.querySelectorAll('#board .fe-pawn')) {
        const [x, y, r] = centre(pawn);
        for (const [mx, my, mr] of monsters) {
          if (Math.hypot(x - mx, y - my) < (r + mr) * 0.8) out.push(pawn.dataset.seat);
        }
      }
      return out;
    }""")
    assert not hidden, f"heroes {hidden} stand under a monster token"
    untitled = page.evaluate("""() => [...document.querySelectorAll(
      '#board .fe-pawn, #board .fe-token, #board .fe-space, #board [data-action]')]
      .filter((el) => !el.querySelector(':scope > title')).length""")
    assert untitled == 0, f"{untitled} pieces without a tooltip"
    return snapshot(page)


def check_players(page: Page, snap: dict[str, Any]) -> None:
    """Own cards face up, the others' as backs only; every hero a pawn; the storage track."""
    view = snap["view"]
    seat = snap["seat"]
    assert page.locator("#hand .fe-card").count() == len(view["hand"])
    backs = sum(len(b) for p, b in enumerate(view["hand_backs"]) if p != seat)
    assert page.locator("#players .fe-card-back").count() == backs
    placed = sum(1 for c in view["pos"] if c >= 0)
    assert page.locator("#board .fe-pawn").count() == placed
    assert page.locator("#board .fe-track .fe-chip").count() == view["storage"]
    assert page.locator("#hand .fe-key li").count() == 14


def play_to_mid_and_end(page: Page, artifacts: Path, rng: random.Random) -> tuple[int, int]:
    steps = clicked_board = 0
    mid = False
    while wait_for_turn_or_end(page) == "turn":
        snap = snapshot(page)
        if steps == 0:
            assert snap["view"]["phase_name"] == "place_hero"
            assert page.locator("#board [data-action^='start']").count() == 4
            assert "To move" not in page.locator("#turn").inner_text()
            assert "start room" in page.locator("#turn").inner_text()
            check_board(page)
            check_players(page, snap)
            check_screen(page, "feinde", "en", artifacts, "feinde-first-turn")
        elif not mid and snap["view"]["round"] >= MID_ROUND and snap["view"]["phase_name"] in (
                "choose", "move"):
            mid = True
            snap = check_board(page)
            check_players(page, snap)
            # the last turns are drawn: a hero's way or the spaces that changed
            assert page.locator("#board .fe-trail, #board .last-move-mark").count() > 0
            check_screen(page, "feinde", "en", artifacts, "feinde-mid-game")
        _, on_board = click_like_a_person(page, rng)
        clicked_board += on_board
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    assert mid, "the game ended before the middle game"
    return steps, clicked_board


def check_end(page: Page, artifacts: Path) -> None:
    page.wait_for_selector("#final-title")
    snap = snapshot(page)
    players = snap["view"]["players"]
    final = page.locator("#final-scores")
    assert final.locator("tbody tr").count() == players
    assert final.locator("tr.winner").count() == len(snap["winners"]) >= 1
    assert page.locator("#ending").inner_text().strip()
    # the columns add up: gold on tokens + victories and frights = gold
    for row in final.locator("tbody tr").all():
        face, bonus, gold = (int(x.replace("\u2212", "-"))
                             for x in row.locator("td").all_inner_texts()[:3])
        assert face + bonus == gold
    if snap["ending"]["decided_by"]:
        assert final.locator("th.fe-decided").count() == 1
    top(page)
    check_screen(page, "feinde", "en", artifacts, "feinde-end")
    english = page.locator("#log li").first.inner_text()
    page.select_option("#lang", "hu")
    page.wait_for_function("() => document.documentElement.lang === 'hu'")
    page.wait_for_function(
        "(first) => document.querySelector('#log li') && "
        "document.querySelector('#log li').innerText !== first", arg=english)
    assert page.locator("#final-title").inner_text() == "Végeredmény"
    top(page)
    check_screen(page, "feinde", "hu", artifacts, "feinde-end-hu")


def test_a_person_plays_feinde_on_the_board_to_the_end(
        server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    create_match(page, server, ["human", *BOTS], game="feinde", options=EARLY_END)
    page.click(".join-link[data-seat='0']")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .fe-space")
    assert "PROPOSAL" in page.locator("#hand").inner_text()
    steps, clicked_board = play_to_mid_and_end(page, artifacts, random.Random(11))
    assert clicked_board > steps / 2, "most moves should be chosen on the board"
    assert page.locator("#log li").count() > 10
    check_end(page, artifacts)
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{steps} clicked moves ({clicked_board} on the board) in "
          f"{time.monotonic() - started:.1f} s")


def test_a_person_begins_feinde_in_hungarian(server: str, tab: Tab, artifacts: Path) -> None:
    page, errors = tab.page, tab.errors
    links = create_match(page, server, ["human", *BOTS[:2]], game="feinde", options=STALL)
    page.goto(f"{server}{links[0]}&lang=hu" if links[0].startswith("/") else f"{links[0]}&lang=hu")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .fe-space")
    rng = random.Random(3)
    steps = 0
    while True:
        assert wait_for_turn_or_end(page) == "turn", "the game ended before its third round"
        view = snapshot(page)["view"]
        if steps == 0:
            assert page.locator("#turn").inner_text().startswith("Te következel: válaszd ki")
            check_board(page)
            check_screen(page, "feinde", "hu", artifacts, "feinde-hu-first-turn")
        elif view["round"] >= 3 and view["phase_name"] in ("choose", "move"):
            break
        click_like_a_person(page, rng)
        steps += 1
    snap = check_board(page)
    check_players(page, snap)
    assert "folyosó" in " ".join(page.locator("#log li").all_inner_texts())
    check_screen(page, "feinde", "hu", artifacts, "feinde-hu-mid-game")
    assert not errors, f"JavaScript errors: {errors}"
