"""The "anything new?" polls, answered in front of the app while nothing changed.

Every person at a table, every student of a class and their teacher ask every two seconds,
and nearly always the answer is "no". This WSGI layer sees such a poll first (a `Route`: its
path, the number its query names, how to read the current number), reads that number alone
(one SELECT by key, on the app's own database engine) and, if it is still the one named,
answers ``204`` with one header: no session, no language, no template. Anything else (a new
number, an unknown key, any other request) goes on to the app as before, whose views answer
it. The tables' poll is ``GET /<lang>/tables/<id>/news?revision=<n>``; the classes add theirs
(`webapp.classes.news`). A poll may also name a time to wake at (``&wake=<seconds since 1970>``:
the page will look different then, though nothing is done meanwhile, as the host's offer to let
the computer play for a person who keeps the table waiting); from then on it goes to the app.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from flask import Flask
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from webapp.i18n import LANGUAGES
from webapp.security import HSTS
from webapp.storage import db
from webapp.storage import gametables as storage

__all__ = ["QuietPoll", "Route", "PATH", "add_route", "init_app", "woken"]

LANGUAGE = "(?:%s)" % "|".join(LANGUAGES)
"""A language prefix of a poll's path."""
PATH = re.compile(r"/%s/tables/([A-Za-z0-9_-]{1,32})/news" % LANGUAGE)
"""The tables' poll path; the group is the table's id."""
QUERY = re.compile(r"revision=(\d{1,9})(?:&wake=(?P<wake>\d{1,10}))?")


def woken(wake: int | str | None) -> bool:
    """Tell whether a poll's time to wake at (seconds since 1970; None: none) has come."""
    return wake is not None and time.time() >= int(wake)


@dataclass(frozen=True, slots=True)
class Route:
    """A poll answered in front of the app: ``path``'s group is the key, ``query``'s the number
    named; ``read`` returns the key's current number (None: no such key)."""

    path: re.Pattern[str]
    query: re.Pattern[str]
    read: Callable[[Engine, str], int | None]


class QuietPoll:
    """Answer a poll whose number has not moved on with a bare ``204``; pass on all else."""

    def __init__(self, app: Flask, inner: WSGIApplication, routes: Iterable[Route] = ()) -> None:
        self.app = app
        self.inner = inner
        self.routes = list(routes)
        self.engine: Engine | None = None  # the app's connection pool, taken on first use
        self.headers = [("Cache-Control", "no-store")]
        if app.config.get("SESSION_COOKIE_SECURE"):
            self.headers.append(("Strict-Transport-Security", HSTS))

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            path = environ.get("PATH_INFO", "")
            for route in self.routes:
                found = route.path.fullmatch(path)
                if found is None:
                    continue
                named = route.query.fullmatch(environ.get("QUERY_STRING", ""))
                if (named and not woken(named.groupdict().get("wake"))
                        and self._number(route, found.group(1)) == int(named.group(1))):
                    start_response("204 No Content", list(self.headers))  # a layer around may add to it
                    return []
                break
        return self.inner(environ, start_response)

    def _number(self, route: Route, key: str) -> int | None:
        if self.engine is None:
            with self.app.app_context():  # one read, no transaction to begin or end: one round trip
                self.engine = db.engine.execution_options(isolation_level="AUTOCOMMIT")
        try:
            return route.read(self.engine, key)
        except SQLAlchemyError:
            return None  # the app answers, with its own error page


def add_route(app: Flask, route: Route) -> None:
    """Answer ``route``'s polls in front of the app (the layer is put in front once)."""
    layer = app.wsgi_app
    if not isinstance(layer, QuietPoll):
        layer = QuietPoll(app, app.wsgi_app)
        app.wsgi_app = layer  # type: ignore[method-assign]
    layer.routes.append(route)


def init_app(app: Flask) -> None:
    """Put the tables' quiet poll in front of the app."""
    add_route(app, Route(PATH, QUERY, storage.revision_on))
