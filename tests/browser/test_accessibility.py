"""axe-core finds nothing beyond the crawl: a lesson step of every kind, the phone's open menu, a
laptop's open drop-downs, and every display setting.

The pages of the crawl are checked in all five languages by the width crawl
(tests/browser/test_screen_widths.py), on the same visit that measures their width. The states
reached by playing (each phase of a practice hand, the result, the best play, a wrong answer) are
checked by the keyboard tests, which pass through them.
"""

from __future__ import annotations

import pytest

from tests.browser.axe import violations
from tests.browser.crawl import crawl_pages

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
# Besides the crawl, in English: a step of every kind, the end of a lesson, its practice deal, the
# reset page (their markup is the same in every language).
STEPS = {
    "choose step": "/learn/deck/5",
    "pick step": "/learn/deck/7",
    "number step": "/learn/deck/8",
    "order step": "/learn/tricks/4",
    "play step": "/learn/grand/7",
    "lesson done": "/learn/deck/done",
    "lesson practice deal": "/learn/grand/practise",
    "reset progress": "/learn/reset",
}


def test_no_lesson_step_nor_an_open_menu_has_an_axe_violation(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        found: list[str] = []
        for name, path in STEPS.items():
            page.goto(f"{live_server}/en{path}")
            found += violations(page, f"{name} (en)")
        page.goto(f"{live_server}/fi/learn/")
        page.locator("details.site-menu > summary").click()
        found += violations(page, "the open menu (fi)")
        page.set_viewport_size(LAPTOP)
        for menu in ("language-menu", "deck-menu", "display-menu"):
            page.goto(f"{live_server}/de/learn/")
            page.locator(f"details.{menu} > summary").click()
            found += violations(page, f"the open {menu} on a laptop (de)")
        assert not found, "axe found:\n" + "\n".join(found)
    finally:
        context.close()


def _display_variants() -> list[tuple[str, str]]:
    """Every display setting's choices that change the look, one at a time, and dark with high contrast.

    A setting that follows the device changes the look only with its strong choice (dark, high,
    reduced); its plain choice (light, standard, on) is the look the crawl checks.
    """
    from webapp.display import SETTINGS, Display

    variants = [
        (f"{setting.name} {value}", Display(**{setting.name: value}).cookie_value())
        for setting in SETTINGS
        for value in ([setting.strong] if setting.strong else setting.values[1:])
    ]
    variants.append(("dark, high contrast", Display(theme="dark", contrast="high").cookie_value()))
    return variants


# The pages whose looks the settings change most: cards, the felt, forms, tables, the settings.
DISPLAY_PAGES = ("home", "lesson step", "practice hand", "calculator result", "scoresheet", "display settings")


def test_no_display_setting_brings_an_axe_violation(live_server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        paths = crawl_pages(page, live_server)
        host = live_server.split("//", 1)[1].split(":")[0]
        found: list[str] = []
        for name, cookie in _display_variants():
            context.add_cookies([{"name": "display", "value": cookie, "domain": host, "path": "/"}])
            for page_name in DISPLAY_PAGES:
                page.goto(f"{live_server}/en{paths[page_name]}")
                found += violations(page, f"{page_name} with {name}")
        # Left at "as on this device": a device that asks for dark colours and more contrast.
        context.clear_cookies()
        page.emulate_media(color_scheme="dark", contrast="more")
        for page_name in DISPLAY_PAGES:
            page.goto(f"{live_server}/fr{paths[page_name]}")
            found += violations(page, f"{page_name} on a dark, high-contrast device (fr)")
        assert not found, "axe found:\n" + "\n".join(found)
    finally:
        context.close()
