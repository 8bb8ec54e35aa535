"""What wins a game: 61, or Schneider or every trick when announced or when only that reaches the
bid (rules.md §6–§8), with the matadors counted over the declarer's cards and the skat."""

from __future__ import annotations

import pytest

from webapp.engine import (
    Bid,
    Card,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Hold,
    Pass,
    PickUp,
    PlayHand,
    Target,
    settle,
    win_target,
    win_value,
)


@pytest.mark.parametrize(
    ("contract", "matadors", "bid", "target", "value"),
    [
        (Contract(GameType.SPADES), 1, 22, Target.WIN, 22),
        (Contract(GameType.SPADES), 1, 23, Target.SCHNEIDER, 33),
        (Contract(GameType.SPADES), 1, 33, Target.SCHNEIDER, 33),
        (Contract(GameType.SPADES), 1, 35, Target.SCHWARZ, 44),
        (Contract(GameType.SPADES), 1, 46, Target.NONE, None),
        (Contract(GameType.DIAMONDS, hand=True, schneider_announced=True), 1, 18, Target.SCHNEIDER, 45),
        (Contract(GameType.CLUBS, hand=True, schneider_announced=True), -2, 72, Target.SCHNEIDER, 72),
        (Contract(GameType.CLUBS, hand=True, schneider_announced=True), -2, 77, Target.SCHWARZ, 84),
        (Contract(GameType.GRAND, hand=True, schwarz_announced=True), 4, 18, Target.SCHWARZ, 240),
        (Contract(GameType.GRAND, hand=True, ouvert=True), 1, 18, Target.SCHWARZ, 192),
        (Contract(GameType.NULL), None, 23, Target.CLEAN, 23),
        (Contract(GameType.NULL, hand=True), None, 35, Target.CLEAN, 35),
    ],
)
def test_the_least_result_that_wins(
    contract: Contract, matadors: int | None, bid: int, target: Target, value: int | None
) -> None:
    assert win_target(contract, matadors=matadors, bid=bid) is target
    assert win_value(contract, matadors=matadors, bid=bid) == value


def test_the_target_is_what_the_settlement_calls_a_win() -> None:
    """Just below the target the game is lost, at the target it is won (the same arithmetic)."""
    spades = Contract(GameType.SPADES)
    below = settle(spades, matadors=1, declarer_points=89, declarer_tricks=9, bid=23)
    at = settle(spades, matadors=1, declarer_points=90, declarer_tricks=9, bid=23)
    assert not below.won and below.overbid and at.won and at.value == 33


# Forehand holds the Jacks of hearts and diamonds, not the two above: "without 2". The Jack of
# clubs lies in the skat, so the hand game counts "with 1" instead.
TRAP = Deal.parse(
    "HJDJSASTSKSQS9S8HADA-SJS7CACTCKCQC9C8C7HT-HKHQH9H8H7DTDKDQD9D8-CJD7"
)


def trap_hand_game(bid: int) -> GameState:
    """Return the hand game Spades of forehand at ``bid`` (middlehand bid it up)."""
    state = GameState.new(TRAP)
    for value in (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40):
        if value > bid:
            break
        state = state.apply(Bid(value)).apply(Hold())
    for action in (Pass(), Pass(), PlayHand(), Declare(GameType.SPADES)):
        state = state.apply(action)
    return state


def test_a_jack_in_the_skat_of_a_hand_game_changes_what_wins() -> None:
    # Without the skat's Jack it would be "without 2": 11 × 4 = 44 ≥ 40. With it, 33 < 40.
    state = trap_hand_game(40)
    assert state.target is Target.SCHNEIDER
    assert trap_hand_game(33).target is Target.WIN


def test_the_game_state_counts_the_skat_it_laid_away() -> None:
    state = GameState.new(Deal.from_seed(45))
    for value in (18, 20, 22, 23):
        state = state.apply(Bid(value)).apply(Hold())
    state = state.apply(Pass()).apply(Pass()).apply(PickUp())
    assert state.target is None
    state = state.apply(Discard(Card.parse("CA"), Card.parse("DA"))).apply(Declare(GameType.SPADES))
    assert state.target is Target.SCHNEIDER
