"""Computer players, hints, bid limits and the open-hand solver (pure Python, stdlib only).

Depends on `webapp.engine` only and produces no user-facing text: reasons are `HintReason`
values that the web layer translates.

- `choose(view, level, seed=...)`: a computer player's action in any phase, from its seat view.
- `hint(view, seed=...)`: the suggested action with its `HintReason`.
- `bid_limits(cards)`: the sensible games of a hand and the value each reaches.
- `best_line(state)`, `could_have_won(state)`: the best play with all hands open.
- `solver`: `SolverPosition`, the `Solver` protocol, `PySolver` and `get_solver`.
"""

from .hints import Hint, HintReason
from .limits import BidLimit, bid_limits
from .player import Level, choose, hint
from .review import Review, best_line, could_have_won
from .solver import PySolver, SearchLimit, Solver, SolverPosition, get_solver

__all__ = [
    "BidLimit",
    "Hint",
    "HintReason",
    "Level",
    "PySolver",
    "Review",
    "SearchLimit",
    "Solver",
    "SolverPosition",
    "best_line",
    "bid_limits",
    "choose",
    "could_have_won",
    "get_solver",
    "hint",
]
