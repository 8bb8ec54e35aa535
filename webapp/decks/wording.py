"""Sentences that name a rank: with German-suited cards they say Daus, Ober and Unter.

A sentence that names a rank (not a card: card names come from :mod:`webapp.decks.names`) is
written twice, the second time with the context ``"German-suited deck"``; `by_deck` picks the one
for the deck the visitor chose, when the text is shown::

    RULE = by_deck(lazy_gettext("Jacks may not be pushed on"),
                   lazy_pgettext("German-suited deck", "Unters may not be pushed on"))

(The lessons do the same through ``say(..., german_deck=...)``.)
"""

from __future__ import annotations

from flask import has_request_context
from flask_babel import LazyString

__all__ = ["by_deck", "german_deck"]


def german_deck() -> bool:
    """Tell whether the current request's deck is German-suited (outside a request: no)."""
    if not has_request_context():
        return False
    from webapp import web
    from webapp.decks import deck_of

    return deck_of(web.current_deck()).german_faces


def _pick(french: object, german: object) -> str:
    return str(german if german_deck() else french)


def by_deck(french: LazyString, german: LazyString) -> LazyString:
    """Return a lazy message that reads ``german`` with German-suited cards, else ``french``."""
    return LazyString(_pick, french, german)
