"""Languages: the locale in the URL, gettext domains, and locale-aware numbers.

Every page lives under ``/<lang>/``. The language comes from the URL alone;
``Accept-Language`` (and the last language used) only choose where ``/`` goes.
Each area of the site has its own gettext domain, named after its package, so
that its strings travel with it; :mod:`webapp.catalogs` maintains them.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations
from flask import Flask, g, request
from flask_babel import Babel, LazyString, get_locale, get_translations
from werkzeug.routing import BaseConverter, ValidationError

from webapp import ROOT

#: The languages of Kiebitz, in the order the switcher shows them, with their own names.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "fi": "Suomi",
    "ms": "Bahasa Melayu",
    "de": "Deutsch",
}
DEFAULT_LANGUAGE = "en"
TRANSLATIONS = ROOT / "translations"
LANGUAGE_COOKIE = "lang"
MINUS = "\N{MINUS SIGN}"


class LanguageConverter(BaseConverter):
    """Match only the language codes Kiebitz speaks, so ``/xx/…`` is a 404."""

    def to_python(self, value: str) -> str:
        if value not in LANGUAGES:
            raise ValidationError()
        return value


def domains(translations: Path = TRANSLATIONS) -> list[str]:
    """List the gettext domains that have catalogs, ``messages`` first."""
    names = {p.stem for p in translations.glob("*/LC_MESSAGES/*.po")}
    names.discard("messages")
    return ["messages", *sorted(names)]


def current_language() -> str:
    """Return the language of the current request (from its URL)."""
    return str(g.get("lang", DEFAULT_LANGUAGE))


def _request_globals() -> Any:
    """Return the object behind ``flask.g``, or None outside an app context.

    Every attribute read through the ``g`` proxy costs a few microseconds (the proxy finds
    the context again each time); the object behind it is read like any other.
    """
    try:
        return g._get_current_object()
    except RuntimeError:
        return None


def current_locale() -> Locale | None:
    """Return flask-babel's locale of the request (what ``get_locale()`` returns), found with one lookup of ``g``.

    flask-babel keeps the request's locale in ``g._flask_babel.babel_locale``, but finds
    its namespace in ``g`` three times to read it; a page asks for it with every string and
    every number. Where that attribute is not set (the first time, after ``refresh``, or
    should flask-babel keep it elsewhere one day) ``get_locale()`` itself answers.
    """
    found = _request_globals()
    return None if found is None else _locale_in(found)


def _locale_in(found: Any) -> Locale | None:
    """Return the locale flask-babel keeps in ``found`` (the object behind ``g``), or ask ``get_locale()``."""
    locale = getattr(found.__dict__.get("_flask_babel"), "babel_locale", None)
    return locale if isinstance(locale, Locale) else get_locale()


def translations() -> NullTranslations:
    """Return the catalog of the current locale (all domains), found once per request and locale.

    flask-babel finds it again for every string: its namespace in ``g`` three times, the
    locale, the locale's name, a dict. A page asks for dozens of strings. A change of
    locale within the request (``refresh``, ``force_locale``) gives another locale
    object, and so the catalog is found again.
    """
    found = _request_globals()
    if found is None:  # no app context: flask-babel has no catalog either
        fallback: NullTranslations = get_translations()
        return fallback
    locale = _locale_in(found)
    memo = found.__dict__.get("_kiebitz_translations")
    if memo is None or memo[0] is not locale:
        memo = found._kiebitz_translations = (locale, get_translations())
    catalog: NullTranslations = memo[1]
    return catalog


def gettext(string: str, **variables: Any) -> str:
    """Translate ``string`` and fill in ``variables``, as ``flask_babel.gettext`` does, with the catalog found once."""
    text: str = translations().ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a plural, as ``flask_babel.ngettext`` does (``num`` is a variable too)."""
    variables.setdefault("num", num)
    text: str = translations().ungettext(singular, plural, num)
    return text % variables


def pgettext(context: str, string: str, **variables: Any) -> str:
    """Translate ``string`` in ``context``, as ``flask_babel.pgettext`` does."""
    text: str = translations().upgettext(context, string)
    return text % variables if variables else text


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a plural in ``context``, as ``flask_babel.npgettext`` does."""
    variables.setdefault("num", num)
    text: str = translations().unpgettext(context, singular, plural, num)
    return text % variables


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """Return ``string`` to translate when it is shown, as ``flask_babel.lazy_gettext`` does."""
    return LazyString(gettext, string, **variables)


def lazy_pgettext(context: str, string: str, **variables: Any) -> LazyString:
    """Return ``string`` in ``context`` to translate when it is shown, as ``flask_babel.lazy_pgettext`` does."""
    return LazyString(pgettext, context, string, **variables)


def best_language() -> str:
    """Choose a language for a visitor who did not name one."""
    remembered = request.cookies.get(LANGUAGE_COOKIE)
    if remembered in LANGUAGES:
        return remembered
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def number(value: int | float) -> str:
    """Format a number in the current locale (``1 234`` in Finnish, ``1,234`` in English)."""
    locale = current_locale()
    if type(value) is int and locale is not None:
        return _whole_number(value, locale)
    return format_decimal(value, locale=locale)


@functools.lru_cache(maxsize=4096)
def _whole_number(value: int, locale: Locale) -> str:
    """Format a whole number, remembered: Babel goes through ``Decimal`` each time, and a list shows hundreds."""
    return format_decimal(value, locale=locale)


def percent(value: int) -> str:
    """Format a whole percentage as the locale writes it (``62%`` in English, ``62 %`` in German)."""
    return format_percent(value / 100, locale=current_locale())


def signed(value: int) -> str:
    """Format a score with its sign, a real minus sign for losses: ``+36``, ``−54``."""
    text = number(abs(value))
    if value > 0:
        return "+" + text
    if value < 0:
        return MINUS + text
    return text


def init_app(app: Flask) -> None:
    """Bind Babel, the language converter and the URL language handling to ``app``."""
    names = domains()
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config["BABEL_DOMAIN"] = ";".join(names)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(str(TRANSLATIONS) for _ in names)
    Babel(app, locale_selector=current_language)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # flask-babel's, catalog found once
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    # Jinja's `_` looks `gettext` up in the context on every call, so that a context could
    # replace it; nothing here does, and a page calls `_` dozens of times.
    app.jinja_env.globals["_"] = app.jinja_env.globals["gettext"]
    app.url_map.converters["lang"] = LanguageConverter
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["signed"] = signed

    @app.url_value_preprocessor
    def pull_language(endpoint: str | None, values: dict[str, Any] | None) -> None:
        if values and "lang" in values:
            g.lang = values.pop("lang")

    @app.url_defaults
    def add_language(endpoint: str, values: dict[str, Any]) -> None:
        if "lang" not in values and app.url_map.is_endpoint_expecting(endpoint, "lang"):
            values["lang"] = current_language()

    @app.context_processor
    def language_context() -> dict[str, Any]:
        return {"lang": current_language(), "languages": LANGUAGES}
