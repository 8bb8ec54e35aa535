"""Game types and the small rule object of each game family: trumps, following, trick winners.

>>> hearts = rules_for(GameType.HEARTS)
>>> hearts.base_value, len(hearts.trumps), str(hearts.trumps[0]), str(hearts.trumps[4])
(10, 11, 'CJ', 'HA')
>>> hearts.follows(Card.parse("HJ")) is SuitClass.TRUMP
True
>>> trick = [Card.parse(text) for text in ("SA", "S7", "H7")]
>>> hearts.trick_winner(trick), rules_for(GameType.GRAND).trick_winner(trick)
(2, 0)
>>> str(rules_for(GameType.NULL).legal_cards(CardSet.parse("SJ HA D7"), [Card.parse("ST")]))
'SJ'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, IntEnum
from typing import Final

from .cards import DECK, JACKS_MASK, Card, CardSet, Suit, mask_cards, suit_mask

__all__ = [
    "GameType",
    "SuitClass",
    "GameRules",
    "SuitRules",
    "GrandRules",
    "NullRules",
    "RamschRules",
    "rules_for",
    "null_value",
    "BASE_VALUES",
]


class GameType(Enum):
    """The games a declarer can announce, and Ramsch; the value is the notation word."""

    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    CLUBS = "clubs"
    GRAND = "grand"
    NULL = "null"
    RAMSCH = "ramsch"

    @property
    def suit(self) -> Suit | None:
        """Return the trump suit of a suit game, else None."""
        return _TRUMP_SUITS.get(self)

    @property
    def has_matadors(self) -> bool:
        """Return whether the game is valued by matadors (suit games and Grand)."""
        return self in _TRUMP_SUITS or self is GameType.GRAND

    @classmethod
    def for_suit(cls, suit: Suit) -> GameType:
        """Return the suit game with this trump suit."""
        return _SUIT_GAMES[suit]


_SUIT_GAMES: Final = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
_TRUMP_SUITS: Final = {game: Suit(position) for position, game in enumerate(_SUIT_GAMES)}

BASE_VALUES: Final = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}
"""Base values of the games valued by matadors (rules.md §7)."""

_NULL_VALUES: Final = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}


def null_value(*, hand: bool, ouvert: bool) -> int:
    """Return the fixed value of a Null game.

    >>> null_value(hand=False, ouvert=False), null_value(hand=True, ouvert=True)
    (23, 59)
    """
    return _NULL_VALUES[(hand, ouvert)]


class SuitClass(IntEnum):
    """What a card asks the others to follow: its suit, or trump (all trumps are one suit)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    TRUMP = 4


class GameRules:
    """Trumps, following and trick winners of one game family.

    Methods on `Card` and `CardSet` are for callers; the ``*_mask``/index methods are the fast
    paths the game state uses.
    """

    __slots__ = (
        "game_type",
        "base_value",
        "trump_mask",
        "trumps",
        "_class_of",
        "class_masks",
        "_by_class",
        "_strength",
        "_order_key",
    )

    game_type: GameType
    base_value: int | None
    trump_mask: int
    trumps: tuple[Card, ...]
    _class_of: tuple[SuitClass, ...]
    class_masks: tuple[int, ...]
    """Per card index: the mask of every card of the same suit class (for fast following)."""
    _by_class: tuple[int, ...]
    _strength: tuple[int, ...]
    _order_key: tuple[int, ...]

    def __init__(
        self, game_type: GameType, trump_mask: int, strength: Sequence[int], base_value: int | None
    ) -> None:
        """Build the tables from the trump mask and each card's strength inside its class."""
        put = object.__setattr__
        put(self, "game_type", game_type)
        put(self, "base_value", base_value)
        put(self, "trump_mask", trump_mask)
        put(self, "_strength", tuple(strength))
        classes = []
        for card in DECK:
            if card.bit & trump_mask:
                classes.append(SuitClass.TRUMP)
            else:
                classes.append(SuitClass(card.suit))
        put(self, "_class_of", tuple(classes))
        class_masks = {
            cls: sum(card.bit for card in DECK if classes[card.index] is cls) for cls in SuitClass
        }
        put(self, "class_masks", tuple(class_masks[cls] for cls in classes))
        put(self, "_by_class", tuple(class_masks[cls] for cls in SuitClass))
        # Hands sort as a player holds them: trumps, then clubs, spades, hearts, diamonds.
        put(
            self,
            "_order_key",
            tuple(
                (4 if classes[i] is SuitClass.TRUMP else int(classes[i])) * 64 + self._strength[i]
                for i in range(32)
            ),
        )
        trumps = [card for card in DECK if card.bit & trump_mask]
        put(self, "trumps", tuple(sorted(trumps, key=lambda card: -self._strength[card.index])))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("rule objects are immutable")

    def __repr__(self) -> str:
        return f"rules_for(GameType.{self.game_type.name})"

    def __reduce__(self) -> tuple[object, tuple[GameType]]:
        return (rules_for, (self.game_type,))

    def is_trump(self, card: Card) -> bool:
        """Return whether the card is a trump in this game."""
        return bool(card.bit & self.trump_mask)

    def follows(self, card: Card) -> SuitClass:
        """Return the suit class the card belongs to (trump counts as one suit)."""
        return self._class_of[card.index]

    def cards_of(self, suit_class: SuitClass) -> CardSet:
        """Return every card of a suit class (all trumps for TRUMP; empty if there are none).

        >>> str(rules_for(GameType.GRAND).cards_of(SuitClass.TRUMP))
        'CJ SJ HJ DJ'
        """
        return CardSet.from_mask(self._by_class[suit_class])

    def class_mask(self, card: Card) -> int:
        """Return the bitmask of all cards in the same suit class as ``card``."""
        return self.class_masks[card.index]

    def legal_cards(self, hand: CardSet, trick: Sequence[Card]) -> CardSet:
        """Return the cards of ``hand`` that may be played to the trick so far."""
        led = trick[0].index if trick else -1
        return CardSet.from_mask(self.legal_mask(hand.mask, led))

    def legal_mask(self, hand: int, led: int) -> int:
        """Return the playable part of ``hand``; ``led`` is the led card's index or -1."""
        if led < 0:
            return hand
        following = hand & self.class_masks[led]
        return following if following else hand

    def trick_winner(self, trick: Sequence[Card]) -> int:
        """Return the position in ``trick`` (0 = the lead) of the card that wins it so far."""
        return self.winner_index([card.index for card in trick])

    def winner_index(self, indices: Sequence[int]) -> int:
        """Return the position of the winning card among card indices, the first one led."""
        led_mask = self.class_masks[indices[0]]
        trump_mask = self.trump_mask
        strength = self._strength
        best = 0
        best_key = -1
        for position, index in enumerate(indices):
            bit = 1 << index
            if bit & trump_mask:
                key = 64 + strength[index]
            elif bit & led_mask:
                key = 32 + strength[index]
            else:
                continue
            if key > best_key:
                best, best_key = position, key
        return best

    def order(self, cards: CardSet) -> tuple[Card, ...]:
        """Return the cards sorted as a player holds them in this game, trumps first."""
        key = self._order_key
        return tuple(sorted(mask_cards(cards.mask), key=lambda card: -key[card.index]))


class SuitRules(GameRules):
    """A suit game: four Jacks and the seven cards of the trump suit are trumps."""

    __slots__ = ()

    def __init__(self, game_type: GameType) -> None:
        suit = game_type.suit
        if suit is None:
            raise ValueError(f"not a suit game: {game_type}")
        # Index order is already the suit-game order inside every suit, Jacks on top.
        super().__init__(
            game_type, JACKS_MASK | suit_mask(suit), range(32), BASE_VALUES[game_type]
        )


class GrandRules(GameRules):
    """Grand: only the four Jacks are trumps."""

    __slots__ = ()

    def __init__(self, game_type: GameType = GameType.GRAND) -> None:
        super().__init__(game_type, JACKS_MASK, range(32), BASE_VALUES.get(game_type))


class RamschRules(GrandRules):
    """Ramsch: trumps and tricks as in Grand; everyone plays alone, so no base value."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(GameType.RAMSCH)


class NullRules(GameRules):
    """Null: no trumps; every suit ranks A K Q J 10 9 8 7, Jacks in their own suit."""

    __slots__ = ()

    def __init__(self) -> None:
        # Rank values are the printed order, which is the Null order.
        super().__init__(GameType.NULL, 0, [int(card.rank) for card in DECK], None)


_RULES: Final[dict[GameType, GameRules]] = {
    **{game: SuitRules(game) for game in _SUIT_GAMES},
    GameType.GRAND: GrandRules(),
    GameType.NULL: NullRules(),
    GameType.RAMSCH: RamschRules(),
}


def rules_for(game_type: GameType) -> GameRules:
    """Return the (shared, immutable) rule object of a game type."""
    return _RULES[game_type]

