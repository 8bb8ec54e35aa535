"""A seed replays the same computer decisions on every machine: whichever solver is built."""

from __future__ import annotations

import random

import pytest

from webapp.ai import Level, PySolver, choose, get_solver, hint
from webapp.ai.solver import PURE_PYTHON_ENV
from webapp.engine import Action, Bid, Deal, Declare, GameState, GameType, Hold, Pass, PlayHand


def third_trick(seed: int) -> GameState:
    """Return a hand game (Grand or Hearts of forehand) with two tricks played at random."""
    rng = random.Random(seed)
    game = GameType.GRAND if seed % 2 else GameType.HEARTS
    state = GameState.new(Deal.from_seed(seed))
    for action in (Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(game)):
        state = state.apply(action)
    while len(state.tricks) < 3:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def decisions(states: list[GameState]) -> list[tuple[Action, Action]]:
    """Return the strong player's move and the hint's card at each state."""
    found = []
    for state in states:
        assert state.to_act is not None
        view = state.view(state.to_act)
        found.append((choose(view, Level.STRONG, seed=3), hint(view, seed=3).action))
    return found


def test_both_solvers_make_the_same_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven cards in the hand: the pure-Python solver used to leave these to the rules of
    thumb (its settings searched fewer worlds), so the same permalink played other cards."""
    states = [third_trick(seed) for seed in (2, 3, 7, 9)]
    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    assert not isinstance(get_solver(), PySolver), "the compiled solver is built for the tests"
    compiled = decisions(states)
    monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    assert isinstance(get_solver(), PySolver)
    assert decisions(states) == compiled
