"""``flask purge``: anonymous data untouched for its number of days goes, in batches; newer data stays."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from webapp import config
from webapp.storage import db
from webapp.storage.calculator import DrillStreak
from webapp.storage.lessons import Learner, LessonProgress, StepState
from webapp.storage.gametables import GameTable
from webapp.storage.purge import PURGEABLE, purge, remove
from webapp.storage.ratelimit import RateWindow
from webapp.storage.scoresheet import ScoreChange, ScoreHand, ScoreList, ScorePage

PLAYERS = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "preset": "pub"}
CLUBS = {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "2", "points": "85", "bid": "36"}
START = {"seed": "4711", "seat": "0", "level": "easy"}


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(model)) or 0)


def age(app: Flask, column: object, days: int) -> None:
    """Make every row of ``column``'s table look last touched ``days`` days ago."""
    moment = datetime.now(UTC) - timedelta(days=days)
    with app.app_context():
        table = column.class_  # type: ignore[attr-defined]
        aware = column.type.timezone  # type: ignore[attr-defined]
        db.session.execute(update(table).values({column.key: moment if aware else moment.replace(tzinfo=None)}))  # type: ignore[attr-defined]
        db.session.commit()


def make_data(client: FlaskClient, copies: int) -> None:
    """Make ``copies`` of each kind: a practice hand, a learner with progress, a drill visitor, a list with a hand."""
    from webapp.calculator.drills import exercise

    drill = exercise(1, 1)
    for _ in range(copies):
        client.post("/en/play/", data=START)
        lists = client.post("/en/lists/new", data=PLAYERS).headers["Location"]
        client.post(f"{lists}/hands", data={**CLUBS, "revision": "0"})
        client.get(lists)  # its page is kept
        fresh = client.application.test_client()
        fresh.post("/en/learn/deck/1")
        fresh.post("/en/learn/deck/5", data={"option": "9"})
        fresh.post("/en/calculator/drills/1/1", data={"value": str(drill.settlement.game_value),
                                                       "score": str(drill.settlement.score)})


def test_old_rows_go_with_what_hangs_on_them_and_newer_ones_stay(app: Flask, client: FlaskClient, runner) -> None:  # type: ignore[no-untyped-def]
    make_data(client, 3)
    assert (count(app, GameTable), count(app, ScoreList), count(app, Learner), count(app, DrillStreak)) == (3, 3, 3, 3)
    age(app, GameTable.updated_at, 31)
    age(app, ScoreList.updated, 401)
    age(app, Learner.used, 401)
    age(app, DrillStreak.used, 401)
    make_data(client, 2)  # touched today
    result = runner.invoke(args=["purge", "--batch", "2"])
    assert result.exit_code == 0, result.output
    assert "hands: 3 removed in 2 batches (untouched for 30 days)" in result.output
    assert "lists: 3 removed in 2 batches (untouched for 400 days)" in result.output
    assert (count(app, GameTable), count(app, ScoreList), count(app, Learner), count(app, DrillStreak)) == (2, 2, 2, 2)
    # nothing is left hanging on the removed rows
    assert count(app, ScoreHand) == count(app, ScoreChange) == count(app, ScorePage) == 2
    with app.app_context():
        learners = set(db.session.scalars(select(Learner.id)))
        assert set(db.session.scalars(select(LessonProgress.learner_id))) == learners
        assert set(db.session.scalars(select(StepState.learner_id))) <= learners and learners


def test_rows_younger_than_their_days_stay(app: Flask, client: FlaskClient, runner) -> None:  # type: ignore[no-untyped-def]
    make_data(client, 1)
    age(app, GameTable.updated_at, 29)
    age(app, ScoreList.updated, 399)
    age(app, Learner.used, 399)
    age(app, DrillStreak.used, 399)
    assert runner.invoke(args=["purge"]).exit_code == 0
    assert (count(app, GameTable), count(app, ScoreList), count(app, Learner), count(app, DrillStreak)) == (1, 1, 1, 1)


def test_the_days_are_configurable(make_app, runner) -> None:  # type: ignore[no-untyped-def]
    app = make_app(PURGE_AFTER_DAYS={**config.PURGE_AFTER_DAYS, "hands": 2})
    client = app.test_client()
    client.post("/en/play/", data=START)
    age(app, GameTable.updated_at, 3)
    assert "hands: 1 removed" in app.test_cli_runner().invoke(args=["purge"]).output
    assert count(app, GameTable) == 0


def test_a_row_touched_while_the_purge_runs_stays(app: Flask, client: FlaskClient) -> None:
    client.post("/en/play/", data=START)
    client.post("/en/play/", data=START)
    age(app, GameTable.updated_at, 40)
    hands = next(purgeable for purgeable in PURGEABLE if purgeable.kind == "hands")
    with app.app_context():
        keys = list(db.session.scalars(select(GameTable.id)))
        # between the purge's look-up and its delete, someone plays on in the first hand
        db.session.execute(update(GameTable).where(GameTable.id == keys[0])
                           .values(updated_at=datetime.now(UTC)))
        db.session.commit()
        from webapp.storage.purge import cutoff

        assert remove(hands, keys, cutoff(30, aware=True)) == keys[1:]
        assert list(db.session.scalars(select(GameTable.id))) == keys[:1]
        assert purge(hands, 30).removed == 0


def test_ended_rate_limit_windows_are_forgotten(app: Flask, runner) -> None:  # type: ignore[no-untyped-def]
    now = int(datetime.now(UTC).timestamp())
    with app.app_context():
        db.session.add_all([RateWindow(key="lists:192.0.2.1", ends=now - 10, hits=3),
                            RateWindow(key="lists:192.0.2.1", ends=now + 3600, hits=1)])
        db.session.commit()
    runner.invoke(args=["purge"])
    with app.app_context():
        assert list(db.session.scalars(select(RateWindow.ends))) == [now + 3600]
