"""After the hand: the best line with all hands open, and whether the declarer could have won.

The answers need a full open-hand search from the first trick: fast with the compiled solver,
seconds with the pure-Python one.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.engine.actions import Play
from webapp.engine.cards import DECK
from webapp.engine.deal import Position
from webapp.engine.game import GameState, Phase
from webapp.engine.rules import GameType
from webapp.engine.score import Settlement

from .solver import THRESHOLDS, Solver, SolverPosition, get_solver

__all__ = ["Review", "best_line", "could_have_won", "opening_position"]


@dataclass(frozen=True, slots=True)
class Review:
    """Could the declarer have won? The answer with all hands open, from the first trick.

    ``best_points`` is the declarer's card points with best play on both sides (None in Null);
    ``line`` the cards of that best play, trick by trick (three cards a trick, fewer when a
    Null ends early); ``declarer_won`` the real result (None while the hand is not over).
    """

    game_type: GameType
    declarer: Position
    could_win: bool
    best_points: int | None
    declarer_won: bool | None
    line: tuple[Play, ...]


def _opening(state: GameState) -> GameState | None:
    """Return the state when the card play began (before the first card), if it did."""
    if state.declarer is None or state.game_type in (None, GameType.RAMSCH):
        return None
    if state.phase not in (Phase.PLAY, Phase.FINISHED):
        return None
    actions = state.actions
    replayed = GameState.new(state.deal, state.options)
    for action in actions:
        if replayed.phase is Phase.PLAY:
            break
        replayed = replayed.apply(action)
    return replayed if replayed.phase is Phase.PLAY else None


def opening_position(state: GameState) -> SolverPosition | None:
    """Return the solver position before the first card of the hand (None without a declarer)."""
    opening = _opening(state)
    return None if opening is None else SolverPosition.from_state(opening)


def _line(solver: Solver, pos: SolverPosition) -> tuple[Play, ...]:
    plays: list[Play] = []
    null = pos.game_type is GameType.NULL
    while not pos.finished:
        values = solver.move_values(pos)
        mine = pos.to_move == pos.declarer
        if null:
            # The declarer wants 0 (clean), the defenders 1.
            best = min(values.values()) if mine else max(values.values())
        else:
            best = max(values.values()) if mine else min(values.values())
        card = max(index for index, value in values.items() if value == best)
        plays.append(Play(DECK[card]))
        before = pos
        pos = pos.play(card)
        if null and not pos.trick and before.trick and pos.leader == pos.declarer:
            break  # the declarer took a trick: the Null is over
    return tuple(plays)


def best_line(state: GameState) -> tuple[Play, ...]:
    """Return the best play from the first trick with all hands open (empty without a declarer).

    Both sides play perfectly for card points (Null: for the declarer's clean sheet); among
    equally good cards the highest is shown.
    """
    pos = opening_position(state)
    if pos is None:
        return ()
    return _line(get_solver(), pos)


def could_have_won(state: GameState) -> Review | None:
    """Return whether the declarer could have won with all hands open (None without a declarer)."""
    pos = opening_position(state)
    declarer = state.declarer
    if pos is None or declarer is None:
        return None
    solver = get_solver()
    line = _line(solver, pos)
    if pos.game_type is GameType.NULL:
        could_win = solver.value(pos) == 0
        best_points = None
    else:
        best_points = solver.value(pos)
        could_win = best_points >= THRESHOLDS[1]
    settlement = state.settlement
    won = settlement.won if isinstance(settlement, Settlement) else None
    return Review(pos.game_type, declarer, could_win, best_points, won, line)
