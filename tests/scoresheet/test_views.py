"""The scoresheet's pages: create, enter, refuse, edit, delete, undo, files, print, languages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks
from webapp.i18n import LANGUAGES
from webapp.storage import scoresheet as store

HX = {"HX-Request": "true"}
PLAYERS4 = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "player_4": "Dora"}
CLUBS = {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "2", "points": "85", "bid": "36"}


def new_list(client: FlaskClient, **fields: str) -> str:
    data = {**PLAYERS4, "preset": "pub", **fields}
    response = client.post("/en/lists/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def revision(app: Flask, token: str) -> int:
    with app.app_context():
        stored = store.load_list(token)
        assert stored is not None
        return stored.revision


def hands(app: Flask, token: str) -> tuple[dict[str, str], ...]:
    with app.app_context():
        stored = store.load_list(token)
        assert stored is not None
        return stored.hands


def enter(client: FlaskClient, app: Flask, token: str, fields: dict[str, str], **kwargs):  # type: ignore[no-untyped-def]
    data = {**fields, "revision": str(revision(app, token))}
    return client.post(f"/en/lists/{token}/hands", data=data, **kwargs)


def test_a_new_list_is_remembered_by_this_browser(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, title="Friday")
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Friday" in page and "Hand 1" in page and "Anna deals and sits out." in page
    mine = client.get("/en/lists/").get_data(as_text=True)
    assert f"/en/lists/{token}" in mine and "Friday" in mine
    client.post(f"/en/lists/{token}/forget")
    assert f"/en/lists/{token}" not in client.get("/en/lists/").get_data(as_text=True)
    assert client.get(f"/en/lists/{token}").status_code == 200  # forgotten here, kept at its address


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"player_2": "  "}, "Enter a name."),
        ({"player_3": "anna"}, "Two players have this name: tell them apart."),
        ({"player_1": "A" * 30}, "A name has at most 24 characters."),
        ({"title": "x" * 70}, "A title has at most 60 characters."),
        ({"preset": "poker"}, "Choose one of the values offered."),
    ],
)
def test_a_bad_new_list_is_refused_at_its_field(client: FlaskClient, fields: dict[str, str], message: str) -> None:
    response = client.post("/en/lists/new", data={**PLAYERS4, "preset": "pub", **fields})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert client.get("/en/lists/").get_data(as_text=True).count("/en/lists/new") == 1


def test_custom_rules_are_read_and_a_three_player_list(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, player_4="", preset="custom", kontra="1", ramsch_passed_in="1",
                     ramsch_after_bock="1", totals="seeger_fabian", bock="re")
    with app.app_context():
        stored = store.load_list(token)
        assert stored is not None
        assert stored.players == ("Anna", "Ben", "Cem")
        assert stored.rules == ("kontra", "ramsch_passed_in", "ramsch_after_bock", "seeger_fabian", "bock:re")


def test_entering_a_hand_commits_it_and_shows_the_sheet(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    response = enter(client, app, token, {**CLUBS, "kontra": "1", "re": "1"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/en/lists/{token}#entry")
    assert len(hands(app, token)) == 1
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Hand 1 entered." in page
    assert "Clubs, with 2, won, Kontra, Re: +144" in page
    assert "New Bock round: Re" in page
    assert "Hand 2" in page and "Bock: the score counts double" in page
    assert "Bock round: 4 hands left" in page


def test_htmx_gets_the_sheet_region_back_with_the_form_ready(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    response = enter(client, app, token, CLUBS, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and html.lstrip().startswith('<div id="sheet"')
    assert 'hx-swap-oob="true"' in html and "Hand 1 entered." in html
    assert re.search(r'name="declarer" value="1"[^>]*autofocus', html)  # hand 2: Ben deals
    assert "HX-Request" in response.headers.get("Vary", "")


@pytest.mark.parametrize(
    "fields, message, field",
    [
        ({**CLUBS, "points": "121"}, "Card points are between 0 and 120.", "points"),
        ({**CLUBS, "declarer": "1"}, "This player deals this hand and sits out.", "declarer"),
        ({**CLUBS, "declarer": "7"}, "That player is not at this table.", "declarer"),
        ({"kind": "game", "declarer": "2", "game": "null", "matadors": "1", "null_result": "won", "bid": "23"},
         "A Null has no matadors: leave the field empty.", "matadors"),
        ({**CLUBS, "re": "1"}, "Re can only answer a Kontra.", "re"),
        ({"kind": "ramsch", "points_2": "50", "points_3": "50", "points_4": "30"},
         "The card points of a Ramsch add up to 120; these add up to 130.", "ramsch"),
        ({**CLUBS, "points": "eighty"}, "Enter a whole number.", "points"),
        ({**CLUBS, "points": "8_5"}, "Enter a whole number.", "points"),
        ({**CLUBS, "points": "\u0668\u0665"}, "Enter a whole number.", "points"),
        ({**CLUBS, "matadors": "²"}, "Enter a whole number.", "matadors"),
        ({**CLUBS, "bid": "3" + "6" * 5000}, "Enter a whole number.", "bid"),
        ({**CLUBS, "points": ""}, "Enter the declarer&#39;s card points.", "points"),
        ({**CLUBS, "bid": "19"}, "That is not a bid value", "bid"),
        ({**CLUBS, "kind": "poker"}, "Choose one of the values offered.", "kind"),
        ({"kind": "passed"}, "When everybody passes, this list plays a Ramsch: enter its result.", "kind"),
    ],
)
def test_bad_input_is_refused_at_its_field_and_nothing_is_saved(client: FlaskClient, app: Flask,
                                                                fields: dict[str, str], message: str,
                                                                field: str) -> None:
    token = new_list(client)
    response = enter(client, app, token, fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in html
    assert f'id="error-{field}"' in html or 'class="notice notice--error"' in html
    assert hands(app, token) == () and revision(app, token) == 0
    for name, value in fields.items():  # the input is kept
        if name not in ("kind", "declarer", "game", "re", "kontra") and value:
            assert f'value="{value}"' in html


def test_a_problem_without_a_field_on_the_form_is_shown_above_the_button(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, player_4="", preset="custom", ramsch_list="1", ramsch_grand_hand="1")
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Grand Hand instead of the Ramsch" in page and 'name="bid"' not in page
    # A tampered form: a suit game where the list plays Ramsch or a Grand Hand.
    response = enter(client, app, token, {**CLUBS, "declarer": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert '<p class="notice notice--error">This hand is in a Ramsch round: enter the Ramsch, or the Grand Hand played instead.</p>' in html
    grand = enter(client, app, token, {"kind": "game", "declarer": "1", "game": "grand", "hand": "1",
                                       "matadors": "1", "points": "70"})
    assert grand.status_code == 303
    assert "Grand, Hand, with 1, won, instead of the Ramsch: +72" in client.get(f"/en/lists/{token}").get_data(as_text=True)


def test_a_stale_revision_is_refused_politely(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    first = client.post(f"/en/lists/{token}/hands", data={**CLUBS, "revision": "0"})
    assert first.status_code == 303
    second = client.post(f"/en/lists/{token}/hands", data={**CLUBS, "points": "90", "revision": "0"})
    html = second.get_data(as_text=True)
    assert second.status_code == 409
    assert "This list was changed in another window" in html
    assert 'value="90"' in html  # the hand waits to be entered again
    assert len(hands(app, token)) == 1
    tampered = client.post(f"/en/lists/{token}/hands", data={**CLUBS, "revision": "x"})
    assert tampered.status_code == 409 and len(hands(app, token)) == 1


def test_edit_recomputes_and_delete_and_undo_walk_back(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, {**CLUBS, "kontra": "1", "re": "1"})
    enter(client, app, token, {**CLUBS, "declarer": "1"})  # hand 2, Bock: Anna +72
    form = client.get(f"/en/lists/{token}/hands/1").get_data(as_text=True)
    assert "Change hand 1" in form and 'value="85"' in form
    # Without Re there is no Bock round: hand 2 is a plain hand.
    edited = client.post(f"/en/lists/{token}/hands/1",
                         data={**CLUBS, "kontra": "1", "revision": str(revision(app, token))})
    assert edited.status_code == 303 and edited.headers["Location"].endswith("#hand-1")
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Clubs, with 2, won, Kontra: +72" in page
    assert "Clubs, with 2, won: +36" in page and "Bock" not in page.split("The hands", 1)[1].split("Clubs, with 2, won: +36")[0][-200:]
    bad = client.post(f"/en/lists/{token}/hands/1", data={**CLUBS, "points": "130", "revision": str(revision(app, token))})
    assert bad.status_code == 422 and "Card points are between 0 and 120." in bad.get_data(as_text=True)
    deleted = client.post(f"/en/lists/{token}/hands/1/delete", data={"revision": str(revision(app, token))})
    assert deleted.status_code == 303
    assert len(hands(app, token)) == 1
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Hand 1 deleted. Undo brings it back." in page and "Undo: deleting hand 1" in page
    undone = client.post(f"/en/lists/{token}/undo", data={"revision": str(revision(app, token))}, headers=HX)
    assert undone.status_code == 200 and "Hand 1 is back." in undone.get_data(as_text=True)
    assert [f["kontra"] for f in hands(app, token)] == ["1", ""]
    client.post(f"/en/lists/{token}/undo", data={"revision": str(revision(app, token))})
    assert hands(app, token)[0]["re"] == "1"  # the edit is taken back too
    page = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "The change to hand 1 was taken back." in page


def test_unknown_addresses_are_404_not_500(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    assert client.get("/en/lists/nope").status_code == 404
    assert client.post("/en/lists/nope/hands", data=CLUBS).status_code == 404
    assert client.get(f"/en/lists/{token}/hands/1").status_code == 404
    assert client.post(f"/en/lists/{token}/hands/3/delete", data={"revision": "0"}).status_code == 404
    assert client.post(f"/en/lists/{token}/undo", data={"revision": "0"}).status_code == 303


def test_csv_export_and_import_round_trip(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, title="Friday")
    enter(client, app, token, {**CLUBS, "kontra": "1", "re": "1"})
    enter(client, app, token, {"kind": "ramsch", "points_1": "0", "points_3": "70", "points_4": "50",
                               "jungfrau_1": "1"})
    exported = client.get(f"/en/lists/{token}/list.csv")
    assert exported.status_code == 200
    assert exported.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in exported.headers["Content-Disposition"]
    data = exported.get_data()
    import io

    response = client.post("/en/lists/import", data={"file": (io.BytesIO(data), "list.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 303
    copy = response.headers["Location"].rsplit("/", 1)[-1]
    assert copy != token and hands(app, copy) == hands(app, token)
    page = client.get(f"/en/lists/{copy}").get_data(as_text=True)
    assert "The list was read from the file." in page and "Friday" in page
    bad = data.replace(b"game,Ben,Clubs", b"game,Zoe,Clubs")
    refused = client.post("/en/lists/import", data={"file": (io.BytesIO(bad), "list.csv")},
                          content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "Line 7, column “Declarer”: This is not one of the players of the list." in refused.get_data(as_text=True)
    empty = client.post("/en/lists/import", data={}, content_type="multipart/form-data")
    assert empty.status_code == 422


def test_print_view(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    html = client.get(f"/en/lists/{token}/print").get_data(as_text=True)
    assert "Clubs, with 2, won: +36" in html
    assert 'id="entry"' not in html and "/undo" not in html and "data-print" in html
    assert "Change</a>" not in html


def test_names_are_escaped_and_pages_keep_the_csp(client: FlaskClient, app: Flask) -> None:
    token = new_list(client, player_1="<b>Al</b>", title="<script>x</script>")
    enter(client, app, token, CLUBS)
    for url in (f"/en/lists/{token}", f"/en/lists/{token}/print", f"/en/lists/{token}/hands/1", "/en/lists/"):
        html = client.get(url).get_data(as_text=True)
        assert "<b>Al</b>" not in html and "<script>x" not in html
        assert "&lt;b&gt;Al&lt;/b&gt;" in html
        assert " style=" not in html
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)


def test_the_chart_is_an_accessible_svg(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    html = client.get(f"/en/lists/{token}").get_data(as_text=True)
    svg = html.split('<svg class="chart__svg"', 1)[1].split("</svg>", 1)[0]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert svg.count("<polyline") == 4
    assert "Anna, Ben, Cem, Dora" in svg


@pytest.fixture
def filled(client: FlaskClient, app: Flask) -> Iterator[str]:
    token = new_list(client, title="")
    enter(client, app, token, {**CLUBS, "kontra": "1", "re": "1"})
    enter(client, app, token, {"kind": "ramsch", "points_1": "0", "points_3": "70", "points_4": "50",
                               "jungfrau_1": "1"})
    enter(client, app, token, {"kind": "game", "declarer": "1", "game": "null", "null_result": "lost",
                               "bid": "23", "ouvert": "1"})
    yield token


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_in_every_language(client: FlaskClient, app: Flask, filled: str, lang: str) -> None:
    token = filled
    pages = {
        f"/{lang}/lists/": 200,
        f"/{lang}/lists/new": 200,
        f"/{lang}/lists/{token}": 200,
        f"/{lang}/lists/{token}/hands/2": 200,
        f"/{lang}/lists/{token}/print": 200,
    }
    for url, status in pages.items():
        response = client.get(url)
        html = response.get_data(as_text=True)
        assert response.status_code == status, url
        assert f'<html lang="{lang}">' in html
        assert english_leaks(html, lang) == [], url
    refused = client.post(f"/{lang}/lists/{token}/hands", data={**CLUBS, "points": "121",
                                                                "revision": str(revision(app, token))})
    assert refused.status_code == 422
    assert english_leaks(refused.get_data(as_text=True), lang) == []
    wrong = client.post(f"/{lang}/lists/new", data={**PLAYERS4, "player_2": "", "preset": "pub"})
    assert english_leaks(wrong.get_data(as_text=True), lang) == []


def test_games_are_named_after_the_chosen_deck(client: FlaskClient, app: Flask) -> None:
    token = new_list(client)
    enter(client, app, token, CLUBS)
    client.set_cookie("deck", "german")
    html = client.get(f"/en/lists/{token}").get_data(as_text=True)
    assert "Acorns, with 2, won: +36" in html
    assert re.search(r'name="game" value="clubs"[^>]*> Acorns', html)
    assert "Eichel, mit 2, gewonnen: +36" in client.get(f"/de/lists/{token}").get_data(as_text=True)
    client.set_cookie("deck", "french")
    assert "Kreuz, mit 2, gewonnen: +36" in client.get(f"/de/lists/{token}").get_data(as_text=True)


def test_the_entry_forms_marks_point_at_the_problem_and_escape_it() -> None:
    from webapp.scoresheet.forms import Form
    from webapp.scoresheet.sheet import Issue, Problem
    from webapp.scoresheet.views import Marks

    marks = Marks(Form({"game": "hearts"}), Issue("points", Problem.NOT_A_NUMBER), "<b>Enter & number</b>", "points")
    assert marks.error_for("points") == (
        '<p class="field__error" id="error-points">&lt;b&gt;Enter &amp; number&lt;/b&gt;</p>'
    )
    assert marks.error_for("bid") == ""
    assert marks.state("points") == ' aria-invalid="true" aria-describedby="error-points" autofocus'
    assert marks.state("points", first=False) == ' aria-invalid="true" aria-describedby="error-points"'
    assert marks.state("bid") == ""
    assert marks.checked("game", "hearts") == " checked" and marks.checked("game", "clubs") == ""


def test_a_name_with_an_invisible_character_is_the_same_name(client: FlaskClient, app: Flask) -> None:
    response = client.post("/en/lists/new", data={**PLAYERS4, "player_2": "Anna\u200b", "preset": "pub"})
    assert response.status_code == 422
    assert "Two players have this name: tell them apart." in response.get_data(as_text=True)
    token = new_list(client, player_1="\u202eAnna\u200d", title="Fri\u200bday")
    with app.app_context():
        stored = store.load_list(token)
        assert stored is not None
        assert stored.players[0] == "Anna" and stored.title == "Friday"
