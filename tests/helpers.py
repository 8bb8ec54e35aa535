"""Checks that many tests share: is a page fully translated? And the type of ``make_app``."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from html.parser import HTMLParser

from flask import Flask

from webapp.catalogs import catalog_path, read_catalog
from webapp.i18n import DEFAULT_LANGUAGE, TRANSLATIONS

LITERAL = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
MakeApp = Callable[..., Flask]  # the ``make_app`` fixture: make_app(tables=True, **config)
SHORTEST = 12  # shorter English words ("Grand", "Skat") may be the same in other languages


class _Text(HTMLParser):
    """Collect what a person sees or hears of a page: text and the readable attributes."""

    READABLE = {"alt", "title", "aria-label", "placeholder", "value"}
    SILENT = {"script", "style"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.silent = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SILENT:
            self.silent += 1
        for name, value in attrs:
            if name in self.READABLE and value and not (tag == "input" and dict(attrs).get("type") == "hidden"):
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SILENT:
            self.silent -= 1

    def handle_data(self, data: str) -> None:
        if not self.silent:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """Return the text of a page as a person meets it, white space folded."""
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@cache
def english_phrases(lang: str) -> tuple[str, ...]:
    """Return English source phrases that ``lang`` translates differently."""
    phrases = set()
    for po in sorted((TRANSLATIONS / lang / "LC_MESSAGES").glob("*.po")):
        catalog = read_catalog(catalog_path(lang, po.stem), lang)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            for source in ids:
                for piece in LITERAL.split(source):
                    piece = " ".join(piece.split())
                    if len(piece) >= SHORTEST and not any(piece in s for s in strings if s):
                        phrases.add(piece)
    return tuple(sorted(phrases))


def english_leaks(html: str, lang: str) -> list[str]:
    """Return the English phrases that show on a page meant to be in ``lang``."""
    if lang == DEFAULT_LANGUAGE:
        return []
    text = visible_text(html)
    return [phrase for phrase in english_phrases(lang) if phrase in text]
