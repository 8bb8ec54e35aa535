"""The safety baseline: CSRF on every POST, a strict Content-Security-Policy, safe headers.

A page that carries a key (a list's token, a practice hand's id: whoever has it may see or
change what it opens) is sent ``Cache-Control: private, no-store``, so that no shared cache and
no browser cache on a shared computer keeps it. Such a page is one whose URL has a key argument
(`KEY_ARGUMENTS`), or whose view called `keep_private` (a page listing keys). With secure cookies
on (HTTPS only), browsers are told to come back over HTTPS alone (HSTS).
"""

from __future__ import annotations

from typing import Final

from flask import Flask, Response, g, request
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect
from itsdangerous import URLSafeTimedSerializer

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


def keep_private() -> None:
    """Mark the answer to this request as carrying a key: no cache may keep it."""
    g.kiebitz_private = True


def carries_key() -> bool:
    """Tell whether this request's page carries a key (see `KEY_ARGUMENTS`, `keep_private`)."""
    return bool(g.get("kiebitz_private")) or not KEY_ARGUMENTS.isdisjoint(request.view_args or {})


def init_app(app: Flask) -> None:
    """Protect every POST against CSRF and send the security headers with every answer."""
    csrf.init_app(app)
    app.session_interface = SessionCookies()

    @app.after_request
    def security_headers(response: Response) -> Response:
        present = {name.lower() for name in response.headers.keys()}
        response.headers.extend([(name, value) for name, value in SAFE_HEADERS if name.lower() not in present])
        if app.config["SESSION_COOKIE_SECURE"]:
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        if carries_key():
            response.headers["Cache-Control"] = NO_STORE
        return response
