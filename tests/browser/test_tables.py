"""Skat for two in two real browsers: the host with JavaScript (the guest's moves arrive by
polling), the guest without (a plain refresh), playing a whole hand to the list."""

from __future__ import annotations

import pytest

from tests.browser.people import seat_two

pytestmark = pytest.mark.browser


def _turn(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".tables__turn").inner_text() if page.locator(".tables__turn").count() else ""


def _declare_step(page) -> None:  # type: ignore[no-untyped-def]
    """One decision of the person who wants to play: win the auction, pick up, lay away, announce, play."""
    if page.locator("button[name=action][value=yes]").count():
        page.locator("button[name=action][value=yes]").click()
    elif page.locator("button[name=action][value='18']").count():
        page.locator("button[name=action][value='18']").click()
    elif page.locator("button[name=action][value=skat]").count():
        page.get_by_role("button", name="Pick up the skat").click()
    elif page.locator("input[name=discard]").count():
        page.locator(".card-check").nth(0).click(position={"x": 12, "y": 40})
        page.locator(".card-check").nth(1).click(position={"x": 12, "y": 40})
        page.get_by_role("button", name="Lay away these two cards").click()
    elif page.locator("input[type=radio][name=game]").count():
        page.get_by_role("button", name="Announce", exact=True).click()
    else:
        page.locator(".hand--play button:enabled").first.click(position={"x": 12, "y": 40})


def _defend_step(page) -> None:  # type: ignore[no-untyped-def]
    """One decision of the person who defends: pass, then play the first card that may be played."""
    if page.locator("button[name=action][value=pass]").count():
        page.locator("button[name=action][value=pass]").click()
    else:
        page.locator(".hand--play button:enabled").first.click(position={"x": 12, "y": 40})


def test_skat_for_two_across_two_browsers_one_without_javascript(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    host_context = browser.new_context(locale="en-GB")
    guest_context = browser.new_context(locale="de-DE", java_script_enabled=False)
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        host.goto(live_server + "/en/tables/")
        host.get_by_label("Your name").fill("Anna")
        host.get_by_label("Skat for two", exact=False).check()
        host.get_by_label("Easy: plays by rules of thumb").check()
        host.get_by_role("button", name="Open the table").click()
        expect(host.get_by_role("heading", name="Waiting for the other players")).to_be_visible()
        assert host.locator(".tables__qr svg").count() == 1
        link = host.locator(".tables__status a[href*='/join/']").first.get_attribute("href")
        assert link is not None
        guest.goto(link.replace("/en/", "/de/"))
        guest.get_by_label("Dein Name").fill("Ben")
        guest.get_by_role("button", name="Hinsetzen").click()
        guest.wait_for_url("**/de/tables/*")
        # The host's page learns by polling that the hand is dealt.
        expect(host.locator(".ptable__mine")).to_be_visible()

        for _ in range(120):
            guest.reload()  # what the refresh link does for a page without JavaScript
            if guest.locator(".result").count():
                break
            if "Du bist dran" in _turn(guest):
                with guest.expect_navigation():
                    _defend_step(guest)
                continue
            expect(host.locator(".tables__turn")).to_contain_text("Your turn")
            expect(host.locator(".htmx-request")).to_have_count(0)
            _declare_step(host)
            expect(host.locator("#table .htmx-request")).to_have_count(0)
        else:
            raise AssertionError("the hand did not end")

        expect(guest.locator(".result")).to_be_visible()
        expect(host.locator(".result")).to_be_visible()  # by polling
        expect(host.locator(".tables__standings li")).to_have_count(2)  # only the people are scored
        assert guest.locator(".tables__standings li").count() == 2
        assert "/static/cards/" in guest.content()
    finally:
        host_context.close()
        guest_context.close()


def _my_turn(page) -> bool:  # type: ignore[no-untyped-def]
    return page.locator(".tables__turn.notice--info").count() > 0


def _move(page, step) -> None:  # type: ignore[no-untyped-def]
    """Make one change with ``step`` and wait until the page shows the table after it (swapped in by
    htmx, or a whole page loaded where a form is sent without it)."""
    from playwright.sync_api import expect

    revision = page.locator("input[name=revision]").first.input_value()
    step(page)
    expect(page.locator("input[name=revision]").first).not_to_have_value(revision)
    page.wait_for_load_state()
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def test_hints_a_message_and_a_seat_handed_to_the_computer_reach_the_others_without_a_reload(  # type: ignore[no-untyped-def]
        browser, live) -> None:
    """Issue 15, items 7 to 9, as two people see them: the host (en, a laptop) and a guest (fi, a phone)."""
    from playwright.sync_api import expect

    host_context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
    guest_context = browser.new_context(locale="fi-FI", viewport={"width": 320, "height": 640})
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        seat_two(host, guest, live.url, lang="fi")
        assert guest.evaluate("document.documentElement.scrollWidth") <= 320

        # Until it is the host's turn, the guest passes or plays the first card allowed.
        for _ in range(12):
            if _my_turn(host):
                break
            expect(guest.locator(".tables__turn.notice--info")).to_be_visible()  # the guest's turn, then
            _move(guest, _defend_step)
            if not _my_turn(guest):  # the computer has moved too: the host's turn, which their poll brings
                expect(host.locator(".tables__turn.notice--info")).to_be_visible()
        assert _my_turn(host), "the host's turn never came"

        # Item 7: no coach at a table with people until the host allows it.
        expect(host.locator("#hint")).to_have_count(0)
        host.get_by_role("button", name="Allow hints for everybody").click()
        expect(host.get_by_role("link", name="Give me a hint")).to_be_visible()
        expect(host.get_by_text("Hints are allowed for everybody at this table.")).to_be_visible()

        # Item 8: the host's message reaches the waiting guest by the poll, as plain text.
        host.locator("#message").fill("<b>Back</b> in 5, see https://example.org")
        _move(host, lambda page: page.locator("form.tables__say button").click())
        guest_message = guest.locator(".tables__messages li")
        expect(guest_message).to_have_text("Anna: <b>Back</b> in 5, see https://example.org")
        assert guest.locator(".tables__messages b, .tables__messages a").count() == 0

        # Item 9: the host moves until the guest keeps the table waiting; the host's poll offers the computer.
        live.app.config["TABLE_IDLE_SECONDS"] = 2
        for _ in range(12):
            _move(host, _declare_step)
            if not _my_turn(host):  # the computer has moved too: the guest's turn, which their poll brings
                expect(guest.locator(".tables__turn.notice--info")).to_be_visible()
                break
        assert _my_turn(guest), "the guest's turn never came"
        expect(guest.locator("#hint")).to_be_visible()  # hints allowed: the guest's coach too
        offer = host.locator("form.tables__standin button")
        expect(offer).to_have_text("Let the computer play for Ben")  # by the poll, without a reload
        offer.click()
        expect(host.locator("form.tables__standin")).to_have_count(0)
        guest.reload()  # the guest comes back
        back = guest.locator("form.tables__standin button")
        expect(back).to_be_visible()
        back.click()
        expect(guest.locator("form.tables__standin")).to_have_count(0)
    finally:
        live.app.config.pop("TABLE_IDLE_SECONDS", None)
        host_context.close()
        guest_context.close()


def test_a_message_being_typed_outlasts_the_news_the_poll_brings(browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
    """The host types a message while the guest sends one: the host's poll brings the guest's
    message, and what the host has typed so far stays in the field, the cursor with it."""
    from playwright.sync_api import expect

    host_context, guest_context = browser.new_context(locale="en-GB"), browser.new_context(locale="en-GB")
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        seat_two(host, guest, live_server)
        expect(host.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
        if _my_turn(host):  # the host's page polls only while someone else is to act
            _move(host, _defend_step)
            expect(host.locator(".tables__turn.notice--info")).to_have_count(0)

        host.locator("#message").press_sequentially("Half a minute, I am still")
        guest.locator("#message").fill("Ready when you are")
        _move(guest, lambda page: page.locator("form.tables__say button").click())
        expect(host.locator(".tables__messages li")).to_have_text("Ben: Ready when you are")
        expect(host.locator("#message")).to_have_value("Half a minute, I am still")
        expect(host.locator("#message")).to_be_focused()
        host.locator("#message").press_sequentially(" thinking")
        _move(host, lambda page: page.locator("form.tables__say button").click())
        guest.reload()  # the page of the one to act does not poll
        expect(guest.locator(".tables__messages li")).to_have_text("Anna: Half a minute, I am still thinking")
    finally:
        host_context.close()
        guest_context.close()
