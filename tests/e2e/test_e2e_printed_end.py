"""Every game plays to its printed end at a table with people. A person creates a match in the
lobby without touching its options, so every cap and stall rule is off (`Game.table_options`),
sits down against greedy bots and plays until the rules end the game: Mesopotamia's fourth
offering (R8.1), Runebound's runes, Margath or the endgame (R10, R11), Feinde's monsters 49 and
50 (R11). The end screen must name that ending, not a cap.

The person clicks as the other browser tests' players do, and the bots usually win: the game
ends because the bots pursue the goal, not because a counter ran out."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .clicks import Tab, create_match, send_move, snapshot, wait_for_turn_or_end
from .test_e2e_feinde import click_like_a_person as feinde_click
from .test_e2e_mesopotamia import ENDERS
from .test_e2e_mesopotamia import click_like_a_person as meso_click
from .test_e2e_runebound import keen_choice

#: the longest game a test waits for, in the person's clicks: about six times the longest
#: measured (Mesopotamia 106, Feinde 190, Runebound 257 clicks, 26-119 s each)
MAX_CLICKS = 1500


def _meso(page: Page, rng: random.Random) -> None:
    """Ends the movement or the action half the time it may: a person who lets the bot race."""
    enders = page.locator(ENDERS)
    if enders.count() and rng.random() < 0.5:
        send_move(page, enders.first, page.evaluate("document.body.dataset.seq"))
    else:
        meso_click(page, rng)


def _runebound(page: Page, rng: random.Random) -> None:
    selector, _ = keen_choice(page, snapshot(page)["view"], rng, step=False)
    send_move(page, page.locator(selector).first, page.evaluate("document.body.dataset.seq"))


#: game: the seats, how the person clicks, the caps the lobby must offer switched off, and the
#: end screen's line for each printed ending (`end.*` in the game's messages)
TABLES: dict[str, tuple[list[str], Callable[[Page, random.Random], object], list[str],
                        set[str]]] = {
    "mesopotamia": (["human", "greedy"], _meso, ["max_turns"],
                    {"A fourth offering reached the ziggurat: its giver wins at once."}),
    "runebound": (["human", "greedy"], _runebound, ["max_rounds"],
                  {"A hero defeated High Lord Margath and wins.",
                   "A hero holds three dragon runes and wins.",
                   "The red deck ran out in the endgame: the heroes are ranked.",
                   "Every hero fell in the endgame: the heroes are ranked."}),
    "feinde": (["human", "greedy", "greedy", "greedy"], feinde_click,
               ["max_rounds", "stall_rounds"],
               {"Monsters 49 and 50 are beaten: the game is over."}),
}


def _caps_in_the_lobby(page: Page, server: str, game: str, caps: list[str]) -> dict[str, str]:
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", game)
    return {name: page.input_value(f"#opt-{name}") for name in caps}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_table_with_people_plays_to_the_printed_end(
        game: str, server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    seats, click, caps, endings = TABLES[game]
    assert _caps_in_the_lobby(page, server, game, caps) == {name: "0" for name in caps}
    href = create_match(page, server, seats, game=game)[0]
    page.goto(href if href.startswith("http") else f"{server}{href}")
    page.wait_for_selector("body[data-connection='online']")
    rng = random.Random(3)
    clicks = 0
    while wait_for_turn_or_end(page) == "turn":
        click(page, rng)
        clicks += 1
        assert clicks < MAX_CLICKS, f"{game} did not end within {MAX_CLICKS} clicks"
    page.locator("#final-scores").wait_for(state="visible")
    ending = snapshot(page)["ending"]
    line = page.locator("#ending").inner_text().strip()
    page.screenshot(path=artifacts / f"printed-end-{game}.png")
    assert ending["by"] == "rule", ending
    assert any(text in line for text in endings), line
    assert page.locator("#final-scores tr.winner").count() >= 1
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{game}: {clicks} clicks, {time.monotonic() - started:.1f} s: {line}")
