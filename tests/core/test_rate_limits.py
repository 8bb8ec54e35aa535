"""Rate limits on what creates rows: per client address, counted in the database all workers share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.helpers import MakeApp
from webapp import config, create_app
from webapp.storage import db
from webapp.storage.calculator import DrillStreak
from webapp.storage.lessons import Learner
from webapp.storage.gametables import GameTable
from webapp.storage.ratelimit import RateWindow
from webapp.storage.scoresheet import ScoreList

PLAYERS = {"player_1": "Anna", "player_2": "Ben", "player_3": "Cem", "preset": "pub"}
START = {"seed": "4711", "seat": "0", "level": "easy"}


def worker(make_app: MakeApp, **settings: Any) -> Flask:
    """Return an app process on the test's database, with two of each new row allowed per hour."""
    return make_app(RATE_LIMITS={kind: "2/hour" for kind in config.RATE_LIMITS}, **settings)


@pytest.fixture
def limited(make_app: MakeApp) -> Flask:
    return worker(make_app)


def rows(app: Flask, model: type) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(model)) or 0)


def from_address(app: Flask, address: str) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_the_third_new_list_in_an_hour_is_refused_with_429(limited: Flask) -> None:
    client = from_address(limited, "192.0.2.1")
    assert [client.post("/en/lists/new", data=PLAYERS).status_code for _ in range(2)] == [303, 303]
    refused = client.post("/de/lists/new", data=PLAYERS)
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    html = refused.get_data(as_text=True)
    assert '<html lang="de">' in html and "Es wurde nichts angelegt" in html
    assert rows(limited, ScoreList) == 2


def test_another_address_has_its_own_count(limited: Flask) -> None:
    for _ in range(3):
        from_address(limited, "192.0.2.1").post("/en/lists/new", data=PLAYERS)
    assert from_address(limited, "192.0.2.2").post("/en/lists/new", data=PLAYERS).status_code == 303
    # an IPv6 address counts by its /64: the whole network shares one count
    first = from_address(limited, "2001:db8:1:2::10")
    assert [first.post("/en/lists/new", data=PLAYERS).status_code for _ in range(2)] == [303, 303]
    assert from_address(limited, "2001:db8:1:2::99").post("/en/lists/new", data=PLAYERS).status_code == 429
    assert from_address(limited, "2001:db8:1:3::10").post("/en/lists/new", data=PLAYERS).status_code == 303


def test_every_worker_sees_the_same_count(make_app: MakeApp) -> None:
    one, two = worker(make_app), worker(make_app)
    assert from_address(one, "192.0.2.7").post("/en/lists/new", data=PLAYERS).status_code == 303
    assert from_address(two, "192.0.2.7").post("/en/lists/new", data=PLAYERS).status_code == 303
    assert from_address(one, "192.0.2.7").post("/en/lists/new", data=PLAYERS).status_code == 429


def test_practice_hands_learners_and_drill_visitors_are_limited(limited: Flask) -> None:
    client = from_address(limited, "192.0.2.3")
    assert [client.post("/en/play/", data=START).status_code for _ in range(3)] == [303, 303, 429]
    assert rows(limited, GameTable) == 2
    # each answer without a learner cookie would make a new learner
    learners = [from_address(limited, "192.0.2.3") for _ in range(3)]
    assert [learner.post("/en/learn/deck/1").status_code for learner in learners] == [303, 303, 429]
    assert rows(limited, Learner) == 2
    # a learner who has a cookie goes on answering
    known = learners[0]
    assert known.get_cookie("learner") is not None
    assert [known.post(f"/en/learn/deck/{n}").status_code for n in (2, 3, 4)] == [303, 303, 303]
    assert rows(limited, Learner) == 2


def test_a_new_drill_visitor_is_limited(limited: Flask) -> None:
    from webapp.calculator.drills import exercise

    drill = exercise(1, 1)
    data = {"value": str(drill.settlement.game_value), "score": str(drill.settlement.score)}
    codes = [limited.test_client().post("/en/calculator/drills/1/1", data=data,
                                        environ_base={"REMOTE_ADDR": "192.0.2.4"}).status_code
             for _ in range(3)]
    assert codes == [303, 303, 429]
    assert rows(limited, DrillStreak) == 2


def test_the_forwarded_address_counts_only_behind_a_configured_proxy(make_app: MakeApp) -> None:
    direct = worker(make_app)
    for n in range(3):  # a client cannot pick its own address with the header
        answer = from_address(direct, "192.0.2.9").post(
            "/en/lists/new", data=PLAYERS, headers={"X-Forwarded-For": f"198.51.100.{n}"})
    assert answer.status_code == 429
    proxied = worker(make_app, PROXIES=1)
    for n in range(3):  # behind one proxy, each forwarded client has its own count
        answer = from_address(proxied, "192.0.2.9").post(
            "/en/lists/new", data=PLAYERS, headers={"X-Forwarded-For": f"198.51.100.{n}"})
        assert answer.status_code == 303


def test_a_limit_can_be_switched_off_and_a_wrong_one_stops_the_start(make_app: MakeApp) -> None:
    free = make_app(RATE_LIMITS={**config.RATE_LIMITS, "lists": "off"})
    assert all(free.test_client().post("/en/lists/new", data=PLAYERS).status_code == 303 for _ in range(4))
    assert rows(free, RateWindow) == 0
    with pytest.raises(ValueError):
        make_app(RATE_LIMITS={**config.RATE_LIMITS, "lists": "many"})


def test_the_limits_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KIEBITZ_INSTANCE", str(tmp_path))
    monkeypatch.setenv("KIEBITZ_RATE_LIMITS", "lists=5/minute, hands=off")
    monkeypatch.setenv("KIEBITZ_PROXIES", "2")
    app = create_app()
    limits = app.extensions["kiebitz.rate_limits"]
    assert (limits["lists"].count, limits["lists"].seconds) == (5, 60)
    assert limits["hands"] is None and limits["learners"] is not None
    assert app.config["PROXIES"] == 2
