"""What people do around a match, as helpers for the browser tests of issue 24: sign up, take
a seat by its link, play a short match out between several people."""

from __future__ import annotations

import random
import time

from playwright.sync_api import Page

from .clicks import click_one_move, close_scoring

#: Beowulf on three boards of two spaces: a 2-player match asks each seat about five decisions
TINY_BEOWULF = {"boards": '[". .", ". .", ". ."]'}
PASSWORD = "a long enough password"


def sign_up(page: Page, base: str, name: str) -> None:
    """This browser signs up as `name` on the account page."""
    page.goto(f"{base}/account?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    page.wait_for_selector("body[data-identity='account']")


def log_in(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/account?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#login-name", name)
    page.fill("#login-password", PASSWORD)
    page.click("#login-button")
    page.wait_for_selector("body[data-identity='account']")


def open_seat(page: Page, url: str) -> None:
    """Open a match page (a join link or the match itself) and wait until it is connected."""
    page.goto(url)
    page.wait_for_selector("body[data-connection='online']")


def seat_of(page: Page) -> int | None:
    seat: int | None = page.evaluate("window.boardwright.snapshot().seat")
    return seat


def can_move(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn === 'true'"
                              " && document.body.dataset.busy === 'false'"))


def finished(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.status === 'finished'"))


def play_out(pages: list[Page], seed: int, max_moves: int = 200) -> int:
    """The people at `pages` take turns by clicking until the match is over on every page;
    returns how many moves they made."""
    rng = random.Random(seed)
    moves = 0
    deadline = time.monotonic() + 120
    while not all(finished(page) for page in pages):
        assert time.monotonic() < deadline, "the match did not end within 120 s"
        mover = next((page for page in pages if can_move(page)), None)
        if mover is None:
            time.sleep(0.05)
            continue
        close_scoring(mover)
        click_one_move(mover, rng)
        moves += 1
        assert moves < max_moves, "the match did not end"
    return moves
