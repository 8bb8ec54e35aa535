"""Languages: the locale in the URL, gettext domains, and locale-aware numbers.

Every page lives under ``/<lang>/``. The language comes from the URL alone;
``Accept-Language`` (and the last language used) only choose where ``/`` goes.
Each area of the site has its own gettext domain, named after its package, so
that its strings travel with it; :mod:`webapp.catalogs` maintains them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from flask import Flask, g, request
from flask_babel import Babel, get_locale
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


def best_language() -> str:
    """Choose a language for a visitor who did not name one."""
    remembered = request.cookies.get(LANGUAGE_COOKIE)
    if remembered in LANGUAGES:
        return remembered
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def number(value: int | float) -> str:
    """Format a number in the current locale (``1 234`` in Finnish, ``1,234`` in English)."""
    return format_decimal(value, locale=get_locale())


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
