"""The header on a phone folds into a menu; the skip link leads to the cards in a few Tab presses."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "fr", "fi", "ms", "de")
PHONE = {"width": 390, "height": 844}
HEADER_HEIGHT = "document.querySelector('.site-header').getBoundingClientRect().height"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_the_closed_header_leaves_the_screen_to_the_content(page: Page, live_server: str, lang: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server}/{lang}/learn/")
    menu = page.locator("details.site-menu")
    expect(menu.locator("> summary")).to_be_visible()
    expect(page.locator(".switchers")).to_be_hidden()
    expect(page.locator(".site-nav")).to_be_hidden()
    assert page.evaluate(HEADER_HEIGHT) <= 0.2 * PHONE["height"]


def test_the_phone_menu_opens_and_its_choices_work(page: Page, live_server: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server}/en/learn/")
    page.locator("details.site-menu > summary").click()
    expect(page.locator(".site-nav")).to_be_visible()
    page.locator(".switcher a[hreflang=de]").click()
    page.wait_for_url(re.compile(r"/de/learn/$"))
    expect(page.locator("details.site-menu > summary")).to_have_text("Menü")
    page.locator("details.site-menu > summary").click()
    page.locator("button[name=deck][value=german]").click()
    expect(page.locator("button[name=deck][value=german]")).to_have_attribute("aria-pressed", "true")
    assert re.search(r"/de/learn/$", page.url)


def test_on_a_wide_screen_the_header_shows_the_navigation_and_drops_down_the_choices(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    for lang in LANGUAGES:
        page.goto(f"{live_server}/{lang}/learn/")
        expect(page.locator("details.site-menu > summary")).to_be_hidden()
        expect(page.locator(".site-nav a").first).to_be_visible()
        # The language's drop-down names the page's language; the deck's and the display's are beside it.
        expect(page.locator("details.language-menu > summary")).to_have_attribute("lang", lang)
        expect(page.locator(".switcher a[hreflang=fi]")).to_be_hidden()
        expect(page.locator("details.deck-menu > summary")).to_be_visible()
        expect(page.locator("details.display-menu > summary")).to_be_visible()
    page.locator("details.language-menu > summary").click()
    page.locator(".switcher a[hreflang=fi]").click()
    page.wait_for_url(re.compile(r"/fi/learn/$"))
    expect(page.locator("details.language-menu > summary")).to_have_text("Suomi")
    page.locator("details.deck-menu > summary").click()
    expect(page.locator("button[name=deck]")).to_have_count(3)
    page.locator("button[name=deck][value=german]").click()
    expect(page.locator("button[name=deck][value=german]")).to_have_attribute("aria-pressed", "true")
    assert re.search(r"/fi/learn/$", page.url)
    # One drop-down at a time: opening another closes the first.
    page.locator("details.deck-menu > summary").click()
    page.locator("details.display-menu > summary").click()
    expect(page.locator("details.deck-menu")).not_to_have_attribute("open", "")
    page.locator(".site-nav a[href='/fi/play/']").click()
    page.wait_for_url(re.compile(r"/fi/play/$"))


# Where each of the header's shown controls stands (not those inside a closed drop-down): one row
# means every control's top lies above every other control's bottom.
HEADER_CONTROLS = """() => [...document.querySelectorAll('.site-header :is(a, button, summary, select)')]
  .filter((element) => element.checkVisibility({visibilityProperty: true}))
  .map((element) => { const box = element.getBoundingClientRect();
    return {name: element.innerText.trim(), top: box.top, bottom: box.bottom, width: box.width, height: box.height}; })"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080)])
def test_on_a_laptop_and_a_projector_the_header_is_one_compact_row(page: Page, live_server: str, width: int, height: int) -> None:
    """One row of 44 px touch targets with its padding is about 60 px, 8 % of a laptop's 768 px;
    a second row would add at least 50 px (14 %): 12 % of the height allows one row and no more,
    and the controls' boxes must overlap vertically."""
    page.set_viewport_size({"width": width, "height": height})
    too_tall = []
    for lang in LANGUAGES:
        for path in ("/learn/", "/play/"):
            page.goto(f"{live_server}/{lang}{path}")
            header = page.evaluate(HEADER_HEIGHT)
            controls = page.evaluate(HEADER_CONTROLS)
            assert len(controls) >= 9, controls  # the name, six areas, three drop-downs
            lowest_top = max(control["top"] for control in controls)
            highest_bottom = min(control["bottom"] for control in controls)
            if header > 0.12 * height or lowest_top >= highest_bottom:
                rows = sorted({round(control["top"]) for control in controls})
                too_tall.append(f"{lang}{path}: {header:.0f} px high, controls at the tops {rows}")
    assert not too_tall, f"The header at {width} x {height} is more than one row:\n" + "\n".join(too_tall)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_touch_target_of_the_phone_menu_is_at_least_44_px(page: Page, live_server: str, lang: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server}/{lang}/learn/")
    page.locator("details.site-menu > summary").click()
    page.locator("details.display-menu > summary").click()
    expect(page.locator(".display-menu select").first).to_be_visible()
    controls = page.evaluate(HEADER_CONTROLS)
    assert len(controls) >= 6 + 5 + 3 + 5 + 2, controls  # areas, languages, decks, settings, apply and all
    small = [f"{control['name']!r} is {control['width']:.0f} x {control['height']:.0f} px"
             for control in controls if control["width"] < 44 or control["height"] < 44]
    assert not small, "Too small to tap:\n" + "\n".join(small)


@pytest.mark.parametrize("width", [390, 1280])
def test_three_tab_presses_reach_the_first_card_of_a_lesson_step(page: Page, live_server: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_server}/en/learn/deck/6")
    first_card = page.locator("#step button[name=card]").first
    expect(first_card).to_be_visible()
    page.keyboard.press("Tab")
    skip = page.locator("a.skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    expect(skip).to_have_attribute("href", "#main")
    page.keyboard.press("Enter")
    for _ in range(2):
        page.keyboard.press("Tab")
    expect(first_card).to_be_focused()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_skip_link_is_translated(page: Page, live_server: str, lang: str) -> None:
    page.goto(f"{live_server}/{lang}/learn/")
    text = page.locator("a.skip-link").inner_text()
    assert text and (lang == "en") == (text == "Skip to content")
