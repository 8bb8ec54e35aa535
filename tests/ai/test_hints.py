"""Hints: always a legal action, and the reason they give is true of the position."""

from __future__ import annotations

import random

import pytest

from tests.engine.randomgame import OPTION_SETS
from webapp.ai import HintReason, Level, bid_limits, choose, hint
from webapp.ai.heuristics import Table
from webapp.ai.hints import Hint
from webapp.ai.solver import PySolver, SolverPosition
from webapp.engine import (
    Bid,
    Card,
    Deal,
    Declare,
    Discard,
    GameState,
    GameType,
    Hold,
    Kontra,
    Options,
    Pass,
    Position,
    Phase,
    PickUp,
    Play,
    PlayHand,
    Push,
    Re,
)
from webapp.engine.cards import CardSet, Rank, suit_mask
from webapp.engine.rules import SuitClass, rules_for
from webapp.ai.ranks import class_ranks


def _wins_for_mover(state: GameState, card: Card) -> bool:
    """Return whether ``card`` wins the game for the side of the seat to play (open hands)."""
    pos = SolverPosition.from_state(state)
    after = pos.play(card.index)
    solver = PySolver()
    contract = state.contract
    assert contract is not None and not contract.schwarz_announced
    threshold = 90 if contract.schneider_announced else 61
    if pos.game_type is GameType.NULL:
        caught = len(pos.trick) == 2 and after.leader == pos.declarer
        clean = not caught and solver.reaches(after, 0)
        declarer_wins = clean
    else:
        declarer_wins = solver.reaches(after, threshold)
    return declarer_wins if pos.to_move == pos.declarer else not declarer_wins


def _opponent_seats(table: Table) -> list[int]:
    return [seat for seat in range(3) if not table.partner_of(seat)]


def _opponents_may_trump(table: Table) -> bool:
    """Return whether, as far as the seat knows, an opponent may still hold a trump."""
    return bool(table.out & table.rules.trump_mask) and not all(
        table.void(seat, SuitClass.TRUMP) for seat in _opponent_seats(table)
    )


def check_reason(state: GameState, advice: Hint) -> None:
    """Assert that the hint's reason holds in the real position (hidden cards included)."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    action = advice.action
    reason = advice.reason
    assert action in view.legal_actions
    hand = view.hand
    if reason in (HintReason.BID_UP_TO_LIMIT, HintReason.PASS_ABOVE_LIMIT):
        assert advice.value is not None and advice.game is not None
        assert any(
            limit.game is advice.game and limit.value == advice.value
            for limit in bid_limits(hand)
        )
        asked = max((a.value for _, a in view.auction if isinstance(a, Bid)), default=0)
        if reason is HintReason.BID_UP_TO_LIMIT:
            assert isinstance(action, Bid | Hold)
            value = action.value if isinstance(action, Bid) else asked
            assert value <= advice.value
        else:
            assert isinstance(action, Pass)
            bids = [a.value for a in view.legal_actions if isinstance(a, Bid)]
            if Hold() in view.legal_actions:
                assert asked > advice.value
            else:
                assert not bids or bids[0] > advice.value
    elif reason in (HintReason.PASS_WEAK_HAND, HintReason.PASS_THROWN_IN, HintReason.PASS_INTO_RAMSCH):
        assert isinstance(action, Pass) and bid_limits(hand) == ()
        passes = sum(isinstance(a, Pass) for _, a in view.auction)
        assert (passes == 2) == (reason is not HintReason.PASS_WEAK_HAND)
        if passes == 2:
            ramsch = reason is HintReason.PASS_INTO_RAMSCH
            assert ramsch == view.options.ramsch_when_passed
    elif reason is HintReason.PICK_UP_SKAT:
        assert isinstance(action, PickUp)
    elif reason is HintReason.PLAY_HAND_STRONG:
        assert isinstance(action, PlayHand)
        assert advice.value is not None and advice.value >= view.bid
    elif reason.name.startswith("DISCARD_"):
        assert isinstance(action, Discard) and advice.game is not None
        laid = CardSet((action.first, action.second))
        assert set(advice.cards) <= set(laid)
        keep = hand - laid
        rules = rules_for(advice.game)
        if reason is HintReason.DISCARD_BLANK_TEN:
            for card in advice.cards:
                assert card.rank is Rank.TEN and not rules.is_trump(card)
                assert Card(card.suit, Rank.ACE) not in hand
                assert len(hand & CardSet.from_mask(suit_mask(card.suit))) <= 2
        elif reason is HintReason.DISCARD_SHORT_SUIT:
            # Exactly the cards of the suits the discard leaves empty: "a short suit" is one.
            assert advice.cards and all(
                not rules.is_trump(card) and not keep.mask & rules.class_mask(card)
                for card in advice.cards
            )
            assert set(advice.cards) == {
                card for card in laid
                if not rules.is_trump(card) and not keep.mask & rules.class_mask(card)
            }
        elif reason is HintReason.DISCARD_HIGH_POINTS_SAFE:
            assert laid.points >= 10
        elif reason is HintReason.DISCARD_NULL_DANGER:
            assert advice.game is GameType.NULL
    elif reason is HintReason.DECLARE_BEST_GAME:
        assert isinstance(action, Declare) and action.game_type is advice.game
    elif reason is HintReason.SAY_KONTRA:
        assert isinstance(action, Kontra)
    elif reason is HintReason.SAY_RE:
        assert isinstance(action, Re)
    elif reason is HintReason.RAMSCH_PASS:
        assert isinstance(action, Pass)
    elif reason is HintReason.RAMSCH_PICK_UP:
        assert isinstance(action, PickUp)
    elif reason is HintReason.PUSH_DANGEROUS_CARDS:
        assert isinstance(action, Push) and set(advice.cards) == {action.first, action.second}
    else:
        check_card_reason(state, advice)


def check_card_reason(state: GameState, advice: Hint) -> None:
    """Assert the reason of a card hint."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    action = advice.action
    assert isinstance(action, Play)
    card = action.card
    reason = advice.reason
    table = Table.from_view(view)
    legal = list(state.legal_cards())
    trick = table.trick
    rules = table.rules
    if reason.name not in ("ALL_CARDS_WIN", "ALL_CARDS_LOSE", "ONLY_WINNING_CARDS", "BEST_CHANCE"):
        assert not advice.cards or advice.cards == (card,)
    if reason is HintReason.ONLY_LEGAL_CARD:
        assert legal == [card]
    elif reason is HintReason.ONLY_WINNING_CARDS:
        assert card in advice.cards and set(advice.cards) < set(legal)
        for winner in advice.cards:
            assert _wins_for_mover(state, winner)
    elif reason is HintReason.ALL_CARDS_WIN:
        assert all(_wins_for_mover(state, other) for other in legal)
    elif reason is HintReason.ALL_CARDS_LOSE:
        assert not any(_wins_for_mover(state, other) for other in legal)
    elif reason is HintReason.BEST_CHANCE:
        assert advice.value is not None and 0 <= advice.value <= 100
    elif reason is HintReason.DRAW_TRUMPS:
        assert table.is_declarer and not trick and rules.is_trump(card)
        assert _opponents_may_trump(table)
        assert table.hand & ~rules.trump_mask  # other suits to protect
    elif reason is HintReason.CASH_WINNER:
        assert not trick and table.is_top(card) and not rules.is_trump(card)
        assert _opponents_may_trump(table)
        assert not any(table.void(seat, rules.follows(card)) for seat in _opponent_seats(table))
    elif reason is HintReason.CASH_SURE:
        assert not trick and table.is_top(card)
        assert rules.is_trump(card) or not _opponents_may_trump(table)
    elif reason is HintReason.LEAD_SHORT_SUIT:
        assert not rules.is_trump(card) and table.hand & rules.trump_mask
        assert not trick or rules.follows(trick[0]) is not rules.follows(card)
        assert (table.hand & rules.class_mask(card)).bit_count() <= 2
        assert table.out & rules.class_mask(card)
    elif reason is HintReason.PLAY_THROUGH_DECLARER:
        assert not trick and table.declarer == (table.seat + 1) % 3 and not rules.is_trump(card)
        length = (table.hand & rules.class_mask(card)).bit_count()
        assert length >= 2
        assert all(
            rules.is_trump(other) or (table.hand & rules.class_mask(other)).bit_count() <= length
            for other in view.hand
        )
    elif reason is HintReason.KEEP_TEN_GUARD:
        assert trick and rules.follows(card) is not rules.follows(trick[0])  # thrown off
        guarded = [
            ten for ten in view.hand
            if ten.rank is Rank.TEN and not rules.is_trump(ten)
            and table.out & Card(ten.suit, Rank.ACE).bit
            and (table.hand & rules.class_mask(ten)).bit_count() == 2
            and rules.follows(card) is not rules.follows(ten)
            and any(rules.follows(o) is rules.follows(ten) and o is not ten for o in legal)
        ]
        assert guarded
    elif reason is HintReason.SCHMIER:
        taker, best = table.winning()
        assert trick and taker != table.seat and table.partner_of(taker) and card.points >= 3
        assert table.strength(card, trick[0]) < best  # it does not go over the partner's card
    elif reason is HintReason.TAKE_THE_TRICK:
        _, best = table.winning()
        assert trick and table.strength(card, trick[0]) > best
    elif reason is HintReason.DUCK:
        taker, best = table.winning()
        assert trick and not table.partner_of(taker)
        assert table.strength(card, trick[0]) <= best
        assert any(table.strength(other, trick[0]) > best for other in legal)
    elif reason is HintReason.FOLLOW_LOWEST:
        taker, best = table.winning()
        assert trick and not table.partner_of(taker)
        assert all(table.strength(other, trick[0]) <= best for other in legal)
        assert card.points == min(other.points for other in legal)
    elif reason is HintReason.SAVE_HIGH_CARD:
        assert card.points == min(other.points for other in legal)
        assert any(
            other.points > card.points or (rules.is_trump(other) and not rules.is_trump(card))
            for other in legal
        )
    elif reason is HintReason.PLAY_LOW_CARD:
        assert len({other.points for other in legal}) == 1
        assert len({rules.is_trump(other) for other in legal}) == 1
    elif reason is HintReason.NULL_PLAY_LOW:
        assert table.game in (GameType.NULL, GameType.RAMSCH)
        if trick:
            _, best = table.winning()
            following = [o for o in legal if rules.follows(o) is rules.follows(trick[0])]
            under = [o for o in following if table.strength(o, trick[0]) < best]
            if under and table.is_declarer:
                assert card in under
    elif reason is HintReason.NULL_DISCARD_HIGH:
        assert table.game is GameType.NULL and table.is_declarer
        assert trick and rules.follows(card) is not rules.follows(trick[0])
        order = class_ranks(GameType.NULL)
        assert any(  # a lower card still out could force it to take a trick
            order[other.index] < order[card.index]
            for other in CardSet.from_mask(table.out & rules.class_mask(card))
        )
    elif reason is HintReason.NULL_LEAD_LOW:
        assert table.game is GameType.NULL and not trick and not table.is_declarer
    elif reason is HintReason.MUST_TAKE_TRICK:
        # Whatever this seat plays, the trick is its own (as far as the cards still out allow).
        if trick:
            _, best = table.winning()
            assert all(table.strength(other, trick[0]) > best for other in legal)
            assert len(trick) == 2
        else:
            assert all(not table.out & rules.class_mask(other) for other in legal)
    elif reason is HintReason.RAMSCH_AVOID_POINTS:
        _, best = table.winning()
        assert table.game is GameType.RAMSCH and table.strength(card, trick[0]) < best
    else:  # pragma: no cover - every reason is checked above
        raise AssertionError(f"unchecked reason {reason}")


def test_hints_in_every_phase_are_legal_and_true() -> None:
    rng = random.Random(1)
    reasons: set[HintReason] = set()
    for seed in range(30):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        state = GameState.new(Deal.from_seed(seed), options)
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if state.phase is not Phase.PLAY or rng.random() < 0.15:
                advice = hint(view, seed=seed)
                check_reason(state, advice)
                reasons.add(advice.reason)
            state = state.apply(choose(view, Level.EASY, seed=seed))
    # The check covers the common reasons of every phase.
    for expected in (
        HintReason.BID_UP_TO_LIMIT,
        HintReason.PASS_ABOVE_LIMIT,
        HintReason.PICK_UP_SKAT,
        HintReason.DECLARE_BEST_GAME,
        HintReason.FOLLOW_LOWEST,
    ):
        assert expected in reasons


def test_search_hints_hold_in_the_real_deal() -> None:
    """Late in the hand the hint comes from the search; its claim must hold with open hands."""
    reasons: set[HintReason] = set()
    for seed in range(36):
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if state.phase is Phase.PLAY and len(state.tricks) >= 7 and state.game_type is not GameType.RAMSCH:
                advice = hint(view, seed=seed)
                check_reason(state, advice)
                reasons.add(advice.reason)
            state = state.apply(choose(view, Level.EASY, seed=seed))
    assert {HintReason.ONLY_WINNING_CARDS, HintReason.ALL_CARDS_WIN} <= reasons


def test_search_hints_know_that_schneider_announced_needs_90() -> None:
    reasons: set[HintReason] = set()
    for seed in range(40):
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            action = choose(view, Level.EASY, seed=seed)
            if state.phase is Phase.SKAT:
                action = PlayHand()
            elif state.phase is Phase.DECLARE and isinstance(action, Declare):
                if action.game_type is not GameType.NULL:
                    action = Declare(action.game_type, schneider=True)
            elif state.phase is Phase.PLAY and len(state.tricks) >= 7:
                advice = hint(view, seed=seed)
                check_reason(state, advice)
                reasons.add(advice.reason)
            state = state.apply(action)
    assert HintReason.ONLY_WINNING_CARDS in reasons or HintReason.ALL_CARDS_LOSE in reasons


@pytest.mark.parametrize(
    ("options", "reason"),
    [(Options(), HintReason.PASS_THROWN_IN), (Options(ramsch_when_passed=True), HintReason.PASS_INTO_RAMSCH)],
)
def test_the_last_to_speak_with_a_weak_hand_learns_what_passing_leads_to(
    options: Options, reason: HintReason
) -> None:
    """After two passes, "let the others bid" would be wrong: the hint says what follows."""
    state = GameState.new(Deal.from_seed(7), options)
    assert bid_limits(state.view(Position.FOREHAND).hand) == ()  # no game worth playing
    state = state.apply(Pass()).apply(Pass())
    assert state.to_act is Position.FOREHAND
    advice = hint(state.view(Position.FOREHAND), seed=7)
    assert advice == Hint(Pass(), reason)
    check_reason(state, advice)
