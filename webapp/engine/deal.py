"""Positions at the table and deals: reproducible from a seed, written as text that round-trips.

>>> deal = Deal.from_seed(2024)
>>> len(deal.hands[Position.FOREHAND]), len(deal.skat)
(10, 2)
>>> Deal.parse(str(deal)) == deal, Deal.from_seed(2024) == deal
(True, True)
>>> seat_positions(dealer=0, players=4)
(None, <Position.FOREHAND: 0>, <Position.MIDDLEHAND: 1>, <Position.REARHAND: 2>)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from .cards import ALL_MASK, DECK, CardSet

__all__ = [
    "Position",
    "Deal",
    "SplitMix64",
    "seat_positions",
    "seat_of",
    "dealer_for",
]


class Position(IntEnum):
    """A place in the hand: forehand leads and sits left of the dealer."""

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    @property
    def next(self) -> Position:
        """Return the position to the left (clockwise next)."""
        return _POSITIONS[(self + 1) % 3]


_POSITIONS: Final = tuple(Position)

_MASK64: Final = (1 << 64) - 1


_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB


def _splitmix64(state: int) -> tuple[int, int]:
    """Return the next state and output of splitmix64."""
    state = (state + _GOLDEN) & _MASK64
    z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return state, z ^ (z >> 31)


class SplitMix64:
    """A tiny PRNG (splitmix64) that gives the same numbers on every machine and Python."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """Return the next 64-bit number."""
        self.state, output = _splitmix64(self.state)
        return output

    def below(self, bound: int) -> int:
        """Return a number in ``0 .. bound-1`` (modulo bias below 2**-58: irrelevant here)."""
        return self.next() % bound

    def shuffle(self, items: list[int]) -> None:
        """Shuffle ``items`` in place: Fisher–Yates from the end, one `below` per swap."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state, output = _splitmix64(state)
            j = output % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state


# Who gets each card of the pack when dealing 3 - skat 2 - 4 - 3 from the top: hands 0..2, skat 3.
_RECEIVER: Final = (0,) * 3 + (1,) * 3 + (2,) * 3 + (3,) * 2 + (0,) * 4 + (1,) * 4 + (2,) * 4 + (
    0,
) * 3 + (1,) * 3 + (2,) * 3


class Deal:
    """The three hands (indexed by `Position`) and the skat; immutable.

    ``str(deal)`` is forehand, middlehand, rearhand and skat, each written as run-together cards
    and joined with ``-`` (URL-safe); `Deal.parse` reads that and also the spaced form.
    """

    __slots__ = ("hands", "skat", "masks")

    hands: tuple[CardSet, CardSet, CardSet]
    skat: CardSet
    masks: tuple[int, int, int, int]

    def __init__(self, hands: tuple[CardSet, CardSet, CardSet], skat: CardSet) -> None:
        """Check that the hands hold 10 cards each and, with the 2-card skat, the whole deck."""
        if len(hands) != 3 or any(len(hand) != 10 for hand in hands) or len(skat) != 2:
            raise ValueError("a deal is three hands of ten cards and a skat of two")
        union = 0
        for part in (*hands, skat):
            if union & part.mask:
                raise ValueError("a card is dealt twice")
            union |= part.mask
        if union != ALL_MASK:  # pragma: no cover - implied by the counts above
            raise ValueError("the deal does not use the whole deck")
        object.__setattr__(self, "hands", tuple(hands))
        object.__setattr__(self, "skat", skat)
        object.__setattr__(self, "masks", (hands[0].mask, hands[1].mask, hands[2].mask, skat.mask))

    @classmethod
    def from_seed(cls, seed: int) -> Deal:
        """Shuffle `DECK` with splitmix64 + Fisher–Yates from ``seed`` and deal 3-skat-4-3.

        >>> str(Deal.from_seed(1).skat)
        'CA S7'
        """
        if seed < 0:
            raise ValueError("the seed must not be negative")
        pack = [card.index for card in DECK]
        SplitMix64(seed).shuffle(pack)
        masks = [0, 0, 0, 0]
        for receiver, index in zip(_RECEIVER, pack):
            masks[receiver] |= 1 << index
        hands = [CardSet.from_mask(mask) for mask in masks]
        return cls((hands[0], hands[1], hands[2]), hands[3])

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Return the deal written as ``FH-MH-RH-SKAT`` (or with ``/``; spaces are ignored)."""
        parts = text.replace("/", "-").split("-")
        if len(parts) != 4:
            raise ValueError(f"not a deal: {text!r}")
        sets = [CardSet.parse(part) for part in parts]
        return cls((sets[0], sets[1], sets[2]), sets[3])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Deal.parse, (str(self),))

    def __str__(self) -> str:
        return "-".join(part.compact() for part in (*self.hands, self.skat))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other.masks == self.masks

    def __hash__(self) -> int:
        return hash(self.masks)


def seat_positions(*, dealer: int, players: int) -> tuple[Position | None, ...]:
    """Return each seat's position for this hand; the dealer sits out at a four-table.

    Seats are numbered clockwise from 0; forehand sits left of the dealer.

    >>> seat_positions(dealer=2, players=3)
    (<Position.FOREHAND: 0>, <Position.MIDDLEHAND: 1>, <Position.REARHAND: 2>)
    """
    if players not in (3, 4):
        raise ValueError("Skat is played by three or four at a table")
    if not 0 <= dealer < players:
        raise ValueError("the dealer must be one of the seats")
    seats: list[Position | None] = [None] * players
    for position in Position:
        seats[(dealer + 1 + position) % players] = position
    return tuple(seats)


def seat_of(position: Position, *, dealer: int, players: int) -> int:
    """Return the seat that has ``position`` in this hand.

    >>> seat_of(Position.REARHAND, dealer=0, players=3)
    0
    """
    return seat_positions(dealer=dealer, players=players).index(position)


def dealer_for(hand_number: int, *, players: int) -> int:
    """Return the dealer's seat for the n-th hand of a list (counted from 0; seat 0 deals first)."""
    return hand_number % players
