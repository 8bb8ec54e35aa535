"""Lesson text: translated sentences whose placeholders are cards, suits, games and numbers.

A lesson never writes a card's name itself: it says ``say(_("%(jack)s is the highest trump."),
jack=CJ)`` and `Words` fills in the name the learner's deck gives that card, in the learner's
language. The values a placeholder may take are listed in `Value`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Union

from flask_babel import LazyString

from webapp.engine import Card, CardSet, GameType, Rank, Suit
from webapp.forms import fill, joined
from webapp.i18n import domain_of_module, translations

DOMAIN = domain_of_module(__name__)

__all__ = [
    "Say",
    "say",
    "Plural",
    "lazy_ngettext",
    "InDeck",
    "Ranking",
    "Numbers",
    "Signed",
    "Sum",
    "Product",
    "Value",
    "Words",
]


@dataclass(frozen=True)
class InDeck:
    """A value named as a given deck names it (for the deck lesson): ``deck`` is its slug."""

    value: Value
    deck: str


@dataclass(frozen=True)
class Ranking:
    """Cards, ranks or suits from highest to lowest, written ``A > B > C``."""

    items: tuple[Card | Rank | Suit, ...]


@dataclass(frozen=True)
class Signed:
    """A list score, written with its sign: ``+36``, ``−54`` (a real minus sign)."""

    value: int


@dataclass(frozen=True)
class Numbers:
    """Numbers written as a list: ``18, 20, 22``."""

    items: tuple[int, ...]


@dataclass(frozen=True)
class Sum:
    """Numbers added up: ``11 + 10 + 4 = 25`` (a formula, not a sentence)."""

    terms: tuple[int, ...]

    @property
    def total(self) -> int:
        """Return the sum."""
        return sum(self.terms)


@dataclass(frozen=True)
class Product:
    """A game value's formula: ``10 × (2 + 1) = 30``; a single level is written without brackets."""

    base: int
    levels: tuple[int, ...]

    @property
    def total(self) -> int:
        """Return base × the sum of the levels."""
        return self.base * sum(self.levels)


@dataclass(frozen=True)
class Plural:
    """A message with plural forms, translated for ``count`` when it is shown."""

    singular: str
    plural: str
    count: int

    def __str__(self) -> str:
        return str(translations(DOMAIN).ungettext(self.singular, self.plural, self.count))


def lazy_ngettext(singular: str, plural: str, num: int) -> Plural:
    """Return a plural message to fill in later (the extractor knows this name).

    Unlike flask-babel's own, it does not format at once, so the message may have
    placeholders besides the count.
    """
    return Plural(singular, plural, num)


@dataclass(frozen=True)
class Say:
    """A sentence: a (lazy) gettext message and the values of its named placeholders."""

    message: LazyString | Plural | str
    values: tuple[tuple[str, Value], ...] = field(default=())
    german_deck: LazyString | None = None
    """The same sentence for the German-suited deck, where it names Unter, Ober or Daus."""


Value = Union[
    Card, CardSet, tuple[Card, ...], Suit, Rank, GameType, int, str, LazyString, Say, InDeck,
    Ranking, Numbers, Signed, Sum, Product,
]


def say(
    message: LazyString | Plural | str, german_deck: LazyString | None = None, **values: Value
) -> Say:
    """Return a sentence with its placeholder values (and its German-deck wording, if any)."""
    return Say(message, tuple(sorted(values.items())), german_deck)


@dataclass(frozen=True)
class Words:
    """Name things in one language and one deck: the web layer builds one per request."""

    deck: Any
    card_name: Callable[[Card, Any], str]
    suit_name: Callable[[Suit, Any], str]
    rank_name: Callable[[Rank, Any], str]
    game_name: Callable[[GameType, Any], str]
    number: Callable[[int], str]
    signed: Callable[[int], str]
    join: Callable[[Sequence[str]], str]
    deck_of: Callable[[str], Any]
    german_faces: Callable[[Any], bool]

    def name(self, value: Value) -> str:
        """Return the text of one placeholder value."""
        if isinstance(value, Say):
            return self.text(value)
        if isinstance(value, bool):
            raise TypeError("a lesson text cannot show a bool")
        if isinstance(value, Card):
            return self.card_name(value, self.deck)
        if isinstance(value, Suit):
            return self.suit_name(value, self.deck)
        if isinstance(value, Rank):
            return self.rank_name(value, self.deck)
        if isinstance(value, GameType):
            return self.game_name(value, self.deck)
        if isinstance(value, int):
            return self.number(value)
        if isinstance(value, CardSet | tuple):
            return joined([self.card_name(card, self.deck) for card in value], self.join)
        if isinstance(value, InDeck):
            return replace(self, deck=self.deck_of(value.deck)).name(value.value)
        if isinstance(value, Ranking):
            return " > ".join(self.name(item) for item in value.items)
        if isinstance(value, Signed):
            return self.signed(value.value)
        if isinstance(value, Numbers):
            return ", ".join(map(self.number, value.items))
        if isinstance(value, Sum):
            return " + ".join(map(self.number, value.terms)) + " = " + self.number(value.total)
        if isinstance(value, Product):
            levels = " + ".join(map(self.number, value.levels))
            if len(value.levels) > 1:
                levels = f"({levels})"
            return f"{self.number(value.base)} × {levels} = {self.number(value.total)}"
        return str(value)

    def text(self, sentence: Say) -> str:
        """Return a sentence in the learner's language with every placeholder filled.

        The first letter is made upper case: a card's name may open a sentence.
        """
        message = str(sentence.message)
        if sentence.german_deck is not None and self.german_faces(self.deck):
            message = str(sentence.german_deck)
        if sentence.values:
            message = fill(message, {key: self.name(value) for key, value in sentence.values})
        return message[:1].upper() + message[1:]
