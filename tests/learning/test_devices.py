"""Progress on another device: a code carries lessons, drills, streak and statistics to a second browser."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.helpers import MakeApp, english_leaks, visible_text
from webapp import config
from webapp.calculator.drills import exercise
from webapp.storage import db, learning
from webapp.storage.calculator import DrillStreak
from webapp.storage.lessons import Learner, LessonProgress, new_learner

CODE = re.compile(r"\b[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}\b")


def make_code(client: FlaskClient) -> str:
    """Make a progress code on ``client``'s device and read it off the page it shows."""
    response = client.post("/en/learn/device/code")
    assert response.status_code == 303 and response.headers["Location"] == "/en/learn/device"
    page = client.get("/en/learn/device").get_data(as_text=True)
    found = CODE.search(visible_text(page))
    assert found is not None and "<svg" in page
    return found.group()


def solve_drill(client: FlaskClient, level: int, seed: int) -> None:
    drill = exercise(level, seed)
    response = client.post(f"/en/calculator/drills/{level}/{seed}", data={
        "value": str(drill.settlement.game_value), "score": str(drill.settlement.score)})
    assert response.status_code == 303


def progress(app: Flask, client: FlaskClient) -> dict[str, int]:
    """Return the steps reached per lesson by the learner of ``client``'s cookie."""
    cookie = client.get_cookie("learner")
    assert cookie is not None
    with app.app_context():
        rows = db.session.scalars(select(LessonProgress).where(LessonProgress.learner_id == cookie.value))
        return {row.lesson: row.step for row in rows}


def test_progress_moves_to_a_second_device_by_its_code(app: Flask) -> None:
    phone, laptop = app.test_client(), app.test_client()  # two browsers: two cookie jars
    for number in (1, 2, 3):
        assert phone.post(f"/en/learn/deck/{number}").status_code == 303
    solve_drill(phone, 3, 42)
    solve_drill(phone, 3, 43)
    laptop.post("/en/learn/tricks/1")  # the laptop's own earlier progress, in another lesson
    solve_drill(laptop, 1, 7)
    code = make_code(phone)

    response = laptop.post("/en/learn/device", data={"code": f" {code.lower().replace('-', ' ')} "})
    assert response.status_code == 303 and response.headers["Location"] == "/en/learn/?carried=yes"
    assert "This browser now carries on with your progress" in visible_text(
        laptop.get(response.headers["Location"]).get_data(as_text=True))
    assert laptop.get_cookie("learner").value == phone.get_cookie("learner").value  # type: ignore[union-attr]
    assert progress(app, laptop) == {"deck": 3, "tricks": 1}  # both devices' lessons, merged
    for device in (laptop, phone):  # the better drill streak: 2 from the phone (the laptop's was 1)
        assert re.search(r'class="streak__count">2<', device.get("/en/calculator/drills/").get_data(as_text=True))
    with app.app_context():
        assert [row.streak for row in db.session.scalars(select(DrillStreak))] == [2]  # the laptop's row merged in
        assert db.session.scalar(select(db.func.count()).select_from(Learner)) == 1
    assert "1 day of learning" in visible_text(laptop.get("/en/").get_data(as_text=True))
    laptop.post("/en/learn/deck/4")  # carrying on on the laptop is the phone's progress too
    assert progress(app, phone)["deck"] == 4


def test_a_new_code_retires_the_old_one(app: Flask) -> None:
    phone, laptop = app.test_client(), app.test_client()
    phone.post("/en/learn/deck/1")
    old = make_code(phone)
    new = make_code(phone)
    assert old != new
    response = laptop.post("/en/learn/device", data={"code": old})
    assert response.status_code == 400
    assert "No progress has this code" in visible_text(response.get_data(as_text=True))
    assert laptop.get_cookie("learner") is None  # nothing changed
    assert laptop.post("/en/learn/device", data={"code": new}).status_code == 303
    assert progress(app, laptop) == {"deck": 1}


def test_the_code_is_shown_once_and_kept_only_hashed(app: Flask) -> None:
    phone = app.test_client()
    phone.post("/en/learn/deck/1")
    code = make_code(phone)
    with app.app_context():
        stored = db.session.scalars(select(learning.LearnerLink.code_hash)).one()
    assert stored is not None and code.replace("-", "") not in stored and len(stored) == 64
    other_tab = app.test_client()
    other_tab.set_cookie("learner", phone.get_cookie("learner").value)  # type: ignore[union-attr]
    page = visible_text(other_tab.get("/en/learn/device").get_data(as_text=True))
    assert CODE.search(page) is None and "You made a progress code on" in page


@pytest.mark.parametrize("typed", ["", "K7QM-3XPA-9TR0", "ABCD", "x" * 500, "K7QM-3XPA-9TRD"])
def test_a_wrong_code_is_refused_and_changes_nothing(app: Flask, typed: str) -> None:
    laptop = app.test_client()
    laptop.post("/en/learn/tricks/1")
    before = laptop.get_cookie("learner").value  # type: ignore[union-attr]
    response = laptop.post("/en/learn/device", data={"code": typed})
    assert response.status_code == 400
    page = visible_text(response.get_data(as_text=True))
    assert "Nothing was changed" in page
    assert laptop.get_cookie("learner").value == before  # type: ignore[union-attr]
    assert progress(app, laptop) == {"tricks": 1}


def test_entering_codes_is_rate_limited(make_app: MakeApp) -> None:
    app = make_app(RATE_LIMITS={**config.RATE_LIMITS, "codes": "3/hour"})
    phone, laptop = app.test_client(), app.test_client()
    phone.post("/en/learn/deck/1")
    code = make_code(phone)
    for _ in range(3):
        assert laptop.post("/en/learn/device", data={"code": "2222-2222-2222"}).status_code == 400
    response = laptop.post("/en/learn/device", data={"code": code})  # the right code, but too late
    assert response.status_code == 429
    assert "too many codes from here" in visible_text(response.get_data(as_text=True))
    assert laptop.get_cookie("learner") is None


def test_the_qr_codes_link_asks_before_binding(app: Flask) -> None:
    phone, laptop = app.test_client(), app.test_client()
    phone.post("/en/learn/deck/1")
    code = make_code(phone)
    page = laptop.get(f"/en/learn/device/{code.replace('-', '')}").get_data(as_text=True)
    assert f'value="{code}"' in page and laptop.get_cookie("learner") is None  # opening it changes nothing
    assert laptop.get("/en/learn/device/not-a-code").status_code == 200
    assert laptop.post("/en/learn/device", data={"code": code}).status_code == 303


def test_entering_the_code_of_this_very_device_changes_nothing(app: Flask) -> None:
    phone = app.test_client()
    phone.post("/en/learn/deck/1")
    code = make_code(phone)
    response = phone.post("/en/learn/device", data={"code": code})
    assert response.headers["Location"] == "/en/learn/?carried=same"
    assert progress(app, phone) == {"deck": 1}


def test_merging_keeps_the_better_result_of_each_lesson(app: Flask) -> None:
    with app.app_context():
        phone, laptop = new_learner(), new_learner()
        db.session.flush()
        db.session.add_all([
            LessonProgress(learner_id=phone.id, lesson="deck", step=9, stars=1, finished=True, mistakes=4),
            LessonProgress(learner_id=laptop.id, lesson="deck", step=9, stars=3, finished=True, mistakes=0),
            LessonProgress(learner_id=phone.id, lesson="tricks", step=6, stars=0, finished=False, mistakes=0),
            LessonProgress(learner_id=laptop.id, lesson="tricks", step=2, stars=0, finished=False, mistakes=1),
        ])
        db.session.commit()
        learning.carry_on(laptop, None, phone)
        db.session.commit()
        rows = {row.lesson: (row.stars, row.step, row.mistakes) for row in db.session.scalars(select(LessonProgress))}
        assert rows == {"deck": (3, 9, 0), "tricks": (0, 6, 0)}
        assert db.session.get(Learner, laptop.id) is None


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_device_pages_are_translated(app: Flask, lang: str) -> None:
    phone = app.test_client()
    phone.post("/en/learn/deck/1")
    phone.post(f"/{lang}/learn/device/code")
    for page in (phone.get(f"/{lang}/learn/device"), phone.post(f"/{lang}/learn/device", data={"code": "x"}),
                 phone.get(f"/{lang}/learn/?carried=yes")):
        html = page.get_data(as_text=True)
        assert english_leaks(html, lang) == [], page.request.path


def test_review_items_and_deals_of_the_day_come_along_to_the_other_device(app: Flask) -> None:
    from datetime import date

    from webapp.storage.daily import DailyPlay
    from webapp.storage.review import ReviewItem

    phone, laptop = app.test_client(), app.test_client()
    phone.post("/en/learn/deck/1")
    laptop.post("/en/learn/tricks/1")
    code = make_code(phone)
    phone_id, laptop_id = phone.get_cookie("learner").value, laptop.get_cookie("learner").value  # type: ignore[union-attr]
    both_played, only_laptop = date(2026, 11, 20), date(2026, 11, 21)
    with app.app_context():
        db.session.add_all([
            ReviewItem(learner_id=laptop_id, kind="step", ref="tricks/2", due=date(2026, 11, 22), stage=1, rights=1),
            ReviewItem(learner_id=laptop_id, kind="step", ref="deck/3", due=date(2026, 11, 25), stage=0, rights=0),
            ReviewItem(learner_id=phone_id, kind="step", ref="deck/3", due=date(2026, 11, 23), stage=2, rights=1),
            DailyPlay(day=both_played, learner_id=phone_id, hand_id="phone-hand", score=24),
            DailyPlay(day=both_played, learner_id=laptop_id, hand_id="laptop-hand-1", score=-60),
            DailyPlay(day=only_laptop, learner_id=laptop_id, hand_id="laptop-hand-2", score=40),
        ])
        db.session.commit()

    assert laptop.post("/en/learn/device", data={"code": code}).status_code == 303

    with app.app_context():
        items = {(row.learner_id, row.ref): (row.due, row.stage) for row in db.session.scalars(select(ReviewItem))}
        assert items == {(phone_id, "tricks/2"): (date(2026, 11, 22), 1),   # the laptop's own mistake came along
                         (phone_id, "deck/3"): (date(2026, 11, 23), 2)}     # one both had stays as the phone had it
        plays = {(row.learner_id, row.day): (row.hand_id, row.score) for row in db.session.scalars(select(DailyPlay))}
        assert plays == {(phone_id, both_played): ("phone-hand", 24),          # one counted try a day
                         (phone_id, only_laptop): ("laptop-hand-2", 40)}
