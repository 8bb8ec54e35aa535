"""The `Words` of the current request: the learner's language and deck."""

from __future__ import annotations

from webapp import decks, i18n, web

from .text import Words

__all__ = ["current_words"]


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
        join=i18n.listing,
        deck_of=_deck_of,
        german_faces=lambda deck: decks.deck_of(deck).german_faces,
    )
