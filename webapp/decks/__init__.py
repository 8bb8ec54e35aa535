"""How cards look and what they are called: the three decks, card images, translated names.

The engine knows cards only as suits and ranks; this package turns them into what a
person sees and hears in their language and chosen deck. Names are translated
when called (in a request, in its language) and returned as plain ``str``, so
Jinja escapes them like any other text::

    >>> Deck.from_slug("german")
    <Deck.GERMAN: 'german'>
    >>> card_image("CJ", Deck.GERMAN)
    'cards/german/CJ.svg'

Every function takes a card either as the engine's ``Card`` or as its notation
(``"CJ"``), and a deck either as a :class:`Deck` or as its slug. Suits, ranks and
game types are recognised by their member ``name`` (``Suit.CLUBS``, ``Rank.JACK``,
``GameType.GRAND``), so nothing here imports the engine.

Templates draw cards with the macros of ``templates/decks/macros.html``; call
:func:`init_app` to give them the filters and globals they use.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from enum import Enum
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from flask import Flask, g
from flask_babel import LazyString
from webapp.decks import names, sprite
from webapp.forms import Name, lazy_name
from webapp.i18n import translations

__all__ = [
    "CARD_SIZES",
    "DEFAULT_DECK",
    "Deck",
    "back_image",
    "back_name",
    "card_image",
    "card_name",
    "game_name",
    "init_app",
    "notation",
    "rank_name",
    "suit_name",
]


class Deck(Enum):
    """A face for the 32 cards. The value is the slug used in URLs, cookies and file paths."""

    FRENCH = "french"
    FOUR_COLOUR = "four-colour"
    GERMAN = "german"

    @property
    def slug(self) -> str:
        """Return the url-safe name: ``french``, ``four-colour`` or ``german``."""
        return self.value

    @property
    def label(self) -> str:
        """Return the deck's translated name for a switcher ("French", "Four-colour", "German")."""
        return _translated(names.DECK_LABELS, self.value)

    @property
    def german_faces(self) -> bool:
        """Tell whether the cards are German-suited (acorns, leaves, hearts, bells)."""
        return self is Deck.GERMAN

    @classmethod
    def from_slug(cls, slug: str | None) -> Deck | None:
        """Return the deck with this slug, or ``None`` for anything else.

        >>> Deck.from_slug("four-colour")
        <Deck.FOUR_COLOUR: 'four-colour'>
        >>> Deck.from_slug("tarot") is None
        True
        """
        try:
            return cls(slug)
        except ValueError:
            return None


DEFAULT_DECK = Deck.FRENCH

#: Width and height in CSS pixels of each card size (5:7, like the artwork's 240×336).
#: ``xl`` is for the projector; ``cards.css`` lets it grow with the screen.
CARD_SIZES: dict[str, tuple[int, int]] = {
    "sm": (50, 70),
    "md": (80, 112),
    "lg": (120, 168),
    "xl": (180, 252),
}

SUIT_LETTERS = "CSHD"
RANK_CHARS = "789TJQKA"
NOTATIONS = frozenset(s + r for s in SUIT_LETTERS for r in RANK_CHARS)


class Named(Protocol):
    """An enum member of the engine (``Suit``, ``Rank``, ``GameType``): known by its name."""

    @property
    def name(self) -> str: ...


def deck_of(deck: Deck | str | None) -> Deck:
    """Return ``deck`` as a :class:`Deck`; a slug is accepted, ``None`` means the default."""
    if isinstance(deck, Deck):
        return deck
    if deck is None:
        return DEFAULT_DECK
    found = Deck.from_slug(deck)
    if found is None:
        raise ValueError(f"no such deck: {deck!r}")
    return found


def notation(card: object) -> str:
    """Return a card's notation (``"CJ"``) from an engine ``Card`` or the notation itself.

    >>> notation("HT")
    'HT'
    """
    text = str(card)
    if text not in NOTATIONS:
        raise ValueError(f"not a card: {card!r}")
    return text


_BACK: dict[str, LazyString] = {"back": names.FACE_DOWN}
_BY_CATALOG: WeakKeyDictionary[object, dict[Hashable, Any]] = WeakKeyDictionary()
"""What was worked out with each catalog of the ``decks`` domain (one per locale and app):
names, and the HTML of cards (:mod:`webapp.decks.html`)."""


def remembered() -> dict[Hashable, Any] | None:
    """Return what is remembered with the current locale's catalog, or ``None`` outside an app context.

    What is worked out with a catalog (a name, a card's HTML) is kept with it, for as long
    as flask-babel keeps the catalog; :func:`webapp.i18n.translations` finds the catalog
    once per request and locale (``refresh`` and ``force_locale`` give another one).
    """
    if not g:  # no app context: flask-babel answers in the source language, nothing to keep
        return None
    return _BY_CATALOG.setdefault(translations(), {})


def _translated(table: Mapping[str, LazyString], key: str) -> Name:
    """Return the name ``table[key]`` of a table of :mod:`~webapp.decks.names` with its forms, remembered per catalog.

    The tables live as long as the process, so their ``id`` names them.
    """
    known = remembered()
    if known is None:
        return _name(table[key])
    try:
        text: Name = known[id(table), key]
    except KeyError:
        text = known[id(table), key] = _name(table[key])
    return text


def _name(lazy: LazyString) -> Name:
    """Return a name of the ``decks`` domain with its grammatical forms (:mod:`webapp.forms`)."""
    return lazy_name(lazy, lambda context, msgid: str(names.DOMAIN.pgettext(context, msgid)))


def _member_name(member: Named | str) -> str:
    return member if isinstance(member, str) else member.name


def card_name(card: object, deck: Deck | str | None = DEFAULT_DECK) -> Name:
    """Return the card's accessible name in the current language and deck.

    "jack of clubs" or "Unter of acorns" in English; "Kreuz-Bube" or
    "Eichel-Unter" in German. The four-colour deck has the French names.
    """
    table = names.GERMAN_CARDS if deck_of(deck).german_faces else names.FRENCH_CARDS
    return _translated(table, notation(card))


def suit_name(suit: Named | str, deck: Deck | str | None = DEFAULT_DECK) -> Name:
    """Return the suit's name: "clubs" / "acorns", "Kreuz" / "Eichel".

    ``suit`` is the engine's ``Suit`` (or its member name, ``"CLUBS"``).
    """
    table = names.GERMAN_SUITS if deck_of(deck).german_faces else names.FRENCH_SUITS
    return _translated(table, _member_name(suit))


def rank_name(rank: Named | str, deck: Deck | str | None = DEFAULT_DECK) -> Name:
    """Return the rank's name: "jack" / "Unter", "Bube" / "Unter", "seiska", "sat"…

    ``rank`` is the engine's ``Rank`` (or its member name, ``"JACK"``).
    """
    table = names.GERMAN_RANKS if deck_of(deck).german_faces else names.FRENCH_RANKS
    return _translated(table, _member_name(rank))


def game_name(game_type: Named | str, deck: Deck | str | None = DEFAULT_DECK) -> Name:
    """Return the game's name as a label: "Clubs" / "Acorns", "Grand", "Null", "Ramsch".

    ``game_type`` is the engine's ``GameType`` (or its member name, ``"GRAND"``).
    """
    table = names.GERMAN_GAMES if deck_of(deck).german_faces else names.FRENCH_GAMES
    return _translated(table, _member_name(game_type))


COLOUR_SAFE_FACES = "colour-safe"
"""The folder of the French-suited faces in four colours a red-green colour-blind eye tells apart."""


def card_image(card: object, deck: Deck | str | None = DEFAULT_DECK, *, colour_safe: bool = False) -> str:
    """Return the card's image as a path under the static folder, for ``url_for('static', …)``.

    ``colour_safe`` (high contrast) draws French-suited cards in the colour-safe four colours;
    German-suited cards keep theirs, since their four suit signs differ in shape.

    >>> card_image("HT", Deck.FRENCH, colour_safe=True), card_image("HT", Deck.GERMAN, colour_safe=True)
    ('cards/colour-safe/HT.svg', 'cards/german/HT.svg')
    """
    found = deck_of(deck)
    folder = COLOUR_SAFE_FACES if colour_safe and not found.german_faces else found.slug
    return f"cards/{folder}/{notation(card)}.svg"


def card_sprite(card: object, deck: Deck | str | None = DEFAULT_DECK, *, colour_safe: bool = False) -> tuple[str, str]:
    """Return the sprite the card is drawn from (a path under the static folder) and its fragment there.

    The sprite is the card's folder's (see :func:`card_image` and `webapp.decks.sprite`).

    >>> card_sprite("HT", Deck.FRENCH, colour_safe=True)
    ('cards/colour-safe/sprite.svg', 'HT')
    """
    image = card_image(card, deck, colour_safe=colour_safe)
    folder, name = image.rsplit("/", 1)
    return f"{folder}/{sprite.SPRITE}", name.removesuffix(".svg")


def back_sprite(deck: Deck | str | None = DEFAULT_DECK, *, colour_safe: bool = False) -> tuple[str, str]:
    """Return the sprite a face-down card is drawn from (the deck's: every sprite has the back) and its fragment.

    >>> back_sprite(Deck.GERMAN)
    ('cards/german/sprite.svg', 'back')
    """
    return card_sprite("CJ", deck, colour_safe=colour_safe)[0], sprite.BACK


def back_image() -> str:
    """Return the card back's image as a path under the static folder (one back for all decks)."""
    return "cards/back.svg"


def back_name() -> str:
    """Return what a screen reader says for a face-down card."""
    return _translated(_BACK, "back")


def upper_first(text: object) -> str:
    """Capitalise the first letter only (Jinja's ``capitalize`` would lower "Eichel-Unter").

    >>> upper_first("jack of clubs")
    'Jack of clubs'
    """
    text = str(text)
    return text[:1].upper() + text[1:]


def parse_card(text: str) -> Any:
    """Return the engine's ``Card`` for a notation such as ``"CJ"``."""
    from webapp.engine.cards import DECK

    wanted = notation(text)
    for card in DECK:
        if str(card) == wanted:
            return card
    raise ValueError(f"not a card: {text!r}")  # pragma: no cover - the engine has all 32


def init_app(app: Flask) -> None:
    """Give templates the filters and globals that the card macros and pages use.

    Filters: ``card`` (notation → engine ``Card``), ``card_name``, ``card_image``, ``card_sprite``,
    ``suit_name``, ``rank_name``, ``game_name`` (each with the deck as argument:
    ``c | card_name(deck)``) and ``upper_first``. Globals: ``Deck``, ``DEFAULT_DECK``,
    ``CARD_SIZES``, ``back_image``, ``back_sprite``, ``back_name``, and the HTML of the card macros
    (:mod:`webapp.decks.html`) as ``decks_card``, ``decks_card_back``, ``decks_card_row``.
    """
    from webapp.decks import html

    app.jinja_env.filters.update(
        card=parse_card,
        card_name=card_name,
        card_image=card_image,
        card_sprite=card_sprite,
        suit_name=suit_name,
        rank_name=rank_name,
        game_name=game_name,
        upper_first=upper_first,
    )
    app.jinja_env.globals.update(
        Deck=Deck,
        DEFAULT_DECK=DEFAULT_DECK,
        CARD_SIZES=CARD_SIZES,
        back_image=back_image,
        back_sprite=back_sprite,
        back_name=back_name,
        decks_card=html.card,
        decks_card_back=html.card_back,
        decks_card_row=html.card_row,
        decks_card_faces=html.card_faces,
    )
