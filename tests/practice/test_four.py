"""Practice at a four-table: the learner and three computer players; the dealer sits out (rules.md §2)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.practice import drive
from webapp.engine import GameState, Position
from webapp.storage import gametables as storage
from webapp.tables import model


def start_four(client: FlaskClient, seat: int, seed: int = 4711) -> str:
    response = client.post("/en/play/", data={"seed": str(seed), "seat": str(seat), "level": "easy",
                                              "table": "practice-four"})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def next_of(client: FlaskClient, hand_id: str) -> str:
    response = client.post(f"/en/play/{hand_id}/next")
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def test_the_start_page_offers_a_four_table(client: FlaskClient) -> None:
    page = client.get("/en/play/").get_data(as_text=True)
    assert 'name="table" value="practice-four"' in page
    assert "Four at the table: you and three computer players; the dealer sits out each hand" in page
    refused = client.post("/en/play/", data={"seed": "1", "seat": "0", "table": "five"})
    assert refused.status_code == 400 and "Choose one of the offered options." in refused.get_data(as_text=True)


def test_four_at_the_table_the_learner_plays_three_hands_and_deals_the_fourth(app: Flask, client: FlaskClient) -> None:
    hand_id = start_four(client, seat=0)
    seen = []
    for _ in range(4):
        with app.app_context():
            record = storage.load_hand(hand_id)
            assert record is not None and record.family == "practice-four" and record.seats == 4
        state = GameState.parse(record.game)
        assert state.options.players == 4  # scored as at a four-table
        position = model.seat_positions(record.number, 4)[0]
        seen.append(position)
        page = client.get(f"/en/play/{hand_id}")
        assert page.status_code == 200
        text = page.get_data(as_text=True)
        if position is None:
            # the learner deals: the three computer players play the whole hand
            assert "You deal this hand and sit it out." in text and state.finished
            assert client.get(f"/en/play/{hand_id}/present").status_code == 303
            assert client.post(f"/en/play/{hand_id}", data={"revision": str(record.revision), "action": "pass"}
                               ).status_code == 400
            assert client.get(f"/en/play/{hand_id}/line").status_code == 404
        else:
            assert f"You are {('forehand', 'middlehand', 'rearhand')[position]}." in text
            drive.play_out(app, client, hand_id, drive.defender_choice)
        hand_id = next_of(client, hand_id)
    # the deal passes clockwise: the forehand deals next (and sits out), then plays rearhand, middlehand
    assert seen == [Position.FOREHAND, None, Position.REARHAND, Position.MIDDLEHAND]
