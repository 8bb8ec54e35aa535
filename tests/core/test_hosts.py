"""The Host a request names: malformed or untrusted ones get a translated 400, never a bare 500.

A malformed Host leaves Flask without a URL adapter, so the error page's ``url_for`` crashed
and the visitor saw an untranslated "Internal Server Error". The error page now falls back to a
last-resort page built without templates or ``url_for``.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale
from markupsafe import escape

from sqlalchemy import func, select

from tests.helpers import MakeApp
from webapp import config, web
from webapp.i18n import LANGUAGES, gettext
from webapp.storage import db
from webapp.storage import scoresheet as store

BAD_HOSTS = ("a" * 64, "x..y", "a" * 64 + ".example.org", ".")
PAGES = ("/{lang}/", "/{lang}/learn/", "/{lang}/calculator/?game=grand", "/{lang}/lists/new", "/{lang}/play/",
         "/{lang}/cards", "/{lang}/no-such-page")


def _words(app: Flask, lang: str, *messages: str) -> list[str]:
    with app.test_request_context(), force_locale(lang):
        return [str(escape(gettext(message))) for message in messages]


@pytest.mark.parametrize("host", BAD_HOSTS)
def test_a_malformed_host_gets_a_translated_400_on_every_page(app: Flask, client: FlaskClient, host: str) -> None:
    for lang in LANGUAGES:
        title, home = _words(app, lang, "That request could not be understood", "Go to the home page")
        for page in PAGES:
            response = client.get(page.format(lang=lang), headers={"Host": host})
            html = response.get_data(as_text=True)
            assert response.status_code == 400, (page, host)
            assert f'<html lang="{lang}">' in html and title in html
            assert f'<a href="/{lang}/">{home}</a>' in html
            assert "Internal Server Error" not in html


def test_a_malformed_host_on_a_post_changes_nothing_and_the_api_answers_json(app: Flask, client: FlaskClient) -> None:
    refused = client.post("/en/lists/new", data={"player_1": "A", "player_2": "B", "player_3": "C"},
                          headers={"Host": "x..y"})
    assert refused.status_code == 400
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(store.ScoreList)) == 0
    api = client.get("/api/v1/score?game=grand", headers={"Host": "x..y"})
    assert api.status_code == 400 and api.get_json()["error"] == "bad_request"


def test_an_error_page_that_fails_to_render_still_answers_translated(app: Flask, client: FlaskClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("a template that cannot be rendered")

    monkeypatch.setattr(web, "render_template", broken)
    response = client.get("/fr/no-such-page")
    (title,) = _words(app, "fr", "Page not found")
    assert response.status_code == 404
    assert '<html lang="fr">' in response.get_data(as_text=True) and title in response.get_data(as_text=True)
    failed = client.get("/de/")  # the page itself fails, then its error page: a 500, still in German
    (text,) = _words(app, "de", "Something went wrong on our side")
    assert failed.status_code == 500 and text in failed.get_data(as_text=True)


def test_trusted_hosts_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KIEBITZ_TRUSTED_HOSTS", "kiebitz.example.org, .kiebitz.example.org")
    app = Flask(__name__)
    config.from_environment(app)
    assert app.config["TRUSTED_HOSTS"] == ["kiebitz.example.org", ".kiebitz.example.org"]
    monkeypatch.setenv("KIEBITZ_TRUSTED_HOSTS", "")
    bare = Flask(__name__)
    config.from_environment(bare)
    assert bare.config["TRUSTED_HOSTS"] is None  # local use and a classroom answer any host


def test_with_trusted_hosts_another_host_is_refused(make_app: MakeApp) -> None:
    client = make_app(TRUSTED_HOSTS=["kiebitz.example.org", ".kiebitz.example.org"]).test_client()
    assert client.get("/en/", headers={"Host": "kiebitz.example.org"}).status_code == 200
    assert client.get("/en/", headers={"Host": "www.kiebitz.example.org:8443"}).status_code == 200
    refused = client.get("/fi/learn/", headers={"Host": "evil.example"})
    assert refused.status_code == 400 and '<html lang="fi">' in refused.get_data(as_text=True)


@pytest.mark.parametrize("host", ["evil.example", "kiebitz.example.org"])
def test_the_trailing_slash_redirect_does_not_name_the_host(client: FlaskClient, host: str) -> None:
    response = client.get("/de/learn?x=1", headers={"Host": host})
    assert response.status_code == 308
    assert response.headers["Location"] == "/de/learn/?x=1"
    doubled = client.get("//evil.example/en/learn", headers={"Host": host})
    assert not doubled.headers.get("Location", "/").startswith("//")
