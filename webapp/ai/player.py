"""The computer players and the learner's hints: one decision for the seat to act.

Both work from a `SeatView` only. `Level.EASY` plays by rules of thumb; `Level.STRONG` searches
sampled card distributions with the open-hand solver where the search is affordable and falls
back to the rules of thumb elsewhere. Everything is deterministic for a given seed.
"""

from __future__ import annotations

from enum import Enum

from webapp.engine.actions import Action
from webapp.engine.game import Phase
from webapp.engine.view import SeatView

from .heuristics import decide
from .hints import Hint
from .search import card_hint, strong_card

__all__ = ["Level", "choose", "hint"]


class Level(Enum):
    """How well a computer player plays."""

    EASY = "easy"
    """Rules of thumb."""
    STRONG = "strong"
    """Search over sampled card distributions."""


def _check(view: SeatView) -> None:
    if view.to_act != view.position or not view.legal_actions:
        raise ValueError("it is not this seat's turn")


def _card_phase(view: SeatView, principle: Hint) -> bool:
    """Return whether the decision is which card to play (no Kontra or Re chosen)."""
    from webapp.engine.actions import Play

    return view.phase is Phase.PLAY and isinstance(principle.action, Play)


def choose(view: SeatView, level: Level, *, seed: int) -> Action:
    """Return the computer player's action for the seat to act (deterministic per seed)."""
    _check(view)
    principle = decide(view)
    if level is Level.STRONG and _card_phase(view, principle):
        return strong_card(view, seed).action
    return principle.action


def hint(view: SeatView, *, seed: int) -> Hint:
    """Return the suggested action for the learner's seat, with its reason."""
    _check(view)
    principle = decide(view)
    if _card_phase(view, principle):
        return card_hint(view, seed)
    return principle
