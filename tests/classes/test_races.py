"""Students joining at the same moment: one nickname is one student, a full class takes no one more.

Real threads against a file database (or PostgreSQL), so the two joins do race for the same row.
"""

from __future__ import annotations

import threading

import pytest
from flask import Flask
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from tests.classes.test_classes import join, start
from webapp.classes import views
from webapp.storage import db
from webapp.storage.classes import ClassStudent


def join_at_once(app: Flask, code: str, nicknames: list[str]) -> list[TestResponse]:
    """Send one join per nickname, each from its own browser, at the same moment."""
    barrier = threading.Barrier(len(nicknames))
    answers: list[TestResponse] = []

    def send(nickname: str) -> None:
        student = app.test_client()
        barrier.wait()
        answers.append(student.post("/en/classes/join", data={"code": code, "nickname": nickname}))

    threads = [threading.Thread(target=send, args=(nickname,)) for nickname in nicknames]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def students(app: Flask) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(ClassStudent.nickname)))


def test_two_students_taking_one_nickname_at_once_one_joins_the_other_is_told(app: Flask) -> None:
    _, code = start(app.test_client(), activity="lesson", lesson="tricks", steps="", pace="teacher")
    for nickname in ("Anna", "Ben", "Cleo", "Dana", "Emil"):
        answers = join_at_once(app, code, [nickname, nickname.lower()])
        assert sorted(answer.status_code for answer in answers) == [303, 409], nickname
        refused = next(answer for answer in answers if answer.status_code == 409)
        assert "already has that nickname" in refused.get_data(as_text=True)
    assert sorted(name.casefold() for name in students(app)) == ["anna", "ben", "cleo", "dana", "emil"]


def test_two_students_for_the_last_place_of_a_class_one_joins(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "MAX_STUDENTS", 2)
    _, code = start(app.test_client(), activity="lesson", lesson="tricks", steps="", pace="teacher")
    join(app, code, "Anna")
    answers = join_at_once(app, code, ["Ben", "Cleo", "Dana", "Emil", "Finn", "Greta"])
    assert sorted(answer.status_code for answer in answers) == [303, 409, 409, 409, 409, 409]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClassStudent)) == 2
