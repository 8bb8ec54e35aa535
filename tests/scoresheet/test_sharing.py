"""A list's two links: the edit link keeps it, the read-only link shows it and changes nothing."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES
from webapp.storage import scoresheet as store

from .test_views import CLUBS, enter, hands, new_list, revision

REFUSED = {
    "en": "read-only link: it shows the list but cannot change it. Nothing was changed.",
    "de": "Das ist der Link nur zum Ansehen",
}


def view_token(app: Flask, token: str) -> str:
    with app.app_context():
        stored = store.load_list(token)
        assert stored is not None and stored.editable
        return stored.view_token


@pytest.fixture
def shared(client: FlaskClient, app: Flask) -> tuple[str, str]:
    """A list with two hands: its token and its view token."""
    token = new_list(client, title="Friday")
    enter(client, app, token, {**CLUBS, "kontra": "1", "re": "1"})
    enter(client, app, token, {"kind": "game", "declarer": "3", "game": "diamonds", "matadors": "1",
                               "points": "61", "bid": "18"})
    client.get(f"/en/lists/{token}")  # reads the flashed messages
    return token, view_token(app, token)


def test_the_list_shows_its_edit_link_and_its_read_only_link(client: FlaskClient, shared: tuple[str, str]) -> None:
    token, view = shared
    html = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert f'id="share-edit" type="text" readonly value="http://localhost/en/lists/{token}"' in html
    assert f'id="share-view" type="text" readonly value="http://localhost/en/lists/{view}"' in html
    assert "whoever has this link can enter, change and delete hands" in html
    assert "whoever has this link can follow the list, print it and save it as a file, but cannot change" in html
    assert 'href="#share"' in html and view != token


def test_the_read_only_link_shows_the_list_its_print_view_its_file_and_chart(
        client: FlaskClient, shared: tuple[str, str]) -> None:
    token, view = shared
    page = client.get(f"/en/lists/{view}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Friday" in html and "Clubs, with 2, won, Kontra, Re: +144" in html
    assert '<svg class="chart__svg"' in html
    assert "read-only link: you can follow it, print it and save it as a file" in html
    assert 'id="entry"' not in html and "<form method=\"post\" action=\"/en/lists/" not in html
    assert f"/en/lists/{view}/print" in html and f"/en/lists/{view}/list.csv" in html
    printed = client.get(f"/en/lists/{view}/print")
    assert printed.status_code == 200 and "Clubs, with 2, won, Kontra, Re: +144" in printed.get_data(as_text=True)
    csv = client.get(f"/en/lists/{view}/list.csv")
    assert csv.status_code == 200 and csv.headers["Content-Type"] == "text/csv; charset=utf-8"
    text = csv.get_data(as_text=True)
    assert "Title,Friday\r\n" in text and "\r\n2,Ben,game,Cem,Diamonds," in text
    partial = client.get(f"/en/lists/{view}", headers={"HX-Request": "true"})
    assert partial.status_code == 200 and 'id="entry"' not in partial.get_data(as_text=True)


def test_the_read_only_pages_never_carry_the_edit_token(client: FlaskClient, shared: tuple[str, str]) -> None:
    token, view = shared
    for path in ("", "/print", "/list.csv"):
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(f"/en/lists/{view}{path}", headers=headers)
            assert token not in response.get_data(as_text=True), path
            assert all(token not in value for _, value in response.headers.items()), path
    for lang in LANGUAGES:
        assert token not in client.get(f"/{lang}/lists/{view}").get_data(as_text=True)


def changes(token: str, view: str, revision: int) -> list[tuple[str, str, dict[str, str]]]:
    """Every change a list's page offers, sent through ``view`` (its read-only link)."""
    sent = {"revision": str(revision)}
    return [
        ("post", f"/en/lists/{view}/hands", {**CLUBS, **sent}),
        ("get", f"/en/lists/{view}/hands/1", {}),
        ("post", f"/en/lists/{view}/hands/1", {**CLUBS, "points": "100", **sent}),
        ("post", f"/en/lists/{view}/hands/2/delete", sent),
        ("post", f"/en/lists/{view}/undo", sent),
    ]


@pytest.mark.parametrize("htmx", [False, True])
def test_every_change_through_the_read_only_link_is_refused(client: FlaskClient, app: Flask,
                                                            shared: tuple[str, str], htmx: bool) -> None:
    token, view = shared
    before, at = hands(app, token), revision(app, token)
    headers = {"HX-Request": "true"} if htmx else {}
    for method, path, data in changes(token, view, at):
        response = getattr(client, method)(path, data=data, headers=headers)
        html = response.get_data(as_text=True)
        assert response.status_code == (200 if htmx else 403), path
        assert REFUSED["en"] in html and "Nothing was changed." in html, path
        assert token not in html and 'id="entry"' not in html, path
        assert hands(app, token) == before and revision(app, token) == at, path


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_read_only_pages_and_the_refusal_are_translated(client: FlaskClient, app: Flask,
                                                            shared: tuple[str, str], lang: str) -> None:
    token, view = shared
    for path in (f"/{lang}/lists/{view}", f"/{lang}/lists/{view}/print", f"/{lang}/lists/{token}"):
        html = client.get(path).get_data(as_text=True)
        assert english_leaks(html, lang) == [], path
    refused = client.post(f"/{lang}/lists/{view}/undo", data={"revision": str(revision(app, token))})
    assert refused.status_code == 403 and english_leaks(refused.get_data(as_text=True), lang) == []
    if lang in REFUSED:
        assert REFUSED[lang] in refused.get_data(as_text=True)


def test_the_edit_link_still_keeps_the_list(client: FlaskClient, app: Flask, shared: tuple[str, str]) -> None:
    token, view = shared
    assert client.post(f"/en/lists/{token}/undo", data={"revision": str(revision(app, token))}).status_code == 303
    assert len(hands(app, token)) == 1
    assert "Clubs, with 2, won, Kontra, Re: +144" in client.get(f"/en/lists/{view}").get_data(as_text=True)


def test_my_lists_keep_the_edit_link(client: FlaskClient, shared: tuple[str, str]) -> None:
    token, view = shared
    mine = client.get("/en/lists/").get_data(as_text=True)
    assert f"/en/lists/{token}" in mine and view not in mine
