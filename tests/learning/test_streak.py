"""The streak: days with a lesson step, drill, review or deal; one rest day per ISO week keeps it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import english_leaks, visible_text

from webapp.storage import db, learning
from webapp.storage.lessons import new_learner

MONDAY = date(2026, 11, 30)
"""A Monday: the ISO week 2026-W49 runs from here to Sunday 6 December."""


def day(offset: int) -> date:
    return MONDAY + timedelta(days=offset)


def streak_after(app: Flask, monkeypatch: pytest.MonkeyPatch, active: list[int], on: int) -> learning.Streak:
    """Record activity on the ``active`` days (offsets from MONDAY) with the clock there; read the streak on ``on``."""
    with app.app_context():
        learner = new_learner()
        for offset in active:
            monkeypatch.setattr(learning, "today", lambda offset=offset: day(offset))
            learning.record_activity(learner, "step")
        db.session.commit()
        monkeypatch.setattr(learning, "today", lambda: day(on))
        return learning.streak_of(learner)


def test_a_full_week_counts_every_day(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    streak = streak_after(app, monkeypatch, list(range(7)), 6)
    assert (streak.days, streak.active_today, streak.rest_taken) == (7, True, False)


def test_today_without_activity_breaks_nothing_yet(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    streak = streak_after(app, monkeypatch, [0, 1, 2], 3)
    assert (streak.days, streak.active_today, streak.rest_taken) == (3, False, False)


def test_one_rest_day_in_a_week_keeps_the_streak(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    streak = streak_after(app, monkeypatch, [0, 1, 3, 4, 5, 6], 6)
    assert (streak.days, streak.rest_taken) == (6, True)  # Wednesday rested: six active days


def test_a_second_rest_day_in_the_same_week_breaks_it(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    assert streak_after(app, monkeypatch, [0, 2, 4, 5, 6], 6).days == 4  # Tuesday and Thursday missed: from Wednesday


def test_two_days_missed_in_a_row_break_it(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    assert streak_after(app, monkeypatch, [0, 1, 4], 4).days == 1


def test_each_week_has_its_own_rest_day(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    # Sunday of the week before (-1) and Saturday of this week (5) rest; Monday to Friday and Sunday count.
    active = [-7, -6, -5, -4, -3, -2, 0, 1, 2, 3, 4, 6]
    streak = streak_after(app, monkeypatch, active, 6)
    assert (streak.days, streak.rest_taken) == (12, True)


def test_a_rest_day_last_week_leaves_this_weeks(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    streak = streak_after(app, monkeypatch, [-3, -2, 0, 1], 1)  # Saturday rested, then Monday and Tuesday
    assert (streak.days, streak.rest_taken) == (4, False)


def test_yesterday_missed_is_this_weeks_rest_day(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    streak = streak_after(app, monkeypatch, [0, 1, 2], 4)  # Thursday missed, Friday not yet
    assert (streak.days, streak.rest_taken, streak.active_today) == (3, True, False)


def test_no_activity_no_streak(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    assert streak_after(app, monkeypatch, [], 3).days == 0
    assert streak_after(app, monkeypatch, [0], 3).days == 0  # Tuesday and Wednesday missed


def test_activity_is_kept_once_per_day_and_kind(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    with app.app_context():
        learner = new_learner()
        monkeypatch.setattr(learning, "today", lambda: day(2))
        for kind in ("step", "drill", "step"):
            learning.record_activity(learner, kind)  # type: ignore[arg-type]
        db.session.commit()
        rows = db.session.scalars(db.select(learning.Activity.kind).where(learning.Activity.learner_id == learner.id))
        assert sorted(rows) == ["drill", "step"]
        assert learning.active_days(learner) == {day(2)}
        with pytest.raises(ValueError):
            learning.record_activity(learner, "nap")  # type: ignore[arg-type]


def test_the_home_page_shows_the_streak_of_steps_and_drills(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Your streak" not in client.get("/en/").get_data(as_text=True)  # nobody yet
    monkeypatch.setattr(learning, "today", lambda: day(0))
    assert client.post("/en/learn/deck/1").status_code == 303  # Monday: a lesson step
    page = visible_text(client.get("/en/").get_data(as_text=True))
    assert "1 day of learning" in page and "You have learnt today" in page
    monkeypatch.setattr(learning, "today", lambda: day(1))
    assert client.post("/en/calculator/drills/1/3", data={"value": "1"}).status_code == 303  # Tuesday: a drill
    monkeypatch.setattr(learning, "today", lambda: day(3))  # Wednesday rested
    page = visible_text(client.get("/en/").get_data(as_text=True))
    assert "2 days of learning" in page and "keeps your streak going" in page
    assert "This week's rest day is taken" in page
    monkeypatch.setattr(learning, "today", lambda: day(4))  # Thursday missed too: the streak is over
    page = visible_text(client.get("/en/").get_data(as_text=True))
    assert "days of learning" not in page and "Start a streak today" in page


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_streak_is_translated(client: FlaskClient, lang: str) -> None:
    client.post("/en/learn/deck/1")
    page = client.get(f"/{lang}/").get_data(as_text=True)
    assert "streak-heading" in page and english_leaks(page, lang) == []
