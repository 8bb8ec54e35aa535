"""Computer players: always a legal action, in every phase and with every house rule."""

from __future__ import annotations

import pytest

from tests.engine.randomgame import OPTION_SETS
from webapp.ai import Level, choose
from webapp.engine import Deal, GameState, Options, Phase


def play_out(seed: int, options: Options, levels: tuple[Level, Level, Level]) -> GameState:
    """Play a whole hand with three computer players, checking every action."""
    state = GameState.new(Deal.from_seed(seed), options)
    while not state.finished:
        seat = state.to_act
        assert seat is not None
        action = choose(state.view(seat), levels[seat], seed=seed)
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def test_easy_players_only_take_legal_actions_in_every_phase() -> None:
    seen: set[Phase] = set()
    kontra = re = False
    for options in OPTION_SETS:
        for seed in range(40):
            state = play_out(seed, options, (Level.EASY, Level.EASY, Level.EASY))
            replay = GameState.new(state.deal, options)
            for action in state.actions:
                seen.add(replay.phase)
                replay = replay.apply(action)
            kontra = kontra or state.kontra is not None
            re = re or state.re
    assert seen >= {
        Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.RAMSCH, Phase.PUSH,
        Phase.PLAY,
    }
    assert kontra


@pytest.mark.parametrize("options", OPTION_SETS[1:4], ids=range(1, 4))
def test_strong_players_only_take_legal_actions(options: Options) -> None:
    for seed in range(3):
        play_out(seed + 100, options, (Level.STRONG, Level.EASY, Level.STRONG))
