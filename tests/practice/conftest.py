"""Practice tests: "could I have won?" answered from the real play, without a long search.

The open-hand search from the first card can take minutes in pure Python; its correctness is
the AI's to test. Here the review is the hand as it was played, which is enough to test how
the page shows it.
"""

from __future__ import annotations

import pytest

from webapp import ai
from webapp.ai.review import Swing
from webapp.engine import GameState, Play, Position, Settlement, Target


def played_review(state: GameState) -> ai.Review | None:
    """Return a review whose line is the play of the hand itself."""
    settlement = state.settlement
    if state.declarer is None or state.game_type is None or not isinstance(settlement, Settlement):
        return None
    line = tuple(action for action in state.actions if isinstance(action, Play))
    return ai.Review(
        state.game_type,
        state.declarer,
        settlement.won,
        settlement.declarer_points,
        settlement.won,
        line,
        (_first_lead_as_swing(state),),
        state.target or Target.WIN,
    )


def _first_lead_as_swing(state: GameState) -> Swing:
    """Name the first card of the hand a swing, with forehand's other cards as the better ones."""
    lead = state.tricks[0].cards[0]
    others = tuple(card for card in state.deal.hands[Position.FOREHAND] if card != lead)[:2]
    return Swing(1, Position.FOREHAND, lead, others)


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answer "could I have won?" with the hand as played."""
    monkeypatch.setattr(ai, "could_have_won", played_review)
