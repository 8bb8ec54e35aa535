"""A msgid shared by several gettext domains reads, in each area, as that area's translator wrote it.

Each area (``webapp/<area>/``, ``templates/<area>/``) has its own catalog; two areas may
use one English msgid for two ideas (the practice table's verb "Bid", the scoresheet's
noun "Bid"). Merged into one catalog, the last domain would win everywhere.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient

from tests.practice.drive import start
from webapp import ROOT, catalogs, i18n
from webapp.i18n import LANGUAGES, TRANSLATIONS, domain_of_module, domain_of_template, domains

Key = tuple[str | None, str, str | None]  # context, msgid, plural msgid


def _messages(lang: str, domain: str) -> dict[Key, object]:
    """Return the translated messages of one catalog, by context, msgid and plural msgid."""
    path = catalogs.catalog_path(lang, domain)
    found: dict[Key, object] = {}
    if path.exists():
        for message in catalogs.read_catalog(path, lang):
            if message.id:
                ids = (message.id, None) if isinstance(message.id, str) else tuple(message.id)
                found[(message.context, ids[0], ids[1])] = message.string
    return found


def shared_messages() -> list[tuple[str, Key, list[str]]]:
    """Return each message that two domains of a language translate differently, with those domains."""
    shared = []
    for lang in LANGUAGES:
        by_key: dict[Key, dict[str, object]] = defaultdict(dict)
        for domain in domains():
            for key, string in _messages(lang, domain).items():
                by_key[key][domain] = string
        for key, strings in sorted(by_key.items(), key=str):
            if len({repr(s) for s in strings.values()}) > 1:
                shared.append((lang, key, sorted(strings)))
    return shared


SHARED = shared_messages()


def test_some_msgids_are_shared_so_the_test_below_tests_something() -> None:
    assert any(key == (None, "Bid", None) for _, key, _ in SHARED)


def test_every_source_file_is_translated_in_the_domain_it_is_extracted_into() -> None:
    for domain, files in catalogs.domain_sources().items():
        for path in files:
            relative = path.relative_to(ROOT)
            if path.suffix == ".py":
                module = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
                assert domain_of_module(module) == domain, relative
            else:
                assert domain_of_template(relative.relative_to("templates").as_posix()) == domain, relative


def _values(*texts: str) -> dict[str, Any]:
    """Return a value for each named placeholder of ``texts``."""
    return {name: "7" for text in texts for name in re.findall(r"%\((\w+)\)", text)}


def _module(domain: str) -> str:
    """Return the name of a module whose messages are in ``domain``."""
    return "webapp.probe" if domain == "messages" else f"webapp.{domain}.probe"


def _template(domain: str) -> str:
    """Return the name of a template whose messages are in ``domain``."""
    return "probe.html" if domain == "messages" else f"{domain}/probe.html"


def _in_python(domain: str, code: str, **names: Any) -> Any:
    """Evaluate ``code`` as a module of ``domain`` would, with the functions of :mod:`webapp.i18n`."""
    scope = {"__name__": _module(domain), "i18n": i18n, **names}
    return eval(compile(code, f"{_module(domain)}.py", "eval"), scope)  # noqa: S307 - our own probe


def _in_template(app: Flask, domain: str, source: str, **names: Any) -> str:
    """Render ``source`` as a template of ``domain``."""
    env = app.jinja_env
    code = env.compile(source, name=_template(domain), filename=_template(domain))
    return str(env.template_class.from_code(env, code, env.make_globals(None), None).render(**names))


@pytest.mark.parametrize(("lang", "key", "owners"), SHARED, ids=[f"{l}-{k[1]}" for l, k, _ in SHARED])
def test_each_area_shows_its_own_translation_of_a_shared_msgid(
    app: Flask, lang: str, key: Key, owners: list[str]
) -> None:
    context, msgid, plural = key
    values = _values(msgid, plural or "")
    with app.test_request_context(f"/{lang}/"):
        app.preprocess_request()
        for domain in owners:
            own = Translations.load(str(TRANSLATIONS), [lang], domain)
            if plural is None:
                wanted = [own.upgettext(context, msgid) if context else own.ugettext(msgid)]
                call = "pgettext(c, m, **v)" if context else "gettext(m, **v)"
                shown = [_in_python(domain, f"i18n.{call}", c=context, m=msgid, v=values)]
                lazy = "lazy_pgettext(c, m, **v)" if context else "lazy_gettext(m, **v)"
                shown.append(str(_in_python(domain, f"i18n.{lazy}", c=context, m=msgid, v=values)))
                source = "{{ pgettext(c, m, **v) }}" if context else "{{ _(m, **v) }}"
                shown.append(_in_template(app, domain, source, c=context, m=msgid, v=values))
                wanted = [wanted[0] % values if values else wanted[0]] * 3
            else:
                values.pop("num", None)
                wanted, shown = [], []
                for n in (1, 2, 5):
                    text = own.unpgettext(context, msgid, plural, n) if context else own.ungettext(msgid, plural, n)
                    wanted += [text % {"num": n, **values}] * 2
                    call = "npgettext(c, m, p, n, **v)" if context else "ngettext(m, p, n, **v)"
                    shown.append(_in_python(domain, f"i18n.{call}", c=context, m=msgid, p=plural, n=n, v=values))
                    shown.append(_in_template(app, domain, "{{ %s }}" % call, c=context, m=msgid, p=plural,
                                              n=n, v=values))
            assert shown == wanted, (domain, shown, wanted)


def test_the_deck_switcher_says_deck_on_every_page_also_where_a_lesson_says_cards(client: FlaskClient) -> None:
    """Regression: Finnish showed the lesson's "Kortteja:" (some cards) in the header of every page."""
    for url in ("/fi/", "/fi/learn/", "/fi/learn/deck", "/fi/play/", "/fi/calculator/", "/fi/cards"):
        page = client.get(url, follow_redirects=True).get_data(as_text=True)
        assert re.findall(r'switcher__label">([^<]*)<', page) == ["Pakka:"], url


def test_the_jump_bid_button_says_bid_as_a_verb_where_the_scoresheet_says_the_noun(
    app: Flask, client: FlaskClient
) -> None:
    """Regression: the practice table's "Bid" button read "Tarjous" (the noun of the scoresheet)."""
    for seat in (0, 1, 2):
        page = client.get(f"/fi/play/{start(client, seed=1, seat=seat, lang='fi')}").get_data(as_text=True)
        if "bid-jump" in page:
            break
    else:
        pytest.fail("no hand opens with a jump bid")
    jump = page[page.index("bid-jump"):]
    assert re.search(r'<button type="submit" class="button button--small">([^<]*)</button>', jump)[1] == "Tarjoa"
    calculator = client.get("/fi/calculator/").get_data(as_text=True)
    assert "<legend>Tarjous</legend>" in calculator
