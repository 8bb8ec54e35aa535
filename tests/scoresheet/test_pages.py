"""A list's page is drawn once per revision and kept in the database; every change draws it again.

Several processes serve one list, so what is kept lives in the database (`store.keep_page`), keyed
by the list's revision, the page's language and deck, and the key the list was opened by.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from webapp.scoresheet import views
from webapp.storage import db
from webapp.storage import scoresheet as store

from .test_views import CLUBS, HX, enter, new_list, revision

BENCH = Path(__file__).resolve().parents[2] / "bench" / "scoresheet.py"
DIAMONDS = {"kind": "game", "declarer": "3", "game": "diamonds", "matadors": "1", "points": "61", "bid": "18"}


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the times the views work a list out (`sheet.build`)."""
    counted: list[int] = []
    build = views.build

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        counted.append(1)
        return build(*args, **kwargs)

    monkeypatch.setattr(views, "build", counting)
    return counted


def kept_pages(app: Flask) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(store.ScorePage)).scalar_one()


def test_a_list_unchanged_is_shown_from_its_kept_page(client: FlaskClient, app: Flask, builds: list[int]) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    first = client.get(f"/en/lists/{token}").get_data(as_text=True)
    worked_out = len(builds)
    again = client.get(f"/en/lists/{token}").get_data(as_text=True)
    region = client.get(f"/en/lists/{token}", headers=HX).get_data(as_text=True)
    assert len(builds) == worked_out  # neither view worked the list out again
    assert "Clubs, with 2, won: +36" in again and "Hand 2" in again and 'id="hand-1"' in again
    assert again.count('id="hand-') == first.count('id="hand-') == 1
    assert '<svg class="chart__svg"' in region and 'id="hand-1"' in region


def test_a_change_from_another_process_is_shown_at_the_next_view(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    assert 'id="hand-2"' not in client.get(f"/en/lists/{token}").get_data(as_text=True)
    with app.app_context():  # another process enters a hand: the list's revision goes up
        store.add_hand(token, revision(app, token), {**DIAMONDS})
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert 'id="hand-2"' in page and "Diamonds, with 1, won: +18" in page and "Hand 3" in page
    assert "Undo: entering hand 2" in page


def test_undo_edit_and_delete_draw_the_page_again(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    enter(client, app, token, DIAMONDS)
    assert 'id="hand-2"' in client.get(f"/en/lists/{token}").get_data(as_text=True)
    client.post(f"/en/lists/{token}/undo", data={"revision": str(revision(app, token))})
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert 'id="hand-2"' not in page and "Undo: entering hand 1" in page
    client.post(f"/en/lists/{token}/hands/1", data={**CLUBS, "points": "50", "revision": str(revision(app, token))})
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Clubs, with 2, lost" in page and "Undo: the change to hand 1" in page
    client.post(f"/en/lists/{token}/hands/1/delete", data={"revision": str(revision(app, token))})
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert 'id="hand-1"' not in page and "No hands yet." in page
    assert kept_pages(app) == 1  # one row per list and key: a new revision replaces the old one


def test_the_read_only_link_never_shows_the_page_kept_for_the_edit_link(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    assert f"/en/lists/{token}/hands/1" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    with app.app_context():
        stored = store.load_list(token)
        assert stored is not None
    read = client.get(f"/en/lists/{stored.view_token}").get_data(as_text=True)
    assert token not in read and "Clubs, with 2, won: +36" in read and 'id="entry"' not in read
    again = client.get(f"/en/lists/{token}").get_data(as_text=True)  # and the other way round
    assert f"/en/lists/{token}/hands/1" in again and kept_pages(app) == 2


def test_each_language_and_deck_has_its_own_page(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    assert "Clubs, with 2, won: +36" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Kreuz, mit 2, gewonnen: +36" in client.get(f"/de/lists/{token}").get_data(as_text=True)
    client.set_cookie("deck", "german")
    assert "Eichel, mit 2, gewonnen: +36" in client.get(f"/de/lists/{token}").get_data(as_text=True)
    assert "Acorns, with 2, won: +36" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_a_page_kept_by_other_code_is_drawn_again(client: FlaskClient, app: Flask, builds: list[int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    client.get(f"/en/lists/{token}")
    worked_out = len(builds)
    monkeypatch.setattr(views, "_code_version", lambda: "an-upgrade")
    assert "Clubs, with 2, won: +36" in client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert len(builds) == worked_out + 1


def test_an_older_revisions_page_does_not_replace_a_newer_one(app: Flask, client: FlaskClient) -> None:
    token = new_list(client)
    with app.app_context():
        store.keep_page(token, 5, "en/french/x", {"table": "new"})
        store.keep_page(token, 4, "en/french/x", {"table": "old"})  # a slow request, drawn before
        rows = db.session.execute(select(store.ScorePage.revision, store.ScorePage.parts)).all()
    assert [(row.revision, row.parts["table"]) for row in rows] == [(5, "new")]


def _bench_evening():  # type: ignore[no-untyped-def]
    """Return the scoresheet bench's house rules and evening of 48 hands (Bock, Ramsch, Kontra, Re)."""
    spec = importlib.util.spec_from_file_location("bench_scoresheet", BENCH)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.RULES, bench.evening()


def _part(pattern: str, html: str) -> str:
    found = re.search(pattern, html, re.DOTALL)
    assert found, pattern
    text = re.sub(r'name="csrf_token" value="[^"]*"', "", found.group(1))  # each answer has its own
    return re.sub(r">\s+<", "><", text).strip()  # the whitespace between tags shows nothing


ROWS = r'<tbody id="hands-body">(.*?)</tbody>'
CHART = r'(<section class="chart".*?</section>)'
ENTRY = r'(<form id="entry".*?</form>)'
STANDINGS = r'(<div id="sheet-standings".*?)\s*<details class="rules-summary">'


def _partial(target: str, html: str) -> str:
    return _part(r'<hx-partial hx-target="%s"[^>]*>(.*?)</hx-partial>' % re.escape(target), html)


def test_a_hand_added_by_htmx_sends_its_row_and_what_changed_alone(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    before = client.get(f"/en/lists/{token}", headers=HX).get_data(as_text=True)
    response = enter(client, app, token, DIAMONDS, headers=HX)
    swap = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["HX-Replace-Url"] == f"/en/lists/{token}#entry"
    assert (response.headers["HX-Retarget"], response.headers["HX-Reswap"]) == ("#sheet-standings", "outerHTML")
    assert '<div id="sheet"' not in swap and 'id="hand-1"' not in swap and "House rules of this list" not in swap
    assert "Hand 2 entered." in _partial("#sheet-notices", swap)
    after = client.get(f"/en/lists/{token}", headers=HX).get_data(as_text=True)
    # the page the hand was entered on, with the swap done, is the page as it stands now
    assert _part(ROWS, before) + _partial("#hands-body", swap) == _part(ROWS, after)
    assert 'id="hand-2"' in _partial("#hands-body", swap) and "Diamonds, with 1, won: +18" in swap
    assert _partial("#sheet-chart", swap) == _part(CHART, after)
    assert _partial("#entry", swap) == _part(ENTRY, after) and "Hand 3" in _part(ENTRY, swap)
    assert _part(r"(<div id=\"sheet-standings\".*)", swap.split("</hx-partial>")[-1]) == _part(STANDINGS, after)


def test_a_whole_evening_entered_by_htmx_adds_up_to_the_page(client: FlaskClient, app: Flask) -> None:
    rules, evening = _bench_evening()
    with app.app_context():
        token = store.create_list(title="Evening", players=["Anna", "Ben", "Cem", "Dora"],
                                  rules=rules.tokens(), hands=evening[:1])
    rows = _part(ROWS, client.get(f"/en/lists/{token}", headers=HX).get_data(as_text=True))
    for fields in evening[1:]:
        swap = enter(client, app, token, fields, headers=HX).get_data(as_text=True)
        rows += _partial("#hands-body", swap)
    after = client.get(f"/en/lists/{token}", headers=HX).get_data(as_text=True)
    assert rows == _part(ROWS, after) and after.count('id="hand-') == len(evening)


def test_the_first_hand_a_stale_form_and_a_refusal_send_the_whole_sheet(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    first = enter(client, app, token, CLUBS, headers=HX)
    assert first.get_data(as_text=True).lstrip().startswith('<div id="sheet"') and "HX-Retarget" not in first.headers
    refused = enter(client, app, token, {**DIAMONDS, "points": "121"}, headers=HX)
    assert refused.get_data(as_text=True).lstrip().startswith('<div id="sheet"') and "HX-Retarget" not in refused.headers
    stale = client.post(f"/en/lists/{token}/hands", data={**DIAMONDS, "revision": "0"}, headers=HX)
    assert stale.get_data(as_text=True).lstrip().startswith('<div id="sheet"') and "HX-Retarget" not in stale.headers
    plain = enter(client, app, token, DIAMONDS)  # without JavaScript: POST-redirect-GET
    assert plain.status_code == 303 and plain.headers["Location"] == f"/en/lists/{token}#entry"
