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
from flask_wtf.csrf import CSRFProtect

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


def keep_private() -> None:
    """Mark the answer to this request as carrying a key: no cache may keep it."""
    g.kiebitz_private = True


def carries_key() -> bool:
    """Tell whether this request's page carries a key (see `KEY_ARGUMENTS`, `keep_private`)."""
    return bool(g.get("kiebitz_private")) or not KEY_ARGUMENTS.isdisjoint(request.view_args or {})


def init_app(app: Flask) -> None:
    """Protect every POST against CSRF and send the security headers with every answer."""
    csrf.init_app(app)

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if app.config["SESSION_COOKIE_SECURE"]:
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        if carries_key():
            response.headers["Cache-Control"] = NO_STORE
        return response
