"""A four-player evening kept in a real browser: the hands entered by keyboard only, one edited."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def press(page, *keys: str) -> None:  # type: ignore[no-untyped-def]
    for key in keys:
        page.keyboard.press(key)


def expect_focus(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the field ``name`` has the keyboard focus.

    After an htmx swap the focus moves to the new form's autofocus field when the swap settles,
    a moment after the new content shows, so the focus is waited for, never read at once.
    """
    expect(page.locator(":focus")).to_have_attribute("name", name)


def enter_game(page, *, declarer_steps: int, bid: str, game_steps: int, matadors: str, points: str,  # type: ignore[no-untyped-def]
               kontra: bool = False) -> None:
    """Fill the entry form from the keyboard, starting on the focused declarer radio group."""
    expect_focus(page, "declarer")
    press(page, "Space", *["ArrowRight"] * declarer_steps, "Tab")
    page.keyboard.type(bid)
    press(page, "Tab")
    expect_focus(page, "game")
    press(page, "Space", *["ArrowRight"] * game_steps)
    press(page, "Tab", "Tab", "Tab", "Tab", "Tab")  # past Hand, Schneider and Schwarz announced, Ouvert
    expect_focus(page, "without")  # "with" is checked
    press(page, "Tab")
    page.keyboard.type(matadors)
    press(page, "Tab")
    page.keyboard.type(points)
    if kontra:
        press(page, "Tab", "Tab")  # the Schwarz choice, then Kontra
        expect_focus(page, "kontra")
        press(page, "Space")
    press(page, "Enter") if not kontra else press(page, "Shift+Tab", "Shift+Tab", "Enter")


def test_a_four_player_evening_by_keyboard(live_server: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{live_server}/en/lists/new")
    expect_focus(page, "player_1")
    for name in ("Anna", "Ben", "Cem", "Dora"):
        page.keyboard.type(name)
        press(page, "Tab")
    page.keyboard.type("Friday")
    press(page, "Enter")  # the Pub list is chosen already
    page.wait_for_url(re.compile(r"/en/lists/[\w-]{20,}$"))
    assert page.locator("h1").inner_text() == "Friday"
    assert "Anna deals and sits out." in page.locator("#entry").inner_text()

    answers: list[str | None] = []  # what each hand's POST answered htmx: the row alone retargets
    page.on("response", lambda response: answers.append(response.headers.get("hx-retarget"))
            if response.request.method == "POST" else None)
    # Hand 1 (Anna sits out): Ben, Clubs with 2, 85, bid 36, Kontra: 36 × 2 = +72; a successful
    # Kontra it is not, so no Bock round.
    enter_game(page, declarer_steps=0, bid="36", game_steps=3, matadors="2", points="85", kontra=True)
    page.wait_for_selector("#entry h2:has-text('Hand 2')")
    # Hand 2 (Ben sits out): Cem, Diamonds with 1, 60, bid 18: lost −36, 60 : 60 starts a Bock round.
    enter_game(page, declarer_steps=1, bid="18", game_steps=0, matadors="1", points="60")
    page.wait_for_selector("#entry h2:has-text('Hand 3')")
    assert "Bock: the score counts double" in page.locator("#entry").inner_text()
    # Hand 3 (Cem sits out, Bock): Dora, Hearts with 1, 75, bid 20: 20 × 2 = +40.
    enter_game(page, declarer_steps=2, bid="20", game_steps=1, matadors="1", points="75")
    page.wait_for_selector("#entry h2:has-text('Hand 4')")
    # Hand 4 (Dora sits out, Bock): Anna, Grand with 2, 70, bid 48: 72, doubled +144.
    enter_game(page, declarer_steps=0, bid="48", game_steps=4, matadors="2", points="70")
    page.wait_for_selector("#entry h2:has-text('Hand 5')")

    totals = page.locator(".totals tbody tr")
    assert [totals.nth(i).locator("td").first.inner_text() for i in range(4)] == ["+144", "+72", "−36", "+40"]
    assert page.locator("#hand-2").inner_text().count("New Bock round: 60 : 60") == 1
    # hands 2 to 4 came as their rows alone, each appended once to the table, in order
    assert answers == [None, "#sheet-standings", "#sheet-standings", "#sheet-standings"]
    rows = page.locator("#hands-body tr")
    expect(rows).to_have_count(4)
    assert [rows.nth(i).get_attribute("id") for i in range(4)] == ["hand-1", "hand-2", "hand-3", "hand-4"]
    assert "Grand, with 2, won, Bock: +144" in rows.nth(3).inner_text()
    assert page.locator(".chart__legend").inner_text().count("+144") == 1
    expect_focus(page, "declarer")  # ready for the next hand

    # A mistake: hand 3 was won with 95 (Schneider): 10 × (1 + 1 + 1) = 30, doubled +60.
    page.get_by_role("link", name="Change hand 3").click()
    page.wait_for_selector("h2:has-text('Change hand 3')")
    page.locator("#points").fill("95")
    page.locator("#points").press("Enter")
    page.wait_for_url(re.compile(r"#hand-3$"))
    assert [totals.nth(i).locator("td").first.inner_text() for i in range(4)] == ["+144", "+72", "−36", "+60"]
    assert "Hearts, with 1, won, Schneider, Bock: +60" in page.locator("#hand-3").inner_text()
    assert "Hand 3 changed" in page.locator(".sheet").inner_text()

    # Undo takes the edit back.
    page.get_by_role("button", name="Undo: the change to hand 3").click()
    page.wait_for_selector(".sheet:has-text('The change to hand 3 was taken back.')")
    assert totals.nth(3).locator("td").first.inner_text() == "+40"


def test_the_list_works_without_javascript(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(f"{live_server}/de/lists/new")
        for seat, name in enumerate(("Anna", "Ben", "Cem"), start=1):
            page.locator(f"#player_{seat}").fill(name)
        page.get_by_role("button", name="Liste beginnen").click()
        page.wait_for_url(re.compile(r"/de/lists/[\w-]{20,}$"))
        # Every part of the form is there; the server reads the part for what was played.
        page.get_by_label("Ramsch", exact=True).check()
        page.locator("#points_1").fill("30")
        page.locator("#points_2").fill("50")
        page.locator("#points_3").fill("30")
        page.get_by_role("button", name="Spiel eintragen").click()
        assert "Die Augen eines Ramschs ergeben zusammen 120; diese ergeben 110." in page.content()
        assert page.locator("#points_2").input_value() == "50"  # the input is kept
        page.locator("#points_3").fill("40")
        page.get_by_role("button", name="Spiel eintragen").click()
        page.wait_for_url(re.compile(r"#entry$"))
        assert "Spiel 1 eingetragen." in page.content()
        assert "Ramsch: Ben −50" in page.locator("#hand-1").inner_text()
    finally:
        context.close()


def fits(*parts) -> None:  # type: ignore[no-untyped-def]
    """Assert that each part is shown whole within a 320 px wide screen."""
    for part in parts:
        assert part.is_visible()
        box = part.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320, box


def test_the_two_links_fit_a_small_phone_and_the_read_only_one_keeps_nothing(  # type: ignore[no-untyped-def]
        live_server: str, browser) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(f"{live_server}/en/lists/new")
        for seat, name in enumerate(("Anna", "Ben", "Cem"), start=1):
            page.locator(f"#player_{seat}").fill(name)
        page.locator("#player_1").press("Enter")
        page.wait_for_url(re.compile(r"/en/lists/[\w-]{20,}$"))
        edit_url = page.url
        page.get_by_role("link", name="Share", exact=True).click()
        share = page.locator("#share")
        share.wait_for()
        edit, view = page.get_by_label("Edit link"), page.get_by_label("Read-only link")
        assert edit.input_value() == edit_url and view.input_value() != edit_url
        fits(share, edit, view, share.locator("#share-edit-note"), share.locator("#share-view-note"))
        assert "enter, change and delete hands" in share.inner_text()

        view_url = view.input_value()
        page.goto(view_url)
        assert page.locator("#entry").count() == 0 and page.get_by_label("Edit link").count() == 0
        assert "read-only link" in page.locator(".sheet-address").inner_text()
        assert edit_url.rsplit("/", 1)[1] not in page.content()
        assert page.get_by_label("Read-only link").input_value() == view_url
        fits(page.locator("#share"), page.get_by_label("Read-only link"), page.locator(".sheet-address"))
    finally:
        context.close()
