"""Around a match, in the browser (issue 24): a rated match between two accounts changes both
ratings on the leaderboard; the chat reaches players and a spectator as text, carries nothing
of a seat's hand, is shown in the replay, and a table may mute its spectators; a rematch from
the end screen seats the players rotated. Each test plays a two-space-board Beowulf match."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from .clicks import Tab, create_match
from .tables import TINY_BEOWULF, open_seat, play_out, seat_of, sign_up


def _rated_match(server: str, first: Page, second: Page, names: tuple[str, str],
                 table: dict[str, str] | None = None) -> str:
    """`names[0]` (signed up in `first`) creates a rated tiny match, A theirs, and sends B's
    link to `names[1]` (signed up in `second`); both open it. Returns the match id."""
    sign_up(first, server, names[0])
    sign_up(second, server, names[1])
    # a chosen board makes a match unrated unless the table says otherwise: this one does
    links = create_match(first, server, ["human", "human"], options=TINY_BEOWULF,
                         table={"rated": "yes", **(table or {})})
    match_id = (first.get_attribute("#created .spectate-link", "href") or "").rsplit("/", 1)[-1]
    first.click(".join-link[data-seat='0']")
    first.wait_for_selector("body[data-connection='online']")
    open_seat(second, links[1])  # the lobby shows full addresses
    assert (seat_of(first), seat_of(second)) == (0, 1)
    return match_id


def _leaderboard(page: Page, server: str) -> dict[str, tuple[int, int, int]]:
    """Beowulf's leaderboard as shown: name -> (rank, rating, matches)."""
    page.goto(f"{server}/leaderboard?lang=en&game=beowulf")
    page.wait_for_selector("body[data-ready='true']")
    rows: dict[str, tuple[int, int, int]] = {}
    for row in page.locator("#board-rows tr").all():
        cells = row.locator("td").all_inner_texts()
        if len(cells) == 4:
            rows[cells[1]] = (int(cells[0]), int(cells[2]), int(cells[3]))
    return rows


def test_a_rated_match_changes_both_ratings_on_the_leaderboard(
        server: str, open_tab: Callable[[], Tab], artifacts: Path) -> None:
    tabs = [open_tab(), open_tab()]
    first, second = tabs[0].page, tabs[1].page
    names = ("Rated Ann", "Rated Bob")
    before = _leaderboard(first, server)
    assert not set(names) & set(before)
    match_id = _rated_match(server, first, second, names)
    play_out([first, second], seed=11)
    first.locator("#final-scores").wait_for(state="visible")
    winners = first.evaluate("window.boardwright.snapshot().winners")
    # the match is rated in the background once it ends; the page shows what is stored
    for _ in range(50):
        board = _leaderboard(second, server)
        if set(names) <= set(board):
            break
        second.wait_for_timeout(100)
    assert set(names) <= set(board), f"not on the leaderboard: {board}"
    second.screenshot(path=artifacts / "leaderboard-after-rated-match.png")
    ann, bob = board[names[0]], board[names[1]]
    assert ann[2] == bob[2] == 1  # one match each
    if winners == [0]:
        assert ann[1] > bob[1] and ann[0] < bob[0]
    elif winners == [1]:
        assert bob[1] > ann[1] and bob[0] < ann[0]
    else:  # a shared win: equal ratings
        assert ann[1] == bob[1]
    # both moved from where a new player starts (mu 25, sigma 25/3: a shown rating of 0)
    assert ann[1] != 0 and bob[1] != 0
    # My games says the match was rated and who won
    first.goto(f"{server}/my-games?lang=en")
    first.wait_for_selector("body[data-ready='true']")
    item = first.locator(f"#my-finished li[data-match='{match_id}']")
    assert "rated" in item.inner_text()
    assert ("won" if 0 in winners else "lost") in item.inner_text()
    errors = tabs[0].errors + tabs[1].errors
    assert not errors, f"JavaScript errors: {errors}"


def _say(page: Page, text: str) -> None:
    count = page.locator("#chat li").count()
    page.fill("#chat-text", text)
    page.click("#chat-send")
    page.wait_for_function("(n) => document.querySelectorAll('#chat li').length > n",
                           arg=count)


def _chat_texts(page: Page) -> list[str]:
    return page.locator("#chat li").all_inner_texts()


def test_chat_reaches_the_table_and_a_spectator_as_text_and_shows_in_the_replay(
        server: str, open_tab: Callable[[], Tab], artifacts: Path) -> None:
    tabs = [open_tab(), open_tab(), open_tab()]
    first, second, watcher = (tab.page for tab in tabs)
    match_id = _rated_match(server, first, second, ("Chat Cleo", "Chat Dan"))
    # a spectator with a name (a guest of the lobby) watches, unseated
    sign_up(watcher, server, "Chat Eve")
    open_seat(watcher, f"{server}/m/{match_id}?lang=en")
    assert seat_of(watcher) is None
    hand = [tile for tile in first.evaluate("window.boardwright.snapshot().view.hands[0].tiles")]
    assert hand, "seat A holds tiles to keep secret"

    _say(first, "<img src=x onerror=alert(1)> good luck")
    _say(watcher, "<b>enjoy</b> & play fair")
    _say(second, "thanks!")
    expected = ["Chat Cleo", "good luck", "Chat Eve (spectator)", "<b>enjoy</b> & play fair",
                "thanks!"]
    for page in (first, second, watcher):
        page.wait_for_function("() => document.querySelectorAll('#chat li').length === 3")
        shown = "\n".join(_chat_texts(page))
        for part in expected:
            assert part in shown, f"{part!r} missing from the chat: {shown}"
        # text, never markup: nothing the lines typed became an element
        assert page.locator("#chat img, #chat b").count() == 0
    # what a line carries: who said it, when, and what was typed; nothing of any view
    lines = second.evaluate(f"fetch('/api/matches/{match_id}/chat').then(r => r.json())")
    assert {frozenset(line) for line in lines["lines"]} == {
        frozenset(["n", "seq", "seat", "name", "text", "time"])}, lines
    carried = json.dumps(lines)
    assert "tiles" not in carried and "hand" not in carried
    watcher.screenshot(path=artifacts / "chat-spectator.png")

    play_out([first, second], seed=12)
    first.locator("#final-scores .replay-link").click()
    first.wait_for_selector("body[data-status='ready']")
    first.click("#last")
    first.wait_for_selector("#final-scores:not([hidden])")
    replayed = "\n".join(first.locator("#chat li").all_inner_texts())
    for part in expected:
        assert part in replayed, f"{part!r} missing from the replay's chat: {replayed}"
    assert first.locator("#chat img, #chat b").count() == 0
    first.screenshot(path=artifacts / "chat-replay.png")
    errors = [e for tab in tabs for e in tab.errors]
    assert not errors, f"JavaScript errors: {errors}"


def test_a_table_that_mutes_spectators_hears_only_its_players(
        server: str, open_tab: Callable[[], Tab], artifacts: Path) -> None:
    tabs = [open_tab(), open_tab(), open_tab()]
    first, second, watcher = (tab.page for tab in tabs)
    match_id = _rated_match(server, first, second, ("Mute Fay", "Mute Gus"),
                            table={"spectator-chat": "no"})
    sign_up(watcher, server, "Mute Hal")
    open_seat(watcher, f"{server}/m/{match_id}?lang=en")
    # the spectator reads the chat and is told why there is no box to type in
    assert watcher.locator("#chat-form").is_hidden()
    assert watcher.locator("#chat-muted").inner_text() == "This table does not hear spectators."
    # the server refuses a spectator's line sent past the page
    status = watcher.evaluate(
        f"fetch('/api/matches/{match_id}/chat', {{method: 'POST', headers: "
        "{'Content-Type': 'application/json'}, body: JSON.stringify({text: 'psst'})})"
        ".then(r => r.status)")
    assert status == 403
    # the players still talk, and the spectator reads it
    assert first.locator("#chat-form").is_visible()
    _say(first, "just us")
    watcher.wait_for_function("() => document.querySelectorAll('#chat li').length === 1")
    assert "just us" in watcher.locator("#chat li").inner_text()
    watcher.screenshot(path=artifacts / "chat-muted-spectator.png")
    watcher.goto(f"{server}/m/{match_id}?lang=hu")
    watcher.wait_for_selector("body[data-connection='online']")
    assert watcher.locator("#chat-muted").inner_text() == "Ez az asztal nem hallja a nézőket."
    errors = [e for tab in tabs for e in tab.errors]
    assert not errors, f"JavaScript errors: {errors}"


def test_a_rematch_from_the_end_screen_rotates_the_seats(
        server: str, open_tab: Callable[[], Tab], artifacts: Path) -> None:
    tabs = [open_tab(), open_tab()]
    first, second = tabs[0].page, tabs[1].page
    match_id = _rated_match(server, first, second, ("Again Ida", "Again Jo"))
    play_out([first, second], seed=13)
    for page in (first, second):
        page.locator("#rematch-box").wait_for(state="visible")
        assert page.locator("#rematch").is_visible()
    first.screenshot(path=artifacts / "rematch-end-screen.png")
    first.click("#rematch")
    first.wait_for_function(f"() => !location.pathname.endsWith('/{match_id}')")
    first.wait_for_selector("body[data-connection='online']")
    new_id = first.evaluate("window.boardwright.snapshot().match_id")
    assert new_id != match_id
    assert seat_of(first) == 1  # Ida sat at A, now at B
    # Jo's end screen learns of the rematch and opens it as seat A, no link needed
    link = second.locator("#rematch-link")
    link.wait_for(state="visible")
    link.click()
    second.wait_for_selector("body[data-connection='online']")
    assert seat_of(second) == 0
    players = second.locator("#players").inner_text()
    assert "Again Jo" in players and "Again Ida" in players
    seats = second.evaluate("window.boardwright.snapshot().seats")
    assert [s.get("player") for s in seats] == ["Again Jo", "Again Ida"]
    # the same table again: rated, the same board
    summary = second.evaluate(f"fetch('/api/matches/{new_id}').then(r => r.json())")
    assert summary["rated"] is True and summary["rematch_of"] == match_id
    second.wait_for_selector("body[data-status='active']")
    second.screenshot(path=artifacts / "rematch-rotated.png")
    errors = tabs[0].errors + tabs[1].errors
    assert not errors, f"JavaScript errors: {errors}"
