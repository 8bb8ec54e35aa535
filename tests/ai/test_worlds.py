"""Worlds: every distribution of the unseen cards fits what the seat knows."""

from __future__ import annotations

import dataclasses
import random

import pytest

from webapp.ai import worlds
from webapp.ai import Level, bid_limits, choose
from webapp.ai.worlds import World, _clues, all_worlds, sample_worlds
from webapp.engine import Bid, Card, CardSet, Deal, GameState, GameType, Pass, Phase, Position
from webapp.engine.game import Trick
from webapp.engine.view import SeatView


def _fits(view: SeatView, world: World) -> None:
    seat = view.position
    assert world.hands[seat] == view.hand.mask
    assert world.skat.bit_count() == 2
    union = world.skat
    for position in Position:
        assert world.hands[position].bit_count() == view.hand_sizes[position]
        assert not union & world.hands[position]
        union |= world.hands[position]
    played = 0
    for trick in (*view.tricks, view.current_trick):
        for card in trick.cards:
            played |= card.bit
    assert union | played == (1 << 32) - 1 and not union & played
    if view.skat is not None:
        assert world.skat == view.skat.mask
    rules = view.rules
    assert rules is not None
    for position in Position:
        for cls in view.voids[position]:
            assert not world.hands[position] & rules.cards_of(cls).mask


def _views(seeds: range) -> list[tuple[GameState, SeatView]]:
    found = []
    for seed in seeds:
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            if state.phase is Phase.PLAY and state.game_type is not GameType.RAMSCH:
                found.append((state, state.view(seat)))
            state = state.apply(choose(state.view(seat), Level.EASY, seed=seed))
    return found


def test_sampled_worlds_fit_the_view() -> None:
    rng = random.Random(2)
    views = _views(range(12))
    assert any(view.voids[p] for _, view in views for p in Position)
    for _, view in views[::2]:
        for world in sample_worlds(view, 4, rng):
            _fits(view, world)


def test_all_worlds_are_every_fitting_world_and_include_the_real_one() -> None:
    checked = 0
    for state, view in _views(range(12)):
        worlds = all_worlds(view, 60)
        if worlds is None:
            continue
        real = World(
            (state.hand(Position(0)).mask, state.hand(Position(1)).mask,
             state.hand(Position(2)).mask),
            state.skat.mask,
        )
        assert real in worlds
        assert len(set(worlds)) == len(worlds)
        for world in worlds:
            _fits(view, world)
        checked += 1
    assert checked > 20


def test_worlds_are_the_same_for_the_same_seed() -> None:
    _, view = _views(range(3, 4))[5]
    assert sample_worlds(view, 6, random.Random(9)) == sample_worlds(view, 6, random.Random(9))


def test_where_nothing_is_known_each_unseen_card_goes_to_each_holder_by_the_room_it_has() -> None:
    """The placement deals the unseen cards like a shuffle: no holder is favoured."""
    from webapp.ai.worlds import _assign, _by_constraint, unknowns

    state, view = _views(range(1))[0]
    unknown = unknowns(view)
    assert not any(unknown.barred)  # the first card of the hand: no void shown yet
    order = _by_constraint(unknown)
    rng = random.Random(5)
    rounds = 4000
    counts = {card: [0, 0, 0, 0] for group in order for card in group}
    for _ in range(rounds):
        holders = _assign(unknown, order, rng)
        assert holders is not None
        for card, seen in counts.items():
            seen[next(h for h in range(4) if holders[h] & card)] += 1
    total = sum(unknown.needs)
    for seen in counts.values():
        for holder, need in enumerate(unknown.needs):
            assert abs(seen[holder] / rounds - need / total) < 0.04


def _best_limit(cards: int) -> int:
    return max((limit.value for limit in bid_limits(CardSet.from_mask(cards))), default=0)


def _first_card_views(seeds: range) -> list[SeatView]:
    """Return the declarer's view at its first card of each game the easy players declare."""
    found = []
    for seed in seeds:
        state = GameState.new(Deal.from_seed(seed))
        while not state.finished:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if state.phase is Phase.PLAY and seat == state.declarer and not view.played_by(seat):
                found.append(view)
            state = state.apply(choose(view, Level.EASY, seed=seed))
    return found


def test_a_seat_that_passed_is_dealt_fewer_games_than_the_auction_forgotten_gives() -> None:
    # Each seat that passed at 18 (nothing bid) showed it holds no game worth 18: the declarer's
    # sampled worlds give it such a hand less often than the same view without the auction.
    rng = random.Random(5)
    weighed = forgotten = 0
    checked = 0
    for view in _first_card_views(range(40)):
        passers = [seat for seat, action in view.auction if isinstance(action, Pass)
                   and seat != view.declarer and not any(isinstance(a, Bid) and s == seat
                                                         for s, a in view.auction)]
        if not passers:
            continue
        checked += 1
        blind = dataclasses.replace(view, auction=())
        for world in sample_worlds(view, 30, rng):
            weighed += sum(_best_limit(world.hands[seat]) >= 18 for seat in passers)
        for world in sample_worlds(blind, 30, rng):
            forgotten += sum(_best_limit(world.hands[seat]) >= 18 for seat in passers)
    assert checked >= 10
    assert weighed < 0.85 * forgotten


def test_a_defender_who_let_the_declarer_keep_a_trick_is_seldom_dealt_the_card_that_took_it() -> None:
    # Last to a trick the declarer was winning, a defender who followed low showed it held no
    # higher card of that suit: the sampled worlds seldom give it one.
    rng = random.Random(6)
    with_clue = without = 0
    checked = 0
    for _, view in _views(range(60)):
        clues = _clues(view)
        if clues.ducks and not view.current_trick.cards and checked < 40:
            checked += 1
            last, higher, later = clues.ducks[-1]
            # The same view with the trick's order forgotten gives no clue: compare with it.
            for world in sample_worlds(view, 100, rng):
                with_clue += bool((world.hands[last] | later) & higher)
            blind = _without_clues(view)
            assert not _clues(blind).ducks
            for world in sample_worlds(blind, 100, rng):
                without += bool((world.hands[last] | later) & higher)
    assert checked >= 2
    assert with_clue < 0.85 * without


def test_a_defender_who_led_low_in_a_side_suit_is_seldom_dealt_its_ace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A defender leads its Aces first: one who led a low card of a side suit whose Ace is still
    # out seldom holds that Ace in the worlds its partner samples.
    rng = random.Random(7)
    with_clue = without = 0
    checked = 0
    for state, view in _views(range(60)):
        seat = view.position
        if seat != state.declarer and _clues(view).low_leads and checked < 40:
            checked += 1
            leader, ace = _clues(view).low_leads[-1]
            assert leader not in (seat, state.declarer) and ace & view.unseen.mask
            for world in sample_worlds(view, 100, rng):
                with_clue += bool(world.hands[leader] & ace)
            with monkeypatch.context() as patch:
                patch.setattr(worlds, "LEAD_WEIGHT", 1.0)
                for world in sample_worlds(view, 100, rng):
                    without += bool(world.hands[leader] & ace)
    assert checked >= 10
    assert with_clue < 0.85 * without


def _without_clues(view: SeatView) -> SeatView:
    """Return the view with no trick's cards telling who was winning (the cards stay played)."""
    # A trick won by the one who led it shows no duck: make every trick look led by its winner.
    tricks = tuple(
        trick._replace(leader=trick.winner, cards=_rotated(trick)) if trick.winner is not None
        else trick
        for trick in view.tricks
    )
    return dataclasses.replace(view, tricks=tricks)


def _rotated(trick: Trick) -> tuple[Card, ...]:
    assert trick.winner is not None
    start = trick.players.index(trick.winner)
    return trick.cards[start:] + trick.cards[:start]
