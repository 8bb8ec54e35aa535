"""Skat for two in two real browsers: the host with JavaScript (the guest's moves arrive by
polling), the guest without (a plain refresh), playing a whole hand to the list."""

from __future__ import annotations

import pytest

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
