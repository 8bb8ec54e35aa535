"""Ramsch card play by search (strong and medium): play-outs scored as the engine scores them."""

from __future__ import annotations

import random

import pytest

from webapp.ai import Level, choose, ramsch
from webapp.ai.worlds import World
from webapp.engine import Deal, GameState, Options, Phase, Play, Position, RamschSettlement

from tests.ai.test_view_only import _swapped


def _ramsch_positions(
    seed: int, options: Options, phases: tuple[Phase, ...] = (Phase.PLAY,)
) -> list[GameState]:
    """Return the positions in ``phases`` of a Ramsch played by the easy players."""
    state = GameState.new(Deal.from_seed(seed), options)
    states = []
    while not state.finished:
        if state.phase in phases:
            states.append(state)
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), Level.EASY, seed=seed))
    return states


def _engine_score(state: GameState, card: Play) -> float:
    """Return the mover's Ramsch score minus the three's mean, the rest played by easy players."""
    me = state.to_act
    assert me is not None
    state = state.apply(card)
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        state = state.apply(choose(state.view(seat), Level.EASY, seed=0))
    settlement = state.settlement
    assert isinstance(settlement, RamschSettlement)
    return settlement.scores[me] - sum(settlement.scores) / 3


@pytest.mark.parametrize("skat_to_loser", [False, True])
def test_play_out_scores_the_real_world_as_the_engine_does(skat_to_loser: bool) -> None:
    """In the real deal, a card's play-out ends with the engine's own Ramsch score (the skat's
    points to the last trick's taker or to the loser, Jungfrau, Durchmarsch) when everyone then
    plays the rules of thumb."""
    options = Options(ramsch=True, skat_to_loser=skat_to_loser)
    checked = 0
    for seed in range(6):
        for state in _ramsch_positions(seed, options)[::3]:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            world = World(
                (state.hand(Position(0)).mask, state.hand(Position(1)).mask,
                 state.hand(Position(2)).mask),
                state.deal.skat.mask,
            )
            for action in view.legal_actions:
                assert isinstance(action, Play)
                expected = _engine_score(state, action)
                assert ramsch._play_out(view, world, action.card.index) == pytest.approx(expected)
                checked += 1
    assert checked > 100


def test_strong_and_medium_search_ramsch_cards_easy_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strong samples RAMSCH_WORLDS worlds per Ramsch card, medium MEDIUM_RAMSCH_WORLDS, easy
    none; the search changes cards the rules of thumb would play."""
    asked: list[int] = []
    real = ramsch.sample_worlds

    def counting(view, count, rng):  # type: ignore[no-untyped-def]
        asked.append(count)
        return real(view, count, rng)

    monkeypatch.setattr(ramsch, "sample_worlds", counting)
    counts: dict[Level, set[int]] = {level: set() for level in Level}
    differs = 0
    for seed in range(4):
        for state in _ramsch_positions(seed, Options(ramsch=True)):
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            for level in Level:
                asked.clear()
                action = choose(view, level, seed=seed)
                counts[level].update(asked)
                if level is Level.STRONG and action != choose(view, Level.EASY, seed=seed):
                    differs += 1
    assert counts[Level.EASY] == set()
    assert counts[Level.MEDIUM] == {ramsch.MEDIUM_RAMSCH_WORLDS}
    assert counts[Level.STRONG] == {ramsch.RAMSCH_WORLDS}
    assert differs >= 5


def test_ramsch_cards_see_the_view_only_and_repeat_per_seed() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(8):
        options = Options(ramsch=True, schieberamsch=seed % 2 == 1)
        for state in _ramsch_positions(seed, options)[::3]:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            other = _swapped(state, seat, rng)
            for level in (Level.MEDIUM, Level.STRONG):
                action = choose(view, level, seed=seed)
                assert choose(view, level, seed=seed) == action
                if other is not None and other.deal != state.deal:
                    assert other.view(seat) == view
                    assert choose(other.view(seat), level, seed=seed) == action
                    checked += 1
    assert checked >= 10


def test_schieberamsch_skat_and_pushes_are_searched_from_the_view() -> None:
    """Strong and medium take the skat and choose the pushed cards by play-outs in sampled worlds:
    legal, the same per seed, unchanged when the other hands' cards are exchanged, and different
    from the rules of thumb somewhere; with Jacks not pushable, no Jack is pushed."""
    rng = random.Random(11)
    differs = 0
    swapped = 0
    for seed in range(10):
        options = Options(ramsch=True, schieberamsch=True, push_jacks_allowed=seed % 2 == 0)
        for state in _ramsch_positions(seed, options, (Phase.RAMSCH, Phase.PUSH)):
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            other = _swapped(state, seat, rng)
            for level in (Level.MEDIUM, Level.STRONG):
                action = choose(view, level, seed=seed)
                assert action in view.legal_actions
                assert choose(view, level, seed=seed) == action
                if other is not None and other.deal != state.deal:
                    assert other.view(seat) == view
                    assert choose(other.view(seat), level, seed=seed) == action
                    swapped += 1
                differs += action != choose(view, Level.EASY, seed=seed)
    assert swapped >= 5
    assert differs >= 3
