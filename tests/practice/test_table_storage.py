"""A practice hand is a table: stored as a table row, old hands moved over, cleaned up."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from sqlalchemy import select, update

from tests.helpers import MakeApp
from tests.practice import drive
from webapp import config
from webapp.engine import Deal, GameState, Pass, Position
from webapp.practice import table
from webapp.storage import db
from webapp.storage import gametables as storage
from webapp.storage.gametables import GameSeat, GameTable


def test_a_practice_hand_is_a_table_of_one_person_and_two_computers(app: Flask, client: FlaskClient) -> None:
    hand_id = drive.start(client, seed=4711, seat=1)
    with app.app_context():
        row = db.session.get(GameTable, hand_id)
        assert row is not None and (row.family, row.single, row.seed, row.level) == ("practice", True, 4711, "easy")
        seats = db.session.scalars(select(GameSeat).filter_by(table_id=hand_id).order_by(GameSeat.number)).all()
        assert [seat.computer for seat in seats] == [False, True, True]
        hand = storage.load_hand(hand_id)
        assert hand is not None and hand.seat == Position.MIDDLEHAND
    # the hand is played by its link under /play, not as a table with people
    assert client.get(f"/en/tables/{hand_id}").status_code == 404
    assert client.get(f"/en/play/{hand_id}").status_code == 200


def test_every_position_is_stored_and_read_back(app: Flask, client: FlaskClient) -> None:
    for seat in Position:
        hand_id = drive.start(client, seed=12, seat=int(seat))
        _, _, stored_seat = drive.stored(app, hand_id)
        assert stored_seat is seat


def test_the_old_practice_hands_move_into_the_tables_and_keep_their_links(make_app: MakeApp) -> None:
    app = make_app(tables=False)
    state = table.start(4711, Position.REARHAND, "easy")
    moment = datetime(2026, 11, 30, 12, tzinfo=UTC)
    with app.app_context():
        upgrade(revision="learning_0004")
        db.session.execute(sa.text(
            "INSERT INTO practice_hand (id, seed, seat, level, game, revision, review, created_at, updated_at,"
            " form_token) VALUES ('oldhand_AAAAAAAAAAAAAAAA', 4711, 2, 'easy', :game, 3, :review, :at, :at, NULL)"
        ), {"game": str(state), "review": '{"key": "x"}', "at": moment})
        db.session.commit()
        upgrade()
        hand = storage.load_hand("oldhand_AAAAAAAAAAAAAAAA")
        assert hand is not None
        assert (hand.seed, hand.seat, hand.level, hand.game, hand.revision, hand.review) == (
            4711, int(Position.REARHAND), "easy", str(state), 3, '{"key": "x"}')
        assert hand.family == "practice" and hand.updated_at == moment
        assert len(db.session.scalars(select(GameSeat).filter_by(table_id=hand.id)).all()) == 3
        assert "practice_hand" not in sa.inspect(db.engine).get_table_names()
    page = app.test_client().get("/en/play/oldhand_AAAAAAAAAAAAAAAA")
    assert page.status_code == 200
    assert 'name="revision" value="3"' in page.get_data(as_text=True)


def test_practice_hands_and_tables_with_people_are_cleaned_up_after_their_own_days(make_app: MakeApp) -> None:
    app = make_app(PURGE_AFTER_DAYS={**config.PURGE_AFTER_DAYS, "hands": 2, "tables": 30})
    client = app.test_client()
    hand_id = drive.start(client, seed=3, seat=0)
    opened = client.post("/en/tables/", data={"name": "Anna", "family": "three", "preset": "isko", "level": "easy"})
    table_id = opened.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        db.session.execute(update(GameTable).values(updated_at=datetime.now(UTC) - timedelta(days=3)))
        db.session.commit()
    output = app.test_cli_runner().invoke(args=["purge"]).output
    assert "hands: 1 removed" in output and "tables: 0 removed" in output
    with app.app_context():
        assert storage.load_hand(hand_id) is None and storage.load(table_id) is not None
        assert db.session.scalars(select(GameSeat).filter_by(table_id=hand_id)).all() == []

