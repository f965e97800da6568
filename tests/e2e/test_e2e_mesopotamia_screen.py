"""Mesopotamia as a phone and a tablet show it (issue 37): a whole 2-player game at 390×844
against a bot, with a short turn cap, tapped on the map, the hand (cards and the choices tray)
and the status bar only (never the text move list); part of a 3-player game at 820×1180. Every
screen must fit (touch.check_fits: no sideways scroll, legal targets in sight ≥ 44×44 px, the
board as wide as the screen). The renderer draws in place: a hex's node survives a redraw.
Screenshots land in test-artifacts/e2e/."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page

from .clicks import create_match, wait_for_turn_or_end
from .touch import PHONE, TABLET, check_fits, touch_context

#: what a person taps: the map, their hand (cards, the choices tray), the status bar's buttons
TAP_NOW = "#board [data-action], #hand [data-action], #status-bar #actions [data-action]"
TAP_STEP = "#board .legal[data-step], #hand .legal[data-step]"
ENDERS = ("#status-bar #actions [data-action='end_movement'],"
          " #status-bar #actions [data-action='finish_action']")
#: the draw times the renderer records (mesopotamia.js pushes into this list when it exists)
PROFILE = "window.__mesoDrawMs = [];"
#: counts the slides the page starts of the tribes' members (Element.animate on a members group)
COUNT_SLIDES = """
window.__slides = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  // a slide moves from where the group was (translate); a new group grows in (scale)
  if (this.classList && this.classList.contains('meso-members')
      && JSON.stringify(args[0]).includes('translate')) window.__slides += 1;
  return animate.apply(this, args);
};
"""


def _join(browser: Browser, server: str, viewport: dict[str, int], seats: list[str],
          turns: int, pace: str = "instant", **options: str) -> Page:
    # the seat is bound to who made the table (the identity the lobby gave this browser)
    page = touch_context(browser, viewport, pace=pace).new_page()
    page.add_init_script(PROFILE)
    page.add_init_script(COUNT_SLIDES)
    links = create_match(page, server, seats, game="mesopotamia",
                         options={"max_turns": str(turns), **options})
    page.goto(links[0])
    page.wait_for_selector("body[data-connection='online']")
    page.wait_for_selector("#board svg .meso-hex")
    return page


def _tap_one_move(page: Page, rng: random.Random,
                  on_step: Callable[[], None] = lambda: None) -> str:
    """One legal move by tapping: steps (a hex with members, what they carry, a card) until a
    tap sends a move; now and then the turn's end from the status bar, so turns stay short."""
    seq = page.evaluate("document.body.dataset.seq")
    enders = page.locator(ENDERS)
    for _ in range(4):
        steps, now = page.locator(TAP_STEP), page.locator(TAP_NOW)
        assert steps.count() or now.count(), "our turn, but nothing to tap"
        if enders.count() and rng.random() < 0.15:
            now, steps = enders, page.locator("#nothing")
        if steps.count() and (not now.count() or rng.random() < 0.6):
            step = steps.nth(rng.randrange(steps.count()))
            step.tap()
            on_step()
            continue
        target = now.nth(rng.randrange(now.count()))
        action = target.get_attribute("data-action") or ""
        target.tap()
        page.wait_for_function("(seq) => document.body.dataset.seq !== seq"
                               " || !document.getElementById('error').hidden", arg=seq)
        assert page.locator("#error").is_hidden(), page.locator("#error").text_content()
        return action
    raise AssertionError("four steps and still no move")


#: every legal move can be started on the screen: its first key is a target on the map or in the
#: hand, or it is a button of the status bar (so the text move list is never needed)
_UNREACHABLE = """async () => {
  const { pathOf } = await import('/static/games/mesopotamia.js');
  const snap = window.boardwright.snapshot();
  const out = [];
  for (const move of snap.legal || []) {
    const path = pathOf(move);
    const found = path
      ? document.querySelector(`#board .legal[data-key="${CSS.escape(path[0])}"],`
                               + ` #hand .legal[data-key="${CSS.escape(path[0])}"]`)
      : document.querySelector(`#status-bar #actions [data-action="${CSS.escape(move.text)}"]`);
    if (!found) out.push(move.text);
  }
  return { unreachable: out, blocks: [...new Set((snap.legal || []).map((m) => m.json.do))] };
}"""


def _reachable(page: Page, blocks: set[str]) -> None:
    found = page.evaluate(_UNREACHABLE)
    assert not found["unreachable"], f"moves only the move list offers: {found['unreachable']}"
    blocks.update(found["blocks"])


def _draw_ms(page: Page) -> list[float]:
    return page.evaluate("window.__mesoDrawMs || []")


def test_a_whole_mesopotamia_game_on_a_phone_by_tapping(server: str, browser: Browser,
                                                        artifacts: Path) -> None:
    started = time.monotonic()
    page = _join(browser, server, PHONE, ["human", "random"], turns=12,
                 start_with_card="true")   # a card from the start: the hand is tapped too
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    rng = random.Random(37)
    moves: list[str] = []
    # a hex keeps its node from draw to draw (keyed, drawn in place)
    page.evaluate("window.__centre = document.querySelector(\"#board [data-key='hex:0,0']\")")
    shots = {0, 5, 15}
    shown: set[str] = set()

    def tray() -> None:
        """Members chosen: the choices under the map (what they carry, what to do here)."""
        check_fits(page)
        if "tray" not in shown and page.locator("#hand .meso-choice.legal").count():
            shown.add("tray")
            page.screenshot(path=artifacts / "screen-phone-meso-tray.png")
    blocks: set[str] = set()   # the kinds of move seen offered
    while wait_for_turn_or_end(page) == "turn":
        assert time.monotonic() - started < 240 and len(moves) < 300, "the game did not end"
        check_fits(page)
        _reachable(page, blocks)
        if len(moves) in shots:
            page.screenshot(path=artifacts / f"screen-phone-meso-{len(moves)}.png")
        if page.locator("#board .legal").count():
            assert page.locator("#status-bar #turn").text_content(), "no prompt in the status bar"
        moves.append(_tap_one_move(page, rng, tray))
    same = "window.__centre === document.querySelector(\"#board [data-key='hex:0,0']\")"
    assert page.evaluate(f"{same} && window.__centre !== null"), "the map was rebuilt"
    page.screenshot(path=artifacts / "screen-phone-meso-end.png", full_page=True)
    assert page.locator("#final-scores").is_visible()
    check_fits(page)
    assert any(move.startswith("move ") for move in moves), moves
    assert len(moves) > 10 and not errors, errors
    ms = sorted(_draw_ms(page))
    assert ms, "no draw was timed"
    print(f"\n{len(moves)} tapped moves in {time.monotonic() - started:.1f} s; offered "
          f"{sorted(blocks)}; draw "
          f"median {ms[len(ms) // 2]:.2f} ms, max {ms[-1]:.2f} ms over {len(ms)} draws")
    page.context.close()


def test_part_of_a_mesopotamia_game_on_a_tablet(server: str, browser: Browser,
                                                artifacts: Path) -> None:
    page = _join(browser, server, TABLET, ["human", "random", "random"], turns=9)
    rng = random.Random(820)
    for move in range(10):
        if wait_for_turn_or_end(page) != "turn":
            break
        found = check_fits(page)
        assert found["board"] > 700, found   # upright tablet: the map spans the screen
        _reachable(page, set())
        if move in (0, 6):
            page.screenshot(path=artifacts / f"screen-tablet-meso-{move}.png")
        _tap_one_move(page, rng)
    # the players panel is the shared one: a line per seat, the bots badged
    assert page.locator("#players .player-list li.player").count() == 3
    assert page.locator("#players .badge", has_text="Bot").count() == 2
    page.context.close()


#: a tribe's group that steps to the next hex keeps its id; a group that splits off gets a new
#: one; a hex that keeps members keeps its id
_GROUP_IDS = """async () => {
  const { createGroupIds } = await import('/static/games/mesopotamia.js');
  const groups = createGroupIds();
  const at = (...hexes) => ({
    members: [Object.fromEntries(hexes.map((lab) => [lab, { empty: 1 }]))] });
  groups.follow(at('0,1', '3,-3'));
  const [a, b] = [groups.of(0, '0,1'), groups.of(0, '3,-3')];
  groups.follow(at('1,1', '3,-3'));            // the group on 0,1 stepped south-east
  const stepped = groups.of(0, '1,1') === a && groups.of(0, '3,-3') === b;
  groups.follow(at('1,1', '3,-3', '3,-2'));    // part of the group on 3,-3 stepped south
  const split = groups.of(0, '3,-2') !== b && groups.of(0, '3,-3') === b;
  return [a !== b, stepped, split];
}"""


def test_a_group_of_members_keeps_its_piece_id_when_it_steps(server: str, browser: Browser) -> None:
    page = _join(browser, server, PHONE, ["human", "random"], turns=2)
    assert page.evaluate(_GROUP_IDS) == [True, True, True]
    page.context.close()


def test_the_bots_members_slide_on_screen(server: str, browser: Browser) -> None:
    """At the normal pace another tribe's steps are shown one at a time, and its members'
    groups slide there (board/motion.js moves a piece whose id survived)."""
    # greedy walks its members out to explore from its first turns (a random bot may spend
    # six turns on cards and huts: the server draws a table's seed, so no run is fixed)
    page = _join(browser, server, PHONE, ["human", "greedy"], turns=12, pace="normal")
    rng = random.Random(3)
    for _ in range(60):
        if page.evaluate("window.__slides") or wait_for_turn_or_end(page) != "turn":
            break
        _tap_one_move(page, rng)
    page.wait_for_function("() => window.__slides > 0", timeout=30_000)
    page.context.close()
