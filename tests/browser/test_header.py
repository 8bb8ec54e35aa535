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


def test_on_a_wide_screen_the_header_shows_everything_without_a_menu(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    for lang in LANGUAGES:
        page.goto(f"{live_server}/{lang}/learn/")
        expect(page.locator("details.site-menu > summary")).to_be_hidden()
        expect(page.locator(".site-nav a").first).to_be_visible()
        expect(page.locator(".switcher a[hreflang=fi]")).to_be_visible()
        expect(page.locator("button[name=deck]").first).to_be_visible()
    page.locator(".site-nav a[href='/de/play/']").click()
    page.wait_for_url(re.compile(r"/de/play/$"))


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
