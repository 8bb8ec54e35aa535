"""Server time in a header for the benchmarks: only when asked for, around the quiet poll too."""

from __future__ import annotations

import re

from tests.helpers import MakeApp

TIMING = re.compile(r"app;dur=\d+\.\d\d, cpu;dur=\d+\.\d\d")


def test_answers_carry_their_server_time_only_when_the_setting_asks(make_app: MakeApp) -> None:
    timed = make_app(SERVER_TIMING=True).test_client()
    for path in ("/en/", "/en/no-such-page", "/en/tables/AAAAAAAAAAAAAAAAAAAAAAAA/news?revision=0"):
        assert TIMING.fullmatch(timed.get(path).headers.get("Server-Timing", "")), path
    assert "Server-Timing" not in make_app().test_client().get("/en/").headers
