"""Lieutenant Skat (rules.md §11)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.engine import Card, CardSet, GameType, IllegalAction, Play, Reason
from webapp.engine.lieutenant import (
    LieutenantDeal,
    LieutenantPile,
    LieutenantRefusal,
    LieutenantState,
    lieutenant_game_points,
)


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


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_covered_cards_turn_up_only_when_the_card_above_goes(seed: int) -> None:
    states = play_random(seed)
    deal = states[0].deal
    for before, after in zip(states, states[1:]):
        played = after.actions[-1].card
        player = before.to_act
        assert player is not None
        for side in range(2):
            view_before, view_after = before.view(side), after.view(side)
            for pile, (covered, top) in enumerate(deal.piles[side]):
                was, now = view_before.piles[side][pile], view_after.piles[side][pile]
                if side == player and was.top == played:
                    # The played card leaves; the covered card below (if any) is now open.
                    assert now == LieutenantPile(covered if was.covered else None, False)
                else:
                    assert now == was
        # Nobody's view shows a covered card, and the unseen cards are exactly the covered ones.
        covered_now = {
            deal.piles[side][pile][0]
            for side in range(2)
            for pile in range(8)
            if after.view(0).piles[side][pile].covered
        }
        assert set(after.view(0).unseen) == covered_now
        assert not covered_now & set(after.open_cards(0) | after.open_cards(1))


def test_view_shows_what_both_players_see() -> None:
    state = LieutenantState.new(LieutenantDeal.from_seed(11), first=1)
    state = state.apply(state.legal_actions()[-1])
    view = state.view(0)
    assert view.player == 0 and view.to_act == 0 and view.first == 1
    assert view.current_trick == state.current_trick and view.legal_cards == state.legal_cards()
    assert view.open_cards(1) == state.open_cards(1) and view.covered_count(1) == 7
    assert view.trump_card == state.deal.trump_card and view.game_type is state.deal.game_type
    assert state.view(1) == dataclasses.replace(view, player=1)
    assert len(view.unseen) == 15 and view.played == CardSet(state.current_trick)


def test_refusal_names_the_reason_and_the_cards() -> None:
    # Trump hearts. Player 0: diamonds covered, clubs open; player 1: spades covered, hearts open.
    deal = LieutenantDeal.parse(
        "D7D8D9DQDKDTDADJ-C7C8C9CQCKCTCACJ-S7S8S9SQSKSTSASJ-H7H8H9HQHKHTHAHJ-H9"
    )
    state = LieutenantState.new(deal, first=1)
    assert state.refusal(Card.parse("C7"), player=0) == LieutenantRefusal(
        Reason.NOT_YOUR_TURN, Card.parse("C7")
    )
    assert state.refusal(Card.parse("S7")).reason is Reason.CARD_NOT_IN_HAND  # covered
    assert state.refusal(Card.parse("C7")).reason is Reason.CARD_NOT_IN_HAND  # the other's
    assert state.refusal(Card.parse("HA")) is None
    state = state.apply(Play(Card.parse("HA")))
    refused = state.refusal(Card.parse("CA"), player=0)
    # Trump was led: the hearts and the Jack of clubs follow it.
    assert refused == LieutenantRefusal(
        Reason.MUST_FOLLOW_SUIT, Card.parse("CA"), Card.parse("HA"), (Card.parse("CJ"),)
    )
    with pytest.raises(IllegalAction) as caught:
        state.apply(Play(Card.parse("CA")))
    assert caught.value.reason is Reason.MUST_FOLLOW_SUIT
    while not state.finished:
        state = state.apply(state.legal_actions()[0])
    assert state.refusal(Card.parse("CA")).reason is Reason.WRONG_PHASE


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 32))
def test_notation_round_trip_mid_game(seed: int, cut: int) -> None:
    state = play_random(seed)[cut]
    again = LieutenantState.parse(str(state))
    assert again == state and again.view(0) == state.view(0) and again.view(1) == state.view(1)
    assert LieutenantDeal.parse(str(state.deal)) == state.deal
