"""The display settings: a form without JavaScript, kept in a cookie, shown as attributes on <html>."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.display import COOKIE, SETTINGS, Display
from webapp.i18n import LANGUAGES

REFUSED = {
    "en": "Kiebitz has no such display setting. Nothing was changed.",
    "fr": "Kiebitz ne connaît pas ce réglage d’affichage. Rien n’a été modifié.",
    "fi": "Kiebitzissä ei ole tällaista näyttöasetusta. Mitään ei muutettu.",
    "ms": "Kiebitz tiada tetapan paparan seperti itu. Tiada apa-apa yang diubah.",
    "de": "Diese Anzeigeeinstellung gibt es bei Kiebitz nicht. Es wurde nichts geändert.",
}


def html_tag(html: str) -> str:
    """Return the page's opening <html> tag."""
    found = re.search(r"<html[^>]*>", html)
    assert found
    return found.group(0)


def stylesheet_media(html: str, name: str) -> str | None:
    """Return the media of the display stylesheet ``name`` the page links, or None."""
    found = re.search(rf'<link rel="stylesheet" href="[^"]*/css/display/{name}(?:\?v=[0-9a-f]+)?" media="([^"]*)">', html)
    return found.group(1) if found else None


def test_a_choice_is_kept_in_a_cookie_and_leads_back_without_javascript(client: FlaskClient) -> None:
    response = client.post(
        "/en/settings",
        data={"card_size": "large", "text_size": "xlarge", "theme": "dark", "contrast": "high",
              "motion": "reduced", "next": "/en/cards?x=1"},
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/en/cards?x=1"
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    html = client.get("/en/cards").get_data(as_text=True)
    tag = html_tag(html)
    for attribute in ('data-card-size="large"', 'data-text-size="xlarge"', 'data-theme="dark"',
                      'data-contrast="high"', 'data-motion="reduced"'):
        assert attribute in tag
    assert stylesheet_media(html, "dark.css") == "all"
    assert stylesheet_media(html, "contrast.css") == "all"
    assert stylesheet_media(html, "still.css") == "all"
    # high contrast links after the dark colours, so that it wins over them
    assert html.index("display/dark.css") < html.index("display/contrast.css")


def test_without_a_choice_the_page_follows_the_device(client: FlaskClient) -> None:
    html = client.get("/fi/").get_data(as_text=True)
    assert html_tag(html) == '<html lang="fi">'
    assert stylesheet_media(html, "dark.css") == "(prefers-color-scheme: dark)"
    assert stylesheet_media(html, "contrast.css") == "(prefers-contrast: more)"
    assert stylesheet_media(html, "still.css") == "(prefers-reduced-motion: reduce)"


def test_choosing_light_standard_and_motion_on_overrides_the_device(client: FlaskClient) -> None:
    client.post("/en/settings", data={"theme": "light", "contrast": "standard", "motion": "full"})
    html = client.get("/en/").get_data(as_text=True)
    assert 'data-theme="light"' in html_tag(html)
    for name in ("dark.css", "contrast.css", "still.css"):
        assert stylesheet_media(html, name) is None


def test_a_form_with_one_field_changes_only_that_setting(client: FlaskClient) -> None:
    client.post("/en/settings", data={"theme": "dark", "card_size": "xlarge"})
    client.post("/en/settings", data={"card_size": "large"})
    tag = html_tag(client.get("/en/").get_data(as_text=True))
    assert 'data-card-size="large"' in tag and 'data-theme="dark"' in tag


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "field, value",
    [("theme", "purple"), ("card_size", "huge"), ("contrast", "HIGH"), ("motion", " reduced"),
     ("text_size", ""), ("theme", "dark\x00"), ("nothing", "x")],
)
def test_a_tampered_value_is_refused_in_the_language_and_changes_nothing(
    client: FlaskClient, lang: str, field: str, value: str
) -> None:
    client.post(f"/{lang}/settings", data={"theme": "dark"})
    data = {"card_size": "large", field: value, "next": f"/{lang}/cards"}
    if field == "nothing":  # an unknown field is ignored, not an error: the rest is saved
        response = client.post(f"/{lang}/settings", data=data)
        assert response.status_code == 303
        return
    response = client.post(f"/{lang}/settings", data=data)
    assert response.status_code == 400
    assert REFUSED[lang] in response.get_data(as_text=True)
    assert not [header for header in response.headers.getlist("Set-Cookie") if header.startswith(f"{COOKIE}=")]
    tag = html_tag(client.get(f"/{lang}/").get_data(as_text=True))
    assert 'data-theme="dark"' in tag and "data-card-size" not in tag


@pytest.mark.parametrize(
    "cookie",
    ["theme-purple", "card_size-large.theme-dark.theme-light.motion-x.contrast-high.x-y.z", "\x00", "a" * 4000,
     "card_size-", "-", "....."],
)
def test_a_tampered_cookie_is_read_as_far_as_it_is_valid(client: FlaskClient, cookie: str) -> None:
    client.set_cookie(COOKIE, cookie)
    response = client.get("/en/cards")
    assert response.status_code == 200
    tag = html_tag(response.get_data(as_text=True))
    assert "purple" not in tag and 'data-motion' not in tag


def test_the_cookie_reads_back_what_was_written() -> None:
    for setting in SETTINGS:
        for choice in setting.choices:
            chosen = Display().with_form({setting.name: choice.value})
            assert Display.from_cookie(chosen.cookie_value()) == chosen


def test_the_settings_never_redirect_elsewhere(client: FlaskClient) -> None:
    for target in ("https://example.com/", "//example.com/", "javascript:alert(1)"):
        response = client.post("/en/settings", data={"theme": "dark", "next": target})
        assert response.headers["Location"] == "/en/settings"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settings_page_shows_every_choice_in_its_language(client: FlaskClient, lang: str) -> None:
    client.post(f"/{lang}/settings", data={"contrast": "high"})
    response = client.get(f"/{lang}/settings?next=/{lang}/cards")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert english_leaks(html, lang) == []
    for setting in SETTINGS:
        for choice in setting.choices:
            assert f'name="{setting.name}" value="{choice.value}"' in html
    assert re.search(r'name="contrast" value="high" checked', html)
    assert f'href="/{lang}/cards"' in html  # back to where the visitor was


def test_every_page_offers_the_choices_in_the_header_menu(client: FlaskClient) -> None:
    client.post("/de/settings", data={"text_size": "large"})
    html = client.get("/de/learn/").get_data(as_text=True)
    menu = html[html.index('<details class="display-menu"'):html.index("</details>", html.index('<details class="display-menu"'))]
    assert 'action="/de/settings"' in menu and 'name="next" value="/de/learn/"' in menu
    for setting in SETTINGS:
        assert f'<select name="{setting.name}">' in menu
    assert '<option value="large" selected>Groß</option>' in menu


@pytest.mark.parametrize("deck", ["french", "four-colour"])
def test_high_contrast_draws_french_suited_cards_in_colour_safe_faces(client: FlaskClient, deck: str) -> None:
    client.post("/en/preferences", data={"deck": deck})
    assert f"/static/cards/{deck}/sprite.svg?v=" in client.get("/en/cards").get_data(as_text=True)
    client.post("/en/settings", data={"contrast": "high"})
    html = client.get("/en/cards").get_data(as_text=True)
    assert re.search(r"/static/cards/colour-safe/sprite\.svg\?v=\w+#HJ", html) and f"/static/cards/{deck}/" not in html
    client.post("/en/settings", data={"contrast": "standard"})
    assert "/static/cards/colour-safe/" not in client.get("/en/cards").get_data(as_text=True)


def test_high_contrast_keeps_the_german_deck_whose_suits_differ_in_shape(client: FlaskClient) -> None:
    client.post("/en/preferences", data={"deck": "german"})
    client.post("/en/settings", data={"contrast": "high"})
    html = client.get("/en/cards").get_data(as_text=True)
    assert re.search(r"/static/cards/german/sprite\.svg\?v=\w+#HJ", html) and "colour-safe" not in html
