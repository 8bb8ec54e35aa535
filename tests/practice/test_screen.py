"""What the bidding panel says a game is worth, and what it needs to reach the bid (rules.md §7, §8)."""

from __future__ import annotations

import pytest

from webapp.ai import BidLimit
from webapp.engine import Contract, GameType
from webapp.practice.screen import Reach, worth


@pytest.mark.parametrize(
    ("game", "matadors", "bid", "values", "reach"),
    [
        # rules.md §8: bid 24, Diamonds with 1 picked up is worth 18 and overbid; as Hand 27.
        (GameType.DIAMONDS, 1, 24, (18, 27), Reach.HAND_OR_SCHNEIDER),
        (GameType.DIAMONDS, 1, 18, (18, 27), Reach.SKAT_GAME),
        (GameType.DIAMONDS, 1, 27, (18, 27), Reach.HAND_OR_SCHNEIDER),
        (GameType.DIAMONDS, 1, 30, (18, 27), Reach.SCHNEIDER_OR_MORE),
        # Issue 17's hand: Spades with 1 is 22 picked up, 33 as Hand.
        (GameType.SPADES, 1, 23, (22, 33), Reach.HAND_OR_SCHNEIDER),
        (GameType.SPADES, -2, 33, (33, 44), Reach.SKAT_GAME),
        (GameType.GRAND, -1, 50, (48, 72), Reach.HAND_OR_SCHNEIDER),
        (GameType.CLUBS, 2, None, (36, 48), Reach.SKAT_GAME),
    ],
)
def test_a_trump_games_worth_and_reach(game: GameType, matadors: int, bid: int | None, values: tuple[int, int], reach: Reach) -> None:
    shown = worth(BidLimit(game, matadors, 0, False), bid)
    assert (shown.skat_game, shown.hand_game) == values
    assert shown.reach is reach and shown.matadors == matadors and shown.bid == bid


@pytest.mark.parametrize(
    ("bid", "reach", "lowest"),
    [
        (23, Reach.SKAT_GAME, None),
        (24, Reach.HIGHER_NULL, Contract(GameType.NULL, hand=True)),
        (35, Reach.HIGHER_NULL, Contract(GameType.NULL, hand=True)),
        (36, Reach.HIGHER_NULL, Contract(GameType.NULL, ouvert=True)),
        (48, Reach.HIGHER_NULL, Contract(GameType.NULL, hand=True, ouvert=True)),
        (60, Reach.NO_NULL, None),
    ],
)
def test_a_nulls_worth_and_the_cheapest_null_that_reaches_the_bid(bid: int, reach: Reach, lowest: Contract | None) -> None:
    shown = worth(BidLimit(GameType.NULL, 0, 23, False), bid)
    assert (shown.skat_game, shown.hand_game) == (23, 35)
    assert shown.reach is reach and shown.lowest_null == lowest
