"""Cards, the deck and immutable bitmask card sets.

A card's notation is its suit letter (C S H D) and its rank character (7 8 9 T J Q K A):

>>> card = Card.parse("CJ")
>>> card, card.suit, card.rank, card.points
(Card.parse('CJ'), <Suit.CLUBS: 3>, <Rank.JACK: 4>, 2)
>>> str(Card(Suit.HEARTS, Rank.TEN))
'HT'

Each card has an ``index`` 0..31 that is also its bit in a `CardSet`. The index grows with the
card's strength in a Grand: the plain suit cards come first, diamonds to clubs, each 7 8 9 Q K T A,
then the four Jacks, diamonds to clubs. ``DECK[i].index == i``. Cards compare by index, and a
`CardSet` lists its cards from the highest index down, which is how a Skat player sorts a hand:

>>> hand = CardSet.parse("D7 HA CJ SJ CT")
>>> str(hand), len(hand), hand.points
('CJ SJ CT HA D7', 5, 25)
>>> Card.parse("SJ") in hand, CardSet.parse(str(hand)) == hand
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "DECK",
    "JACKS_MASK",
    "ALL_MASK",
    "suit_mask",
    "mask_points",
    "mask_cards",
    "mask_indices",
]


class Suit(IntEnum):
    """The four suits; the value order is the bidding and Jack order (clubs highest)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """Return the notation letter: D, H, S or C."""
        return "DHSC"[self]

    @classmethod
    def parse(cls, letter: str) -> Suit:
        """Return the suit for a notation letter."""
        position = "DHSC".find(letter)
        if len(letter) != 1 or position < 0:
            raise ValueError(f"not a suit letter: {letter!r}")
        return cls(position)


class Rank(IntEnum):
    """The eight ranks, valued in printed (Null) order: 7 8 9 10 J Q K A."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def char(self) -> str:
        """Return the notation character: 7 8 9 T J Q K or A."""
        return "789TJQKA"[self]

    @property
    def points(self) -> int:
        """Return the card points of a card of this rank."""
        return _RANK_POINTS[self]

    @classmethod
    def parse(cls, char: str) -> Rank:
        """Return the rank for a notation character."""
        position = "789TJQKA".find(char)
        if len(char) != 1 or position < 0:
            raise ValueError(f"not a rank character: {char!r}")
        return cls(position)


_RANK_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
# Rank order inside a suit in suit games and Grand (Jacks apart), lowest first.
_SUIT_ORDER: Final = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)


def _index_of(suit: Suit, rank: Rank) -> int:
    if rank is Rank.JACK:
        return 28 + suit
    return suit * 7 + _SUIT_ORDER.index(rank)


class Card:
    """One card: immutable, hashable and interned (``Card(s, r) is Card(s, r)``)."""

    __slots__ = ("suit", "rank", "index", "points", "bit", "_text")

    suit: Suit
    rank: Rank
    index: int
    points: int
    bit: int
    _text: str

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return _CARDS[_index_of(Suit(suit), Rank(rank))]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        index = _index_of(suit, rank)
        for name, value in (
            ("suit", suit),
            ("rank", rank),
            ("index", index),
            ("points", rank.points),
            ("bit", 1 << index),
            ("_text", suit.letter + rank.char),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Return the card written as suit letter + rank character, e.g. ``CJ`` or ``HT``."""
        card = _BY_TEXT.get(text)
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Return the card with this index (0..31)."""
        return DECK[index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


_CARDS: Final[list[Card]] = []
for _suit in Suit:
    for _rank in Rank:
        _CARDS.append(Card._make(_suit, _rank))
_CARDS.sort(key=lambda card: card.index)

DECK: Final[tuple[Card, ...]] = tuple(_CARDS)
"""The 32 cards in index order (``DECK[i].index == i``): D7 D8 D9 DQ DK DT DA … DJ HJ SJ CJ."""

_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in DECK}

ALL_MASK: Final = (1 << 32) - 1
JACKS_MASK: Final = 0xF << 28
_SUIT_MASKS: Final = tuple(0x7F << (7 * suit) for suit in Suit)

# Card points of every byte of a mask, per byte position: four lookups sum a whole mask.
_BYTE_POINTS: Final = tuple(
    tuple(
        sum(DECK[8 * part + bit].points for bit in range(8) if byte >> bit & 1)
        for byte in range(256)
    )
    for part in range(4)
)


def suit_mask(suit: Suit, *, with_jack: bool = False) -> int:
    """Return the bitmask of a suit's cards, its Jack excluded unless asked for."""
    mask: int = _SUIT_MASKS[suit]
    return mask | (1 << (28 + suit)) if with_jack else mask


def mask_points(mask: int) -> int:
    """Return the card points of the cards in a bitmask."""
    p0, p1, p2, p3 = _BYTE_POINTS
    return p0[mask & 0xFF] + p1[mask >> 8 & 0xFF] + p2[mask >> 16 & 0xFF] + p3[mask >> 24 & 0xFF]


def mask_indices(mask: int) -> list[int]:
    """Return the card indices of a bitmask, highest first (the order of `mask_cards`)."""
    indices = []
    while mask:
        index = mask.bit_length() - 1
        indices.append(index)
        mask ^= 1 << index
    return indices


def mask_cards(mask: int) -> list[Card]:
    """Return the cards of a bitmask, highest index first."""
    cards = []
    while mask:
        index = mask.bit_length() - 1
        cards.append(DECK[index])
        mask ^= 1 << index
    return cards


class CardSet:
    """An immutable set of cards kept as a 32-bit mask; iterates highest index first."""

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        for card in cards:
            mask |= card.bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Return the set whose bits are ``mask``."""
        if not 0 <= mask <= ALL_MASK:
            raise ValueError(f"not a 32-bit card mask: {mask}")
        card_set = object.__new__(cls)
        object.__setattr__(card_set, "mask", mask)
        return card_set

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Return the set written as cards separated by spaces, or run together.

        >>> CardSet.parse("CJ SJ HA") == CardSet.parse("CJSJHA")
        True
        """
        compact = "".join(text.split())
        if len(compact) % 2:
            raise ValueError(f"not a list of cards: {text!r}")
        mask = 0
        for start in range(0, len(compact), 2):
            bit = Card.parse(compact[start : start + 2]).bit
            if mask & bit:
                raise ValueError(f"card listed twice: {compact[start : start + 2]}")
            mask |= bit
        return cls.from_mask(mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))

    @property
    def points(self) -> int:
        """Return the card points of the set."""
        return mask_points(self.mask)

    def compact(self) -> str:
        """Return the notation without spaces (as used inside game notation)."""
        return "".join(card._text for card in self)

    def __iter__(self) -> Iterator[Card]:
        return iter(mask_cards(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other.mask & ~self.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self.mask != other.mask

    def __gt__(self, other: CardSet) -> bool:
        return self >= other and self.mask != other.mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __str__(self) -> str:
        return " ".join(card._text for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
