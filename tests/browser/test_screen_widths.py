"""No page is wider than the screen, and axe-core finds nothing: one crawl of the main pages in
every language and deck.

Each page is loaded once per language and deck, then measured at each screen width by resizing
the one browser page: the document may never scroll sideways. A box that scrolls inside itself
(a fan of cards or a wide table with ``overflow-x: auto``) is fine, since the page stays put.

On the same visit (no second page load) axe checks the page on a phone held upright, in every
language with the German-suited deck: most rules do not depend on the width, and a box that
scrolls on a narrow screen must then be reachable by keyboard. The header's row of a wide screen
is checked on a few pages in German, its longest language.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.axe import violations
from tests.browser.crawl import LANGUAGES, crawl_pages

pytestmark = pytest.mark.browser

# Every page is crawled with the German-suited deck (its card names are the longest); the other
# decks on the pages that show cards or name them.
DECKS = ("german", "french", "four-colour")
CARD_PAGES = ("home", "cards", "lesson step", "practice hand", "calculator result")
WIDTHS = (320, 375, 390, 768, 1280, 1366, 1920)
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
WIDE_AXE_PAGES = ("home", "practice hand", "scoresheet")

# What sticks out of the screen, for the failure message: the outermost elements whose right edge
# passes the screen's, leaving out those inside a box that scrolls or clips on its own.
WIDER_THAN_SCREEN = """() => {
  const limit = window.innerWidth;
  const clipped = (element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if (overflow !== 'visible') return true;
    }
    return false;
  };
  const found = [];
  for (const element of document.body.querySelectorAll('*')) {
    const right = element.getBoundingClientRect().right;
    if (right <= limit + 0.5 || clipped(element)) continue;
    if (found.some((outer) => outer.contains(element))) continue;
    found.push(element);
  }
  return found.slice(0, 5).map((element) => {
    const name = element.tagName.toLowerCase() + (element.className && typeof element.className === 'string'
      ? '.' + element.className.trim().split(/\\s+/).join('.') : '');
    return name + ' (right edge ' + Math.round(element.getBoundingClientRect().right) + ' px)';
  });
}"""


def _widths(page: Page) -> dict[int, int]:
    """Measure the document's width at each screen width, the page loaded once."""
    measured = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        measured[width] = page.evaluate("document.documentElement.scrollWidth")
    return measured


def test_no_page_is_wider_than_the_screen_nor_has_an_axe_violation(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        paths = crawl_pages(page, live_server)
        too_wide: list[str] = []
        found: list[str] = []
        for deck in DECKS:
            page.set_viewport_size({"width": 1280, "height": 800})
            page.goto(f"{live_server}/en/")
            page.locator("details.deck-menu > summary").click()
            page.locator(f"button[name=deck][value={deck}]").click()
            page.wait_for_selector(f"button[name=deck][value={deck}][aria-pressed=true]", state="attached")
            for lang in LANGUAGES:
                for name, path in paths.items():
                    if deck != DECKS[0] and name not in CARD_PAGES:
                        continue
                    page.goto(f"{live_server}/{lang}{path}")
                    for width, document in _widths(page).items():
                        if document > width:
                            page.set_viewport_size({"width": width, "height": 800})
                            culprits = ", ".join(page.evaluate(WIDER_THAN_SCREEN))
                            too_wide.append(f"{name} ({lang}, {deck}) at {width} px is {document} px: {culprits}")
                    if deck != DECKS[0]:
                        continue
                    page.set_viewport_size(PHONE)
                    found += violations(page, f"{name} ({lang})")
                    if lang == "de" and name in WIDE_AXE_PAGES:
                        page.set_viewport_size(WIDE)
                        found += violations(page, f"{name} on a wide screen ({lang})")
        assert not too_wide, "Pages wider than the screen:\n" + "\n".join(too_wide)
        assert not found, "axe found:\n" + "\n".join(found)
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        context.close()
