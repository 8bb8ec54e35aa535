"""Lieutenant Skat (rules.md §11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.engine import Card, CardSet, GameType, IllegalAction, Play, Reason
from webapp.engine.lieutenant import LieutenantDeal, LieutenantState, lieutenant_game_points


def play_random(seed: int) -> list[LieutenantState]:
    rng = random.Random(seed)
    state = LieutenantState.new(LieutenantDeal.from_seed(seed), first=seed % 2)
    states = [state]
    while not state.finished:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_random_games(seed: int) -> None:
    states = play_random(seed)
    final = states[-1]
    assert len(final.tricks) == 16 and final.to_act is None and final.legal_actions() == ()
    assert final.points(0) + final.points(1) == 120
    played = [card for _, cards, _ in final.tricks for card in cards]
    assert len(set(played)) == 32
    result = final.result
    assert result is not None
    if result.winner is None:
        assert result.points == (60, 60) and result.game_points == (1, 1)
    else:
        assert result.points[result.winner] > 60
    assert LieutenantState.parse(str(final)) == final
    for before, after in zip(states, states[1:]):
        # Only open cards are ever played, and a follower follows from open cards if possible.
        card = after.actions[-1].card
        player = before.to_act
        assert player is not None
        assert card in before.open_cards(player)
        if before.current_trick:
            rules = before.rules
            led = rules.follows(before.current_trick[0])
            could = [c for c in before.open_cards(player) if rules.follows(c) is led]
            assert not could or rules.follows(card) is led


def test_covered_card_turns_up() -> None:
    deal = LieutenantDeal.from_seed(3)
    state = LieutenantState.new(deal)
    covered, top = deal.piles[0][0]
    assert covered not in state.open_cards(0) and top in state.open_cards(0)
    state = state.apply(Play(top))
    assert covered in state.open_cards(0) and state.covered_count(0) == 7


def test_trump_card_decides_the_game() -> None:
    deal = LieutenantDeal.from_seed(3)
    for text, game in (("CJ", GameType.GRAND), ("H7", GameType.HEARTS), ("DA", GameType.DIAMONDS)):
        drawn = LieutenantDeal(deal.piles, Card.parse(text))
        assert drawn.game_type is game
        assert LieutenantDeal.parse(str(drawn)) == drawn


def test_illegal_plays_are_refused() -> None:
    deal = LieutenantDeal.from_seed(5)
    state = LieutenantState.new(deal)
    covered = deal.piles[0][0][0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(Play(covered))
    assert caught.value.reason is Reason.CARD_NOT_IN_HAND
    state = state.apply(state.legal_actions()[0])
    legal = state.legal_cards()
    wrong = state.open_cards(1) - legal
    if wrong:
        with pytest.raises(IllegalAction) as caught:
            state.apply(Play(next(iter(wrong))))
        assert caught.value.reason is Reason.MUST_FOLLOW_SUIT
    assert legal <= state.open_cards(1) and legal != CardSet()


def test_game_points_table() -> None:
    assert [lieutenant_game_points(p) for p in (0, 60, 61, 90, 91, 119, 120)] == [
        0, 1, 2, 2, 3, 3, 4]


@pytest.mark.parametrize("text", ["", "x_0_", str(LieutenantDeal.from_seed(1)) + "_2_"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(ValueError):
        LieutenantState.parse(text)
