"""Each display setting changes what it should, chosen by cookie or by the device, with or without JavaScript."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "fr", "fi", "ms", "de")

CONTRAST_RATIO = """(selector) => {
  const channel = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/[\\d.]+/g).map(Number);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const background = (element) => {
    for (let box = element; box; box = box.parentElement) {
      const colour = getComputedStyle(box).backgroundColor;
      if (!/rgba\\(.*,\\s*0\\)$/.test(colour) && colour !== 'transparent') return colour;
    }
    return 'rgb(255, 255, 255)';
  };
  const element = document.querySelector(selector);
  const [a, b] = [luminance(getComputedStyle(element).color), luminance(background(element))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
BACKGROUND_LUMINANCE = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""
CARD_WIDTH = "() => document.querySelector('main img.card').getBoundingClientRect().width"
CARD_MOTION = """() => {
  const style = getComputedStyle(document.querySelector('.card-button > .card'));
  return style.transitionDuration.split(',').map(parseFloat).reduce((a, b) => Math.max(a, b), 0);
}"""


def choose(page: Page, base: str, value: str) -> None:
    """Set the display cookie as the settings form writes it."""
    page.context.add_cookies([{"name": "display", "value": value, "url": base}])


def test_card_size_makes_the_cards_larger(page: Page, live_server: str) -> None:
    widths = []
    for value in ("", "card_size-large", "card_size-xlarge"):
        choose(page, live_server, value)
        page.goto(f"{live_server}/en/cards")
        widths.append(page.evaluate(CARD_WIDTH))
    assert widths[0] < widths[1] < widths[2]
    assert widths[2] >= 1.5 * widths[0]


def test_text_size_makes_the_text_larger(page: Page, live_server: str) -> None:
    sizes = []
    for value in ("", "text_size-large", "text_size-xlarge"):
        choose(page, live_server, value)
        page.goto(f"{live_server}/en/cards")
        sizes.append(page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('main p')).fontSize)"))
    assert sizes[0] < sizes[1] < sizes[2]


def test_dark_colours_by_choice_and_by_the_device(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/en/")
    assert page.evaluate(BACKGROUND_LUMINANCE) > 0.9
    choose(page, live_server, "theme-dark")
    page.reload()
    assert page.evaluate(BACKGROUND_LUMINANCE) < 0.15
    assert page.evaluate(CONTRAST_RATIO, "main p") >= 4.5
    choose(page, live_server, "")
    page.emulate_media(color_scheme="dark")
    page.reload()
    assert page.evaluate(BACKGROUND_LUMINANCE) < 0.15
    choose(page, live_server, "theme-light")
    page.reload()
    assert page.evaluate(BACKGROUND_LUMINANCE) > 0.9


@pytest.mark.parametrize("colours", ["light", "dark"])
def test_high_contrast_text_reaches_seven_to_one(page: Page, live_server: str, colours: str) -> None:
    choose(page, live_server, f"theme-{colours}.contrast-high")
    page.goto(f"{live_server}/en/settings")
    for selector in ("body", "main p.lead", "main .field__hint", "main legend", "main label", ".site-footer p"):
        assert page.evaluate(CONTRAST_RATIO, selector) >= 7, selector
    page.goto(f"{live_server}/en/cards")
    for selector in ("main h2", ".card-gallery__points", ".card-gallery__name"):
        assert page.evaluate(CONTRAST_RATIO, selector) >= 7, selector
    outline = page.evaluate("() => getComputedStyle(document.querySelector('main img.card')).boxShadow")
    assert re.search(r"0px 0px 0px 2px", outline), outline
    assert "/cards/colour-safe/" in page.locator("main img.card").first.get_attribute("src")


def test_high_contrast_follows_the_device_until_chosen(page: Page, live_server: str) -> None:
    hint = "() => getComputedStyle(document.querySelector('main .field__hint')).color"
    page.goto(f"{live_server}/en/settings")
    assert page.evaluate(hint) != "rgb(0, 0, 0)"
    page.emulate_media(contrast="more")
    page.reload()
    assert page.evaluate(hint) == "rgb(0, 0, 0)"
    assert page.evaluate(CONTRAST_RATIO, "main .field__hint") >= 7
    choose(page, live_server, "contrast-standard")
    page.reload()
    assert page.evaluate(hint) != "rgb(0, 0, 0)"


def test_reduced_motion_stops_animations_by_choice_and_by_the_device(page: Page, live_server: str) -> None:
    step = f"{live_server}/en/learn/deck/6"
    page.goto(step)
    assert page.evaluate(CARD_MOTION) > 0
    choose(page, live_server, "motion-reduced")
    page.reload()
    assert page.evaluate(CARD_MOTION) == 0
    assert page.evaluate("() => getComputedStyle(document.querySelector('.card-button > .card')).animationName") == "none"
    choose(page, live_server, "")
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    assert page.evaluate(CARD_MOTION) == 0
    choose(page, live_server, "motion-full")
    page.reload()
    assert page.evaluate(CARD_MOTION) > 0


def test_the_settings_form_works_without_javascript(browser: Browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{live_server}/fr/cards")
        page.locator(".display-menu summary").click()
        page.locator(".display-menu select[name=theme]").select_option("dark")
        page.locator(".display-menu button[type=submit]").click()
        page.wait_for_url(re.compile(r"/fr/cards$"))
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        assert page.evaluate(BACKGROUND_LUMINANCE) < 0.15
        page.goto(f"{live_server}/fr/settings")
        page.locator("input[name=card_size][value=xlarge]").check()
        page.locator("main button[type=submit]").click()
        page.wait_for_url(re.compile(r"/fr/settings$"))
        expect(page.locator("html")).to_have_attribute("data-card-size", "xlarge")
        expect(page.locator("input[name=card_size][value=xlarge]")).to_be_checked()
        expect(page.locator("input[name=theme][value=dark]")).to_be_checked()
    finally:
        context.close()


def test_the_phone_menu_offers_the_display_choices(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/de/learn/")
    page.locator("details.site-menu > summary").click()
    page.locator(".display-menu summary").click()
    page.locator(".display-menu select[name=text_size]").select_option("large")
    page.locator(".display-menu button[type=submit]").click()
    page.wait_for_url(re.compile(r"/de/learn/$"))
    expect(page.locator("html")).to_have_attribute("data-text-size", "large")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settings_page_fits_a_320_px_screen(page: Page, live_server: str, lang: str) -> None:
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{live_server}/{lang}/settings")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.locator("details.site-menu > summary").click()
    page.locator(".display-menu summary").click()
    expect(page.locator(".display-menu select[name=motion]")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
