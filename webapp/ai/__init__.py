"""Computer players, hints, bid limits and the open-hand solver (pure Python, stdlib only).

Depends on `webapp.engine` only and produces no user-facing text: reasons are `HintReason`
values that the web layer translates.

- `choose(view, level, seed=...)`: a computer player's action in any phase, from its seat view.
- `hint(view, seed=...)`: the suggested action with its `HintReason` (`Hint`); for a card, the
  plan the search bears out and the `Odds` of winning the game with it.
- `bid_limits(cards)`: the sensible games of a hand and the value each reaches (`BidLimit`).
- `best_line(state)`, `could_have_won(state)`: the best play with all hands open (`Review`,
  with the `Swing` cards of the real game).
- `solver`: `SolverPosition`, the `Solver` protocol, `PySolver`, `get_solver` and
  `solver_kind` (``"compiled"`` or ``"python"``); `threshold_for(target)`: the solver's threshold
  for what wins a game (`webapp.engine.win_target`).

Modules: `player` (levels, choose, hint), `heuristics` (rules of thumb for every decision),
`search` (sampled worlds solved for cards, Kontra and Re), `ramsch` (Ramsch cards by play-outs in
sampled worlds), `coach` (the card hint: the
search's verdict and the plan it bears out), `contracts`
(the strong declarer's hand, skat and game by search), `worlds` (distributions that fit a
view), `limits` (hand strength, bid limits), `review`, `hints`, `ranks`, `solver`, and
`lieutenant` (Lieutenant Skat's computer players and hints: `choose`, `hint`, from a
`LieutenantView`; import it from `webapp.ai.lieutenant`).
"""

from .hints import Hint, HintReason, Odds
from .limits import BidLimit, bid_limits
from .player import Level, choose, hint
from .review import Review, Swing, best_line, could_have_won
from .solver import (
    PySolver,
    SearchLimit,
    Solver,
    SolverPosition,
    get_solver,
    solver_kind,
    threshold_for,
)

__all__ = [
    "BidLimit",
    "Hint",
    "HintReason",
    "Level",
    "Odds",
    "PySolver",
    "Review",
    "SearchLimit",
    "Solver",
    "SolverPosition",
    "Swing",
    "best_line",
    "bid_limits",
    "choose",
    "could_have_won",
    "get_solver",
    "hint",
    "solver_kind",
    "threshold_for",
]
