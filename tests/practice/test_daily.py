"""The deal of the day: the same deal for everyone, one counted try per learner, the histogram, the archive."""

from __future__ import annotations

import re
from datetime import date, timedelta
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from webapp.engine import Deal, GameState, Position
from webapp.practice.deal_of_day import SEAT, seat_score, seed_of
from webapp.storage import db, learning
from webapp.storage.daily import DailyPlay
from webapp.storage.gametables import GameTable

from .drive import declarer_choice, defender_choice, play_out, stored

START = date(2026, 12, 1)
TODAY = f"/en/play/daily/{START.isoformat()}"
LANGUAGES = ("en", "fr", "fi", "ms", "de")


@pytest.fixture
def day(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Freeze the clock; ``day(n)`` moves it to ``n`` days after `START`."""
    def move(offset: int) -> None:
        monkeypatch.setattr(learning, "today", lambda: START + timedelta(days=offset))

    move(0)
    return move


@pytest.fixture
def app(make_app) -> Flask:  # type: ignore[no-untyped-def]
    """The app with easy computer players in the deal of the day, so that a test plays it quickly."""
    return make_app(DAILY_DEAL_LEVEL="easy")  # type: ignore[no-any-return]


def start(client: FlaskClient, url: str = TODAY) -> str:
    """Press "Play the deal"; return the practice hand it leads to."""
    response = client.post(url)
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"/en/play/([\w-]+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(model)) or 0)


def test_everyone_gets_the_same_deal_from_forehand(app: Flask, day) -> None:  # type: ignore[no-untyped-def]
    hands = [start(app.test_client()) for _ in range(2)]
    for hand in hands:
        state, _, seat = stored(app, hand)
        assert (state.deal, seat) == (Deal.from_seed(seed_of(START)), SEAT)
    with app.app_context():
        assert {row.level for row in db.session.scalars(select(GameTable).where(GameTable.single))} == {"easy"}
    assert seed_of(START) != seed_of(START + timedelta(days=1))


def test_the_histogram_counts_every_learners_first_try(app: Flask, day) -> None:  # type: ignore[no-untyped-def]
    learners = [app.test_client() for _ in range(3)]
    choosers = [declarer_choice, defender_choice, defender_choice]
    states: list[GameState] = []
    for client, choose in zip(learners, choosers):
        hand = start(client)
        page = client.get(TODAY).get_data(as_text=True)
        assert "Carry on with your hand" in page and "<svg" not in page  # no scores before the end
        states.append(play_out(app, client, hand, choose))
        assert "Deal of the day: how did everyone do?" in client.get(f"/en/play/{hand}").get_data(as_text=True)
    scores = [seat_score(state, SEAT) for state in states]
    html = learners[0].get(TODAY).get_data(as_text=True)
    assert "3 players have finished this deal." in html
    assert html.count('class="daily-chart__bar') == len(set(scores))
    assert html.count("daily-chart__bar--mine") == 1
    rows = re.findall(r'<th scope="row" class="num">([^<]+)(?:<span[^>]*>[^<]*</span>)?</th>\s*<td class="num">(\d+)</td>', html)
    from webapp.i18n import MINUS

    shown = {text.strip().replace(MINUS, "-"): int(n) for text, n in rows}
    assert shown == {f"{score:+d}" if score else "0": scores.count(score) for score in set(scores)}
    assert f"Your score: {scores[0]:+d}".replace("-", MINUS) in html or (scores[0] == 0 and "Your score: 0" in html)
    assert "The best line: could it have gone better?" in html


def test_a_second_try_does_not_count_twice(app: Flask, day) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    first = start(client)
    assert start(client) == first  # before the end, "Play" goes back to the same hand
    play_out(app, client, first, defender_choice)
    client.get(TODAY)
    with app.app_context():
        counted = db.session.scalars(select(DailyPlay)).one()
        score = counted.score
    again = start(client)
    assert again != first
    play_out(app, client, again, declarer_choice)
    html = client.get(TODAY).get_data(as_text=True)
    assert "1 player has finished this deal." in html
    with app.app_context():
        assert [(row.hand_id, row.score) for row in db.session.scalars(select(DailyPlay))] == [(first, score)]
        from webapp.storage.learning import Activity

        # the finished try counts for the learner's streak, once
        assert [(row.day, row.kind) for row in db.session.scalars(select(Activity))] == [(START, "deal")]


def test_the_archive_keeps_30_days_and_their_histograms(app: Flask, day) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    play_out(app, client, start(client), defender_choice)
    client.get(TODAY)
    day(1)
    archive = unescape(client.get("/en/play/daily/archive").get_data(as_text=True))
    links = re.findall(r'href="/en/play/daily/(\d{4}-\d{2}-\d{2})"', archive)
    assert links[0] == START.isoformat() and len(links) == 29
    assert "Yesterday's deal" in archive and "1 player" in archive and "Your score:" in archive
    stranger = app.test_client()
    yesterday = unescape(stranger.get(TODAY).get_data(as_text=True))
    assert "Yesterday's deal" in yesterday and "<svg" in yesterday  # a past day's scores are shown to all
    assert stranger.post(TODAY).status_code == 303  # and it is still playable
    day(29)
    assert client.get(TODAY).status_code == 200
    day(30)
    response = client.get(TODAY)
    assert response.status_code == 404 and "Only the deals of the last 30 days are kept" in response.get_data(as_text=True)
    assert START.isoformat() not in client.get("/en/play/daily/archive").get_data(as_text=True)


@pytest.mark.parametrize("when, message", [
    ("2026-12-02", "has not been dealt yet"),
    ("2026-10-31", "Only the deals of the last 30 days are kept"),
    ("2026-13-01", "a date is written like 2026-12-01"),
    ("yesterday", "a date is written like 2026-12-01"),
    ("2026-12-1", "a date is written like 2026-12-01"),
    ("9" * 40, "a date is written like 2026-12-01"),
])
def test_a_date_not_kept_is_refused_with_a_message_and_changes_nothing(app: Flask, day, when: str, message: str) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    for response in (client.get(f"/en/play/daily/{when}"), client.post(f"/en/play/daily/{when}")):
        assert response.status_code == 404
        assert message in response.get_data(as_text=True)
    assert count(app, DailyPlay) == count(app, GameTable) == 0


def test_seat_scores_are_the_tournament_points_of_the_learners_seat(app: Flask) -> None:
    state = GameState.new(Deal.from_seed(seed_of(START)))
    assert seat_score(state, Position.FOREHAND) == 0  # not played: nothing
    client = app.test_client()
    with app.app_context():
        from tests.practice.drive import start as start_practice

        hand = start_practice(client, seed=4711, seat=0, level="easy")
    state = play_out(app, client, hand, declarer_choice)
    settlement = state.settlement
    assert state.declarer is Position.FOREHAND
    assert seat_score(state, Position.FOREHAND) == settlement.seeger_fabian.declarer  # type: ignore[union-attr]
    assert seat_score(state, Position.MIDDLEHAND) == settlement.seeger_fabian.others  # type: ignore[union-attr]
    assert seat_score(state, Position.MIDDLEHAND) in (0, 40)


def test_old_results_are_purged_and_go_with_their_learner(app: Flask, day) -> None:  # type: ignore[no-untyped-def]
    from webapp.storage.purge import PURGEABLE, purge

    client = app.test_client()
    start(client)
    day(5)
    start(client, f"/en/play/daily/{(START + timedelta(days=5)).isoformat()}")
    daily = next(purgeable for purgeable in PURGEABLE if purgeable.kind == "daily")
    with app.app_context():
        from datetime import UTC, datetime

        # on 30 December the deal of 1 December is the oldest kept; on 31 December it goes
        assert purge(daily, 30, now=datetime(2026, 12, 30, 23, 59, tzinfo=UTC)).removed == 0
        assert purge(daily, 30, now=datetime(2026, 12, 31, 0, 1, tzinfo=UTC)).removed == 1
        assert list(db.session.scalars(select(DailyPlay.day))) == [START + timedelta(days=5)]
    from tests.core.test_purge import age
    from webapp.storage.lessons import Learner

    age(app, Learner.used, 401)
    assert "learners: 1 removed" in app.test_cli_runner().invoke(args=["purge"]).output
    assert count(app, DailyPlay) == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_of_the_day_speaks_every_language(app: Flask, day, lang: str) -> None:  # type: ignore[no-untyped-def]
    from tests.helpers import english_leaks

    client = app.test_client()
    hand = start(client).replace("/en/", "/")
    pages = [f"/{lang}/play/daily/", f"/{lang}/play/daily/archive", f"/{lang}/play/", f"/{lang}/play/daily/2026-13-01"]
    play_out(app, client, hand, defender_choice, lang=lang)
    pages += [f"/{lang}/play/{hand}"]
    day(1)
    pages += [f"/{lang}/play/daily/{START.isoformat()}", f"/{lang}/play/daily/archive"]
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        assert "%(" not in html, page
        assert english_leaks(html, lang) == [], page
