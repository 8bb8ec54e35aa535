"""The lesson texts use the glossary's word for each idea (shared/spec/glossary.md)."""

from __future__ import annotations

import re

import pytest

from webapp.catalogs import catalog_path, read_catalog

# idea in the English source → the glossary's word (a stem, to allow for inflection) per language
GLOSSARY: dict[str, dict[str, str]] = {
    r"\bdeclarer": {"de": "Alleinspieler", "fr": "preneur", "fi": "pelinviej", "ms": "pemain tunggal"},
    r"\bdefenders?\b": {"de": "Gegenspieler", "fr": "défenseur", "fi": "puolustaj", "ms": "pihak lawan"},
    r"\btrumps?\b": {"de": "Tr[uü]mpf", "fr": "atout", "fi": "valt", "ms": "terup"},
    r"\btricks?\b": {"de": "Stich", "fr": "pli", "fi": "tik", "ms": "trik"},
    r"\bcard points?\b": {"de": "Auge", "fr": "point", "fi": "silm", "ms": "mata kad"},
    r"\bforehand\b": {"de": "Vorhand", "fr": "premier", "fi": "etukä", "ms": "tangan depan"},
    r"\bmiddlehand\b": {"de": "Mittelhand", "fr": "médian", "fi": "keskikä", "ms": "tangan tengah"},
    r"\brearhand\b": {"de": "Hinterhand", "fr": "dernier", "fi": "takakä", "ms": "tangan belakang"},
    r"\bdealer\b": {"de": "Geber", "fr": "donneur", "fi": "jakaj", "ms": "pembahagi"},
    r"\bfollow suit\b": {"de": "bedien", "fr": "fourni", "fi": "tunnust", "ms": "ikut sut"},
    r"\bbase value\b": {"de": "Grundwert", "fr": "valeur de base", "fi": "perusarvo", "ms": "nilai asas"},
    r"\blaid away\b|\blay away\b": {"de": "drück", "fr": "écart", "fi": "pain", "ms": r"buang.* ke skat"},
    r"\bJacks?\b": {"de": "Bube", "fr": "valet", "fi": "jätk", "ms": "pekak"},
    r"\baces?\b": {"de": "Ass", "fr": r"\bas\b", "fi": "ässä|ässi|ässän", "ms": r"\bsat\b"},
    r"\bqueens?\b": {"de": "Dame", "fr": "dame", "fi": "rouva|rouvan", "ms": "permaisuri"},
    r"\bkings?\b": {"de": "König", "fr": r"\broi\b", "fi": "kuningas", "ms": "raja"},
    r"\boverbid\b": {"de": "überreiz", "fr": "enchère non tenue", "fi": "ylitarjou", "ms": "terlebih bida"},
}
PLACEHOLDER = re.compile(r"%\(\w+\)s")
# Skat's own words stay German in every language.
GERMAN_WORDS = ("Skat", "Grand", "Null", "Hand", "Schneider", "Schwarz", "Ouvert", "Kontra", "Re",
                "Bock", "Ramsch", "Jungfrau", "Durchmarsch", "Seeger-Fabian")


def messages(lang: str) -> list[tuple[str, str]]:
    """Return (English source, translation) pairs of the lessons domain, plural forms included."""
    pairs = []
    for message in read_catalog(catalog_path(lang, "lessons"), lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        pairs += [(ids[min(i, len(ids) - 1)], text) for i, text in enumerate(strings)]
    return pairs


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_lesson_texts_use_the_glossary_words(lang: str) -> None:
    missing = []
    for source, text in messages(lang):
        source = PLACEHOLDER.sub("", source)
        for idea, words in GLOSSARY.items():
            if re.search(idea, source, re.IGNORECASE) and not re.search(words[lang], text, re.IGNORECASE):
                missing.append((idea, source, text))
    assert missing == []


@pytest.mark.parametrize("lang", ["de", "fr", "fi", "ms"])
def test_skats_own_words_stay_german(lang: str) -> None:
    for source, text in messages(lang):
        for word in GERMAN_WORDS:
            if re.search(rf"\b{word}\b", source):
                # "Offiziersskat" keeps the word too: no word boundary before it
                assert re.search(word, text, re.IGNORECASE), (word, source, text)
