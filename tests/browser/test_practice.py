"""A learner plays a practice hand in a real browser, asks the coach, and reaches the result."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser


REVISION = "() => document.querySelector('input[name=revision]')?.value ?? 'done'"


def _play_as_declarer(page) -> None:  # type: ignore[no-untyped-def]
    """Click through a whole hand: win the auction, pick up, lay away, announce, play.

    After each decision it waits until the table shows the next one (the hand's revision changed,
    or the result is there), so it never clicks into a table that is being replaced."""
    asked_in_play = False
    for _ in range(80):
        if page.locator(".result").count():
            return
        revision = page.evaluate(REVISION)
        if page.locator("button[name=action][value=yes]").count():
            page.locator("button[name=action][value=yes]").click()
        elif page.locator("select#jump").count():
            page.select_option("select#jump", index=3)
            page.locator(".bid-jump button").click()
        elif page.locator("button[name=action][value='18']").count():
            page.locator("button[name=action][value='18']").click()
        elif page.locator("button[name=action][value=skat]").count():
            page.get_by_role("button", name="Pick up the skat").click()
        elif page.locator("input[name=discard]").count():
            # In a fanned hand a person clicks the visible left edge of a card.
            page.locator(".card-check").nth(0).click(position={"x": 12, "y": 40})
            page.locator(".card-check").nth(1).click(position={"x": 12, "y": 40})
            page.get_by_role("button", name="Lay away these two cards").click()
        elif page.locator("input[type=radio][name=game]").count():
            page.get_by_role("button", name="Announce", exact=True).click()
        elif page.locator(".hand--play button:enabled").count():
            if not asked_in_play:
                page.get_by_role("link", name="Give me a hint").click()
                page.locator(".coach__reason").wait_for()
                assert page.locator(".coach__move").inner_text().startswith("Play ")
                asked_in_play = True
            page.locator(".hand--play button:enabled").first.click(position={"x": 12, "y": 40})
        page.wait_for_function(f"(before) => ({REVISION})() !== before", arg=revision)
        page.wait_for_load_state()
    raise AssertionError("the hand did not end")


def test_play_a_hand_with_a_hint_to_the_result(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server + "/en/play/")
    page.get_by_label("Deal number (leave empty for a random deal)").fill("11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/en/play/*")
    page.get_by_role("link", name="Give me a hint").click()
    page.locator(".coach__reason").wait_for()
    assert page.locator(".coach__move").inner_text()
    # htmx swapped the table in place; the keyboard focus moved to the hint.
    page.wait_for_function("document.activeElement.classList.contains('coach__move')")
    _play_as_declarer(page)
    assert page.get_by_role("heading", name="How the score is worked out").count() == 1
    assert page.locator(".breakdown tbody tr").count() >= 5
    assert page.get_by_role("link", name="Could I have won? See the best play with all cards open").count() == 1


@pytest.fixture
def page_without_javascript(browser) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """A page in a browser context with JavaScript turned off."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_a_hand_works_without_javascript(page_without_javascript, live_server: str) -> None:  # type: ignore[no-untyped-def]
    page = page_without_javascript
    page.goto(live_server + "/en/play/deal/11")
    page.get_by_label("Forehand: you lead the first trick and answer the first bids.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/en/play/*")
    _play_as_declarer(page)
    assert page.locator(".result h3").count() >= 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_bidding_panel_fits_a_narrow_phone(browser, live_server: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """On a 320 px wide screen the table, and in it the values, the note and the warning of the
    bidding panel, fit without scrolling sideways (French has the longest sentences). Only the
    fan of cards scrolls inside its own row."""
    context = browser.new_context(viewport={"width": 320, "height": 800})
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(live_server + f"/{lang}/play/deal/34")
        page.locator("input[name=seat][value='0']").check()
        page.locator(".start-form button[type=submit]").click()
        page.wait_for_url(f"**/{lang}/play/*")
        page.locator("button[name=action][value=yes]").click()
        warning = page.locator(".limits__warning")
        warning.first.wait_for()
        for box in page.locator(".ptable__felt, .ptable__decision, .limits, .limits li, .limits__warning").all():
            bounds = box.bounding_box()
            assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 320
    finally:
        context.close()
