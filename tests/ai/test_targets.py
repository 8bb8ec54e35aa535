"""Every search aims at what wins this game: the bid and the matadors (the skat's Jacks
included) decide whether 61, Schneider or every trick wins, for the declarer and the defenders."""

from __future__ import annotations

import random

from tests.engine.test_target import trap_hand_game
from webapp.ai import HintReason, could_have_won, hint
from webapp.ai.search import SETTINGS, judge, world_thresholds
from webapp.ai.solver import get_solver
from webapp.ai.worlds import sample_worlds
from webapp.engine import (
    Bid,
    Card,
    CardSet,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Hold,
    Pass,
    PickUp,
    Play,
    Position,
    Target,
    matadors,
)


def deal_45() -> GameState:
    """Practice deal 45 as in issue 17: forehand holds to 23, picks up, lays away both aces and
    declares Spades with 1: worth 22, below the bid, so only Schneider (33) wins."""
    state = GameState.new(Deal.from_seed(45))
    for value in (18, 20, 22, 23):
        state = state.apply(Bid(value)).apply(Hold())
    for action in (Pass(), Pass(), PickUp(), Discard(Card.parse("CA"), Card.parse("DA"))):
        state = state.apply(action)
    return state.apply(Declare(GameType.SPADES))


def test_could_i_have_won_knows_the_overbid_game_needed_schneider() -> None:
    review = could_have_won(deal_45())
    assert review is not None and review.target is Target.SCHNEIDER
    assert review.best_points == 72  # a win at 61, but not the 90 this game needs
    assert review.could_win is False


def _judged(state: GameState, seat: Position):  # type: ignore[no-untyped-def]
    view = state.view(seat)
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    worlds = sample_worlds(view, 16, random.Random(3))
    solver = get_solver()
    solver.node_limit = SETTINGS.node_budget
    return judge(view, worlds, solver, SETTINGS, legal)


def test_the_declarer_searches_for_schneider_and_the_defenders_against_it() -> None:
    state = deal_45()
    declarer = _judged(state, Position.FOREHAND)
    assert declarer.worlds == 16
    assert all(declarer.side_wins(group) == 0 for group in range(len(declarer.groups)))
    hinted = hint(state.view(Position.FOREHAND), seed=1)
    assert hinted.reason not in (
        HintReason.BEST_CHANCE, HintReason.ONLY_WINNING_CARDS, HintReason.ALL_CARDS_WIN
    )
    # The defenders only have to keep the declarer under 90: in these worlds every card does.
    state = state.apply(Play(Card.parse("CJ")))
    defender = _judged(state, Position.MIDDLEHAND)
    assert defender.worlds == 16
    assert all(defender.side_wins(group) == 16 for group in range(len(defender.groups)))


def test_a_hand_game_aims_by_the_jack_each_world_puts_in_the_skat() -> None:
    """The declarer of a hand game does not know the skat: where a world's skat holds the Jack
    of clubs or of spades the game is "with 1" or "without 1", worth 33 < 40, and needs
    Schneider; elsewhere it is "without 2", worth 44. The defenders know the skat no better,
    nor the declarer's hand: each world's cards decide."""
    state = trap_hand_game(40)
    for seat in (Position.FOREHAND, Position.MIDDLEHAND, Position.REARHAND):
        if seat is not Position.FOREHAND:
            state = state.apply(state.legal_actions()[0])
        view = state.view(seat)
        worlds = sample_worlds(view, 16, random.Random(int(seat)))
        thresholds = world_thresholds(view, worlds)
        played = view.played_by(Position.FOREHAND).mask
        expected = [
            61 if abs(matadors(CardSet.from_mask(world.hands[0] | played | world.skat), GameType.SPADES)) >= 2
            else 90
            for world in worlds
        ]
        assert thresholds == expected
        if seat is Position.FOREHAND:
            high_jacks = Card.parse("CJ").bit | Card.parse("SJ").bit
            assert thresholds == [90 if world.skat & high_jacks else 61 for world in worlds]
        assert 90 in thresholds and 61 in thresholds
    review = could_have_won(trap_hand_game(40))
    assert review is not None and review.target is Target.SCHNEIDER
