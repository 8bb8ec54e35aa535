"""Practice statistics: each finished hand counts for its learner; the start page charts the last 30 days."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.helpers import english_leaks, visible_text
from tests.practice.drive import declarer_choice, play_out, start
from webapp.engine import Position
from webapp.practice import statistics
from webapp.storage import db, learning
from webapp.storage.lessons import Learner

TODAY = date(2026, 12, 3)

KNOWN = [  # (days ago, game, declarer, won, score)
    (0, "grand", True, True, 122),
    (1, "grand", True, False, -194),
    (2, "grand", False, True, 40),
    (3, "clubs", True, True, 74),
    (4, "clubs", False, False, 0),
    (29, "null", True, True, 73),
    (30, "hearts", True, True, 70),  # 31 days ago counting today: outside the chart
]


def known_hands(app: Flask, client: FlaskClient) -> None:
    """Give ``client``'s learner the KNOWN hands."""
    client.post("/en/learn/deck/1")
    cookie = client.get_cookie("learner")
    assert cookie is not None
    with app.app_context():
        learner = db.session.get(Learner, cookie.value)
        assert learner is not None
        for number, (ago, game, declarer, won, score) in enumerate(KNOWN):
            learning.record_hand(learner, f"hand{number}", game=game, declarer=declarer, won=won, score=score,
                                 day=TODAY - timedelta(days=ago))
        db.session.commit()


def test_the_statistics_count_the_last_30_days_by_game(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    known_hands(app, client)
    monkeypatch.setattr(learning, "today", lambda: TODAY)
    with app.app_context():
        learner = db.session.get(Learner, client.get_cookie("learner").value)  # type: ignore[union-attr]
        stats = learning.practice_statistics(learner, games=statistics.GAME_ORDER)
    assert [(g.game, g.played, g.declared, g.won_declaring, g.defended, g.won_defending, g.score)
            for g in stats.games] == [("clubs", 2, 1, 1, 1, 0, 74), ("grand", 3, 2, 1, 1, 1, -32), ("null", 1, 1, 1, 0, 0, 73)]
    assert (stats.total.played, stats.total.won_declaring, stats.total.won_defending) == (6, 3, 1)
    assert stats.average == pytest.approx(115 / 6)


def test_the_practice_page_charts_them_with_a_table(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    known_hands(app, client)
    monkeypatch.setattr(learning, "today", lambda: TODAY)
    html = client.get("/en/play/").get_data(as_text=True)
    page = visible_text(html)
    assert "6 hands played: won 3 of 4 as declarer, 1 of 2 as a defender." in page
    assert "Average score per hand (Seeger-Fabian): +19.2" in page
    rows = re.findall(r"<tr>\s*<th scope=\"row\">([^<]+)</th>\s*<td>(\d+)</td>\s*<td>([^<]+)</td>\s*<td>([^<]+)</td>\s*<td>([^<]+)</td>", html)
    assert rows == [("Clubs", "2", "1 of 1", "0 of 1", "+37"), ("Grand", "3", "1 of 2", "1 of 1", "\N{MINUS SIGN}10.7"),
                    ("Null", "1", "1 of 1", "0 of 0", "+73")]
    bars = re.findall(r'class="practice-stats__(played|won)"', html)
    assert bars == ["played", "won"] * 3
    widths = re.findall(r'width="([\d.]+)" height="20" class="practice-stats__(?:played|won)"', html)
    assert widths == ["133.3", "66.7", "200.0", "133.3", "66.7", "66.7"]  # Grand's 3 hands are the longest bar
    assert 'aria-hidden="true"' in html.split("practice-stats__chart")[1][:200]


def test_no_hands_yet(client: FlaskClient) -> None:
    assert "No hand played out yet" in visible_text(client.get("/en/play/").get_data(as_text=True))


def test_a_hand_played_out_counts_for_the_learner(app: Flask, client: FlaskClient) -> None:
    hand_id = start(client, seed=4711, seat=0)
    state = play_out(app, client, hand_id, declarer_choice)
    outcome = statistics.outcome(state, Position.FOREHAND)
    assert outcome is not None and outcome.declarer
    with app.app_context():
        rows = list(db.session.scalars(select(learning.PracticeResult)))
        assert [(row.hand_id, row.game, row.declarer, row.won, row.score) for row in rows] == \
            [(hand_id, outcome.game, True, outcome.won, outcome.score)]
        assert rows[0].learner_id == client.get_cookie("learner").value  # type: ignore[union-attr]
    assert "1 hand played" in visible_text(client.get("/en/play/").get_data(as_text=True))


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_the_statistics_are_translated(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    known_hands(app, client)
    monkeypatch.setattr(learning, "today", lambda: TODAY)
    html = client.get(f"/{lang}/play/").get_data(as_text=True)
    assert "practice-stats__chart" in html and english_leaks(html, lang) == []
