"""After the hand: the best line with all hands open, and whether the declarer could have won.

Both start from the first trick, with the cards each player held then, and assume best play on
both sides: the declarer makes as many card points as possible, the defenders as few (in Null
the declarer stays clean if it can, the defenders try to catch the declarer). Winning means
what wins this game (`webapp.engine.win_target`): 61 card points, or Schneider or every trick
when announced or when only that reaches the bid. The search is bounded by
`REVIEW_NODE_LIMIT` nodes, in the process that asks: when they run out, `could_have_won`
raises `SearchLimit` (there is no answer, and none must be kept as if it were one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from webapp.engine.actions import Play
from webapp.engine.cards import DECK, Card
from webapp.engine.deal import Position
from webapp.engine.game import GameState, Phase
from webapp.engine.rules import GameType
from webapp.engine.score import Settlement, Target

from .solver import (
    ALL_TRICKS,
    THRESHOLDS,
    PySolver,
    SearchLimit,
    Solver,
    SolverPosition,
    get_solver,
    threshold_for,
)

__all__ = [
    "Review",
    "Swing",
    "swings",
    "best_line",
    "could_have_won",
    "opening_position",
    "REVIEW_NODE_LIMIT",
]

REVIEW_NODE_LIMIT: Final = {"python": 400_000, "compiled": 20_000_000}
"""Nodes a review may search, by solver implementation: a few seconds of a request at most."""


@dataclass(frozen=True, slots=True)
class Swing:
    """A card of the real game that turned a won game into a lost one or back (open hands).

    ``trick`` counts from 1; ``better`` are the cards that would have kept the result.
    """

    trick: int
    position: Position
    card: Card
    better: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """Could the declarer have won? The answer with all hands open, from the first trick.

    ``target`` is what wins this game; ``best_points`` the declarer's card points with best play
    on both sides (None in Null); ``line`` the cards of that best play in order, three to a
    trick (a Null ends early when the declarer takes a trick); ``declarer_won`` the real result
    (None before the hand is over); ``swings`` the real cards that changed the result with best
    play from there on.
    """

    game_type: GameType
    declarer: Position
    could_win: bool
    best_points: int | None
    declarer_won: bool | None
    line: tuple[Play, ...]
    swings: tuple[Swing, ...]
    target: Target


def _opening(state: GameState) -> GameState | None:
    """Return the state when the card play began (before the first card), if it did."""
    if state.declarer is None or state.game_type in (None, GameType.RAMSCH):
        return None
    if state.phase not in (Phase.PLAY, Phase.FINISHED):
        return None
    replayed = GameState.new(state.deal, state.options)
    for action in state.actions:
        if replayed.phase is Phase.PLAY:
            break
        replayed = replayed.apply(action)
    return replayed if replayed.phase is Phase.PLAY else None


def opening_position(state: GameState) -> SolverPosition | None:
    """Return the solver position before the first card of the hand (None without a declarer)."""
    opening = _opening(state)
    return None if opening is None else SolverPosition.from_state(opening)


def _review_solver() -> Solver:
    solver = get_solver()
    kind = "python" if isinstance(solver, PySolver) else "compiled"
    solver.node_limit = REVIEW_NODE_LIMIT[kind]
    return solver


def _caught(before: SolverPosition, after: SolverPosition) -> bool:
    """Return whether this card made the Null declarer take a trick."""
    return (
        before.game_type is GameType.NULL
        and len(before.trick) == 2
        and after.leader == before.declarer
    )


def _keeps(solver: Solver, before: SolverPosition, card: int, target: int) -> bool:
    """Return whether ``card`` keeps the value of the position at ``target`` (best play)."""
    after = before.play(card)
    if before.game_type is GameType.NULL:
        if _caught(before, after):
            return target == 1
        return solver.value(after) == target
    if before.to_move == before.declarer:
        return solver.reaches(after, target)  # never more than the position's value
    return not solver.reaches(after, target + 1)  # never less


def principal_line(solver: Solver, pos: SolverPosition) -> tuple[tuple[Play, ...], int]:
    """Return the best line from ``pos`` and the position's value (see `Solver.value`)."""
    target = solver.value(pos)
    plays: list[Play] = []
    while not pos.finished:
        card = next(card for card in pos.legal_moves() if _keeps(solver, pos, card, target))
        plays.append(Play(DECK[card]))
        after = pos.play(card)
        if _caught(pos, after):
            break
        pos = after
    return tuple(plays), target


def _wins(solver: Solver, pos: SolverPosition, threshold: int) -> bool:
    if pos.game_type is GameType.NULL:
        return solver.value(pos) == 0
    return solver.reaches(pos, threshold)


def swings(
    solver: Solver, start: SolverPosition, plays: list[Card], threshold: int | None = THRESHOLDS[1]
) -> tuple[Swing, ...]:
    """Return the cards of ``plays`` (played from ``start``) that changed the result with best
    play from there on: a won game given away, or a lost one turned round. The declarer wins
    with ``threshold`` (see `Solver.reaches`; Null: with a clean sheet; None: nothing wins, so
    nothing swings)."""
    if threshold is None:
        return ()
    found: list[Swing] = []
    pos = start
    winning = _wins(solver, pos, threshold)
    for number, played in enumerate(plays):
        card = played.index
        after = pos.play(card)
        caught = _caught(pos, after)
        now = False if caught else _wins(solver, after, threshold)
        if now != winning:
            better = []
            for other in pos.legal_moves():
                if other == card:
                    continue
                alternative = pos.play(other)
                if not _caught(pos, alternative) and _wins(solver, alternative, threshold) == winning:
                    better.append(DECK[other])
            trick = (10 - start.tricks_left) + (len(start.trick) + number) // 3 + 1
            found.append(Swing(trick, Position(pos.to_move), played, tuple(better)))
        if caught:
            break
        pos, winning = after, now
    return tuple(found)


def best_line(state: GameState) -> tuple[Play, ...]:
    """Return the best play from the first trick with all hands open.

    Empty without a declarer (Ramsch, passed in, before the play) and when the search is too
    big for the solver in use. Among equally good cards the highest is shown.
    """
    pos = opening_position(state)
    if pos is None:
        return ()
    try:
        return principal_line(_review_solver(), pos)[0]
    except SearchLimit:
        return ()


def could_have_won(state: GameState) -> Review | None:
    """Return whether the declarer could have won with all hands open.

    None without a declarer (Ramsch, passed in, before the play). Raises `SearchLimit` when the
    search needs more than `REVIEW_NODE_LIMIT` nodes.
    """
    pos = opening_position(state)
    declarer = state.declarer
    target = state.target
    if pos is None or declarer is None or target is None:
        return None
    threshold = threshold_for(target)
    settlement = state.settlement
    won = settlement.won if isinstance(settlement, Settlement) else None
    solver = _review_solver()
    line, value = principal_line(solver, pos)
    if pos.game_type is GameType.NULL:
        could_win, best_points = value == 0, None
    elif threshold is None:
        could_win, best_points = False, value
    else:
        # Every trick is not a number of card points: a trick of three low cards may be missing.
        could_win = solver.reaches(pos, threshold) if threshold == ALL_TRICKS else value >= threshold
        best_points = value
    plays = [action.card for action in state.actions if isinstance(action, Play)]
    found = swings(solver, pos, plays, threshold)
    return Review(pos.game_type, declarer, could_win, best_points, won, line, found, target)
