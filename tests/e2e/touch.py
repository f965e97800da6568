"""A person's phone or tablet: a touch-emulated browser context at one of the issue's sizes, and
`check_fits`, the checks every screen of a match must pass there: nothing scrolls sideways,
every legal target in sight is at least 44×44 CSS px, and the board spans the viewport's width
less its margins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
MIN_TAP = 44
#: the page's own margins on each side of the board (match-grid and play-area padding)
BOARD_MARGIN = 16


def touch_context(browser: Browser, viewport: dict[str, int], *, pace: str | None = "instant",
                  reduced_motion: str = "no-preference") -> BrowserContext:
    """A context as a phone (390×844) or a tablet (820×1180) has it: touch, a mobile viewport,
    and the playback pace set (None leaves the page's default)."""
    context = browser.new_context(viewport=viewport, has_touch=True,
                                  is_mobile=viewport["width"] < 700, device_scale_factor=2,
                                  reduced_motion=reduced_motion)  # type: ignore[arg-type]
    if pace:
        context.add_init_script(
            f"try {{ localStorage.setItem('boardwright.pace', '{pace}'); }} catch (e) {{}}")
    return context


# Everything the page lays out must lie within the viewport's width, except what sits inside a
# box that scrolls or clips by itself (the zoomable board, a wide final table).
_FITS = """(minTap) => {
  const width = innerWidth;
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const outside = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if ((r.right > width + 1 || r.left < -1) && !clipped(el)) {
      outside.push(`${el.tagName}#${el.id}.${el.getAttribute('class')}: ${r.left}..${r.right}`);
    }
  }
  const view = document.querySelector('.board-viewport');
  const box = view ? view.getBoundingClientRect() : null;
  const small = [];
  for (const el of document.querySelectorAll('.legal, #actions [data-action]')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    // only what is in sight: inside the screen and, on the board, inside its viewport
    if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > width) continue;
    if (box && view.contains(el) && (r.right < box.left || r.left > box.right)) continue;
    if (r.width < minTap - 0.5 || r.height < minTap - 0.5) {
      const name = el.dataset.key || el.dataset.action;
      small.push(`${name}: ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
    }
  }
  return { scroll: document.documentElement.scrollWidth, width, outside: outside.slice(0, 5),
           small, board: box ? box.width : 0 };
}"""


def check_fits(page: Page) -> dict[str, Any]:
    """Fails on sideways scrolling, a legal target in sight under 44×44 px, or a board narrower
    than the viewport less its margins; returns the measures."""
    found: dict[str, Any] = page.evaluate(_FITS, MIN_TAP)
    assert found["scroll"] <= found["width"], f"the page scrolls sideways: {found}"
    assert not found["outside"], f"laid out beyond the screen's width: {found['outside']}"
    assert not found["small"], f"tap targets under {MIN_TAP}×{MIN_TAP} px: {found['small']}"
    assert found["board"] >= found["width"] - 2 * BOARD_MARGIN, f"the board is narrow: {found}"
    return found
