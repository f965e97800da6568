"""A match with a turn clock: the page shows the clock counting down on the person's turn; when
it runs out a stand-in bot takes the seat, the page offers "take my seat back", and a click on
it gives the seat back to the person."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from .clicks import Tab

CLOCK_SECONDS = 3


def create_clocked_match(base: str) -> str:
    """A person against a slow bot, 3 s per turn, the stand-in right after (no grace). The bot
    thinks for a while on each turn so that the stand-in cannot finish the game before the
    click."""
    body = {"game": "beowulf", "players": 2, "clock_seconds": CLOCK_SECONDS,
            "grace_seconds": 0, "seats": [{"kind": "human"},
                                          {"kind": "bot", "agent": "ismcts:iterations=3000"}]}
    request = urllib.request.Request(f"{base}/api/matches", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        created = json.load(answer)
    return f"{base}{created['seats'][0]['join_url']}"


def test_turn_clock_runs_out_and_the_claim_button_takes_the_seat_back(
        server: str, tab: Tab, artifacts: Path) -> None:
    page = tab.page
    page.goto(create_clocked_match(server))
    page.wait_for_selector("body[data-connection='online']")
    # our turn: the clock is ours and counts down from at most CLOCK_SECONDS
    page.wait_for_selector("body[data-my-turn='true'] #clock[data-seat='0']", timeout=15_000)
    seconds = int(page.get_attribute("#clock", "data-seconds") or "-1")
    assert 0 <= seconds <= CLOCK_SECONDS
    assert page.locator("#claim-box").is_hidden()
    page.screenshot(path=artifacts / "clock-running.png")
    # we do nothing: the clock runs out and a bot stands in; the page offers the seat back
    page.wait_for_selector("body[data-stand-in='true'] #claim-box:not([hidden])",
                           timeout=CLOCK_SECONDS * 1000 + 10_000)
    page.screenshot(path=artifacts / "clock-stand-in.png")
    page.click("#claim")
    page.wait_for_selector("body[data-stand-in='false']", state="attached",
                           timeout=10_000)
    assert page.locator("#claim-box").is_hidden()
    seats = page.evaluate("window.boardwright.snapshot().seats")
    assert seats[0]["stand_in"] is False
    assert page.evaluate("document.body.dataset.status") == "active"
    assert not tab.errors, tab.errors
