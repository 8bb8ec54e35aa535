"""The computer players see the seat view only: hidden cards never change a decision."""

from __future__ import annotations

import random

from webapp.ai import Level, choose, hint
from webapp.engine import Deal, GameState, Phase, PickUp, PlayHand, Position
from webapp.engine.cards import CardSet


def _swapped(state: GameState, seat: Position, rng: random.Random) -> GameState | None:
    """Return the same game with two unplayed cards of the other players exchanged.

    The two cards are of the same suit class in the game, so every action stays legal and
    ``seat`` sees exactly the same view.
    """
    rules = state.rules
    if rules is None:
        return None
    others = [p for p in Position if p != seat]
    if state.view(seat).open_cards is not None:
        return None
    first, second = (
        state.hand(p) & state.deal.hands[p] for p in others
    )
    pairs = [
        (a, b)
        for a in first
        for b in second
        if rules.follows(a) is rules.follows(b)
    ]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    hands = list(state.deal.hands)
    hands[others[0]] = (hands[others[0]] - CardSet([a])) | CardSet([b])
    hands[others[1]] = (hands[others[1]] - CardSet([b])) | CardSet([a])
    deal = Deal((hands[0], hands[1], hands[2]), state.deal.skat)
    return GameState.replay(deal, state.actions, state.options)


def _play_positions(seed: int) -> list[GameState]:
    state = GameState.new(Deal.from_seed(seed))
    states = []
    while not state.finished:
        if state.phase is Phase.PLAY and len(state.tricks) >= 5:
            states.append(state)
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), Level.EASY, seed=seed))
    return states


def test_hidden_cards_do_not_change_decisions() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(16):
        for state in _play_positions(seed)[::4]:
            seat = state.to_act
            assert seat is not None
            other = _swapped(state, seat, rng)
            if other is None or other.deal == state.deal:
                continue
            view = state.view(seat)
            assert other.view(seat) == view
            for level in Level:
                assert choose(view, level, seed=seed) == choose(other.view(seat), level, seed=seed)
            assert hint(view, seed=seed) == hint(other.view(seat), seed=seed)
            checked += 1
    assert checked >= 10


def test_decisions_are_deterministic_per_seed() -> None:
    for seed in range(3):
        for state in _play_positions(seed)[::4]:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            for level in Level:
                assert choose(view, level, seed=seed) == choose(view, level, seed=seed)


def test_an_unseen_skat_does_not_change_decisions_before_the_play() -> None:
    """Before the play nobody has seen the skat: exchanging it with a defender's cards (and the
    defenders' cards among themselves) changes no decision of the declarer or the others."""
    checked = 0
    for seed in range(30):
        state = GameState.new(Deal.from_seed(seed))
        while state.phase is Phase.BIDDING:
            seat = state.to_act
            assert seat is not None
            state = state.apply(choose(state.view(seat), Level.EASY, seed=seed))
        if state.phase is not Phase.SKAT:
            continue
        seat = state.to_act
        assert seat is not None
        hands = list(state.deal.hands)
        other = next(p for p in Position if p != seat)
        skat = state.deal.skat
        # Give the skat to another player and that player's first two cards to the skat.
        given = CardSet(list(hands[other])[:2])
        hands[other] = (hands[other] - given) | skat
        changed = GameState.replay(
            Deal((hands[0], hands[1], hands[2]), given), state.actions, state.options
        )
        view = state.view(seat)
        assert changed.view(seat) == view
        for level in Level:
            assert choose(view, level, seed=seed) == choose(changed.view(seat), level, seed=seed)
        assert hint(view, seed=seed) == hint(changed.view(seat), seed=seed)
        # Playing hand, the declaration is made without the skat too.
        hand_state = state.apply(PlayHand())
        hand_changed = changed.apply(PlayHand())
        assert hand_changed.view(seat) == hand_state.view(seat)
        for level in Level:
            assert choose(hand_state.view(seat), level, seed=seed) == choose(
                hand_changed.view(seat), level, seed=seed
            )
        checked += 1
    assert checked >= 5


def test_the_defenders_cards_do_not_change_laying_away_or_the_game() -> None:
    """After the pickup the declarer sees twelve cards: exchanging cards between the defenders
    changes neither the two cards laid away nor the game declared, at any level."""
    rng = random.Random(11)
    checked = 0
    for seed in range(30):
        state = GameState.new(Deal.from_seed(seed))
        while state.phase is Phase.BIDDING:
            seat = state.to_act
            assert seat is not None
            state = state.apply(choose(state.view(seat), Level.EASY, seed=seed))
        if state.phase is not Phase.SKAT:
            continue
        state = state.apply(PickUp())
        seat = state.to_act
        assert seat is not None
        first, second = (p for p in Position if p != seat)
        hands = list(state.deal.hands)
        a, b = rng.choice(list(hands[first])), rng.choice(list(hands[second]))
        hands[first] = (hands[first] - CardSet([a])) | CardSet([b])
        hands[second] = (hands[second] - CardSet([b])) | CardSet([a])
        changed = GameState.replay(
            Deal((hands[0], hands[1], hands[2]), state.deal.skat), state.actions, state.options
        )
        assert changed.view(seat) == state.view(seat)
        for level in Level:
            discard = choose(state.view(seat), level, seed=seed)
            assert discard == choose(changed.view(seat), level, seed=seed)
            laid, laid_changed = state.apply(discard), changed.apply(discard)
            assert laid_changed.view(seat) == laid.view(seat)
            assert choose(laid.view(seat), level, seed=seed) == choose(
                laid_changed.view(seat), level, seed=seed
            )
        checked += 1
    assert checked >= 5
