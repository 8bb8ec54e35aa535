"""The computer players of the practice table, as the learner's table needs them.

Stand-in until `webapp.ai` lands: plain, legal and predictable choices from the seat view.
"""

from __future__ import annotations

from webapp.engine import Action, Bid, Hold, Pass, Phase, PickUp, Play, SeatView

LEVELS = ("easy", "strong")
"""The computer players' levels, weakest first."""
DEFAULT_LEVEL = "strong"


def choose(view: SeatView, level: str, *, seed: int) -> Action:
    """Return the computer player's action for its seat view."""
    legal = view.legal_actions
    if view.phase is Phase.BIDDING:
        said = [action.value for _, action in view.auction if isinstance(action, Bid)]
        for action in legal:
            if isinstance(action, Hold) and said[-1] <= 18:
                return action
            if isinstance(action, Bid) and action.value == 18:
                return action
        return next(action for action in legal if isinstance(action, Pass))
    if view.phase is Phase.SKAT:
        return next(action for action in legal if isinstance(action, PickUp))
    plays = [action for action in legal if isinstance(action, Play)]
    return plays[-1] if plays else legal[0]


def hint(view: SeatView, *, seed: int) -> object | None:
    """Return advice for the learner's next decision (none until the computer players land)."""
    return None


def best_line(state: object) -> object | None:
    """Return the best line of a finished hand (none until the solver lands)."""
    return None
