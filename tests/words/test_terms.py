"""One word per idea, and each language's typography, in every catalog and on the rendered pages.

The terms come from ``terms.toml`` (the glossary's words and the alternatives they replace). The
typography follows the glossary: a real minus sign (U+2212) before a negative number, also where
a wrong answer is echoed; French puts a no-break space (U+00A0) before ``: ; ? !`` and inside
« », and writes the apostrophe ’; German quotes „…“; one apostrophe and one pair of quotes per
language.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from tests.lessons.solving import wrong_answers
from webapp.catalogs import PLACEHOLDER, catalog_path, read_catalog
from webapp.i18n import DEFAULT_LANGUAGE, LANGUAGES, domains
from webapp.lessons.course import LESSONS

TERMS: list[dict[str, str]] = tomllib.loads(Path(__file__).with_name("terms.toml").read_text())["term"]
FLAGS = re.IGNORECASE | re.DOTALL

#: A hyphen-minus that stands for a minus: before a digit, not inside a word, a range or a date.
HYPHEN_MINUS = re.compile(r"(?<![\w\-–/])-\d")
APOSTROPHE = {"en": "'", "fr": "’", "de": "’", "fi": "’", "ms": "’"}
ALL_APOSTROPHES = "'’‘`´"
#: Each language's quotation marks (opening, closing); every other mark is wrong there.
QUOTES = {"en": "“”", "fr": "«»", "de": "„“", "fi": "””", "ms": "“”"}
ALL_QUOTES = '"“”„«»‚'
#: French: a no-break space before a high punctuation mark; none missing, no plain or thin one.
FRENCH_SPACING = re.compile(r"(?<=[^\s\u00a0])[;?!]|(?<=[^\s\u00a0\d])(?<!https)(?<!http):(?!//)|[ \u202f][:;?!]|«(?!\u00a0)|(?<!\u00a0)»")


def messages(lang: str) -> Iterator[tuple[str, str, str]]:
    """Yield (domain, English source, text in ``lang``) for every message, plural forms included.

    For English the text is the source itself (its catalogs stay empty).
    """
    for domain in domains():
        for message in read_catalog(catalog_path(lang, domain), lang):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            if lang == DEFAULT_LANGUAGE:
                strings = ids
            for index, text in enumerate(strings):
                yield domain, ids[min(index, len(ids) - 1)], text


def typography_problems(text: str, lang: str) -> list[str]:
    """Return what breaks the typography of ``lang`` in ``text`` (placeholders left out)."""
    text = PLACEHOLDER.sub("X", text)
    problems = []
    if HYPHEN_MINUS.search(text):
        problems.append("a hyphen-minus for a minus sign")
    if any(mark in text for mark in ALL_APOSTROPHES.replace(APOSTROPHE[lang], "")):
        problems.append(f"an apostrophe other than {APOSTROPHE[lang]}")
    if any(mark in text for mark in ALL_QUOTES if mark not in QUOTES[lang]):
        problems.append(f"quotation marks other than {QUOTES[lang]}")
    opening, closing = QUOTES[lang]
    if opening != closing and text.count(opening) != text.count(closing):
        problems.append("unpaired quotation marks")
    if lang == "fr" and FRENCH_SPACING.search(text):
        problems.append("no no-break space before : ; ? ! or inside « »")
    return problems


def test_the_terms_table_is_well_formed() -> None:
    for term in TERMS:
        assert term["lang"] in LANGUAGES and term["origin"] in ("glossary", "added"), term
        assert "use" in term or "avoid" in term, term
        assert "use" not in term or "source" in term, term
        for key in ("source", "use", "avoid"):
            if key in term:
                re.compile(term[key])


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE])
def test_the_agreed_term_is_used_and_its_alternatives_are_not(lang: str) -> None:
    terms = [term for term in TERMS if term["lang"] == lang]
    assert terms
    wrong = []
    for domain, source, text in messages(lang):
        plain = PLACEHOLDER.sub("", source)
        for term in terms:
            if "source" in term and not re.search(term["source"], plain, FLAGS):
                continue
            if "use" in term and not re.search(term["use"], text, FLAGS):
                wrong.append((term["idea"], domain, source, text))
            if "avoid" in term and re.search(term["avoid"], text, FLAGS):
                wrong.append((term["idea"], domain, source, text))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_follows_the_typography_of_its_language(lang: str) -> None:
    wrong = [(domain, text, problems) for domain, _source, text in messages(lang)
             if (problems := typography_problems(text, lang))]
    assert wrong == []


def test_the_typography_check_finds_what_it_looks_for() -> None:
    assert typography_problems("Ei -32.", "fi") == ["a hyphen-minus for a minus sign"]
    assert typography_problems("Ei \N{MINUS SIGN}32, vaan 18-20.", "fi") == []
    assert typography_problems("Combien ?", "fr") and typography_problems("Combien\u202f?", "fr")
    assert typography_problems("Combien\u00a0? Jouez l’as\u00a0: « oui\u00a0».", "fr")
    assert typography_problems("Combien\u00a0? Jouez l’as\u00a0: «\u00a0oui\u00a0».", "fr") == []
    assert typography_problems("Jouez l'as.", "fr") == ["an apostrophe other than ’"]
    assert typography_problems("Sag “Ja”.", "de") and typography_problems("Sag „Ja“.", "de") == []


class _Shown(HTMLParser):
    """Collect the text a page shows (not what a form field holds), keeping no-break spaces."""

    READABLE = {"alt", "title", "aria-label", "placeholder"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.silent = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "textarea"):
            self.silent += 1
        self.parts += [value for name, value in attrs if name in self.READABLE and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "textarea"):
            self.silent -= 1

    def handle_data(self, data: str) -> None:
        if not self.silent:
            self.parts.append(data)


def shown_text(html: str) -> str:
    """Return the text a page shows, ASCII white space folded, no-break spaces kept."""
    parser = _Shown()
    parser.feed(html)
    return re.sub(r"[ \t\r\n]+", " ", unescape(" ".join(parser.parts)))


def _pages(app: Flask, lang: str) -> list[str]:
    """Return the pages of the crawl: every page under the language alone, every lesson step."""
    with app.test_request_context():
        simple = [url_for(rule.endpoint, lang=lang) for rule in app.url_map.iter_rules()
                  if "GET" in (rule.methods or ()) and rule.arguments == {"lang"}]
    steps = [f"/{lang}/learn/{lesson.slug}/{number}" for lesson in LESSONS
             for number in range(1, len(lesson.steps) + 1)]
    return sorted(simple) + steps


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rendered_pages_follow_the_typography_of_their_language(app: Flask, client: FlaskClient, lang: str) -> None:
    wrong = []
    for deck in ("french", "german"):
        client.set_cookie("deck", deck)
        for url in _pages(app, lang):
            response = client.get(url)
            assert response.status_code == 200, url
            if problems := typography_problems(shown_text(response.get_data(as_text=True)), lang):
                wrong.append((deck, url, problems))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_number_is_echoed_with_a_real_minus_sign(client: FlaskClient, lang: str) -> None:
    """The lessons' number questions echo a wrong answer: "Ei −32.", never "Ei -32."."""
    echoed = 0
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, start=1):
            if step.kind != "number":
                continue
            right = int(step.solution())
            for answer in {str(-abs(right) - 32), *wrong_answers(step)}:
                response = client.post(f"/{lang}/learn/{lesson.slug}/{number}", data={"answer": answer},
                                       follow_redirects=True)
                text = shown_text(response.get_data(as_text=True))
                if answer.startswith("-"):
                    assert "\N{MINUS SIGN}" + answer[1:] in text, (lesson.slug, number, answer)
                    echoed += 1
                problems = typography_problems(text, lang)
                assert problems == [], (lesson.slug, number, answer, problems)
    assert echoed > 10
