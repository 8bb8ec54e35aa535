"""One learner answering twice at once (a double click, two tabs): no 500, every answer counted.

Real threads against a file database, so the two requests do race for the first row of a lesson
and of a step.
"""

from __future__ import annotations

import threading

from flask import Flask
from werkzeug.test import TestResponse

from webapp.lessons.course import LESSONS
from webapp.storage import db
from webapp.storage.lessons import LessonProgress, StepState

from .solving import wrong_answers
from .test_views import form_for


def at_once(app: Flask, learner: str, url: str, data: dict[str, object], times: int = 2) -> list[TestResponse]:
    """Send the same POST ``times`` times at the same moment, as one learner."""
    barrier = threading.Barrier(times)
    answers: list[TestResponse] = []

    def send() -> None:
        client = app.test_client()
        client.set_cookie("learner", learner)
        barrier.wait()
        answers.append(client.post(url, data=data))

    threads = [threading.Thread(target=send) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_simultaneous_first_answers_are_all_counted_and_none_fails(app: Flask) -> None:
    client = app.test_client()
    assert client.post("/en/learn/deck/1").status_code == 303
    learner = client.get_cookie("learner")
    assert learner is not None
    for lesson in LESSONS[1:]:
        number, step = next((n, s) for n, s in enumerate(lesson.steps, start=1) if s.interactive)
        url = f"/en/learn/{lesson.slug}/{number}"
        answers = at_once(app, learner.value, url, form_for(step, wrong_answers(step)[0]))
        assert [answer.status_code for answer in answers] == [303, 303], url
        with app.app_context():
            state = db.session.get(StepState, (learner.value, lesson.slug, number - 1))
            progress = db.session.get(LessonProgress, (learner.value, lesson.slug))
            assert state is not None and progress is not None
            assert (state.misses, progress.mistakes) == (2, 2), url


def test_simultaneous_hints_on_a_new_step_do_not_fail(app: Flask) -> None:
    client = app.test_client()
    client.post("/en/learn/deck/1")
    learner = client.get_cookie("learner")
    assert learner is not None
    hinted = [(lesson, n) for lesson in LESSONS for n, s in enumerate(lesson.steps, start=1) if s.hint]
    for lesson, number in hinted[:8]:
        answers = at_once(app, learner.value, f"/en/learn/{lesson.slug}/{number}/hint", {})
        assert [answer.status_code for answer in answers] == [303, 303]
