"""What a person does in the browser, as helpers: create a match in the lobby, and make one
move by clicking what the page highlights (board spaces, hand tiles, figures, buttons)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page

# Elements that send a move at once, and elements that start a two-click move: a picker's step
# (board/picker.js marks it `data-step`) or an older renderer's figure button or selection.
MOVE_NOW = "#board [data-action], #hand [data-action], #actions [data-action]"
START_MOVE = ("#board .legal[data-step], #hand .legal[data-step], "
              "#hand .figure-button.legal:not([data-key]), #board [data-select]")


@dataclass
class Tab:
    """A browser tab in its own context (one person), and the JavaScript errors it raised."""

    page: Page
    errors: list[str] = field(default_factory=list)


def create_match(page: Page, base: str, seats: list[str], game: str = "beowulf",
                 options: dict[str, str] | None = None,
                 table: dict[str, str] | None = None) -> dict[int, str]:
    """Fill the lobby form (`seats`: "human" or an agent spec; `options`: typed into the game's
    option fields; `table`: the table's rules by field id, e.g. {"mode": "turn", "move-days":
    "1", "rated": "yes", "spectator-chat": "no", "hints": "yes"}) and create the match; returns
    the join link of every human seat."""
    page.goto(f"{base}/?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for name, value in (options or {}).items():
        field_ = page.locator(f"#opt-{name}")
        folded = page.locator(f"details:has(#opt-{name})")
        if folded.count() and not field_.is_visible():
            folded.locator("summary").click()  # variants and component data are folded away
        if field_.get_attribute("type") == "checkbox":  # a variant switched on or off
            field_.set_checked(value == "true")
        else:
            field_.fill(value)
    for seat, spec in enumerate(seats):
        if spec == "human":
            page.select_option(f"#seat-{seat}-kind", "human")
        else:
            page.select_option(f"#seat-{seat}-kind", "bot")
            page.fill(f"#seat-{seat}-agent", spec)
    for name, value in (table or {}).items():
        if page.locator(f"select#{name}").count():
            page.select_option(f"#{name}", value)
        else:
            page.fill(f"#{name}", value)
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden]) .spectate-link")
    links = {}
    for seat, spec in enumerate(seats):
        if spec == "human":
            href = page.get_attribute(f".join-link[data-seat='{seat}']", "href")
            assert href and "token=" in href, f"no join link for seat {seat}"
            links[seat] = href
    return links


def wait_for_turn_or_end(page: Page, timeout: float = 60_000) -> str:
    """Waits until this page may move, or the game is over; returns "turn" or "finished".

    The test server's two bot workers are shared with the matches earlier tests left to their
    bots (a person who left is played by a stand-in): an ISMCTS bot of such a match may hold one
    for seconds a move, so the bots between two of our turns can take half a minute under load."""
    page.wait_for_function(
        "() => document.body.dataset.status === 'finished'"
        " || (document.body.dataset.myTurn === 'true' && document.body.dataset.busy === 'false')",
        timeout=timeout)
    return "finished" if page.evaluate("document.body.dataset.status") == "finished" else "turn"


def click_one_move(page: Page, rng: random.Random) -> str:
    """One legal step by clicking a highlighted element; returns the move's text.

    Sometimes starts with a figure or a Good Counsel figure (then clicks a highlighted space),
    otherwise clicks an element that carries the move itself."""
    seq = page.evaluate("document.body.dataset.seq")
    now = page.locator(MOVE_NOW)
    start = page.locator(START_MOVE)
    n_now, n_start = now.count(), start.count()
    assert n_now or n_start, "it is our turn but nothing is highlighted"
    if n_start and (not n_now or rng.random() < 0.35):
        start.nth(rng.randrange(n_start)).click()
        targets = page.locator("#board [data-action]")
        assert targets.count(), "a figure was chosen but no space is highlighted"
        target = targets.nth(rng.randrange(targets.count()))
    else:
        target = now.nth(rng.randrange(n_now))
    return send_move(page, target, seq)


def send_move(page: Page, target: Locator, seq: str) -> str:
    """Click `target` (an element carrying a move) and wait until the move is taken; returns
    the move. `seq` is the page's sequence number from before any click of this move."""
    action = target.get_attribute("data-action") or ""
    target.click()
    # Our own move comes back as an update (seq grows); a refusal shows an error instead.
    page.wait_for_function(
        "(seq) => document.body.dataset.seq !== seq"
        " || !document.getElementById('error').hidden", arg=seq, timeout=30_000)
    error = page.locator("#error")
    assert error.is_hidden(), f"the move {action!r} was refused: {error.text_content()}"
    return action


def close_scoring(page: Page) -> bool:
    """Closes an act's scoring panel if it lies over the board; True if there was one."""
    panel = page.locator("#scoring")
    if page.evaluate("document.body.dataset.status") == "finished" or not panel.is_visible():
        return False
    panel.locator(".close").click()
    panel.wait_for(state="hidden")
    return True


def snapshot(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.boardwright.snapshot()")
    return result
