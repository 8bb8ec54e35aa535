"""Every simple page, in every language: it answers, says its language, and leaks no English."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES


def simple_pages(app: Flask) -> list[str]:
    """Return the endpoints of every GET page whose only URL argument is the language."""
    return sorted(
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and rule.arguments == {"lang"}
    )


def test_the_simple_pages_include_home_and_cards(app: Flask) -> None:
    assert {"core.home", "core.cards"} <= set(simple_pages(app))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_simple_page_is_in_the_language_of_its_url(app: Flask, client: FlaskClient, lang: str) -> None:
    with app.test_request_context():
        from flask import url_for

        urls = [url_for(endpoint, lang=lang) for endpoint in simple_pages(app)]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}">' in html, url
        assert english_leaks(html, lang) == [], url


def test_root_follows_accept_language(client: FlaskClient) -> None:
    response = client.get("/", headers={"Accept-Language": "fi-FI,fi;q=0.9,en;q=0.5"})
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/fi/")


def test_root_prefers_the_language_last_used(client: FlaskClient) -> None:
    client.get("/ms/")
    response = client.get("/", headers={"Accept-Language": "de"})
    assert response.headers["Location"].endswith("/ms/")


def test_root_falls_back_to_english(client: FlaskClient) -> None:
    response = client.get("/", headers={"Accept-Language": "ja"})
    assert response.headers["Location"].endswith("/en/")


@pytest.mark.parametrize(
    "path, lang",
    [("/xx/", "de"), ("/english/", "de"), ("/%ff/", "de"), ("/fi/no-such-page", "fi"), ("/de/x/extra", "de")],
)
def test_malformed_urls_answer_a_translated_404(client: FlaskClient, path: str, lang: str) -> None:
    response = client.get(path, headers={"Accept-Language": "de"})
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert {"de": "Seite nicht gefunden", "fi": "Sivua ei löytynyt"}[lang] in html


def test_a_404_under_a_language_is_in_that_language(client: FlaskClient) -> None:
    html = client.get("/fr/nowhere").get_data(as_text=True)
    assert '<html lang="fr">' in html
    assert english_leaks(html, "fr") == []


def test_language_switcher_keeps_the_page(client: FlaskClient) -> None:
    html = client.get("/en/?x=1").get_data(as_text=True)
    for code in LANGUAGES:
        assert f'href="/{code}/?x=1"' in html


def test_pages_send_a_strict_content_security_policy(client: FlaskClient) -> None:
    response = client.get("/en/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "HX-Request" in response.headers["Vary"]
    html = response.get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script found"
    assert " style=" not in html, "inline style found"


def test_pages_load_nothing_from_elsewhere(client: FlaskClient) -> None:
    for url in ("/en/", "/en/cards"):
        html = client.get(url).get_data(as_text=True)
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), url


def test_numbers_follow_the_locale(app: Flask) -> None:
    from flask_babel import force_locale

    from webapp.i18n import number, signed

    with app.test_request_context():
        with force_locale("en"):
            assert number(1234) == "1,234"
            assert signed(-54) == "\N{MINUS SIGN}54"
            assert signed(36) == "+36"
        with force_locale("de"):
            assert number(1234) == "1.234"
        with force_locale("fi"):
            assert number(1234) == "1\N{NO-BREAK SPACE}234"


def test_deck_choice_is_remembered_without_javascript(client: FlaskClient) -> None:
    response = client.post("/en/preferences", data={"deck": "german", "next": "/en/cards"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/en/cards"
    html = client.get("/en/cards").get_data(as_text=True)
    assert "/static/cards/german/" in html
    assert "Unter of acorns" in html


def test_unknown_deck_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    response = client.post("/de/preferences", data={"deck": "tarot", "next": "/de/cards"})
    assert response.status_code == 400
    assert "deck" not in response.headers.get("Set-Cookie", "")
    assert "/static/cards/french/" in client.get("/de/cards").get_data(as_text=True)


def test_preferences_never_redirect_elsewhere(client: FlaskClient) -> None:
    response = client.post("/en/preferences", data={"deck": "german", "next": "https://example.com/"})
    assert response.headers["Location"] == "/en/"
