"""The tables' "anything new?" poll, answered in front of the app while nothing changed.

Every person at a table asks every two seconds, and nearly always the answer is "no". This
WSGI layer sees ``GET /<lang>/tables/<id>/news?revision=<n>`` first, reads the table's
revision alone (one SELECT by primary key, on the app's own database engine) and, if it is
still ``n``, answers ``204`` with one header: no session, no language, no template. Anything
else (a new revision, an unknown table, any other request) goes on to the app as before,
whose `webapp.tables.views.poll` answers it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from webapp.i18n import LANGUAGES
from webapp.storage import db
from webapp.storage import gametables as storage

__all__ = ["QuietPoll", "PATH"]

PATH = re.compile(r"/(?:%s)/tables/([A-Za-z0-9_-]{1,32})/news" % "|".join(LANGUAGES))
"""The poll's path; the group is the table's id."""
QUERY = re.compile(r"revision=(\d{1,9})")
StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class QuietPoll:
    """Answer a poll whose table has not moved on with a bare ``204``; pass on all else."""

    def __init__(self, app: Flask, inner: WsgiApp) -> None:
        self.app = app
        self.inner = inner
        self.engine: Engine | None = None  # the app's connection pool, taken on first use
        self.headers = [("Cache-Control", "no-store")]
        if app.config.get("SESSION_COOKIE_SECURE"):
            self.headers.append(("Strict-Transport-Security", "max-age=31536000"))

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            path = PATH.fullmatch(environ.get("PATH_INFO", ""))
            query = QUERY.fullmatch(environ.get("QUERY_STRING", "")) if path else None
            if path and query and self._revision(path.group(1)) == int(query.group(1)):
                start_response("204 No Content", self.headers)
                return []
        return self.inner(environ, start_response)

    def _revision(self, table_id: str) -> int | None:
        if self.engine is None:
            with self.app.app_context():  # one read, no transaction to begin or end: one round trip
                self.engine = db.engine.execution_options(isolation_level="AUTOCOMMIT")
        try:
            return storage.revision_on(self.engine, table_id)
        except SQLAlchemyError:
            return None  # the app answers, with its own error page


def init_app(app: Flask) -> None:
    """Put the quiet poll in front of the app."""
    app.wsgi_app = QuietPoll(app, app.wsgi_app)  # type: ignore[method-assign]
