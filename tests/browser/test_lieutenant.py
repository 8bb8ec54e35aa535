"""Lieutenant Skat in a real browser: a whole game against the computer by keyboard alone, on a
laptop and a phone, with the player's piles and the cards to play in view without scrolling.

Each card is a button named by the card; Tab reaches the cards to play, Enter plays one; the
computer answers within the same request. A failing test keeps a screenshot in
``tests/browser/artifacts/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LAPTOP, PHONE = (1366, 768), (390, 844)

# The viewer's piles (the bottom side) and the buttons of the cards they may play: are they in view,
# once the flip of a card that turned up has ended?
MEASURE = """async () => {
  window.scrollTo(0, 0);
  // A covered card that just turned up is still flipping (its width passes through 0): measure after.
  await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)));
  const items = [...document.querySelectorAll('.lside--bottom .lpile .card, .lside--to-act .card-button')];
  return {boxes: items.map((e) => { const b = e.getBoundingClientRect();
            return {name: e.alt || e.innerText || e.tagName, left: b.left, top: b.top, right: b.right, bottom: b.bottom,
                    width: b.width, height: b.height, button: e.tagName === 'BUTTON'}; }),
          width: innerWidth, height: innerHeight, documentWidth: document.documentElement.scrollWidth};
}"""


def _misfits(page: Page, phone: bool) -> list[str]:
    shown = page.evaluate(MEASURE)
    found = []
    if shown["documentWidth"] > shown["width"]:
        found.append(f"the page is {shown['documentWidth']} px wide")
    for box in shown["boxes"]:
        if box["left"] < 0 or box["top"] < 0 or box["right"] > shown["width"] + .5 or box["bottom"] > shown["height"] + .5:
            found.append(f"{box['name']!r} lies outside the screen ({box['left']:.0f}, {box['top']:.0f})-"
                         f"({box['right']:.0f}, {box['bottom']:.0f})")
        if phone and box["button"] and (box["width"] < 40 or box["height"] < 44):
            found.append(f"{box['name']!r} is only {box['width']:.0f} x {box['height']:.0f} px")
    return found


def _start(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/en/tables/lieutenant/?side=computer&level=easy")
    page.get_by_label("Player 1: your name").fill("Anna")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#table")).to_be_visible()


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_whole_game_against_the_computer_by_keyboard(page: Page, live_server: str, screen: str) -> None:
    width, height = LAPTOP if screen == "laptop" else PHONE
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    _start(page, live_server)
    misfits: list[str] = []
    for _trick in range(17):
        if page.locator(".result").count():
            break
        expect(page.locator(".lside--bottom.lside--to-act")).to_be_visible()
        misfits += _misfits(page, screen == "phone")
        revision = page.locator("#table input[name=revision]").first.get_attribute("value")
        # Tab from the top of the page until a card to play has the focus, then play it with Enter.
        page.locator("body").focus()
        for _press in range(80):
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "() => { const e = document.activeElement; return e && e.closest('.lpile--legal') ? e.value : null; }")
            if focused:
                break
        assert focused, "Tab never reached a card that may be played"
        page.keyboard.press("Enter")
        page.wait_for_function(
            """(before) => {
              if (document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')) return false;
              const now = document.querySelector('#table input[name=revision]');
              return !now || now.value !== before;
            }""", arg=revision)
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator(".result")).to_contain_text("How the game points are worked out")
    assert not misfits, misfits[:5]
