"""The practice table: the learner's seat, two computer players, and the hand as a replay.

Pure game flow on top of the engine: apply the learner's decision, let the computer players
move (each from its own seat view) up to the learner's next decision, take decisions back.
Nothing here knows about requests or templates.
"""

from __future__ import annotations

from webapp.engine import Action, Deal, GameState, Options, Position, SeatView
from webapp.practice import players
from webapp.tables.model import advance as advance_table, move_seed

__all__ = ["move_seed", "start", "advance", "act", "last_decision", "undo", "computer"]


def start(seed: int, seat: Position | None, level: str, *, players: int = 3) -> GameState:
    """Return a new hand of deal ``seed`` advanced to the learner's first decision.

    At a four-table (``players``) the learner who deals (``seat`` None) sits out: the computer
    players play the whole hand.
    """
    return advance(GameState.new(Deal.from_seed(seed), Options(players=players)), seat, level, seed)


def computer(view: SeatView, level: str, seed: int) -> Action:
    """Return a computer player's action (the chooser the table model asks)."""
    return players.choose(view, level, seed=seed)


def advance(state: GameState, seat: Position | None, level: str, seed: int) -> GameState:
    """Let the computer players move until the learner must decide or the hand is over.

    The practice table is a table with one person: the table model's flow moves the others
    (all of them while the learner sits out, ``seat`` None).
    """
    return advance_table(state, () if seat is None else (seat,), level=level, seed=seed, choose=computer)


def act(state: GameState, seat: Position, action: Action, level: str, seed: int) -> GameState:
    """Apply the learner's ``action`` and the computer players' answers.

    Raises `IllegalAction` (and changes nothing) when the rules refuse the action.
    """
    return advance(state.apply(action, by=seat), seat, level, seed)


def last_decision(state: GameState, seat: Position) -> int | None:
    """Return the index of the learner's last action, or None before their first."""
    history = state.history()  # recorded with the actions: no replay
    for index in range(len(history) - 1, -1, -1):
        if history[index][0] == seat:
            return index
    return None


def undo(state: GameState, seat: Position) -> GameState | None:
    """Return the hand before the learner's last decision, or None if there is none to take back."""
    index = last_decision(state, seat)
    if index is None:
        return None
    return GameState.replay(state.deal, state.actions[:index], state.options)
