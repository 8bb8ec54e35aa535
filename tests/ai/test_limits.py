"""The learner's bid limits on worked hands (rules.md §7 and §12)."""

from __future__ import annotations

import pytest

from webapp.ai import BidLimit, bid_limits
from webapp.engine import CardSet, GameType


def limits(text: str) -> tuple[BidLimit, ...]:
    return bid_limits(CardSet.parse(text))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # "Clubs with 2": 12 × (2 + 1) = 36 (the brief's example).
        ("CJ SJ CA C9 C8 C7 S7 H8 D7 D9", BidLimit(GameType.CLUBS, 2, 36, False)),
        # rules.md §7: "Hearts, with 2, skat game, simple win: 10 × (2 + 1) = 30".
        ("CJ SJ HK H9 H8 H7 S7 S8 D7 D8", BidLimit(GameType.HEARTS, 2, 30, False)),
        # rules.md §12: Spades without 1 → 11 × (1 + 1) = 22.
        ("SJ HJ SA ST S9 S8 C7 H7 D7 D8", BidLimit(GameType.SPADES, -1, 22, False)),
        # rules.md §12: Diamonds with 1 → 9 × (1 + 1) = 18.
        ("CJ DA DT D9 D8 D7 C7 S7 S8 H7", BidLimit(GameType.DIAMONDS, 1, 18, False)),
        # Grand with 4, skat game: 24 × (4 + 1) = 120.
        ("CJ SJ HJ DJ CA CT C9 S7 H7 D7", BidLimit(GameType.GRAND, 4, 120, False)),
        # Strong enough for hand: Clubs with 6 hand = 12 × (6 + 1 + 1) = 96.
        ("CJ SJ HJ DJ CA CT C9 S7 H7 D7", BidLimit(GameType.CLUBS, 6, 96, True)),
        # A safe Null hand: Null hand = 35.
        ("C7 C8 S7 S8 H7 H8 H9 D7 D8 D9", BidLimit(GameType.NULL, 0, 35, True)),
    ],
)
def test_worked_hands(hand: str, expected: BidLimit) -> None:
    assert expected in limits(hand)


def test_best_game_first() -> None:
    found = limits("CJ SJ HJ DJ CA CT C9 S7 H7 D7")
    assert found[0] == BidLimit(GameType.CLUBS, 6, 96, True)
    assert [limit.game for limit in found].count(GameType.CLUBS) == 1
    assert len(found) <= 3


def test_a_weak_hand_has_no_limit() -> None:
    assert limits("SK SQ S8 HQ H8 DK DQ D8 CK C8") == ()


def test_values_follow_the_matadors_of_the_ten_cards() -> None:
    # All four Jacks: with 4 in Grand; in clubs the ace and ten make it with 6.
    counts = {limit.game: limit.matadors for limit in limits("CJ SJ HJ DJ CA CT C9 S7 H7 D7")}
    assert counts[GameType.GRAND] == 4 and counts[GameType.CLUBS] == 6
