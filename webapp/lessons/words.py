"""The `Words` of the current request: the learner's language and deck."""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from flask_babel import get_locale

from webapp import decks, i18n, web

from .text import Words

__all__ = ["current_words"]


def _join(items: Sequence[str]) -> str:
    return format_list(list(items), locale=get_locale())


def _deck_of(slug: str) -> decks.Deck:
    deck = decks.Deck.from_slug(slug)
    assert deck is not None, slug
    return deck


def current_words() -> Words:
    """Return the words for the current request's language and deck."""
    return Words(
        deck=web.current_deck(),
        card_name=decks.card_name,
        suit_name=decks.suit_name,
        rank_name=decks.rank_name,
        game_name=decks.game_name,
        number=i18n.number,
        signed=i18n.signed,
        join=_join,
        deck_of=_deck_of,
        german_faces=lambda deck: decks.deck_of(deck).german_faces,
    )
