"""Computer players and hints: always legal, in every phase, from the seat view only."""

from __future__ import annotations

import pytest

from tests.engine.randomgame import OPTION_SETS
from webapp.ai import Level, choose, hint
from webapp.engine import Deal, GameState, Options


def play_out(seed: int, options: Options, level: Level) -> GameState:
    """Play a whole hand with three computer players, checking every action and hint."""
    state = GameState.new(Deal.from_seed(seed), options)
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        action = choose(view, level, seed=seed)
        assert action in state.legal_actions()
        suggestion = hint(view, seed=seed)
        assert suggestion.action in state.legal_actions()
        state = state.apply(action)
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_easy_players_only_take_legal_actions(options: Options) -> None:
    for seed in range(12):
        play_out(seed, options, Level.EASY)
