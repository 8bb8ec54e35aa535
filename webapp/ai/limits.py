"""Hand evaluation and the learner's bid limits: which games a hand can play, and up to what value.

The strength numbers are rules of thumb counted in "sure tricks and length": trumps, the high
Jacks, aces and tens that are well kept, voids. A game is *sensible* when its strength reaches
the threshold of a skat game (the skat usually adds a little); a hand game needs more.

>>> from webapp.engine import CardSet
>>> [(limit.game.name, limit.matadors, limit.value, limit.hand)
...  for limit in bid_limits(CardSet.parse("CJ SJ HJ DJ CA CT C9 S7 H7 D7"))]
[('CLUBS', 6, 96, True), ('GRAND', 4, 120, False)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from webapp.engine.cards import JACKS_MASK, Card, CardSet, Rank, Suit, mask_cards, suit_mask
from webapp.engine.rules import BASE_VALUES, GameType, null_value
from webapp.engine.score import matadors

__all__ = [
    "BidLimit",
    "bid_limits",
    "game_strength",
    "null_risk",
    "SKAT_THRESHOLD",
    "HAND_THRESHOLD",
    "SUIT_GAMES",
    "game_value",
    "enough_suit",
]

SUIT_GAMES: Final = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)

SKAT_THRESHOLD: Final = {"suit": 6.75, "grand": 6.5}
"""Strength a skat game needs (see `game_strength`)."""
HAND_THRESHOLD: Final = {"suit": 8.5, "grand": 8.5}
"""Strength a hand game needs."""

_CLOSE: Final = 3.0
"""A game is listed when its strength margin is at most this much below the best game's."""
_MOST_LIMITS: Final = 3

_JACK_BONUS: Final = {Suit.CLUBS: 1.0, Suit.SPADES: 0.5, Suit.HEARTS: 0.25, Suit.DIAMONDS: 0.0}
_MANY_JACKS: Final = {3: 0.75, 4: 1.5}
"""Three or four Jacks hold the lead in a Grand."""
_GRAND_JACK: Final = {Suit.CLUBS: 1.5, Suit.SPADES: 1.25, Suit.HEARTS: 1.0, Suit.DIAMONDS: 1.0}


@dataclass(frozen=True, slots=True)
class BidLimit:
    """A game the hand can play and its value with the matadors counted over the ten cards.

    The skat can change the matadors (a Jack in it turns "without" into "with" and lowers the
    value), so the limit is the value of the ten cards as they are.
    """

    game: GameType
    matadors: int
    value: int
    hand: bool


def _family(game: GameType) -> str:
    return "grand" if game is GameType.GRAND else "suit"


def _side_suit_strength(held: int, suit: Suit, *, grand: bool) -> float:
    """Return the strength of the cards held in one plain suit (Jacks apart)."""
    count = held.bit_count()
    if not count:
        return 0.0
    ace = bool(held & Card(suit, Rank.ACE).bit)
    ten = bool(held & Card(suit, Rank.TEN).bit)
    king = bool(held & Card(suit, Rank.KING).bit)
    score = 0.0
    if ace:
        score += 1.0
        if ten:
            score += 1.0
            if king and grand:
                score += 0.75
    elif ten:
        score += -0.5 if count == 1 else (0.25 if count >= 3 or king else 0.0)
    if grand and ace and ten and count >= 5:
        score += 0.5 * (count - 4)
    return score


def _caught_in_suit(held: int) -> int:
    """Return how many of the cards held in one suit (its Jack included) a Null can lose."""
    ranks = sorted(card.rank for card in mask_cards(held))
    return sum(1 for position, rank in enumerate(ranks) if rank > 2 * position)


def _jacks_strength(held: int, *, grand: bool) -> float:
    """Return what the Jacks held (a mask of Jacks) add to the strength of a Grand or suit game."""
    bonus = _GRAND_JACK if grand else _JACK_BONUS
    score = sum((bonus[suit] for suit in Suit if held & Card(suit, Rank.JACK).bit), 0.0)
    if grand:
        jacks = held.bit_count()
        if jacks < 2:
            score -= 1.5
        score += _MANY_JACKS.get(jacks, 0.0)
    return score


def _holdings(cards: int) -> list[int]:
    """Return every subset of the cards, as masks (the empty one included)."""
    found = [0]
    held = cards
    while held:
        found.append(held)
        held = (held - 1) & cards
    return found


_PLAIN: Final = tuple(suit_mask(suit) for suit in Suit)
_WHOLE: Final = tuple(suit_mask(suit, with_jack=True) for suit in Suit)

# Hand evaluation runs for every sampled world, so the Jacks' part and each suit's part are
# looked up by the cards held in them instead of being worked out again.
_JACKS_STRENGTH: Final = {
    grand: {held: _jacks_strength(held, grand=grand) for held in _holdings(JACKS_MASK)}
    for grand in (False, True)
}
_SIDE_STRENGTH: Final = {
    grand: {
        held: _side_suit_strength(held, suit, grand=grand)
        for suit in Suit
        for held in _holdings(_PLAIN[suit])
    }
    for grand in (False, True)
}
_CAUGHT: Final = {held: _caught_in_suit(held) for whole in _WHOLE for held in _holdings(whole)}


class _Trumps(NamedTuple):
    """A suit game's trump suit and its cards: all trumps, the trump Ace, the other suits."""

    suit: Suit
    mask: int
    ace: int
    sides: tuple[int, ...]


_SUIT_GAME_TRUMPS: Final = {
    GameType.for_suit(suit): _Trumps(
        suit,
        JACKS_MASK | _PLAIN[suit],
        Card(suit, Rank.ACE).bit,
        tuple(_PLAIN[other] for other in Suit if other is not suit),
    )
    for suit in Suit
}


def game_strength(cards: CardSet, game: GameType, *, forehand: bool = False) -> float:
    """Return the rule-of-thumb strength of the cards for a suit game or Grand.

    Compare with `SKAT_THRESHOLD` and `HAND_THRESHOLD` (ten cards) of the game's family.
    """
    if game is GameType.GRAND:
        return _grand_strength(cards.mask) + (0.5 if forehand else 0.0)
    trumps = _SUIT_GAME_TRUMPS.get(game)
    if trumps is None:
        raise ValueError("a suit game or Grand")
    return _suit_game_strength(cards.mask, trumps) + (0.25 if forehand else 0.0)


def _grand_strength(mask: int) -> float:
    """Return the strength of the cards for a Grand (see `game_strength`)."""
    side = _SIDE_STRENGTH[True]
    score = _JACKS_STRENGTH[True][mask & JACKS_MASK]
    for plain in _PLAIN:
        score += side[mask & plain]
    return score


def _suit_game_strength(mask: int, trumps: _Trumps) -> float:
    """Return the strength of the cards for a suit game with these trumps (see `game_strength`)."""
    side = _SIDE_STRENGTH[False]
    count = (mask & trumps.mask).bit_count()
    score = count + _JACKS_STRENGTH[False][mask & JACKS_MASK]
    if mask & trumps.ace:
        score += 0.5
    if count < 5:
        score -= 1.5 * (5 - count)
    for plain in trumps.sides:
        held = mask & plain
        if held:
            score += side[held]
        elif count >= 5:
            score += 0.5
    return score


def null_risk(cards: CardSet) -> tuple[int, int]:
    """Return (cards that can be caught, suits with such cards) for a Null.

    A suit is safe when its k-th lowest card (k = 1, 2, …) is at most the (2k − 1)-th lowest
    rank: 7; 7 9; 7 9 J; …; every card above that ladder can be caught.
    """
    caught = 0
    suits = 0
    for whole in _WHOLE:
        bad = _CAUGHT[cards.mask & whole]
        if bad:
            caught += bad
            suits += 1
    return caught, suits


def game_value(cards: CardSet, game: GameType, *, hand: bool, ouvert: bool = False) -> int:
    """Return the value of the game with the matadors of ``cards`` and a simple win."""
    if game is GameType.NULL:
        return null_value(hand=hand, ouvert=ouvert)
    return _value(game, matadors(cards, game), hand=hand)


def _value(game: GameType, count: int, *, hand: bool) -> int:
    """Return the value of a suit game or Grand with ``count`` matadors and a simple win."""
    return BASE_VALUES[game] * (abs(count) + 1 + (1 if hand else 0))


def enough_suit(cards: CardSet, suit: Suit) -> bool:
    """Return whether a suit is long enough to be trump: three cards, or two with five trumps."""
    length = (cards.mask & _PLAIN[suit]).bit_count()
    trumps = length + (cards.mask & JACKS_MASK).bit_count()
    return length >= 3 or (length == 2 and trumps >= 5)


_TRUMP_GAMES: Final = tuple(
    (game, _SUIT_GAME_TRUMPS.get(game), SKAT_THRESHOLD[family], HAND_THRESHOLD[family])
    for game in (*SUIT_GAMES, GameType.GRAND)
    for family in (_family(game),)
)
"""Each suit game and Grand: its trumps (None: Grand), the strengths a skat and a hand game need."""


def bid_limits(cards: CardSet) -> tuple[BidLimit, ...]:
    """Return the sensible games of a hand with the value each reaches, best first.

    Suit games and Grand have their matadors counted over ``cards`` (ten cards: the skat may
    change them); a game strong enough to play without the skat is also listed as a hand game.
    Null appears when the hand is safe enough (hand and ouvert when it has no weak card).
    An empty result means that no game is sensible: pass.
    """
    scored: list[tuple[float, BidLimit]] = []
    for game, trumps, skat_threshold, hand_threshold in _TRUMP_GAMES:
        if trumps is None:
            strength = _grand_strength(cards.mask)
        elif enough_suit(cards, trumps.suit):
            strength = _suit_game_strength(cards.mask, trumps)
        else:
            continue
        hand = strength >= hand_threshold
        if strength >= skat_threshold:
            count = matadors(cards, game)
            limit = BidLimit(game, count, _value(game, count, hand=hand), hand)
            scored.append((strength - skat_threshold, limit))
    caught, suits = null_risk(cards)
    if caught == 0:
        scored.append((1.0, BidLimit(GameType.NULL, 0, null_value(hand=True, ouvert=False), True)))
    elif caught <= 2 and suits == 1:
        limit = BidLimit(GameType.NULL, 0, null_value(hand=False, ouvert=False), False)
        scored.append((0.6 - 0.2 * caught, limit))
    scored.sort(key=lambda item: (-item[0], -item[1].value))
    if scored:
        # Only games close to the best one are worth naming.
        top = scored[0][0]
        scored = [item for item in scored if item[0] >= top - _CLOSE][:_MOST_LIMITS]
    return tuple(limit for _, limit in scored)
