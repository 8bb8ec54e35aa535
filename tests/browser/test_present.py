"""Presentation mode in a real browser on a projector's screen (1920 × 1080): a whole hand
stepped through with the arrow keys, Home and End, and a lesson step revealed with a key."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.practice.test_present import GAME

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}


def _at(page: Page, index: int) -> None:
    """Wait until the address and the slide show slide ``index``."""
    expect(page).to_have_url(re.compile(rf"[?&]at={index}(&|$)"))
    expect(page.locator(".present-steps__where")).to_have_text(re.compile(rf"^{index + 1} of "))


def test_a_hand_is_stepped_through_with_the_keys(page: Page, live_server: str) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server}/en/play/present/{GAME}?at=0")
    body_size = page.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
    assert body_size >= 32
    width = page.evaluate("() => document.documentElement.clientWidth")
    for hand in page.locator(".present-hand .present-cards").all():
        assert hand.locator("img").count() == 10
        box = hand.bounding_box()
        assert box is not None and box["width"] >= 0.5 * width  # ten cards fill the column
    for index in range(1, 6):
        page.keyboard.press("ArrowRight")
        _at(page, index)
    cards = page.locator(".present-trick .card")
    expect(cards).to_have_count(3)
    for card in cards.all():
        box = card.bounding_box()
        assert box is not None and box["height"] >= 1080 / 6
    expect(page.locator(".present-deal__news")).to_have_text("Taken by forehand: 21 card points.")
    expect(page.locator(".present-points dd").first).to_have_text("21")
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 1080
    page.screenshot(path=str(ARTIFACTS / "present-trick-1920x1080.png"))
    page.keyboard.press("ArrowLeft")
    _at(page, 4)
    page.keyboard.press("End")
    _at(page, 33)
    expect(page.locator("#slide-title")).to_have_text("The score")
    page.keyboard.press("Home")
    _at(page, 0)
    page.go_back()  # each step is in the history, as a link would be
    _at(page, 33)


def test_without_javascript_the_links_step_through(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False, viewport=PROJECTOR)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/en/play/present/{GAME}?at=4")
        expect(page.locator("[data-fullscreen]")).to_be_hidden()  # the button needs JavaScript
        page.locator('[data-key="next"]').click()
        _at(page, 5)
    finally:
        context.close()


def test_a_lesson_step_reveals_its_answer_on_a_key(page: Page, live_server: str) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{live_server}/en/learn/deck/6/present")
    expect(page.locator(".present-answer")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/deck/6/present\?answer=1$"))
    expect(page.locator(".present-answer")).to_contain_text("The answer:")
    expect(page.locator(".present-card--right")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/deck/7/present$"))
