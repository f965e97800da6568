"""axe-core (axe-playwright-python) finds no serious or critical violation on any page: the
lobby, a match of every game, a replay, a lesson, the rules, the account, my games and the
leaderboard, at a desktop's size and at a phone's."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from .clicks import create_match
from .tables import TINY_BEOWULF
from .touch import PHONE

GAMES = ["beowulf", "feinde", "mesopotamia", "runebound"]
SEVERE = {"serious", "critical"}


def _severe(page: Page) -> list[str]:
    results: Any = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
            for v in results.response["violations"] if v.get("impact") in SEVERE]


def _finished_match(server: str) -> str:
    """A bots-only Beowulf match on three tiny boards, played to its end by the server."""
    boards = json.loads(TINY_BEOWULF["boards"])
    body = {"game": "beowulf", "players": 2, "options": {"boards": boards},
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]}
    request = urllib.request.Request(f"{server}/api/matches", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        match_id: str = json.load(answer)["match_id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server}/api/matches/{match_id}") as answer:
            if json.load(answer)["status"] == "finished":
                return match_id
        time.sleep(0.3)
    pytest.fail("the bots' match did not end")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE],
                         ids=["desktop", "phone"])
def test_no_serious_accessibility_violation_on_any_page(server: str, browser: Browser,
                                                        viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    ready, stepped = "body[data-ready='true']", "body:not([data-status='loading'])"
    pages = {name: (f"{server}{path}?lang=en", wait) for name, path, wait in [
        ("lobby", "/", ready), ("rules", "/rules/beowulf", "main"), ("account", "/account", ready),
        ("my games", "/my-games", ready), ("leaderboard", "/leaderboard", ready),
        ("lesson", "/lesson/beowulf/act-one-scoring", stepped)]}
    pages["replay"] = (f"{server}/replay/{_finished_match(server)}?lang=en", stepped)
    for game in GAMES:
        seats = ["human", "random", "random"] if game == "feinde" else ["human", "random"]
        pages[f"match {game}"] = (create_match(page, server, seats, game=game)[0],
                                  "body[data-connection='online']:not([data-status='loading'])")
    found = {}
    for name, (url, wait) in pages.items():
        page.goto(url)
        page.wait_for_selector(wait)
        page.wait_for_timeout(300)
        bad = _severe(page)
        if bad:
            found[name] = bad
    context.close()
    assert not found, json.dumps(found, indent=1)
