"""Worlds: every distribution of the unseen cards fits what the seat knows."""

from __future__ import annotations

import random

from webapp.ai import Level, choose
from webapp.ai.worlds import World, all_worlds, sample_worlds
from webapp.engine import Deal, GameState, GameType, Phase, Position
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
