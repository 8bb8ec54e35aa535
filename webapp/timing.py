"""Each answer's server time in a ``Server-Timing`` header, for the benchmarks (off by default).

With ``KIEBITZ_SERVER_TIMING=1`` (the setting ``SERVER_TIMING``) every answer says how long the
app took from the request reaching it to its status line, as wall time and as the processor
time of the thread that served it: ``Server-Timing: app;dur=3.10, cpu;dur=2.90`` (ms). On a
machine shared with other work the wall time grows with the waiting; the processor time does
not, so a benchmark reports both.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from flask import Flask

__all__ = ["ServerTiming", "init_app", "HEADER"]

HEADER = "Server-Timing"


class ServerTiming:
    """Add the ``Server-Timing`` header to every answer of ``inner``."""

    def __init__(self, inner: WSGIApplication) -> None:
        self.inner = inner

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        wall, cpu = time.perf_counter(), time.thread_time()

        def timed(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            spent = (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000
            headers.append((HEADER, "app;dur=%.2f, cpu;dur=%.2f" % spent))
            return start_response(status, headers, *exc_info)

        return self.inner(environ, timed)


def init_app(app: Flask) -> None:
    """Time every answer if the setting asks for it (outside every other layer: call it last)."""
    if app.config.get("SERVER_TIMING"):
        app.wsgi_app = ServerTiming(app.wsgi_app)  # type: ignore[method-assign]
