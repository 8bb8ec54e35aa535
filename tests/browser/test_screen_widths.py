"""No page is wider than the screen: a crawl of the main pages in every language and deck.

Each page is loaded once per language and deck, then measured at each screen width by resizing
the one browser page: the document may never scroll sideways. A box that scrolls inside itself
(a fan of cards or a wide table with ``overflow-x: auto``) is fine, since the page stays put.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "fr", "fi", "ms", "de")
# Every page is crawled with the German-suited deck (its card names are the longest); the other
# decks on the pages that show cards or name them.
DECKS = ("german", "french", "four-colour")
CARD_PAGES = ("home", "cards", "lesson step", "practice hand", "calculator result")
WIDTHS = (320, 375, 390, 768, 1280, 1366, 1920)

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


def _setup(page: Page, base: str) -> dict[str, str]:
    """Make the pages that need data, once, in English; return each page's path after the language."""
    paths = {
        "home": "/",
        "cards": "/cards",
        "course": "/learn/",
        "practice": "/play/",
        "calculator": "/calculator/",
        "drills": "/calculator/drills/",
        "drill": "/calculator/drills/3/2024",
        "lists": "/lists/",
        "new list": "/lists/new",
        "display settings": "/settings",
        "not found": "/no-such-page",
    }
    page.goto(f"{base}/en/learn/")
    lesson = page.locator("a[href*='/learn/'][href$='/']").filter(has_not_text="reset").first.get_attribute("href")
    assert lesson
    paths["lesson step"] = re.sub(r"^/en", "", lesson) + "1"

    page.goto(f"{base}/en/play/")
    page.get_by_label("Deal number (leave empty for a random deal)").fill("11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url(re.compile(r"/en/play/[\w-]{20,}$"))
    paths["practice hand"] = page.url.removeprefix(f"{base}/en")

    page.goto(f"{base}/en/calculator/")
    page.get_by_label("Hearts", exact=True).check()
    page.get_by_label("With or without how many").select_option("2")
    page.get_by_label("Declarer's card points").fill("75")
    page.get_by_label("The highest bid").fill("36")
    page.get_by_label("The highest bid").press("Tab")
    page.wait_for_url(re.compile(r"bid=36"))
    paths["calculator result"] = page.url.removeprefix(f"{base}/en")

    page.goto(f"{base}/en/lists/new")
    for number, name in enumerate(("Annemarie", "Bartholomäus", "Cem", "Dorothea"), start=1):
        page.locator(f"input[name=player_{number}]").fill(name)
    page.locator("form.new-list button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/en/lists/[\w-]{20,}$"))
    sheet = page.url.removeprefix(f"{base}/en")
    for hand in (2, 3, 4):
        page.locator("input[name=declarer]").first.check()
        page.locator("input[name=bid]").fill("18")
        page.locator("input[name=game]").first.check()
        page.locator("input[name=matadors]").fill("1")
        page.locator("input[name=points]").fill("75" if hand % 2 else "40")
        page.locator("input[name=points]").press("Enter")
        page.wait_for_selector(f"#entry h2:has-text('Hand {hand}')")
    paths["scoresheet"] = sheet
    paths["scoresheet hand"] = sheet + "/hands/1"
    paths["scoresheet print"] = sheet + "/print"
    return paths


def _widths(page: Page) -> dict[int, int]:
    """Measure the document's width at each screen width, the page loaded once."""
    measured = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        measured[width] = page.evaluate("document.documentElement.scrollWidth")
    return measured


def test_no_page_is_wider_than_the_screen(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        paths = _setup(page, live_server)
        too_wide: list[str] = []
        for deck in DECKS:
            page.set_viewport_size({"width": 1280, "height": 800})
            page.goto(f"{live_server}/en/")
            page.locator(f"button[name=deck][value={deck}]").click()
            page.wait_for_selector(f"button[name=deck][value={deck}][aria-pressed=true]")
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
        assert not too_wide, "Pages wider than the screen:\n" + "\n".join(too_wide)
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        context.close()
