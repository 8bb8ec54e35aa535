"""What a classroom's Wi-Fi carries: a practice move is one request, answered with the table at once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_practice_move_makes_exactly_one_request(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(live_server + "/en/play/deal/11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/en/play/*")
    address = page.url
    revision = page.locator("input[name=revision]").first.input_value()
    asked: list[tuple[str, str]] = []
    answers: list[int] = []
    page.on("request", lambda request: asked.append((request.method, request.url)))
    page.on("response", lambda response: answers.append(response.status))
    page.locator("button[name=action][value=pass]").click()
    expect(page.locator("input[name=revision]").first).not_to_have_value(revision)
    page.wait_for_load_state("networkidle")
    moves = [(method, url) for method, url in asked if "/static/" not in url]  # card faces seen for the first time aside
    assert moves == [("POST", address)]
    assert 303 not in answers and 200 in answers
    assert page.url == address


FOLDERS = (("french", ""), ("four-colour", ""), ("german", ""), ("colour-safe", "contrast-high"))


def _deal_a_hand(page, live_server: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server + "/en/play/deal/11")
    page.get_by_label("Middlehand: you bid first.").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_url("**/en/play/*")


@pytest.mark.parametrize(("folder", "display"), FOLDERS)
def test_a_practice_page_draws_its_cards_from_one_sprite_request(page, live_server: str, folder: str,  # type: ignore[no-untyped-def]
                                                                 display: str) -> None:
    from tests.browser.axe import violations

    deck = "french" if folder == "colour-safe" else folder
    _choose(page, live_server, folder, display)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if request.resource_type == "image" else None)
    _deal_a_hand(page, live_server)
    page.wait_for_load_state("networkidle")
    cards = [url for url in asked if "/static/cards/" in url]
    assert len(cards) == 1 and f"/static/cards/{folder}/sprite.svg?v=" in cards[0], cards
    faces = page.locator("main img.card:not(.card--back)")
    assert faces.count() >= 10
    drawn = page.evaluate("() => [...document.querySelectorAll('main img.card')].every("
                          "(img) => img.complete && img.naturalWidth === 240 && img.naturalHeight === 336)")
    assert drawn
    # The accessible names are the cards' names in the deck (the German deck's jack is an Unter).
    names = faces.evaluate_all("(imgs) => imgs.map((img) => img.alt)")
    assert all(names) and (any("Unter" in name or "Ober" in name or "Daus" in name for name in names)
                           or deck != "german" and all(" of " in name for name in names))
    assert violations(page, f"practice, {folder}") == []


def _choose(page, live_server: str, folder: str, display: str) -> None:  # type: ignore[no-untyped-def]
    """Set the deck (and high contrast for the colour-safe faces) as the settings page does, by its cookies."""
    cookies = [{"name": "deck", "value": "french" if folder == "colour-safe" else folder, "url": live_server}]
    if display:
        cookies.append({"name": "display", "value": display, "url": live_server})
    page.context.add_cookies(cookies)


@pytest.mark.parametrize(("folder", "display"), FOLDERS)
def test_each_card_of_a_sprite_looks_as_its_own_file(page, live_server: str, folder: str,  # type: ignore[no-untyped-def]
                                                     display: str) -> None:
    """A card drawn from the sprite is pixel for pixel the card's own file (each card's shapes kept apart)."""
    _choose(page, live_server, folder, display)
    page.goto(live_server + "/en/cards")
    sprite = page.locator("main img.card").first.get_attribute("src").split("#")[0]
    assert f"/static/cards/{folder}/sprite.svg?v=" in sprite
    files = {suit + rank: f"{folder}/{suit}{rank}" for suit in "CSHD" for rank in "789TJQKA"} | {"back": "back"}
    page.route(live_server + "/sprite-check", lambda route: route.fulfill(
        body="<!doctype html><body style='margin:0'><img id='card' width='120' height='168'></body>",
        content_type="text/html"))
    page.goto(live_server + "/sprite-check")
    image = page.locator("#card")
    show = "(img, src) => { img.src = src; return img.decode(); }"
    for card, file in files.items():
        image.evaluate(show, f"{sprite}#{card}")
        from_sprite = image.screenshot()
        image.evaluate(show, f"/static/cards/{file}.svg")
        assert image.screenshot() == from_sprite, card
