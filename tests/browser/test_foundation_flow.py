"""A visitor opens Kiebitz, switches language and deck, and sees the cards change."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_switch_language_and_deck(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("link", name="The cards").first.click()
    page.wait_for_url("**/en/cards")
    assert page.get_by_role("img", name="jack of clubs").count() == 1

    # On a laptop-wide screen the language and the deck are drop-downs in the header.
    page.locator("details.language-menu > summary").click()
    page.get_by_role("link", name="Deutsch").click()
    page.wait_for_url("**/de/cards")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.get_by_role("img", name="Kreuz-Bube").count() == 1

    page.locator("details.deck-menu > summary").click()
    page.get_by_role("button", name="Deutsch", exact=True).click()
    page.wait_for_url("**/de/cards")
    assert page.get_by_role("img", name="Eichel-Unter").count() == 1
    # The page came back with the deck's drop-down closed: its pressed button is there, not shown.
    deck = page.locator("button[name=deck][value=german]")
    assert deck.get_attribute("aria-pressed") == "true"

    page.locator("details.language-menu > summary").click()
    page.get_by_role("link", name="Suomi").click()
    page.wait_for_url("**/fi/cards")
    assert page.get_by_role("img", name="tammenterho-Unter").count() == 1
