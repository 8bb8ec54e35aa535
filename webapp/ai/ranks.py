"""Each card's rank inside its suit class, per game: the order every part of the AI shares.

>>> from webapp.engine import Card, GameType
>>> ranks = class_ranks(GameType.GRAND)
>>> ranks[Card.parse("CJ").index], ranks[Card.parse("HA").index], ranks[Card.parse("HT").index]
(3, 6, 5)
>>> class_ranks(GameType.NULL)[Card.parse("HJ").index]
4
"""

from __future__ import annotations

from functools import cache

from webapp.engine.cards import DECK
from webapp.engine.rules import GameType, rules_for

__all__ = ["class_ranks"]


@cache
def class_ranks(game: GameType) -> tuple[int, ...]:
    """Return, by card index, how many cards of its own suit class the card beats in ``game``.

    Computed from the rule object's trick winner, so it is exactly the engine's order.
    """
    rules = rules_for(game)
    ranks = []
    for card in DECK:
        cls = rules.follows(card)
        ranks.append(
            sum(
                1
                for other in DECK
                if other is not card
                and rules.follows(other) is cls
                and rules.winner_index([other.index, card.index]) == 1
            )
        )
    return tuple(ranks)
