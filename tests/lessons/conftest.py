"""Fixtures for the lesson tests: plain words to read explanations by, and the course's steps."""

from __future__ import annotations

import pytest

from webapp.engine import Card, GameType, Rank, Suit
from webapp.lessons.text import Words


def plain_words() -> Words:
    """Return words that name cards by their notation (``HT``), suits by their letter."""
    return Words(
        deck="test",
        card_name=lambda card, deck: str(card),
        suit_name=lambda suit, deck: suit.letter,
        rank_name=lambda rank, deck: rank.char,
        game_name=lambda game, deck: game.value,
        number=str,
        signed=lambda n: f"{n:+d}".replace("-", "\N{MINUS SIGN}"),
        join=", ".join,
        deck_of=lambda slug: slug,
        german_faces=lambda deck: deck == "german",
    )


@pytest.fixture
def words(app):  # type: ignore[no-untyped-def]
    """Return plain words inside a request (lazy texts need one), in English."""
    with app.test_request_context("/en/learn/"):
        yield plain_words()


__all__ = ["plain_words", "Card", "GameType", "Rank", "Suit"]
