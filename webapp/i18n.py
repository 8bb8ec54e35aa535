"""Languages: the locale in the URL, gettext domains, and locale-aware numbers.

Every page lives under ``/<lang>/``. The language comes from the URL alone;
``Accept-Language`` (and the last language used) only choose where ``/`` goes.
Each area of the site has its own gettext domain, named after its package, so
that its strings travel with it; :mod:`webapp.catalogs` maintains them.

A message is looked up in the domain it was extracted into first, so that the same
msgid may read differently in two areas (the deck switcher's "Cards" and a lesson's
"Cards"; the practice table's verb "Bid" and the scoresheet's noun): Python code finds
its domain from the module that calls :func:`gettext` (``webapp.<area>.…`` is
``<area>``, the rest is ``messages``), a template from its name (``<area>/…`` or
``messages``), as the extractor assigns files to domains. What the own domain lacks
comes from all domains merged.
"""

from __future__ import annotations

import copy
import functools
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations
from flask import Flask, g, request
from flask_babel import Babel, LazyString, get_locale, get_translations
from jinja2.ext import InternationalizationExtension
from jinja2.lexer import Token, TokenStream
from jinja2.parser import Parser
from jinja2 import nodes
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.routing import BaseConverter, ValidationError

from webapp import ROOT
from webapp.forms import Forms, fill

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


@functools.lru_cache(maxsize=1)
def _areas() -> frozenset[str]:
    """Return the domains of the areas (every domain but ``messages``)."""
    return frozenset(domains()) - {"messages"}


@functools.lru_cache(maxsize=512)
def domain_of_module(module: str) -> str:
    """Return the gettext domain of a Python module's messages: ``webapp.practice.phrases`` is ``practice``."""
    parts = module.split(".")
    if len(parts) > 1 and parts[0] == "webapp" and parts[1] in _areas():
        return parts[1]
    return "messages"


def domain_of_template(name: str | None) -> str:
    """Return the gettext domain of a template's messages: ``practice/table.html`` is ``practice``."""
    area = (name or "").partition("/")[0]
    return area if "/" in (name or "") and area in _areas() else "messages"


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


_BY_MERGED: WeakKeyDictionary[NullTranslations, dict[str, NullTranslations]] = WeakKeyDictionary()
"""Each domain's catalog (its own messages over all domains merged), per merged catalog."""


def translations(domain: str | None = None) -> NullTranslations:
    """Return the catalog of the current locale, found once per request and locale.

    Without ``domain``: all domains merged (flask-babel's catalog). With ``domain``: that
    domain's messages win over the others'. flask-babel finds its catalog again for every
    string: its namespace in ``g`` three times, the locale, the locale's name, a dict. A
    page asks for dozens of strings. A change of locale within the request (``refresh``,
    ``force_locale``) gives another locale object, and so the catalog is found again.
    """
    found = _request_globals()
    if found is None:  # no app context: flask-babel has no catalog either
        fallback: NullTranslations = get_translations()
        return fallback
    locale = _locale_in(found)
    memo = found.__dict__.get("_kiebitz_translations")
    if memo is None or memo[0] is not locale:
        merged = get_translations()
        memo = found._kiebitz_translations = (locale, merged, _BY_MERGED.setdefault(merged, {}))
    catalog: NullTranslations = memo[1] if domain is None else (
        memo[2].get(domain) or _domain_catalog(memo[1], memo[2], domain, locale))
    return catalog


def _domain_catalog(merged: NullTranslations, known: dict[str, NullTranslations], domain: str,
                    locale: Locale | None) -> NullTranslations:
    """Make (and keep in ``known``) the catalog where ``domain``'s own messages win over ``merged``."""
    own = Translations.load(str(TRANSLATIONS), [locale or DEFAULT_LANGUAGE], domain)
    catalog = merged
    if isinstance(own, Translations) and own._catalog and hasattr(merged, "_catalog"):
        catalog = copy.copy(merged)
        catalog._catalog = {**merged._catalog, **own._catalog}
    known[domain] = catalog
    return catalog


def _caller_domain() -> str:
    """Return the domain of the module that called the function calling this one."""
    return domain_of_module(sys._getframe(2).f_globals.get("__name__", ""))


def domain_gettext(domain: str, string: str, **variables: Any) -> str:
    """Translate ``string`` from ``domain`` and fill in ``variables``."""
    text: str = translations(domain).ugettext(string)
    return fill(text, variables) if variables else text


def domain_pgettext(domain: str, context: str, string: str, **variables: Any) -> str:
    """Translate ``string`` in ``context`` from ``domain`` and fill in ``variables``."""
    text: str = translations(domain).upgettext(context, string)
    return fill(text, variables) if variables else text


def domain_ngettext(domain: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a plural from ``domain`` (``num`` is a variable too)."""
    variables.setdefault("num", num)
    text: str = translations(domain).ungettext(singular, plural, num)
    return fill(text, variables)


def gettext(string: str, **variables: Any) -> str:
    """Translate ``string`` (in the caller's domain) and fill in ``variables``, as ``flask_babel.gettext`` does."""
    return domain_gettext(_caller_domain(), string, **variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a plural, as ``flask_babel.ngettext`` does (``num`` is a variable too)."""
    return domain_ngettext(_caller_domain(), singular, plural, num, **variables)


def pgettext(context: str, string: str, **variables: Any) -> str:
    """Translate ``string`` in ``context``, as ``flask_babel.pgettext`` does."""
    return domain_pgettext(_caller_domain(), context, string, **variables)


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """Translate a message with a plural in ``context``, as ``flask_babel.npgettext`` does."""
    variables.setdefault("num", num)
    text: str = translations(_caller_domain()).unpgettext(context, singular, plural, num)
    return fill(text, variables)


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """Return ``string`` to translate (in the caller's domain) when it is shown, as ``flask_babel.lazy_gettext`` does."""
    return LazyString(domain_gettext, _caller_domain(), string, **variables)


def lazy_pgettext(context: str, string: str, **variables: Any) -> LazyString:
    """Return ``string`` in ``context`` to translate when it is shown, as ``flask_babel.lazy_pgettext`` does."""
    return LazyString(domain_pgettext, _caller_domain(), context, string, **variables)


#: The names templates call to translate; each template's calls are renamed to its domain's.
TEMPLATE_GETTEXT = {"_": "gettext", "gettext": "gettext", "ngettext": "ngettext",
                    "pgettext": "pgettext", "npgettext": "npgettext"}


def template_function(name: str, domain: str) -> str:
    """Return the name of the template global that translates like ``name`` in ``domain``."""
    return f"{TEMPLATE_GETTEXT[name]}__{domain}"


class DomainI18n(InternationalizationExtension):
    """Jinja's ``i18n`` extension, with each template's messages translated in its own domain.

    The calls ``_()``, ``gettext()``, ``pgettext()``, … and ``{% trans %}`` blocks of
    ``<area>/x.html`` call ``gettext__<area>`` and its kin, whatever template includes,
    imports or extends it.
    """

    def filter_stream(self, stream: TokenStream) -> TokenStream:
        domain = domain_of_template(stream.name)

        def renamed() -> Iterator[Token]:
            previous = None
            for token in stream:
                if token.type == "name" and token.value in TEMPLATE_GETTEXT and (
                        previous is None or previous.type != "dot"):
                    token = Token(token.lineno, "name", template_function(token.value, domain))
                previous = token
                yield token

        return TokenStream(renamed(), stream.name, stream.filename)

    def parse(self, parser: Parser) -> nodes.Node | list[nodes.Node]:
        found = super().parse(parser)
        domain = domain_of_template(parser.name)
        for node in found if isinstance(found, list) else [found]:
            for name in node.find_all(nodes.Name):
                if name.name in TEMPLATE_GETTEXT:
                    name.name = template_function(name.name, domain)
        return found


def _install_template_functions(app: Flask) -> None:
    """Give templates a ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext`` per domain."""
    env = app.jinja_env
    env.extensions.pop(InternationalizationExtension.identifier, None)  # flask-babel's
    env.add_extension(DomainI18n)
    functions: dict[str, Any] = {}
    for domain in [*domains(), None]:  # None last: the plain names, all domains merged
        def catalog(domain: str | None = domain) -> NullTranslations:
            return translations(domain)
        env.install_gettext_callables(  # type: ignore[attr-defined]  # the extension's, newstyle
            gettext=lambda s, c=catalog: c().ugettext(s),
            ngettext=lambda s, p, n, c=catalog: c().ungettext(s, p, n),
            pgettext=lambda x, s, c=catalog: c().upgettext(x, s),
            npgettext=lambda x, s, p, n, c=catalog: c().unpgettext(x, s, p, n),
            newstyle=True,
        )
        # Jinja's new-style functions, but a name fills in the form its placeholder asks for.
        env.globals.update(_template_functions(catalog))
        if domain is not None:
            for name in ("gettext", "ngettext", "pgettext", "npgettext"):
                functions[template_function(name, domain)] = env.globals[name]
    env.globals.update(functions)


def _template_fill(context: Context, text: str, variables: dict[str, Any]) -> str:
    """Fill a translation in a template: escaped like Jinja's own gettext does, with every form."""
    if context.eval_ctx.autoescape:
        return Markup(text) % Forms(variables)
    return text % Forms(variables)


def _template_functions(catalog: Any) -> dict[str, Any]:
    """Return Jinja's new-style ``gettext`` and its kin for ``catalog()``, filling names in their forms."""

    @pass_context
    def gettext(context: Context, string: str, **variables: Any) -> str:
        return _template_fill(context, catalog().ugettext(string), variables)

    @pass_context
    def ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return _template_fill(context, catalog().ungettext(singular, plural, num), variables)

    @pass_context
    def pgettext(context: Context, string_context: str, string: str, **variables: Any) -> str:
        variables.setdefault("context", string_context)
        return _template_fill(context, catalog().upgettext(string_context, string), variables)

    @pass_context
    def npgettext(context: Context, string_context: str, singular: str, plural: str, num: int,
                  **variables: Any) -> str:
        variables.setdefault("context", string_context)
        variables.setdefault("num", num)
        return _template_fill(context, catalog().unpgettext(string_context, singular, plural, num), variables)

    return {"gettext": gettext, "ngettext": ngettext, "pgettext": pgettext, "npgettext": npgettext}


def best_language() -> str:
    """Choose a language for a visitor who did not name one."""
    remembered = request.cookies.get(LANGUAGE_COOKIE)
    if remembered in LANGUAGES:
        return remembered
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def number(value: int | float) -> str:
    """Format a number in the current locale (``1 234`` in Finnish, ``1,234`` in English).

    A negative number gets a real minus sign (``−32``), as the glossary asks, also when it
    echoes what a learner typed.
    """
    locale = current_locale()
    if type(value) is int and locale is not None:
        return _whole_number(value, locale)
    return _real_minus(format_decimal(value, locale=locale))


@functools.lru_cache(maxsize=4096)
def _whole_number(value: int, locale: Locale) -> str:
    """Format a whole number, remembered: Babel goes through ``Decimal`` each time, and a list shows hundreds."""
    return _real_minus(format_decimal(value, locale=locale))


def _real_minus(text: str) -> str:
    """Replace the hyphen-minus Babel writes before a negative number by a minus sign."""
    return MINUS + text[1:] if text.startswith("-") else text


def percent(value: int) -> str:
    """Format a whole percentage as the locale writes it (``62%`` in English, ``62 %`` in German)."""
    return format_percent(value / 100, locale=current_locale())


def listing(items: Sequence[str]) -> str:
    """Join names as the locale lists them: "A, B, and C" in English, "A, B und C" in German."""
    return format_list(list(items), locale=current_locale())


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
    _install_template_functions(app)  # the catalog found once per request, each domain's first
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
