"""A person plays Runebound in the browser against a random bot, as a player of the printed game
would: rolls the movement dice, moves by clicking the hexes the map highlights for each die (or
steps onto a neighbour the map marks), faces the adventure counters, fights, shops and buys
experience, to the end screen. The table chooses the early-end variant (a round cap) so the game
ends soon. One game in English, one in Hungarian; every screen a person sees is checked for
unreadable text, and screenshots at 1280×800 are kept (first turn, mid-game, a fight, the end)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from readable import unreadable

from .clicks import Tab, create_match, send_move, snapshot, wait_for_turn_or_end
from .screens import check_screen

MAX_STEPS = 700


def _map_hexes(page: Page, kind: str) -> list[tuple[int, str]]:
    """The map's highlighted hexes of one kind ("rb-reach": a die's move, "rb-step": a step),
    as (hex, move)."""
    return page.evaluate(
        "(kind) => [...document.querySelectorAll(`#board .hex.${kind}[data-action]`)]"
        ".map((el) => [Number(el.dataset.hex), el.dataset.action])", kind)


def _distance(a: list[Any], b: list[Any]) -> int:
    """Steps between two hexes (axial coordinates q, r)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def keen_choice(page: Page, view: dict[str, Any], rng: random.Random,
                step: bool) -> tuple[str, bool]:
    """What a keen adventurer clicks now: (the selector of the element, whether it is a hex).
    Moves go to hexes with an adventure counter when a die reaches one, adventures are faced,
    fights fought; everything else is a click on one of the highlighted things. `step`: step
    onto a neighbouring hex instead of rolling, where the map offers one."""
    g = view["g"]
    phase = g["phase"]
    board = g["board"]
    if phase == "move_choice":
        steps = _map_hexes(page, "rb-step")
        if steps and (step or rng.random() < 0.1):
            hex_, _ = rng.choice(steps)
            return f"#board .hex.rb-step[data-hex='{hex_}']", True
        rolls = page.locator("#board .rb-roll[data-action]")
        texts = [rolls.nth(k).get_attribute("data-action") for k in range(rolls.count())]
        best = max(texts, key=lambda text: int(text.split()[1]))
        return f"#board .rb-roll[data-action='{best}']", False
    if phase == "moving":
        if board[g["players"][g["seat"]]["pos"]] >= 0:  # on a counter: stop and face it
            return "#board [data-action='end move']", False
        reach = _map_hexes(page, "rb-reach")
        if reach and rng.random() < 0.95:  # towards the nearest adventure counter
            hexes = view["map"]["hexes"]
            counters = [h for h, colour in enumerate(board) if colour >= 0]
            near = {h: min(_distance(hexes[h], hexes[c]) for c in counters) if counters else 0
                    for h, _ in reach}
            best = min(near.values())
            hex_ = rng.choice([h for h, d in near.items() if d == best])
            return f"#board .hex.rb-reach[data-hex='{hex_}']", True
        return "#board [data-action='end move']", False
    preferred = {"adventure": ("face", "face slot"), "fs": ("fight",),
                 "round": ("attack hero", "defend"), "escape": ("stay",),
                 "react": ("take",), "experience": ("xp ",), "market": ("buy ",)}
    buttons = page.locator("#board [data-action]")
    texts = [buttons.nth(k).get_attribute("data-action") or "" for k in range(buttons.count())]
    assert texts, f"it is our turn ({phase}) but nothing is highlighted"
    liked = [t for t in texts if t.startswith(preferred.get(phase, ("\0",)))]
    if liked and rng.random() < 0.9:
        return f"#board [data-action='{rng.choice(liked)}']", False
    return f"#board [data-action='{rng.choice(texts)}']", False


def _play(page: Page, lang: str, artifacts: Path, seed: int) -> tuple[dict[str, int], set[str]]:
    """Plays to the end; returns what was clicked and which screens were kept."""
    rng = random.Random(seed)
    counts = {"steps": 0, "hexes": 0, "steps_on_map": 0, "fights": 0, "rounds": 0}
    shots: set[str] = set()
    while wait_for_turn_or_end(page) == "turn":
        view = snapshot(page)["view"]
        g = view["g"]
        text = page.inner_text("body")
        bad = unreadable(text, "runebound", lang)
        assert bad is None, f"{bad} on the page in phase {g['phase']}:\n{text[:3000]}"
        if counts["steps"] == 0:
            check_screen(page, "runebound", lang, artifacts, f"runebound-{lang}-first-turn")
            # the first turn: the map with the cities by name, the heroes, the dice to roll
            assert page.locator("#board .rb-city-name").count() == 8
            assert page.locator("#board .rb-tokens .rb-hero").count() == 2
            assert page.locator("#board .rb-roll[data-action]").count() >= 5
            assert page.locator("#players .rb-sheet").count() == 2
        if g["phase"] == "moving" and "mid" not in shots and g["round"] >= 2:
            shots.add("mid")
            check_screen(page, "runebound", lang, artifacts, f"runebound-{lang}-mid-game")
            assert page.locator("#board .rb-die-button").count() == len(g["dice"])
            # the last move: the path the latest hero took is drawn on the map
            assert page.locator("#board .rb-trail").count() == 1
        if g["phase"] == "round" and "fight" not in shots:
            shots.add("fight")
            shown = check_screen(page, "runebound", lang, artifacts, f"runebound-{lang}-fight")
            card = view["map"]["adventures"][g["combat"]["card"]][0]
            assert card in shown, "the enemy card is not shown"
            assert page.locator("#board .rb-stages li.now").count() == 1
        counts["fights"] += g["phase"] == "fs"
        selector, on_map = keen_choice(page, view, rng, step=g["round"] == 2
                                   and not counts["steps_on_map"])
        seq = page.evaluate("document.body.dataset.seq")
        action = send_move(page, page.locator(selector).first, seq)
        if on_map:
            counts["hexes" if action.startswith("die") else "steps_on_map"] += 1
        counts["steps"] += 1
        counts["rounds"] = g["round"]
        assert counts["steps"] < MAX_STEPS, "the game did not end"
    return counts, shots


def _start(page: Page, server: str, lang: str) -> None:
    create_match(page, server, ["human", "random"], game="runebound",
                 options={"max_rounds": "6"})
    href = page.get_attribute(".join-link[data-seat='0']", "href")
    page.goto(f"{href}&lang={lang}")
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg.runebound-map .hex")


def test_play_a_whole_runebound_match_on_the_map(server: str, tab: Tab, artifacts: Path) -> None:
    started = time.monotonic()
    page, errors = tab.page, tab.errors
    _start(page, server, "en")
    assert "Original content" in page.locator("#board").inner_text()
    counts, shots = _play(page, "en", artifacts, seed=5)
    assert shots == {"mid", "fight"}, f"only {shots} seen: {counts}"
    page.locator("#final-scores").wait_for(state="visible")
    final = check_screen(page, "runebound", "en", artifacts, "runebound-en-final")
    ending = snapshot(page)["ending"]
    assert ending["by"] == "cap"  # the early-end variant: the heroes are ranked
    assert "How it ended" in final and "The game reached its round cap" in final
    assert "What decided" in final
    # the end screen: each hero's runes, level and gold, the winner, what decided
    assert page.locator("#final-scores .rb-final-table tbody tr").count() == 2
    assert page.locator("#final-scores .rb-final-table tr.winner").count() >= 1
    assert page.locator("#final-scores .winners").inner_text().strip()
    assert counts["hexes"] >= 3 and counts["steps_on_map"] > 0, counts
    assert counts["fights"] > 0, counts
    assert page.locator("#log li").count() > 10
    assert not errors, f"JavaScript errors: {errors}"
    print(f"\n{counts} in {time.monotonic() - started:.1f} s")


def test_play_runebound_in_hungarian(server: str, tab: Tab, artifacts: Path) -> None:
    page, errors = tab.page, tab.errors
    _start(page, server, "hu")
    assert "Saját tartalomkészlet" in page.locator("#board").inner_text()
    # the Hungarian rulebook's names of its cities (R1), not the English ones
    cities = page.locator("#board .rb-city-name").all_text_contents()
    assert {"Vynelvölgy", "Fagykapu", "Hajnalláp", "Tamalir"} <= set(cities), cities
    assert "Vynelvale" not in cities
    counts, shots = _play(page, "hu", artifacts, seed=8)
    assert "mid" in shots
    page.locator("#final-scores").wait_for(state="visible")
    check_screen(page, "runebound", "hu", artifacts, "runebound-hu-final")
    assert "Végeredmény" in page.locator("#final-scores").inner_text()
    assert counts["hexes"] > 0, counts
    assert not errors, f"JavaScript errors: {errors}"
