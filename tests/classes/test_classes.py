"""Classes across browsers: a teacher client and student clients, each with a cookie jar of their own.

A whole teacher-paced lesson and a self-paced set of scoring drills, the dashboard's counts and
chart, the cheap polls, the summary and its CSV; and every bad request refused with a translated
message, changing nothing.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from tests.classes.answers import right_forms
from webapp.calculator import drills
from webapp.classes import views
from webapp.lessons.course import lesson_named
from webapp.lessons.steps import Choose, Number, Order, Pick, Step
from webapp.storage import db
from webapp.storage.classes import ClassAnswer, ClassRoom, ClassStudent
from webapp.storage.purge import PURGEABLE, purge

CODE = re.compile(r'class="class-code" lang="en">(\w{6})<')
RESUME = re.compile(r"resume code is (\w{6})")


def start(teacher: FlaskClient, lang: str = "en", **form: str) -> tuple[str, str]:
    """Start a class through the form; return the teacher's dashboard URL and the join code."""
    response = teacher.post(f"/{lang}/classes/new", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.headers["Location"]
    page = teacher.get(url.replace(f"/{lang}/", "/en/", 1))
    assert page.status_code == 200
    found = CODE.search(page.get_data(as_text=True))
    assert found is not None
    return url, found.group(1)


def join(app: Flask, code: str, nickname: str, lang: str = "en") -> FlaskClient:
    """Join the class with a fresh cookie jar; return the student's client."""
    student = app.test_client()
    response = student.post(f"/{lang}/classes/join", data={"code": code, "nickname": nickname})
    assert response.status_code == 303, response.get_data(as_text=True)
    return student


def wrong_form(step: Step) -> dict[str, object] | None:
    """Return a form that answers a step wrongly, if the step has a wrong answer to give."""
    if isinstance(step, Choose):
        return {"option": str(next(i for i, option in enumerate(step.options) if not option.correct))}
    if isinstance(step, Number):
        return {"answer": str(int(step.solution()) + 1)}
    if isinstance(step, Order):
        return {"card": str(step.answer()[-1])}
    if isinstance(step, Pick):
        others = [str(card) for card in step.cards if card not in step.answer()]
        if others:
            return {"card": others[0]} if step.single else {"card": others}
    return None


def counted(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(model)) or 0)


def test_a_whole_teacher_paced_lesson_with_three_students(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="lesson", lesson="tricks", steps="", pace="teacher")
    lesson = lesson_named("tricks")
    assert lesson is not None
    anna, ben = join(app, code.lower(), "Anna"), join(app, f" {code[:3]}-{code[3:]} ", "Ben", lang="de")
    taken = app.test_client().post("/en/classes/join", data={"code": code, "nickname": "anna"})
    assert taken.status_code == 409 and "already has that nickname" in taken.get_data(as_text=True)
    cleo = join(app, code, "Cleo", lang="fr")
    # The resume code is shown once, and brings Anna's place back on another device.
    first = anna.get(f"/en/classes/{code}").get_data(as_text=True)
    resume_code = RESUME.search(first)
    assert resume_code is not None
    assert not RESUME.search(anna.get(f"/en/classes/{code}").get_data(as_text=True))
    other_device = app.test_client()
    back = other_device.post("/en/classes/resume", data={"code": code, "nickname": "ANNA", "resume": resume_code.group(1)})
    assert back.status_code == 303
    assert "Anna" in other_device.get(f"/en/classes/{code}").get_data(as_text=True)
    assert anna.get(f"/en/classes/{code}").status_code == 303  # the place moved to the other device
    anna = other_device
    assert "Eine Klasse" not in ben.get(f"/de/classes/{code}").get_data(as_text=True)

    revision = int(re.search(r"news\?revision=(\d+)", teacher.get(dashboard).get_data(as_text=True)).group(1))
    assert teacher.get(f"{dashboard}/news?revision={revision}").status_code == 204
    stage = re.search(r"news\?stage=(\d+)", anna.get(f"/en/classes/{code}").get_data(as_text=True)).group(1)
    assert anna.get(f"/en/classes/{code}/news?stage={stage}").status_code == 204

    asked = 0
    for index, number in enumerate(range(1, len(lesson.steps) + 1)):
        step = lesson.steps[number - 1]
        if index:
            assert teacher.post(f"{dashboard}/move", data={"to": str(index)}).status_code == 303
            # The students' poll now brings the new step.
            assert anna.get(f"/en/classes/{code}/news?stage={stage}").status_code == 200
            stage = re.search(r"news\?stage=(\d+)", anna.get(f"/en/classes/{code}").get_data(as_text=True)).group(1)
        if not step.interactive:
            continue
        asked += 1
        for form in right_forms(step):
            assert anna.post(f"/en/classes/{code}/{index}", data=form).status_code == 303
        wrong = wrong_form(step)
        if wrong is not None:
            assert ben.post(f"/de/classes/{code}/{index}", data=wrong).status_code == 303
        for form in right_forms(step):
            ben.post(f"/de/classes/{code}/{index}", data=form)
        # Cleo answers nothing. The dashboard counts two answers, the right one marked on the chart.
        page = teacher.get(dashboard).get_data(as_text=True)
        assert "2 have answered this step." in page
        assert "class-chart__bar--right" in page
        assert "3 students have joined." in page
    # An answer to a step that is not open changes nothing.
    before = counted(app, ClassAnswer)
    refused = cleo.post(f"/fr/classes/{code}/0", data={"option": "0"})
    assert refused.status_code == 409 and "Cette étape" in refused.get_data(as_text=True)
    assert counted(app, ClassAnswer) == before

    csv_text = teacher.get(f"{dashboard}/summary.csv").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert rows[0][0] == "Nickname" and rows[0][-1] == "Right first time" and len(rows[0]) == asked + 2
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["Anna"][-1] == str(asked)
    assert set(by_name["Cleo"][1:-1]) == {""}
    assert "wrong" in by_name["Ben"] or "right after a miss" in by_name["Ben"]
    summary = teacher.get(f"{dashboard}/summary").get_data(as_text=True)
    assert "Per student" in summary and "Cleo" in summary

    assert teacher.post(f"{dashboard}/end").status_code == 303
    assert "This class has ended" in anna.get(f"/en/classes/{code}").get_data(as_text=True)
    after = cleo.post(f"/fr/classes/{code}/{len(lesson.steps) - 1}", data={"card": "CJ"})
    assert after.status_code == 409
    late = app.test_client().post("/en/classes/join", data={"code": code, "nickname": "Dora"})
    assert late.status_code == 400 and "This class has ended" in late.get_data(as_text=True)


def test_names_stay_hidden_on_the_dashboard_until_the_teacher_shows_them(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="lesson", lesson="tricks", steps="4", pace="teacher")
    join(app, code, "Zebulon")
    assert "Zebulon" not in teacher.get(dashboard).get_data(as_text=True)
    assert "Zebulon" not in teacher.get(f"{dashboard}/projector").get_data(as_text=True)
    teacher.post(f"{dashboard}/names", data={"shown": "1"})
    assert "Zebulon" in teacher.get(dashboard).get_data(as_text=True)
    assert teacher.post(f"{dashboard}/names", data={"shown": "maybe"}).status_code == 400


def test_a_self_paced_set_of_drills_with_a_fixed_seed(app: Flask) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="drills", level="3", count="3", seed="4711", pace="self")
    anna, ben = join(app, code, "Anna"), join(app, code, "Ben")
    for index in range(3):
        exercise = drills.exercise(3, 4711 + index)
        result = exercise.settlement
        # Going on before answering is refused; an answer to a later step too.
        assert anna.post(f"/en/classes/{code}/{index}/next").status_code == 409
        assert anna.post(f"/en/classes/{code}/{index + 1}", data={"value": "1", "score": "1"}).status_code == 409
        bad = anna.post(f"/en/classes/{code}/{index}", data={"value": "lots", "score": ""})
        assert bad.status_code == 400 and "whole numbers" in bad.get_data(as_text=True)
        anna.post(f"/en/classes/{code}/{index}", data={"value": result.game_value, "score": result.score})
        page = anna.get(f"/en/classes/{code}").get_data(as_text=True)
        assert "Right: the game value is" in page
        # A second answer changes nothing: the first one counts.
        anna.post(f"/en/classes/{code}/{index}", data={"value": result.game_value + 1, "score": 0})
        assert "Right: the game value is" in anna.get(f"/en/classes/{code}").get_data(as_text=True)
        # There is no step after the last one to go on to.
        assert anna.post(f"/en/classes/{code}/{index}/next").status_code == (303 if index < 2 else 409)
    assert "You have done every step" in anna.get(f"/en/classes/{code}").get_data(as_text=True)
    ben.post(f"/en/classes/{code}/0", data={"value": "1", "score": "-2"})
    page = teacher.get(f"{dashboard}?item=0").get_data(as_text=True)
    assert "2 have answered this step." in page and "1, score −2" in page
    rows = list(csv.reader(io.StringIO(teacher.get(f"{dashboard}/summary.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[1] == ["Anna", "right", "right", "right", "3"]
    assert rows[2] == ["Ben", "wrong", "", "", "0"]
    # The same seed gives the same games to every class.
    _, other = start(teacher, activity="drills", level="3", count="3", seed="4711", pace="self")
    cleo = join(app, other, "Cleo")
    exercise = drills.exercise(3, 4711)
    cleo.post(f"/en/classes/{other}/0", data={"value": exercise.settlement.game_value, "score": exercise.settlement.score})
    assert "Right: the game value is" in cleo.get(f"/en/classes/{other}").get_data(as_text=True)


def test_bad_codes_nicknames_and_ids_change_nothing(app: Flask, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="lesson", lesson="tricks", steps="1-3, 5", pace="teacher")
    visitor = app.test_client()
    wrong = visitor.post("/de/classes/join", data={"code": "AAAAAA" if code != "AAAAAA" else "CCCCCC", "nickname": "Anna"})
    assert wrong.status_code == 404 and "Keine Klasse" in wrong.get_data(as_text=True)
    for nickname, message in (("<b>Anna</b>", "leave out &lt; and &gt;"), ("A" * 500, "at most 24 characters"),
                              ("", "Choose a nickname")):
        refused = visitor.post("/en/classes/join", data={"code": code, "nickname": nickname})
        assert refused.status_code == 400 and message in refused.get_data(as_text=True)
    assert counted(app, ClassStudent) == 0
    monkeypatch.setattr(views, "MAX_STUDENTS", 2)
    join(app, code, "Anna"), join(app, code, "Ben")
    full = visitor.post("/en/classes/join", data={"code": code, "nickname": "Cleo"})
    assert full.status_code == 409 and "This class is full" in full.get_data(as_text=True)
    assert counted(app, ClassStudent) == 2
    # Tampered ids: another teacher secret, a step number out of range, a student without a cookie.
    assert teacher.get(dashboard[:-3] + "xyz").status_code == 404
    assert teacher.post(f"{dashboard}/move", data={"to": "99"}).status_code == 400
    assert teacher.post(f"{dashboard}/move", data={"to": "-1"}).status_code == 400
    assert visitor.post(f"/en/classes/{code}/0", data={"option": "0"}).status_code == 403
    assert visitor.get(f"/en/classes/{code}").status_code == 303
    assert visitor.get("/en/classes/NOPE!!").status_code == 404
    assert visitor.get("/en/classes/ZZZZZZ/news?stage=0").status_code == 404
    wrong_resume = visitor.post("/en/classes/resume", data={"code": code, "nickname": "Anna", "resume": "CCCCCC"})
    assert wrong_resume.status_code == 400 and "do not match" in wrong_resume.get_data(as_text=True)
    bad_steps = teacher.post("/en/classes/new", data={"activity": "lesson", "lesson": "tricks", "steps": "3-99", "pace": "teacher"})
    assert bad_steps.status_code == 400 and "between 1 and" in bad_steps.get_data(as_text=True)
    assert teacher.post("/en/classes/new", data={"activity": "chess", "pace": "teacher"}).status_code == 400
    assert counted(app, ClassRoom) == 1


def test_creating_classes_is_rate_limited_and_a_double_click_makes_one(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(RATE_LIMITS={"classes": "2/hour"})
    teacher = app.test_client()
    form = {"activity": "drills", "level": "1", "count": "2", "seed": "", "pace": "self", "once": "A" * 22}
    first = teacher.post("/en/classes/new", data=form)
    again = teacher.post("/en/classes/new", data=form)
    assert first.headers["Location"] == again.headers["Location"]
    assert counted(app, ClassRoom) == 1
    too_many = teacher.post("/en/classes/new", data={**form, "once": "B" * 22})
    assert too_many.status_code == 429
    assert counted(app, ClassRoom) == 1


def test_purge_removes_classes_untouched_for_30_days_with_their_students(app: Flask) -> None:
    teacher = app.test_client()
    _, old = start(teacher, activity="drills", level="1", count="1", seed="1", pace="self")
    student = join(app, old, "Anna")
    student.post(f"/en/classes/{old}/0", data={"value": "1", "score": "1"})
    _, fresh = start(teacher, activity="drills", level="1", count="1", seed="2", pace="self")
    with app.app_context():
        db.session.execute(update(ClassRoom).where(ClassRoom.code == old)
                           .values(updated_at=datetime.now(UTC) - timedelta(days=31)))
        db.session.commit()
        purgeable = next(p for p in PURGEABLE if p.kind == "classes")
        assert purge(purgeable, app.config["PURGE_AFTER_DAYS"]["classes"]).removed == 1
    assert counted(app, ClassRoom) == 1 and counted(app, ClassStudent) == 0 and counted(app, ClassAnswer) == 0
    assert app.test_client().post("/en/classes/join", data={"code": old, "nickname": "Ben"}).status_code == 404


def test_the_short_address_and_the_qr_code_lead_to_the_join_form(app: Flask) -> None:
    client = app.test_client()
    short = client.get("/join", headers={"Accept-Language": "fi"})
    assert short.status_code == 303 and short.headers["Location"].startswith("/fi/classes/")
    with_code = client.get("/join/hx7-4ka", headers={"Accept-Language": "de"})
    assert with_code.headers["Location"] == "/de/classes/?code=HX74KA"
    _, code = start(client, activity="drills", level="1", count="1", seed="1", pace="self")
    page = client.get(f"/fr/classes/?code={code}").get_data(as_text=True)
    assert f'value="{code}"' in page and "Rejoindre" in page
