"""Practice tests: "could I have won?" answered from the real play, without a long search.

The open-hand search from the first card can take minutes in pure Python; its correctness is
the AI's to test. Here the review is the hand as it was played, which is enough to test how
the page shows it.
"""

from __future__ import annotations

import pytest

from webapp import ai
from webapp.engine import GameState, Play, Settlement


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
    )


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answer "could I have won?" with the hand as played."""
    monkeypatch.setattr(ai, "could_have_won", played_review)
