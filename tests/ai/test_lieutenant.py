"""Lieutenant Skat computer players and hints (rules.md §11)."""

from __future__ import annotations

import random

import pytest

from webapp.ai.lieutenant import (
    Level,
    LieutenantHint,
    LieutenantReason,
    choose,
    hint,
)
from webapp.engine import Card, CardSet, LieutenantView, Play
from webapp.engine.lieutenant import LieutenantDeal, LieutenantState


def play(seed: int, levels: tuple[Level, Level], *, first: int = 0) -> LieutenantState:
    state = LieutenantState.new(LieutenantDeal.from_seed(seed), first=first)
    while not state.finished:
        player = state.to_act
        assert player is not None
        card = choose(state.view(player), levels[player], seed=seed)
        assert card in state.legal_cards()
        state = state.apply(Play(card))
    return state


def reshuffle_covered(state: LieutenantState, seed: int) -> LieutenantState:
    """Return the same game with the cards still covered moved to other covered places."""
    deal = state.deal
    view = state.view(0)
    places = [
        (side, pile)
        for side in range(2)
        for pile in range(8)
        if view.piles[side][pile].covered
    ]
    cards = [deal.piles[side][pile][0] for side, pile in places]
    shuffled = list(cards)
    random.Random(seed).shuffle(shuffled)
    piles = [list(deal.piles[0]), list(deal.piles[1])]
    for (side, pile), card in zip(places, shuffled):
        piles[side][pile] = (card, piles[side][pile][1])
    other = LieutenantState.new(
        LieutenantDeal((tuple(piles[0]), tuple(piles[1])), deal.trump_card), first=view.first
    )
    for action in state.actions:
        other = other.apply(action)
    return other


@pytest.mark.parametrize("level", list(Level))
def test_every_level_finishes_games_legally(level: Level) -> None:
    for seed in range(4 if level is Level.STRONG else 8):
        final = play(seed, (level, level), first=seed % 2)
        assert final.result is not None and sum(final.result.points) == 120


def mid_game(seed: int, cards: int) -> LieutenantState:
    rng = random.Random(seed)
    state = LieutenantState.new(LieutenantDeal.from_seed(seed), first=seed % 2)
    for _ in range(cards):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


POSITIONS = [(seed, cards) for seed in range(6) for cards in (0, 1, 9, 14, 21)]


@pytest.mark.parametrize("level", list(Level))
def test_same_seed_same_card(level: Level) -> None:
    for seed, cards in POSITIONS[:: 2 if level is Level.STRONG else 1]:
        state = mid_game(seed, cards)
        view = state.view(state.to_act or 0)
        first = choose(view, level, seed=seed)
        # A fresh copy of the game (parsed from its notation) gets the same card.
        again = LieutenantState.parse(str(state)).view(view.player)
        assert choose(again, level, seed=seed) == first


@pytest.mark.parametrize("level", list(Level))
def test_no_covered_card_is_used(level: Level) -> None:
    changed = 0
    for seed, cards in POSITIONS[:: 2 if level is Level.STRONG else 1]:
        state = mid_game(seed, cards)
        other = reshuffle_covered(state, seed)
        player = state.to_act
        assert player is not None
        if other.deal != state.deal:
            changed += 1
        # The view does not show the covered cards, so the decision cannot depend on them.
        assert other.view(player) == state.view(player)
        assert choose(other.view(player), level, seed=seed) == choose(
            state.view(player), level, seed=seed
        )
    assert changed >= len(POSITIONS[:: 2 if level is Level.STRONG else 1]) - 2


def test_not_this_players_turn() -> None:
    state = LieutenantState.new(LieutenantDeal.from_seed(1), first=0)
    with pytest.raises(ValueError):
        choose(state.view(1), Level.EASY, seed=1)
    with pytest.raises(ValueError):
        hint(state.view(1), seed=1)


def test_easy_takes_a_rich_trick_cheaply_and_gives_little_otherwise() -> None:
    # Trump hearts. Player 0: diamonds covered, clubs open; player 1: spades covered, hearts open.
    deal = LieutenantDeal.parse(
        "D7D8D9DQDKDTDADJ-C7C8C9CQCKCTCACJ-S7S8S9SQSKSTSASJ-H7H8H9HQHKHTHAHJ-H9"
    )
    state = LieutenantState.new(deal, first=0)
    # Leading: the Jack of clubs is the one card player 1 cannot beat.
    assert choose(state.view(0), Level.EASY, seed=0) == Card.parse("CJ")
    state = LieutenantState.new(deal, first=0).apply(Play(Card.parse("CT")))
    # Player 1 cannot follow clubs; a ten is worth trumping, with the lowest trump.
    assert choose(state.view(1), Level.EASY, seed=0) == Card.parse("H7")
    state = LieutenantState.new(deal, first=1).apply(Play(Card.parse("HT")))
    # Player 0 must follow trump with the Jack of clubs, which takes the ten.
    assert choose(state.view(0), Level.EASY, seed=0) == Card.parse("CJ")


def duel(seeds: range, better: Level, worse: Level) -> int:
    """Return the better level's game points minus the worse level's, sides swapped per deal."""
    margin = 0
    for seed in seeds:
        for sides in ((better, worse), (worse, better)):
            result = play(seed, sides, first=seed % 2).result
            assert result is not None
            mine = 0 if sides[0] is better else 1
            margin += result.game_points[mine] - result.game_points[1 - mine]
    return margin


def test_medium_beats_easy() -> None:
    assert duel(range(100, 112), Level.MEDIUM, Level.EASY) > 0


def reason_is_true(view: LieutenantView, given: LieutenantHint) -> bool:
    """Check the hint's reason against the position, from the view alone."""
    card, reason, cards = given.card, given.reason, given.cards
    rules = view.rules
    me = view.player
    legal = view.legal_cards
    theirs = view.open_cards(1 - me)
    trumps = CardSet(c for c in CardSet.from_mask((1 << 32) - 1) if rules.is_trump(c))

    def beats(answer: Card, led: Card) -> bool:
        return rules.trick_winner((led, answer)) == 1

    def answers(led: Card) -> CardSet:
        return rules.legal_cards(theirs, (led,))

    if card not in legal or not cards or cards[0] != card:
        return False
    if reason is LieutenantReason.ONLY_LEGAL_CARD:
        return len(legal) == 1
    if reason is LieutenantReason.LEAD_SURE_WINNER:
        return not view.current_trick and not any(beats(a, card) for a in answers(card))
    if reason in (LieutenantReason.LEAD_UNCOVER, LieutenantReason.LEAD_LOW):
        pile = next(p for p in view.piles[me] if p.top == card)
        return (
            not view.current_trick
            and card.points <= 4
            and any(beats(a, card) for a in answers(card))
            and pile.covered is (reason is LieutenantReason.LEAD_UNCOVER)
        )
    if reason is LieutenantReason.BEST_CHANCE:
        return given.value is not None and 0 <= given.value <= 100
    if not view.current_trick:
        return False
    led = view.current_trick[0]
    follows = [c for c in view.open_cards(me) if rules.follows(c) is rules.follows(led)]
    if reason in (LieutenantReason.TAKE_TRICK, LieutenantReason.TAKE_TRICK_TRUMP):
        trumped = reason is LieutenantReason.TAKE_TRICK_TRUMP
        return (
            cards == (card, led)
            and beats(card, led)
            and given.value == card.points + led.points
            and trumped is (not follows and rules.is_trump(card))
        )
    if reason is LieutenantReason.GIVE_FEWEST:
        return (
            cards == (card, led)
            and not any(beats(c, led) for c in legal)
            and card.points == min(c.points for c in legal)
        )
    if reason is LieutenantReason.DUCK:
        keep = cards[1]
        return not beats(card, led) and keep in legal and beats(keep, led)
    if reason is LieutenantReason.KEEP_TRUMP:
        shown = CardSet(cards[1:])
        return (
            not follows
            and not beats(card, led)
            and any(beats(c, led) and rules.is_trump(c) for c in legal)
            and shown == theirs & trumps
            and given.value == len(shown) > 0
        )
    return False


def test_hint_reasons_are_true() -> None:
    seen: set[LieutenantReason] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = LieutenantState.new(LieutenantDeal.from_seed(seed), first=seed % 2)
        while not state.finished:
            player = state.to_act
            assert player is not None
            view = state.view(player)
            if len(state.actions) % 4 == seed % 4 or len(state.actions) > 20:
                given = hint(view, seed=seed)
                assert reason_is_true(view, given), (str(state), given)
                assert given == hint(view, seed=seed)
                seen.add(given.reason)
            state = state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 9, seen
