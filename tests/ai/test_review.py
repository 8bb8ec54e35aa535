"""Could the declarer have won? The best line with open hands, and the cards that swung it."""

from __future__ import annotations

import random

import pytest

from tests.ai.brute import brute_move_value, brute_value, random_position
from webapp.ai import best_line, could_have_won
from webapp.ai import review as review_module
from webapp.ai.review import principal_line, swings
from webapp.ai.solver import ALL_TRICKS, PySolver, SearchLimit, threshold_for
from webapp.engine import (
    Bid,
    Card,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Options,
    Pass,
    PickUp,
    Play,
    PlayHand,
    Position,
    Settlement,
    Target,
)

# Forehand holds all four Jacks and six clubs: a clubs game that takes every trick.
STRONG_DEAL = Deal.parse(
    "CJSJHJDJCACTCKCQC9C8-SASTSKSQS9S8S7H7H8H9-HAHTHKHQDADTDKDQD9D8-C7D7"
)


def declared_clubs() -> GameState:
    state = GameState.new(STRONG_DEAL)
    for action in (
        Pass(),
        Pass(),
        Bid(18),
        PickUp(),
        Discard(Card.parse("C7"), Card.parse("D7")),
        Declare(GameType.CLUBS),
    ):
        state = state.apply(action)
    return state


def test_a_certain_game_is_won_with_every_trick() -> None:
    state = declared_clubs()
    review = could_have_won(state)
    assert review is not None
    assert review.declarer is Position.FOREHAND
    assert review.could_win is True and review.best_points == 120
    assert review.declarer_won is None  # not played yet
    assert review.swings == ()
    assert review.line == best_line(state)
    # The line is legal and ends with the promised points.
    for play in review.line:
        state = state.apply(play)
    assert state.finished and isinstance(state.settlement, Settlement)
    assert state.settlement.declarer_points == 120


def test_no_review_without_a_declarer() -> None:
    state = GameState.new(Deal.from_seed(3), Options(ramsch=True))
    while not state.finished:
        state = state.apply(state.legal_actions()[-1])
    assert could_have_won(state) is None
    assert best_line(state) == ()
    assert could_have_won(GameState.new(Deal.from_seed(3))) is None


def test_a_search_too_big_is_cut_short_not_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(review_module.REVIEW_NODE_LIMIT, "python", 10)
    monkeypatch.setitem(review_module.REVIEW_NODE_LIMIT, "compiled", 10)
    state = GameState.new(Deal.from_seed(1))
    for action in (Bid(18), Pass(), Pass(), PickUp()):
        state = state.apply(action)
    state = state.apply(state.legal_actions()[0]).apply(Declare(GameType.GRAND))
    with pytest.raises(SearchLimit):
        could_have_won(state)
    assert best_line(state) == ()


def test_the_principal_line_is_best_play_for_both_sides() -> None:
    rng = random.Random(21)
    for _ in range(40):
        pos = random_position(rng, 3, open_cards=rng.randrange(3))
        line, value = principal_line(PySolver(), pos)
        assert value == brute_value(pos)
        for play in line:
            # Each card keeps the value: it is a best card for the side that plays it.
            assert brute_move_value(pos, play.card.index) == value
            after = pos.play(play.card.index)
            if after.trick == () and pos.game_type is GameType.NULL and after.leader == pos.declarer and len(pos.trick) == 2:
                assert value == 1
                break
            pos = after


def test_swings_are_the_cards_that_changed_the_result() -> None:
    rng = random.Random(4)
    seen = 0
    for _ in range(60):
        start = random_position(rng, 3)
        if start.game_type is GameType.NULL:
            continue
        pos = start
        plays = []
        expected = []
        while not pos.finished:
            card = rng.choice(pos.legal_moves())
            before = brute_value(pos) >= 61
            after = pos.play(card)
            if (brute_value(after) >= 61) != before:
                expected.append(Card.from_index(card))
            plays.append(Card.from_index(card))
            pos = after
        found = swings(PySolver(), start, plays)
        assert [swing.card for swing in found] == expected
        for swing in found:
            assert swing.card not in swing.better
        seen += len(found)
    assert seen > 0


def _hand_game(declare: Declare) -> GameState:
    state = GameState.new(STRONG_DEAL)
    for action in (Pass(), Pass(), Bid(18), PlayHand(), declare):
        state = state.apply(action)
    return state


def test_announcements_set_what_winning_means() -> None:
    schneider = could_have_won(_hand_game(Declare(GameType.CLUBS, schneider=True)))
    assert schneider is not None and schneider.could_win and schneider.best_points == 120
    assert schneider.target is Target.SCHNEIDER
    # Schwarz announced is about tricks, not card points.
    schwarz = could_have_won(_hand_game(Declare(GameType.CLUBS, schwarz=True)))
    assert schwarz is not None and schwarz.could_win and schwarz.target is Target.SCHWARZ
    assert threshold_for(Target.WIN) == 61
    assert threshold_for(Target.SCHNEIDER) == 90
    assert threshold_for(Target.SCHWARZ) == ALL_TRICKS
    assert threshold_for(Target.NONE) is None
