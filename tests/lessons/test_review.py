"""Spaced review: wrong answers in the lessons and drills come back after 1, 3 and 7 days (frozen clock)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from webapp.calculator.drills import exercise
from webapp.lessons.course import LESSONS, lesson_named
from webapp.storage import db, learning
from webapp.storage.review import ReviewItem

from .solving import wrong_answers
from .test_views import LANGUAGES, form_for

START = date(2026, 12, 1)
SLUG = "deck"


@pytest.fixture
def day(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Freeze the clock; ``day(n)`` moves it to ``n`` days after `START`."""
    def move(offset: int) -> None:
        monkeypatch.setattr(learning, "today", lambda: START + timedelta(days=offset))

    move(0)
    return move


def first_question(slug: str = SLUG) -> tuple[int, object]:
    lesson = lesson_named(slug)
    assert lesson is not None
    return next((n, step) for n, step in enumerate(lesson.steps, start=1) if step.interactive)


def answer_in_lesson(client: FlaskClient, *, right: bool) -> None:
    number, step = first_question()
    text = step.solution() if right else wrong_answers(step)[0]  # type: ignore[attr-defined]
    assert client.post(f"/en/learn/{SLUG}/{number}", data=form_for(step, text)).status_code == 303


def answer_in_review(client: FlaskClient, *, right: bool) -> int:
    number, step = first_question()
    text = step.solution() if right else wrong_answers(step)[0]  # type: ignore[attr-defined]
    return client.post(f"/en/learn/review/step/{SLUG}/{number}", data=form_for(step, text)).status_code


def due(client: FlaskClient) -> int:
    """Return the number the course map shows to review (0 when it shows none)."""
    html = client.get("/en/learn/").get_data(as_text=True)
    for count in range(1, 20):
        if f"{count} to review" in html:
            return count
    return 0


def row(app: Flask) -> ReviewItem | None:
    with app.app_context():
        found = db.session.scalars(select(ReviewItem)).all()
        assert len(found) <= 1
        if found:
            db.session.expunge(found[0])
        return found[0] if found else None


def test_a_mistake_comes_back_after_1_then_3_days_and_is_learnt_after_two_rights(app: Flask, client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    answer_in_lesson(client, right=True)  # solving it in the lesson the same day does not learn it
    assert due(client) == 0
    day(1)
    assert due(client) == 1
    assert answer_in_review(client, right=True) == 303
    assert due(client) == 0
    for offset in (2, 3):
        day(offset)
        assert due(client) == 0
    day(4)
    assert due(client) == 1
    assert answer_in_review(client, right=True) == 303
    item = row(app)
    assert item is not None and item.due is None and item.rights == 2
    for offset in (5, 8, 11, 30):
        day(offset)
        assert due(client) == 0


def test_a_wrong_review_brings_it_back_tomorrow_and_the_next_right_waits_7_days(app: Flask, client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    day(1)
    answer_in_review(client, right=False)
    assert row(app).due == START + timedelta(days=2)  # type: ignore[union-attr]
    day(2)
    answer_in_review(client, right=True)
    assert row(app).due == START + timedelta(days=5)  # type: ignore[union-attr]
    day(5)
    answer_in_review(client, right=False)
    assert (row(app).due, row(app).rights) == (START + timedelta(days=6), 0)  # type: ignore[union-attr]
    day(6)
    answer_in_review(client, right=True)
    assert row(app).due == START + timedelta(days=13)  # type: ignore[union-attr]
    day(12)
    assert due(client) == 0
    day(13)
    assert due(client) == 1
    answer_in_review(client, right=True)
    assert row(app).due is None  # type: ignore[union-attr]


def test_only_the_first_answer_of_the_day_counts(app: Flask, client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    day(1)
    answer_in_review(client, right=False)
    number, _ = first_question()
    html = client.get(f"/en/learn/review/step/{SLUG}/{number}").get_data(as_text=True)
    assert "Not quite." in html and "Try again." in html and "Next" in html  # the feedback stays after the redirect
    assert answer_in_review(client, right=True) == 303  # the learner may still solve it ...
    assert "Right!" in client.get(f"/en/learn/review/step/{SLUG}/{number}").get_data(as_text=True)
    item = row(app)
    assert (item.due, item.rights) == (START + timedelta(days=2), 0)  # type: ignore[union-attr]  # ... but it is back tomorrow
    assert answer_in_review(client, right=True) == 303  # a replayed answer changes nothing
    assert row(app).due == START + timedelta(days=2)  # type: ignore[union-attr]


def test_the_review_page_lists_what_is_due_and_leads_through_it(client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    drill = exercise(2, 99)
    client.post("/en/calculator/drills/2/99", data={"value": str(drill.settlement.game_value + 1)})
    assert "Nothing to review today" in client.get("/en/learn/review/").get_data(as_text=True)
    day(1)
    assert due(client) == 2
    html = client.get("/en/learn/review/").get_data(as_text=True)
    number, _ = first_question()
    assert f"/en/learn/review/step/{SLUG}/{number}" in html and "/en/learn/review/drill/2/99" in html
    assert "Lesson 1: " in html and "Scoring drill, level 2: Without matadors" in html
    answer_in_review(client, right=True)
    page = client.get(f"/en/learn/review/step/{SLUG}/{number}").get_data(as_text=True)
    assert 'href="/en/learn/review/drill/2/99"' in page  # "Next" goes on to the drill


def test_a_drill_answered_wrong_comes_back_with_its_verdict_and_computation(app: Flask, client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    drill = exercise(1, 7)
    value, score = drill.settlement.game_value, drill.settlement.score
    client.post("/en/calculator/drills/1/7", data={"value": str(value), "score": str(score + 10)})
    day(1)
    page = client.get("/en/learn/review/drill/1/7")
    assert page.status_code == 200 and 'name="score"' in page.get_data(as_text=True)
    assert client.post("/en/learn/review/drill/1/7", data={"value": str(value), "score": str(score)}).status_code == 303
    html = client.get("/en/learn/review/drill/1/7").get_data(as_text=True)
    assert "Right: the game value is" in html and 'class="calc-formula formula"' in html
    assert row(app).due == START + timedelta(days=4)  # type: ignore[union-attr]
    # a drill answered right never enters the review
    other = exercise(1, 8)
    client.post("/en/calculator/drills/1/8", data={"value": str(other.settlement.game_value),
                                                     "score": str(other.settlement.score)})
    assert row(app) is not None


@pytest.mark.parametrize("url", [
    "/en/learn/review/step/deck/1",  # an explanation, never reviewed
    "/en/learn/review/step/nosuch/2",
    "/en/learn/review/step/deck/999",
    "/en/learn/review/drill/1/8",  # not in the learner's set
    "/en/learn/review/drill/99/1",
    "/en/learn/review/drill/1/99999999999",
])
def test_what_is_not_due_is_refused_with_a_message_and_changes_nothing(app: Flask, client: FlaskClient, day, url: str) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    client.post("/en/calculator/drills/1/7", data={"value": "1"})
    for response in (client.get(url), client.post(url, data={"option": "0", "value": "1", "score": "1"})):
        assert response.status_code == 404
        assert "not in your review for today, so nothing was changed" in response.get_data(as_text=True)
    with app.app_context():
        assert {(item.kind, item.due) for item in db.session.scalars(select(ReviewItem))} == {
            ("step", START + timedelta(days=1)), ("drill", START + timedelta(days=1))}


def test_an_item_not_yet_due_is_refused(client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    number, _ = first_question()
    assert client.get(f"/en/learn/review/step/{SLUG}/{number}").status_code == 404
    assert answer_in_review(client, right=True) == 404


def test_a_drill_answer_that_is_no_number_is_refused(app: Flask, client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    client.post("/en/calculator/drills/1/7", data={"value": "1"})
    day(1)
    response = client.post("/en/learn/review/drill/1/7", data={"value": "zwölf", "score": ""})
    assert response.status_code == 400
    assert "as whole numbers" in response.get_data(as_text=True)
    item = row(app)
    assert (item.due, item.reviewed) == (START + timedelta(days=1), None)  # type: ignore[union-attr]


def test_htmx_gets_the_item_alone(client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    answer_in_lesson(client, right=False)
    day(1)
    number, step = first_question()
    response = client.post(f"/en/learn/review/step/{SLUG}/{number}", headers={"HX-Request": "true"},
                           data=form_for(step, step.solution()))  # type: ignore[attr-defined]
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.lstrip().startswith("<section id=\"step\"")
    assert "Right!" in html and 'hx-swap-oob' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_speaks_every_language(client: FlaskClient, day, lang: str) -> None:  # type: ignore[no-untyped-def]
    from tests.helpers import english_leaks

    lesson = LESSONS[0]
    number, step = first_question(lesson.slug)
    client.post(f"/{lang}/learn/{lesson.slug}/{number}", data=form_for(step, wrong_answers(step)[0]))  # type: ignore[attr-defined]
    client.post(f"/{lang}/calculator/drills/1/7", data={"value": "1"})
    pages = [f"/{lang}/learn/review/"]
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        assert english_leaks(html, lang) == [], page
    day(1)
    pages += [f"/{lang}/learn/", f"/{lang}/learn/review/step/{lesson.slug}/{number}", f"/{lang}/learn/review/drill/1/7"]
    client.post(f"/{lang}/learn/review/drill/1/7", data={"value": "1", "score": "1"})
    client.post(f"/{lang}/learn/review/step/{lesson.slug}/{number}", data=form_for(step, wrong_answers(step)[0]))  # type: ignore[attr-defined]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.get_data(as_text=True)
        assert "%(" not in html, page
        assert english_leaks(html, lang) == [], page
    bad = client.get(f"/{lang}/learn/review/drill/1/8")
    assert bad.status_code == 404 and english_leaks(bad.get_data(as_text=True), lang) == []


def test_the_review_set_goes_with_its_learner(app: Flask, client: FlaskClient, runner) -> None:  # type: ignore[no-untyped-def]
    from tests.core.test_purge import age, count
    from webapp.storage.lessons import Learner

    answer_in_lesson(client, right=False)
    other = app.test_client()
    number, step = first_question()
    other.post(f"/en/learn/{SLUG}/{number}", data=form_for(step, wrong_answers(step)[0]))  # type: ignore[attr-defined]
    assert count(app, ReviewItem) == 2
    age(app, Learner.used, 401)
    answer_in_lesson(client, right=False)  # the first learner is active again
    assert runner.invoke(args=["purge"]).exit_code == 0
    assert count(app, Learner) == count(app, ReviewItem) == 1


def test_a_counted_review_answer_counts_for_the_streak(app: Flask, client: FlaskClient, day) -> None:  # type: ignore[no-untyped-def]
    from webapp.storage.learning import Activity

    def review_days() -> list[date]:
        with app.app_context():
            return sorted(db.session.scalars(select(Activity.day).where(Activity.kind == "review")))

    answer_in_lesson(client, right=False)
    assert review_days() == []
    day(1)
    answer_in_review(client, right=False)
    answer_in_review(client, right=True)  # the same day: one day of activity
    assert review_days() == [START + timedelta(days=1)]
    day(2)
    answer_in_review(client, right=True)
    assert review_days() == [START + timedelta(days=1), START + timedelta(days=2)]
