"""The calculator and a drill, clicked through in a real browser: htmx updates in place."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from webapp.calculator.drills import exercise

pytestmark = pytest.mark.browser


def _mark_the_page(page) -> None:  # type: ignore[no-untyped-def]
    """Leave a mark in the window: it survives htmx swaps and disappears on a page load."""
    page.evaluate("window.kiebitzMark = 'still here'")


def _same_page(page) -> bool:  # type: ignore[no-untyped-def]
    return bool(page.evaluate("window.kiebitzMark === 'still here'"))


def _row(page, label: str):  # type: ignore[no-untyped-def]
    """Return the row of the computation whose step is ``label``."""
    step = page.get_by_role("button", name=label, exact=True)
    return page.locator("#calc-result tr", has=step)


def test_the_result_follows_the_inputs_without_a_page_load(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server + "/en/calculator/")
    _mark_the_page(page)
    result = page.locator("#calc-result")

    page.get_by_label("Hearts", exact=True).check()
    page.get_by_label("Hand game (the skat was not picked up)").check()
    page.get_by_label("With or without how many").select_option("2")
    page.get_by_label("Declarer's card points").fill("75")
    page.get_by_label("The highest bid").fill("36")
    page.get_by_label("The highest bid").press("Tab")
    expect(result.locator(".verdict")).to_have_text("Won: +40")
    assert result.locator(".calc-formula").inner_text() == "10 × (2 + 1 + 1) = 40"
    assert _row(page, "bid").inner_text().endswith("The game value 40 reaches the bid of 36.")
    assert "game=hearts" in page.url and "bid=36" in page.url  # the URL carries the inputs

    page.get_by_label("The highest bid").fill("48")
    expect(result.locator(".verdict")).to_have_text("Lost: −100")
    assert "10 × 5 = 50" in _row(page, "lost value").inner_text()
    assert page.locator("#calc-status").inner_text() == "Lost: −100"

    page.get_by_label("Grand", exact=True).check()
    page.get_by_label("With or without how many").select_option("5")
    expect(page.locator("#error-matadors")).to_contain_text("four trumps")
    expect(result.locator(".verdict")).to_have_count(0)
    page.get_by_label("With or without how many").select_option("4")
    expect(page.locator("#error-matadors")).to_have_text("")
    expect(result.locator(".verdict")).to_have_count(1)

    # The answer is in and settled (a swap meanwhile would replace the button and its focus).
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    page.get_by_role("button", name="Multiplier").focus()
    expect(page.get_by_role("tooltip").filter(has_text="The levels added up")).to_be_visible()
    assert _same_page(page)


def test_a_learner_solves_a_drill(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    drill = exercise(3, 2024)
    page.goto(live_server + "/en/calculator/drills/3/2024")
    _mark_the_page(page)
    assert page.get_by_role("list", name="The declarer's cards").get_by_role("img").count() == 10

    page.get_by_label("Game value").fill(str(drill.settlement.game_value))
    page.get_by_role("button", name="Check").click()
    page.get_by_text(f"Right: the game value is {drill.settlement.game_value}.").wait_for()
    page.get_by_label("Score in the classic list").fill(str(drill.settlement.score))
    page.get_by_role("button", name="Check").click()
    page.get_by_text("Right: the declarer scores").wait_for()

    assert page.locator(".streak__count").inner_text() == "1"
    assert page.url.endswith(
        f"/en/calculator/drills/3/2024?value={drill.settlement.game_value}&score={drill.settlement.score}")
    assert _same_page(page)
    page.get_by_role("link", name="Next exercise").click()
    page.wait_for_url(re.compile(r"/en/calculator/drills/3/\d+$"))  # same level: one right so far
