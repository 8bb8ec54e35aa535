"""A season made in a real browser: two evenings' lists, started from the first list's page, the
second added by its edit link; on a 320 px phone the page stays within the screen, its wide
tables scroll inside themselves, and axe finds nothing; the print view leaves the forms out."""

from __future__ import annotations

import re

import pytest

from tests.browser.axe import violations

pytestmark = pytest.mark.browser

PLAYERS = ("Annemarie", "Bartholomäus", "Cem", "Dorothea")


def new_list(page, base: str, players: tuple[str, ...]) -> str:  # type: ignore[no-untyped-def]
    """Start a list and enter one hand, Clubs with 1 won by player 2; return the list's address."""
    page.goto(f"{base}/en/lists/new")
    for seat, name in enumerate(players, start=1):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("form.new-list button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/en/lists/[\w-]{20,}$"))
    page.locator("input[name=declarer][value=\"2\"]").check()
    page.locator("input[name=bid]").fill("18")
    page.locator("input[name=game][value=clubs]").check()
    page.locator("input[name=matadors]").fill("1")
    page.locator("input[name=points]").fill("75")
    page.locator("input[name=points]").press("Enter")
    page.wait_for_selector("#entry h2:has-text('Hand 2')")
    return str(page.url.split("#")[0])


def test_a_season_of_two_evenings_on_a_small_phone(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        first = new_list(page, live_server, PLAYERS)
        second = new_list(page, live_server, ("annemarie", "BARTHOLOMÄUS", "Cem", "Dorothea"))
        page.goto(first)
        page.get_by_role("link", name="Start a season").click()
        page.get_by_label("Name of the season").fill("Winter season at the Skatclub Kiebitz")
        page.get_by_role("button", name="Start the season").click()
        page.wait_for_url(re.compile(r"/en/lists/seasons/[\w-]{20,}$"))
        page.get_by_label("Edit link of the list").fill(second)
        page.get_by_role("button", name="Add the list").click()
        page.get_by_text("The list was added to the season.").wait_for()
        # Clubs with 1 won twice by Bartholomäus: 12 × 2 = 24, + 50 = 74 each evening: 148.
        leader = page.locator(".season-table tbody tr").first
        assert leader.locator("th").inner_text() == "Bartholomäus"
        assert "+148" in leader.inner_text()
        assert page.locator(".season-table tbody tr").count() == 4  # the names matched whatever their capitals
        assert page.locator(".chart__svg polyline").count() == 4

        page.set_viewport_size({"width": 320, "height": 640})
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 320, width
        found = violations(page, "season at 320 px")
        assert found == [], "\n".join(found)

        page.emulate_media(media="print")
        assert not page.locator("form").first.is_visible()
        assert not page.locator("#season-share").is_visible()
        assert page.locator(".season-table").is_visible() and page.locator(".chart__svg").is_visible()
        assert errors == []
    finally:
        context.close()
