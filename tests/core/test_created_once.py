"""A double click on a creating form makes one row: the second submit leads to the first one's list or hand.

Each creating form carries a one-time token; the row it makes keeps the token (unique), so the
second submit, even at the very same moment, finds that row and creates nothing.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from webapp.storage import db
from webapp.storage.gametables import GameTable
from webapp.storage.scoresheet import ScoreList

PLAYERS = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "preset": "pub"}
START = {"seed": "4711", "seat": "0", "level": "easy"}


def once_token(html: str) -> str:
    """Return the one-time token of the (first) creating form on a page."""
    found = re.search(r'name="once" value="([^"]+)"', html)
    assert found is not None, "the form carries no one-time token"
    return found.group(1)


def rows(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(model)) or 0)


def at_once(app: Flask, send: Callable[[FlaskClient], TestResponse], times: int = 2) -> list[TestResponse]:
    """Send a request ``times`` times at the same moment, each from its own client."""
    barrier = threading.Barrier(times)
    answers: list[TestResponse] = []

    def one() -> None:
        client = app.test_client()
        barrier.wait()
        answers.append(send(client))

    threads = [threading.Thread(target=one) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_double_click_on_new_list_makes_one_list(app: Flask, client: FlaskClient) -> None:
    token = once_token(client.get("/en/lists/new").get_data(as_text=True))
    first = client.post("/en/lists/new", data={**PLAYERS, "once": token})
    second = client.post("/en/lists/new", data={**PLAYERS, "once": token})
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert rows(app, ScoreList) == 1
    assert client.get(second.headers["Location"]).status_code == 200


def test_two_submits_at_the_same_moment_make_one_list(app: Flask, client: FlaskClient) -> None:
    for attempt in range(5):
        token = once_token(client.get("/en/lists/new").get_data(as_text=True))
        answers = at_once(app, lambda c: c.post("/en/lists/new", data={**PLAYERS, "once": token}))
        assert [answer.status_code for answer in answers] == [303, 303]
        assert len({answer.headers["Location"] for answer in answers}) == 1
        assert rows(app, ScoreList) == attempt + 1


def test_each_shown_form_makes_a_list_of_its_own(app: Flask, client: FlaskClient) -> None:
    for _ in range(2):
        token = once_token(client.get("/en/lists/new").get_data(as_text=True))
        client.post("/en/lists/new", data={**PLAYERS, "once": token})
    assert rows(app, ScoreList) == 2
    client.post("/en/lists/new", data=PLAYERS)  # a form without a token still works
    assert rows(app, ScoreList) == 3


def test_an_import_sent_twice_makes_one_list(app: Flask, client: FlaskClient) -> None:
    made = client.post("/en/lists/new", data=PLAYERS).headers["Location"]
    data = client.get(f"{made}/list.csv").data
    token = once_token(client.get("/en/lists/").get_data(as_text=True))
    answers = [
        client.post("/en/lists/import", data={"file": (io.BytesIO(data), "list.csv"), "once": token},
                    content_type="multipart/form-data")
        for _ in range(2)
    ]
    assert [answer.status_code for answer in answers] == [303, 303]
    assert answers[0].headers["Location"] == answers[1].headers["Location"]
    assert rows(app, ScoreList) == 2  # the exported list and one imported copy


def test_a_double_click_on_start_makes_one_practice_hand(app: Flask, client: FlaskClient) -> None:
    token = once_token(client.get("/en/play/").get_data(as_text=True))
    answers = at_once(app, lambda c: c.post("/en/play/", data={**START, "once": token}))
    assert [answer.status_code for answer in answers] == [303, 303]
    assert len({answer.headers["Location"] for answer in answers}) == 1
    assert rows(app, GameTable) == 1


def test_a_double_click_on_next_hand_or_play_again_makes_one_hand(app: Flask, client: FlaskClient) -> None:
    hand = client.post("/en/play/", data=START).headers["Location"]
    page = client.get(hand).get_data(as_text=True)
    forms = dict(re.findall(r'action="([^"]+/(?:again|next))".*?name="once" value="([^"]+)"', page, re.S))
    assert forms, "the hand page offers no way to start another hand"
    for action, token in forms.items():
        before = rows(app, GameTable)
        data = {"once": token, "seat": "same"}
        first, second = (client.post(action, data=data) for _ in range(2))
        assert first.status_code == second.status_code == 303
        assert first.headers["Location"] == second.headers["Location"]
        assert rows(app, GameTable) == before + 1
