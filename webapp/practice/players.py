"""The computer players and the coach of the practice table: `webapp.ai`, as the table needs it.

Every call gets a seat view, never the whole hand; the review after the hand is the only call
that sees all cards, and only once the hand is over.
"""

from __future__ import annotations

import logging

from webapp import ai
from webapp.engine import Action, CardSet, GameState, SeatView

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = tuple(level.value for level in ai.Level)
"""The computer players' levels, weakest first, as stored with a hand."""
DEFAULT_LEVEL = ai.Level.STRONG.value


def choose(view: SeatView, level: str, *, seed: int) -> Action:
    """Return the computer player's action for its seat view.

    Should a computer player fail, the hand goes on with its first legal action (and the
    failure is logged): the learner's game must not stop with an error page.
    """
    try:
        return ai.choose(view, ai.Level(level), seed=seed)
    except Exception:
        log.exception("computer player failed at %s; playing its first legal action", view.phase)
        return view.legal_actions[0]


def hint(view: SeatView, *, seed: int) -> ai.Hint | None:
    """Return the coach's advice for the learner's next decision, from the learner's view.

    None when the coach fails (logged): the page then says it has no advice.
    """
    try:
        return ai.hint(view, seed=seed)
    except Exception:
        log.exception("hint failed at %s", view.phase)
        return None


def bid_limits(cards: CardSet) -> tuple[ai.BidLimit, ...]:
    """Return the games the learner's ten cards can play and the value each reaches."""
    try:
        return ai.bid_limits(cards)
    except Exception:
        log.exception("bid limits failed")
        return ()


def review(state: GameState) -> ai.Review | None:
    """Return "could the declarer have won?" with all hands open; only for a finished hand."""
    if not state.finished:
        raise ValueError("the hand is not over")
    return ai.could_have_won(state)
