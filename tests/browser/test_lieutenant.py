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
    # A play sent before htmx was ready loads a whole page: the browser shows nothing of it until
    # its stylesheets have come, so measure once it has loaded, as the player would first see it.
    page.wait_for_load_state("load")
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


def test_a_message_being_typed_outlasts_the_news_the_poll_brings(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    """At a Lieutenant Skat table across two browsers, the one who waits types a message while the
    other sends one: the poll brings the other's message, and the text typed so far stays in the
    field, the cursor with it; sent, it reaches the other."""
    contexts = [browser.new_context(locale="en-GB") for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    try:
        host.goto(f"{live_server}/en/tables/lieutenant/?side=remote")
        host.get_by_label("Player 1: your name").fill("Anna")
        host.get_by_role("button", name="Start the game").click()
        link = host.locator("a[href*='/join/']").first.get_attribute("href")
        assert link is not None
        guest.goto(link)
        guest.locator("input[name=name]").fill("Ben")
        guest.locator("form button[type=submit]").last.click()
        expect(guest.locator(".lside--to-act")).to_be_visible()
        waiting, mover = (host, guest) if guest.locator(".lside--to-act .card-button").count() else (guest, host)
        expect(host.locator(".lside--to-act")).to_be_visible()  # the host's poll brings the game
        expect(mover.locator(".lside--to-act .card-button").first).to_be_visible()
        waiting.reload()  # the page that polls, freshly drawn
        waiting.locator("#message").press_sequentially("Nice lead, but")
        mover.locator("#message").fill("Your move soon?")
        mover.locator(".ltable__series form button").click()
        expect(mover.locator("#message")).to_have_value("Your move soon?")
        expect(waiting.locator(".tables__messages li")).to_contain_text("Your move soon?")
        expect(waiting.locator("#message")).to_have_value("Nice lead, but")
        expect(waiting.locator("#message")).to_be_focused()
        waiting.locator("#message").press_sequentially(" wait")
        waiting.locator(".ltable__series form button").click()
        expect(waiting.locator("#message")).to_have_value("Nice lead, but wait")
        mover.reload()
        expect(mover.locator(".tables__messages li")).to_contain_text("Nice lead, but wait")
    finally:
        for context in contexts:
            context.close()
