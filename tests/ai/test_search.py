"""judge: a decision's cards judged in its worlds, in batches, within its node budgets."""

from __future__ import annotations

import dataclasses
import random

import pytest

from webapp.ai.search import MARGIN, SETTINGS, Judgement, judge
from webapp.ai.solver import THRESHOLDS, PySolver, Solver, answer, get_solver
from webapp.ai.worlds import sample_worlds
from webapp.engine import Bid, Card, Deal, Declare, GameState, GameType, Hold, Pass, PlayHand
from webapp.engine.actions import Play
from webapp.engine.view import SeatView

UNLIMITED = dataclasses.replace(SETTINGS, node_budget=10**12, tiebreak_budget=10**12)


def decision(seed: int, game: GameType, tricks: int) -> SeatView:
    """Return the view of the seat to play after ``tricks`` tricks of random cards (and
    ``seed % 3`` cards of the next), forehand declaring ``game`` hand."""
    rng = random.Random(seed)
    while True:
        state = GameState.new(Deal.from_seed(seed))
        for action in (Bid(18), Hold(), Pass(), Pass(), PlayHand(), Declare(game)):
            state = state.apply(action)
        while not state.finished and (
            len(state.tricks) < tricks or len(state.current_trick.cards) < seed % 3
        ):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.to_act is not None:  # a Null may be lost before: play it again
            return state.view(state.to_act)


def judged(view: SeatView, solver: Solver, settings: object = UNLIMITED) -> Judgement:
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    worlds = sample_worlds(view, 16, random.Random(1))
    return judge(view, worlds, solver, settings, legal)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [GameType.CLUBS, GameType.GRAND, GameType.NULL])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_the_batches_judge_as_the_reference_answers_one_by_one(seed: int, game: GameType) -> None:
    view = decision(seed, game, 6)
    judgement = judged(view, get_solver())
    worlds = [world.position(view) for world in sample_worlds(view, 16, random.Random(1))]
    cards = [group[-1].index for group in judgement.groups]
    reference = PySolver()
    assert judgement.worlds == 16
    expected = [[answer(reference, pos, (card, 61)) for card in cards] for pos in worlds]
    assert judgement.wins == expected
    for group, levels in judgement.levels.items():
        for pos, row, level in zip(worlds, judgement.wins, levels):
            won = row[group]
            schneider = answer(reference, pos, (cards[group], THRESHOLDS[2 if won else 0]))
            assert level == (2 + schneider if won else int(schneider))
    for group, margins in judgement.margins.items():
        for pos, row, margin in zip(worlds, judgement.wins, margins):
            won = row[group]
            clear = answer(reference, pos, (cards[group], THRESHOLDS[1] + (MARGIN if won else -MARGIN)))
            assert margin == 2 * won + clear


def test_a_tie_left_by_the_wins_and_schneider_goes_to_the_clearer_margin() -> None:
    """A clear win counts for the declarer and against the defenders; the wins come first."""
    groups = [[Card.parse(text)] for text in ("CA", "SA", "HA")]
    wins = [[True, True, False], [True, True, True]]
    levels = {0: [2, 2], 1: [2, 2]}
    margins = {0: [3, 2], 1: [2, 2]}
    assert Judgement(groups, True, False, wins, levels, margins).best() == [0]
    assert Judgement(groups, False, False, wins, levels, margins).best() == [2]
    tied = [row[:2] for row in wins]
    assert Judgement(groups[:2], False, False, tied, levels, margins).best() == [1]


def test_a_decision_tied_on_the_wins_is_told_apart_by_its_margins() -> None:
    view = decision(9, GameType.GRAND, 3)
    judgement = judged(view, get_solver())
    assert judgement.margins and set(judgement.margins) <= set(judgement.levels)
    assert all(len(margins) == judgement.worlds for margins in judgement.margins.values())


def test_the_margin_is_not_asked_at_the_first_trick() -> None:
    """At ten cards the margin would cost more time than it is worth: Schneider is the last
    question; with the margin asked, the same decision is told apart further."""
    view = decision(6, GameType.GRAND, 0)
    assert len(view.hand) == 10 > SETTINGS.margin_hand
    first = judged(view, get_solver())
    assert first.levels and not first.margins and len(first.best()) > 1
    asked = judged(view, get_solver(), dataclasses.replace(UNLIMITED, margin_hand=10))
    assert asked.margins and set(asked.best()) < set(first.best())


def test_the_tie_breaks_keep_to_their_own_budget() -> None:
    view = decision(9, GameType.GRAND, 3)
    full = judged(view, get_solver())
    assert full.worlds == 16 and full.levels  # the wins tie: Schneider tells the cards apart
    short = judged(view, get_solver(), dataclasses.replace(UNLIMITED, tiebreak_budget=0))
    assert short.wins == full.wins and not short.levels


def test_a_tie_break_cut_short_tells_the_cards_apart_in_the_worlds_it_reached() -> None:
    view = decision(9, GameType.GRAND, 3)
    wins_only = get_solver()
    judged(view, wins_only, dataclasses.replace(UNLIMITED, tiebreak_budget=0))
    whole = get_solver()
    full = judged(view, whole)
    half = (whole.nodes - wins_only.nodes) // 2
    short = judged(view, get_solver(), dataclasses.replace(UNLIMITED, tiebreak_budget=half))
    assert short.wins == full.wins and short.levels.keys() == full.levels.keys()
    reached = {len(levels) for levels in short.levels.values()}
    assert len(reached) == 1 and 0 < min(reached) < 16
    for group, levels in short.levels.items():
        assert levels == full.levels[group][: len(levels)]


def test_the_worlds_judged_are_the_first_that_fit_the_budget() -> None:
    view = decision(8, GameType.SPADES, 2)
    solver = get_solver()
    full = judged(view, solver)
    limited = get_solver()
    limited.node_limit = solver.nodes // 3
    judgement = judged(view, limited)
    assert 0 < judgement.worlds < 16
    assert judgement.wins == full.wins[: judgement.worlds]
