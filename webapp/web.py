"""What every area shares: rendering with htmx, the navigation, preferences and error pages.

A view calls :func:`render` with its page template; when htmx asks for a part of the
page, the same call renders only the partial (``_name.html``) that the page includes.
That is the one place that decides "partial or page".
"""

from __future__ import annotations

import functools
import os
import re
import secrets
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.globals import request_ctx
from flask_babel import LazyString, force_locale
from jinja2 import FileSystemBytecodeCache
import segno
from markupsafe import Markup, escape
from flask_wtf.csrf import CSRFError, generate_csrf
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException, TooManyRequests
from werkzeug.routing import BaseConverter, IntegerConverter
from werkzeug.wrappers import Response as BaseResponse

from webapp import assets, i18n, parse, storage
from webapp.display import SETTINGS, current_display
from webapp.i18n import lazy_gettext, ngettext
from webapp.kept_pages import KeptPage

DECK_COOKIE = "deck"
_PLAIN_PATH = re.compile(r"[A-Za-z0-9_.~-][A-Za-z0-9_.~/-]*")
"""A static file's path that ``url_for`` leaves as it is (nothing to quote)."""
FORM_TOKEN_FIELD = "once"
_FORM_TOKEN = re.compile(r"[A-Za-z0-9_-]{%d}" % storage.FORM_TOKEN_LENGTH)


class IdConverter(BaseConverter):
    """``<id:token>``: match only what has the form of an id Kiebitz hands out (`parse.TOKEN`).

    Anything else (a NUL, a space, 200 characters) is a 404 before any view or database sees it.
    """

    regex = parse.TOKEN


class AsciiIntConverter(IntegerConverter):
    """``<int:number>`` in ASCII digits, at most `parse.MAX_DIGITS` (werkzeug's takes ``٣``, any length)."""

    regex = rf"[0-9]{{1,{parse.MAX_DIGITS}}}"


@dataclass(frozen=True)
class Area:
    """A part of the site shown in the navigation and on the home page."""

    endpoint: str
    label: LazyString
    description: LazyString
    order: int


def register_area(
    app: Flask,
    blueprint: Blueprint,
    *,
    endpoint: str,
    label: LazyString,
    description: LazyString,
    order: int,
    navigation: bool = True,
) -> None:
    """Register an area's blueprint under ``/<lang>/`` and list it in the navigation (or on the home page alone)."""
    app.register_blueprint(blueprint)
    areas: list[Area] = app.extensions.setdefault("kiebitz.areas" if navigation else "kiebitz.home_areas", [])
    areas.append(Area(endpoint, label, description, order))
    areas.sort(key=lambda area: area.order)


def is_htmx() -> bool:
    """Tell whether htmx asked for a part of a page (not a boosted or history request)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
        and request.headers.get("HX-Boosted") != "true"
    )


def render(
    page: str, partial: str | None = None, status: int = 200, *, kept: Hashable | None = None,
    draw: Callable[[], dict[str, Any]] | None = None, **context: Any
) -> Response:
    """Render ``page``, or only ``partial`` when htmx asks for it.

    ``kept`` says that the page is a pure function of its address, the language, the deck, the
    display settings and of ``kept`` (what else it shows: a learner's streak, the last answer
    of a step): such a page is drawn once and kept (see `draw_kept`). ``None``: drawn every time.
    ``draw`` returns more of the context; it is called only when the page is drawn, so a page
    kept skips the work.
    """
    template = partial if partial and is_htmx() else page

    def drawing() -> dict[str, Any]:
        return {**context, **draw()} if draw is not None else context

    if kept is None or status != 200 or current_app.debug:  # debug draws every page anew
        return current_app.make_response((render_template(template, **drawing()), status))
    return _filled(draw_kept(template, kept, drawing))


def _sizes() -> dict[str, int]:
    """Return the length of each stand-in's value: the CSRF token's and a one-time token's."""
    return {_CSRF: len(_csrf_value()), _ONCE: storage.FORM_TOKEN_LENGTH}


def _csrf_value() -> str:
    return str(escape(generate_csrf()))


def _filled(page: KeptPage) -> Response:
    """Answer ``page`` with this request's tokens in it: spliced gzip if the browser takes gzip
    (else as any other answer, compressed as the browser asks by flask-compress)."""
    csrf = _csrf_value() if _CSRF in page.places else ""
    values = page.filled(lambda stand_in: csrf if stand_in == _CSRF else _form_token())
    spliced = page.gzip(values) if request.accept_encodings["gzip"] else None
    if spliced is None:
        return current_app.make_response(page.text(values))
    response = current_app.make_response(spliced)
    response.headers["Content-Encoding"] = "gzip"
    return response


KEPT_PAGES = 256
"""Pages kept per app before the store is emptied (a calculator page is about 45 KB)."""
_CSRF = "\x00kiebitz-page-csrf\x00"
"""The stand-in for the forms' CSRF token in a kept page; no text of a page can contain a NUL."""
_ONCE = "\x00kiebitz-form-once\x00"
"""The stand-in for a form's one-time token in a kept page (`form_token_field`)."""


def csrf_token() -> str:
    """Return the forms' CSRF token, or its stand-in while a kept page is drawn (templates call this)."""
    return _CSRF if g.get("kiebitz_drawing_kept") else generate_csrf()


def draw_kept(template: str, inputs: Hashable, context: Callable[[], dict[str, Any]]) -> KeptPage:
    """Return ``template`` drawn with ``context()`` and kept by its inputs.

    Like the site header, this is a cache of a pure function of its key, not state: the key
    holds the template, ``inputs``, the address (with the host and script root), the language,
    the deck and the display settings. What differs from visitor to visitor or from request to
    request is left as places to fill in (`KeptPage`): the forms' CSRF token, and a fresh
    one-time token in each form that has one (`form_token_field`).
    """
    key = (template, inputs, request.host_url, request.script_root, request.full_path,
           i18n.current_language(), current_deck(), current_display())
    kept: dict[tuple[object, ...], KeptPage] = current_app.extensions.setdefault("kiebitz.kept_pages", {})
    page = kept.get(key)
    if page is None:
        g.kiebitz_drawing_kept = True
        try:
            page = KeptPage.of(render_template(template, **context()), _sizes())
        finally:
            g.kiebitz_drawing_kept = False
        if len(kept) >= KEPT_PAGES:
            kept.clear()
        kept[key] = page
    return page


def after_change(url: str, fresh: Callable[[], BaseResponse], *, push: bool = False) -> BaseResponse:
    """Answer a POST that changed something in one round trip for htmx, with POST-redirect-GET without it.

    ``url`` is the page to show now (what a GET of it shows); ``fresh`` renders it, called
    only for htmx: its partial comes back at once, and ``HX-Replace-Url`` (``HX-Push-Url`` when
    ``push``: a new entry in the history) puts ``url`` in the address bar, so a reload shows
    the same. Without JavaScript the browser is sent to ``url`` (``303``), and a reload never
    sends the form again. Cookies go on whichever answer is returned.
    """
    if not is_htmx():
        return redirect(url, code=303)
    response = fresh()
    response.headers["HX-Push-Url" if push else "HX-Replace-Url"] = url
    return response


@functools.lru_cache(maxsize=256)
def qr_svg(url: str, *, title: str | None = None, scale: int = 4, svgclass: str = "segno") -> Markup:
    """Return the QR code of ``url`` as an inline SVG (drawn here: no script, no other server).

    With a ``title`` the drawing names itself (an image with that title); without one the page
    around it says what it is. Drawing one takes milliseconds: each process keeps the last ones.
    """
    svg = str(segno.make(url, error="m").svg_inline(scale=scale, dark="#000", light="#fff", omitsize=False,
                                                    title=title, svgclass=svgclass))
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1) if title else svg)


def form_token_field() -> Markup:
    """Return the hidden field that makes a creating form's submit count once (a fresh token).

    The row the form creates keeps the token (`webapp.storage.add_once`), so a double click
    or a resent form leads to the same list or hand instead of a second one.
    """
    token = _ONCE if g.get("kiebitz_drawing_kept") else _form_token()
    return Markup(f'<input type="hidden" name="{FORM_TOKEN_FIELD}" value="{token}">')


def _form_token() -> str:
    return secrets.token_urlsafe(16)


def sent_form_token() -> str | None:
    """Return the one-time token the submitted form carries, if it is well formed."""
    token = request.form.get(FORM_TOKEN_FIELD, "")
    return token if _FORM_TOKEN.fullmatch(token) else None


def safe_next(url: str | None, fallback: str) -> str:
    """Return ``url`` if it is a path on this site, else ``fallback`` (no open redirects)."""
    if not url:
        return fallback
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not url.startswith("/") or url.startswith("//"):
        return fallback
    return url


def set_preference_cookie(response: BaseResponse, name: str, value: str) -> None:
    """Keep one of the visitor's preferences (language, deck, display) in a long-lived cookie."""
    response.set_cookie(
        name,
        value,
        max_age=current_app.config["PREFERENCE_COOKIE_MAX_AGE"],
        samesite="Lax",
        httponly=True,
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )


def current_deck() -> Any:
    """Return the deck the visitor chose (a cookie), or the default deck."""
    from webapp.decks import DEFAULT_DECK, Deck

    if "deck" not in g:
        g.deck = Deck.from_slug(request.cookies.get(DECK_COOKIE, "")) or DEFAULT_DECK
    return g.deck


def static_root() -> str:
    """Return the URL of the static folder, ending in ``/``, found once per request."""
    prefix = g.get("_kiebitz_static_prefix")
    if prefix is None:
        prefix = g._kiebitz_static_prefix = url_for("static", filename="_")[:-1]
    return str(prefix)


def static_url(filename: str) -> str:
    """Return the URL of the static file ``filename`` with its content hash: the one way templates link static files.

    The hash (``?v=…``, see `webapp.assets`) lets the browser keep the file for a year and
    changes when the file does. A page asks for dozens of static files (a card is an image);
    ``url_for`` takes as long as rendering the card itself, so each file's URL is built once
    per request. The URL of every static file is one prefix (the script root, the static
    path, a host if the app has a static host) and the file's path quoted; the prefix is found
    once per request (:func:`static_root`), and a path with nothing to quote is simply
    appended to it. Anything else goes through ``url_for``.
    """
    built: dict[str, str] | None = g.get("_kiebitz_static_urls")
    if built is None:
        built = g._kiebitz_static_urls = {}
    url = built.get(filename)
    if url is None:
        url = built[filename] = _versioned_static_url(filename)
    return url


def _versioned_static_url(filename: str) -> str:
    digest = assets.fingerprint(filename)
    if _PLAIN_PATH.fullmatch(filename) is None:
        return url_for("static", filename=filename, v=digest) if digest else url_for("static", filename=filename)
    url = static_root() + filename
    return f"{url}?{assets.VERSION_ARGUMENT}={digest}" if digest else url


def page_url(endpoint: str) -> str:
    """Return ``url_for(endpoint)`` for a page whose only URL argument is the language (a link of the navigation).

    Every page links to half a dozen such pages, and ``url_for`` is slow. Such a URL
    depends only on the URL map, the language and where the app is mounted (the script
    root), so it is built once per app for each of those. (The app's ``url_defaults``
    fill in the language and nothing else.) A URL to another host is not remembered.
    """
    known: dict[tuple[str, str, str], str] = current_app.extensions["kiebitz.page_urls"]
    key = (request.script_root, i18n.current_language(), endpoint)
    url = known.get(key)
    if url is None:
        url = url_for(endpoint)
        if url.startswith("/") and not url.startswith("//"):
            known[key] = url
    return url


def switch_language_url(code: str) -> str:
    """Return the URL of the current page in language ``code``.

    The switcher asks for every language on every page. The current page's URL is built
    once per request; in another language only the language differs, and it is the first
    segment of every rule that has one (``/<lang:lang>/…``).
    """
    parts = language_parts()
    if not parts or code not in i18n.LANGUAGES:
        return _language_url(code)
    head, tail = parts
    return f"{head}/{code}{tail}"


def language_parts() -> tuple[str, str] | tuple[()]:
    """Return the current page's URL split around its language (see `_split_at_language`), found once per request."""
    parts: tuple[str, str] | tuple[()] | None = g.get("_kiebitz_language_parts")
    if parts is None:
        parts = g._kiebitz_language_parts = _split_at_language()
    return parts


def _language_url(code: str) -> str:
    """Return the URL of the current page in language ``code`` (home if the page has no language)."""
    if request.endpoint and request.url_rule and "lang" in request.url_rule.arguments:
        args = dict(request.view_args or {})
        args["lang"] = code
        url = url_for(request.endpoint, **args)
        if request.query_string:
            url += "?" + request.query_string.decode("latin-1")
        return url
    return url_for("core.home", lang=code)


def _split_at_language() -> tuple[str, str] | tuple[()]:
    """Split the current page's URL around its language: ``("/root", "/cards?x=1")``, or ``()``."""
    rule = request.url_rule
    if not (request.endpoint and rule and rule.rule.startswith("/<lang:lang>/")):
        return ()
    lang = i18n.current_language()
    url = _language_url(lang)
    head = url[: url.find(f"/{lang}/")]
    if head != request.script_root.rstrip("/"):  # another host, or an unforeseen URL
        return ()
    return head, url[len(head) + 1 + len(lang):]


ERROR_TITLES: dict[int, LazyString] = {
    400: lazy_gettext("That request could not be understood"),
    404: lazy_gettext("Page not found"),
    405: lazy_gettext("That action is not possible here"),
    413: lazy_gettext("That is more than Kiebitz can take at once"),
    429: lazy_gettext("That was a lot in a short time"),
    500: lazy_gettext("Something went wrong on our side"),
    503: lazy_gettext("Kiebitz will be back in a moment"),
}
ERROR_TEXTS: dict[int, LazyString] = {
    400: lazy_gettext("Nothing was changed. Go back and try again."),
    404: lazy_gettext("There is no page at this address. Perhaps the link is old or mistyped."),
    405: lazy_gettext("Nothing was changed. Use the buttons on the page."),
    413: lazy_gettext("Nothing was changed. Send less at once."),
    429: lazy_gettext("Nothing was created. Please wait a little and try again."),
    500: lazy_gettext("Nothing was changed. Please try again in a moment."),
    503: lazy_gettext(
        "Kiebitz cannot reach its data just now. Nothing was changed. Please try again in a moment."
    ),
}
SENT_ERROR_TEXTS: dict[int, LazyString] = {
    500: lazy_gettext(
        "What you sent may not have been saved. Go back and try again in a moment."
    ),
    503: lazy_gettext(
        "Kiebitz cannot reach its data just now, so what you sent may not have been saved. "
        "Go back and try again in a moment."
    ),
}
"""What is true after a failed POST: the change may or may not have been made."""

UNAVAILABLE_RETRY_AFTER = 10
"""Seconds a client is asked to wait while the database does not answer."""

API_ERRORS: dict[int, str] = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    429: "too_many_requests",
    500: "server_error",
    503: "unavailable",
}


def _wait_text(seconds: int) -> str:
    """Say how long to wait before creating more (whole minutes, at least one)."""
    minutes = max(1, -(-seconds // 60))
    return ngettext(
        "Nothing was created. You can try again in %(num)d minute.",
        "Nothing was created. You can try again in %(num)d minutes.",
        minutes,
    )


def _page_language() -> str:
    """Return the error page's language: the page's, else the one in its path, else the visitor's."""
    if "lang" not in g:
        first = request.path.strip("/").split("/", 1)[0]
        g.lang = first if first in i18n.LANGUAGES else i18n.best_language()
    return str(g.lang)


def error_page(code: int, text: LazyString | str | None = None, *, retry_after: int | None = None) -> Response:
    """Render the translated error page for HTTP status ``code`` (JSON under ``/api/``).

    ``retry_after`` (seconds) is sent as ``Retry-After``. Without a ``text`` of its own, a
    failed POST says that what was sent may not have been saved, a failed GET that nothing changed.
    """
    code = code if code in ERROR_TITLES else 500
    if text is None and request.method not in ("GET", "HEAD", "OPTIONS"):
        text = SENT_ERROR_TEXTS.get(code)
    if request.path.startswith("/api/"):
        response = jsonify(error=API_ERRORS[code], message=str(text or ERROR_TITLES[code]))
        response.status_code = code
    elif request_ctx.url_adapter is None:  # a Host no URL can be built for (nor the page)
        response = last_resort_page(code, text)
    else:
        try:
            _page_language()
            response = render(
                "error.html",
                status=code,
                code=code,
                title=ERROR_TITLES[code],
                text=text or ERROR_TEXTS[code],
            )
        except Exception:  # the page needs url_for, the templates, the catalogs: any may fail
            current_app.logger.exception("The error page failed; the last-resort page answers")
            response = last_resort_page(code, text)
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    return response


LAST_RESORT_PAGE = """<!doctype html>
<html lang="{lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · Kiebitz</title></head>
<body><main><h1>{title}</h1><p>{text}</p><p><a href="{home}">{home_label}</a></p></main></body>
</html>
"""


LAST_RESORT_ENGLISH = (
    "Kiebitz could not answer this request",
    "Nothing was changed. Go back and try again.",
    "Go to the home page",
)
"""The last-resort page's words when not even the catalogs can be read."""


def last_resort_page(code: int, text: LazyString | str | None = None) -> Response:
    """Answer ``code`` with a bare page built without templates or ``url_for``, for when the error page fails.

    It is translated when the catalogs can be read, in English otherwise.
    """
    lang = i18n.DEFAULT_LANGUAGE
    words = list(LAST_RESORT_ENGLISH)
    try:
        lang = _page_language()
        with force_locale(lang):
            words = [str(ERROR_TITLES[code]), str(text or ERROR_TEXTS[code]), i18n.gettext("Go to the home page")]
    except Exception:
        lang = i18n.DEFAULT_LANGUAGE
    title, body, home_label = (escape(word) for word in words)
    html = LAST_RESORT_PAGE.format(
        lang=lang, title=title, text=body, home=escape(f"{request.script_root}/{lang}/"), home_label=home_label
    )
    return Response(html, status=code, mimetype="text/html")


def relative_location(location: str) -> str:
    """Return a redirect's target on this site as a path: never another host, never ``//host``.

    werkzeug's trailing-slash redirects name the host the request named, whatever it was.

    >>> relative_location("http://evil.example/en/learn/?x=1")
    '/en/learn/?x=1'
    >>> relative_location("http://evil.example//evil.example/en/")
    '/evil.example/en/'
    """
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def too_many(retry_after: int) -> Response:
    """Render the 429 page: nothing was created, and how long to wait."""
    return error_page(429, _wait_text(retry_after), retry_after=retry_after)


TEMPLATE_CACHE = "compiled-templates"
"""The folder under ``instance/`` where each template is kept compiled (Jinja's bytecode cache)."""


def keep_compiled_templates(app: Flask) -> None:
    """Keep the templates compiled on disk, so that a new worker draws its first pages in a few
    milliseconds instead of compiling each template (a class dashboard: 42 ms instead of 3).

    Jinja checks each kept file against its template's source, so a changed template is compiled
    again. Where the instance folder cannot be written, templates are compiled in memory as before.
    """
    folder = os.path.join(app.instance_path, TEMPLATE_CACHE)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return
    if os.access(folder, os.W_OK):
        app.jinja_env.bytecode_cache = FileSystemBytecodeCache(folder)


def init_app(app: Flask) -> None:
    """Install the shared request handling: root redirect, preferences, errors, headers."""

    app.url_map.converters["id"] = IdConverter
    app.url_map.converters["int"] = AsciiIntConverter

    @app.route("/")
    def root() -> BaseResponse:
        """Send the visitor to the home page in their language (chosen by cookie, else by the browser)."""
        response = redirect(url_for("core.home", lang=i18n.best_language()))
        response.vary.update(("Cookie", "Accept-Language"))
        return response

    from webapp.site_header import site_header

    keep_compiled_templates(app)
    app.extensions["kiebitz.page_urls"] = {}
    app.jinja_env.globals.update(
        csrf_token=csrf_token,  # over flask-wtf's own, for macros imported without the context
        site_header=site_header,
        current_deck=current_deck,
        form_token_field=form_token_field,
        page_url=page_url,
        static_url=static_url,
        switch_language_url=switch_language_url,
    )

    @app.context_processor
    def shared_context() -> dict[str, Any]:
        return {
            "areas": app.extensions.get("kiebitz.areas", []),
            "home_areas": app.extensions.get("kiebitz.home_areas", []),
            "deck": current_deck(),
            "display": current_display(),
            "display_settings": SETTINGS,
            "csrf_token": csrf_token,  # over flask-wtf's own (a context processor of its own)
        }

    @app.after_request
    def remember_language(response: Response) -> Response:
        assets.add_vary(response, "HX-Request")
        lang = g.get("lang")
        if lang and response.status_code < 400 and request.cookies.get(i18n.LANGUAGE_COOKIE) != lang:
            set_preference_cookie(response, i18n.LANGUAGE_COOKIE, lang)
        return response

    @app.after_request
    def redirect_on_this_site(response: Response) -> Response:
        """Make the redirects werkzeug builds itself (the trailing slash) relative, so no Host is reflected."""
        if response.status_code in (301, 308):
            location = response.headers.get("Location")
            if location and urlsplit(location).netloc:
                response.headers["Location"] = relative_location(location)
        return response

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> Response:
        return error_page(
            400,
            lazy_gettext(
                "The form was too old or came from elsewhere. Nothing was changed: "
                "reload the page and try again."
            ),
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        if isinstance(error, TooManyRequests) and isinstance(error.retry_after, int):
            return too_many(error.retry_after)
        return error_page(error.code or 500)

    @app.errorhandler(Exception)
    def server_error(error: Exception) -> Response:
        app.logger.exception("Unhandled error", exc_info=error)
        return error_page(500)

    @app.errorhandler(SQLAlchemyError)
    def database_error(error: SQLAlchemyError) -> Response:
        """Answer 503 while the database is down or busy (it recovers by itself), else 500."""
        if not storage.unavailable(error):
            return server_error(error)
        app.logger.warning("The database is unavailable: %s", error)
        return error_page(503, retry_after=UNAVAILABLE_RETRY_AFTER)
