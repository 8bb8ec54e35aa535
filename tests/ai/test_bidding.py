"""Bidding by search (strong and medium): limits worth what the games bring, from the seat's cards only."""

from __future__ import annotations

import itertools

import pytest

from webapp.ai import Level, bidding, choose
from webapp.ai.bidding import MEDIUM_BIDDING, STRONG_BIDDING, searched_limit
from webapp.ai.limits import bid_limits
from webapp.engine import Bid, CardSet, Deal, GameState, GameType, Hold, Pass, Phase, Position
from webapp.engine.cards import DECK
from webapp.engine.rules import BASE_VALUES
from webapp.engine.score import matadors

SEARCHED = (Level.MEDIUM, Level.STRONG)


@pytest.fixture(autouse=True)
def fresh_limits() -> None:
    """Every test searches for itself (the limits of one auction are remembered)."""
    searched_limit.cache_clear()


def _reshuffled(deal: Deal, seat: Position, turn: int) -> Deal:
    """Return the deal with the other players' cards and the skat dealt anew (``seat`` keeps its own)."""
    unseen = [card for card in DECK if card not in deal.hands[seat]]
    unseen = unseen[turn:] + unseen[:turn]
    others = [p for p in Position if p != seat]
    hands = list(deal.hands)
    hands[others[0]] = CardSet(unseen[:10])
    hands[others[1]] = CardSet(unseen[10:20])
    return Deal((hands[0], hands[1], hands[2]), CardSet(unseen[20:]))


def _auction_states(deal: Deal, seed: int) -> list[GameState]:
    """Return the bidding states of a deal bid by the strong players."""
    state = GameState.new(deal)
    states = []
    while state.phase is Phase.BIDDING:
        states.append(state)
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), Level.STRONG, seed=seed))
    return states


def test_bidding_never_depends_on_hidden_cards() -> None:
    checked = 0
    for seed in range(2):
        deal = Deal.from_seed(seed)
        for state in _auction_states(deal, seed)[:2]:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            for turn in (7,):
                other = GameState.replay(_reshuffled(deal, seat, turn), state.actions, state.options)
                assert other.view(seat) == view
                for level in SEARCHED:
                    searched_limit.cache_clear()
                    first = choose(view, level, seed=seed)
                    searched_limit.cache_clear()
                    assert choose(other.view(seat), level, seed=seed) == first
                checked += 1
    assert checked == 4


def test_bidding_is_deterministic_per_seed() -> None:
    deal = Deal.from_seed(12)
    for seat in Position:
        for settings in (STRONG_BIDDING, MEDIUM_BIDDING):
            first = searched_limit(deal.hands[seat], seat, 5, settings)
            searched_limit.cache_clear()
            assert searched_limit(deal.hands[seat], seat, 5, settings) == first


def _most_worth(cards: CardSet) -> int:
    """Return the most any game of ten cards can be worth with some skat, as a hand game won
    Schneider (the search never counts Schwarz), or a Null ouvert hand."""
    best = 59
    unseen = [card for card in DECK if card not in cards]
    for game in BASE_VALUES:
        if game in (GameType.NULL, GameType.RAMSCH):
            continue
        most = max(
            abs(matadors(cards | CardSet(skat), game)) for skat in itertools.combinations(unseen, 2)
        )
        best = max(best, BASE_VALUES[game] * (most + 3))
    return best


def test_limits_never_exceed_what_a_game_is_worth() -> None:
    """Bidding above a game's value loses it (rules.md: overbid), so no limit goes beyond the
    best that one of the hand's games can bring."""
    for seed in range(5):
        deal = Deal.from_seed(seed)
        for seat in Position:
            cards = deal.hands[seat]
            for settings in (STRONG_BIDDING, MEDIUM_BIDDING):
                assert searched_limit(cards, seat, seed, settings) <= _most_worth(cards)


def _trial(value_matadors: int, outcome: int) -> bidding._Trial:
    return bidding._Trial(GameType.CLUBS, False, False, value_matadors, outcome, 0.0)


def test_a_game_that_may_be_worth_less_than_the_bid_is_an_overbid_risk() -> None:
    """Clubs 'without 4' is worth 60 only when no Jack lies in the skat; where one does, a simple
    win is worth 24 and bidding 60 loses the game (rules.md: overbid). Won in every world, the
    game is worth bidding 60 when the skat holds no Jack in nine worlds of ten, not in six of ten."""
    safe = [[_trial(-4, bidding._WON)]] * 9 + [[_trial(1, bidding._WON)]]
    risky = [[_trial(-4, bidding._WON)]] * 6 + [[_trial(1, bidding._WON)]] * 4
    assert bidding._best_mean(safe, 60) > 0
    assert bidding._best_mean(risky, 60) < 0
    assert bidding._best_mean(risky, 24) > 0
    schneider = [[_trial(-4, bidding._WON_SCHNEIDER)]] * 6 + [[_trial(1, bidding._WON_SCHNEIDER)]] * 4
    assert bidding._best_mean(schneider, 36) > 0  # Schneider lifts "with 1" to 36


def test_strong_bids_a_sure_game_high_and_passes_a_hopeless_hand() -> None:
    sure = CardSet.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8")
    assert searched_limit(sure, Position.MIDDLEHAND, 1, STRONG_BIDDING) >= 144  # hand, with 10
    hopeless = CardSet.parse("S8 SQ HT H9 D8 DT DK C9 CQ CK")
    for settings in (STRONG_BIDDING, MEDIUM_BIDDING):
        assert searched_limit(hopeless, Position.FOREHAND, 1, settings) == 0


def test_a_null_that_can_be_caught_is_not_bid_but_a_safe_one_is() -> None:
    """The rules of thumb bid 23 on a Null with two cards that can be caught, hoping the skat
    mends it; the search bids it only if it stays clean in four worlds of five."""
    caught = CardSet.parse("C7 C9 S7 S9 SJ H8 HT D7 D9 DJ")
    assert any(limit.game is GameType.NULL for limit in bid_limits(caught))
    assert searched_limit(caught, Position.REARHAND, 2, STRONG_BIDDING) < 23
    rest = [card for card in DECK if card not in caught]
    deal = Deal((CardSet(rest[:10]), CardSet(rest[10:20]), caught), CardSet(rest[20:]))
    state = GameState.new(deal).apply(Pass())  # middlehand passes: rearhand bids to forehand
    assert state.to_act == Position.REARHAND
    assert choose(state.view(Position.REARHAND), Level.EASY, seed=2) == Bid(18)
    assert choose(state.view(Position.REARHAND), Level.STRONG, seed=2) == Pass()
    safe = CardSet.parse("C7 C9 CJ S7 S9 H7 H8 D7 D9 DJ")
    assert searched_limit(safe, Position.REARHAND, 2, STRONG_BIDDING) == 59  # Null ouvert hand


def test_searched_levels_bid_differently_from_easy() -> None:
    """Strong and medium search their bidding, easy bids by the rules of thumb, and they differ."""
    differ = {level: 0 for level in SEARCHED}
    for seed in range(4):
        deal = Deal.from_seed(seed)
        for seat in Position:
            easy = max((limit.value for limit in bid_limits(deal.hands[seat])), default=0)
            for level, settings in ((Level.STRONG, STRONG_BIDDING), (Level.MEDIUM, MEDIUM_BIDDING)):
                differ[level] += searched_limit(deal.hands[seat], seat, seed, settings) != easy
    assert all(differ.values())
    assert MEDIUM_BIDDING.worlds < STRONG_BIDDING.worlds


def test_bids_and_holds_follow_the_limit() -> None:
    """Middlehand bids up to its limit; forehand holds up to its limit and passes above it."""
    deal = Deal.from_seed(3)
    limit = searched_limit(deal.hands[Position.FOREHAND], Position.FOREHAND, 3, STRONG_BIDDING)
    state = GameState.new(deal)
    assert state.to_act == Position.MIDDLEHAND
    state = state.apply(Bid(18))
    action = choose(state.view(Position.FOREHAND), Level.STRONG, seed=3)
    assert action == (Hold() if limit >= 18 else Pass())
