"""Server time in a header for the benchmarks: only when asked for, around the quiet poll too."""

from __future__ import annotations

import re

from tests.helpers import MakeApp
from tests.tables.play import open_table, stored

TIMING = re.compile(r"app;dur=\d+\.\d\d, cpu;dur=\d+\.\d\d")


def test_answers_carry_their_server_time_only_when_the_setting_asks(make_app: MakeApp) -> None:
    timed = make_app(SERVER_TIMING=True).test_client()
    for path in ("/en/", "/en/no-such-page", "/en/tables/AAAAAAAAAAAAAAAAAAAAAAAA/news?revision=0"):
        assert TIMING.fullmatch(timed.get(path).headers.get("Server-Timing", "")), path
    assert "Server-Timing" not in make_app().test_client().get("/en/").headers


def test_every_quiet_poll_carries_one_server_time_however_many_came_before(make_app: MakeApp) -> None:
    """The quiet poll's 204 is answered in front of the app; a layer around it (the timing here)
    adds its header to that answer alone, not to the ones after it."""
    app = make_app(SERVER_TIMING=True)
    host = app.test_client()
    table_id = open_table(host)
    url = f"/en/tables/{table_id}/news?revision={stored(app, table_id).revision}"
    for _ in range(3):
        quiet = host.get(url, headers={"HX-Request": "true"})
        assert quiet.status_code == 204
        assert len(quiet.headers.getlist("Server-Timing")) == 1, quiet.headers
        assert TIMING.fullmatch(quiet.headers["Server-Timing"])
