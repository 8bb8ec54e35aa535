"""Grammatical forms of the names that sentences name: cards, suits, ranks, games and seats.

A sentence names a card as ``%(card)s`` in English; a translator picks the form the sentence
needs by its placeholder: ``%(card_acc_def)s`` ("den Kreuz-Buben"), ``%(card_def)s``
("le valet de trèfle"), ``%(card_gen)s`` ("ristijätkän"). Any placeholder may end in
``_cap`` for a name that opens a sentence: ``%(card_def_cap)s`` ("Le valet de trèfle").

Each form is a whole catalog entry the translator writes: the name's own entry with the
form in its context (``msgctxt "card: acc_def"``). A language's catalogs hold the forms of
that language only (:data:`FORMS`); :mod:`webapp.catalogs` adds and checks them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import LazyString

#: The forms each language distinguishes, with what the translator writes for each.
FORMS: dict[str, dict[str, str]] = {
    "en": {},
    "fr": {
        "def": "with the definite article: le valet de trèfle, la dame de cœur, l’as de trèfle",
        "du": "de + the definite article: du valet de trèfle, de la dame de cœur, de l’as de trèfle",
        "au": "à + the definite article: au valet de trèfle, à la dame de cœur, à l’as de trèfle",
        "il": "the subject pronoun that stands for it, whose gender adjectives follow: il (masculine), elle (feminine)",
    },
    "fi": {
        "gen": "genetiivi: ristijätkän, padan",
        "part": "partitiivi: ristijätkää, pataa",
        "ela": "elatiivi: ristijätkästä, padasta",
        "ill": "illatiivi: ristijätkään, pataan",
        "ade": "adessiivi: ristijätkällä, padalla",
        "all": "allatiivi: ristijätkälle, padalle",
        "ess": "essiivi: ristijätkänä, patana",
    },
    "ms": {},
    "de": {
        "def": "Nominativ mit bestimmtem Artikel: der Kreuz-Bube, die Kreuz-Dame, das Kreuz-Ass",
        "acc": "Akkusativ ohne Artikel: Kreuz-Buben, Kreuz-Dame, Eichel-Unter",
        "acc_def": "Akkusativ mit bestimmtem Artikel: den Kreuz-Buben, die Kreuz-Dame, den Eichel-Unter",
        "dat": "Dativ ohne Artikel: Kreuz-Buben, Kreuz-Dame, Eichel-Unter",
        "dat_def": "Dativ mit bestimmtem Artikel: dem Kreuz-Buben, der Kreuz-Dame, dem Eichel-Unter",
    },
}
CAPITAL = "cap"
"""The ending of a placeholder whose name opens a sentence: ``%(card_def_cap)s``."""

#: Every form of every language, longest first (``acc_def`` before ``def``).
ALL_FORMS: tuple[str, ...] = tuple(sorted({f for forms in FORMS.values() for f in forms}, key=len, reverse=True))

#: The message contexts of the names that have forms (in :mod:`webapp.decks.names` and :mod:`webapp.words`).
NAMED_CONTEXTS = frozenset({
    "card", "card, German deck", "suit", "suit, German deck", "rank", "rank, German deck",
    "game", "game, German deck", "seat",
})


#: The gettext domains where those names live (``scoresheet`` has a "Ramsch" label of its own).
NAMED_DOMAINS = frozenset({"decks", "words"})


def form_context(context: str, form: str) -> str:
    """Return the context of a name's form: ``"card: acc_def"``."""
    return f"{context}: {form}"


def upper_first(text: str) -> str:
    """Capitalise the first letter only ("eichel" → "Eichel", "l'as" → "L'as")."""
    return text[:1].upper() + text[1:]


class Name(str):
    """A name as the base form reads (a plain ``str``) that also knows its other forms."""

    _lookup: Callable[[str], str]

    def __new__(cls, text: str, lookup: Callable[[str], str]) -> Name:
        made = super().__new__(cls, text)
        made._lookup = lookup
        return made

    def form(self, form: str) -> str:
        """Return the name in ``form`` (a form of :data:`FORMS`, ``cap`` or ``<form>_cap``)."""
        capital = form == CAPITAL or form.endswith("_" + CAPITAL)
        if capital:
            form = form[: -len(CAPITAL)].rstrip("_")
        text = self._lookup(form) if form else str(self)
        return upper_first(text) if capital else text


def lazy_name(lazy: LazyString, translate: Callable[[str, str], str]) -> Name:
    """Return the name behind a lazy ``pgettext`` (a table entry), with its forms.

    ``translate(context, msgid)`` is the catalog's ``pgettext``; a form not translated
    (English, which has none) reads as the base form.
    """
    context, msgid = lazy._args[-2:]  # (context, msgid), after the domain if one is given
    text = str(lazy)
    cache: dict[str, str] = {}

    def lookup(form: str) -> str:
        if form not in cache:
            found = translate(form_context(context, form), msgid)
            cache[form] = text if found == msgid else found
        return cache[form]

    return Name(text, lookup)


def joined(names: list[str], join: Callable[[list[str]], str]) -> Name:
    """Return a list of names joined ("A, B and C") whose forms are the joined forms."""
    def lookup(form: str) -> str:
        return join([name.form(form) if isinstance(name, Name) else name for name in names])

    return Name(join(names), lookup)


def split(key: str) -> tuple[str, str]:
    """Split a placeholder into its value and its form: ``card_acc_def_cap`` → (``card``, ``acc_def_cap``)."""
    rest, capital = key, ""
    if rest.endswith("_" + CAPITAL):
        rest, capital = rest[: -len(CAPITAL) - 1], CAPITAL
    for form in ALL_FORMS:
        if rest.endswith("_" + form):
            return rest[: -len(form) - 1], f"{form}_{capital}" if capital else form
    return rest, capital


class Forms(dict[str, Any]):
    """The values of a sentence's placeholders, each also in every form: ``%(card_acc_def)s``."""

    def __missing__(self, key: str) -> Any:
        base, form = split(key)
        if not form or base not in self:
            raise KeyError(key)
        value = self[base]
        if isinstance(value, Name):
            return value.form(form)
        text = str(value)
        return upper_first(text) if form.endswith(CAPITAL) else text


def fill(message: str, values: Mapping[str, Any]) -> str:
    """Fill a translated message's placeholders, a name in the form each placeholder names."""
    return message % Forms(values)
