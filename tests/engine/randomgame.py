"""Random legal play for the property tests and the benchmark."""

from __future__ import annotations

import random

from webapp.engine import Deal, GameState, Options

OPTION_SETS: tuple[Options, ...] = (
    Options(),
    Options(ramsch_when_passed=True, kontra_re=True),
    Options(kontra_re=True, kontra_only_if_bid=True, bock=True, players=4),
    Options(ramsch_when_passed=True, schieberamsch=True, grand_hand_in_ramsch=True),
    Options(ramsch=True, schieberamsch=True, push_jacks_allowed=False, skat_to_loser=True),
)


def random_game(seed: int, options: Options = OPTION_SETS[0]) -> list[GameState]:
    """Play a hand with uniformly random legal actions; return every state in order."""
    rng = random.Random(seed)
    state = GameState.new(Deal.from_seed(seed), options)
    states = [state]
    while not state.finished:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states
