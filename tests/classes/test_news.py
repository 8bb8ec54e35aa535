"""The classes' quiet polls: answered 204 in front of the app while nothing changed, by the app otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from tests.classes.test_classes import join, start
from webapp.tables.news import QuietPoll


@pytest.fixture
def reached(app: Flask) -> Iterator[list[str]]:
    """Record every request that gets past the quiet layer to the app."""
    layer = app.wsgi_app
    assert isinstance(layer, QuietPoll)
    inner, paths = layer.inner, []

    def app_itself(environ, start_response):  # type: ignore[no-untyped-def]
        paths.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    layer.inner = app_itself
    yield paths
    layer.inner = inner


def test_quiet_polls_never_reach_the_app(app: Flask, reached: list[str]) -> None:
    teacher = app.test_client()
    dashboard, code = start(teacher, activity="lesson", lesson="tricks", steps="", pace="self")
    anna = join(app, code, "Anna")
    page = anna.get(f"/en/classes/{code}").get_data(as_text=True)
    stage = re.search(r"news\?stage=(\d+)", page).group(1)
    board = teacher.get(dashboard).get_data(as_text=True)
    poll = re.search(r'hx-get="([^"]*/news\?revision=\d+[^"]*)"', board).group(1).replace("&amp;", "&")
    projector = teacher.get(f"{dashboard}/projector?answer=1").get_data(as_text=True)
    projector_poll = re.search(r'hx-get="([^"]*/projector/news\?[^"]*)"', projector).group(1).replace("&amp;", "&")
    assert "answer=1" in projector_poll and "item=0" in poll  # a self-paced dashboard names its step
    reached.clear()
    for url in (f"/en/classes/{code}/news?stage={stage}", poll, projector_poll):
        quiet = anna.get(url) if "/teach/" not in url else teacher.get(url)
        assert quiet.status_code == 204 and quiet.get_data() == b"", url
        assert quiet.headers["Cache-Control"] == "no-store" and "Set-Cookie" not in quiet.headers
    assert reached == []
    # Something changed: the app answers, with the new screen.
    assert anna.post(f"/en/classes/{code}/0/next").status_code == 303
    news = teacher.get(poll)
    assert news.status_code == 200 and reached[-1] == poll.split("?")[0]
    # Unknown classes, stale or odd queries go on to the app, which answers as before.
    assert anna.get(f"/en/classes/{code}/news?stage={int(stage) + 1}").status_code == 200
    assert anna.get("/en/classes/AAAAAA/news?stage=0").status_code == 404
    assert teacher.get(f"{dashboard}/news?revision=0&x=1").status_code == 200
