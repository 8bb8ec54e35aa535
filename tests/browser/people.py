"""Two people at one Skat table in two browsers, as the browser tests of the tables seat them."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def seat_two(host: Page, guest: Page, base: str, *, lang: str = "en", name: str = "Ben") -> None:
    """Anna opens a table of Skat for two (an easy computer player in the third seat) in English;
    the guest sits down by the join link, in ``lang``, as ``name``; the hand is dealt."""
    host.goto(base + "/en/tables/")
    host.get_by_label("Your name").fill("Anna")
    host.get_by_label("Skat for two", exact=False).check()
    host.get_by_label("Easy: plays by rules of thumb").check()
    host.get_by_role("button", name="Open the table").click()
    link = host.locator(".tables__status a[href*='/join/']").first.get_attribute("href")
    assert link is not None
    guest.goto(link.replace("/en/", f"/{lang}/"))
    guest.locator("input[name=name]").fill(name)
    guest.locator("form.start-form button[type=submit]").click()
    guest.wait_for_url(f"**/{lang}/tables/*")
    expect(host.locator(".ptable__mine")).to_be_visible()  # the host's poll brings the hand
