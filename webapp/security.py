"""The safety baseline: CSRF on every POST, a strict Content-Security-Policy, safe headers.

A page that carries a key (a list's token, a practice hand's id: whoever has it may see or
change what it opens) is sent ``Cache-Control: private, no-store``, so that no shared cache and
no browser cache on a shared computer keeps it. Such a page is one whose URL has a key argument
(`KEY_ARGUMENTS`), or whose view called `keep_private` (a page listing keys). With secure cookies
on (HTTPS only), browsers are told to come back over HTTPS alone (HSTS).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from flask import Flask, Response, g, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from flask_wtf.csrf import CSRFProtect
from itsdangerous import URLSafeTimedSerializer

from webapp.assets import add_vary

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    ]
)

#: The URL arguments that are keys: a list's token, a practice hand's id (tables and classes to come).
KEY_ARGUMENTS: Final = frozenset({"token", "hand_id", "table_id", "class_id"})
NO_STORE: Final = "private, no-store"
HSTS: Final = "max-age=31536000"  # a year
SAFE_HEADERS: Final = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)
"""The headers every answer carries unless its view set its own."""


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed session cookie, its signing serializer made once per set of keys, not per request."""

    _kept: tuple[tuple[object, ...], URLSafeTimedSerializer | None] = ((), None)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        kept_keys, serializer = self._kept
        if kept_keys != keys:
            serializer = super().get_signing_serializer(app)
            self._kept = (keys, serializer)
        return serializer

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Save as Flask does; an empty session left unchanged (most answers) without reading the
        seven cookie settings first."""
        if not session and not session.modified:
            if session.accessed:
                add_vary(response, "Cookie")
            return
        super().save_session(app, session, response)


def keep_private() -> None:
    """Mark the answer to this request as carrying a key: no cache may keep it."""
    g.kiebitz_private = True


def carries_key() -> bool:
    """Tell whether this request's page carries a key (see `KEY_ARGUMENTS`, `keep_private`)."""
    return bool(g.get("kiebitz_private")) or not KEY_ARGUMENTS.isdisjoint(request.view_args or {})


class SafeHeaders:
    """Add `SAFE_HEADERS` (and HSTS while cookies are secure) to every answer that lacks them.

    A WSGI layer around the app: it adds to the plain list of headers at the status line, which
    costs a fraction of what werkzeug's header object costs for the same (it checks each value).
    """

    def __init__(self, app: Flask, inner: WSGIApplication) -> None:
        self.app = app
        self.inner = inner

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def finish(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            present = {name.lower() for name, _ in headers}
            headers.extend(header for header in SAFE_HEADERS if header[0].lower() not in present)
            if self.app.config["SESSION_COOKIE_SECURE"] and "strict-transport-security" not in present:
                headers.append(("Strict-Transport-Security", HSTS))
            return start_response(status, headers, *exc_info)

        return self.inner(environ, finish)


def init_app(app: Flask) -> None:
    """Protect every POST against CSRF and send the security headers with every answer."""
    # flask-wtf's own check looks the view's exemptions up on every request, a GET's too: the
    # check here asks the method first.
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    csrf.init_app(app)
    app.session_interface = SessionCookies()
    app.wsgi_app = SafeHeaders(app, app.wsgi_app)  # type: ignore[method-assign]

    @app.before_request
    def check_csrf() -> None:
        if app.config["WTF_CSRF_ENABLED"] and request.method in app.config["WTF_CSRF_METHODS"]:
            csrf.protect(apply_exemptions=True)

    @app.after_request
    def never_store_keys(response: Response) -> Response:
        if carries_key():
            response.headers["Cache-Control"] = NO_STORE
        return response
