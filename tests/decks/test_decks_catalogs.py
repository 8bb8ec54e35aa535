"""The ``decks`` catalogs: complete, not fuzzy, and in step with the sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from conftest import LANGUAGES, ROOT
from webapp.forms import FORMS, NAMED_CONTEXTS, form_context

KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "lazy_gettext": None,
    "lazy_pgettext": ((1, "c"), 2),
}


def sources() -> list[Path]:
    return sorted((ROOT / "webapp" / "decks").rglob("*.py")) + sorted(
        (ROOT / "templates" / "decks").rglob("*.html")
    )


def extracted() -> set[tuple[str | None, str]]:
    found = set()
    for path in sources():
        method = "python" if path.suffix == ".py" else "jinja2"
        options = {"trimmed": "true"} if method == "jinja2" else {}
        for _lineno, message, _comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, options=options
        ):
            assert isinstance(message, str), f"{path}: plural forms are not expected here"
            found.add((context, message))
    return found


def catalog(lang: str) -> Catalog:
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "decks.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_the_sources_have_all_64_card_names() -> None:
    messages = extracted()
    assert len({m for m in messages if m[0] == "card"}) == 33  # 32 cards and the face-down card
    assert len({m for m in messages if m[0] == "card, German deck"}) == 32


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_in_step_with_the_sources(lang: str) -> None:
    """The names of the sources, and each name in each grammatical form of the language."""
    have = {(m.context, m.id) for m in catalog(lang) if m.id}
    names = extracted()
    forms = {(form_context(context, form), message) for context, message in names
             if context in NAMED_CONTEXTS for form in FORMS[lang]}
    assert have == names | forms


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_catalog_is_complete_and_not_fuzzy(lang: str) -> None:
    cat = catalog(lang)
    assert not cat.fuzzy
    for message in cat:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        assert isinstance(message.string, str) and message.string.strip(), (lang, message.id)
        assert message.string == message.string.strip(), (lang, message.id)
