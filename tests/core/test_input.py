"""Malformed numbers and ids get a translated 400 or 404 and change nothing, in every area.

Each case once answered 500 (or read a number nobody typed): ``str.isdigit`` and ``int``
accept ``²``, ``٣``, ``7_5`` and thousands of digits, and PostgreSQL refuses a NUL or an
over-long value that SQLite stores.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale
from sqlalchemy import func, select

from webapp import parse
from webapp.i18n import LANGUAGES, gettext
from webapp.storage import db
from webapp.storage import lessons as lesson_store
from webapp.storage import gametables as practice_store

CHOOSE = "/{lang}/learn/deck/5"
"""A step that asks to choose one of four answers (``option`` 0 to 3)."""
NUMBER = "/{lang}/learn/deck/8"
"""A step that asks for a number (``answer``)."""
BAD_NUMBERS = ("²", "³", "٣", "7_5", "0" * 300 + "1", "9" * 5000, "1e1", " ", "\x00")


def _rows(app: Flask) -> int:
    with app.app_context():
        tables = (lesson_store.Learner, lesson_store.StepState, lesson_store.LessonProgress)
        return sum(db.session.scalar(select(func.count()).select_from(table)) or 0 for table in tables)


def _text(app: Flask, lang: str, message: str) -> str:
    with app.test_request_context(), force_locale(lang):
        return gettext(message).replace("'", "&#39;")


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_a_lesson_choice_that_is_no_option_number_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient, value: str
) -> None:
    response = client.post(CHOOSE.format(lang="en"), data={"option": value})
    assert response.status_code == 400
    assert "Choose one of the answers." in response.get_data(as_text=True)
    assert "learner=" not in response.headers.get("Set-Cookie", "")
    assert _rows(app) == 0


@pytest.mark.parametrize("value", BAD_NUMBERS + ("1 2", "+-3", "1234567"))
def test_a_lesson_number_that_is_no_plain_whole_number_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient, value: str
) -> None:
    response = client.post(NUMBER.format(lang="en"), data={"answer": value})
    assert response.status_code == 400
    assert "Type a whole number, for example 18." in response.get_data(as_text=True)
    assert _rows(app) == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refusal_of_a_lesson_answer_is_in_the_page_language(app: Flask, client: FlaskClient, lang: str) -> None:
    for url, field, message in (
        (CHOOSE, "option", "Choose one of the answers."),
        (NUMBER, "answer", "Type a whole number, for example 18."),
    ):
        response = client.post(url.format(lang=lang), data={field: "²"})
        assert response.status_code == 400
        assert _text(app, lang, message) in response.get_data(as_text=True)


def test_a_plain_answer_with_spaces_or_a_minus_sign_still_counts(app: Flask, client: FlaskClient) -> None:
    assert client.post(CHOOSE.format(lang="en"), data={"option": " 1 "}).status_code == 303
    assert client.post(NUMBER.format(lang="en"), data={"answer": "\N{MINUS SIGN}7"}).status_code == 303
    with app.app_context():
        answers = sorted(state.answer for state in db.session.scalars(select(lesson_store.StepState)))
    assert answers == ["1", "\N{MINUS SIGN}7"]


@pytest.mark.parametrize(
    "path",
    [
        "/en/lists/%00",
        "/en/lists/%00/print",
        "/en/lists/%00/list.csv",
        "/en/lists/a%00b/hands/1",
        "/en/lists/" + "a" * 65,
        "/en/lists/a%20b",
        "/en/lists/%C3%A4",
        "/en/play/%00",
        "/en/play/%00/line",
        "/en/play/x%00y",
        "/en/play/" + "b" * 65,
        "/de/play/%E2%80%8B",
    ],
)
def test_an_id_of_another_form_is_not_found_before_any_lookup(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "There is no page at this address" in response.get_data(as_text=True) or path.startswith("/de/")


@pytest.mark.parametrize("path", ["/en/lists/%00/hands", "/en/lists/%00/undo", "/en/play/%00", "/en/play/%00/undo"])
def test_a_change_to_an_id_of_another_form_is_not_found(app: Flask, client: FlaskClient, path: str) -> None:
    assert client.post(path, data={"revision": "0"}).status_code == 404


@pytest.mark.parametrize("path", ["/en/learn/deck/\u0665", "/en/calculator/drills/1/\u0661\u0662", "/en/play/deal/\u0664\u0667"])
def test_a_number_in_a_url_is_written_in_ascii_digits(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_cookies_with_ids_of_another_form_are_ignored(client: FlaskClient) -> None:
    for name, page in (
        ("learner", "/en/learn/"),
        ("scoresheet_lists", "/en/lists/"),
        ("visitor", "/en/calculator/drills/"),
    ):
        client.set_cookie(name, "a\x00b." + "x" * 43)
        assert client.get(page).status_code == 200, name
        client.delete_cookie(name)


def test_a_deal_number_or_revision_in_other_digits_is_refused(app: Flask, client: FlaskClient) -> None:
    for seed in ("4²", "٤٧١١", "47_11", "9" * 19):
        response = client.post("/en/play/", data={"seed": seed, "seat": "0", "level": "easy"})
        assert response.status_code == 400
        assert "A deal number is a whole number of up to 18 digits" in response.get_data(as_text=True)
    started = client.post("/en/play/", data={"seed": "47 11", "seat": "0", "level": "easy"})
    assert started.status_code == 303
    hand_id = started.headers["Location"].rsplit("/", 1)[-1]
    for revision in ("⁰", "٠", "0_0", "0" * 5000):
        response = client.post(f"/en/play/{hand_id}", data={"revision": revision, "action": "pass"})
        assert response.status_code == 400
        assert "That form could not be read, so nothing was changed." in response.get_data(as_text=True)
    for bid in ("¹⁸", "1_8", "1" + "8" * 5000):
        response = client.post(f"/en/play/{hand_id}", data={"revision": "0", "action": bid})
        assert response.status_code == 400
    with app.app_context():
        stored = practice_store.load_hand(hand_id)
        assert stored is not None and stored.revision == 0 and stored.seed == 4711


def test_a_drill_answer_in_other_digits_is_refused(client: FlaskClient) -> None:
    for value in ("٣٦", "3_6", "9" * 5000):
        response = client.post("/en/calculator/drills/1/7", data={"value": value})
        assert response.status_code == 200
        assert "Type the game value as a whole number, for example 36." in response.get_data(as_text=True)


@pytest.mark.parametrize("value", ["٣٦", "3_6", "³⁶", "9" * 5000, "0" * 300 + "36"])
def test_the_api_refuses_a_number_in_other_digits(client: FlaskClient, value: str) -> None:
    response = client.get("/api/v1/score", query_string={"game": "grand", "matadors": "1",
                                                          "declarer_points": "61", "bid": value})
    assert response.status_code == 400
    assert response.get_json()["reason"] == "not_a_number"


def test_the_readers_accept_only_ascii_digits_of_a_sane_length() -> None:
    assert parse.number("007") == 7 and parse.number("+5", signed=True) == 5
    for text in ("²", "٣", "7_5", "1e3", "9" * (parse.MAX_DIGITS + 1), "-1", "", "0x10"):
        assert parse.number_or_none(text) is None, text
    with pytest.raises(parse.Refused) as refused:
        parse.number("4", low=5)
    assert refused.value.reason.value == "out_of_range"
    assert parse.seat("3", players=3, first=1) == 2 and parse.number_or_none("4", high=3) is None
    assert not parse.is_token("a\x00") and not parse.is_token("ä") and parse.token("Ab-_9") == "Ab-_9"
